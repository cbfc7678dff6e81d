package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/coach/win"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// winFields are what --totals adds to every answer of advise (issue 22):
// the chance to win (null where the rules have no win table), whether it
// is exact and how it was found.
//
// Before the final round with three or more players every chance is the
// player's share of the game (coach/win's Position.Share, as the app and
// the review give it: three equal players about a third each), marked
// "exact": false; win_two_player is the two-player figure against the
// strongest other it comes from.
type winFields struct {
	Win          *float64 `json:"win"`
	Exact        bool     `json:"exact"`
	Method       string   `json:"method"`
	WinTwoPlayer *float64 `json:"win_two_player,omitempty"`
}

type winTurn struct {
	adviseTurn
	winFields
}

type winStop struct {
	adviseStop
	winFields
	WinStop  *float64 `json:"win_stop"`
	WinThrow *float64 `json:"win_throw"`
}

type winKeep struct {
	adviseKeep
	Win     float64 `json:"win"`
	WinThen string  `json:"win_then"` // after the keep, best for the win: "stop" or "throw"
}

type winKeeps struct {
	Keeps  []winKeep `json:"keeps"`
	Bust   bool      `json:"bust,omitempty"`
	Banked *int      `json:"banked,omitempty"`
	winFields
}

// chance rounds a probability to eight decimals.
func chance(x float64) *float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 8, 64), 64)
	return &v
}

// percent writes a chance for people: one decimal and a % sign.
func (e *env) percent(x float64) string { return e.decimal(100*x, 1) + " %" }

// parseTotals reads --totals T1,T2[,…] and --seat N (1-based).
func (e *env) parseTotals(s string, seat int) ([]int, int, bool) {
	var totals []int
	for _, f := range strings.Split(s, ",") {
		x, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			fmt.Fprintf(e.stderr, "wuerfelblock advise: %s\n", fmt.Sprintf(e.tr("--totals: %q is not a total (T1,T2,… in seat order)", "--totals: %q ist kein Stand (T1,T2,… in Sitzreihenfolge)"), f))
			return nil, 0, false
		}
		totals = append(totals, x)
	}
	if len(totals) < 2 {
		fmt.Fprintln(e.stderr, "wuerfelblock advise: "+e.tr("--totals: give every player's total, at least two (T1,T2,…)", "--totals: den Stand jedes Spielers angeben, mindestens zwei (T1,T2,…)"))
		return nil, 0, false
	}
	if seat < 1 || seat > len(totals) {
		fmt.Fprintf(e.stderr, "wuerfelblock advise: %s\n", fmt.Sprintf(e.tr("--seat %d: there are %d players", "--seat %d: es sind %d Spieler"), seat, len(totals)))
		return nil, 0, false
	}
	return totals, seat - 1, true
}

// adviseWin is advise with --totals: the points advice with the chance to
// win beside it.
func (e *env) adviseWin(fs *family.Solver, rules *validate.Rules, totalsFlag string, seatFlag, previous int, toks []string, asJSON bool) int {
	totals, seat, ok := e.parseTotals(totalsFlag, seatFlag)
	if !ok {
		return exitInput
	}
	// --previous (steigerung, which has no win table): the points advice
	// of the fallback stops above it.
	ctx := validate.TurnContext{Entered: totals[seat] > 0, Previous: previous}
	tb := fs.Table(ctx)
	var throws []adviseThrow
	if len(toks) > 0 {
		var code int
		if throws, code, ok = e.parseAdviseThrows(toks); !ok {
			return code
		}
	}
	ws, err := win.For(rules)
	var un *win.Unsupported
	if errors.As(err, &un) {
		return e.adviseWinFallback(tb, ctx, rules, throws, un, asJSON)
	}
	if err != nil {
		return e.fail("advise", err)
	}
	t, err := ws.Table()
	if err != nil {
		return e.fail("advise", err)
	}
	p0, err := t.Start(totals, seat)
	var se *win.StateError
	if errors.As(err, &se) {
		fmt.Fprintln(e.stderr, "wuerfelblock advise: "+e.tr("--totals: ", "--totals: ")+se.Text(e.lang == validate.German))
		return exitInput
	}
	if err != nil {
		return e.fail("advise", err)
	}
	// The turn itself in the points coach of the same context.
	tb = p0.Family().Table()
	if len(throws) == 0 {
		return e.adviseWinTurn(tb, rules, p0, asJSON)
	}
	return e.adviseWinThrows(tb, ctx, p0, throws, asJSON)
}

// fieldsOf: the fields for p's figure v (its share where approximate).
func fieldsOf(p win.Position, v float64) winFields {
	f := winFields{Win: chance(p.Share(v)), Exact: p.Exact(), Method: p.Method()}
	if !p.Exact() {
		f.WinTwoPlayer = chance(v)
	}
	return f
}

