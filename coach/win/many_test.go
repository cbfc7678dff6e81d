package win

import (
	"math"
	"time"
	"testing"

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
	memo := map[int]outv{}
	var f func(s, lv int) outv
	f = func(s, lv int) outv {
		if lv >= pf.capLv {
			if pf.pt.canStop(s, lv) {
				return end(pf.xs[j] + lv)
			}
			return bust
		}
		if v, ok := memo[lv*ns+s]; ok {
			return v
		}
		var q outv
		for _, r := range pf.pt.moves[s] {
			o := bust
			if len(r.succ) > 0 {
				o[1+j] = math.Inf(-1)
				for i, s2 := range r.succ {
					if x := f(s2, lv+r.pts[i]/50); x[1+j] > o[1+j] {
						o = x
					}
				}
			}
			for i := range q {
				q[i] += r.p * o[i]
			}
		}
		if s != 0 && pf.pt.canStop(s, lv) {
			if st := end(pf.xs[j] + lv); st[1+j] >= q[1+j] {
				q = st
			}
		}
		memo[lv*ns+s] = q
		return q
	}
	v := f(0, 0)
	pf.memo[key] = v
	return v
}

// TestManyLaterSeatsAgainstPlainRecursion: zehntausend with ziel 100 (the
// rules of TestTinyGameAgainstPlainRecursion), four and five players in
// the final round with two and three seats still to throw after the one on
// turn: the chance from Start is the plain recursion's, and there the
// shares of all players add up to 1.
func TestManyLaterSeatsAgainstPlainRecursion(t *testing.T) {
	opts := map[string]any{"ziel": 100, "verdoppeln": true, "beweisen": false}
	tb := tableOf(t, validate.GameZehntausend, opts)
	fs := tb.s.fs
	pt := newPlainTurn(t, fs.Table(validate.TurnContext{Entered: true}))
	pt.stopAt = func(s, lv int) bool { return fs.CanStop(pt.reps[s].State(), lv*50, 0) }
	for _, c := range []struct {
		totals []int
		seat   int
	}{
		{[]int{100, 0, 50, 0}, 1},
		{[]int{150, 50, 0, 50}, 1},
		{[]int{100, 100, 50, 0, 0}, 2},
		{[]int{200, 50, 0, 50, 0}, 1},
	} {
		t1 := time.Now()
		p, err := tb.Start(c.totals, c.seat)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("start %v", time.Since(t1))
		best, ties := 0, 0
		for _, x := range c.totals[:c.seat] {
			if x > best {
				best, ties = x, 0
			}
			if x == best {
				ties++
			}
		}
		t0 := time.Now()
		pf := &plainFinal{pt: pt, tie: true, capLv: 160, memo: map[[3]int]outv{}}
		for _, x := range c.totals[c.seat:] {
			pf.xs = append(pf.xs, x/50)
		}
		r := pf.rec(0, best/50, ties)
		t.Logf("plain %v", time.Since(t0))
		sum := float64(ties) * r[0]
		for i := range pf.xs {
			sum += r[1+i]
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("%v seat %d: the shares add up to %.15f", c.totals, c.seat+1, sum)
		}
		if !p.Exact() || p.Method() != methodMany || math.Abs(p.Win()-r[1]) > 1e-8 {
			t.Errorf("%v seat %d: %.12f (exact %v, %q), the plain recursion %.12f", c.totals, c.seat+1, p.Win(), p.Exact(), p.Method(), r[1])
		}
	}
}
