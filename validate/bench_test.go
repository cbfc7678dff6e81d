package validate

import "testing"

// Target: all legal keeps of a six-dice throw with values in under 5 µs.
func BenchmarkLegalKeepsSixDice(b *testing.B) {
	r := MustRules(Game5050, nil)
	roll := []int{1, 1, 5, 5, 3, 3}
	b.ReportAllocs()
	for b.Loop() {
		if len(r.LegalKeeps(roll)) == 0 {
			b.Fatal("no keeps")
		}
	}
}

// Target: no allocations for the value of a single keep.
func BenchmarkKeepValue(b *testing.B) {
	r := MustRules(GameZehntausend, map[string]any{"wuerfel": 6, "strasse": 1000, "drei_paare": 1000})
	keep := CountsOf([]int{1, 1, 1, 5, 5, 2})
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := r.KeepValue(keep, 0); ok {
			b.Fatal("1 1 1 5 5 2 does not all score")
		}
	}
}

// BenchmarkNewRules makes the rules and reads one throw, which builds the
// combination table (it is built on first use).
func BenchmarkNewRules(b *testing.B) {
	o := DefaultOptions(Game5050)
	b.ReportAllocs()
	for b.Loop() {
		r, err := NewRules(Game5050, o)
		if err != nil {
			b.Fatal(err)
		}
		r.Read([]int{1, 5})
	}
}

func TestKeepValueDoesNotAllocate(t *testing.T) {
	r := MustRules(Game5050, nil)
	keep := CountsOf([]int{1, 1, 1, 5})
	allocs := testing.AllocsPerRun(100, func() {
		if v, ok := r.KeepValue(keep, 0); !ok || v != 1050 {
			t.Fatalf("1 1 1 5 = %d", v)
		}
	})
	if allocs != 0 {
		t.Errorf("KeepValue allocates %v times", allocs)
	}
}

// The odds of one more throw are computed for the turn panel after each keep.
func BenchmarkOneMoreSixDice(b *testing.B) {
	r := MustRules(Game5050, nil)
	t := r.NewFamilyTurn(TurnContext{})
	if err := t.Throw(Throw{Roll: []int{1, 1, 1, 5, 5, 5}, Keep: []int{1, 1, 1, 5, 5, 5}}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if t.OneMore().Dice != 6 {
			b.Fatal("hot dice: six dice")
		}
	}
}
