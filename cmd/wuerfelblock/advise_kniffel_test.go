package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The tests keep their tables in memory, not in the user's cache directory.
var testKniffelCache = kniffel.NewCache("")

func useTestKniffelCache(t *testing.T) {
	saved := kniffelSolver
	kniffelSolver = func(r *validate.Rules) *kniffel.Solver { return testKniffelCache.Solver(r.Options.Joker) }
	t.Cleanup(func() { kniffelSolver = saved })
}

func TestAdviseKniffelGameValue(t *testing.T) {
	useTestKniffelCache(t)
	values := map[bool]float64{}
	for _, joker := range []bool{false, true} {
		args := []string{"--lang", "en", "advise", "--json", "kniffel"}
		if joker {
			args = append(args, "--option", "joker=true")
		}
		code, out, errs := call(t, "", args...)
		var v struct {
			GameValue float64 `json:"game_value"`
		}
		if code != 0 || errs != "" || json.Unmarshal([]byte(out), &v) != nil {
			t.Fatalf("exit %d, %q, %q", code, out, errs)
		}
		if want := testKniffelCache.Solver(joker).GameValue(); v.GameValue != want {
			t.Errorf("joker=%v: game value %v, want %v", joker, v.GameValue, want)
		}
		values[joker] = v.GameValue
	}
	if values[true] <= values[false] {
		t.Errorf("the joker should be worth something: %v", values)
	}
	want := fmt.Sprintf("%.2f", values[false])
	_, out, _ := call(t, "", "--lang", "en", "advise", "kniffel")
	if !strings.Contains(out, want) || !strings.Contains(out, "best play") {
		t.Errorf("English text %q, want %s", out, want)
	}
	_, out, _ = call(t, "", "--lang", "de", "advise", "kniffel")
	if !strings.Contains(out, strings.Replace(want, ".", ",", 1)) || !strings.Contains(out, "bestem Spiel") {
		t.Errorf("German text %q, want %s with a decimal comma", out, want)
	}
}

type holdsOut struct {
	Holds []struct {
		Hold     []int   `json:"hold"`
		Expected float64 `json:"expected"`
	} `json:"holds"`
}

type boxesOut struct {
	Boxes []struct {
		Box      string  `json:"box"`
		Points   int     `json:"points"`
		Expected float64 `json:"expected"`
	} `json:"boxes"`
}

func TestAdviseKniffelHolds(t *testing.T) {
	useTestKniffelCache(t)
	state := `{"filled": {"einser": 3, "kniffel": 50}, "dice": [6,6,6,2,1], "throws_left": 2}`
	code, out, errs := call(t, state, "advise", "--json", "kniffel", "--state", "-")
	var h holdsOut
	if code != 0 || errs != "" || json.Unmarshal([]byte(out), &h) != nil {
		t.Fatalf("exit %d, %q, %q", code, out, errs)
	}
	// Every distinct hold of 1 2 6 6 6: 2·2·4.
	if len(h.Holds) != 16 {
		t.Fatalf("%d holds, want 16: %s", len(h.Holds), out)
	}
	seen := map[string]bool{}
	for i, x := range h.Holds {
		if i > 0 && x.Expected > h.Holds[i-1].Expected {
			t.Errorf("not best first at %d: %s", i, out)
		}
		for j := 1; j < len(x.Hold); j++ {
			if x.Hold[j] < x.Hold[j-1] {
				t.Errorf("hold %v not sorted", x.Hold)
			}
		}
		k := fmt.Sprint(x.Hold)
		if seen[k] {
			t.Errorf("hold %v twice", x.Hold)
		}
		seen[k] = true
	}
	// Three sixes early in the game: keep them.
	if fmt.Sprint(h.Holds[0].Hold) != "[6 6 6]" {
		t.Errorf("best hold %v, want [6 6 6]", h.Holds[0].Hold)
	}
	if !seen["[]"] || !seen["[1 2 6 6 6]"] {
		t.Errorf("holding nothing and standing must be listed: %s", out)
	}
	// Standing is worth the best box of the same dice.
	var stand float64
	for _, x := range h.Holds {
		if len(x.Hold) == 5 {
			stand = x.Expected
		}
	}
	last := strings.Replace(state, `"throws_left": 2`, `"throws_left": 0`, 1)
	_, out, _ = call(t, last, "advise", "--json", "kniffel", "--state", "-")
	var b boxesOut
	if err := json.Unmarshal([]byte(out), &b); err != nil || len(b.Boxes) != 11 {
		t.Fatalf("boxes %s (%v), want the 11 free ones", out, err)
	}
	if b.Boxes[0].Expected != stand {
		t.Errorf("standing %v, best box %v", stand, b.Boxes[0].Expected)
	}
	// From a file too, and as text in both languages.
	path := filepath.Join(t.TempDir(), "state.json")
	os.WriteFile(path, []byte(state), 0o644)
	_, en, _ := call(t, "", "--lang", "en", "advise", "kniffel", "--state", path)
	_, de, _ := call(t, "", "--lang", "de", "advise", "kniffel", "--state", path)
	if !strings.Contains(en, "2 throws left") || !strings.Contains(en, "(stand)") || !strings.Contains(de, "noch 2 Würfe") || !strings.Contains(de, "(stehen bleiben)") {
		t.Errorf("text:\n%s\n%s", en, de)
	}
}

