package win

import (
	"math"
	"math/bits"
	"slices"
	"unsafe"
)

// A vecTurn's levels by the level plan (plan.go): throwOn takes each
// throw's best keep for value me, of equal ones the first in the throw's
// order, and adds its values. A level's plan finds the best of each set of
// outcomes once; with the outcome's rank (an order every throw's outcomes
// follow, keepOrder) it finds the keep too: of equal values the lowest
// rank, the first in every throw that holds the set. The keeps are then
// throwOn's, the values added in the same order, so every value keeps its
// bits (TestVecPlannedSame).

// vecPlanned: solve takes the planned levels where it can (off only in
// the test that compares the two).
var vecPlanned = true

// keepOrder is a rank of the offsets (0 … maxOff) in which the outcomes of
// every throw of the plan's states rise; nil where the throws' orders
// contradict each other.
func keepOrder(tg *turnGraph) []int32 {
	n := int(tg.maxOff) + 1
	for _, off := range tg.offs {
		n = max(n, int(off)+1)
	}
	next := make([][]int32, n) // a before b in a throw: a → b
	in := make([]int, n)
	for s := range tg.ns { // the throws the plan's sets stand for
		if tg.fresh[s] || int(tg.sameQ[s]) != s {
			continue
		}
		for _, th := range tg.throws[tg.throwsOf[s]:tg.throwsOf[s+1]] {
			offs := tg.offs[th.Lo:th.Hi]
			for i := 1; i < len(offs); i++ {
				a, b := offs[i-1], offs[i]
				next[a] = append(next[a], b)
				in[b]++
			}
		}
	}
	rank := make([]int32, n)
	var ready []int32
	for x := range n {
		if in[x] == 0 {
			ready = append(ready, int32(x))
		}
	}
	done := 0
	for len(ready) > 0 {
		x := ready[0]
		ready = ready[1:]
		rank[x] = int32(done)
		done++
		for _, y := range next[x] {
			if in[y]--; in[y] == 0 {
				ready = append(ready, y)
			}
		}
	}
	if done < n { // a cycle: some throws list two outcomes the other way round
		return nil
	}
	return rank
}

// keeps is a planned level's scratch: per set its greatest value and keep,
// as one 128-bit number (hi: the value's key, lo: the keep's code).
type keeps struct {
	m []setKeep
	// raw: hi is the value's bits (every value in [+0, 2)), not keyOf's
	raw bool
	// ranked: how many more levels to take with ranks from the start
	ranked int
}

type setKeep struct{ hi, lo uint64 }

func newKeeps(n int) *keeps { return &keeps{m: make([]setKeep, n)} }

// planned reports whether solve may take vt's levels by the plan.
func (vt *vecTurn) planned() bool {
	pl := vt.tg.plan
	return vecPlanned && vecRows && vt.byPlan && pl != nil && pl.rank != nil && vt.rc == nil && !vt.noSame
}

// keyOf is x's bits in the order of the numbers, −0 as +0 (equal numbers,
// equal keys); a NaN with its sign bit clear above +Inf, set below −Inf.
func keyOf(x float64) uint64 {
	b := math.Float64bits(x + 0) // −0 + 0 = +0, nothing else changes
	return b ^ (uint64(int64(b)>>63) | 1<<63)
}

var keyLo, keyHi = keyOf(math.Inf(-1)), keyOf(math.Inf(1))

// keepCode is an outcome's code: of two, the higher has the lower rank;
// its low 32 bits are its offset.
func keepCode(off, rank int32) uint64 { return uint64(^uint32(rank))<<32 | uint64(uint32(off)) }

// keyOp is a step of bestKeeps: set k (in bytes into the keeps) is the
// greater of set p's (p == k: none yet) and the outcome at off (in bytes
// into the row) with its code.
type keyOp struct {
	k, p, off int32
	code      uint64
}

