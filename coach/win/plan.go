package win

import (
	"math"
	"slices"
	"unsafe"
)

// levelPlan computes one level of a turn table (tableIn) with fewer
// comparisons than throwOnValue state by state: a throw's value is the
// best of its outcomes, and many throws of different states have the same
// outcomes (the same offsets from the level's row), or outcomes that
// contain another throw's. Each such set's best is found once a level,
// from the best of the largest set inside it and the outcomes that set
// lacks; a state's value of throwing on is then its throws' chances times
// their sets' bests, added in the throws' order as before. The best of a
// set is the same number however the set is split, so every value keeps
// its bits (no outcome is a state at the turn's start, whose NaN the split
// would carry otherwise: newPlan checks).
type levelPlan struct {
	// Set k's best is the best of set parent[k]'s (−1: none) and of the
	// values at offs[lo[k]:lo[k+1]]; parents come before their sets.
	parent []int32
	lo     []int32
	offs   []int32
	// State s's throws are terms termLo[s]:termLo[s+1]: a chance and a set
	// (empty for a state whose values come from sameQ or the start).
	termLo []int32
	terms  []term
	// first: a set without a parent starts at its first offset's value;
	// more: then, in the sets' order, m[k] = best of m[p] and v[off] (p
	// is k itself or its parent).
	first []setOp
	more  []setOp
	// reach: a level's row and the rows above it that its offsets read
	reach int
	// The same steps and terms for lanes tables side by side (lanes.go):
	// every byte offset times lanes.
	lfirst, lmore []setOp
	lterms        []term
	// reachOf[s]: how many rows above a level its steps read of state s
	reachOf []int
	// rank, where not nil: every offset's place in an order that each
	// throw's outcomes follow (keepOrder); keyFirst, keyMore: the steps
	// that find each set's best outcome by it (bestKeeps, vec_plan.go)
	rank              []int32
	keyFirst, keyMore []keyOp
	// owns: the states that throw on their own (not at the turn's start,
	// no earlier state that throws alike), most terms first (plannedOwns)
	owns []int32
}

// setOp is a step of best: k and p in bytes into the sets' bests, off
// in bytes into the level's row (best reads them without bounds checks).
type setOp struct{ k, p, off int32 }

// term is a throw of a state: its chance and its set (k: in bytes into
// the sets' bests, once ordered).
type term struct {
	p float64
	k int32
}

// newPlan plans tg's levels; nil where an outcome is a state at the turn's
// start (its value there is NaN, which throwOnValue passes on only when it
// comes first).
func newPlan(tg *turnGraph) *levelPlan {
	for _, to := range tg.to {
		if tg.fresh[to] {
			return nil
		}
	}
	pl := &levelPlan{termLo: make([]int32, 1, tg.ns+1)}
	sets := map[string]int32{} // a set by its sorted offsets
	var members [][]int32
	for s := range tg.ns {
		if int(tg.sameQ[s]) == s && !tg.fresh[s] {
			for _, th := range tg.throws[tg.throwsOf[s]:tg.throwsOf[s+1]] {
				set := slices.Sorted(slices.Values(tg.offs[th.Lo:th.Hi]))
				key := string(offsKey(set))
				k, ok := sets[key]
				if !ok {
					k = int32(len(members))
					sets[key] = k
					members = append(members, set)
				}
				pl.terms = append(pl.terms, term{p: th.P, k: k})
			}
		}
		pl.termLo = append(pl.termLo, int32(len(pl.terms)))
	}
	pl.order(members, tg.ns)
	if pl.rank = keepOrder(tg); pl.rank != nil {
		pl.layKeeps()
	}
	pl.owns = pl.ownsOf(tg)
	return pl
}

