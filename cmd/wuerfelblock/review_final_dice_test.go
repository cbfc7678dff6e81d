package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// finalDiceRecord: Anna enters her first turn as the final dice only
// (quick entry), her second as a held throw and a throw without a hold
// before the box (final dice entered without their holds), her third as
// three throws; each box worse than the best.
const finalDiceRecord = `{"game":"kniffel","players":["Anna"],"turns":[
{"player":"Anna","dice":[2,5,5,5,5],"score":"einser"},
{"player":"Anna","throws":[{"roll":[6,6,1,2,3],"keep":[6,6]},{"roll":[6,1,2]}],"score":"chance"},
{"player":"Anna","throws":[{"roll":[6,6,1,2,3],"keep":[6,6]},{"roll":[6,1,2],"keep":[]},{"roll":[1,2,3,4,5]}],"score":"sechser"}]}`

// The review said a box on final dice as a throw ("Runde 1, 1. Wurf:
// Feld Einser statt Fünfer"), which read as if the first throw had been
// written. It says "Endwürfel" / "final dice" in both languages, within
// 80 columns, and the JSON marks those boxes "final_dice": true (their
// "throw" unchanged); a box after the third throw keeps its number.
func TestReviewKniffelFinalDice(t *testing.T) {
	path := writeFile(t, "final.json", finalDiceRecord)
	for _, c := range []struct {
		lang    string
		want    []string
		notWant string
	}{
		{"de", []string{"Anna  Runde 1, Endwürfel: Feld Einser statt Fünfer", "Anna  Runde 2, Endwürfel: Feld Chance statt Sechser",
			"Anna  Runde 3, 3. Wurf: Feld Sechser statt Große Straße", "Anna  Runde 3, 2. Wurf: nichts behalten statt 666"}, "Runde 1, 1. Wurf"},
		{"en", []string{"Anna  round 1, final dice: box Ones instead of Fives", "Anna  round 2, final dice: box Chance instead of Sixes",
			"Anna  round 3, throw 3: box Sixes instead of Large straight"}, "round 2, throw 2"},
	} {
		code, out, errs := call(t, "", "--lang", c.lang, "review", path)
		if code != 0 || errs != "" {
			t.Fatalf("%s: exit %d, stderr %q", c.lang, code, errs)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in\n%s", c.lang, w, out)
			}
		}
		if strings.Contains(out, c.notWant) {
			t.Errorf("%s: %q in\n%s", c.lang, c.notWant, out)
		}
		for _, l := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(l); n > 80 {
				t.Errorf("%s: a line %d wide: %q", c.lang, n, l)
			}
		}
	}
	code, out, errs := call(t, "", "review", "--json", path)
	if code != 0 {
		t.Fatalf("json: exit %d, %s", code, errs)
	}
	var got struct {
		Decisions []struct {
			Turn      int    `json:"turn"`
			Throw     int    `json:"throw"`
			Kind      string `json:"kind"`
			FinalDice *bool  `json:"final_dice"`
		} `json:"decisions"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	var s []string
	for _, d := range got.Decisions {
		fd := "-"
		if d.FinalDice != nil {
			fd = fmt.Sprint(*d.FinalDice)
		}
		s = append(s, fmt.Sprintf("%d/%d/%s/%s", d.Turn, d.Throw, d.Kind, fd))
	}
	want := "0/0/box/true 1/0/hold/- 1/1/box/true 2/0/hold/- 2/1/hold/- 2/2/box/-"
	if g := strings.Join(s, " "); g != want {
		t.Errorf("turn/throw/kind/final_dice:\n got %s\nwant %s\n%s", g, want, out)
	}
}
