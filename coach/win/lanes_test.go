package win

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// TestLanesAreOne: turn tables computed side by side (tablesIn, one to
// four at once, of different tops, in used buffers too) have every value
// and every value of throwing on of the table computed alone (tableIn),
// bit for bit, with the portable kernels and with each in assembly, for
// the graphs of every game and many house rules, with random ends.
func TestLanesAreOne(t *testing.T) {
	sets := graphSets()
	kernels := append([]laneKernel{{"go", bestLanesGo, throwOnLanesGo, throwOnPairGo}}, laneKernels...)
	saved := laneKernel{"default", bestLanes, throwOnLanes, throwOnPair}
	defer func() { bestLanes, throwOnLanes, throwOnPair = saved.best, saved.throwOn, saved.pair }()
	rng := rand.New(rand.NewPCG(7, 9))
	for _, c := range sets {
		fs, err := family.For(rulesOf(t, c.g, c.o))
		if err != nil {
			t.Fatal(err)
		}
		tg := newTurnGraph(fs)
		var bufs [][]float64
		for k := range 6 {
			n := 1 + k%lanes
			es := make([]ends, n)
			for l := range es {
				es[l] = randomEnds(rng, fs, 1+rng.IntN(120))
			}
			for _, kn := range kernels {
				bestLanes, throwOnLanes, throwOnPair = kn.best, kn.throwOn, kn.pair
				got := tg.tablesIn(es, bufs)
				bufs = bufs[:0]
				for l, e := range es {
					want := tg.tableIn(e, nil, true)
					if i := sameBits(got[l].v, want.v); i >= 0 {
						t.Fatalf("%s %v, %s, lane %d of %d: v[%d] = %v, alone %v", c.g, c.o, kn.name, l, n, i, got[l].v[i], want.v[i])
					}
					if i := sameBits(got[l].q, want.q); i >= 0 {
						t.Fatalf("%s %v, %s, lane %d of %d: q[%d] = %v, alone %v", c.g, c.o, kn.name, l, n, i, got[l].q[i], want.q[i])
					}
					bufs = append(bufs, got[l].buf) // used buffers next
				}
			}
		}
	}
	t.Logf("compared: the portable kernels and %d in assembly", len(laneKernels))
}

