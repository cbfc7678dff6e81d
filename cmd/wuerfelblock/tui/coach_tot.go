package tui

import (
	"fmt"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/coach/dreissig"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The coach in the Dreißig-tot panel: at Chancen every player's exact
// chance to win under best play by all (2 … 4 players, hundert), or, with
// other numbers of players, what the turn is worth in pips (taken from the
// Vordermann minus lost); at Rat also the best keep of the throw waiting
// for its keep and every keep's value, or before a throw how many dice the
// best keep sets aside.

// dreissigCache holds the tables: nil for the process-wide one, with its
// files in the user's cache directory (made on first use, not when the
// package starts: a test must be able to point it elsewhere first); tests
// keep theirs in memory.
var dreissigCache dreissigTables

// dreissigTablesNow is the cache the view uses.
func dreissigTablesNow() dreissigTables {
	if dreissigCache == nil {
		return dreissig.Shared()
	}
	return dreissigCache
}

// dreissigTables is what the view needs of a dreissig.Cache.
type dreissigTables interface {
	// Table builds or loads a table; building takes seconds (4 players).
	Table(n int, hundert bool) *dreissig.Table
	// Ready returns the table if it is there now.
	Ready(n int, hundert bool) (*dreissig.Table, bool)
}

// totCoach is the coach's state in the view: the table is built (or
// loaded) in the background, never in the UI's goroutine; the coach of the
// current position is kept until the position changes.
type totCoach struct {
	started bool
	key     string
	c       *dreissig.Coach
}

// coachOf is the coach of the position between turns (the accounts the
// engine has now, the seat to move); nil while the table is not ready, ok
// false when the coach says nothing.
func (v *totView) coachOf() (c *dreissig.Coach, ok bool) {
	g := v.game()
	if !v.dreissig() || v.p.coach() == storage.CoachOff || g.Finished() {
		return nil, false
	}
	n, hundert := len(g.Players), g.Rules.Options.Hundert
	key := fmt.Sprint(g.Totals(), g.Seat())
	if v.coachState.key == key && v.coachState.c != nil {
		return v.coachState.c, true
	}
	if dreissig.Covers(n, hundert) {
		tb, ready := dreissigTablesNow().Ready(n, hundert)
		if !ready {
			v.startTable(n, hundert)
			return nil, true
		}
		if a := rotatedAccounts(g.Totals(), g.Seat()); tb.Valid(a) {
			v.coachState.key, v.coachState.c = key, tb.For(a)
			return v.coachState.c, true
		}
	}
	v.coachState.key, v.coachState.c = key, dreissig.Points(n)
	return v.coachState.c, true
}

func rotatedAccounts(tot []int, seat int) []int {
	a := make([]int, len(tot))
	for i := range a {
		a[i] = tot[(seat+i)%len(tot)]
	}
	return a
}

// startTable builds the table in the background once, then redraws.
func (v *totView) startTable(n int, hundert bool) {
	if v.coachState.started {
		return
	}
	v.coachState.started = true
	app, tables := v.p.ui.app, dreissigTablesNow()
	go func() {
		tables.Table(n, hundert)
		app.QueueUpdateDraw(func() {
			if p, ok := v.p.ui.top().(*play); ok && p == v.p {
				v.refresh()
			}
		})
	}()
}

// coachValue writes a value for people: a chance in per cent, or pips.
func (v *totView) coachValue(c *dreissig.Coach, x float64) string {
	if c.Exact() {
		return v.words().Decimal(100*x, 1) + "\u00a0%"
	}
	s := v.words().Decimal(x, 1)
	if x >= 0 {
		s = "+" + s
	}
	return s
}

// coachLines are the coach's lines of the turn panel.
func (v *totView) coachLines() []panelLine {
	c, on := v.coachOf()
	if !on {
		return nil
	}
	if c == nil {
		return []panelLine{line("[::d]"+v.tr("Computing advice…", "Der Trainer rechnet…")+"[::-]", rankCoach)}
	}
	dt := v.game().DreissigTurn()
	ls := []panelLine{line(strings.TrimSuffix(v.coachChances(c, dt), "\n"), rankCoach)}
	if v.p.coach() == storage.CoachAdvice {
		if a := v.coachAdvice(c, dt); len(a.forms) > 0 {
			ls = append(ls, a)
		}
	}
	return ls
}

// coachChances is the line at Chancen: every player's chance (the mover
// first), or the turn's value in pips.
func (v *totView) coachChances(c *dreissig.Coach, dt *validate.DreissigTurn) string {
	var value float64
	var win []float64
	switch target := validate.DreissigResult(dt.Sum()).Target; {
	case dt.Attacking():
		value, win = c.AttackValue(target, dt.Taken(), dt.AttackLive()), c.AttackChances(target, dt.Taken(), dt.AttackLive())
	default:
		value, win = c.Value(dt.InCup(), dt.Sum()), c.Chances(dt.InCup(), dt.Sum())
	}
	if !c.Exact() {
		return fmt.Sprintf(v.tr("Coach: the turn is worth %s pips with best play (pips taken minus lost; no chances with %d players).\n",
			"Trainer: der Zug ist bei bestem Spiel %s Augen wert (genommene minus verlorene; keine Chancen bei %d Spielern).\n"),
			v.coachValue(c, value), len(v.game().Players))
	}
	g := v.game()
	var parts []string
	for i, w := range dreissig.BySeat(win, g.Seat()) {
		s := esc(g.Players[i]) + "\u00a0" + v.coachValue(c, w)
		if i == g.Seat() {
			s = "[::b]" + s + "[::-]"
		}
		parts = append(parts, s)
	}
	return v.tr("Coach: chance to win ", "Trainer: Gewinnchance ") + strings.Join(parts, " · ") + "\n"
}

// coachAdvice is the line at Rat: the best keep of the pending throw and
// every keep's value, or before a throw how many dice the best keep sets
// aside. Where the panel is too small for every keep, its shorter forms
// show the best ones that fit and how many more there are ("+12
// weitere"), down to the advice alone.
func (v *totView) coachAdvice(c *dreissig.Coach, dt *validate.DreissigTurn) panelLine {
	if dt.Attacking() || dt.Aside() == dreissig.Dice {
		return panelLine{}
	}
	if v.pending == nil && dt.InCup() == 1 {
		return panelLine{} // no choice: the last die goes aside ("in 100 % der Würfe 1 Würfel")
	}
	if v.pending == nil {
		counts := c.BestCount(dt.InCup(), dt.Sum())
		best := 1
		for k := range counts {
			if counts[k] > counts[best] {
				best = k
			}
		}
		return line(fmt.Sprintf(v.tr("Advice: the best keep sets %s aside in %s of throws.", "Rat: die beste Auswahl legt in %[2]s der Würfe %[1]s zur Seite."),
			v.dice(best), v.words().Decimal(100*counts[best], 0)+"\u00a0%"), rankCoach)
	}
	ks := c.Keeps(dt.InCup(), dt.Sum(), v.pending)
	var others []string
	for _, k := range ks[1:] {
		others = append(others, strings.ReplaceAll(validate.FormatDice(k.Dice), " ", "")+"\u00a0"+v.coachValue(c, k.Value))
	}
	s := fmt.Sprintf(v.tr("Advice: [::b]%s aside[::-] (%s)", "Rat: [::b]%s zur Seite[::-] (%s)"),
		validate.FormatDice(ks[0].Dice), v.coachValue(c, ks[0].Value))
	forms := make([]string, 0, len(others)+1)
	for n := len(others); n >= 0; n-- {
		f := s
		if n > 0 {
			// "·" ends a row, never starts one.
			f += v.tr("; others: ", "; sonst: ") + strings.Join(others[:n], "\u00a0· ")
		}
		if rest := len(others) - n; rest > 0 {
			sep := "\u00a0· "
			if n == 0 {
				sep = "; "
			}
			f += sep + fmt.Sprintf(v.tr("+%d\u00a0more", "+%d\u00a0weitere"), rest)
		}
		forms = append(forms, f)
	}
	return panelLine{forms: forms, rank: rankCoach}
}
