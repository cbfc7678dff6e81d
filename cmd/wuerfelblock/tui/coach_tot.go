package tui

import (
	"fmt"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/coach/dreissig"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
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

// keptIn is a cache of tables that names the folder its files are kept in
// (a test's stand-in; the process's dreissig.Cache has its Dir).
type keptIn interface{ KeptIn() string }

// computingNote says what the coach waits for while its table is built:
// which table, that it is built once and where it is kept (in the words of
// the command line's note, buildnote.go), roughly how long it takes and
// that the game goes on meanwhile. It said only "Der Trainer rechnet…",
// for over a minute with four players on a busy machine.
func (v *totView) computingNote() string {
	g := v.game()
	n, hundert := len(g.Players), g.Rules.Options.Hundert
	name := dreissig.TableName(n, hundert)
	dir := ""
	switch c := dreissigTablesNow().(type) {
	case *dreissig.Cache:
		dir = c.Dir
	case keptIn:
		dir = c.KeptIn()
	}
	where := v.tr("it is kept", "sie wird aufbewahrt")
	if dir != "" {
		where = fmt.Sprintf(v.tr("it is kept in %s", "sie wird in %s aufbewahrt"), esc(scoresheet.SafeText(dir)))
	}
	long := v.tr("it takes a few seconds", "das dauert einige Sekunden")
	if n == dreissig.MaxPlayers && !hundert {
		// 16–20 CPU-s on the development machine, over a minute on a busy one.
		long = v.tr("it takes from 20 seconds to a minute or more", "das dauert 20 Sekunden bis eine Minute oder länger")
	}
	return fmt.Sprintf(v.tr("Coach: computing %s (once: %s); %s. Play on meanwhile: the coach shows once it is there.",
		"Trainer: berechne %s (einmalig: %s); %s. Einfach weiterspielen: der Trainer erscheint, sobald sie fertig ist."),
		v.tr(name.EN, name.DE), where, long)
}

// coachValue writes a value for people: a chance in per cent, or pips.
func (v *totView) coachValue(c *dreissig.Coach, x float64) string {
	if c.Exact() {
		return v.words().Decimal(100*x, 1) + "\u00a0%"
	}
	// A true minus and no "−0,0" (five players showed "-0.0", "-0.7").
	return plus(v.words().Number(x, 1))
}

// coachLines are the coach's lines of the turn panel.
func (v *totView) coachLines() []panelLine {
	c, on := v.coachOf()
	if !on {
		return nil
	}
	if c == nil {
		return []panelLine{line("[::d]"+v.computingNote()+"[::-]", rankCoach)}
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
	// A throw waiting for its keep: the position given that throw (its
	// best keep's), not the one before it, and said so. The points view
	// has no chances (nil): whether the value is set is said by its own
	// flag (five players showed the value before the throw "with this
	// throw", and during an attack the value before it).
	value, win, set, thrown := 0.0, []float64(nil), false, false
	switch target := validate.DreissigResult(dt.Sum()).Target; {
	case dt.Attacking():
		value, win, set = c.AttackValue(target, dt.Taken(), dt.AttackLive()), c.AttackChances(target, dt.Taken(), dt.AttackLive()), true
	case v.pending != nil:
		if ks := c.Keeps(dt.InCup(), dt.Sum(), v.pending); len(ks) > 0 {
			value, win, set, thrown = ks[0].Value, ks[0].Chances, true, true
		}
	}
	if !set {
		value, win = c.Value(dt.InCup(), dt.Sum()), c.Chances(dt.InCup(), dt.Sum())
	}
	if !c.Exact() {
		if thrown {
			return fmt.Sprintf(v.tr("Coach: with this throw the turn is worth %s pips with the best keep (pips taken minus lost; no chances with %d players).\n",
				"Trainer: mit diesem Wurf ist der Zug bei bester Auswahl %s Augen wert (genommene minus verlorene; keine Chancen bei %d Spielern).\n"),
				v.coachValue(c, value), len(v.game().Players))
		}
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
	if thrown {
		return v.tr("Coach: with this throw (best keep) chance to win ", "Trainer: mit diesem Wurf (beste Auswahl) Gewinnchance ") + strings.Join(parts, " · ") + "\n"
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
		// The dice as the best keep and the throw write them ("6 5",
		// not "65"), held together with their value.
		others = append(others, strings.ReplaceAll(validate.FormatDice(k.Dice), " ", "\u00a0")+"\u00a0("+v.coachValue(c, k.Value)+")")
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