// layKeeps lays out bestKeeps' steps from the plan's.
func (pl *levelPlan) layKeeps() {
	for _, op := range pl.first {
		off := op.off / 8
		pl.keyFirst = append(pl.keyFirst, keyOp{k: 2 * op.k, p: 2 * op.k, off: op.off, code: keepCode(off, pl.rank[off])})
	}
	for _, op := range pl.more {
		off := op.off / 8
		pl.keyMore = append(pl.keyMore, keyOp{k: 2 * op.k, p: 2 * op.p, off: op.off, code: keepCode(off, pl.rank[off])})
	}
}

// bestKeeps fills kp with every set's best outcome for value me at the
// row own (own[off]: the outcome at offset off): the greatest value, of
// equal ones the lowest rank, as throwOn's keep takes it (NaN never). Where
// every value of the row's outcomes lies in [+0, 2) (chances: not −0, not
// NaN) and no two compared are equal, the greatest of two is the greater
// of their bits and the keep its outcome's (one compare a step, no
// ranks); else rankedKeeps. It reports false where a set's greatest value
// is NaN or −Inf, which throwOn's keep passes over (the level then state
// by state).
func (pl *levelPlan) bestKeeps(own []float64, kp *keeps) bool {
	n := len(pl.parent)
	if len(own) < pl.reach || len(kp.m) < n {
		panic("win: a level's rows are shorter than its plan reads")
	}
	ob, mb := unsafe.Pointer(unsafe.SliceData(own)), unsafe.Pointer(unsafe.SliceData(kp.m))
	var or uint64 // every value's bits or-ed: in [+0, 2) where the top two bits are clear
	for _, op := range pl.keyFirst {
		b := *(*uint64)(unsafe.Add(ob, op.off))
		or |= b
		*(*setKeep)(unsafe.Add(mb, op.k)) = setKeep{b, op.code}
	}
	if kp.ranked > 0 { // the levels before tied early: with ranks from the start
		kp.ranked--
		or |= rankedSteps(ob, mb, pl.keyMore, false)
		if kp.raw = or>>62 == 0; !kp.raw {
			return pl.rankedKeeps(own, kp)
		}
		return true
	}
	tie := -1 // the first step that compares two equal values
	for i, op := range pl.keyMore {
		a := *(*setKeep)(unsafe.Add(mb, op.p))
		b := *(*uint64)(unsafe.Add(ob, op.off))
		or |= b
		hi, c := a.hi, a.lo
		if b > hi {
			hi, c = b, op.code
		}
		if b == a.hi && tie < 0 {
			tie = i
		}
		*(*setKeep)(unsafe.Add(mb, op.k)) = setKeep{hi, c}
	}
	kp.raw = or>>62 == 0
	switch {
	case !kp.raw:
		return pl.rankedKeeps(own, kp)
	case tie >= 0: // the steps before it stand (none compared equal values): on from it with ranks
		rankedSteps(ob, mb, pl.keyMore[tie:], false)
		if tie < len(pl.keyMore)/2 { // the next levels likely tie early too
			kp.ranked = rankedAhead
		}
	}
	return true
}

// rankedAhead is how many levels bestKeeps takes with ranks from the
// start after one that tied early (then it tries without again).
const rankedAhead = 8

// rankedSteps takes steps with ranks: of two equal values the higher
// code; the values by keyOf (keyed) or by their bits (all in [+0, 2)). It
// gives the values' bits or-ed.
func rankedSteps(ob, mb unsafe.Pointer, ops []keyOp, keyed bool) uint64 {
	var or uint64
	for _, op := range ops {
		a := *(*setKeep)(unsafe.Add(mb, op.p))
		bh, bl := *(*uint64)(unsafe.Add(ob, op.off)), op.code
		or |= bh
		if keyed {
			bh = keyOf(math.Float64frombits(bh))
		}
		_, borrow := bits.Sub64(a.lo, bl, 0)
		_, borrow = bits.Sub64(a.hi, bh, borrow) // 1: a < b
		mask := -borrow
		*(*setKeep)(unsafe.Add(mb, op.k)) = setKeep{a.hi ^ (a.hi^bh)&mask, a.lo ^ (a.lo^bl)&mask}
	}
	return or
}