func offsKey(set []int32) []byte {
	b := make([]byte, 0, 4*len(set))
	for _, x := range set {
		b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	return b
}

// order lays the sets out smallest first, each on the largest set before
// it that it contains, and renumbers the terms' sets.
func (pl *levelPlan) order(members [][]int32, ns int) {
	idx := make([]int, len(members))
	for k := range idx {
		idx[k] = k
	}
	slices.SortStableFunc(idx, func(a, b int) int { return len(members[a]) - len(members[b]) })
	at := make([]int32, len(members)) // old number → new
	pl.lo = append(pl.lo, 0)
	for n, k := range idx {
		set := members[k]
		parent := int32(-1)
		best := 0
		for _, c := range idx[:n] {
			if c := members[c]; len(c) > best && len(c) < len(set) && subset(c, set) {
				best = len(c)
			}
		}
		rest := set
		if best > 0 {
			for _, c := range idx[:n] {
				if len(members[c]) == best && subset(members[c], set) {
					parent, rest = at[c], minus(set, members[c])
					break
				}
			}
		}
		at[k] = int32(n)
		pl.parent = append(pl.parent, parent)
		pl.offs = append(pl.offs, rest...)
		pl.lo = append(pl.lo, int32(len(pl.offs)))
	}
	for t := range pl.terms {
		pl.terms[t].k = 8 * at[pl.terms[t].k]
	}
	for k, p := range pl.parent {
		offs := pl.offs[pl.lo[k]:pl.lo[k+1]]
		if p < 0 {
			pl.first = append(pl.first, setOp{k: 8 * int32(k), off: 8 * offs[0]})
			p, offs = int32(k), offs[1:]
		}
		for _, off := range offs {
			pl.more = append(pl.more, setOp{k: 8 * int32(k), p: 8 * p, off: 8 * off})
			p = int32(k)
		}
	}
	pl.more = byDepth(pl.more)
	pl.reach = int(slices.Max(append([]int32{0}, pl.offs...))) + 1
	pl.reachOf = make([]int, ns)
	for _, off := range pl.offs {
		s := int(off) % ns
		pl.reachOf[s] = max(pl.reachOf[s], int(off)/ns)
	}
	for _, op := range pl.first {
		pl.lfirst = append(pl.lfirst, setOp{k: lanes * op.k, off: lanes * op.off})
	}
	for _, op := range pl.more {
		pl.lmore = append(pl.lmore, setOp{k: lanes * op.k, p: lanes * op.p, off: lanes * op.off})
	}
	for _, t := range pl.terms {
		pl.lterms = append(pl.lterms, term{p: t.p, k: lanes * t.k})
	}
}

// byDepth orders the steps by their depth (a step that reads a set one
// deeper than the last step before it that wrote the set; a set's first
// step of first, depth 0 there): each step still after the steps it
// reads, and the steps of one depth, which do not read each other's sets,
// side by side (not one that waits for the step before it). Every set's
// steps keep their order, so every set ends with the same best (and
// keep: bestKeeps).
func byDepth(ops []setOp) []setOp {
	depth := make([]int, len(ops))
	last := map[int32]int{} // a set's depth so far (its last step's)
	for i, op := range ops {
		if d, ok := last[op.p]; ok {
			depth[i] = d + 1
		}
		last[op.k] = depth[i]
	}
	idx := make([]int, len(ops))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return depth[a] - depth[b] })
	out := make([]setOp, len(ops))
	for i, j := range idx {
		out[i] = ops[j]
	}
	return out
}

// subset reports whether sorted a lies in sorted b.
func subset(a, b []int32) bool {
	i := 0
	for _, x := range b {
		if i < len(a) && a[i] == x {
			i++
		}
	}
	return i == len(a)
}

// minus is sorted b without the members of sorted a.
func minus(b, a []int32) []int32 {
	var out []int32
	for _, x := range b {
		if _, found := slices.BinarySearch(a, x); !found {
			out = append(out, x)
		}
	}
	return out
}

// sets is how many sets a level has (the scratch levelPlanned needs).
func (pl *levelPlan) sets() int { return len(pl.parent) }

// best fills m with every set's best at the row v. The values are chances
// (no NaN, no −0), so their bits order as the numbers do. The offsets are
// checked once here (v reaches every one, m holds every set), the steps
// read and write without bounds checks.
//
//go:noinline (inlined, its loop counters spill to the stack)
func (pl *levelPlan) best(v, m []float64) {
	if len(v) < pl.reach || len(m) < len(pl.parent) {
		panic("win: a level's rows are shorter than its plan reads")
	}
	vb, mb := unsafe.Pointer(unsafe.SliceData(v)), unsafe.Pointer(unsafe.SliceData(m))
	for _, op := range pl.first {
		*(*uint64)(unsafe.Add(mb, op.k)) = *(*uint64)(unsafe.Add(vb, op.off))
	}
	for _, op := range pl.more {
		a, b := *(*uint64)(unsafe.Add(mb, op.p)), *(*uint64)(unsafe.Add(vb, op.off))
		*(*uint64)(unsafe.Add(mb, op.k)) = max(a, b)
	}
}

// throwOn is throwOnValue of state s from the sets' bests m (at least
// sets() of them: the caller's check, best's).
func (pl *levelPlan) throwOn(s int, m unsafe.Pointer) float64 {
	q := 0.0
	for _, t := range pl.terms[pl.termLo[s]:pl.termLo[s+1]] {
		q += float64(t.p * *(*float64)(unsafe.Add(m, t.k)))
	}
	return q
}

// levelPlanned computes level lv of tableIn's v and q with the plan; m is
// scratch for the sets' bests.
func (tg *turnGraph) levelPlanned(e *ends, v, q, m []float64, lv int) {
	ns := tg.ns
	row := lv * ns
	tg.plan.best(v[row:], m)
	mb := unsafe.Pointer(unsafe.SliceData(m))
	v, q = v[row:row+ns], q[row:row+ns]
	stops := tg.stopPh[lv%tg.period][:ns] // canStop, where the floor allows it
	floor := lv*step >= e.floor
	sv, _ := e.stopAt(lv)
	for s := range ns {
		if tg.fresh[s] {
			v[s], q[s] = math.NaN(), 0 // the start has no points
			continue
		}
		var x float64
		if r := int(tg.sameQ[s]); r < s {
			x = q[r] // the same sums of the same numbers
		} else {
			x = tg.plan.throwOn(s, mb) + float64(tg.bustP[s]*e.b)
		}
		q[s] = x
		if floor && stops[s] && sv >= x {
			x = sv
		}
		v[s] = x
	}
}
