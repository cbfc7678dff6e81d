package kniffel

import "github.com/wuerfelblock/wuerfelblock/validate"

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
			if key := nodeKey(next, g); !e.settled(next, g) && !queued[key] {
				queued[key] = true
				out = append(out, node{next, g})
			}
		}
	}
	return out
}

// fill values nodes (the same number of open boxes, none settled): their
// children first, then eight at a time (the lanes may hold different
// sheets: only the values of the last throw differ).
func (e *endgame) fill(nodes []node) {
	if len(nodes) == 0 {
		return
	}
	if openBoxes(nodes[0].st.mask) > 1 {
		queued := map[int64]bool{}
		var kids []node
		for _, n := range nodes {
			kids = e.children(n, queued, kids)
		}
		e.fill(kids)
	}
	for i := 0; i < len(nodes); i += lanes {
		e.fillLanes(nodes[i:min(i+lanes, len(nodes))])
	}
}

// gainTable is what every open box brings for every throw on one sheet:
// idx[i][r] is the place of throw r's gain in box i (the i-th open box)
// among gains[i] (-1: the box may not take it), next[i] the sheets after.
type gainTable struct {
	n     int
	idx   [EndgameBoxes][numRolls]int8
	gains [EndgameBoxes][]int
	next  [EndgameBoxes][]state
}

// gainsOf is the gain table of st, made once per solver (sheets with one
// or two open boxes: kept with the distributions) or per end game.
func (e *endgame) gainsOf(st state) *gainTable {
	if gt, ok := e.gains[st]; ok {
		return gt
	}
	gt := e.s.sharedGains(st)
	if e.gains == nil {
		e.gains = map[state]*gainTable{}
	}
	e.gains[st] = gt
	return gt
}

// sharedGains is the gain table of st; those of sheets with fewer than
// EndgameBoxes open boxes are kept for every end game of the solver.
func (s *Solver) sharedGains(st state) *gainTable {
	if openBoxes(st.mask) == EndgameBoxes {
		return s.newGains(st)
	}
	c := s.dists()
	c.mu.Lock()
	gt, ok := c.gains[st]
	c.mu.Unlock()
	if ok {
		return gt
	}
	gt = s.newGains(st)
	c.mu.Lock()
	if _, ok := c.gains[st]; !ok {
		c.keep(gainTableBytes)
		c.gains[st] = gt
	}
	c.mu.Unlock()
	return gt
}

// newGains makes the gain table of st.
func (s *Solver) newGains(st state) *gainTable {
	gt := &gainTable{}
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if st.mask&(1<<c) != 0 {
			continue
		}
		i := gt.n
		gt.n++
		var at [maxBoxGain + 1]int8 // 1 + place; 0: not yet
		for r := range numRolls {
			gain, next, ok := s.boxGain(st, r, c)
			if !ok {
				gt.idx[i][r] = -1
				continue
			}
			if at[gain] == 0 {
				gt.gains[i] = append(gt.gains[i], gain)
				gt.next[i] = append(gt.next[i], next)
				at[gain] = int8(len(gt.gains[i]))
			}
			gt.idx[i][r] = at[gain] - 1
		}
	}
	return gt
}

// fillLanes values up to eight nodes: the best box of every last throw
// (the values after it settled), the two holds, the first throw.
func (e *endgame) fillLanes(ns []node) {
	if e.lanes == nil {
		e.lanes = new([numHolds]vec)
	}
	buf := e.lanes
	var vals [EndgameBoxes][maxBoxGain + 1]float64
	for j := range lanes {
		n := ns[min(j, len(ns)-1)]
		gt := e.gainsOf(n.st)
		for i := range gt.n {
			for k, gain := range gt.gains[i] {
				vals[i][k] = e.value(gt.next[i][k], n.g+gain)
			}
		}
		for r := range numRolls {
			best := 0.0
			for i := range gt.n {
				if k := gt.idx[i][r]; k >= 0 {
					best = max(best, vals[i][k])
				}
			}
			buf[firstRoll+r][j] = best
		}
	}
	t := tables()
	for range 2 {
		averageDown(buf, &t.child)
		bestHolds(buf, &t.edgeStart, &t.edges[0])
	}
	var out vec
	for r := range numRolls {
		p, x := t.prob[r], &buf[firstRoll+r]
		for j := range out {
			out[j] += p * x[j]
		}
	}
	for j, n := range ns {
		e.memo[nodeKey(n.st, n.g)] = out[j]
	}
}
