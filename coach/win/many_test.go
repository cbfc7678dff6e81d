package win

import (
	"math"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/internal/cputime"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// plainFinal is the final round written out plainly for the seats still
// to throw (their totals in levels, the player on turn first): before
// seat j with the best total M (k players on it) the expected share of
// each player on M ([0]) and of every seat ([1+i]), each seat choosing in
// its turn (the plain turn, cut at capLv levels) what gives it the most.
type plainFinal struct {
	pt    *plainTurn
	xs    []int
	tie   bool
	nix   bool // a first throw that scores nothing is a stop of 1000
	capLv int
	memo  map[[3]int]outv
}

type outv [6]float64

func (pf *plainFinal) rec(j, bar, k int) outv {
	if j == len(pf.xs) {
		if pf.tie {
			return outv{1 / float64(k)}
		}
		return outv{1}
	}
	key := [3]int{j, bar, k}
	if v, ok := pf.memo[key]; ok {
		return v
	}
	end := func(y int) outv {
		switch {
		case y > bar:
			n := pf.rec(j+1, y, 1)
			n[1+j], n[0] = n[0], 0
			return n
		case y == bar && pf.tie:
			n := pf.rec(j+1, bar, k+1)
			n[1+j] = n[0]
			return n
		}
		n := pf.rec(j+1, bar, k)
		n[1+j] = 0
		return n
	}
	bust := end(math.MinInt)
	ns := len(pf.pt.reps)
	memo := make([]outv, pf.capLv*ns)
	done := make([]bool, pf.capLv*ns)
	var f func(s, lv int) outv
	f = func(s, lv int) outv {
		if lv >= pf.capLv {
			if pf.pt.canStop(s, lv) {
				return end(pf.xs[j] + lv)
			}
			return bust
		}
		if done[lv*ns+s] {
			return memo[lv*ns+s]
		}
		var q outv
		for _, r := range pf.pt.moves[s] {
			o := bust
			if len(r.succ) == 0 && s == 0 && pf.nix {
				o = end(pf.xs[j] + nixLevels)
			}
			if len(r.succ) > 0 {
				o[1+j] = math.Inf(-1)
				for i, s2 := range r.succ {
					if x := f(s2, lv+r.pts[i]/50); x[1+j] > o[1+j] {
						o = x
					}
				}
			}
			for i := range q {
				q[i] += float64(r.p * o[i])
			}
		}
		if s != 0 && pf.pt.canStop(s, lv) {
			if st := end(pf.xs[j] + lv); st[1+j] >= q[1+j] {
				q = st
			}
		}
		memo[lv*ns+s], done[lv*ns+s] = q, true
		return q
	}
	v := f(0, 0)
	pf.memo[key] = v
	return v
}

// TestManyLaterSeatsAgainstPlainRecursion: zehntausend with ziel 100 (the
// rules of TestTinyGameAgainstPlainRecursion), four and five players in
// the final round with two and three seats still to throw after the one on
// turn (and three players with one): the chance from Start is the plain
// recursion's, and there the shares of all players add up to 1; so is
// every player's chance (Chances). Also with a tie to the earlier seat
// (5050's rule, on these small rules), and with nix.
func TestManyLaterSeatsAgainstPlainRecursion(t *testing.T) {
	for _, v := range []struct{ tie, nix bool }{{true, false}, {false, false}, {true, true}} {
		tie := v.tie
		opts := map[string]any{"ziel": 100, "verdoppeln": true, "beweisen": false, "nix": v.nix}
		tb := chaseTable(t, validate.GameZehntausend, opts, tie)
		fs := tb.s.fs
		pt := newPlainTurn(t, fs.Table(validate.TurnContext{Entered: true}))
		pt.stopAt = func(s, lv int) bool { return fs.CanStop(pt.reps[s].State(), lv*50, 0) }
		for _, c := range []struct {
			totals []int
			seat   int
		}{
			{[]int{100, 0, 50, 0}, 1},
			{[]int{100, 100, 50, 0, 0}, 2},
			{[]int{200, 50, 0, 50, 0}, 1},
			{[]int{150, 50, 0}, 1},
		} {
			p, err := tb.Start(c.totals, c.seat)
			if err != nil {
				t.Fatal(err)
			}
			best, ties := 0, 0
			for _, x := range c.totals[:c.seat] {
				if x > best {
					best, ties = x, 0
				}
				if x == best {
					ties++
				}
			}
			pf := &plainFinal{pt: pt, tie: tie, nix: v.nix, capLv: 100, memo: map[[3]int]outv{}}
			for _, x := range c.totals[c.seat:] {
				pf.xs = append(pf.xs, x/50)
			}
			r := pf.rec(0, best/50, ties)
			sum := r[0]
			if tie {
				sum *= float64(ties)
			}
			for i := range pf.xs {
				sum += r[1+i]
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("tie shared %v, %v seat %d: the shares add up to %.15f", tie, c.totals, c.seat+1, sum)
			}
			checkPlainChances(t, c.totals, c.seat, best, tie, p, r)
			if method := []string{methodLastSeat, methodLastSeat, methodOneLater, methodMany}[min(len(pf.xs), 3)]; !p.Exact() || p.Method() != method || math.Abs(p.Win()-r[1]) > 1e-8 {
				t.Errorf("tie shared %v, %v seat %d: %.12f (exact %v, %q), the plain recursion %.12f", tie, c.totals, c.seat+1, p.Win(), p.Exact(), p.Method(), r[1])
			}
		}
		// The next seat of the last round above: its later seats are a
		// tail of the ones cached; the same as computed afresh.
		next := []int{200, 100, 0, 50, 0}
		p, _ := tb.Start(next, 2)
		tb.fg.many = nil
		if q, _ := tb.Start(next, 2); p.Win() != q.Win() {
			t.Errorf("tie shared %v, %v seat 3: %.15f from the cached seats, %.15f afresh", tie, next, p.Win(), q.Win())
		}
	}
}

// chaseTable is a table with the final round only (the chase, no W):
// enough for every position of the final round.
// (tie: as the rules have it; false: a tie goes to the earlier seat.)
func chaseTable(t testing.TB, g validate.GameID, opts map[string]any, tie bool) *Table {
	t.Helper()
	s, err := New(rulesOf(t, g, opts))
	if err != nil {
		t.Fatal(err)
	}
	tb, err := s.emptyTable()
	if err != nil {
		t.Fatal(err)
	}
	if !tie {
		tb.fg.tie = 0
	}
	tb.fg.solveChase(workers(tb.fg.tg))
	tb.fg.buildTail()
	return tb
}

// TestManyWithOneLaterSeat: the way back from the last seat, given one
// later seat, gives what the one-later-seat method gives (the results of
// three players unchanged), in 5050 (a tie to the earlier seat) and in
// zehntausend (a tie shared, also with two earlier players on it).
func TestManyWithOneLaterSeat(t *testing.T) {
	for _, c := range []struct {
		g                validate.GameID
		opts             map[string]any
		mine, best, ties int
		later            int
	}{
		{validate.Game5050, nil, 4500, 5250, 1, 3000},
		{validate.Game5050, nil, 0, 5050, 2, 4950},
		{validate.GameZehntausend, map[string]any{"ziel": 1000}, 800, 1200, 1, 950},
		{validate.GameZehntausend, map[string]any{"ziel": 1000}, 600, 1000, 2, 0},
		{validate.GameZehntausend, map[string]any{"ziel": 1000, "nix": true}, 300, 1150, 1, 700},
	} {
		tb := chaseTable(t, c.g, c.opts, true)
		var e ends
		tb.fg.finalEnds(&e, c.mine, c.best, c.ties, []int{c.later})
		want := tb.position(e, true).Win()
		var e2 ends
		tb.fg.manyEnds(&e2, c.mine, c.best, c.ties, []int{c.later})
		if got := tb.position(e2, true).Win(); math.Abs(got-want) > 1e-12 {
			t.Errorf("%s %d against %d (%d on it), %d later: %.15f, one later seat %.15f", c.g, c.mine, c.best, c.ties, c.later, got, want)
		}
	}
}

// BenchmarkManyFinal: a position of the final round with two and three
// seats still to throw (zehntausend defaults, 5050), the way back from the
// last seat computed afresh each time (a new table's cache).
func BenchmarkManyFinal(b *testing.B) {
	for _, c := range []struct {
		name   string
		g      validate.GameID
		totals []int
		seat   int
	}{
		{"zehntausend-4", validate.GameZehntausend, []int{10300, 8000, 9500, 6000}, 1},
		{"zehntausend-5", validate.GameZehntausend, []int{10300, 8000, 9500, 6000, 9000}, 1},
		{"5050-4", validate.Game5050, []int{5400, 4000, 4500, 3000}, 1},
	} {
		b.Run(c.name, func(b *testing.B) {
			tb := chaseTable(b, c.g, nil, true)
			cpu0 := int64(cputime.Used())
			for b.Loop() {
				tb.fg.many = nil
				if _, err := tb.Start(c.totals, c.seat); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(int64(cputime.Used())-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}
