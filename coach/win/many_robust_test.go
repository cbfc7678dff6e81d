package win

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/internal/cputime"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// TestRobustPassesAreExact: the final round with two and three seats still
// to throw after the mover, on the real rules (zehntausend and 5050
// defaults, zehntausend with verschaerft's floor and with nix): every
// player's chance from Start and at every point of randomly played turns
// is what the passes that compare every keep and solve every bar give
// (fg.noRobust, fg.noClosed; G of the seats before the second-to-last
// from a pass of their own, fg.noShared), to 1e-12; so is the mover's W.
func TestRobustPassesAreExact(t *testing.T) {
	for _, c := range []struct {
		g      validate.GameID
		o      map[string]any
		totals []int
		seat   int
	}{
		{validate.GameZehntausend, nil, []int{10300, 8000, 9500, 6000}, 1},
		{validate.GameZehntausend, nil, []int{10000, 500, 9950, 3000, 9000}, 1},
		{validate.Game5050, nil, []int{5400, 4000, 4500, 3000}, 1},
		{validate.Game5050, nil, []int{5050, 1000, 5000, 2000, 4950}, 1},
		{validate.GameZehntausend, map[string]any{"verschaerft": true, "nix": true}, []int{10000, 9000, 9950, 0}, 1},
	} {
		fast := chaseTable(t, c.g, c.o, true)
		full := chaseTable(t, c.g, c.o, true)
		full.fg.noRobust, full.fg.noClosed, full.fg.noShared = true, true, true
		rng := rand.New(rand.NewPCG(uint64(len(c.totals)), 7))
		walkTogether(t, rng, fast, full, c.totals, c.seat, func(_ int, p, q Position) {
			same(t, c.totals, "chances", p.Chances(), q.Chances())
			same(t, c.totals, "throw on", p.ThrowChances(), q.ThrowChances())
			same(t, c.totals, "win", []float64{p.Win(), p.ThrowWin()}, []float64{q.Win(), q.ThrowWin()})
			if sc, ok := p.StopChances(); ok {
				sq, _ := q.StopChances()
				same(t, c.totals, "stop", sc, sq)
			}
		})
	}
}

// walkTogether starts the final round at totals on tables a and b and
// plays up to 12 throws of random dice and random keeps on both, calling
// check before each throw (step from 0).
func walkTogether(t *testing.T, rng *rand.Rand, a, b *Table, totals []int, seat int, check func(step int, p, q Position)) {
	t.Helper()
	p, err := a.Start(totals, seat)
	if err != nil {
		t.Fatal(err)
	}
	q, err := b.Start(totals, seat)
	if err != nil {
		t.Fatal(err)
	}
	for step := 0; !p.Over() && step < 12; step++ {
		check(step, p, q)
		roll := make([]int, p.Family().Dice())
		for i := range roll {
			roll[i] = 1 + rng.IntN(6)
		}
		ks, err := p.Keeps(roll)
		if err != nil {
			t.Fatal(err)
		}
		if len(ks) == 0 {
			return
		}
		k := ks[rng.IntN(len(ks))].Keep
		if p, err = p.After(k); err != nil {
			t.Fatal(err)
		}
		if q, err = q.After(k); err != nil {
			t.Fatal(err)
		}
	}
}

func same(t *testing.T, totals []int, what string, got, want []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%v %s: %d chances, %d", totals, what, len(got), len(want))
	}
	for i := range got {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Errorf("%v %s: player %d %.15f, every keep and bar solved %.15f", totals, what, i+1, got[i], want[i])
		}
	}
}

// BenchmarkFinalRoundWorst: the costliest turn of a final round found for
// four and five players (the mover and the seats after it far behind, the
// last seat just below the target, so that every seat after the mover
// plays against every bar up to the later seats' reach): the mover's
// Start and every player's chance, afresh each time (the robust tables,
// one per table and tie, built before). Target: four players well under
// 50 ms, five under 200 ms.
func BenchmarkFinalRoundWorst(b *testing.B) {
	for _, c := range []struct {
		name   string
		g      validate.GameID
		totals []int
	}{
		{"zehntausend-4", validate.GameZehntausend, []int{10000, 0, 0, 9950}},
		{"5050-4", validate.Game5050, []int{5050, 0, 0, 5000}},
		{"zehntausend-5", validate.GameZehntausend, []int{10000, 0, 0, 0, 9950}},
		{"5050-5", validate.Game5050, []int{5050, 0, 0, 0, 5000}},
	} {
		for _, full := range []bool{false, true} {
			name := c.name
			if full {
				name += "-every-keep-and-bar" // as before the robust keeps
			}
			b.Run(name, func(b *testing.B) {
				benchWorst(b, c.g, c.totals, full)
			})
		}
	}
}

