package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// kniffelSolver is where advise gets the table (the process-wide cache;
// tests keep theirs in memory).
var kniffelSolver = kniffel.For

type adviseGameValue struct {
	GameValue float64 `json:"game_value"`
}

type adviseHold struct {
	Hold     []int    `json:"hold"`
	Expected float64  `json:"expected"`
	Win      *float64 `json:"win,omitempty"` // the chance to finish first (advise_kniffel_win.go)
}

type adviseHolds struct {
	Holds []adviseHold `json:"holds"`
	adviseWinNote
}

type adviseBox struct {
	Box      string   `json:"box"`
	Points   int      `json:"points"`
	Expected float64  `json:"expected"`
	Win      *float64 `json:"win,omitempty"`
}

type adviseBoxes struct {
	Boxes []adviseBox `json:"boxes"`
	adviseWinNote
}

// runAdviseKniffel is `advise kniffel`: the game value, or for a sheet and
// dice every hold (throws left) or every box (last throw), best first.
func runAdviseKniffel(e *env, args []string) int {
	fs := newFlags(e, "advise", "[--json] kniffel [--option joker=true] [--state FILE|-]")
	asJSON := fs.Bool("json", false, e.tr("print JSON", "als JSON ausgeben"))
	var opts optionList
	fs.Var(&opts, "option", e.tr("a house rule, e.g. --option joker=true (repeatable)", "eine Hausregel, z. B. --option joker=true (mehrfach)"))
	statePath := fs.String("state", "", e.tr(`a sheet and dice as JSON ({"filled": {"einser": 3, ...}, "dice": [6,6,6,2,1], "throws_left": 2}; from round 11 "others": [{"filled": {...}}, ...] adds the chance to win), - for standard input`,
		`ein Blatt und Würfel als JSON ({"filled": {"einser": 3, ...}, "dice": [6,6,6,2,1], "throws_left": 2}; ab Runde 11 gibt "others": [{"filled": {...}}, ...] die Gewinnchance dazu), - für die Standardeingabe`))
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 1 { // dice typed as for the other games
		fmt.Fprintln(e.stderr, "wuerfelblock advise: "+e.tr(`Kniffel takes its dice in the state: advise kniffel --state FILE (or - for standard input), e.g. {"filled": {}, "dice": [1,2,3,4,5], "throws_left": 2}`,
			`Kniffel nimmt seine Würfel im Stand: advise kniffel --state DATEI (oder - für die Standardeingabe), z. B. {"filled": {}, "dice": [1,2,3,4,5], "throws_left": 2}`))
		return exitInput
	}
	if len(pos) != 1 {
		fmt.Fprintln(e.stderr, "wuerfelblock advise: "+e.tr("give one game, e.g. advise kniffel", "ein Spiel angeben, z. B. advise kniffel"))
		return exitInput
	}
	rules, err := rulesFromFlags(pos[0], opts)
	if err != nil {
		return e.fail("advise", err)
	}
	if *statePath == "" {
		v := kniffelSolver(rules).GameValue()
		if *asJSON {
			e.printJSON(adviseGameValue{GameValue: v})
			return exitOK
		}
		fmt.Fprintf(e.stdout, "%s: %s\n", kniffelTitle(e, rules),
			fmt.Sprintf(e.tr("expected final score under best play %s", "erwarteter Endstand bei bestem Spiel %s"), e.decimal(v, 2)))
		return exitOK
	}
	data, err := readState(e, *statePath)
	if err != nil {
		fmt.Fprintf(e.stderr, "wuerfelblock advise: %s\n", oneLine(err.Error()))
		return exitInput
	}
	st, err := parseKniffelState(data)
	if err != nil {
		fmt.Fprintf(e.stderr, "wuerfelblock advise: %s\n", oneLine(validate.Localize(err, e.lang)))
		return exitInput
	}
	turn := kniffelSolver(rules).Turn(st.sheet)
	if st.throwsLeft > 0 {
		out := adviseHolds{Holds: []adviseHold{}}
		for _, h := range turn.Holds(st.dice, st.throwsLeft) {
			out.Holds = append(out.Holds, adviseHold{Hold: h.Dice.Pips(), Expected: h.Expected})
		}
		out.adviseWinNote = e.kniffelWinHolds(rules, st, out.Holds)
		if *asJSON {
			e.printJSON(out)
			return exitOK
		}
		printHolds(e, rules, st, out)
		return exitOK
	}
	out := adviseBoxes{Boxes: []adviseBox{}}
	for _, b := range turn.Boxes(st.dice) {
		out.Boxes = append(out.Boxes, adviseBox{Box: b.Category.ID(), Points: b.Points, Expected: b.Expected})
	}
	out.adviseWinNote = e.kniffelWinBoxes(rules, st, out.Boxes)
	if *asJSON {
		e.printJSON(out)
		return exitOK
	}
	printBoxes(e, rules, st, turn.Boxes(st.dice), out)
	return exitOK
}