// rankedKeeps is bestKeeps for any values: it fills kp with every set's
// best outcome for value me at the row own (own[off]: the outcome at
// offset off): the greatest value (by keyOf), of equal ones the lowest
// rank, as throwOn's keep takes it, in one step an outcome and without
// branches (the plan's steps, a parent before its sets). It reports false where a set's greatest value is NaN or −Inf,
// which throwOn's keep passes over (the level then state by state).
func (pl *levelPlan) rankedKeeps(own []float64, kp *keeps) bool {
	n := len(pl.parent)
	if len(own) < pl.reach || len(kp.m) < n {
		panic("win: a level's rows are shorter than its plan reads")
	}
	ob, mb := unsafe.Pointer(unsafe.SliceData(own)), unsafe.Pointer(unsafe.SliceData(kp.m))
	for _, op := range pl.keyFirst {
		*(*setKeep)(unsafe.Add(mb, op.k)) = setKeep{keyOf(*(*float64)(unsafe.Add(ob, op.off))), op.code}
	}
	rankedSteps(ob, mb, pl.keyMore, true)
	lo, hi := keyHi, keyLo
	for _, m := range kp.m[:n] {
		lo, hi = min(lo, m.hi), max(hi, m.hi)
	}
	return lo > keyLo && hi <= keyHi
}

// plannedOn is throwOn of state s at lv (row lv·ns) from the sets' keeps
// kp of the level: the same keeps, the same sums in the same order.
func (vt *vecTurn) plannedOn(q []float64, s, lv int, kp *keeps) {
	pl := vt.tg.plan
	w := vt.w
	row := lv * vt.tg.ns
	v := vt.v[row*w:]
	terms := pl.terms[pl.termLo[s]:pl.termLo[s+1]]
	// Every keep lies in the rows (solve checks maxOff, bestKeeps the sets),
	// every term's set in kp: read without bounds checks.
	_ = v[pl.reach*w-1]
	_ = kp.m[len(pl.parent)-1]
	vb, mb := unsafe.Pointer(unsafe.SliceData(v)), unsafe.Pointer(unsafe.SliceData(kp.m))
	at := func(t term) uintptr { return uintptr(uint32((*setKeep)(unsafe.Add(mb, uintptr(t.k)*2)).lo)) }
	switch {
	case w == 3 && len(q) == 3:
		var q0, q1, q2 float64
		for _, t := range terms {
			x := (*[3]float64)(unsafe.Add(vb, at(t)*24))
			q0 += float64(t.p * x[0])
			q1 += float64(t.p * x[1])
			q2 += float64(t.p * x[2])
		}
		q[0], q[1], q[2] = q0, q1, q2
	case w == 4 && len(q) == 4:
		var q0, q1, q2, q3 float64
		for _, t := range terms {
			x := (*[4]float64)(unsafe.Add(vb, at(t)*32))
			q0 += float64(t.p * x[0])
			q1 += float64(t.p * x[1])
			q2 += float64(t.p * x[2])
			q3 += float64(t.p * x[3])
		}
		q[0], q[1], q[2], q[3] = q0, q1, q2, q3
	default:
		clear(q)
		for _, t := range terms {
			bk := int(at(t))
			for i, x := range v[bk*w : bk*w+w] {
				q[i] += float64(t.p * x)
			}
		}
	}
	vt.addBust(q, s, lv)
}

// plannedLevel is plannedOn of every state of level lv that throws on its
// own (not at the turn's start, no earlier state that throws alike) into
// qs[s·w:]: first value me alone (plannedOwn); all w values only where a
// state that throws so (itself or one alike) throws on (a stop, where
// allowed (stops: the level's, ph: the states'), worth sv, is less); the
// others keep value me alone, which is all solve reads of them. Four
// values two states at a time, so that the two states' sums (each in its
// own order) run side by side. need is scratch (ns).
func (vt *vecTurn) plannedLevel(qs []float64, lv int, kp *keeps, stops bool, ph []bool, sv []float64, need []bool) {
	tg := vt.tg
	w, me := vt.w, vt.me
	clear(need[:tg.ns])
	vt.plannedOwns(qs, lv, kp)
	for s := range tg.ns {
		if o := int(tg.sameQ[s]); !tg.fresh[s] && !(stops && ph[s] && sv[me] >= qs[o*w+me]) {
			need[o] = true
		}
	}
	pend := -1
	for s := range tg.ns {
		switch {
		case !need[s]:
		case w != 4:
			vt.plannedOn(qs[s*w:s*w+w], s, lv, kp)
		case pend < 0:
			pend = s
		default:
			vt.plannedPair(qs, pend, s, lv, kp)
			pend = -1
		}
	}
	if pend >= 0 {
		vt.plannedOn(qs[pend*w:pend*w+w], pend, lv, kp)
	}
}

