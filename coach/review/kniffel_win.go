package review

import (
	"slices"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// KniffelWinFrom is the first round of Kniffel whose decisions are also
// rated by the chance to finish first (coach/kniffel's end game: at most
// three open boxes). Before it the expected points stand.
const KniffelWinFrom = 11

// KniffelWin is what a review needs of the Kniffel end game: every hold
// and box of a turn in the last three rounds by the chance to finish
// first, the others playing the rest by the best expected points.
type KniffelWin interface {
	// FinalDist is the distribution of the final total of a player whose
	// sheet is b and total (bonuses included) total, who plays the rest for
	// the best expected points; an error where there is none (more than
	// three open boxes).
	FinalDist(r *validate.Rules, b validate.KniffelBoxes, total int) (kniffel.Dist, error)
	// WinTurn is the turn of the player on sheet b at total against the
	// others' final totals (FinalDist of each).
	WinTurn(r *validate.Rules, b validate.KniffelBoxes, total int, others []kniffel.Dist) (KniffelWinTurn, error)
}

// KniffelWinTurn values the stages of one turn by the chance to finish
// first (0–1), as KniffelTurn does by points.
type KniffelWinTurn interface {
	Value() float64 // before the turn's first throw
	ThrowValue(held validate.Counts, throwsLeft int) float64
	RollValue(dice validate.Counts, throwsLeft int) float64
	// Holds lists every hold with its chance, best first.
	Holds(dice validate.Counts, throwsLeft int) []KniffelWinHold
	// Boxes lists every box the dice may go in now with its chance, best first.
	Boxes(dice validate.Counts) []KniffelBox
}

// KniffelWinHold is a hold with the chance to finish first after it.
type KniffelWinHold struct {
	Dice validate.Counts
	Win  float64
}

// kniffelWin asks coach/kniffel's end game.
type kniffelWin struct {
	solver func(*validate.Rules) *kniffel.Solver
}

func (k kniffelWin) FinalDist(r *validate.Rules, b validate.KniffelBoxes, total int) (kniffel.Dist, error) {
	return k.solver(r).FinalDist(b, total)
}

func (k kniffelWin) WinTurn(r *validate.Rules, b validate.KniffelBoxes, total int, others []kniffel.Dist) (KniffelWinTurn, error) {
	t, err := k.solver(r).WinTurn(b, total, others)
	if err != nil {
		return nil, err
	}
	return kniffelWinTurn{t}, nil
}

type kniffelWinTurn struct{ t *kniffel.WinTurn }

func (t kniffelWinTurn) Value() float64 { return t.t.Value() }

func (t kniffelWinTurn) ThrowValue(held validate.Counts, throwsLeft int) float64 {
	return t.t.ThrowValue(held, throwsLeft)
}

func (t kniffelWinTurn) RollValue(dice validate.Counts, throwsLeft int) float64 {
	return t.t.RollValue(dice, throwsLeft)
}

func (t kniffelWinTurn) Holds(dice validate.Counts, throwsLeft int) []KniffelWinHold {
	hs := t.t.Holds(dice, throwsLeft)
	out := make([]KniffelWinHold, len(hs))
	for i, h := range hs {
		out[i] = KniffelWinHold{Dice: h.Dice, Win: h.Win}
	}
	return out
}

func (t kniffelWinTurn) Boxes(dice validate.Counts) []KniffelBox {
	bs := t.t.Boxes(dice)
	out := make([]KniffelBox, len(bs))
	for i, b := range bs {
		out[i] = KniffelBox{Category: b.Category, Value: b.Win}
	}
	return out
}

// kniffelEndNote says what the chance to win of Kniffel's last rounds
// assumes (docs/REVIEW.md).
var kniffelEndNote = Note{
	"From round 11 on the decisions are also rated by the chance to finish first (a shared first place shared), the other players taken to play their remaining boxes for the best expected points; exact under that assumption.",
	"Ab Runde 11 werden die Entscheidungen auch nach der Chance bewertet, als Erster zu enden (ein geteilter erster Platz geteilt); angenommen ist, dass die anderen ihre restlichen Felder auf die besten erwarteten Punkte spielen; unter dieser Annahme exakt.",
}

// kniffelWinState follows every player's chance to finish first through
// Kniffel's last three rounds: at the start of round 11 (WinStart), then at
// the start and end of each of their turns; what changes it between two of
// their own decisions is luck (their throws, the others' throws and play).
type kniffelWinState struct {
	on         bool
	cur        []float64 // each seat's chance at its last turn boundary
	start      float64   // the mover's chance at the start of the turn
	lossInTurn float64   // the mover's win loss so far in the turn
	// dists: each seat's final distribution, kept while its sheet and
	// total stay (it depends on nothing else): a seat's changes once a turn,
	// but every other seat's turn asks for it.
	dists []seatDist
}

// keepDists: finalDist keeps the distributions (off only in the test that
// compares the review with and without).
var keepDists = true

// seatDist is a seat's final distribution on sheet b at total.
type seatDist struct {
	ok    bool
	b     validate.KniffelBoxes
	total int
	d     kniffel.Dist
}

// kniffelWinTurn is the end-game turn of seat now: nil before round 11,
// for a game of one, or without the valuer. The first one starts the win
// review: every player's chance at the start of round 11.
func (w *walker) kniffelWinTurn(seat int) KniffelWinTurn {
	g := w.g
	if w.v.KniffelWin == nil || len(g.Players) < 2 || g.NumTurns()/len(g.Players)+1 < KniffelWinFrom {
		return nil
	}
	t, err := w.winTurnOf(seat)
	if err != nil {
		return nil
	}
	rv, kw := w.rv, &w.kw
	if !kw.on {
		kw.on, kw.cur = true, make([]float64, len(g.Players))
		rv.Win, rv.WinExact, rv.WinFrom, rv.WinNote = true, true, KniffelWinFrom, kniffelEndNote
		for j := range g.Players {
			if j == seat {
				kw.cur[j] = t.Value()
				continue
			}
			o, err := w.winTurnOf(j)
			if err != nil {
				return nil
			}
			kw.cur[j] = o.Value()
		}
		for j, c := range kw.cur {
			rv.Players[j].WinStart = c
		}
	}
	kw.start, kw.lossInTurn = t.Value(), 0
	rv.Players[seat].WinLuck += kw.start - kw.cur[seat] // the others' turns since the mover's last
	return t
}

// winTurnOf is the end-game turn of seat on the sheets now.
func (w *walker) winTurnOf(seat int) (KniffelWinTurn, error) {
	g := w.g
	totals := g.Totals()
	others := make([]kniffel.Dist, 0, len(g.Players)-1)
	for j := range g.Players {
		if j == seat {
			continue
		}
		d, err := w.finalDist(j, g.Boxes(j), totals[j])
		if err != nil {
			return nil, err
		}
		others = append(others, d)
	}
	return w.v.KniffelWin.WinTurn(g.Rules, g.Boxes(seat), totals[seat], others)
}

// finalDist is seat's final distribution on sheet b at total, computed
// once while they stay.
func (w *walker) finalDist(seat int, b validate.KniffelBoxes, total int) (kniffel.Dist, error) {
	kw := &w.kw
	if !keepDists {
		return w.v.KniffelWin.FinalDist(w.g.Rules, b, total)
	}
	if kw.dists == nil {
		kw.dists = make([]seatDist, len(w.g.Players))
	}
	if sd := &kw.dists[seat]; sd.ok && sd.b == b && sd.total == total {
		return sd.d, nil
	}
	d, err := w.v.KniffelWin.FinalDist(w.g.Rules, b, total)
	if err != nil {
		return kniffel.Dist{}, err
	}
	kw.dists[seat] = seatDist{ok: true, b: b, total: total, d: d}
	return d, nil
}

// kniffelWinScored ends the mover's turn in box c with dice: its chance
// now, and the turn's luck (what changed it besides the decisions); at the
// game's end every player's result and the luck since their last turn.
func (w *walker) kniffelWinScored(seat int, t KniffelWinTurn, dice validate.Counts, c validate.Category) {
	kw := &w.kw
	end := 0.0
	for _, b := range t.Boxes(dice) {
		if b.Category == c {
			end = b.Value
		}
	}
	w.rv.Players[seat].WinLuck += end - kw.start + kw.lossInTurn
	kw.cur[seat] = end
	if !w.g.Finished() {
		return
	}
	winners := w.g.Winners()
	for j := range w.rv.Players {
		p := &w.rv.Players[j]
		if slices.Contains(winners, j) {
			p.Result = 1 / float64(len(winners))
		}
		p.WinLuck += p.Result - kw.cur[j]
	}
}

// rateWin gives decision d its figures by the chance to win: chosen and
// best chance, the loss, and the choice best for the win (the best on
// points where that is as good).
func (w *walker) rateWin(d *Decision, chosen, best float64, bestChoice Choice) {
	d.HasWin, d.WinChosen, d.WinBest, d.WinLoss = true, chosen, best, max(0, best-chosen)
	d.WinBestChoice = bestChoice
	d.Differs = (d.Loss > lossEpsilon) != (d.WinLoss > lossEpsilon)
	w.rv.Players[d.Seat].WinLoss += d.WinLoss
	w.kw.lossInTurn += d.WinLoss
}

// kniffelWinHold rates the hold of dice (held; all five: standing) with
// left throws still allowed.
func (w *walker) kniffelWinHold(d *Decision, t KniffelWinTurn, dice, held validate.Counts, left int) {
	chosen := t.RollValue(dice, 0)
	if held != dice {
		chosen = t.ThrowValue(held, left-1)
	}
	hs := t.Holds(dice, left)
	best := Choice{Dice: hs[0].Dice.Pips()}
	for _, h := range hs {
		if h.Win < hs[0].Win-lossEpsilon {
			break
		}
		if p := h.Dice.Pips(); slices.Equal(p, d.Best.Dice) {
			best = Choice{Dice: p}
		}
	}
	w.rateWin(d, chosen, hs[0].Win, best)
}

// kniffelWinBox rates writing dice in box c.
func (w *walker) kniffelWinBox(d *Decision, t KniffelWinTurn, dice validate.Counts, c validate.Category) {
	bs := t.Boxes(dice)
	var chosen float64
	best := Choice{Box: bs[0].Category.ID()}
	for _, b := range bs {
		if b.Category == c {
			chosen = b.Value
		}
		if b.Value >= bs[0].Value-lossEpsilon && b.Category.ID() == d.Best.Box {
			best = d.Best
		}
	}
	w.rateWin(d, chosen, bs[0].Value, best)
}