func kniffelTitle(e *env, r *validate.Rules) string {
	if r.Options.Joker {
		return e.tr("Kniffel with the joker", "Kniffel mit Joker")
	}
	return e.tr("Kniffel without the joker", "Kniffel ohne Joker")
}

// cost writes how much a choice loses against the best ("−1.25", "0").
func (e *env) cost(best, v float64) string {
	d := best - v
	if d < 0.005 {
		return "0"
	}
	return "−" + e.decimal(d, 2)
}

func printHolds(e *env, rules *validate.Rules, st kniffelState, out adviseHolds) {
	left := e.tr("2 throws left", "noch 2 Würfe")
	if st.throwsLeft == 1 {
		left = e.tr("1 throw left", "noch 1 Wurf")
	}
	fmt.Fprintf(e.stdout, "%s, %s %s, %s\n", kniffelTitle(e, rules), e.tr("dice", "Würfel"), st.dice, left)
	fmt.Fprintln(e.stdout, e.tr("Holds, best first (expected points still to come):", "Halten, das beste zuerst (erwartete Punkte ab jetzt):"))
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	best := out.Holds[0].Expected
	win := winColumn(e, out.Holds[0].Win)
	for _, h := range out.Holds {
		name := validate.FormatDice(h.Hold)
		switch len(h.Hold) {
		case 0:
			name = e.tr("nothing (throw all five)", "nichts (alle neu würfeln)")
		case 5:
			name += e.tr(" (stand)", " (stehen bleiben)")
		}
		fmt.Fprintf(w, "  %s\t%7s\t%7s%s\n", name, e.decimal(h.Expected, 2), e.cost(best, h.Expected), win(h.Win))
	}
	w.Flush()
	printWinNote(e, out.adviseWinNote)
}

func printBoxes(e *env, rules *validate.Rules, st kniffelState, boxes []kniffel.BoxValue, out adviseBoxes) {
	fmt.Fprintf(e.stdout, "%s, %s %s, %s\n", kniffelTitle(e, rules), e.tr("dice", "Würfel"), st.dice, e.tr("last throw", "letzter Wurf"))
	fmt.Fprintln(e.stdout, e.tr("Boxes, best first (points now, expected points still to come):", "Felder, das beste zuerst (Punkte jetzt, erwartete Punkte ab jetzt):"))
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	best := boxes[0].Expected
	win := winColumn(e, out.Boxes[0].Win)
	for i, b := range boxes {
		bonus := ""
		if b.UpperBonus > 0 {
			bonus += fmt.Sprintf(" +%d", b.UpperBonus)
		}
		if b.KniffelBonus > 0 {
			bonus += fmt.Sprintf(" +%d", b.KniffelBonus)
		}
		fmt.Fprintf(w, "  %s\t%d%s\t%7s\t%7s%s\n", b.Category.Name(e.lang), b.Points, bonus, e.decimal(b.Expected, 2), e.cost(best, b.Expected), win(out.Boxes[i].Win))
	}
	w.Flush()
	printWinNote(e, out.adviseWinNote)
}

// maxStateSize bounds what advise reads as a state.
const maxStateSize = 1 << 16

