package kniffel

import (
	"math"
	"sync"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The sheets after the first turn of the end game are many (a few hundred
// pairs of a sheet and the points gained so far) and small: they are valued
// level by level, the sheets with one open box first, eight gains of one
// sheet at a time with the table's kernels (the same lanes and the same
// arithmetic as the solver: averageDown, bestHolds).

// node is a sheet of the end game after gaining g points.
type node struct {
	st state
	g  int
}

func nodeKey(st state, g int) int64 {
	key := int64(st.mask)<<20 | int64(st.upper)<<14 | int64(g)<<1
	if st.kniffel50 {
		key |= 1
	}
	return key
}

// settled reports whether the chance on st after g is known without a
// turn's work: a full sheet, nothing left that changes it, or valued.
func (e *endgame) settled(st state, g int) bool {
	if st.mask == allFilled || e.same[g] > g+maxGain(st) {
		return true
	}
	_, ok := e.memo[nodeKey(st, g)]
	return ok
}

// boxGain is what box c brings on st for throw r and the sheet after it.
func (s *Solver) boxGain(st state, r int, c validate.Category) (int, state, bool) {
	if tables().kniffelFace[r] != 0 { // bonus and joker: the rules decide
		return s.gainOf(st, r, c)
	}
	gain, next := st.plainGain(c, int(tables().score[c][r]))
	return gain, next, true
}

// children appends the nodes a turn on n leads to that are not settled,
// each once (queued): every open box with each gain a throw brings in it
// (its gain table).
func (e *endgame) children(n node, queued map[int64]bool, out []node) []node {
	gt := e.gainsOf(n.st)
	for i := range gt.n {
		for k, gain := range gt.gains[i] {
			next, g := gt.next[i][k], n.g+gain
			if key := nodeKey(next, g); !queued[key] && !e.settled(next, g) {
				queued[key] = true
				out = append(out, node{next, g})
			}
		}
	}
	return out
}

// fill values nodes (the same number of open boxes, none settled): their
// children first (in sc.kids by the nodes' open boxes less one), then
// eight at a time (the lanes may hold different sheets: only the values
// of the last throw differ).
func (e *endgame) fill(nodes []node) {
	if len(nodes) == 0 {
		return
	}
	e.filled += len(nodes)
	if n := openBoxes(nodes[0].st.mask); n > 1 {
		sc := e.sc
		clear(sc.queued)
		kids := sc.kids[n-1][:0]
		for _, n := range nodes {
			kids = e.children(n, sc.queued, kids)
		}
		sc.kids[n-1] = kids
		e.fill(kids)
	}
	e.fillLevel(nodes)
}

// gainTable is what every open box brings for every throw on one sheet:
// idx[i][r] is the place of throw r's gain in box i (the i-th open box)
// among gains[i] (-1: the box may not take it), next[i] the sheets after.
type gainTable struct {
	st    state
	n     int
	sum   uint64 // a hash of n and idx
	idx   [EndgameBoxes][numRolls]int8
	gains [EndgameBoxes][]int
	next  [EndgameBoxes][]state
}

// gainsOf is the gain table of st: the root's made for this end game, the
// others' kept for every end game of the solver.
func (e *endgame) gainsOf(st state) *gainTable {
	if openBoxes(st.mask) == EndgameBoxes {
		if e.root == nil || e.root.st != st {
			e.root = e.s.newGains(st)
		}
		return e.root
	}
	if e.dc == nil {
		e.dc = e.s.dists()
	}
	return e.s.sharedGains(e.dc, st)
}

// sharedGains is the gain table of st (one or two open boxes), kept for
// every end game of the solver (within restDistsBudget).
// c is s.dists().
func (s *Solver) sharedGains(c *restDists, st state) *gainTable {
	i := endIndex(st)
	if gt := c.gains[i].Load(); gt != nil {
		return gt
	}
	gt := s.newGains(st)
	c.mu.Lock()
	if old := c.gains[i].Load(); old != nil {
		gt = old
	} else {
		c.keep(gainTableBytes)
		c.gains[i].Store(gt)
	}
	c.mu.Unlock()
	return gt
}

// newGains makes the gain table of st.
func (s *Solver) newGains(st state) *gainTable {
	tb := tables()
	gt := &gainTable{st: st}
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if st.mask&(1<<c) != 0 {
			continue
		}
		i := gt.n
		gt.n++
		var at [maxBoxGain + 1]int8 // 1 + place; 0: not yet
		bonusFrom := 1 << 30        // the points from which the box brings the upper bonus
		if c.Upper() && st.upper < upperThreshold {
			bonusFrom = upperThreshold - st.upper
		}
		for r := range numRolls {
			// boxGain, the sheet after it asked only for a new gain.
			var next state
			gain := int(tb.score[c][r])
			if tb.kniffelFace[r] != 0 { // bonus and joker: the rules decide
				var ok bool
				if gain, next, ok = s.gainOf(st, r, c); !ok {
					gt.idx[i][r] = -1
					continue
				}
			} else if gain >= bonusFrom {
				gain += upperBonus
			}
			if at[gain] == 0 {
				if tb.kniffelFace[r] == 0 {
					_, next = st.plainGain(c, int(tb.score[c][r]))
				}
				gt.gains[i] = append(gt.gains[i], gain)
				gt.next[i] = append(gt.next[i], next)
				at[gain] = int8(len(gt.gains[i]))
			}
			gt.idx[i][r] = at[gain] - 1
		}
	}
	gt.sum = uint64(14695981039346656037) ^ uint64(gt.n)
	for i := range gt.n {
		for _, k := range gt.idx[i] {
			gt.sum = (gt.sum ^ uint64(uint8(k))) * fnvPrime
		}
	}
	return gt
}

// fillScratch is what fill works in, kept between end games (fillPool):
// the lanes, the level's distinct last throws, the queues of children.
type fillScratch struct {
	lanes [numHolds]vec
	// The level's distinct last throws: a gain table (its idx) and the
	// value of each of its gains (slots[off:off+n], box by box).
	keys  []leafKey
	slots []float64
	first map[uint64]int32         // the first distinct leaf of a hash
	next  []int32                  // the next distinct leaf of the same hash (-1: none)
	value []float64                // each distinct leaf's value
	of    []int32                  // each node's distinct leaf
	owner [lanes]int32             // the distinct leaf in each lane
	vals  [EndgameBoxes][256]int64 // leafInto's, by an int8 place plus one
	// queued: the children met on the level; kids[n]: the children with n
	// open boxes.
	queued map[int64]bool
	kids   [EndgameBoxes][]node
}

// leafKey is one distinct last throw of a level.
type leafKey struct {
	gt     *gainTable
	off, n int32
}

var fillPool = sync.Pool{New: func() any {
	return &fillScratch{first: map[uint64]int32{}, queued: map[int64]bool{}}
}}

const fnvPrime = 1099511628211

// fillLevel values nodes of one level (their children valued): the best
// box of every last throw (the values after it settled), then the two
// holds and the first throw eight sheets at a time. Sheets whose last
// throws are worth the same are valued once (a lane does the same
// arithmetic whatever the others hold): the same boxes for the same throws
// (the gain tables' idx) with the same values of their gains.
func (e *endgame) fillLevel(nodes []node) {
	sc := e.sc
	clear(sc.first)
	sc.keys, sc.slots, sc.next, sc.value, sc.of = sc.keys[:0], sc.slots[:0], sc.next[:0], sc.value[:0], sc.of[:0]
	used := 0
	for _, n := range nodes {
		gt := e.gainsOf(n.st)
		off := len(sc.slots)
		for i := range gt.n {
			for k, gain := range gt.gains[i] {
				// At least 0, as a best that starts at 0 takes it.
				sc.slots = append(sc.slots, max(0, e.value(gt.next[i][k], n.g+gain)))
			}
		}
		slots := sc.slots[off:]
		h := gt.sum
		for _, x := range slots {
			h = (h ^ math.Float64bits(x)) * fnvPrime
		}
		d, ok := sc.first[h]
		for ok && d >= 0 && !sc.sameLeaf(d, gt, slots) {
			d = sc.next[d]
		}
		if ok && d >= 0 {
			sc.slots = sc.slots[:off]
			sc.of = append(sc.of, d)
			continue
		}
		u := int32(len(sc.keys))
		sc.keys = append(sc.keys, leafKey{gt, int32(off), int32(len(slots))})
		sc.next = append(sc.next, -1)
		if ok {
			sc.next[u] = sc.first[h]
		}
		sc.first[h] = u
		sc.value = append(sc.value, 0)
		sc.of = append(sc.of, u)
		sc.leafInto(used, gt, slots)
		sc.owner[used] = u
		if used++; used == lanes {
			sc.runLanes(used)
			used = 0
		}
	}
	if used > 0 {
		sc.runLanes(used)
	}
	if e.memo == nil {
		e.memo = make(map[int64]float64, e.filled)
	}
	for i, n := range nodes {
		e.memo[nodeKey(n.st, n.g)] = sc.value[sc.of[i]]
	}
}

// sameLeaf reports whether distinct leaf d has gt's boxes for the same
// throws and the same values of its gains (bit for bit).
func (sc *fillScratch) sameLeaf(d int32, gt *gainTable, slots []float64) bool {
	k := sc.keys[d]
	if int(k.n) != len(slots) || (k.gt != gt && (k.gt.n != gt.n || k.gt.idx != gt.idx)) {
		return false
	}
	for i, x := range sc.slots[k.off : k.off+k.n] {
		if math.Float64bits(x) != math.Float64bits(slots[i]) {
			return false
		}
	}
	return true
}

// leafInto puts in lane j the value of every last throw: its best box by
// gt and the values of its gains (slots), 0 if no box takes it. The
// values are never negative nor NaN: their bits order them as integers.
func (sc *fillScratch) leafInto(j int, gt *gainTable, slots []float64) {
	vals := &sc.vals // vals[i][k+1]: the bits of box i's k-th gain; vals[i][0] = 0
	for i := range gt.n {
		vals[i][0] = 0
		for k, x := range slots[:len(gt.gains[i])] {
			vals[i][k+1] = int64(math.Float64bits(x))
		}
		slots = slots[len(gt.gains[i]):]
	}
	buf, j := &sc.lanes, j&(lanes-1)
	switch gt.n {
	case 1:
		a, ia := &vals[0], &gt.idx[0]
		for r := range numRolls {
			buf[firstRoll+r][j] = math.Float64frombits(uint64(a[uint8(ia[r]+1)]))
		}
	case 2:
		a, ia, b, ib := &vals[0], &gt.idx[0], &vals[1], &gt.idx[1]
		for r := range numRolls {
			buf[firstRoll+r][j] = math.Float64frombits(uint64(max(a[uint8(ia[r]+1)], b[uint8(ib[r]+1)])))
		}
	default:
		for r := range numRolls {
			best := int64(0)
			for i := range gt.n {
				best = max(best, vals[i][uint8(gt.idx[i][r]+1)])
			}
			buf[firstRoll+r][j] = math.Float64frombits(uint64(best))
		}
	}
}

// runLanes values the first used lanes: the two holds and the first throw
// (the other lanes hold stale values, never NaN: their results go nowhere).
func (sc *fillScratch) runLanes(used int) {
	t, buf := tables(), &sc.lanes
	for range 2 {
		averageDown(buf, &t.child)
		bestHolds(buf, &t.edgeStart, &t.edges[0])
	}
	// Each lane's sum over the throws in their order, in registers.
	var o0, o1, o2, o3, o4, o5, o6, o7 float64
	for r := range numRolls {
		p, x := t.prob[r], &buf[firstRoll+r]
		o0 += float64(p * x[0])
		o1 += float64(p * x[1])
		o2 += float64(p * x[2])
		o3 += float64(p * x[3])
		o4 += float64(p * x[4])
		o5 += float64(p * x[5])
		o6 += float64(p * x[6])
		o7 += float64(p * x[7])
	}
	out := vec{o0, o1, o2, o3, o4, o5, o6, o7}
	for j := range used {
		sc.value[sc.owner[j]] = out[j]
	}
}
