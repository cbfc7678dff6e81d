package kniffel

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The end game as it was before its speed-up (issue 23's 5 ms a review):
// the reference the faster one must agree with bit for bit. refWinTurn is
// the old WinTurn: each level's sheets valued eight at a time, one lane
// per sheet (no lane shared by two sheets with the same last throws), the
// others' chances by winChances.

type refEndgame struct {
	s     *Solver
	win   []float64
	same  []int
	memo  map[int64]float64
	lanes *[numHolds]vec
	gains map[state]*gainTable
}

func refWinTurn(s *Solver, b validate.KniffelBoxes, total int, others []Dist) (*refEndgame, *turnTable) {
	st := stateOf(b)
	n := maxGain(st) + 1
	e := &refEndgame{s: s, win: winChances(total, n, others), same: make([]int, n), memo: map[int64]float64{}}
	e.same[n-1] = n
	for g := n - 2; g >= 0; g-- {
		e.same[g] = g + 1
		if e.win[g+1] == e.win[g] {
			e.same[g] = e.same[g+1]
		}
	}
	e.fill(e.children(node{st, 0}, map[int64]bool{}, nil))
	t := &WinTurn{st: st}
	e.solve(t, 0)
	return e, &t.turnTable
}

func (e *refEndgame) value(st state, g int) float64 {
	if st.mask == allFilled || e.same[g] > g+maxGain(st) {
		return e.win[g]
	}
	v, ok := e.memo[nodeKey(st, g)]
	if !ok {
		t := &WinTurn{st: st}
		e.solve(t, g)
		v = t.Value()
		e.memo[nodeKey(st, g)] = v
	}
	return v
}

func (e *refEndgame) solve(t *WinTurn, g int) {
	tb := tables()
	st := t.st
	var open [EndgameBoxes]validate.Category
	var seen [EndgameBoxes][maxBoxGain + 1]float64
	n := 0
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if st.mask&(1<<c) == 0 {
			open[n] = c
			for i := range seen[n] {
				seen[n][i] = -1
			}
			n++
		}
	}
	for r := range numRolls {
		best := 0.0
		for i, c := range open[:n] {
			var gain int
			var next state
			if tb.kniffelFace[r] != 0 {
				var ok bool
				if gain, next, ok = e.s.gainOf(st, r, c); !ok {
					continue
				}
			} else {
				gain, next = st.plainGain(c, int(tb.score[c][r]))
			}
			v := &seen[i][gain]
			if *v < 0 {
				*v = e.value(next, g+gain)
			}
			best = max(best, *v)
		}
		t.v[0][r] = best
	}
	refLattice(&t.turnTable)
}

// refLattice is the old scalar lattice of Turn and WinTurn.
func refLattice(t *turnTable) {
	tb := tables()
	var best [numHolds]float64
	for k := 0; k < 3; k++ {
		h := &t.hold[k]
		copy(h[firstRoll:], t.v[k][:])
		for i := firstRoll - 1; i >= 0; i-- {
			c := &tb.child[i]
			h[i] = (h[c[0]] + h[c[1]] + h[c[2]] + h[c[3]] + h[c[4]] + h[c[5]]) * sixth
		}
		if k == 2 {
			break
		}
		for i := range numHolds {
			best[i] = h[i]
			for _, p := range tb.parents[i] {
				best[i] = max(best[i], best[p])
			}
		}
		copy(t.v[k+1][:], best[firstRoll:])
	}
}

// refTurnAt is the old Turn: the last throw's best box, then refLattice.
func refTurnAt(s *Solver, st state) *turnTable {
	t := &Turn{s: s, st: st}
	tb := tables()
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if st.mask&(1<<c) != 0 {
			continue
		}
		next := st.mask | 1<<c
		if c.Upper() {
			f := int(c) + 1
			var up [6]float64
			for k := range up {
				pts := f * k
				bonus := 0
				if st.upper < upperThreshold && st.upper+pts >= upperThreshold {
					bonus = upperBonus
				}
				up[k] = float64(pts) + s.val[stateIndex(next, st.upper+pts, st.kniffel50)] + float64(bonus)
			}
			for r := range numRolls {
				t.v[0][r] = max(t.v[0][r], up[tb.counts[firstRoll+r][f]])
			}
			continue
		}
		rest := s.val[stateIndex(next, st.upper, st.kniffel50)]
		sc := &tb.score[c]
		for r := range numRolls {
			t.v[0][r] = max(t.v[0][r], rest+float64(sc[r]))
		}
	}
	for face := 1; face <= 6; face++ {
		r := tb.kniffelRoll[face]
		best := 0.0
		for c := validate.Category(0); c < validate.NumCategories; c++ {
			if x, ok := t.boxValue(r, c); ok {
				best = max(best, x.Expected)
			}
		}
		t.v[0][r] = best
	}
	refLattice(&t.turnTable)
	return &t.turnTable
}