func readState(e *env, path string) ([]byte, error) {
	var r io.Reader = e.stdin
	name := e.tr("standard input", "Standardeingabe")
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, errors.New(e.fileProblem(path, err, false))
		}
		defer f.Close()
		r, name = f, path
	}
	data, err := io.ReadAll(io.LimitReader(r, maxStateSize+1))
	if err != nil {
		return nil, errors.New(e.fileProblem(path, err, false))
	}
	if len(data) > maxStateSize {
		return nil, fmt.Errorf(e.tr("%s: a state is at most %d bytes", "%s: ein Stand hat höchstens %d Bytes"), name, maxStateSize)
	}
	return data, nil
}

// kniffelState is a sheet, five dice and the throws still allowed.
type kniffelState struct {
	sheet      validate.KniffelBoxes
	bonuses    int // Kniffel bonuses already written (100 each)
	dice       validate.Counts
	throwsLeft int
	others     []otherSheet // the other players (advise_kniffel_win.go)
}

// stateError is a state advise cannot take, said in both languages.
type stateError struct{ en, de string }

func (e *stateError) Error() string { return e.en }

func (e *stateError) Message(l validate.Lang) string {
	if l == validate.German {
		return e.de
	}
	return e.en
}

func badState(en, de string, args ...any) error {
	return &stateError{en: "state: " + fmt.Sprintf(en, args...), de: "Stand: " + fmt.Sprintf(de, args...)}
}

// parseKniffelState reads {"filled": {...}, "dice": [...], "throws_left": n}
// strictly: no unknown or repeated fields, box ids as in the record, points
// a box can hold, five pips 1–6, throws_left 0–2, a sheet not yet full.
func parseKniffelState(data []byte) (kniffelState, error) {
	var st kniffelState
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := expectDelim(dec, '{', "the state", "der Stand"); err != nil {
		return st, err
	}
	seen := map[string]bool{}
	var haveDice, haveThrows, haveOthers bool
	for dec.More() {
		key, err := objectKey(dec, seen, "", "")
		if err != nil {
			return st, err
		}
		switch key {
		case "filled":
			if err := parseFilled(dec, &st.sheet); err != nil {
				return st, err
			}
		case "dice":
			if st.dice, err = parseStateDice(dec); err != nil {
				return st, err
			}
			haveDice = true
		case "throws_left":
			if st.throwsLeft, err = parseThrowsLeft(dec); err != nil {
				return st, err
			}
			haveThrows = true
		case "kniffel_bonuses":
			if st.bonuses, err = parseBonuses(dec); err != nil {
				return st, err
			}
		case "others":
			if st.others, err = parseOthers(dec); err != nil {
				return st, err
			}
			haveOthers = true
		default:
			return st, badState(`unknown field %q (the fields are "filled", "kniffel_bonuses", "dice", "throws_left", "others")`, `unbekanntes Feld %q (die Felder sind "filled", "kniffel_bonuses", "dice", "throws_left", "others")`, key)
		}
	}
	if err := expectDelim(dec, '}', "the state", "der Stand"); err != nil {
		return st, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return st, badState("more after the state's closing }", "nach der schließenden } des Stands kommt noch etwas")
	}
	if err := checkBonuses(st.sheet, st.bonuses, ""); err != nil {
		return st, err
	}
	if haveOthers && len(st.others) == 0 {
		return st, badState(`"others" lists no player: give each other player's sheet, e.g. [{"filled": {...}}]`, `"others" nennt keinen Spieler: das Blatt jedes anderen Spielers angeben, z. B. [{"filled": {...}}]`)
	}
	return st, checkKniffelState(st, haveDice, haveThrows)
}

// parseStateDice reads the state's five dice.
func parseStateDice(dec *json.Decoder) (dice validate.Counts, err error) {
	var raw []json.Number
	if err := dec.Decode(&raw); err != nil || raw == nil {
		return dice, badState(`"dice" must be a list of five pips, e.g. [6,6,6,2,1]`, `"dice" muss eine Liste von fünf Augenzahlen sein, z. B. [6,6,6,2,1]`)
	}
	if len(raw) != 5 {
		return dice, badState("a Kniffel throw has 5 dice, not %d", "ein Kniffel-Wurf hat 5 Würfel, nicht %d", len(raw))
	}
	for _, n := range raw {
		p, err := n.Int64()
		if err != nil || p < 1 || p > 6 {
			return dice, badState("%s is no pip: dice show 1 to 6", "%s ist keine Augenzahl: Würfel zeigen 1 bis 6", n)
		}
		dice[p]++
	}
	return dice, nil
}

