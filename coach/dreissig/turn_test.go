package dreissig

import (
	"math"
	"math/rand"
	"testing"
)

// The fast solve (throws given to the best cell they reach) against the
// plain one (every throw, every keep) for random utilities, also ones with
// many ties.
func TestTurnMatchesPlainSolve(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var tn Turn
	for trial := range 40 {
		var u Utility
		for s := Dice; s <= MaxSum; s++ {
			u[s] = rng.Float64()
			if trial%2 == 1 {
				u[s] = float64(rng.Intn(3)) // ties everywhere
			}
		}
		tn.Solve(&u)
		want := slowTurn(&u)
		for n := 0; n <= Dice; n++ {
			lo, hi := sumRange(n)
			if n == 0 {
				lo, hi = Dice, MaxSum
			}
			for s := lo; s <= hi; s++ {
				if d := math.Abs(tn.At(n, s) - want[cell(n, s)]); d > 1e-12 {
					t.Fatalf("trial %d, %d in the cup, %d aside: %v, plain %v", trial, n, s, tn.At(n, s), want[cell(n, s)])
				}
			}
		}
		// The outcome chances of the play add up to 1 and give its value.
		p := tn.Outcomes(Dice, 0)
		sum, v := 0.0, 0.0
		for s := Dice; s <= MaxSum; s++ {
			sum += p[s]
			v += p[s] * u[s]
		}
		if math.Abs(sum-1) > 1e-12 || math.Abs(v-tn.Value()) > 1e-12 {
			t.Fatalf("trial %d: outcomes add to %v, worth %v, value %v", trial, sum, v, tn.Value())
		}
	}
}

// One die left: it goes aside, whatever it shows. With 25 pips aside the
// sum is 26 … 31: 4, 3, 2, 1 pips lost, nothing, or an attack with target
// face 1 (expected 1.7677 pips taken).
func TestOneDieLeft(t *testing.T) {
	c := Points(2)
	want := (-4 - 3 - 2 - 1 + 0 + ExpectedTaken(1)) / 6
	if got := c.Value(1, 25); math.Abs(got-want) > 1e-12 {
		t.Fatalf("one die, 25 aside: %v, want %v", got, want)
	}
	// 30 aside: 31 … 36, an attack with face 1 … 6: 21/6 × 1.7677.
	want = 21 * ExpectedTaken(1) / 6
	if got := c.Value(1, 30); math.Abs(got-want) > 1e-12 {
		t.Fatalf("one die, 30 aside: %v, want %v", got, want)
	}
	// Two dice, a throw of 6 and 1 with 24 aside: keeping both makes 31
	// (face 1); keeping the 6 leaves one die on 30 (worth the mean of faces
	// 1…6); keeping the 1 leaves one die on 25.
	ks := c.Keeps(2, 24, []int{6, 1})
	if len(ks) != 3 {
		t.Fatalf("keeps of 6 1: %v", ks)
	}
	vals := map[string]float64{}
	for _, k := range ks {
		vals[fmtDice(k.Dice)] = k.Value
	}
	if vals["6"] != c.Value(1, 30) || vals["1"] != c.Value(1, 25) || math.Abs(vals["6 1"]-ExpectedTaken(1)) > 1e-12 {
		t.Fatalf("keep values %v", vals)
	}
	if fmtDice(ks[0].Dice) != "6" {
		t.Fatalf("best keep of 6 1 on 24: %v, want the 6 (then %.4f)", ks[0].Dice, vals["6"])
	}
}

func fmtDice(d []int) string {
	s := ""
	for i, x := range d {
		if i > 0 {
			s += " "
		}
		s += string(rune('0' + x))
	}
	return s
}

// The attack's expected hits, worked by hand: one die hits with 1/6 (and
// is then out); two dice: E = P(1 hit)(1 + E1) + P(2 hits)·2 =
// 10/36 · 7/6 + 2/36 = 41/108; six dice 269286723075019/152339935002624
// (exact fractions, the same recursion), so the pips taken per target face
// f are f × 1.76767.
func TestAttackExpectedPips(t *testing.T) {
	mean := func(d [7]float64) float64 {
		e := 0.0
		for h, p := range d {
			e += float64(h) * p
		}
		return e
	}
	for _, c := range []struct {
		m    int
		want float64
	}{{1, 1.0 / 6}, {2, 41.0 / 108}, {3, 5003.0 / 7776}, {6, 269286723075019.0 / 152339935002624}} {
		if got := mean(HitsFrom(c.m)); math.Abs(got-c.want) > 1e-14 {
			t.Errorf("%d dice: %v hits expected, want %v", c.m, got, c.want)
		}
	}
	per := []float64{1.7676699354662364, 3.535339870932473, 5.303009806398709, 7.070679741864946, 8.838349677331182, 10.606019612797418}
	for f := 1; f <= 6; f++ {
		if got := ExpectedTaken(f); math.Abs(got-per[f-1]) > 1e-12 {
			t.Errorf("face %d: %v pips expected, want %v", f, got, per[f-1])
		}
	}
	// Two dice by hand: 0 hits 25/36; one hit 10/36 then the last die
	// 1/6; two hits 1/36.
	d := HitsFrom(2)
	want := [7]float64{25.0 / 36, 10.0 / 36 * 5 / 6, 10.0/36/6 + 1.0/36}
	for h := range d {
		if math.Abs(d[h]-want[h]) > 1e-15 {
			t.Errorf("two dice, %d hits: %v, want %v", h, d[h], want[h])
		}
	}
}

// Solving again where only the outcomes of 30 and more changed gives what a
// whole solve gives.
func TestResolveCycle(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	var tn, whole Turn
	for trial := range 30 {
		var u Utility
		for s := Dice; s <= MaxSum; s++ {
			u[s] = rng.Float64()
		}
		tn.Solve(&u)
		for s := 30; s <= MaxSum; s++ {
			u[s] += rng.Float64() - 0.5
		}
		tn.resolveCycle(&u)
		whole.Solve(&u)
		for c := range whole.G {
			if d := math.Abs(tn.G[c] - whole.G[c]); d > 1e-12 {
				t.Fatalf("trial %d, cell %d: %v, whole solve %v", trial, c, tn.G[c], whole.G[c])
			}
		}
		if p, q := tn.Outcomes(Dice, 0), whole.Outcomes(Dice, 0); p != q {
			for s := range p {
				if math.Abs(p[s]-q[s]) > 1e-12 {
					t.Fatalf("trial %d: outcome %d: %v, whole solve %v", trial, s, p[s], q[s])
				}
			}
		}
	}
}
