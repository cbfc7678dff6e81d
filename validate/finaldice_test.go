package validate

import "testing"

// Final dice of the wrong number are said as final dice, not as dice "to
// throw now (the dice not kept)": nothing is held or thrown in quick entry.
// The code stays CodeDiceCount; a throw's count is said as before.
func TestFinalDiceCountMessage(t *testing.T) {
	kt := MustRules(GameKniffel, nil).NewKniffelTurn()
	err := kt.SetDice([]int{6, 6, 6, 6, 6, 1})
	if c := code(err); c != CodeDiceCount {
		t.Fatalf("code %q, want %q", c, CodeDiceCount)
	}
	for l, want := range map[Lang]string{
		English: "wrong number of dice: the final dice are 5 dice, not 6",
		German:  "falsche Zahl von Würfeln: die Endwürfel sind 5 Würfel, nicht 6",
	} {
		if got := Localize(err, l); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
	err = kt.CheckRoll([]int{1, 2, 3})
	if got, want := Localize(err, German), "falsche Zahl von Würfeln: jetzt 5 zu werfen (die nicht behaltenen Würfel), nicht 3"; got != want {
		t.Errorf("throw: %q, want %q", got, want)
	}
}