// plannedOwn is plannedOn's value me alone of state s at lv: the same sum
// of the same numbers (the value me at an index is own's there).
func (vt *vecTurn) plannedOwn(s, lv int, kp *keeps) float64 {
	pl := vt.tg.plan
	own := vt.own[lv*vt.tg.ns:]
	_ = own[pl.reach-1] // as plannedOn
	_ = kp.m[len(pl.parent)-1]
	ob, mb := unsafe.Pointer(unsafe.SliceData(own)), unsafe.Pointer(unsafe.SliceData(kp.m))
	q := 0.0
	terms := pl.terms[pl.termLo[s]:pl.termLo[s+1]]
	if kp.raw { // the keep's value is its set's greatest
		for _, t := range terms {
			q += float64(t.p * math.Float64frombits((*setKeep)(unsafe.Add(mb, uintptr(t.k)*2)).hi))
		}
	} else {
		for _, t := range terms {
			at := uintptr(uint32((*setKeep)(unsafe.Add(mb, uintptr(t.k)*2)).lo))
			q += float64(t.p * *(*float64)(unsafe.Add(ob, at*8)))
		}
	}
	return q + float64(vt.tg.bustP[s]*vt.bust[vt.me])
}

// ownsOf is the states that throw on their own, most terms first (of
// equal counts the lower state first).
func (pl *levelPlan) ownsOf(tg *turnGraph) []int32 {
	var owns []int32
	for s := range tg.ns {
		if !tg.fresh[s] && int(tg.sameQ[s]) == s {
			owns = append(owns, int32(s))
		}
	}
	n := func(s int32) int { return int(pl.termLo[s+1] - pl.termLo[s]) }
	slices.SortStableFunc(owns, func(a, b int32) int { return n(b) - n(a) })
	return owns
}

// plannedOwns is plannedOwn of every state that throws on its own into
// qs[s·w+me], two states of about as many terms at a time
// (plannedOwnPair).
func (vt *vecTurn) plannedOwns(qs []float64, lv int, kp *keeps) {
	w, me := vt.w, vt.me
	owns := vt.tg.plan.owns
	for i := 0; i+1 < len(owns); i += 2 {
		a, b := int(owns[i]), int(owns[i+1])
		qs[a*w+me], qs[b*w+me] = vt.plannedOwnPair(a, b, lv, kp)
	}
	if len(owns)%2 == 1 {
		s := int(owns[len(owns)-1])
		qs[s*w+me] = vt.plannedOwn(s, lv, kp)
	}
}

