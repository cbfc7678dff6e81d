package tui

import (
	"errors"
	"fmt"
	"slices"

	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/coach/win"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The coach that plays to win (issue 22) in the Zehntausend-family turn
// panel: beside the points of the turn (coach_family.go) the chance to win
// of the player on turn from the game's totals (coach/win), of a stop, of
// throwing on and of each keep, the best marked; at "advice" a line where
// the best for the points is not the best for the win; the score table's
// column Win where the screen is wide enough. The table of a rule set is
// built (or read from its cache file) off the UI goroutine; until it is
// there the points coach shows alone and the screen is redrawn when it
// arrives.

// winCache is where the view gets its win tables (tests: their own).
var winCache winTables = sharedWinTables{}

// winTables is what the view needs of coach/win.
type winTables interface {
	// Solver is the win solver of r (an error: none, the points coach stays).
	Solver(r *validate.Rules) (*win.Solver, error)
	// Build builds or loads the solver's table; it may take seconds.
	Build(s *win.Solver) (*win.Table, error)
}

// sharedWinTables are the process's solvers with their files in the user's
// cache directory.
type sharedWinTables struct{}

func (sharedWinTables) Solver(r *validate.Rules) (*win.Solver, error) { return win.For(r) }
func (sharedWinTables) Build(s *win.Solver) (*win.Table, error)       { return s.Table() }

// winCoach is the view's state of the win coach.
type winCoach struct {
	solved  bool // solver and err are set
	solver  *win.Solver
	err     error
	started bool // the table is being built

	// The positions before a turn by their totals and seat (winStart),
	// and those being found.
	starts  map[string]winStartOf
	finding map[string]bool

	// The score table's column Win: its heading and a chance per seat, in
	// column col (left out where it does not fit).
	column []string
	col    int
}

// winSolver is the win solver of the game's rules, nil where there is none.
func (v *familyView) winSolver() *win.Solver {
	if !v.win.solved {
		v.win.solved = true
		v.win.solver, v.win.err = winCache.Solver(v.rules())
	}
	return v.win.solver
}

// winTable is the game's win table, nil while the coach is off, where
// there is none, or while it is built (the first call starts that).
func (v *familyView) winTable() *win.Table {
	if v.p.coach() == storage.CoachOff || v.rueckwaerts() {
		return nil
	}
	s := v.winSolver()
	if s == nil {
		return nil
	}
	if t := s.Ready(); t != nil {
		return t
	}
	if !v.win.started {
		v.win.started = true
		app, tables := v.p.ui.app, winCache
		go func() {
			tables.Build(s) // an error leaves Ready nil: the points coach stays
			app.QueueUpdateDraw(func() {
				if p, ok := v.p.ui.top().(*play); ok && p == v.p {
					p.refresh()
				}
			})
		}()
	}
	return nil
}

// winStart is the position before the current turn, as advise --totals
// finds it: every written total in seat order (5000: 0 = not entered) and
// the seat on turn; the table says what follows (the final round and its
// end, 5000's entry, a state no game reaches). Finding it is a pass over a
// whole turn (a millisecond, more for large rule sets), so it runs off the
// UI goroutine: ok is false until it is there, then the screen is drawn
// again. The last few are kept (undo, a player coming back).
func (v *familyView) winStart(t *win.Table, g *scoresheet.Game) (win.Position, bool) {
	totals, seat := g.Totals(), g.Seat()
	key := fmt.Sprintf("%p %v %d", t, totals, seat)
	if st, ok := v.win.starts[key]; ok {
		return st.p, st.ok
	}
	if v.win.finding[key] {
		return win.Position{}, false
	}
	if v.win.finding == nil {
		v.win.finding = map[string]bool{}
	}
	v.win.finding[key] = true
	app := v.p.ui.app
	go func() {
		p, err := t.Start(totals, seat)
		app.QueueUpdateDraw(func() {
			delete(v.win.finding, key)
			if len(v.win.starts) >= winStartsKept {
				v.win.starts = nil
			}
			if v.win.starts == nil {
				v.win.starts = map[string]winStartOf{}
			}
			v.win.starts[key] = winStartOf{p: p, ok: err == nil}
			v.redrawIfOnTop()
		})
		if err != nil || !p.Exact() || len(totals) < 3 {
			return
		}
		// The final round of three or more: every player's chance follows
		// the mover's turn with every player's value (coach/win's follow
		// table, built here on first use: a second for a round with two
		// later seats), then the column Win shows them all.
		p.Chances()
		app.QueueUpdateDraw(func() {
			if st, ok := v.win.starts[key]; ok {
				st.all = true
				v.win.starts[key] = st
				v.redrawIfOnTop()
			}
		})
	}()
	return win.Position{}, false
}

// redrawIfOnTop draws the view's screen again where it is the one shown.
func (v *familyView) redrawIfOnTop() {
	if top, ok := v.p.ui.top().(*play); ok && top == v.p {
		top.refresh()
	}
}

// winAllChances reports whether every player's chance of the turn's
// start is there to read without waiting (two players and the turns
// before the final round: always; the final round of three or more: once
// winStart has built them).
func (v *familyView) winAllChances(p win.Position) bool {
	g := v.game()
	if len(g.Players) == 2 || !p.Exact() {
		return true
	}
	key := fmt.Sprintf("%p %v %d", v.winTable(), g.Totals(), g.Seat())
	return v.win.starts[key].all
}

// winStartsKept is how many turns' starts a view keeps.
const winStartsKept = 16

type winStartOf struct {
	p  win.Position
	ok bool
	// all: every player's chance is built (the final round of three or
	// more; winAllChances).
	all bool
}

// winPosition is the point of the turn on screen in the win coach; ok is
// false where it says nothing (the points coach may still speak).
func (v *familyView) winPosition() (win.Position, bool) {
	t := v.winTable()
	g := v.game()
	if t == nil || g.Finished() {
		return win.Position{}, false
	}
	p0, ok := v.winStart(t, g)
	if !ok {
		return win.Position{}, false
	}
	ctx := validate.TurnContext{Entered: g.Totals()[g.Seat()] > 0}
	fp, _, _, err := p0.Family().Table().Replay(ctx, turnThrows(g))
	if err != nil {
		return win.Position{}, false
	}
	p := p0.At(fp)
	if p.Over() {
		return win.Position{}, false
	}
	return p, true
}

// turnThrows are the throws of the current turn as the engine takes them.
func turnThrows(g *scoresheet.Game) []validate.Throw {
	es := g.Entries()
	var throws []validate.Throw
	for _, e := range es[len(es)-g.TurnEntries():] {
		switch e.Kind {
		case scoresheet.EntryThrow:
			throws = append(throws, validate.Throw{Roll: e.Roll, Keep: e.Keep, FivesAsOnes: e.FivesAsOnes})
		case scoresheet.EntryVoid:
			throws = append(throws, validate.Throw{Void: true})
		}
	}
	return throws
}

// winLines are the win coach's lines of the turn panel, after the points
// coach's.
func (v *familyView) winLines() []panelLine {
	p, ok := v.winPosition()
	if !ok {
		return nil
	}
	w := v.words()
	approx := !p.Exact()
	if v.pending != nil {
		return v.winPendingLines(p)
	}
	throw := p.Share(p.ThrowWin())
	stop, can := p.StopWin()
	if !can {
		return []panelLine{line(w.WinNow(throw, approx), rankCoach)}
	}
	stop = p.Share(stop)
	ls := []panelLine{{rank: rankCoach, forms: []string{
		w.WinChoices(stop, throw, approx, true), w.WinChoices(stop, throw, approx, false)}}}
	if v.p.coach() != storage.CoachAdvice || v.stopForfeits() {
		// A stop that does not bank the points is not advised by the
		// points coach (see coachLines): nothing to set against.
		return ls
	}
	if pointsStop, winStop := p.Family().ShouldStop(), p.ShouldStop(); pointsStop != winStop {
		ls = append(ls, line("[::b]"+w.WinDiffer(pointsStop, winStop)+"[::-]", rankCoach))
	}
	return ls
}

// winKeepList are the chances to win of the listed keeps of the pending
// throw (by position in v.options), the best and whether they are
// approximate; wins is nil where the win coach says nothing.
type winKeepList struct {
	wins   []win.KeepWin
	best   int
	approx bool
}

func (v *familyView) winKeeps() winKeepList {
	none := winKeepList{best: -1}
	if v.pending == nil {
		return none
	}
	p, ok := v.winPosition()
	if !ok {
		return none
	}
	ks, err := p.Keeps(v.pending)
	if err != nil || len(ks) == 0 {
		return none
	}
	out := winKeepList{wins: make([]win.KeepWin, len(v.options)), best: -1, approx: !p.Exact()}
	bestW := 0.0 // the best keep's figure in the solver's own order
	for i, k := range v.options {
		j := slices.IndexFunc(ks, func(a win.KeepWin) bool { return keyOf(a.Keep) == keyOf(k) })
		if j < 0 {
			return none
		}
		out.wins[i] = ks[j]
		// The share of the game, as the review gives it (win.Position.Share;
		// exact figures as they are); its order is W's.
		out.wins[i].Win = p.Share(ks[j].Win)
		// The best by the solver's figure, not by the share shown (before
		// the final round the share of one keep was compared with the
		// two-player figure of the next, so the last keep always won).
		if out.best < 0 || ks[j].Win > bestW {
			out.best, bestW = i, ks[j].Win
		}
	}
	return out
}

// winPendingLines: the chance to win with this throw (its best keep's) and,
// at "advice", where the best keep for the points is not the best for the
// win (or what follows it differs), a line that says so.
func (v *familyView) winPendingLines(p win.Position) []panelLine {
	wk := v.winKeeps()
	wins, best := wk.wins, wk.best
	if wins == nil {
		return nil
	}
	w := v.words()
	ls := []panelLine{line(w.WinNow(wins[best].Win, wk.approx), rankCoach)}
	if v.p.coach() != storage.CoachAdvice {
		return ls
	}
	values, pbest := v.coachKeeps()
	if values == nil || best >= len(keepLetters) || pbest >= len(keepLetters) {
		return ls
	}
	if pbest == best && values[pbest].Stop == wins[best].Stop {
		return ls
	}
	pl, wl := string(keepLetters[pbest]), string(keepLetters[best])
	pd, wd := v.keepDice(v.options[pbest], true), v.keepDice(v.options[best], true)
	if pbest == best {
		wd = "" // the same keep: named once
	}
	return append(ls, panelLine{rank: rankCoach, forms: []string{
		"[::b]" + w.WinDifferKeep(pl, pd, values[pbest].Stop, wl, wd, wins[best].Stop) + "[::-]",
		"[::b]" + w.WinDifferKeep(pl, "", values[pbest].Stop, wl, "", wins[best].Stop) + "[::-]"}})
}

// keepCoachNote is the coach's note on keep i of the list: the points
// coach's (coachKeepNote) and, where the win coach speaks, the keep's
// chance to win; ◀ then marks the best for the win (the best for the
// points stays strong).
func keepCoachNote(values []family.KeepAdvice, best int, wk winKeepList, i int, w say.P) string {
	if wk.wins == nil {
		return coachKeepNote(values, best, i)
	}
	note := w.Percent(wk.wins[i].Win, wk.approx)
	if i == wk.best {
		note = "[::b]" + note + " ◀[::-]"
	}
	if values == nil {
		return note
	}
	pts := fmt.Sprintf("⌀%d", coachPoints(values[i].Value))
	if i == best {
		pts = "[::b]" + pts + "[::-]"
	}
	return pts + " " + note
}

// winChances are the chances to win of every seat shown in the score
// table: the player on turn's from here, for two players the other's its
// complement; nil where the win coach says nothing.
func (v *familyView) winChances() []string {
	p, ok := v.winPosition()
	if !ok {
		return nil
	}
	g := v.game()
	seat := g.Seat()
	now, cs := p.Share(p.Win()), p.Chances
	if wk := v.winKeeps(); wk.wins != nil {
		// The throw is known: its best keep.
		k := v.options[wk.best]
		now = wk.wins[wk.best].Win
		if q, err := p.After(k); err == nil {
			cs = q.Chances
		}
	}
	approx := !p.Exact()
	out := make([]string, len(g.Players))
	pct := func(x float64) string {
		// A chance that is not certain never reads 0 % or 100 % (the
		// bound, without ≈, as say.Percent); a certain one is not marked
		// approximate.
		s := v.words().Decimal(100*x, 0) + "\u00a0%"
		switch {
		case x == 0 || x == 1:
			return s
		case x > 0 && x < 0.005:
			return "<1\u00a0%"
		case x < 1 && x >= 0.995:
			return ">99\u00a0%"
		}
		if approx {
			s = "≈" + s
		}
		return s
	}
	switch {
	case len(out) == 2:
		out[seat], out[1-seat] = pct(now), pct(1-now)
	case approx:
		// Three or more before the final round: every player's share of
		// the game, as the review gives it (win.Position.Share); the mover certain
		// of the win or the loss: the others share what is left.
		all := cs()
		if all == nil {
			out[seat] = pct(now)
			break
		}
		for i, x := range all {
			switch {
			case now == 1:
				x = 0
			case now == 0 && len(out) > 1:
				x /= 1 - all[seat]
			}
			out[i] = pct(x)
		}
		out[seat] = pct(now)
	case v.winAllChances(p):
		// The final round (exact), every player's chance built: each
		// seat's, after the best keep where the throw is known.
		for i, x := range cs() {
			out[i] = pct(x)
		}
		out[seat] = pct(now)
	default:
		// The final round while every player's chance is being built:
		// the mover's own.
		out[seat] = pct(now)
	}
	return out
}

// winColumn is the column Win of the score table (refreshScores): its
// heading and a chance per seat; fitWinColumn puts it in where it fits.
func (v *familyView) winColumn() {
	v.win.column = nil
	if chances := v.winChances(); chances != nil {
		v.win.column = append([]string{v.words().WinColumn()}, chances...)
		v.win.col = v.scores.GetColumnCount()
	}
}

// winPanelMin is how many columns the turn panel keeps beside the score
// table with its column Win: on a narrower screen (60×20) the column is
// left out rather than the coach's lines wrapped into more rows.
const winPanelMin = 40

// fitWinColumn puts the column Win into the score table for a screen of
// width (before fitColumns gives the table its width): where the table
// with it, names as wide as their heading, leaves the turn panel
// winPanelMin columns; else it is left out.
func (v *familyView) fitWinColumn(width int) {
	t, col := v.scores, v.win.col
	if v.win.column == nil || t.GetColumnCount() < col {
		return
	}
	if t.GetColumnCount() > col {
		t.RemoveColumn(col)
	}
	seat := v.game().Seat()
	for r, s := range v.win.column {
		st := styleNormal
		switch {
		case r == 0:
			st = styleCurrent
		case r-1 == seat:
			st = styleCurrent.Reverse(true)
		}
		c := cell(s, st, tview.AlignRight)
		if r == 0 {
			c.SetSelectable(false)
		}
		t.SetCell(r, col, c)
	}
	if t.needs() > width-winPanelMin {
		t.RemoveColumn(col)
	}
}

// winHelpNote explains the chance to win on the help screen, once: what
// it is; exact for two players (minus: what is counted); for three or more
// players coach/win's approximation; none where the rules have no table
// (and why); the points alone while the table is being built.
func (v *familyView) winHelpNote() string {
	if v.rueckwaerts() {
		return ""
	}
	w := v.words()
	s := v.winSolver()
	var un *win.Unsupported
	switch {
	case errors.As(v.win.err, &un):
		return w.WinHelpNone(esc(un.Text(v.lang == validate.German))) + "\n"
	case s == nil:
		return ""
	}
	g := v.game()
	note := w.WinHelp(g.Rules.EarlierSeatWinsTies())
	if len(g.Players) == 2 {
		note += " " + w.WinHelpExact(esc(w.WinMethod(s.Note())))
	} else {
		// The start found off the UI goroutine (a final round of four or
		// more players takes a second to find): the help never waits.
		if t := s.Ready(); t != nil && !g.Finished() {
			key := fmt.Sprintf("%p %v %d", t, g.Totals(), g.Seat())
			if st, ok := v.win.starts[key]; ok && !st.ok {
				return note + " " + w.WinHelpPointsOnly() + "\n"
			}
		}
		note += " " + w.WinHelpMany()
	}
	if s.Ready() == nil {
		note += " " + w.WinHelpBuilding()
	}
	return note + "\n"
}
