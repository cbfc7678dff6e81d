package validate

import (
	"reflect"
	"testing"
)

// Issue 12.12: turned fives can be typed: a 5 followed by * is a five
// counted as a one.
func TestParseKeep(t *testing.T) {
	cases := []struct {
		in    string
		dice  []int
		fives int
		code  Code
	}{
		{"115", []int{1, 1, 5}, 0, ""},
		{"115*", []int{1, 1, 5}, 1, ""},
		{"5*5*", []int{5, 5}, 2, ""},
		{"1 5* 5", []int{1, 5, 5}, 1, ""},
		{"1*", nil, 0, CodeTurnedNotFive},
		{"*5", nil, 0, CodeTurnedNotFive},
		{"5**", nil, 0, CodeTurnedNotFive},
		{"5*7", nil, 0, CodeBadPip},
	}
	for _, c := range cases {
		dice, fives, err := ParseKeep(c.in)
		if c.code != "" {
			var e *Error
			if !errorsAs(err, &e) || e.Code != c.code {
				t.Errorf("ParseKeep(%q): %v, want %s", c.in, err, c.code)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(dice, c.dice) || fives != c.fives {
			t.Errorf("ParseKeep(%q) = %v, %d, %v; want %v, %d", c.in, dice, fives, err, c.dice, c.fives)
		}
	}
}

func FuzzParseKeep(f *testing.F) {
	for _, s := range []string{"115*", "5*5*", "1*", "**", "5 * 5", "ä5*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		dice, fives, err := ParseKeep(s)
		if err != nil {
			if !IsInput(err) || err.Error() == "" {
				t.Fatalf("ParseKeep(%q): %v is not an input error with a message", s, err)
			}
			return
		}
		if CheckPips(dice) != nil || fives < 0 || fives > CountsOf(dice)[5] {
			t.Fatalf("ParseKeep(%q) = %v, %d fives turned", s, dice, fives)
		}
	})
}

// Issue 12.12: the engine marks keeps that need a proof, prove, or need a
// confirmation.
func TestNoteOf(t *testing.T) {
	z := MustRules(GameZehntausend, nil)
	turn := z.NewFamilyTurn(TurnContext{})
	keepOf := func(t *FamilyTurn, roll, keep []int) Keep {
		for _, k := range t.LegalKeeps(roll) {
			if reflect.DeepEqual(k.Dice, keep) && k.FivesAsOnes == 0 {
				return k
			}
		}
		panic("no such keep")
	}
	if n := turn.NoteOf(keepOf(turn, []int{2, 2, 2, 3, 4}, []int{2, 2, 2})); !n.NeedsProof || n.Proves || n.NeedsConfirm {
		t.Errorf("2 2 2 under beweisen: %+v", n)
	}
	if err := turn.Throw(Throw{Roll: []int{2, 2, 2, 3, 4}, Keep: []int{2, 2, 2}}); err != nil {
		t.Fatal(err)
	}
	if n := turn.NoteOf(keepOf(turn, []int{1, 3}, []int{1})); n.NeedsProof || !n.Proves {
		t.Errorf("a 1 after 2 2 2: %+v", n)
	}
	p := MustRules(Game5050, nil)
	turn = p.NewFamilyTurn(TurnContext{})
	if n := turn.NoteOf(keepOf(turn, []int{1, 1, 3, 3, 5, 5}, []int{1, 1, 3, 3, 5, 5})); !n.NeedsConfirm || n.NeedsProof {
		t.Errorf("three pairs in 5050: %+v", n)
	}
	b := MustRules(GameZehntausend, map[string]any{"bestaetigen": true})
	turn = b.NewFamilyTurn(TurnContext{})
	if n := turn.NoteOf(keepOf(turn, []int{1, 1, 1, 5, 5}, []int{1, 1, 1, 5, 5})); !n.NeedsConfirm || n.NeedsProof {
		t.Errorf("all five dice under bestaetigen: %+v", n)
	}
}