func (e *env) adviseWinTurn(tb *family.Table, rules *validate.Rules, p win.Position, asJSON bool) int {
	if asJSON {
		out := winTurn{adviseTurn: turnAdvice(tb, rules), winFields: fieldsOf(p, p.Win())}
		e.printJSON(out)
		return exitOK
	}
	code := e.adviseWholeTurn(tb, rules, false)
	fmt.Fprintf(e.stdout, e.tr("Chance to win before the turn: %s (%s).\n", "Gewinnchance vor dem Zug: %s (%s).\n"), e.percent(p.Share(p.Win())), e.methodWord(p))
	return code
}

func turnAdvice(tb *family.Table, rules *validate.Rules) adviseTurn {
	out := adviseTurn{TurnValue: round2(tb.TurnValue()), StopAt: map[string]int{}}
	for n := 1; n <= rules.Dice(); n++ {
		if p, ok := tb.StopAt(n); ok {
			out.StopAt[strconv.Itoa(n)] = p
		}
	}
	return out
}

func (e *env) methodWord(p win.Position) string {
	if p.Exact() {
		return e.tr("exact", "genau")
	}
	return e.tr("approximate: ", "genähert: ") + p.Method()
}

func (e *env) adviseWinThrows(tb *family.Table, ctx validate.TurnContext, p0 win.Position, throws []adviseThrow, asJSON bool) int {
	played, last := playedThrows(throws)
	fp, ft, bad, err := tb.Replay(ctx, played)
	if err != nil {
		return e.replayFailed(err, bad, throws[bad].typed)
	}
	p := p0.At(fp)
	if last.hasKeep {
		return e.adviseWinAfter(p, ft, asJSON)
	}
	return e.adviseWinKeeps(p, ft, last.th.Roll, e.throwName(len(throws), last.typed), asJSON)
}

func (e *env) adviseWinAfter(p win.Position, ft *validate.FamilyTurn, asJSON bool) int {
	fp := p.Family()
	if banked, over := fp.Over(); over {
		return e.adviseWinOver(p, ft, banked, asJSON)
	}
	out := winStop{adviseStop: adviseStop{Throw: round2(fp.ThrowValue())}, winFields: fieldsOf(p, p.Win())}
	if v, ok := fp.StopValue(); ok {
		out.Stop = &v
	}
	if w, ok := p.StopWin(); ok {
		out.WinStop = chance(p.Share(w))
	}
	out.WinThrow = chance(p.Share(p.ThrowWin()))
	if asJSON {
		e.printJSON(out)
		return exitOK
	}
	e.adviseAfter(fp, ft, false)
	fmt.Fprintln(e.stdout, e.winLine(p))
	if w, ok := p.StopWin(); ok && (w >= p.ThrowWin()) != fp.ShouldStop() {
		fmt.Fprintln(e.stdout, e.differLine(fp.ShouldStop(), w >= p.ThrowWin()))
	}
	return exitOK
}

// winLine: "Gewinnchance 41,3 % · schreiben 38,0 % · weiter 44,2 % → besser weiter".
func (e *env) winLine(p win.Position) string {
	line := fmt.Sprintf(e.tr("Chance to win %s", "Gewinnchance %s"), e.percent(p.Share(p.Win())))
	w, ok := p.StopWin()
	if !ok {
		line += fmt.Sprintf(e.tr(" · throw on %s (no stop)", " · weiter %s (schreiben nicht erlaubt)"), e.percent(p.Share(p.ThrowWin())))
	} else {
		line += fmt.Sprintf(e.tr(" · stop %s · throw on %s", " · schreiben %s · weiter %s"), e.percent(p.Share(w)), e.percent(p.Share(p.ThrowWin())))
		if w >= p.ThrowWin() {
			line += e.tr(" → better stop", " → besser schreiben")
		} else {
			line += e.tr(" → better throw on", " → besser weiter")
		}
	}
	if !p.Exact() {
		line += " (" + e.methodWord(p) + ")"
	}
	return line
}

// differLine: where the points and the win disagree.
func (e *env) differLine(pointsStop, winStop bool) string {
	word := func(stop bool) string {
		if stop {
			return e.tr("stop", "schreiben")
		}
		return e.tr("throw on", "weiter")
	}
	return fmt.Sprintf(e.tr("For points: %s; to win: %s.", "Auf Punkte: %s; auf Sieg: %s."), word(pointsStop), word(winStop))
}

func (e *env) adviseWinOver(p win.Position, ft *validate.FamilyTurn, banked int, asJSON bool) int {
	if asJSON {
		e.printJSON(winKeeps{Keeps: []winKeep{}, Bust: true, Banked: &banked, winFields: fieldsOf(p, p.Win())})
		return exitOK
	}
	e.adviseOver(ft, banked, false)
	fmt.Fprintf(e.stdout, e.tr("Chance to win after it: %s.\n", "Gewinnchance danach: %s.\n"), e.percent(p.Share(p.Win())))
	return exitOK
}
