package main

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/coach/win"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// checkRoll asks the engine whether the throw itself is right (number of
// dice, pips), with its first keep or as a bust; on a refusal it says why.
func (e *env) checkRoll(ft *validate.FamilyTurn, roll []int, name string) (*validate.FamilyTurn, int, bool) {
	engine := ft.LegalKeeps(roll)
	probe := validate.Throw{Roll: roll}
	if len(engine) > 0 {
		probe.Keep, probe.FivesAsOnes = engine[0].Dice, engine[0].FivesAsOnes
	}
	c := ft.Clone()
	if err := c.Throw(probe); err != nil {
		fmt.Fprintf(e.stderr, "wuerfelblock advise: %s: %s\n", name, oneLine(validate.Localize(err, e.lang)))
		if validate.IsInput(err) {
			return nil, exitInput, false
		}
		return nil, exitRule, false
	}
	return c, 0, true
}

// adviseWinKeeps: every keep of a throw waiting for its keep with its
// points value and its chance to win, best for the win first.
func (e *env) adviseWinKeeps(p win.Position, ft *validate.FamilyTurn, roll []int, name string, asJSON bool) int {
	fp := p.Family()
	if _, over := fp.Over(); over {
		err := ft.Throw(validate.Throw{Roll: roll}) // the engine says why
		fmt.Fprintf(e.stderr, "wuerfelblock advise: %s: %s\n", name, oneLine(validate.Localize(err, e.lang)))
		return exitRule
	}
	c, code, ok := e.checkRoll(ft, roll, name)
	if !ok {
		return code
	}
	if len(ft.LegalKeeps(roll)) == 0 {
		return e.adviseWinOver(p.AfterBust(), c, c.Result(), asJSON)
	}
	ks, err := p.Keeps(roll)
	if err != nil {
		return e.fail("advise", err)
	}
	out := winKeeps{Keeps: []winKeep{}, winFields: fieldsOf(p, p.ThrowWin())}
	for _, k := range ks {
		q, err := fp.After(k.Keep)
		if err != nil {
			return e.fail("advise", err)
		}
		then, wthen := "throw", "throw"
		if q.ShouldStop() {
			then = "stop"
		}
		if k.Stop {
			wthen = "stop"
		}
		out.Keeps = append(out.Keeps, winKeep{
			adviseKeep: adviseKeep{Keep: k.Keep.Dice, FivesAsOnes: k.Keep.FivesAsOnes, Points: k.Keep.Points, Value: round2(q.Value()), Then: then},
			Win:        *chance(p.Share(k.Win)), WinThen: wthen,
		})
	}
	if asJSON {
		e.printJSON(out)
		return exitOK
	}
	e.printWinKeeps(p, roll, out)
	return exitOK
}

func (e *env) printWinKeeps(p win.Position, roll []int, out winKeeps) {
	fmt.Fprintf(e.stdout, e.tr("Throw %s with %d points so far: every keep, best for the win first (chance to win before the throw %s).\n",
		"Wurf %s bei %d Punkten bisher: jede Auswahl, die beste für den Sieg zuerst (Gewinnchance vor dem Wurf %s).\n"),
		validate.FormatDice(roll), p.Points(), e.percent(p.Share(p.ThrowWin())))
	fmt.Fprintf(e.stdout, "  %-22s %6s %9s %-10s %9s  %s\n", e.tr("keep", "Auswahl"), e.tr("points", "Punkte"), e.tr("value", "Wert"), e.tr("then", "dann"), e.tr("win", "Sieg"), e.tr("then", "dann"))
	then := func(s string) string {
		if s == "stop" {
			return e.tr("stop", "schreiben")
		}
		return e.tr("throw on", "weiter")
	}
	for _, k := range out.Keeps {
		dice := validate.FormatDice(k.Keep)
		if k.FivesAsOnes > 0 {
			dice += fmt.Sprintf(e.tr(" (%d× 5 as 1)", " (%d× 5 als 1)"), k.FivesAsOnes)
		}
		fmt.Fprintf(e.stdout, "  %-22s %6d %9s %-10s %9s  %s\n", dice, k.Points, e.points(k.Value), then(k.Then), e.percent(k.Win), then(k.WinThen))
	}
	if !p.Exact() {
		fmt.Fprintln(e.stdout, "("+e.methodWord(p)+")")
	}
}

// adviseWinFallback: rules without a win table (steigerung, a ziel too
// large): the points advice, said so, with "win": null.
func (e *env) adviseWinFallback(tb *family.Table, ctx validate.TurnContext, rules *validate.Rules, throws []adviseThrow, un *win.Unsupported, asJSON bool) int {
	reason := un.Text(e.lang == validate.German)
	if !asJSON {
		fmt.Fprintln(e.stdout, e.tr("No chance to win: ", "Keine Gewinnchance: ")+reason+".")
		if len(throws) == 0 {
			return e.adviseWholeTurn(tb, rules, false)
		}
		return e.adviseThrows(tb, ctx, throws, false)
	}
	none := winFields{Exact: false, Method: "points: " + un.EN}
	if len(throws) == 0 {
		e.printJSON(winTurn{adviseTurn: turnAdvice(tb, rules), winFields: none})
		return exitOK
	}
	// The points answer as JSON, then the fields added: print through a
	// buffer of the family's own output.
	return e.withWinFields(none, func(e2 *env) int { return e2.adviseThrows(tb, ctx, throws, true) })
}

// withWinFields runs f with its standard output caught and prints its JSON
// object with the fields of w added.
func (e *env) withWinFields(w winFields, f func(*env) int) int {
	var buf bytes.Buffer
	e2 := *e
	e2.stdout = &buf
	code := f(&e2)
	var obj map[string]json.RawMessage
	if code != exitOK || json.Unmarshal(buf.Bytes(), &obj) != nil {
		e.stdout.Write(buf.Bytes())
		return code
	}
	add, _ := json.Marshal(w)
	var extra map[string]json.RawMessage
	json.Unmarshal(add, &extra)
	for k, v := range extra {
		obj[k] = v
	}
	e.printJSON(obj)
	return code
}
