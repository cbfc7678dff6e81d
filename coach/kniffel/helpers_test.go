package kniffel

import (
	"sync"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// One table per rule set for all tests of the package.
var testSolvers sync.Map // variant → func() *Solver

func solverFor(t testing.TB, v variant) *Solver {
	t.Helper()
	f, _ := testSolvers.LoadOrStore(v, sync.OnceValue(func() *Solver { return solveVariant(v, 0) }))
	return f.(func() *Solver)()
}

var (
	kniffelJoker   = variantOf(true)
	kniffelPlain   = variantOf(false)
	yahtzeeFree    = variant{joker: jokerFree, bonus: 100}
	yahtzeeNoBonus = variant{joker: jokerNone, bonus: 0}
)

// sheet builds a column: boxes maps box ids to points.
func sheet(t testing.TB, boxes map[string]int) validate.KniffelBoxes {
	t.Helper()
	var b validate.KniffelBoxes
	for id, pts := range boxes {
		c, err := validate.ParseCategory(id)
		if err != nil {
			t.Fatal(err)
		}
		b.Filled[c], b.Value[c] = true, pts
	}
	if err := CheckSheet(b); err != nil {
		t.Fatalf("sheet %v: %v", boxes, err)
	}
	return b
}

func dice(pips ...int) validate.Counts { return validate.CountsOf(pips) }

// allRolls are the 252 throws of five dice.
func allRolls() []validate.Counts {
	t := tables()
	out := make([]validate.Counts, numRolls)
	for r := range out {
		out[r] = t.diceOf(firstRoll + r)
	}
	return out
}
