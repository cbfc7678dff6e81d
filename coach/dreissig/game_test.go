package dreissig

import (
	"math"
	"slices"
	"sync"
	"testing"
)

var tables = struct {
	once [MaxPlayers + 1]sync.Once
	tb   [MaxPlayers + 1]*Table
}{}

// table is the solved table for n players (2 or 3: 4 is a benchmark).
func table(n int) *Table {
	tables.once[n].Do(func() { tables.tb[n] = Solve(n, false) })
	return tables.tb[n]
}

// Every player's chances add up to 1 in every position, and lie in [0, 1].
func TestChancesAddUpToOne(t *testing.T) {
	for _, n := range []int{2, 3} {
		tb := table(n)
		for idx := range tb.states() {
			sum := 0.0
			for _, p := range tb.w[idx*n : (idx+1)*n] {
				if p < -1e-12 || p > 1+1e-12 {
					t.Fatalf("%d players, position %d: chance %v", n, idx, p)
				}
				sum += p
			}
			if math.Abs(sum-1) > 1e-6 {
				t.Fatalf("%d players, position %d: chances add up to %v", n, idx, sum)
			}
		}
	}
}

// The turn of exactly 30 (and the attack that takes nothing) is a cycle:
// the table is its own fixed point. In every position the mover's best
// turn, valued with the table's chances, gives the table's chances back —
// also where the next position is the same ring.
func TestCycleIsFixedPoint(t *testing.T) {
	for _, n := range []int{2, 3} {
		tb := table(n)
		a := make([]int, n)
		unsettled := map[int]bool{}
		for _, r := range tb.Unsettled {
			unsettled[r] = true
		}
		for idx := 0; idx < tb.states(); idx += 7 {
			tb.accounts(idx, a)
			if unsettled[tb.ringOf(a)] {
				continue
			}
			c := tb.For(a)
			got := c.Chances(Dice, 0)
			for i := range n {
				if want := tb.w[idx*n+i]; math.Abs(got[i]-want) > 1e-6 {
					t.Fatalf("%d players %v: player %d %v, table %v", n, a, i, got[i], want)
				}
			}
		}
	}
}

// Value iteration (playing round after round, as a loop would) reaches the
// same chances as the ring's linear solution: two players at 1 and 1.
func TestCycleAgainstLoop(t *testing.T) {
	tb := table(2)
	a := []int{1, 1}
	// The mover's chance g in (1,1) solves g = v(1 − g) for the value of
	// the mover's turn v given the next mover's chance; iterate it.
	g := 0.5
	for range 2000 {
		var o outcomes
		tb.outcomesOf(a, &o)
		var u Utility
		o.utility(1-g, &u)
		var tn Turn
		tn.Solve(&u)
		g = tn.Value()
	}
	if want := tb.Chances(a)[0]; math.Abs(g-want) > 1e-6 {
		t.Fatalf("loop %v, ring solution %v", g, want)
	}
}

// The unsettled rings are few, and Settled names them.
func TestUnsettledRings(t *testing.T) {
	tb := table(3)
	if len(tb.Unsettled) == 0 || len(tb.Unsettled) > 100 {
		t.Fatalf("%d unsettled rings of 27,000 positions", len(tb.Unsettled))
	}
	a := make([]int, 3)
	bad := 0
	for idx := range tb.states() {
		tb.accounts(idx, a)
		if !tb.Settled(a) {
			bad++
			if !slices.Contains(tb.Unsettled, tb.ringOf(a)) {
				t.Fatalf("%v: not settled, ring %d not listed", a, tb.ringOf(a))
			}
		}
	}
	if bad < len(tb.Unsettled) || bad > 3*len(tb.Unsettled) {
		t.Fatalf("%d positions unsettled in %d rings", bad, len(tb.Unsettled))
	}
}

func (tb *Table) ringOf(a []int) int {
	best := tb.index(a)
	r := make([]int, tb.N)
	for k := 1; k < tb.N; k++ {
		for i := range tb.N {
			r[i] = a[(i+k)%tb.N]
		}
		best = min(best, tb.index(r))
	}
	return best
}

// Symmetry: two players level, the mover's chance is the same whichever
// account (it is the same game).
func TestTwoPlayerStart(t *testing.T) {
	tb := table(2)
	c := tb.Chances([]int{30, 30})
	if c[0] < 0.3 || c[0] > 0.7 {
		t.Fatalf("start: %v", c)
	}
	// Far ahead is winning: 30 against 1.
	if c := tb.Chances([]int{30, 1}); c[0] < 0.9 {
		t.Fatalf("30 against 1: %v", c)
	}
}
