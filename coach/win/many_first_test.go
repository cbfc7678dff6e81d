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
// budget of bytes and build the others for each pass, the same chances; a
// row keeps only the entries it can enter, the same chances as every
// entry's (the forward pass written out densely).
func TestFirstEntriesWithinTheirBudget(t *testing.T) {
	tb := chaseTable(t, validate.GameZehntausend, nil, true)
	fg := tb.fg
	fe := fg.firstFor(0.5, fg.robust(0.5, len(fg.chase)))
	if fe.budget != firstBytes {
		t.Fatalf("budget %d, want %d", fe.budget, firstBytes)
	}
	bytes := 0
	for d := 40; d < 43; d++ {
		bytes += fe.build(firstRows, d).bytes()
	}
	fe.budget = bytes
	for range 2 {
		for d := 40; d < 50; d++ {
			got, want := fe.row(firstRows, d), fe.build(firstRows, d)
			if !slices.Equal(got.at, want.at) || !slices.Equal(got.p, want.p) || got.bust != want.bust {
				t.Fatalf("row %d differs from its build", d)
			}
		}
	}
	if len(fe.f) != 3 || fe.kept != bytes {
		t.Fatalf("%d rows kept (%d bytes), want 3 (%d)", len(fe.f), fe.kept, bytes)
	}
	for _, c := range [][2]int{{16, 40}, {16, 300}, {48, 500}} {
		row, want := fe.row(c[0], c[1]), denseFirst(fe, c[0], c[1])
		got := make([]float64, len(fe.idx)+1)
		for i, p := range row.p {
			if p == 0 {
				t.Fatalf("%v: entry %d kept with chance 0", c, row.at[i])
			}
			got[row.at[i]] = p
		}
		got[len(fe.idx)] = row.bust
		if !slices.Equal(got, want) {
			t.Fatalf("%v: the row's chances differ from every entry's", c)
		}
	}
}

// denseFirst is the forward pass from distance d to the band below r0 with
// a chance for every entry (and last the bust's), as it was written before
// rows kept only the entries they can enter.
func denseFirst(fe *firstEntry, r0, d int) []float64 {
	tg, rc := fe.tg, fe.rc
	ns := tg.ns
	f := make([]float64, len(fe.idx)+1)
	mass := make([]float64, (d+1)*ns)
	mass[d*ns] = 1
	beta := 0.0
	for r := d; r >= r0; r-- {
		for s := range ns {
			m := mass[r*ns+s]
			if m == 0 || tg.fresh[s] && r < d {
				continue
			}
			if r < d {
				beta += float64(m * tg.bustP[s])
			}
			k := rc.rowOf(r)*ns + s
			for i, off := range rc.mOut[rc.mOf[k]:rc.mOf[k+1]] {
				up, s2 := int(off)/ns, int(off)%ns
				p := float64(m * rc.mP[int(rc.mOf[k])+i])
				if r2 := r - up; r2 >= r0 {
					mass[r2*ns+s2] += p
				} else {
					f[fe.slot[(r0-1-r2)*ns+s2]] += p
				}
			}
		}
	}
	f[len(fe.idx)] = beta
	return f
}