func benchWorst(b *testing.B, g validate.GameID, totals []int, full bool) {
	tb := chaseTable(b, g, nil, true)
	tb.fg.noRobust, tb.fg.noClosed, tb.fg.noShared = full, full, full
	for k := 1; k < len(totals); k++ {
		tb.fg.robust(1/float64(k+1), len(tb.fg.chase))
	}
	tb.fg.robust(0, len(tb.fg.chase))
	tb.fg.robust(1, len(tb.fg.chase))
	cpu0 := int64(cputime.Used())
	for b.Loop() {
		tb.fg.many = nil
		p, err := tb.Start(totals, 1)
		if err != nil {
			b.Fatal(err)
		}
		if len(p.Chances()) != len(totals) {
			b.Fatal("no chances")
		}
	}
	b.ReportMetric(float64(int64(cputime.Used())-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
}

// TestRobustKeepsBitNeutral: a robust keep (keepAt) gives the very value
// the comparison of every keep would give, so the gaps' rounding down to a
// float32 (which only makes keepAt compare more often) changes no value:
// final rounds of four and five players, every player's chance at Start
// and along random turns, bit for bit with every gap 0 (keepAt never
// answers; the merged states, by their unrounded gaps, stay).
func TestRobustKeepsBitNeutral(t *testing.T) {
	for _, c := range []struct {
		g      validate.GameID
		totals []int
	}{
		{validate.GameZehntausend, []int{10300, 8000, 9500, 6000}},
		{validate.GameZehntausend, []int{10000, 500, 9950, 3000, 9000}},
		{validate.Game5050, []int{5400, 4000, 4500, 3000}},
		{validate.Game5050, []int{5050, 1000, 5000, 2000, 4950}},
	} {
		fast := chaseTable(t, c.g, nil, true)
		full := chaseTable(t, c.g, nil, true)
		n := len(full.fg.chase)
		for _, tie := range []float64{0, 1, 1.0 / 2, 1.0 / 3, 1.0 / 4, 1.0 / 5} {
			clear(full.fg.robust(tie, n).gap)
		}
		rng := rand.New(rand.NewPCG(uint64(len(c.totals)), 8))
		walkTogether(t, rng, fast, full, c.totals, 1, func(step int, p, q Position) {
			got := append(append(p.Chances(), p.ThrowChances()...), p.Win(), p.ThrowWin())
			want := append(append(q.Chances(), q.ThrowChances()...), q.Win(), q.ThrowWin())
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("%v step %d: value %d %v, every keep compared %v", c.totals, step, i, got[i], want[i])
				}
			}
		})
	}
}

// TestSameThrowsBitNeutral: the final round's passes take a state's sums
// of throwing on from an earlier state that throws alike (tg.sameQ) and
// read the rows without throw's cases where every outcome lies in them
// (seatRows.throwIn): every player's chance at Start and along random
// turns is bit for bit what summing every state's throws through the
// general loop gives (fg.noSame), four and five players, with verschaerft
// and nix too.
func TestSameThrowsBitNeutral(t *testing.T) {
	for _, c := range []struct {
		g      validate.GameID
		o      map[string]any
		totals []int
	}{
		{validate.GameZehntausend, nil, []int{10300, 8000, 9500, 6000}},
		{validate.GameZehntausend, nil, []int{10000, 500, 9950, 3000, 9000}},
		{validate.Game5050, nil, []int{5050, 1000, 5000, 2000, 4950}},
		{validate.GameZehntausend, map[string]any{"verschaerft": true, "nix": true}, []int{10000, 9000, 9950, 0}},
	} {
		fast := chaseTable(t, c.g, c.o, true)
		plain := chaseTable(t, c.g, c.o, true)
		plain.fg.noSame = true
		rng := rand.New(rand.NewPCG(uint64(len(c.totals)), 9))
		walkTogether(t, rng, fast, plain, c.totals, 1, func(step int, p, q Position) {
			got := append(append(p.Chances(), p.ThrowChances()...), p.Win(), p.ThrowWin())
			want := append(append(q.Chances(), q.ThrowChances()...), q.Win(), q.ThrowWin())
			if sc, ok := p.StopChances(); ok {
				sq, _ := q.StopChances()
				got, want = append(got, sc...), append(want, sq...)
			}
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("%v step %d: value %d %v, every state summed %v", c.totals, step, i, got[i], want[i])
				}
			}
		})
	}
}

