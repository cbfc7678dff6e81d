package win

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// TestFirstEntriesAreThePass: a bar's pass that takes its start from the
// first entries (many_first.go) gives what solving every row gives (the
// same sums in another order: to 1e-15), on final rounds of four and five
// players (zehntausend and 5050 defaults, zehntausend with nix and with
// verschaerft), every player's chance at Start and along random turns; and
// the first entries are used.
func TestFirstEntriesAreThePass(t *testing.T) {
	for _, c := range []struct {
		g      validate.GameID
		o      map[string]any
		totals []int
	}{
		{validate.GameZehntausend, nil, []int{10300, 8000, 9500, 6000}},
		{validate.GameZehntausend, nil, []int{10050, 3000, 5000, 4000}},
		{validate.GameZehntausend, nil, []int{10000, 500, 9950, 3000, 9000}},
		{validate.Game5050, nil, []int{5400, 4000, 4500, 3000}},
		{validate.Game5050, nil, []int{5050, 1000, 5000, 2000, 4950}},
		{validate.GameZehntausend, map[string]any{"nix": true}, []int{10000, 9000, 7950, 6000}},
		{validate.GameZehntausend, map[string]any{"verschaerft": true}, []int{10000, 2000, 4950, 6000}},
	} {
		fast := chaseTable(t, c.g, c.o, true)
		full := chaseTable(t, c.g, c.o, true)
		full.fg.noFirst = true
		worst := 0.0
		rng := rand.New(rand.NewPCG(uint64(len(c.totals)), 9))
		walkTogether(t, rng, fast, full, c.totals, 1, func(_ int, p, q Position) {
			got := append(append(p.Chances(), p.ThrowChances()...), p.Win(), p.ThrowWin())
			want := append(append(q.Chances(), q.ThrowChances()...), q.Win(), q.ThrowWin())
			for i := range got {
				worst = max(worst, math.Abs(got[i]-want[i]))
				if math.Abs(got[i]-want[i]) > 1e-15 {
					t.Errorf("%v value %d: %.17g, every row solved %.17g", c.totals, i, got[i], want[i])
				}
			}
		})
		t.Logf("%v: %d passes from the first entries, largest difference %.3g", c.totals, fast.fg.firstUsed.Load(), worst)
		if fast.fg.firstUsed.Load() == 0 {
			t.Errorf("%v: no pass took the first entries", c.totals)
		}
	}
}

// TestFirstEntriesWithinTheirBudget: the first entries keep rows up to their
// budget of bytes and build the others for each pass, the same chances.
func TestFirstEntriesWithinTheirBudget(t *testing.T) {
	tb := chaseTable(t, validate.GameZehntausend, nil, true)
	fg := tb.fg
	fe := fg.firstFor(0.5, fg.robust(0.5, len(fg.chase)))
	if fe.budget != firstBytes {
		t.Fatalf("budget %d, want %d", fe.budget, firstBytes)
	}
	row := 8 * (len(fe.idx) + 1)
	fe.budget = 3 * row
	for range 2 {
		for d := 40; d < 50; d++ {
			got := fe.row(firstRows, d)
			if want := fe.build(firstRows, d); !slices.Equal(got, want) {
				t.Fatalf("row %d differs from its build", d)
			}
		}
	}
	if len(fe.f) != 3 || fe.kept != 3*row {
		t.Fatalf("%d rows kept (%d bytes), want 3 (%d)", len(fe.f), fe.kept, 3*row)
	}
}
