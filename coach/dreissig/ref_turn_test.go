package dreissig

import (
	"math"
	"math/bits"
	"math/rand"
	"slices"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// refTurn is the turn solve as it was before its speed-ups (the v2 table's,
// commit d30d92b): the reference the solve must match to the last bit
// (values, play and order), so that the tables stay the same.
type refTurn struct {
	G              [cellCount]float64
	recFrom, recTo [cellCount]int32
	recCell        []int16
	recW           []float64
	order          []int16
	add, old       []int16
	from           int
}

const refChoices = 112

// Solve solves the turn for u (the receiver is reused: no allocation once warm).
func (tn *refTurn) solve(u *Utility) {
	ls := levels()
	if tn.recCell == nil {
		tn.recCell = make([]int16, cellCount*refChoices)
		tn.recW = make([]float64, cellCount*refChoices)
	}
	tn.order = tn.order[:0]
	for s := Dice; s <= MaxSum; s++ {
		tn.G[cell(0, s)] = u[s]
	}
	tn.mergeLevel(0)
	tn.solveOne()
	tn.mergeLevel(1)
	for n := 2; n <= Dice; n++ {
		if ls[n].words == 1 {
			tn.solveLevel1(ls[n])
		} else {
			tn.solveLevel(ls[n])
		}
		if n < Dice {
			tn.mergeLevel(n)
		}
	}
}
func (tn *refTurn) resolveCycle(u *Utility) {
	tn.from = validate.DreissigLine
	tn.solve(u)
	tn.from = 0
}
func (tn *refTurn) solveOne() {
	lo, hi := sumRange(1)
	lo = max(lo, tn.from-Dice)
	for s := lo; s <= hi; s++ {
		c0 := cell(1, s)
		from := int32(c0 * refChoices)
		tn.recFrom[c0], tn.recTo[c0] = from, from+Dice
		v := 0.0
		for f := 1; f <= Dice; f++ {
			c := cell(0, s+f)
			tn.recCell[from+int32(f-1)], tn.recW[from+int32(f-1)] = int16(c), 1.0/Dice
			v += tn.G[c]
		}
		tn.G[c0] = v / Dice
	}
}
func (tn *refTurn) solveLevel1(lv *level) {
	n := lv.n
	lo, hi := sumRange(n)
	lo = max(lo, tn.from-Dice*n)
	var open [MaxSum + 1]uint64
	var val [MaxSum + 1]float64
	active := span(lo, hi) // the states with throws not yet given a cell
	for s := lo; s <= hi; s++ {
		open[s], val[s] = lv.all[0], 0
		c := cell(n, s)
		tn.recFrom[c], tn.recTo[c] = int32(c*refChoices), int32(c*refChoices)
	}
	seg := lv.seg[0]
	for _, c := range tn.order {
		j, to := n-int(c)/(MaxSum+1), int(c)%(MaxSum+1)
		a, b := max(lo, to-Dice*j), min(hi, to-j)
		if a > b {
			continue
		}
		reach := &lv.reach[j]
		for m := active & span(a, b); m != 0; m &= m - 1 {
			s := bits.TrailingZeros64(m)
			x := open[s] & reach[to-s][0]
			if x == 0 {
				continue
			}
			open[s] &^= x
			w := 0.0
			for _, sg := range seg {
				w += float64(float64(bits.OnesCount64(x&sg.mask)) * sg.p)
			}
			val[s] += float64(w * tn.G[c])
			tn.record(cell(n, s), c, w)
			if open[s] == 0 {
				active &^= 1 << s
			}
		}
		if active == 0 {
			break
		}
	}
	for s := lo; s <= hi; s++ {
		tn.G[cell(n, s)] = val[s]
	}
}
func (tn *refTurn) record(c0 int, c int16, w float64) {
	tn.recCell[tn.recTo[c0]], tn.recW[tn.recTo[c0]] = c, w
	tn.recTo[c0]++
}
func (tn *refTurn) solveLevel(lv *level) {
	n := lv.n
	lo, hi := sumRange(n)
	lo = max(lo, tn.from-Dice*n)
	var open [MaxSum + 1][8]uint64
	var live [MaxSum + 1]uint8 // the words of a state with throws open
	var val [MaxSum + 1]float64
	active := span(lo, hi) // the states with throws not yet given a cell
	for s := lo; s <= hi; s++ {
		open[s], live[s], val[s] = lv.all, uint8(1<<lv.words-1), 0
		c := cell(n, s)
		tn.recFrom[c], tn.recTo[c] = int32(c*refChoices), int32(c*refChoices)
	}
	for _, c := range tn.order {
		j, to := n-int(c)/(MaxSum+1), int(c)%(MaxSum+1)
		a, b := max(lo, to-Dice*j), min(hi, to-j)
		if a > b {
			continue
		}
		reach := &lv.reach[j]
		for m := active & span(a, b); m != 0; m &= m - 1 {
			s := bits.TrailingZeros64(m)
			r, op := &reach[to-s], &open[s]
			w, got := 0.0, false
			for wm := live[s]; wm != 0; wm &= wm - 1 {
				k := bits.TrailingZeros8(wm)
				x := op[k] & r[k]
				if x == 0 {
					continue
				}
				got = true
				if op[k] &^= x; op[k] == 0 {
					live[s] &^= 1 << k
				}
				for _, sg := range lv.seg[k] {
					w += float64(float64(bits.OnesCount64(x&sg.mask)) * sg.p)
				}
			}
			if !got {
				continue
			}
			val[s] += float64(w * tn.G[c])
			tn.record(cell(n, s), c, w)
			if live[s] == 0 {
				active &^= 1 << s
			}
		}
		if active == 0 {
			break
		}
	}
	for s := lo; s <= hi; s++ {
		tn.G[cell(n, s)] = val[s]
	}
}
func (tn *refTurn) mergeLevel(n int) {
	lo, hi := Dice-n, Dice*(Dice-n)
	if n == 0 {
		lo, hi = Dice, MaxSum
	}
	add := tn.add[:0]
	for s := hi; s >= lo; s-- {
		// Insertion sort: best first, ties by cell (c is lower than every
		// cell in add: it goes before equal ones). The values mostly rise
		// with s: going down, a cell mostly stays last.
		c := int16(cell(n, s))
		i := len(add)
		add = append(add, c)
		for i > 0 && tn.G[add[i-1]] <= tn.G[c] {
			add[i] = add[i-1]
			i--
		}
		add[i] = c
	}
	old, out := tn.order, tn.old[:0]
	i, k := 0, 0
	for i < len(old) || k < len(add) {
		// Of equal values the lower cell first: the old cells are of fewer
		// dice in the cup, lower cells.
		if k == len(add) || (i < len(old) && tn.G[old[i]] >= tn.G[add[k]]) {
			out = append(out, old[i])
			i++
		} else {
			out = append(out, add[k])
			k++
		}
	}
	tn.order, tn.old, tn.add = out, old, add
}

// The solve against the reference (refTurn) to the last bit: values,
// choices and the order, for random utilities (also with ties everywhere)
// and for the turns of real positions of the three-player table, first
// solved, then checked and solved again from 30 for another value of the
// 30s, as the ring solver does.
func TestSolveMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(23))
	tb := table(3)
	var us [][2]Utility
	for trial := range 60 {
		var u, v Utility
		for s := Dice; s <= MaxSum; s++ {
			u[s] = rng.Float64()
			if trial%3 == 1 {
				u[s] = float64(rng.Intn(3))
			}
			v[s] = u[s]
			if s >= validate.DreissigLine {
				v[s] = rng.Float64()
			}
		}
		us = append(us, [2]Utility{u, v})
	}
	a := make([]int, 3)
	var o outcomes
	for range 200 {
		tb.accounts(rng.Intn(tb.states()), a)
		tb.outcomesOf(a, &o)
		var u, v Utility
		o.utility(rng.Float64(), &u)
		o.utility(rng.Float64(), &v)
		us = append(us, [2]Utility{u, v})
	}
	var tn Turn
	var ref refTurn
	for i, uv := range us {
		tn.Solve(&uv[0])
		ref.solve(&uv[0])
		sameTurn(t, i, "solve", &tn, &ref)
		tn.reevaluate(&uv[1], tolerance)
		ref.G = tn.G // the check is the same code for both
		tn.resolveCycle(&uv[1])
		ref.resolveCycle(&uv[1])
		sameTurn(t, i, "solve again from 30", &tn, &ref)
	}
}

func sameTurn(t *testing.T, i int, what string, tn *Turn, ref *refTurn) {
	t.Helper()
	if !slices.Equal(tn.order, ref.order) {
		t.Fatalf("utility %d, %s: order %v, reference %v", i, what, tn.order, ref.order)
	}
	for c := range cellCount {
		if math.Float64bits(tn.G[c]) != math.Float64bits(ref.G[c]) {
			t.Fatalf("utility %d, %s, cell %d: %v, reference %v", i, what, c, tn.G[c], ref.G[c])
		}
		n, s := c/(MaxSum+1), c%(MaxSum+1)
		if lo, hi := sumRange(n); n == 0 || s < lo || s > hi {
			continue
		}
		cs, rc := tn.recCell[tn.recFrom[c]:tn.recTo[c]], ref.recCell[ref.recFrom[c]:ref.recTo[c]]
		ws, rw := tn.recW[tn.recFrom[c]:tn.recTo[c]], ref.recW[ref.recFrom[c]:ref.recTo[c]]
		if !slices.Equal(cs, rc) || !slices.Equal(ws, rw) {
			t.Fatalf("utility %d, %s, cell %d: choices %v %v, reference %v %v", i, what, c, cs, ws, rc, rw)
		}
	}
}