// plannedOwnPair is plannedOwn of states a and b: each state's sum in its
// own order, the two side by side (two chains of additions, not one).
func (vt *vecTurn) plannedOwnPair(a, b, lv int, kp *keeps) (float64, float64) {
	pl := vt.tg.plan
	own := vt.own[lv*vt.tg.ns:]
	_ = own[pl.reach-1] // as plannedOn
	_ = kp.m[len(pl.parent)-1]
	ob, mb := unsafe.Pointer(unsafe.SliceData(own)), unsafe.Pointer(unsafe.SliceData(kp.m))
	ta, tb := pl.terms[pl.termLo[a]:pl.termLo[a+1]], pl.terms[pl.termLo[b]:pl.termLo[b+1]]
	swapped := len(ta) < len(tb) // the longer first
	if swapped {
		a, b, ta, tb = b, a, tb, ta
	}
	ta, rest := ta[:len(tb)], ta[len(tb):]
	var qa, qb float64
	if kp.raw { // the keep's value is its set's greatest
		for i, t := range ta {
			u := tb[i]
			qa += float64(t.p * math.Float64frombits((*setKeep)(unsafe.Add(mb, uintptr(t.k)*2)).hi))
			qb += float64(u.p * math.Float64frombits((*setKeep)(unsafe.Add(mb, uintptr(u.k)*2)).hi))
		}
		for _, t := range rest {
			qa += float64(t.p * math.Float64frombits((*setKeep)(unsafe.Add(mb, uintptr(t.k)*2)).hi))
		}
	} else {
		at := func(t term) float64 {
			return *(*float64)(unsafe.Add(ob, uintptr(uint32((*setKeep)(unsafe.Add(mb, uintptr(t.k)*2)).lo))*8))
		}
		for i, t := range ta {
			u := tb[i]
			qa += float64(t.p * at(t))
			qb += float64(u.p * at(u))
		}
		for _, t := range rest {
			qa += float64(t.p * at(t))
		}
	}
	bp, bm := vt.tg.bustP, vt.bust[vt.me]
	qa, qb = qa+float64(bp[a]*bm), qb+float64(bp[b]*bm)
	if swapped {
		return qb, qa
	}
	return qa, qb
}

// plannedPair is plannedOn of states a and b (four values).
func (vt *vecTurn) plannedPair(qs []float64, a, b, lv int, kp *keeps) {
	pl := vt.tg.plan
	row := lv * vt.tg.ns
	v := vt.v[row*4:]
	ta, tb := pl.terms[pl.termLo[a]:pl.termLo[a+1]], pl.terms[pl.termLo[b]:pl.termLo[b+1]]
	_ = v[pl.reach*4-1] // as plannedOn
	_ = kp.m[len(pl.parent)-1]
	qa, qb := (*[4]float64)(qs[a*4:a*4+4]), (*[4]float64)(qs[b*4:b*4+4])
	pairSums(&v[0], &kp.m[0], ta, tb, qa, qb)
	vt.addBust(qa[:], a, lv)
	vt.addBust(qb[:], b, lv)
}

// pairSums is plannedPair's sums: of terms ta into qa, of tb into qb, each
// term's four values at its set's keep (in v, four values an outcome; m,
// the sets' keeps), each sum from 0 in its terms' order. pairSumsGo is
// the portable version; lanes_amd64.go picks AVX where the processor has
// it.
var pairSums = pairSumsGo

func pairSumsGo(v *float64, m *setKeep, ta, tb []term, qa, qb *[4]float64) {
	vb, mb := unsafe.Pointer(v), unsafe.Pointer(m)
	at := func(t term) *[4]float64 {
		return (*[4]float64)(unsafe.Add(vb, uintptr(uint32((*setKeep)(unsafe.Add(mb, uintptr(t.k)*2)).lo))*32))
	}
	var a0, a1, a2, a3, b0, b1, b2, b3 float64
	n := min(len(ta), len(tb))
	for i, t := range ta[:n] {
		u := tb[i]
		x, y := at(t), at(u)
		a0 += float64(t.p * x[0])
		b0 += float64(u.p * y[0])
		a1 += float64(t.p * x[1])
		b1 += float64(u.p * y[1])
		a2 += float64(t.p * x[2])
		b2 += float64(u.p * y[2])
		a3 += float64(t.p * x[3])
		b3 += float64(u.p * y[3])
	}
	for _, t := range ta[n:] {
		x := at(t)
		a0 += float64(t.p * x[0])
		a1 += float64(t.p * x[1])
		a2 += float64(t.p * x[2])
		a3 += float64(t.p * x[3])
	}
	for _, u := range tb[n:] {
		y := at(u)
		b0 += float64(u.p * y[0])
		b1 += float64(u.p * y[1])
		b2 += float64(u.p * y[2])
		b3 += float64(u.p * y[3])
	}
	*qa, *qb = [4]float64{a0, a1, a2, a3}, [4]float64{b0, b1, b2, b3}
}