// Turn gives every value bit for bit as before its lattice was sped up, on
// sheets of every stage of the game, with and without the joker.
func TestTurnAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 54))
	for _, v := range []variant{kniffelPlain, kniffelJoker} {
		s := solverFor(t, v)
		for range 60 {
			b := randomSheet(rng)
			sameTurnTable(t, "Turn", &s.Turn(b).turnTable, refTurnAt(s, stateOf(b)))
		}
	}
}

func (e *refEndgame) settled(st state, g int) bool {
	if st.mask == allFilled || e.same[g] > g+maxGain(st) {
		return true
	}
	_, ok := e.memo[nodeKey(st, g)]
	return ok
}

func (e *refEndgame) gainsOf(st state) *gainTable {
	if gt, ok := e.gains[st]; ok {
		return gt
	}
	gt := refNewGains(e.s, st)
	if e.gains == nil {
		e.gains = map[state]*gainTable{}
	}
	e.gains[st] = gt
	return gt
}

// refNewGains is the old newGains: every throw's boxGain.
func refNewGains(s *Solver, st state) *gainTable {
	gt := &gainTable{st: st}
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if st.mask&(1<<c) != 0 {
			continue
		}
		i := gt.n
		gt.n++
		var at [maxBoxGain + 1]int8
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

// The gain tables are those every throw's boxGain makes, on random sheets
// with one to three open boxes.
func TestGainsAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(55, 56))
	for _, v := range []variant{kniffelPlain, kniffelJoker} {
		s := solverFor(t, v)
		for range 200 {
			st := stateOf(randomEndSheet(rng))
			got, want := s.newGains(st), refNewGains(s, st)
			got.sum = 0
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%+v: gain table %+v, before %+v", st, got, want)
			}
		}
	}
}

func (e *refEndgame) children(n node, queued map[int64]bool, out []node) []node {
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

func (e *refEndgame) fill(nodes []node) {
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

func (e *refEndgame) fillLanes(ns []node) {
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
			out[j] += float64(p * x[j])
		}
	}
	for j, n := range ns {
		e.memo[nodeKey(n.st, n.g)] = out[j]
	}
}

// refBoxes is the old WinTurn.Boxes' chance of each box for throw r.
func (e *refEndgame) refBox(st state, r int, c validate.Category) (float64, bool) {
	gain, next, ok := e.s.gainOf(st, r, c)
	if !ok {
		return 0, false
	}
	return e.value(next, gain), true
}

// sameTurnTable fails t where got and want differ in any bit.
func sameTurnTable(t *testing.T, what string, got, want *turnTable) {
	t.Helper()
	for k := range got.v {
		for r := range got.v[k] {
			if math.Float64bits(got.v[k][r]) != math.Float64bits(want.v[k][r]) {
				t.Fatalf("%s: throw %d with %d left: %v, before %v", what, r, k, got.v[k][r], want.v[k][r])
			}
		}
	}
	for k := range got.hold {
		for h := range got.hold[k] {
			if math.Float64bits(got.hold[k][h]) != math.Float64bits(want.hold[k][h]) {
				t.Fatalf("%s: hold %d with %d left: %v, before %v", what, h, k, got.hold[k][h], want.hold[k][h])
			}
		}
	}
}

// endgameCase is a random end game: the mover's sheet and total, the
// others' distributions (1 to 4 others, on sheets with 0 to 3 open boxes).
func endgameCase(t *testing.T, s *Solver, rng *rand.Rand) (validate.KniffelBoxes, int, []Dist) {
	t.Helper()
	others := make([]Dist, 1+rng.IntN(4))
	for i := range others {
		b := randomEndSheet(rng)
		if rng.IntN(6) == 0 {
			b = validate.KniffelBoxes{}
			for c := range b.Filled {
				b.Filled[c] = true
			}
		}
		d, err := s.FinalDist(b, 150+rng.IntN(80))
		if err != nil {
			t.Fatal(err)
		}
		others[i] = d
	}
	return randomEndSheet(rng), 140 + rng.IntN(80), others
}

// WinTurn gives every value of the turn and of every box, bit for bit, as
// the end game did before its speed-up, on random end games of 2 to 5
// players with and without the joker.
func TestWinTurnAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	for _, v := range []variant{kniffelPlain, kniffelJoker} {
		s := solverFor(t, v)
		for i := range 40 {
			b, total, others := endgameCase(t, s, rng)
			w, err := s.WinTurn(b, total, others)
			if err != nil {
				t.Fatal(err)
			}
			ref, want := refWinTurn(s, b, total, others)
			sameTurnTable(t, "WinTurn", &w.turnTable, want)
			for _, d := range allRolls() {
				r := tables().holdOf(d) - firstRoll
				for _, bx := range w.Boxes(d) {
					x, ok := ref.refBox(stateOf(b), r, bx.Category)
					if !ok || math.Float64bits(x) != math.Float64bits(bx.Win) {
						t.Fatalf("case %d, %v in %v: %v, before %v (%v)", i, d, bx.Category, bx.Win, x, ok)
					}
				}
			}
		}
	}
}

