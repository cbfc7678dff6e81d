package win

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// sameBits reports the first index where a and b differ bit for bit (−1: none).
func sameBits(a, b []float64) int {
	if len(a) != len(b) {
		return 0
	}
	for k := range a {
		if math.Float64bits(a[k]) != math.Float64bits(b[k]) {
			return k
		}
	}
	return -1
}

// randomEnds are ends of a turn as a table gives them: chances in [0, 1]
// that rise with the turn's points, and a bust's chance below them.
func randomEnds(rng *rand.Rand, fs *family.Solver, top int) ends {
	e := ends{stop: make([]float64, top), top: top, hi: 1, floor: fs.Floor(validate.TurnContext{Entered: true})}
	x := rng.Float64() / 2
	for lv := range top {
		x += (1 - x) * rng.Float64() / 20
		e.stop[lv] = x
	}
	e.b = rng.Float64() * e.stop[0]
	e.first, e.firstB = rng.Float64()/4, rng.Float64()/2
	if rng.IntN(3) == 0 {
		e.stopB = make([]float64, top)
		for lv := range top {
			e.stopB[lv] = rng.Float64() / 4
		}
		e.hiB = rng.Float64() / 4
	}
	return e
}

// graphSet is a game and house rules whose turn graph the tests take.
type graphSet struct {
	g validate.GameID
	o map[string]any
}

// graphSets is every game with a turn graph (5050, 5000) and zehntausend
// under many house rules (ruleSets).
func graphSets() []graphSet {
	sets := []graphSet{{validate.Game5050, nil}, {validate.Game5000, nil}}
	for _, o := range ruleSets {
		sets = append(sets, graphSet{validate.GameZehntausend, o})
	}
	return sets
}

// TestPlannedTablesAreStateByState: a turn table computed by the plan's
// levels (plan.go) has every value and every value of throwing on of the
// table computed state by state, bit for bit, for the graphs of every game
// and many house rules, with random ends; and every graph has a plan.
func TestPlannedTablesAreStateByState(t *testing.T) {
	sets := graphSets()
	rng := rand.New(rand.NewPCG(5, 8))
	for _, c := range sets {
		fs, err := family.For(rulesOf(t, c.g, c.o))
		if err != nil {
			t.Fatal(err)
		}
		tg := newTurnGraph(fs)
		if tg.plan == nil {
			t.Errorf("%s %v: no plan", c.g, c.o)
			continue
		}
		var buf []float64
		for k := range 12 {
			e := randomEnds(rng, fs, 1+rng.IntN(250))
			want := tg.tableIn(e, nil, false)
			got := tg.tableIn(e, buf, true)
			if k := sameBits(got.v, want.v); k >= 0 {
				t.Fatalf("%s %v: v[%d] = %v, state by state %v", c.g, c.o, k, got.v[k], want.v[k])
			}
			if k := sameBits(got.q, want.q); k >= 0 {
				t.Fatalf("%s %v: q[%d] = %v, state by state %v", c.g, c.o, k, got.q[k], want.q[k])
			}
			if k%2 == 0 {
				buf = got.buf // a used buffer next
			}
		}
	}
}

// TestPlannedStartsAreStateByState: the turn starts of a table with a
// tail (the first seat's stops over the target) and of 5000 are the same
// planned or state by state, at many totals.
func TestPlannedStartsAreStateByState(t *testing.T) {
	for _, c := range []struct {
		g validate.GameID
		o map[string]any
	}{{validate.GameZehntausend, map[string]any{"ziel": 2000}}, {validate.GameZehntausend, map[string]any{"ziel": 1500, "nix": true}}, {validate.Game5000, nil}} {
		tb := tableOf(t, c.g, c.o)
		plain := tb.StateByState()
		target := tb.s.rules.Variant().Target
		n := 0
		for a := 0; a < target; a += 150 {
			for b := 0; b < target; b += 200 {
				for seat := range 2 {
					if c.g == validate.Game5000 && (a == b && a > 0 || a > 0 && a < 500 || b > 0 && b < 500) {
						continue
					}
					p, err := tb.Start([]int{a, b}, seat)
					if err != nil {
						t.Fatal(err)
					}
					q, err := plain.Start([]int{a, b}, seat)
					if err != nil {
						t.Fatal(err)
					}
					if k := sameBits(p.tt.v, q.tt.v); k >= 0 {
						t.Fatalf("%s %v at %d:%d seat %d: v[%d] = %v, state by state %v", c.g, c.o, a, b, seat, k, p.tt.v[k], q.tt.v[k])
					}
					if k := sameBits(p.tt.q, q.tt.q); k >= 0 {
						t.Fatalf("%s %v at %d:%d seat %d: q[%d] differs", c.g, c.o, a, b, seat, k)
					}
					n++
				}
			}
		}
		if n < 50 {
			t.Errorf("%s: only %d starts compared", c.g, n)
		}
	}
}