func TestAdviseKniffelBoxes(t *testing.T) {
	useTestKniffelCache(t)
	// A further Kniffel of sixes with the Kniffel box at 50 and Sechser free:
	// with the joker it must go in Sechser (30 + 100 bonus); without, anywhere.
	state := `{"filled": {"kniffel": 50}, "dice": [6,6,6,6,6], "throws_left": 0}`
	_, out, _ := call(t, state, "advise", "--json", "kniffel", "--option", "joker=true", "--state", "-")
	var b boxesOut
	if err := json.Unmarshal([]byte(out), &b); err != nil || len(b.Boxes) != 1 || b.Boxes[0].Box != "sechser" || b.Boxes[0].Points != 30 || b.Boxes[0].Expected < 130 {
		t.Fatalf("joker: %s", out)
	}
	_, out, _ = call(t, state, "advise", "--json", "kniffel", "--state", "-")
	b = boxesOut{}
	if err := json.Unmarshal([]byte(out), &b); err != nil || len(b.Boxes) != 12 {
		t.Fatalf("no joker: %s", out)
	}
	for _, x := range b.Boxes {
		if x.Box == "full-house" && x.Points != 0 {
			t.Errorf("without the joker five sixes are no Full House: %+v", x)
		}
	}
	// 2 2 6 6 6 late in the game: Full House is best.
	state = `{"filled": {"einser": 3, "fuenfer": 15, "sechser": 24, "vierer": 16, "kniffel": 50}, "dice": [6,6,6,2,2], "throws_left": 0}`
	_, out, _ = call(t, state, "advise", "--json", "kniffel", "--state", "-")
	b = boxesOut{}
	if err := json.Unmarshal([]byte(out), &b); err != nil || b.Boxes[0].Box != "full-house" || b.Boxes[0].Points != 25 {
		t.Fatalf("2 2 6 6 6: %s", out)
	}
	_, de, _ := call(t, state, "--lang", "de", "advise", "kniffel", "--state", "-")
	if !strings.Contains(de, "Full House") || !strings.Contains(de, "letzter Wurf") || !strings.Contains(de, ",") {
		t.Errorf("German text:\n%s", de)
	}
}