// TestRobustRowsKeptOnce: the robust table as robust keeps it (every
// different row of keeps once) answers every distance as the table with
// every row does: the same keep of the highest R, the same gap, the same
// merged outcomes; and it keeps far fewer rows than distances.
func TestRobustRowsKeptOnce(t *testing.T) {
	for _, c := range []struct {
		g    validate.GameID
		opts map[string]any
	}{
		{validate.Game5050, nil},
		{validate.GameZehntausend, nil},
		{validate.GameZehntausend, map[string]any{"verdoppeln": true}},
	} {
		tb := chaseTable(t, c.g, c.opts, true)
		fg, tg := tb.fg, tb.fg.tg
		n := len(fg.chase)
		for _, tie := range []float64{0, 1.0 / 2, 1} {
			full := fg.buildRobust(tie, n)
			kept := fg.robust(tie, n)
			if rows := len(kept.best) / kept.nt; rows > n/4 || len(kept.mOut) > len(full.mOut)/4 {
				t.Errorf("%s tie %v: %d rows of keeps kept for %d distances, %d of %d merged outcomes", c.g, tie, rows, n, len(kept.mOut), len(full.mOut))
			} else {
				t.Logf("%s tie %v: %d rows of keeps for %d distances, %d of %d merged outcomes", c.g, tie, rows, n, len(kept.mOut), len(full.mOut))
			}
			for r := range n {
				for ti := range full.nt {
					k := r*full.nt + ti
					if want, got := tg.throws[ti].Lo+int32(full.best[k]), kept.lo[ti]+int32(kept.best[kept.rowOf(r)*kept.nt+ti]); got != want {
						t.Fatalf("%s tie %v r %d throw %d: keep %d, every row's %d", c.g, tie, r, ti, got, want)
					}
					if full.gap[k] != kept.gap[k] {
						t.Fatalf("%s tie %v r %d throw %d: gap codes differ", c.g, tie, r, ti)
					}
				}
				for s := range full.ns {
					lo, hi := full.mOf[r*full.ns+s], full.mOf[r*full.ns+s+1]
					klo, khi := kept.mergedOf(r, s)
					if !slices.Equal(full.mOut[lo:hi], kept.mOut[klo:khi]) || !slices.Equal(full.mP[lo:hi], kept.mP[klo:khi]) {
						t.Fatalf("%s tie %v r %d state %d: merged outcomes differ", c.g, tie, r, s)
					}
				}
			}
		}
	}
}

// TestGapCodes: a gap's code stands for the largest value at most the gap,
// within 0.034 % of it from 1e-9 (below which no test reads a gap) to 1.
func TestGapCodes(t *testing.T) {
	if gapOf(0) != 0 || gapOf(math.NaN()) != 0 || gapOf(math.Inf(1)) != gapInf || gapOf(1) != gapTop || gapValue[gapTop] != 1 {
		t.Fatalf("codes of 0, NaN, +Inf, 1: %d %d %d %d", gapOf(0), gapOf(math.NaN()), gapOf(math.Inf(1)), gapOf(1))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		g := math.Exp2(-40 * rng.Float64())
		c := gapOf(g)
		if gapValue[c] > g {
			t.Fatalf("gap %g: code %d stands for %g, above it", g, c, gapValue[c])
		}
		if c < gapTop && gapValue[c+1] <= g {
			t.Fatalf("gap %g: code %d, but %d (%g) is not above it", g, c, c+1, gapValue[c+1])
		}
		if g >= 1e-9 && gapValue[c] < g*(1-3.4e-4) {
			t.Fatalf("gap %g read as %g", g, gapValue[c])
		}
	}
}
