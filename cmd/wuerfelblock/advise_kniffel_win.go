package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// otherSheet is another player's sheet in a Kniffel state ("others").
type otherSheet struct {
	sheet   validate.KniffelBoxes
	bonuses int
}

// total is the sheet's total: its boxes, the upper bonus once the upper
// boxes reach 63, 100 for each Kniffel bonus.
func sheetTotal(b validate.KniffelBoxes, bonuses int) int {
	t, upper := 0, 0
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if b.Filled[c] {
			t += b.Value[c]
			if c.Upper() {
				upper += b.Value[c]
			}
		}
	}
	if upper >= 63 {
		t += 35
	}
	return t + 100*bonuses
}

// adviseWinNote is what advise adds when the state names the other
// players: whether the chances are exact and what they assume, or why
// there are none.
type adviseWinNote struct {
	WinExact *bool  `json:"exact,omitempty"`
	WinNote  string `json:"win_note,omitempty"`
	winBest  int    // the choice best for the win (-1: none)
	// The choices best for the win and on points, named, with their chances.
	winName, pointsName string
	win, pointsWin      float64
}

// parseOthers reads "others": a list of {"filled": {...}, "kniffel_bonuses": n}.
func parseOthers(dec *json.Decoder) ([]otherSheet, error) {
	if err := expectArray(dec); err != nil {
		return nil, err
	}
	var out []otherSheet
	for dec.More() {
		if len(out) == 7 {
			return nil, badState(`"others": a Kniffel game has at most 8 players`, `"others": ein Kniffel-Spiel hat höchstens 8 Spieler`)
		}
		o, err := parseOther(dec, len(out)+1)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	if _, err := dec.Token(); err != nil {
		return nil, badState("not valid JSON", "kein gültiges JSON")
	}
	return out, nil
}

func expectArray(dec *json.Decoder) error {
	tok, err := dec.Token()
	if d, ok := tok.(json.Delim); err != nil || !ok || d != '[' {
		return badState(`"others" must be a list of sheets, e.g. [{"filled": {"einser": 3}}]`, `"others" muss eine Liste von Blättern sein, z. B. [{"filled": {"einser": 3}}]`)
	}
	return nil
}

// parseOther reads the n-th other player's sheet.
func parseOther(dec *json.Decoder, n int) (otherSheet, error) {
	var o otherSheet
	where := fmt.Sprintf(` in "others" %d`, n)
	if err := expectDelim(dec, '{', `"others" `+fmt.Sprint(n), `"others" `+fmt.Sprint(n)); err != nil {
		return o, err
	}
	seen := map[string]bool{}
	have := false
	for dec.More() {
		key, err := objectKey(dec, seen, where, where)
		if err != nil {
			return o, err
		}
		switch key {
		case "filled":
			if err := parseFilled(dec, &o.sheet); err != nil {
				return o, err
			}
			have = true
		case "kniffel_bonuses":
			if o.bonuses, err = parseBonuses(dec); err != nil {
				return o, err
			}
		default:
			return o, badState(`unknown field %q%s (the fields are "filled", "kniffel_bonuses")`, `unbekanntes Feld %q%s (die Felder sind "filled", "kniffel_bonuses")`, key, where)
		}
	}
	if err := expectDelim(dec, '}', `"others"`, `"others"`); err != nil {
		return o, err
	}
	if !have {
		return o, badState(`"filled" is missing%s`, `"filled" fehlt%s`, where)
	}
	return o, checkBonuses(o.sheet, o.bonuses, where)
}

// parseBonuses reads how many Kniffel bonuses a sheet has (0–12).
func parseBonuses(dec *json.Decoder) (int, error) {
	var n json.Number
	err := dec.Decode(&n)
	x, err2 := n.Int64()
	if err != nil || err2 != nil || x < 0 || x > 12 {
		return 0, badState(`"kniffel_bonuses" must be a whole number from 0 to 12`, `"kniffel_bonuses" muss eine ganze Zahl von 0 bis 12 sein`)
	}
	return int(x), nil
}

// checkBonuses: Kniffel bonuses need 50 in the Kniffel box.
func checkBonuses(b validate.KniffelBoxes, bonuses int, where string) error {
	if bonuses > 0 && (!b.Filled[validate.Kniffel] || b.Value[validate.Kniffel] != 50) {
		return badState(`"kniffel_bonuses"%s: a Kniffel bonus needs 50 in the Kniffel box`, `"kniffel_bonuses"%s: ein Kniffel-Bonus braucht 50 im Kniffel-Feld`, where)
	}
	return nil
}

// kniffelWinTurn is the end-game turn of the state's player against its
// others, or the note why there is none (no others given: nil and an
// empty note).
func (e *env) kniffelWinTurn(rules *validate.Rules, st kniffelState) (*kniffel.WinTurn, adviseWinNote) {
	note := adviseWinNote{winBest: -1}
	if st.others == nil {
		return nil, note
	}
	s := kniffelSolver(rules)
	var ds []kniffel.Dist
	var err error
	for _, o := range st.others {
		var d kniffel.Dist
		if d, err = s.FinalDist(o.sheet, sheetTotal(o.sheet, o.bonuses)); err != nil {
			break
		}
		ds = append(ds, d)
	}
	var wt *kniffel.WinTurn
	if err == nil {
		wt, err = s.WinTurn(st.sheet, sheetTotal(st.sheet, st.bonuses), ds)
	}
	var ee *kniffel.EndgameError
	switch {
	case errors.As(err, &ee):
		note.WinNote = e.tr("No chance to win: ", "Keine Gewinnchance: ") + ee.Text(e.lang == validate.German)
		return nil, note
	case err != nil:
		note.WinNote = e.tr("No chance to win: ", "Keine Gewinnchance: ") + validate.Localize(err, e.lang)
		return nil, note
	}
	exact := true
	note.WinExact = &exact
	note.WinNote = e.tr("Chance to win (the last column; \"win\" in JSON): the chance to finish first (a shared first place shared), playing to win; the other players taken to play their remaining boxes for the best expected points; exact under that assumption.",
		"Gewinnchance (die letzte Spalte; \"win\" im JSON): die Chance, als Erster zu enden (ein geteilter erster Platz geteilt), auf Sieg gespielt; angenommen ist, dass die anderen ihre restlichen Felder auf die besten erwarteten Punkte spielen; unter dieser Annahme exakt.")
	return wt, note
}

// kniffelWinHolds gives each hold its chance to finish first.
func (e *env) kniffelWinHolds(rules *validate.Rules, st kniffelState, holds []adviseHold) adviseWinNote {
	wt, note := e.kniffelWinTurn(rules, st)
	if wt == nil {
		return note
	}
	win := map[validate.Counts]float64{}
	for _, h := range wt.Holds(st.dice, st.throwsLeft) {
		win[h.Dice] = h.Win
	}
	for i := range holds {
		x := win[validate.CountsOf(holds[i].Hold)]
		holds[i].Win = &x
		if note.winBest < 0 || x > *holds[note.winBest].Win {
			note.winBest = i
		}
	}
	name := func(d []int) string {
		if len(d) == 0 {
			return e.tr("nothing", "nichts")
		}
		return validate.FormatDice(d)
	}
	note.winName, note.pointsName = name(holds[note.winBest].Hold), name(holds[0].Hold)
	note.win, note.pointsWin = *holds[note.winBest].Win, *holds[0].Win
	return note
}

// kniffelWinBoxes gives each box its chance to finish first.
func (e *env) kniffelWinBoxes(rules *validate.Rules, st kniffelState, boxes []adviseBox) adviseWinNote {
	wt, note := e.kniffelWinTurn(rules, st)
	if wt == nil {
		return note
	}
	win := map[string]float64{}
	for _, b := range wt.Boxes(st.dice) {
		win[b.Category.ID()] = b.Win
	}
	for i := range boxes {
		x := win[boxes[i].Box]
		boxes[i].Win = &x
		if note.winBest < 0 || x > *boxes[note.winBest].Win {
			note.winBest = i
		}
	}
	name := func(id string) string { c, _ := validate.ParseCategory(id); return c.Name(e.lang) }
	note.winName, note.pointsName = name(boxes[note.winBest].Box), name(boxes[0].Box)
	note.win, note.pointsWin = *boxes[note.winBest].Win, *boxes[0].Win
	return note
}

// winColumn writes a choice's chance to finish first as a last column,
// where there are chances.
func winColumn(e *env, first *float64) func(*float64) string {
	return func(w *float64) string {
		if first == nil || w == nil {
			return ""
		}
		return fmt.Sprintf("\t%8s", e.percent(*w))
	}
}

// printWinNote says what the chances assume, or why there are none, and
// where the choice best for the win is not the best on points.
func printWinNote(e *env, n adviseWinNote) {
	if n.WinNote == "" {
		return
	}
	fmt.Fprintln(e.stdout, n.WinNote)
	if n.winBest > 0 {
		fmt.Fprintf(e.stdout, e.tr("To win: %s (%s) rather than %s, the best on points (%s).\n", "Für den Sieg: %s (%s) statt %s, dem besten nach Punkten (%s).\n"),
			n.winName, e.percent(n.win), n.pointsName, e.percent(n.pointsWin))
	}
}