// TestStartsAreStart: Table.Starts gives at every turn start of two
// players, and of three or four before the final round, the position
// Start gives, its turn table and chances bit for bit (5050's and
// zehntausend's tails, 5000, nix), many at once in any order; a start of
// three or more in the final round it leaves out; a start Start refuses
// is Starts' error.
func TestStartsAreStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		g validate.GameID
		o map[string]any
	}{{validate.GameZehntausend, map[string]any{"ziel": 2000}}, {validate.GameZehntausend, map[string]any{"ziel": 1500, "nix": true}}, {validate.Game5000, nil}, {validate.Game5050, nil}} {
		tb := tableOf(t, c.g, c.o)
		target := tb.s.rules.Variant().Target
		var totals [][]int
		var seats []int
		for len(totals) < 41 {
			a, b, seat := step*rng.IntN(target/step), step*rng.IntN(target/step), rng.IntN(2)
			if rng.IntN(6) == 0 && c.g != validate.Game5000 {
				a, seat = target+step*rng.IntN(6), 1 // the final round's chase
			}
			if c.g == validate.Game5000 && (a == b && a > 0 || a > 0 && a < 500 || b > 0 && b < 500) {
				continue
			}
			totals, seats = append(totals, []int{a, b}), append(seats, seat)
			if n := 3 + rng.IntN(2); c.g != validate.Game5000 && rng.IntN(3) == 0 {
				// three or four players, before the final round (against
				// the strongest other) or in it (left out)
				tot := make([]int, n)
				for i := range tot {
					tot[i] = step * rng.IntN(target/step)
				}
				seat := rng.IntN(n)
				if rng.IntN(3) == 0 && seat > 0 {
					tot[0] = target + step*rng.IntN(4)
				}
				totals, seats = append(totals, tot), append(seats, seat)
			}
		}
		got, err := tb.Starts(totals, seats)
		if err != nil {
			t.Fatal(err)
		}
		made := 0
		for k := range totals {
			want, err := tb.Start(totals[k], seats[k])
			if err != nil {
				t.Fatal(err)
			}
			p := got[k]
			final := len(totals[k]) > 2 && totals[k][0] >= target && seats[k] > 0
			if p.Made() == final {
				t.Fatalf("%s %v at %v seat %d: made %v", c.g, c.o, totals[k], seats[k], p.Made())
			}
			if final {
				continue
			}
			made++
			if p.Method() != want.Method() {
				t.Fatalf("%s %v at %v seat %d: %q, Start %q", c.g, c.o, totals[k], seats[k], p.Method(), want.Method())
			}
			if i := sameBits(p.tt.v, want.tt.v); i >= 0 {
				t.Fatalf("%s %v at %v seat %d: v[%d] = %v, Start %v", c.g, c.o, totals[k], seats[k], i, p.tt.v[i], want.tt.v[i])
			}
			if i := sameBits(p.tt.q, want.tt.q); i >= 0 {
				t.Fatalf("%s %v at %v seat %d: q[%d] differs", c.g, c.o, totals[k], seats[k], i)
			}
			if i := sameBits(p.Chances(), want.Chances()); i >= 0 || p.Exact() != want.Exact() || p.Points() != want.Points() {
				t.Fatalf("%s %v at %v seat %d: chances %v, Start %v", c.g, c.o, totals[k], seats[k], p.Chances(), want.Chances())
			}
			tb.Release(p)
			tb.Release(want)
		}
		if made < 30 {
			t.Errorf("%s: only %d starts made", c.g, made)
		}
		bad := [][]int{totals[0], {25, 0}}
		if _, err := tb.Starts(bad, []int{seats[0], 0}); err == nil || err.Error() != "total 25 of player 1 is not a multiple of 50" {
			t.Errorf("%s: a start Start refuses: %v", c.g, err)
		}
	}
}

// TestPairSumsAreOne: pairSums in assembly gives the portable sums' bits,
// for terms of every length up to 40 each (0 among them, either longer),
// of random chances and values of both signs (−0 among them).
func TestPairSumsAreOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	const outs, sets = 64, 32
	v := make([]float64, 4*outs)
	m := make([]setKeep, sets)
	terms := func(n int) []term {
		ts := make([]term, n)
		for i := range ts {
			ts[i] = term{p: rng.Float64(), k: 8 * int32(rng.IntN(sets))}
		}
		return ts
	}
	compared := 0
	for range 300 {
		for i := range v {
			switch rng.IntN(8) {
			case 0:
				v[i] = math.Copysign(0, -1)
			default:
				v[i] = rng.NormFloat64()
			}
		}
		for k := range m {
			m[k] = setKeep{hi: rng.Uint64(), lo: rng.Uint64()<<32 | uint64(rng.IntN(outs))}
		}
		ta, tb := terms(rng.IntN(41)), terms(rng.IntN(41))
		var wa, wb [4]float64
		pairSumsGo(&v[0], &m[0], ta, tb, &wa, &wb)
		for _, kn := range pairKernels {
			var ga, gb [4]float64
			kn.sums(&v[0], &m[0], ta, tb, &ga, &gb)
			if i := sameBits(append(ga[:], gb[:]...), append(wa[:], wb[:]...)); i >= 0 {
				t.Fatalf("%s, %d and %d terms: value %d: %v %v, portable %v %v", kn.name, len(ta), len(tb), i, ga, gb, wa, wb)
			}
			compared++
		}
	}
	t.Logf("compared %d sums in assembly (%d kernels)", compared, len(pairKernels))
}
