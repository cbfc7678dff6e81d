package dreissig

import (
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// A turn of Dreißig tot, seen by the player who throws: the state is the
// number of dice in the cup and the pips set aside so far; after each throw
// of all dice in the cup at least one die goes aside; when all six are
// aside their sum S (6 … 36) is the turn's outcome. Given what each outcome
// is worth to the player (u[S]), the turn is solved backwards exactly: the
// value of a state is the expectation over the throws of the best keep.

// Dice is the number of dice of the game.
const Dice = 6

// MaxSum is the largest sum of six dice.
const MaxSum = 6 * Dice

// cellCount is the size of the grid of states (dice in the cup 0 … 6, pips
// aside 0 … 36); cell n*37+s.
const cellCount = (Dice + 1) * (MaxSum + 1)

func cell(n, s int) int { return n*(MaxSum+1) + s }

// Utility is what each outcome of the six dice is worth to the player,
// indexed by the sum (6 … 36; the other entries are unused).
type Utility [MaxSum + 1]float64

// level is every throw of n dice: the distinct throws (as multisets), their
// chances, and for each keep of j dice with t pips the set of throws that
// allow it (a bit per throw).
type level struct {
	n     int
	rolls [][Dice + 1]int8 // counts per face
	prob  []float64
	words int
	all   [8]uint64
	// seg[k]: the throws of word k by chance (the throws are sorted by it).
	seg [8][]segment
	// segMask, segP: seg as four entries per word (an entry beyond the
	// word's segments has no throws and chance 0: it adds +0, nothing).
	segMask [8][4]uint64
	segP    [8][4]float64
	reach   [Dice + 1][MaxSum + 1][8]uint64
}

var levels = sync.OnceValue(func() [Dice + 1]*level {
	var ls [Dice + 1]*level
	for n := 1; n <= Dice; n++ {
		ls[n] = newLevel(n)
	}
	return ls
})

func newLevel(n int) *level {
	lv := &level{n: n}
	var c [Dice + 1]int8
	var gen func(face, left int)
	gen = func(face, left int) {
		if face == Dice {
			c[face] = int8(left)
			lv.rolls = append(lv.rolls, c)
			return
		}
		for k := left; k >= 0; k-- {
			c[face] = int8(k)
			gen(face+1, left-k)
		}
	}
	gen(1, n)
	slices.SortStableFunc(lv.rolls, func(a, b [Dice + 1]int8) int {
		pa, pb := multinomial(a, n), multinomial(b, n)
		switch {
		case pa < pb:
			return -1
		case pa > pb:
			return 1
		}
		return 0
	})
	lv.words = (len(lv.rolls) + 63) / 64
	for i, r := range lv.rolls {
		lv.prob = append(lv.prob, multinomial(r, n))
		lv.all[i/64] |= 1 << (i % 64)
		eachKeep(r, func(k [Dice + 1]int8, j, t int) {
			lv.reach[j][t][i/64] |= 1 << (i % 64)
		})
		k := i / 64
		if sg := lv.seg[k]; len(sg) == 0 || sg[len(sg)-1].p != lv.prob[i] {
			lv.seg[k] = append(lv.seg[k], segment{p: lv.prob[i]})
		}
		lv.seg[k][len(lv.seg[k])-1].mask |= 1 << (i % 64)
	}
	for k, sg := range lv.seg {
		for i, g := range sg {
			lv.segMask[k][i], lv.segP[k][i] = g.mask, g.p
		}
	}
	return lv
}

// segment is the throws of one word that have one chance.
type segment struct {
	mask uint64
	p    float64
}

// multinomial is the chance of the throw with counts r of n dice.
func multinomial(r [Dice + 1]int8, n int) float64 {
	p := 1.0
	m := 0
	for f := 1; f <= Dice; f++ {
		for i := 1; i <= int(r[f]); i++ {
			m++
			p = p * float64(m) / float64(i)
		}
	}
	for range n {
		p /= 6
	}
	return p
}

// eachKeep visits every distinct non-empty keep of the throw r (as counts),
// with its number of dice j and pips t.
func eachKeep(r [Dice + 1]int8, f func(k [Dice + 1]int8, j, t int)) {
	var k [Dice + 1]int8
	var gen func(face, j, t int)
	gen = func(face, j, t int) {
		if face > Dice {
			if j > 0 {
				f(k, j, t)
			}
			return
		}
		for x := int8(0); x <= r[face]; x++ {
			k[face] = x
			gen(face+1, j+int(x), t+int(x)*face)
		}
		k[face] = 0
	}
	gen(1, 0, 0)
}

// sums of n dice in the cup: the pips aside range over the sums of 6−n dice.
func sumRange(n int) (lo, hi int) { return Dice - n, Dice * (Dice - n) }

// Turn is a solved turn: the value of every state under best play for u,
// and the best play itself (which cell each throw moves to, with its
// chance), for the chances of the outcomes.
type Turn struct {
	G [cellCount]float64
	// choices of state c: recCell/recW[recFrom[c]:recTo[c]].
	recFrom, recTo [cellCount]int32
	recCell        []int16
	recW           []float64
	order          []int16 // the cells below six dice, best first, as solved
	orderV         []float64
	old            []int16
	oldV           []float64
	// from: only the states that can still reach a sum of at least from
	// are solved (resolveCycle); 0: all.
	from int
}

// recBase is where each state's choices start in recCell and recW: a
// state of n dice in the cup moves to at most 5n(n+1)/2 + n cells (six
// dice: 111); recBase[cellCount] is their total.
var recBase = func() (b [cellCount + 1]int32) {
	at := int32(0)
	for c := range cellCount {
		b[c] = at
		n, s := c/(MaxSum+1), c%(MaxSum+1)
		if lo, hi := sumRange(n); n > 0 && s >= lo && s <= hi {
			at += int32(5*n*(n+1)/2 + n)
		}
	}
	b[cellCount] = at
	return b
}()

// Solve solves the turn for u (the receiver is reused: no allocation once warm).
func (tn *Turn) Solve(u *Utility) {
	ls := levels()
	if tn.recCell == nil {
		tn.recCell, tn.recW = choiceBuffers()
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

// resolveCycle solves the turn again for u where only the outcomes of 30
// and more differ from the last solve's (the ring's value of the 30s
// changed): the states that cannot reach 30 keep their values and play.
func (tn *Turn) resolveCycle(u *Utility) {
	tn.from = validate.DreissigLine
	tn.Solve(u)
	tn.from = 0
}

// solveOne solves the states of one die in the cup: it goes aside.
func (tn *Turn) solveOne() {
	lo, hi := sumRange(1)
	lo = max(lo, tn.from-Dice)
	for s := lo; s <= hi; s++ {
		c0 := cell(1, s)
		from := recBase[c0]
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

// span is the bits lo … hi of a word (states by their pips aside).
func span(lo, hi int) uint64 { return (2<<hi - 1) &^ (1<<lo - 1) }

// solveLevel1 is solveLevel for up to 64 throws (three dice or fewer).
func (tn *Turn) solveLevel1(lv *level) {
	n := lv.n
	lo, hi := sumRange(n)
	lo = max(lo, tn.from-Dice*n)
	var open [MaxSum + 1]uint64
	var val [MaxSum + 1]float64
	var at [MaxSum + 1]int32 // where each state's next choice goes
	active := span(lo, hi)   // the states with throws not yet given a cell
	for s := lo; s <= hi; s++ {
		open[s], val[s] = lv.all[0], 0
		c := cell(n, s)
		at[s] = recBase[c]
		tn.recFrom[c] = at[s]
	}
	sm, sp, recCell, recW := &lv.segMask[0], &lv.segP[0], tn.recCell, tn.recW
	reaches := &reachers[n]
	for _, c := range tn.order {
		j, to := n-int(cellDice[c]), int(cellPips[c])
		reach, g := &lv.reach[j], tn.G[c]
		for m := active & reaches[c]; m != 0; m &= m - 1 {
			s := bits.TrailingZeros64(m)
			x := open[s] & reach[to-s][0]
			if x == 0 {
				continue
			}
			open[s] &^= x
			// Up to three chances (two or three dice; an unused entry
			// adds +0).
			w := float64(float64(bits.OnesCount64(x&sm[0])) * sp[0])
			w += float64(float64(bits.OnesCount64(x&sm[1])) * sp[1])
			w += float64(float64(bits.OnesCount64(x&sm[2])) * sp[2])
			val[s] += float64(w * g)
			i := at[s]
			recCell[i], recW[i], at[s] = c, w, i+1
			if open[s] == 0 {
				active &^= 1 << s
			}
		}
		if active == 0 {
			break
		}
	}
	for s := lo; s <= hi; s++ {
		tn.G[cell(n, s)], tn.recTo[cell(n, s)] = val[s], at[s]
	}
}

// solveLevel solves the states of lv.n dice in the cup: going down the
// cells best first, each throw goes to the first cell it can reach.
func (tn *Turn) solveLevel(lv *level) {
	n := lv.n
	lo, hi := sumRange(n)
	lo = max(lo, tn.from-Dice*n)
	var open [MaxSum + 1][8]uint64
	var val [MaxSum + 1]float64
	var at [MaxSum + 1]int32 // where each state's next choice goes
	active := span(lo, hi)   // the states with throws not yet given a cell
	for s := lo; s <= hi; s++ {
		open[s], val[s] = lv.all, 0
		c := cell(n, s)
		at[s] = recBase[c]
		tn.recFrom[c] = at[s]
	}
	recCell, recW, words := tn.recCell, tn.recW, lv.words
	reaches := &reachers[n]
	for _, c := range tn.order {
		j, to := n-int(cellDice[c]), int(cellPips[c])
		reach, g := &lv.reach[j], tn.G[c]
		for m := active & reaches[c]; m != 0; m &= m - 1 {
			s := bits.TrailingZeros64(m)
			r, op := &reach[to-s], &open[s]
			var nz uint8 // hitWords, inlined where it is two or four words
			switch words {
			case 2:
				nz = nonZero(op[0]&r[0]) | nonZero(op[1]&r[1])<<1
			case 4:
				nz = nonZero(op[0]&r[0]) | nonZero(op[1]&r[1])<<1 | nonZero(op[2]&r[2])<<2 | nonZero(op[3]&r[3])<<3
			default:
				nz = hitWords(op, r, words)
			}
			if nz == 0 {
				continue
			}
			w := 0.0
			if words == 2 {
				// Both words, without a branch on which took throws (a word
				// without adds +0).
				x0, x1 := op[0]&r[0], op[1]&r[1]
				op[0], op[1] = op[0]&^x0, op[1]&^x1
				sm, sp := &lv.segMask, &lv.segP
				w += float64(float64(bits.OnesCount64(x0&sm[0][0])) * sp[0][0])
				w += float64(float64(bits.OnesCount64(x0&sm[0][1])) * sp[0][1])
				w += float64(float64(bits.OnesCount64(x0&sm[0][2])) * sp[0][2])
				w += float64(float64(bits.OnesCount64(x0&sm[0][3])) * sp[0][3])
				w += float64(float64(bits.OnesCount64(x1&sm[1][0])) * sp[1][0])
				w += float64(float64(bits.OnesCount64(x1&sm[1][1])) * sp[1][1])
				w += float64(float64(bits.OnesCount64(x1&sm[1][2])) * sp[1][2])
				w += float64(float64(bits.OnesCount64(x1&sm[1][3])) * sp[1][3])
				nz = 0
			}
			for ; nz != 0; nz &= nz - 1 {
				k := bits.TrailingZeros8(nz)
				x := op[k] & r[k]
				op[k] &^= x
				sm, sp := &lv.segMask[k], &lv.segP[k]
				w += float64(float64(bits.OnesCount64(x&sm[0])) * sp[0])
				w += float64(float64(bits.OnesCount64(x&sm[1])) * sp[1])
				w += float64(float64(bits.OnesCount64(x&sm[2])) * sp[2])
				w += float64(float64(bits.OnesCount64(x&sm[3])) * sp[3])
			}
			val[s] += float64(w * g)
			i := at[s]
			recCell[i], recW[i], at[s] = c, w, i+1
			// The words past lv.words are 0.
			if op[0]|op[1]|op[2]|op[3]|op[4]|op[5]|op[6]|op[7] == 0 {
				active &^= 1 << s
			}
		}
		if active == 0 {
			break
		}
	}
	for s := lo; s <= hi; s++ {
		tn.G[cell(n, s)], tn.recTo[cell(n, s)] = val[s], at[s]
	}
}

// hitWords is a bit for each of the first words words where a and b share
// a throw, without a branch per word.
func hitWords(a, b *[8]uint64, words int) uint8 {
	nz := nonZero(a[0]&b[0]) | nonZero(a[1]&b[1])<<1
	if words == 2 {
		return nz
	}
	nz |= nonZero(a[2]&b[2])<<2 | nonZero(a[3]&b[3])<<3
	if words == 4 {
		return nz
	}
	return nz | nonZero(a[4]&b[4])<<4 | nonZero(a[5]&b[5])<<5 | nonZero(a[6]&b[6])<<6 | nonZero(a[7]&b[7])<<7
}

// nonZero is 1 where x has a bit set, else 0.
func nonZero(x uint64) uint8 { return uint8((x | -x) >> 63) }

// reachers[n][c] is the states of n dice in the cup (a bit per pips
// aside) that can reach cell c of fewer dice, keeping n − (c's dice) with
// c's pips minus theirs; 0 for a cell of n dice or more.
var reachers = func() (r [Dice + 1][cellCount]uint64) {
	for n := 1; n <= Dice; n++ {
		lo, hi := sumRange(n)
		for c := range cellCount {
			j, to := n-c/(MaxSum+1), c%(MaxSum+1)
			if a, b := max(lo, to-Dice*j), min(hi, to-j); j > 0 && a <= b {
				r[n][c] = span(a, b)
			}
		}
	}
	return r
}()

// cellDice and cellPips are the dice in the cup and the pips aside of each
// cell.
var cellDice, cellPips = func() (d, p [cellCount]int8) {
	for c := range cellCount {
		d[c], p[c] = int8(c/(MaxSum+1)), int8(c%(MaxSum+1))
	}
	return d, p
}()

// mergeLevel adds the cells of n dice in the cup to the order, best first
// (ties by cell, so that the order is deterministic). orderV keeps the
// order's values, and after them −∞ (so that neither list runs out).
func (tn *Turn) mergeLevel(n int) {
	lo, hi := Dice-n, Dice*(Dice-n)
	if n == 0 {
		lo, hi = Dice, MaxSum
		tn.orderV = append(tn.orderV[:0], math.Inf(-1))
	}
	var addC [MaxSum + 2]int16
	var addV [MaxSum + 2]float64
	m := 0
	for s := hi; s >= lo; s-- {
		// Insertion sort: best first, ties by cell (c is lower than every
		// cell added: it goes before equal ones). The values mostly rise
		// with s: going down, a cell mostly stays last.
		c := int16(cell(n, s))
		v, i := tn.G[c], m
		for i > 0 && addV[i-1] <= v {
			addC[i], addV[i] = addC[i-1], addV[i-1]
			i--
		}
		addC[i], addV[i] = c, v
		m++
	}
	addV[m] = math.Inf(-1)
	old, ov := tn.order, tn.orderV
	total := len(old) + m
	out, outV := slices.Grow(tn.old[:0], total)[:total], slices.Grow(tn.oldV[:0], total+1)[:total+1]
	i, k := 0, 0
	for t := range total {
		// Of equal values the lower cell first: the old cells are of fewer
		// dice in the cup, lower cells.
		if ov[i] >= addV[k] {
			out[t], outV[t] = old[i], ov[i]
			i++
		} else {
			out[t], outV[t] = addC[k], addV[k]
			k++
		}
	}
	outV[total] = math.Inf(-1)
	tn.order, tn.old, tn.orderV, tn.oldV = out, old, outV, ov
}

// compact packs the play into slices of their own size (a Turn kept for
// long holds only these).
// The solve's buffers go back to choicePool for the next turn solved.
func (tn *Turn) compact() {
	n := 0
	for c := range cellCount {
		n += int(tn.recTo[c] - tn.recFrom[c])
	}
	cells, ws := make([]int16, 0, n), make([]float64, 0, n)
	for c := range cellCount {
		from, to := tn.recFrom[c], tn.recTo[c]
		tn.recFrom[c] = int32(len(cells))
		cells = append(cells, tn.recCell[from:to]...)
		ws = append(ws, tn.recW[from:to]...)
		tn.recTo[c] = int32(len(cells))
	}
	if len(tn.recCell) == int(recBase[cellCount]) {
		choicePool.Put(&choiceBuf{tn.recCell, tn.recW})
	}
	tn.recCell, tn.recW = cells, ws
	tn.old, tn.orderV, tn.oldV = nil, nil, nil
}

// choiceBuf is a solve's choice buffers (Turn.recCell, recW, full size).
type choiceBuf struct {
	cells []int16
	ws    []float64
}

// choicePool keeps the buffers of turns compacted for the next solve: a
// coach per position (Table.For, a review asks one for every turn) would
// else leave its buffers a question to the collector. A solve writes every
// choice it reads, so what a buffer held before does not matter.
var choicePool sync.Pool

// choiceBuffers is a pair of full-size choice buffers, from choicePool
// where it has one.
func choiceBuffers() ([]int16, []float64) {
	if b, ok := choicePool.Get().(*choiceBuf); ok {
		return b.cells, b.ws
	}
	return make([]int16, recBase[cellCount]), make([]float64, recBase[cellCount])
}

// Value is the value of the whole turn (six dice in the cup).
func (tn *Turn) Value() float64 { return tn.G[cell(Dice, 0)] }

// At is the value of the state with n dice in the cup and s pips aside.
func (tn *Turn) At(n, s int) float64 { return tn.G[cell(n, s)] }

// Outcomes are the chances of the sums 6 … 36 under the solved play from
// the state of n dice in the cup and s pips aside.
func (tn *Turn) Outcomes(n, s int) [MaxSum + 1]float64 {
	var occ [cellCount]float64
	var out [MaxSum + 1]float64
	occ[cell(n, s)] = 1
	for m := n; m >= 1; m-- {
		lo, hi := sumRange(m)
		for t := lo; t <= hi; t++ {
			c := cell(m, t)
			if occ[c] == 0 {
				continue
			}
			ws := tn.recW[tn.recFrom[c]:tn.recTo[c]]
			cs := tn.recCell[tn.recFrom[c]:tn.recTo[c]]
			cs = cs[:len(ws)]
			for i, w := range ws {
				occ[cs[i]] += float64(occ[c] * w)
			}
		}
	}
	for s := Dice; s <= MaxSum; s++ {
		out[s] = occ[cell(0, s)]
	}
	return out
}

// reevaluate gives the solved play's values for another u that differs
// from the last one only in the outcomes of 30 and more (the ring's value
// of the 30s changed), and reports whether the play is still best for it
// (up to tol): the values must still fall along the order the play was
// chosen by. Only the states that can reach 30 are replayed: the others
// keep their values, which the replay would give to the last bit (it adds
// a state's choices in the solve's order, one die's faces summed and then
// divided as solveOne does).
func (tn *Turn) reevaluate(u *Utility, tol float64) bool {
	from := validate.DreissigLine
	for s := from; s <= MaxSum; s++ {
		tn.G[cell(0, s)] = u[s]
	}
	_, hi := sumRange(1)
	for s := from - Dice; s <= hi; s++ {
		v := 0.0
		for f := 1; f <= Dice; f++ {
			v += tn.G[cell(0, s+f)]
		}
		tn.G[cell(1, s)] = v / Dice
	}
	for n := 2; n <= Dice; n++ {
		lo, hi := sumRange(n)
		for s := max(lo, from-Dice*n); s <= hi; s++ {
			c := cell(n, s)
			ws := tn.recW[tn.recFrom[c]:tn.recTo[c]]
			cs := tn.recCell[tn.recFrom[c]:tn.recTo[c]]
			cs = cs[:len(ws)]
			v := 0.0
			for i, w := range ws {
				v += float64(w * tn.G[cs[i]])
			}
			tn.G[c] = v
		}
	}
	for i := 1; i < len(tn.order); i++ {
		if tn.G[tn.order[i]] > tn.G[tn.order[i-1]]+tol {
			return false
		}
	}
	return true
}
