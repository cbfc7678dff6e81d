package review

import (
	"errors"
	"fmt"
	"slices"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Win is what a review needs of the win solver (coach/win): the chance to
// win of the player on turn.
type Win interface {
	// Start is the position before the turn of seat (0-based) with every
	// player's written total in seat order (5000: 0 = not entered). An
	// error with a Text(bool) method says in both languages why there is
	// none (steigerung, a ziel too large, three or more players).
	Start(r *validate.Rules, totals []int, seat int) (WinPosition, error)
}

// WinPosition is a point of a turn with the game around it.
type WinPosition interface {
	Win() float64                        // the chance to win from here under best play by both
	ThrowWin() float64                   // throwing on now
	StopWin() (float64, bool)            // stopping now; ok false where it is not allowed
	Keeps(roll []int) ([]WinKeep, error) // every legal keep with its chance, best first
	After(k validate.Keep) (WinPosition, error)
	AfterVoid() WinPosition
	Exact() bool
	// Every player's chance by seat, summing to 1 (the mover's is Win(),
	// ThrowWin(), StopWin()): from here, after stopping, after throwing on.
	Chances() []float64
	StopChances() ([]float64, bool)
	ThrowChances() []float64
}

// WinKeep is a legal keep with the chance to win after it.
type WinKeep struct {
	Keep validate.Keep
	Win  float64
}

// winState follows every player's chance to win through the game.
type winState struct {
	on     bool
	win    Win       // v.Win, bound to the game's rules where it can be (winBinder)
	cur    []float64 // each seat's chance to win now
	next   WinPosition
	nextAt int // the turn whose start next is
	// starts are the latest turn starts by seat and totals: where both
	// players bust, a seat's turn starts where its last one did (5000:
	// both not entered yet, again and again), and the same position is
	// taken again instead of a new pass of the turn.
	starts [startsKept]winStart
	last   int
	// pre: the game's turn starts, known before the walk (prepareStarts),
	// made a window at a time (preStart).
	pre *preStarts
}

// preStarts are a game's turn starts: each distinct one once (totals,
// seats; last: the last turn that starts there), and by turn its index.
// They are made startsAhead at a time, from the first not made yet
// (next), and handed back two turns after their last (live: made, not
// handed back yet).
type preStarts struct {
	win    winStarter
	totals [][]int
	seats  []int
	last   []int
	turnOf []int
	made   []WinPosition
	next   int
	live   []int
}

// startsAhead is how many turn starts a review makes at once: two groups
// of coach/win's four side by side, few enough for their tables to stay
// in the cache and be reused (Release) by the next ones.
const startsAhead = 8

// startsKept is how many turn starts a review keeps: the two before the
// last are the ones that come back after two busts.
const startsKept = 3

type winStart struct {
	seat   int
	totals []int
	p      WinPosition
}

// startAt is the position before the turn of seat at totals, from the
// starts kept or from the win solver.
func (w *walker) startAt(totals []int, seat int) (WinPosition, error) {
	ws := &w.ws
	for _, s := range ws.starts {
		if s.p != nil && s.seat == seat && slices.Equal(s.totals, totals) {
			return s.p, nil
		}
	}
	p, err := ws.win.Start(w.g.Rules, totals, seat)
	if err != nil {
		return nil, err
	}
	ws.last = (ws.last + 1) % startsKept
	if old := ws.starts[ws.last].p; old != nil {
		w.release(old)
	}
	ws.starts[ws.last] = winStart{seat: seat, totals: slices.Clone(totals), p: p}
	return p, nil
}

// releaseStarts: the review hands its old turn starts back (off only in
// the test that compares reviews with and without).
var releaseStarts = true

// winReleaser is a Win whose positions' turn tables may be handed back for
// later starts to reuse (coach/win's Table.Release).
type winReleaser interface {
	Release(r *validate.Rules, p WinPosition)
}

// release hands back the turn start p leaves the kept starts: the review
// is past its turn (the start just made is the next turn's; the current
// turn's positions are not used after its end), so nothing uses it again.
func (w *walker) release(p WinPosition) {
	if rl, ok := w.ws.win.(winReleaser); ok && releaseStarts {
		rl.Release(w.g.Rules, p)
	}
}

// winStarter is a Win that makes many turn starts at once (coach/win's
// Table.StartsAll: their turn tables side by side, the same positions as one
// at a time); nil for one it leaves to Start.
type winStarter interface {
	Starts(r *validate.Rules, totals [][]int, seats []int) ([]WinPosition, error)
}

// prepareStarts finds every turn start of the game before the walk, for
// preStart to make them several at once: the game's turns (OfGame) or the
// entries replayed on a sheet of their own (Of) give each turn's totals
// and seat. Where that fails (an entry the rules refuse, a start the
// solver refuses) the walk makes its starts one at a time and says what is
// wrong.
func (w *walker) prepareStarts() {
	ws, ok := w.ws.win.(winStarter)
	if !ok {
		return
	}
	var totals [][]int
	var seats, turnOf []int
	index := map[string]int{}
	var key []byte
	add := func(t []int, seat int) {
		key = fmt.Appendf(key[:0], "%d %v", seat, t)
		k := string(key)
		i, ok := index[k]
		if !ok {
			i = len(totals)
			index[k] = i
			totals, seats = append(totals, t), append(seats, seat)
		}
		turnOf = append(turnOf, i)
	}
	if g := w.whole; g != nil {
		// Turn k starts at the totals after turn k − 1 (the walk's sheet,
		// at turn 0 now, has the first); the last one, where the game
		// goes on, is the turn now.
		add(w.g.Totals(), w.g.Seat())
		turns := g.Turns()
		for k := 1; k < len(turns) || k == len(turns) && !g.Finished(); k++ {
			seat := g.Seat()
			if k < len(turns) {
				seat = turns[k].Seat
			}
			add(turns[k-1].Totals, seat)
		}
	} else if !w.replayStarts(add) {
		return
	}
	pre := &preStarts{win: ws, totals: totals, seats: seats, turnOf: turnOf,
		last: make([]int, len(totals)), made: make([]WinPosition, len(totals))}
	for turn, i := range turnOf {
		pre.last[i] = turn
	}
	w.ws.pre = pre
}

// replayStarts replays the entries on a sheet of their own and adds each
// turn's start; false where it cannot.
func (w *walker) replayStarts(add func(totals []int, seat int)) bool {
	g, err := scoresheet.New(w.g.Rules, w.g.Players)
	if err != nil {
		return false
	}
	add(g.Totals(), g.Seat())
	for _, e := range w.entries {
		n := g.NumTurns()
		if g.Finished() || g.Apply(e) != nil {
			break
		}
		switch {
		case g.NumTurns() == n || g.Finished():
		case g.NumTurns() == n+1:
			add(g.Totals(), g.Seat())
		default:
			return false
		}
	}
	return true
}

// preStart is the start of turn at totals and seat from the starts known
// before the walk, made with the next ones where it is not made yet (nil:
// none, the walk makes it); the starts two turns behind are handed back.
func (w *walker) preStart(turn int, totals []int, seat int) WinPosition {
	pre := w.ws.pre
	if pre == nil || turn >= len(pre.turnOf) {
		return nil
	}
	i := pre.turnOf[turn]
	if pre.seats[i] != seat || !slices.Equal(pre.totals[i], totals) {
		return nil
	}
	live := pre.live[:0]
	for _, j := range pre.live {
		if pre.last[j]+2 <= turn {
			w.release(pre.made[j])
			pre.made[j] = nil
			continue
		}
		live = append(live, j)
	}
	pre.live = live
	if i >= pre.next {
		end := min(pre.next+startsAhead, len(pre.totals))
		if len(pre.totals)-end < startsAhead/2 {
			// The last few with these: a final round's starts (the game's
			// last, and its longest turns: coach/win lays them side by
			// side by their length) in one call.
			end = len(pre.totals)
		}
		ps, err := pre.win.Starts(w.g.Rules, pre.totals[pre.next:end], pre.seats[pre.next:end])
		if err != nil {
			w.ws.pre = nil // one at a time: the walk says what is wrong
			return nil
		}
		for k, p := range ps {
			if p != nil {
				pre.made[pre.next+k] = p
				pre.live = append(pre.live, pre.next+k)
			}
		}
		pre.next = end
	}
	return pre.made[i]
}

// winDone hands back the starts made before the walk: the review is over.
func (w *walker) winDone() {
	if pre := w.ws.pre; pre != nil {
		for _, j := range pre.live {
			w.release(pre.made[j])
		}
	}
	w.ws.pre = nil
}

// winBinder is a Win that finds its table for a rule set once (a review
// asks it for every turn start).
type winBinder interface {
	Bind(r *validate.Rules) Win
}

// texter is an error that has its text in both languages.
type texter interface{ Text(de bool) string }

// winOff switches the win review off with the reason of err.
func (w *walker) winOff(err error) {
	w.ws.on = false
	w.rv.Win = false
	var t texter
	if errors.As(err, &t) {
		w.rv.WinNote = Note{t.Text(false), t.Text(true)}
		return
	}
	w.rv.WinNote = Note{"no chance to win: " + err.Error(), "keine Gewinnchance: " + err.Error()}
}

// initWin switches the win review on where it can be made: the
// Zehntausend family, a win solver that covers the rules.
func (w *walker) initWin() {
	rv := w.rv
	if !rv.Reviewed || !isFamily(w.g.Rules.Game) || w.v.Win == nil {
		return
	}
	if n := w.v.WinFinalPlayers; n > 0 && len(rv.Players) > n && w.g.Rules.Variant().End == validate.EndFinalRound {
		rv.WinNote = Note{fmt.Sprintf("More than %d players with a final round: the stored review keeps the points (the exact chances of such a final round take seconds a turn); `wuerfelblock review` gives the chance to win.", n),
			fmt.Sprintf("Mehr als %d Spieler mit letzter Runde: die gespeicherte Auswertung bleibt bei den Punkten (die exakten Chancen einer solchen letzten Runde brauchen Sekunden je Zug); `wuerfelblock review` gibt die Gewinnchance.", n)}
		return
	}
	w.ws.on, rv.Win, rv.WinExact = true, true, true
	w.ws.win = w.v.Win
	if b, ok := w.v.Win.(winBinder); ok {
		w.ws.win = b.Bind(w.g.Rules)
	}
	w.prepareStarts()
	p, err := w.winStartOf(0)
	if err != nil {
		w.winOff(err)
		return
	}
	w.ws.cur = p.Chances()
	for seat := range rv.Players {
		rv.Players[seat].WinStart = w.ws.cur[seat]
	}
	if len(rv.Players) > 2 {
		rv.WinNote = Note{"Three or more players: the chances to win are exact in the final round; before it they are approximated (each player's two-player chance against their strongest other player, the mover's as the coach values its play, normalised to add up to 1), so the figures are not exact.",
			"Drei oder mehr Spieler: die Gewinnchancen sind in der letzten Runde exakt; davor sind sie genähert (jeder Spieler mit seiner Zwei-Spieler-Chance gegen seinen stärksten Gegner, der am Zug so, wie der Trainer sein Spiel bewertet, auf zusammen 1 normiert), die Zahlen sind also nicht exakt."}
	}
}

// winStartOf is the position before the game's turn number turn (the
// current totals and seat), computed once.
func (w *walker) winStartOf(turn int) (WinPosition, error) {
	if w.ws.next != nil && w.ws.nextAt == turn {
		return w.ws.next, nil
	}
	totals, seat := w.g.Totals(), w.g.Seat()
	p := w.preStart(turn, totals, seat)
	if p == nil {
		var err error
		if p, err = w.startAt(totals, seat); err != nil {
			return nil, err
		}
	}
	if !p.Exact() {
		w.rv.WinExact = false
	}
	w.ws.next, w.ws.nextAt = p, turn
	return p, nil
}

// winTurnStart is the position before the turn of seat; nil when the win
// review is off.
func (w *walker) winTurnStart(turn, seat int) WinPosition {
	if !w.ws.on {
		return nil
	}
	p, err := w.winStartOf(turn)
	if err != nil {
		w.winOff(err)
		return nil
	}
	return p
}

// winTo moves every player's chance to next. A change is luck, but what
// the decision of seat (−1: none) cost it is its loss.
func (w *walker) winTo(next []float64, seat int, loss float64) {
	for i, v := range next {
		p := &w.rv.Players[i]
		d := v - w.ws.cur[i]
		if i == seat {
			p.WinLoss += loss
			d += loss
		}
		p.WinLuck += d
		w.ws.cur[i] = v
	}
}

// winLuck: a throw or another turn's start moved every chance to next.
func (w *walker) winLuck(next []float64) { w.winTo(next, -1, 0) }

// winDecide is a decision of seat worth chosen (every player's chance)
// where best (the mover's chance of the best choice) was possible: its loss is what it cost
// seat; every other player's change is their luck.
func (w *walker) winDecide(seat int, d *Decision, best float64, chosen []float64, bestChoice Choice) {
	loss := w.ws.cur[seat] - chosen[seat]
	w.winTo(chosen, seat, loss)
	if d != nil {
		d.HasWin, d.WinLoss, d.WinChosen, d.WinBest, d.WinBestChoice = true, loss, chosen[seat], best, bestChoice
		d.Differs = (d.Loss > lossEpsilon) != (loss > lossEpsilon)
	}
}

// winTurnEnd: the entry just applied ended seat's turn; the chances after
// it are the game's result or the next turn's start. After a stop they must
// be what the stop was worth where the chances are exact (the table is
// consistent): a difference is kept for the tests (WinGap); it is counted
// as luck, so that the identity holds (before the final round with three
// or more players the approximation's parts differ there).
func (w *walker) winTurnEnd(seat int, stopped bool) {
	if !w.ws.on {
		return
	}
	g := w.g
	if g.Finished() {
		res := make([]float64, len(g.Players))
		for i := range res {
			res[i] = result(g, i)
		}
		w.winEnd(res, stopped)
		w.winResults()
		return
	}
	p, err := w.winStartOf(g.NumTurns())
	if err != nil {
		w.winOff(err)
		return
	}
	w.winEnd(p.Chances(), stopped)
}

func (w *walker) winEnd(next []float64, stopped bool) {
	if stopped && w.stopExact {
		for i, v := range next {
			d := v - w.ws.cur[i]
			w.rv.winGap = max(w.rv.winGap, d, -d)
		}
	}
	w.winLuck(next)
}

// result is seat's share of the win of a finished game: 1, 1/2 shared, 0.
func result(g *scoresheet.Game, seat int) float64 {
	ws := g.Winners()
	for _, s := range ws {
		if s == seat {
			return 1 / float64(len(ws))
		}
	}
	return 0
}

func (w *walker) winResults() {
	for seat := range w.rv.Players {
		w.rv.Players[seat].Result = result(w.g, seat)
	}
}

// winThrow reviews a scoring throw that left the turn running: its luck
// (the best keep's chances against throwing) and the keep chosen. It
// returns the position after the keep.
func (w *walker) winThrow(seat int, wp WinPosition, roll []int, keep validate.Keep, d *Decision) (WinPosition, error) {
	keeps, err := wp.Keeps(roll)
	if err != nil {
		return nil, err
	}
	if len(keeps) == 0 {
		return nil, fmt.Errorf("review: the win solver sees a bust the engine does not")
	}
	bp, err := wp.After(keeps[0].Keep)
	if err != nil {
		return nil, err
	}
	best := bp.Chances()
	w.winLuck(best)
	q, err := wp.After(keep)
	if err != nil {
		return nil, err
	}
	if len(keeps) > 1 {
		w.winDecide(seat, d, best[seat], q.Chances(), keepChoice(keeps[0].Keep))
	}
	return q, nil
}

// winStop reviews stop or throw on after a keep (stop: the next entry).
func (w *walker) winStop(seat int, wq WinPosition, stop bool, d *Decision) {
	sv, ok := wq.StopWin()
	if !ok {
		return
	}
	tv := wq.ThrowWin()
	tc := wq.ThrowChances()
	sc, _ := wq.StopChances()
	chosen := tc
	if stop {
		chosen = sc
	}
	w.stopExact = wq.Exact() || len(w.g.Players) == 2 // two players: minus's table is consistent too
	w.winDecide(seat, d, max(sc[seat], tc[seat]), chosen, Choice{Stop: sv >= tv})
}

// WinGap is the largest difference found between the end of a turn and the
// start of the next (0 for a consistent table; tests check it).
func (r *Review) WinGap() float64 { return r.winGap }