// TestVecRowsSame: every player's chance in final rounds of three, four
// and five players (vecTurn's passes) is the same, bit for bit, with
// throwOnRows and mergedRows as with the general loop (addAt), at random turn starts and along random turns.
func TestVecRowsSame(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, o := range []map[string]any{{"ziel": 1000}, {"ziel": 1500, "nix": true}, {"ziel": 1000, "wuerfel": 6, "strasse": 1000, "drei_paare": 1000}} {
		r := rulesOf(t, validate.GameZehntausend, o)
		fresh := func() *Table {
			s, err := New(r)
			if err != nil {
				t.Fatal(err)
			}
			s.SetDir("")
			tb, err := s.Table()
			if err != nil {
				t.Fatal(err)
			}
			return tb
		}
		fast, slow := fresh(), fresh()
		target := r.Variant().Target
		for k := range 16 {
			n := 3 + k%3
			totals := make([]int, n)
			for i := range totals {
				totals[i] = step * rng.IntN(target/step)
			}
			totals[0] = target + step*rng.IntN(8)
			seat := 1 + rng.IntN(n-1)
			rolls := make([][]int, 6)
			for i := range rolls {
				rolls[i] = make([]int, 6)
				for d := range rolls[i] {
					rolls[i][d] = 1 + rng.IntN(6)
				}
			}
			picks := rng.Uint64()
			walk := func(tb *Table) [][]float64 {
				p, err := tb.Start(totals, seat)
				if err != nil {
					t.Fatal(err)
				}
				out := [][]float64{p.Chances()}
				for i, roll := range rolls {
					ks, err := p.Keeps(roll[:p.Family().Dice()])
					if err != nil || len(ks) == 0 {
						break
					}
					if p, err = p.After(ks[(picks>>(4*i))%uint64(len(ks))].Keep); err != nil {
						t.Fatal(err)
					}
					out = append(out, p.Chances(), p.ThrowChances())
					if sc, ok := p.StopChances(); ok {
						out = append(out, sc)
					}
				}
				return out
			}
			got := walk(fast)
			vecRows = false
			want := walk(slow)
			vecRows = true
			if len(got) != len(want) {
				t.Fatalf("%v %v seat %d: %d points, %d", o, totals, seat, len(got), len(want))
			}
			for i := range got {
				if d := sameBits(got[i], want[i]); d >= 0 {
					t.Fatalf("%v %v seat %d, point %d: %v, the general loop %v", o, totals, seat, i, got[i], want[i])
				}
			}
		}
	}
}

// TestStepsByDepth: for the graphs of every game and many house rules,
// the plan's steps (byDepth's order) are those in the sets' order, each
// after every step before it there that writes the set it reads or
// writes (so each set ends with the same best), bestKeeps' steps in the
// same order.
func TestStepsByDepth(t *testing.T) {
	sets := []map[string]any{nil}
	sets = append(sets, ruleSets...)
	for _, o := range sets {
		for _, g := range []validate.GameID{validate.Game5050, validate.Game5000, validate.GameZehntausend} {
			if g != validate.GameZehntausend && o != nil {
				continue
			}
			fs, err := family.For(rulesOf(t, g, o))
			if err != nil {
				t.Fatal(err)
			}
			pl := newTurnGraph(fs).plan
			var bySets []setOp // the sets' order, as order lays them out
			for k, p := range pl.parent {
				offs := pl.offs[pl.lo[k]:pl.lo[k+1]]
				if p < 0 {
					p, offs = int32(k), offs[1:]
				}
				for _, off := range offs {
					bySets = append(bySets, setOp{k: 8 * int32(k), p: 8 * p, off: 8 * off})
					p = int32(k)
				}
			}
			if len(bySets) != len(pl.more) {
				t.Fatalf("%s %v: %d steps, the sets have %d", g, o, len(pl.more), len(bySets))
			}
			at := map[setOp]int{}
			for i, op := range pl.more {
				at[op] = i
			}
			written := map[int32]int{} // a set's last step so far (in the sets' order)
			for _, op := range bySets {
				i, ok := at[op]
				if !ok {
					t.Fatalf("%s %v: step %+v missing", g, o, op)
				}
				for _, s := range []int32{op.p, op.k} {
					if j, ok := written[s]; ok && j >= i {
						t.Fatalf("%s %v: step %d (%+v) before step %d, which writes set %d", g, o, i, op, j, s/8)
					}
				}
				written[op.k] = i
			}
			if len(pl.keyMore) > 0 {
				for i, op := range pl.more {
					if k := pl.keyMore[i]; k.k != 2*op.k || k.p != 2*op.p || k.off != op.off {
						t.Fatalf("%s %v: keep step %d is %+v, the plan's %+v", g, o, i, k, op)
					}
				}
			}
		}
	}
}
