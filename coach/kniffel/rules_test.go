package kniffel

import (
	"math/rand/v2"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The solver scores exactly as validate does: every throw, every box, on
// sheets with the Kniffel box free, holding 50 and holding 0, with the
// matching upper box free or filled and the lower section full or not,
// with and without the joker.
func TestPlacementMatchesValidate(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	masks := []int{0, kniffelBit, kniffelBit | upperMask, allFilled &^ (1 << validate.Chance), lowerMask, lowerMask &^ (1 << validate.FullHouse), kniffelBit | 1<<validate.Sechser}
	for range 300 {
		masks = append(masks, rng.IntN(allFilled))
	}
	for _, joker := range []bool{false, true} {
		rules := validate.MustRules(validate.GameKniffel, map[string]any{"joker": joker})
		v := variantOf(joker)
		for _, mask := range masks {
			for _, kv := range []int{50, 0} {
				var b validate.KniffelBoxes
				for c := validate.Category(0); c < validate.NumCategories; c++ {
					if mask&(1<<c) != 0 {
						b.Filled[c] = true
					}
				}
				if b.Filled[validate.Kniffel] {
					b.Value[validate.Kniffel] = kv
				}
				for r, d := range allRolls() {
					for c := validate.Category(0); c < validate.NumCategories; c++ {
						pts, bonus, ok := v.place(mask, b.Value[validate.Kniffel] == 50 && b.Filled[validate.Kniffel], r, c)
						p, err := rules.Place(b, d, c)
						if ok != (err == nil) || (ok && (pts != p.Points || bonus != p.Bonus)) {
							t.Fatalf("joker=%v sheet %013b kniffel=%d dice %v in %s: solver (%d, +%d, allowed %v), validate (%d, +%d, %v)",
								joker, mask, kv, d, c.ID(), pts, bonus, ok, p.Points, p.Bonus, err)
						}
					}
				}
			}
		}
	}
}

// The solver's plain scores are validate.KniffelScore's.
func TestScoreTable(t *testing.T) {
	tb := tables()
	for r, d := range allRolls() {
		for c := validate.Category(0); c < validate.NumCategories; c++ {
			if got, want := int(tb.score[c][r]), validate.KniffelScore(c, d); got != want {
				t.Fatalf("%v in %s: %d, want %d", d, c.ID(), got, want)
			}
		}
	}
}

func TestPossible(t *testing.T) {
	for _, tc := range []struct {
		box    validate.Category
		points int
		want   bool
	}{
		{validate.Einser, 0, true}, {validate.Einser, 5, true}, {validate.Einser, 6, false},
		{validate.Sechser, 18, true}, {validate.Sechser, 17, false}, {validate.Sechser, 36, false},
		{validate.Dreierpasch, 5, true}, {validate.Dreierpasch, 4, false}, {validate.Dreierpasch, 30, true}, {validate.Dreierpasch, 31, false},
		{validate.Viererpasch, 6, true}, {validate.FullHouse, 25, true}, {validate.FullHouse, 20, false},
		{validate.KleineStrasse, 30, true}, {validate.KleineStrasse, 40, false}, {validate.GrosseStrasse, 40, true},
		{validate.Kniffel, 50, true}, {validate.Kniffel, 0, true}, {validate.Kniffel, 100, false},
		{validate.Chance, 5, true}, {validate.Chance, 30, true}, {validate.Chance, 4, false}, {validate.Chance, -1, false},
	} {
		if got := Possible(tc.box, tc.points); got != tc.want {
			t.Errorf("Possible(%s, %d) = %v, want %v", tc.box.ID(), tc.points, got, tc.want)
		}
	}
}
