package dreissig

import (
	"math"
	"math/rand"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// The ring solver's outcomes (fallingOutcomes) are the general settling's
// (outcomesOf) to the last bit: every three-player position of the solved
// table, and four-player positions of a table of random chances.
func TestFallingOutcomes(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	four := newTable(4, false)
	for i := range four.w {
		four.w[i] = rng.Float64()
	}
	for _, tb := range []*Table{table(2), table(3), four} {
		a := make([]int, tb.N)
		var fast, plain outcomes
		for idx := range tb.states() {
			if tb.N == 4 && rng.Intn(20) != 0 {
				continue
			}
			tb.accounts(idx, a)
			tb.fallingOutcomes(a, &fast)
			tb.outcomesOf(a, &plain)
			if fast != plain {
				t.Fatalf("%d players %v: outcomes differ", tb.N, a)
			}
		}
	}
}

// The ring's check replays only the states that can reach 30: for a u
// changed only there, its values are the play's values everywhere (a state
// of one die: its faces summed, then divided, as the solve does), to the
// last bit, also after a solve again from 30.
func TestReevaluateFrom30(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	var tn Turn
	for trial := range 30 {
		var u Utility
		for s := Dice; s <= MaxSum; s++ {
			u[s] = rng.Float64()
		}
		tn.Solve(&u)
		for round := range 3 {
			for s := 30; s <= MaxSum; s++ {
				u[s] = rng.Float64()
			}
			if round == 1 {
				tn.resolveCycle(&u)
			}
			tn.reevaluate(&u, tolerance)
		}
		var g [cellCount]float64
		for s := Dice; s <= MaxSum; s++ {
			g[cell(0, s)] = u[s]
		}
		for n := 1; n <= Dice; n++ {
			lo, hi := sumRange(n)
			for s := lo; s <= hi; s++ {
				c := cell(n, s)
				if n == 1 { // the faces summed, then divided, as the solve does
					for f := 1; f <= Dice; f++ {
						g[c] += g[cell(0, s+f)]
					}
					g[c] /= Dice
				}
				for i := tn.recFrom[c]; n > 1 && i < tn.recTo[c]; i++ {
					g[c] += float64(tn.recW[i] * g[tn.recCell[i]])
				}
				if g[c] != tn.G[c] {
					t.Fatalf("trial %d, %d in the cup, %d aside: %v, the play's value %v", trial, n, s, tn.G[c], g[c])
				}
			}
		}
	}
}

// The order the play is chosen by is best first, of equal values the lower
// cell first (ties everywhere with utilities of three values).
func TestOrderBestFirst(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	var tn Turn
	for trial := range 40 {
		var u Utility
		for s := Dice; s <= MaxSum; s++ {
			u[s] = rng.Float64()
			if trial%2 == 1 {
				u[s] = float64(rng.Intn(3))
			}
		}
		tn.Solve(&u)
		want := MaxSum - Dice + 1 // no dice in the cup: the sums 6 … 36
		for n := 1; n < Dice; n++ {
			lo, hi := sumRange(n)
			want += hi - lo + 1
		}
		if len(tn.order) != want {
			t.Fatalf("trial %d: %d cells in the order, want %d", trial, len(tn.order), want)
		}
		for i := 1; i < len(tn.order); i++ {
			a, b := tn.order[i-1], tn.order[i]
			if ga, gb := tn.G[a], tn.G[b]; ga < gb || (ga == gb && a > b) {
				t.Fatalf("trial %d: cell %d (%v) before %d (%v)", trial, a, ga, b, gb)
			}
		}
	}
}

// plainSolve is the table as the solver builds it without its shortcuts
// (with the start and order of checks of format v3: from the ring's last
// position back): every ring's positions settled the general way
// (outcomesOf), every position's linear form taken again after each
// change, every check replaying every state; the positions whose accounts
// add up to at most total, one after the other.
func plainSolve(n, total int) *Table {
	tb := newTable(n, false)
	rs := newRingSolver(tb)
	a := make([]int, n)
	bySum := make([][]int, total+1)
	for idx := range tb.states() {
		tb.accounts(idx, a)
		sum := 0
		for _, x := range a {
			sum += x
		}
		if sum <= total && tb.ringStart(a) {
			bySum[sum] = append(bySum[sum], idx)
		}
	}
	for _, rings := range bySum {
		for _, idx := range rings {
			plainRing(rs, idx)
		}
	}
	slices.Sort(rs.unsettled)
	tb.Unsettled = rs.unsettled
	return tb
}

func plainRing(rs *ringSolver, idx0 int) {
	tb, n := rs.tb, rs.tb.N
	var a [MaxPlayers][MaxPlayers]int
	var idx [MaxPlayers]int
	tn := &rs.tn // reused, as the solver reuses its own
	var o [MaxPlayers]outcomes
	var u Utility
	// dup[k]: the first position of the ring that is x_k (x_k not solved).
	var dup [MaxPlayers]int
	tb.accounts(idx0, a[0][:n])
	for k := range n {
		for i := range n {
			a[k][i] = a[0][(i+k)%n]
		}
		idx[k] = tb.index(a[k][:n])
		dup[k] = slices.Index(idx[:k+1], idx[k])
	}
	// From the last position back, each for the value of the next just
	// solved (x_0's guessed).
	var solved [MaxPlayers]bool
	var value func(k, i int) float64
	value = func(k, i int) float64 {
		if d := dup[k]; solved[d] {
			r, c := tb.linear(&o[d], &tn[d])
			return r[i] + float64(c*value((k+1)%n, (i+n-1)%n))
		}
		return rs.guessAt(a[k][:n], i)
	}
	for k := n - 1; k >= 0; k-- {
		if dup[k] == k {
			tb.outcomesOf(a[k][:n], &o[k])
			o[k].utility(value((k+1)%n, n-1), &u)
			tn[k].Solve(&u)
			solved[k] = true
		}
	}
	values := func() [MaxPlayers][MaxPlayers]float64 {
		for k := range n {
			rs.r[k], rs.c[k] = tb.linear(&o[dup[k]], &tn[dup[k]])
			rs.dup[k] = k
		}
		return rs.values()
	}
	w := values()
	for round := 1; ; round++ {
		settled := true
		for k := n - 1; k >= 0; k-- {
			if dup[k] != k {
				continue
			}
			o[k].utility(w[(k+1)%n][n-1], &u)
			if !plainCheck(&tn[k], &u) {
				tn[k].resolveCycle(&u)
				settled = false
				w = values()
			}
		}
		if settled || round == maxRounds {
			if !settled {
				rs.unsettled = append(rs.unsettled, idx0)
			}
			for k := range n {
				if dup[k] == k {
					copy(tb.w[idx[k]*n:(idx[k]+1)*n], w[k][:n])
				}
			}
			return
		}
	}
}

// plainCheck is the check replaying every state.
func plainCheck(tn *Turn, u *Utility) bool {
	for s := Dice; s <= MaxSum; s++ {
		tn.G[cell(0, s)] = u[s]
	}
	for n := 1; n <= Dice; n++ {
		lo, hi := sumRange(n)
		for s := lo; s <= hi; s++ {
			c := cell(n, s)
			v := 0.0
			for i := tn.recFrom[c]; i < tn.recTo[c]; i++ {
				v += float64(tn.recW[i] * tn.G[tn.recCell[i]])
			}
			tn.G[c] = v
		}
	}
	for i := 1; i < len(tn.order); i++ {
		if tn.G[tn.order[i]] > tn.G[tn.order[i-1]]+tolerance {
			return false
		}
	}
	return true
}

// The solver with its shortcuts builds the table the plain way builds, to
// the last bit: three players whole, four players up to a sum of 26 (the
// positions of both solved one by one and in parallel), the unsettled rings
// the same.
func TestSolveMatchesPlain(t *testing.T) {
	for _, c := range []struct{ n, total int }{{3, 3 * Start}, {4, 26}} {
		fast, plain := solveFalling(c.n, c.total), plainSolve(c.n, c.total)
		for i := range fast.w {
			if fast.w[i] != plain.w[i] {
				a := make([]int, c.n)
				fast.accounts(i/c.n, a)
				t.Fatalf("%d players %v, player %d: %v, plain %v", c.n, a, i%c.n, fast.w[i], plain.w[i])
			}
		}
		if !slices.Equal(fast.Unsettled, plain.Unsettled) {
			t.Fatalf("%d players: unsettled %v, plain %v", c.n, fast.Unsettled, plain.Unsettled)
		}
		t.Logf("%d players up to %d: %d unsettled rings", c.n, c.total, len(fast.Unsettled))
	}
}

// A timed build (the benchmarks') is the build to the last bit, and its
// clock hands the rings of a sum to the first core free, as the build does:
// the rings' costs 3, 1, 1, 1 take 3 on two cores, 1, 1, 1, 3 take 4.
func TestTimedBuild(t *testing.T) {
	var ticks atomic.Int64
	clk := &buildClock{thread: func() time.Duration { return time.Duration(ticks.Add(1)) }, workers: 2}
	timed, plain := solveFallingTimed(3, 40, clk), solveFalling(3, 40)
	if !slices.Equal(timed.w, plain.w) || !slices.Equal(timed.Unsettled, plain.Unsettled) {
		t.Fatal("the timed build differs")
	}
	if clk.total == 0 || clk.critical == 0 || clk.critical > clk.total {
		t.Fatalf("timed build: total %v, critical %v", clk.total, clk.critical)
	}
	for _, c := range []struct {
		cost            []time.Duration
		critical, total time.Duration
	}{{[]time.Duration{3, 1, 1, 1}, 3, 6}, {[]time.Duration{1, 1, 1, 3}, 4, 6}, {[]time.Duration{2}, 2, 2}} {
		clk := &buildClock{workers: 2}
		clk.add(c.cost)
		clk.add(nil)
		if clk.critical != c.critical || clk.total != c.total {
			t.Errorf("rings %v: critical %v, total %v; want %v, %v", c.cost, clk.critical, clk.total, c.critical, c.total)
		}
	}
}

// A ring's first plays are solved from its last position back, each for
// the value of the next just solved, and checked in the same order with
// the values as they are: only x_0's value is guessed, from its neighbours
// with fewer pips (guessAt), so that few turns are solved again from 30
// (three players: 4,057 of 27,000 positions; with the straight line through
// two neighbours of one account, format v3, 7,910; forward from a guess for
// every position, before, 15,026) and more rings settle (7 unsettled,
// before 14).
func TestFewSolvesAgain(t *testing.T) {
	tb := table(3)
	if tb.resolves > 4500 || len(tb.Unsettled) > 7 {
		t.Fatalf("three players: %d turns solved again, %d rings unsettled", tb.resolves, len(tb.Unsettled))
	}
	t.Logf("three players: %d turns solved again, %d rings unsettled", tb.resolves, len(tb.Unsettled))
}

// The first guess of a position's chances is exact where they are made of
// terms of at most two accounts each (so the mixed difference over any
// three accounts is 0): with every account above 1 (four sets of three,
// averaged), one account at 1 (the one set), and, where the terms are of
// one account each, two accounts at 1 (the parallelogram of the other two).
// The straight line through two neighbours of one account is not.
func TestGuessExactForTermsOfTwoAccounts(t *testing.T) {
	pair := func(a []int, i int) float64 {
		return 0.4 + 0.1*math.Sin(float64(a[0]*a[1]+i)/5) + 0.1*math.Cos(float64(a[2])+float64(a[3]*a[3])/9) +
			0.05*math.Sin(float64(a[1]*a[3])/3) + 0.05*math.Cos(float64(a[0]+2*a[2]))
	}
	single := func(a []int, i int) float64 {
		return 0.3 + 0.1*math.Sin(float64(a[0]*a[0]+i)/7) + 0.1*math.Cos(float64(a[1])) + 0.05*float64(a[2]%3) + 0.01*float64(a[3])
	}
	for _, c := range []struct {
		name string
		f    func([]int, int) float64
		ones int // accounts at 1
	}{{"terms of two accounts, all above 1", pair, 0}, {"terms of two accounts, one at 1", pair, 1}, {"terms of one account, two at 1", single, 2}} {
		tb := newTable(4, false)
		a := make([]int, 4)
		for idx := range tb.states() {
			tb.accounts(idx, a)
			for i := range 4 {
				tb.w[idx*4+i] = c.f(a, i)
			}
		}
		rs := newRingSolver(tb)
		rng := rand.New(rand.NewSource(int64(c.ones)))
		for range 500 {
			for p := range a {
				a[p] = 2 + rng.Intn(tb.max-1)
			}
			for _, p := range rng.Perm(4)[:c.ones] {
				a[p] = 1
			}
			i := rng.Intn(4)
			if got, want := rs.guessAt(a, i), c.f(a, i); math.Abs(got-want) > 1e-12 {
				t.Fatalf("%s: %v player %d: guess %v, exact %v", c.name, a, i, got, want)
			}
		}
	}
}