// refRestDist is the old restDist (no cache across calls: memo is the
// test's), on the old Turn and its old policy.
func refRestDist(s *Solver, st state, memo map[state]Dist) Dist {
	if st.mask == allFilled {
		return Point(0)
	}
	if d, ok := memo[st]; ok {
		return d
	}
	t := &Turn{s: s, st: st, turnTable: *refTurnAt(s, st)}
	fin := refFinalMass(t)
	var outs []turnEnd
	for r, m := range fin {
		if m == 0 {
			continue
		}
		b := t.policyBox(r)
		next := t.st.after(b)
		gain := b.Points + b.UpperBonus + b.KniffelBonus
		i := 0
		for i < len(outs) && (outs[i].next != next || outs[i].gain != gain) {
			i++
		}
		if i == len(outs) {
			outs = append(outs, turnEnd{next: next, gain: gain})
		}
		outs[i].p += m
	}
	lo, hi := 1<<30, -1
	rests := make([]Dist, len(outs))
	for i, o := range outs {
		rests[i] = refRestDist(s, o.next, memo)
		lo, hi = min(lo, o.gain+rests[i].Min), max(hi, o.gain+rests[i].Max())
	}
	d := Dist{Min: lo, P: make([]float64, hi-lo+1)}
	for i, o := range outs {
		off := o.gain + rests[i].Min - lo
		for j, p := range rests[i].P {
			d.P[off+j] += float64(o.p * p)
		}
	}
	memo[st] = d
	return d
}

func refPolicyHold(t *Turn, r, throwsLeft int) int {
	roll := firstRoll + r
	best, bestV, bestN := -1, 0.0, int8(0)
	tb := tables()
	for _, h := range subHolds()[r] {
		v := t.hold[throwsLeft-1][h]
		if int(h) == roll {
			v = t.v[0][r]
		}
		if n := tb.size[h]; best < 0 || v > bestV || (v == bestV && n > bestN) {
			best, bestV, bestN = int(h), v, n
		}
	}
	return best
}

func refFinalMass(t *Turn) [numRolls]float64 {
	tb := tables()
	var fin [numRolls]float64
	cur := tb.prob
	var node [numHolds]float64
	for k := 2; k >= 1; k-- {
		clear(node[:])
		for r, m := range cur {
			if m == 0 {
				continue
			}
			if h := refPolicyHold(t, r, k); h == firstRoll+r {
				fin[r] += m
			} else {
				node[h] += m
			}
		}
		for h := 0; h < firstRoll; h++ {
			if m := node[h]; m != 0 {
				p := float64(m * sixth)
				for _, c := range tb.child[h] {
					node[c] += p
				}
			}
		}
		copy(cur[:], node[firstRoll:])
	}
	for r, m := range cur {
		fin[r] += m
	}
	return fin
}

// FinalDist gives every chance bit for bit as before (the old Turn, policy
// and sums, nothing kept by the solver), on random end sheets of both
// variants, the solver's caches warm from the earlier ones.
func TestFinalDistAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(57, 58))
	for _, v := range []variant{kniffelPlain, kniffelJoker} {
		s := solverFor(t, v)
		memo := map[state]Dist{}
		for i := range 30 {
			b := randomEndSheet(rng)
			total := rng.IntN(250)
			got, err := s.FinalDist(b, total)
			if err != nil {
				t.Fatal(err)
			}
			want := refRestDist(s, stateOf(b), memo)
			if got.Min != total+want.Min || len(got.P) != len(want.P) {
				t.Fatalf("case %d: from %d, %d chances; before from %d, %d", i, got.Min, len(got.P), total+want.Min, len(want.P))
			}
			for j := range got.P {
				if math.Float64bits(got.P[j]) != math.Float64bits(want.P[j]) {
					t.Fatalf("case %d: chance of %d %v, before %v", i, got.Min+j, got.P[j], want.P[j])
				}
			}
		}
	}
}

// Possible (a table) says what a scan of every throw's points says.
func TestPossibleAsBefore(t *testing.T) {
	tb := tables()
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		for points := -2; points <= 60; points++ {
			want := points == 0
			for r := range numRolls {
				want = want || int(tb.score[c][r]) == points
			}
			if got := Possible(c, points); got != want {
				t.Errorf("Possible(%s, %d) = %v, the scan %v", c.ID(), points, got, want)
			}
		}
	}
}