// Bad states: a clear message in the user's language, exit 2, nothing on
// standard output.
func TestAdviseKniffelBadStates(t *testing.T) {
	useTestKniffelCache(t)
	full := `{"einser":3,"zweier":6,"dreier":9,"vierer":12,"fuenfer":15,"sechser":18,"dreierpasch":20,"viererpasch":0,"full-house":25,"kleine-strasse":30,"grosse-strasse":40,"kniffel":0,"chance":20}`
	for _, tc := range []struct {
		name, state, en, de string
	}{
		{"unknown box", `{"filled": {"sechsr": 6}, "dice": [1,2,3,4,5], "throws_left": 0}`, `unknown box "sechsr"`, `unbekanntes Feld "sechsr"`},
		{"points a box cannot hold", `{"filled": {"einser": 7}, "dice": [1,2,3,4,5], "throws_left": 0}`, "einser cannot hold 7 points", "einser kann nicht 7 Punkte haben"},
		{"Kniffel box 40", `{"filled": {"kniffel": 40}, "dice": [1,2,3,4,5], "throws_left": 0}`, "kniffel cannot hold 40", "kniffel kann nicht 40"},
		{"fractional points", `{"filled": {"chance": 20.5}, "dice": [1,2,3,4,5], "throws_left": 0}`, "chance cannot hold 20.5", "chance kann nicht 20.5"},
		{"six dice", `{"dice": [1,2,3,4,5,6], "throws_left": 0}`, "5 dice, not 6", "5 Würfel, nicht 6"},
		{"four dice", `{"dice": [1,2,3,4], "throws_left": 0}`, "5 dice, not 4", "5 Würfel, nicht 4"},
		{"pip 7", `{"dice": [1,2,3,4,7], "throws_left": 0}`, "7 is no pip", "7 ist keine Augenzahl"},
		{"throws_left 3", `{"dice": [1,2,3,4,5], "throws_left": 3}`, "0, 1 or 2, not 3", "0, 1 oder 2 sein, nicht 3"},
		{"throws_left -1", `{"dice": [1,2,3,4,5], "throws_left": -1}`, "not -1", "nicht -1"},
		{"game over", `{"filled": ` + full + `, "dice": [1,2,3,4,5], "throws_left": 0}`, "game is over", "Spiel ist aus"},
		{"unknown field", `{"filed": {}, "dice": [1,2,3,4,5], "throws_left": 0}`, `unknown field "filed"`, `unbekanntes Feld "filed"`},
		{"duplicate key", `{"dice": [1,2,3,4,5], "dice": [6,6,6,6,6], "throws_left": 0}`, `"dice" is given twice`, `"dice" steht zweimal da`},
		{"duplicate box", `{"filled": {"einser": 1, "einser": 2}, "dice": [1,2,3,4,5], "throws_left": 0}`, `"einser" is given twice in "filled"`, `"einser" steht zweimal da in "filled"`},
		{"not JSON", `dice: 12345`, "JSON object", "JSON-Objekt"},
		{"not an object", `[1,2,3]`, "JSON object", "JSON-Objekt"},
		{"trailing", `{"dice": [1,2,3,4,5], "throws_left": 0} {}`, "more after", "kommt noch etwas"},
		{"no dice", `{"throws_left": 0}`, `"dice" is missing`, `"dice" fehlt`},
		{"no throws_left", `{"dice": [1,2,3,4,5]}`, `"throws_left" is missing`, `"throws_left" fehlt`},
		{"dice not a list", `{"dice": "12345", "throws_left": 0}`, "list of five pips", "Liste von fünf Augenzahlen"},
	} {
		for _, lang := range []string{"en", "de"} {
			code, out, errs := call(t, tc.state, "--lang", lang, "advise", "kniffel", "--state", "-")
			want := tc.en
			if lang == "de" {
				want = tc.de
			}
			if code != exitInput || out != "" || !strings.Contains(errs, want) || strings.Count(errs, "\n") != 1 {
				t.Errorf("%s (%s): exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.name, lang, code, out, errs, want)
			}
		}
	}
	code, _, errs := call(t, "", "--lang", "de", "advise", "kniffel", "--state", "/nonexistent/state.json")
	if code != exitInput || !strings.Contains(errs, "gibt es nicht") {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
	code, _, errs = call(t, "", "advise", "kniffel", "--option", "joker=vielleicht")
	if code != exitInput || errs == "" {
		t.Errorf("bad option: exit %d, %q", code, errs)
	}
}

func TestAdviseKniffelHelp(t *testing.T) {
	code, out, _ := call(t, "", "--lang", "en", "advise", "kniffel", "--help")
	if code != 0 || !strings.Contains(out, "--state") || !strings.Contains(out, "kniffel") {
		t.Errorf("help: exit %d\n%s", code, out)
	}
}

// The state parser takes anything without panicking, and what it accepts
// is a state the coach can answer.
func FuzzKniffelState(f *testing.F) {
	f.Add([]byte(`{"filled": {"einser": 3, "kniffel": 50}, "dice": [6,6,6,2,1], "throws_left": 2}`))
	f.Add([]byte(`{"filled": {}, "dice": [1,1,1,1,1], "throws_left": 0}`))
	f.Add([]byte(`{"filled": {"kniffel": 50}, "kniffel_bonuses": 1, "dice": [1,1,1,1,1], "throws_left": 0, "others": [{"filled": {"chance": 20}}]}`))
	f.Add([]byte(`{"dice": [1,2,3,4,5], "dice": [1,2,3,4,5], "throws_left": 1}`))
	f.Add([]byte(`{"filled": {"chance": 1e400}, "dice": [1,2,3,4,5], "throws_left": 0}`))
	f.Add([]byte(`{"filled": null, "dice": null, "throws_left": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := parseKniffelState(data)
		if err != nil {
			var se *stateError
			if !errorsAs(err, &se) || se.en == "" || se.de == "" {
				t.Fatalf("%q: error %v without both languages", data, err)
			}
			return
		}
		if st.dice.N() != 5 || st.throwsLeft < 0 || st.throwsLeft > 2 || kniffel.CheckSheet(st.sheet) != nil {
			t.Fatalf("%q accepted as %+v", data, st)
		}
		filledOf := func(b validate.KniffelBoxes) map[string]int {
			filled := map[string]int{}
			for c := validate.Category(0); c < validate.NumCategories; c++ {
				if b.Filled[c] {
					filled[c.ID()] = b.Value[c]
				}
			}
			return filled
		}
		m := map[string]any{"filled": filledOf(st.sheet), "dice": st.dice.Pips(), "throws_left": st.throwsLeft, "kniffel_bonuses": st.bonuses}
		if st.others != nil {
			var others []any
			for _, o := range st.others {
				others = append(others, map[string]any{"filled": filledOf(o.sheet), "kniffel_bonuses": o.bonuses})
			}
			m["others"] = others
		}
		again, _ := json.Marshal(m)
		st2, err := parseKniffelState(again)
		if err != nil || !reflect.DeepEqual(st2, st) {
			t.Fatalf("%q: read back %s as %+v (%v), want %+v", data, again, st2, err, st)
		}
	})
}

func errorsAs(err error, target **stateError) bool {
	se, ok := err.(*stateError)
	if ok {
		*target = se
	}
	return ok
}