// parseThrowsLeft reads the throws still allowed after this one.
func parseThrowsLeft(dec *json.Decoder) (int, error) {
	var n json.Number
	if err := dec.Decode(&n); err != nil {
		return 0, badState(`"throws_left" must be 0, 1 or 2`, `"throws_left" muss 0, 1 oder 2 sein`)
	}
	t, err := n.Int64()
	if err != nil || t < 0 || t > 2 {
		return 0, badState(`"throws_left" must be 0, 1 or 2, not %s`, `"throws_left" muss 0, 1 oder 2 sein, nicht %s`, n)
	}
	return int(t), nil
}

// checkKniffelState checks that the state is whole and its sheet one a
// game can have.
func checkKniffelState(st kniffelState, haveDice, haveThrows bool) error {
	if !haveDice {
		return badState(`"dice" is missing: the five dice of the throw, e.g. [6,6,6,2,1]`, `"dice" fehlt: die fünf Würfel des Wurfs, z. B. [6,6,6,2,1]`)
	}
	if !haveThrows {
		return badState(`"throws_left" is missing: 0, 1 or 2 throws still allowed after this one`, `"throws_left" fehlt: 0, 1 oder 2 Würfe, die nach diesem noch erlaubt sind`)
	}
	if err := kniffel.CheckSheet(st.sheet); err != nil {
		var se *kniffel.SheetError
		if errors.As(err, &se) && se.Box < 0 {
			return badState("every box is filled: the game is over", "alle Felder sind gefüllt: das Spiel ist aus")
		}
		return err
	}
	return nil
}

func parseFilled(dec *json.Decoder, b *validate.KniffelBoxes) error {
	if err := expectDelim(dec, '{', `"filled"`, `"filled"`); err != nil {
		return err
	}
	seen := map[string]bool{}
	for dec.More() {
		id, err := objectKey(dec, seen, ` in "filled"`, ` in "filled"`)
		if err != nil {
			return err
		}
		c, err := validate.ParseCategory(id)
		if err != nil {
			return badState("unknown box %q (the boxes are %s)", "unbekanntes Feld %q (die Felder sind %s)", id, boxIDs())
		}
		var n json.Number
		if err := dec.Decode(&n); err != nil {
			return badState("%s: the points must be a whole number", "%s: die Punkte müssen eine ganze Zahl sein", id)
		}
		p, err := n.Int64()
		if err != nil || !kniffel.Possible(c, int(p)) || int64(int(p)) != p {
			return badState("%s cannot hold %s points", "%s kann nicht %s Punkte haben", id, n)
		}
		b.Filled[c], b.Value[c] = true, int(p)
	}
	return expectDelim(dec, '}', `"filled"`, `"filled"`)
}

func boxIDs() string {
	ids := make([]string, validate.NumCategories)
	for c := range ids {
		ids[c] = validate.Category(c).ID()
	}
	return strings.Join(ids, " ")
}

// objectKey reads the next key of an object and refuses one seen before.
func objectKey(dec *json.Decoder, seen map[string]bool, whereEN, whereDE string) (string, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", badState("not valid JSON", "kein gültiges JSON")
	}
	key, ok := tok.(string)
	if !ok {
		return "", badState("not valid JSON", "kein gültiges JSON")
	}
	if seen[key] {
		return "", &stateError{en: fmt.Sprintf("state: %q is given twice%s", key, whereEN), de: fmt.Sprintf("Stand: %q steht zweimal da%s", key, whereDE)}
	}
	seen[key] = true
	return key, nil
}

func expectDelim(dec *json.Decoder, want json.Delim, whatEN, whatDE string) error {
	tok, err := dec.Token()
	if d, ok := tok.(json.Delim); err != nil || !ok || d != want {
		if want == '{' {
			return &stateError{en: fmt.Sprintf("state: %s must be a JSON object {…}", whatEN), de: fmt.Sprintf("Stand: %s muss ein JSON-Objekt {…} sein", whatDE)}
		}
		return badState("not valid JSON", "kein gültiges JSON")
	}
	return nil
}
