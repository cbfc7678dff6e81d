package win

import (
	"fmt"
	"math"
	"slices"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// step is the grid of points: every keep, turn and total is a multiple of it.
const step = family.Step

// turnGraph is a rule set's turn (coach/family's state graph) prepared for
// the numeric passes: per state its throws, per throw its outcomes.
type turnGraph struct {
	fs       *family.Solver
	g        *family.Graph
	ns       int
	above    int       // rows above a level that a keep reaches
	fresh    []bool    // the turn's start (only at 0 points)
	stopPh   [2][]bool // a stop is allowed at high points of phase ph (besides the floor)
	period   int
	bustP    []float64 // per state the chance that its next throw busts
	throwsOf []int32   // non-bust throws of state s: throws[throwsOf[s]:throwsOf[s+1]]
	throws   []family.ThrowEdge
	// The outcomes of the throws (Lo, Hi index them) without the keeps
	// that another keep of the same throw dominates (more points, a state
	// at least as good; not in 5000, where more points can be worth less):
	// offs as in family.Graph, pts and to.
	offs, pts, to []int32
	// sameQ[s] is the least state whose throws (chances and outcomes, in
	// order) and chance to bust are those of s (s itself where there is
	// none): its value of throwing on is the same sums of the same numbers,
	// which table computes once per level.
	sameQ []int32
	// plan computes tableIn's levels (plan.go); nil: state by state.
	plan   *levelPlan
	maxOff int32 // the largest of offs
}

func newTurnGraph(fs *family.Solver) *turnGraph {
	g := fs.Graph()
	tg := &turnGraph{fs: fs, g: g, ns: g.States, above: g.MaxPts/step + 1, period: g.Period}
	tg.fresh = make([]bool, g.States)
	tg.bustP = make([]float64, g.States)
	tg.throwsOf = append(tg.throwsOf, 0)
	for s := range g.States {
		tg.fresh[s] = fs.Fresh(int32(s))
		tg.addThrows(fs, s)
	}
	for ph := 0; ph < tg.period; ph++ {
		tg.stopPh[ph] = make([]bool, g.States)
		for s := range g.States {
			// Far above any floor, of phase ph.
			tg.stopPh[ph][s] = fs.CanStop(int32(s), 1_000_000_000_000+ph*step, 0)
		}
	}
	tg.sameQ = make([]int32, g.States)
	for s := range g.States {
		tg.sameQ[s] = tg.firstSame(s)
	}
	tg.plan = newPlan(tg)
	tg.maxOff = slices.Max(append([]int32{0}, tg.offs...))
	return tg
}

// addThrows lists state s's throws with their outcomes, the dominated ones
// left out; throws whose outcomes are then the same are one, their chances
// added up.
func (tg *turnGraph) addThrows(fs *family.Solver, s int) {
	g := tg.g
	same := map[string]int{}
	for _, th := range g.Throws[g.ThrowsOf[s]:g.ThrowsOf[s+1]] {
		if th.Lo == th.Hi {
			tg.bustP[s] += th.P
			continue
		}
		lo := int32(len(tg.offs))
		for j := th.Lo; j < th.Hi; j++ {
			if g.Period == 1 && tg.dominated(fs, th, j) {
				continue
			}
			tg.offs, tg.pts, tg.to = append(tg.offs, g.Offs[j]), append(tg.pts, g.Pts[j]), append(tg.to, g.To[j])
		}
		key := fmt.Sprint(tg.offs[lo:])
		if k, ok := same[key]; ok {
			tg.throws[k].P += th.P
			tg.offs, tg.pts, tg.to = tg.offs[:lo], tg.pts[:lo], tg.to[:lo]
			continue
		}
		same[key] = len(tg.throws)
		tg.throws = append(tg.throws, family.ThrowEdge{P: th.P, Lo: lo, Hi: int32(len(tg.offs))})
	}
	tg.throwsOf = append(tg.throwsOf, int32(len(tg.throws)))
}

// firstSame is the least state (s itself if none), neither at the turn's
// start, whose throws and chance to bust are bit for bit those of s.
func (tg *turnGraph) firstSame(s int) int32 {
	for r := range s {
		if !tg.fresh[r] && !tg.fresh[s] && tg.sameThrows(r, s) {
			return int32(r)
		}
	}
	return int32(s)
}

// sameThrows reports whether states r and s throw alike: the same chance
// to bust and the same throws (chance and outcome offsets, which name the
// points and the state) in the same order.
func (tg *turnGraph) sameThrows(r, s int) bool {
	if math.Float64bits(tg.bustP[r]) != math.Float64bits(tg.bustP[s]) {
		return false
	}
	a, b := tg.throws[tg.throwsOf[r]:tg.throwsOf[r+1]], tg.throws[tg.throwsOf[s]:tg.throwsOf[s+1]]
	return slices.EqualFunc(a, b, func(x, y family.ThrowEdge) bool {
		return math.Float64bits(x.P) == math.Float64bits(y.P) && slices.Equal(tg.offs[x.Lo:x.Hi], tg.offs[y.Lo:y.Hi])
	})
}

// dominated reports whether another outcome of th is worth at least
// outcome j wherever more points are never worth less (of two alike, the
// later one goes).
func (tg *turnGraph) dominated(fs *family.Solver, th family.ThrowEdge, j int32) bool {
	g := tg.g
	for k := th.Lo; k < th.Hi; k++ {
		if k == j || g.Pts[k] < g.Pts[j] || !fs.Dominates(g.To[k], g.To[j]) {
			continue
		}
		same := g.Pts[k] == g.Pts[j] && fs.Dominates(g.To[j], g.To[k])
		if !same || k < j {
			return true
		}
	}
	return false
}

// canStop is family's CanStop read from the prepared flags.
func (tg *turnGraph) canStop(s, lv, floor int) bool {
	return lv*step >= floor && tg.stopPh[lv%tg.period][s]
}

// ends is what the end of one turn is worth to the player on turn, as a
// function of b, the value of a bust: every value is c + cb·b.
type ends struct {
	stop, stopB []float64 // by level below top: a stop with level·50 turn points (stopB nil: 0)
	top         int       // from this level on a stop is worth hi + hiB·b
	hi, hiB     float64
	b           float64 // a bust
	first       float64 // a bust on the turn's first throw (minus, nix): first + firstB·b
	firstB      float64
	floor       int // the least turn points a stop needs
	// tail, where set, gives the values above top instead of hi: those of
	// the first seat's stops over the target (final.go), at distance
	// level+tailOff from the other's total. stop then reaches as far as the
	// tail may need (see tailTop).
	tail    *tail
	tailOff int
}

// levels is where the pass stops computing and the values above come from
// highValue: top, or with a tail the least level from which it holds for b.
func (e *ends) levels() int {
	top := max(e.top, (e.floor+step-1)/step, 1)
	if e.tail != nil {
		top = max(top, min(e.tail.from(1-e.b)-e.tailOff, len(e.stop)))
	}
	return top
}

func (e *ends) stopAt(lv int) (float64, float64) {
	if lv >= len(e.stop) || e.tail == nil && lv >= e.top {
		return e.hi + float64(e.hiB*e.b), e.hiB
	}
	if e.stopB == nil {
		return e.stop[lv], 0
	}
	return e.stop[lv] + float64(e.stopB[lv]*e.b), e.stopB[lv]
}

// pass holds the rows of one backward pass: by [level*ns+state] the value
// and its derivative by b (the chance, under the chosen play, that the turn
// ends in a bust, plus what stops that are worth b add).
type pass struct {
	tg   *turnGraph
	v, d []float64
	// up, down: how far b may rise or fall from the pass's b with every
	// choice of the pass staying best (its value then moves along its
	// derivative exactly): the choices looked at closely give up and down,
	// the others hold for a move up to far; span is the least of the three
	// (choices whose gap is at least span need no close look).
	up, down, far, span float64
}

func (tg *turnGraph) newPass() *pass { return &pass{tg: tg} }

// run computes the value of a whole turn (and its derivative by b) under
// the play that maximises it.
func (p *pass) run(e *ends) (float64, float64) {
	tg := p.tg
	ns := tg.ns
	top := e.levels()
	rows := (top + tg.above) * ns
	if cap(p.v) < rows {
		p.v, p.d = make([]float64, rows), make([]float64, rows)
	}
	p.v, p.d = p.v[:rows], p.d[:rows]
	// Newton's steps from a close guess are small: no step beyond farStep
	// is certified, which spares the close look at most choices.
	p.up, p.down, p.far = math.Inf(1), math.Inf(1), farStep
	if e.tail != nil { // the tail holds while 1 − b stays above its need
		p.up = max(1-e.tail.need[min(top+e.tailOff, len(e.tail.need)-1)]-e.b, 0)
	}
	p.span = min(p.up, p.down)
	for lv := top; lv < top+tg.above; lv++ {
		for s := range ns {
			p.v[lv*ns+s], p.d[lv*ns+s] = tg.highValue(e, s, lv)
		}
	}
	for lv := top - 1; lv >= 1; lv-- {
		p.level(e, lv)
	}
	// The turn's start: its only state at 0 points.
	q, dq := p.throwOn(e, 0, 0)
	q += float64(tg.bustP[0] * (e.first + float64(e.firstB*e.b)))
	dq += float64(tg.bustP[0] * e.firstB)
	p.v[0], p.d[0] = q, dq
	return q, dq
}

// highValue is a state's value where every stop is worth the same, c =
// hi + hiB·b: where one is allowed, stopping (if c is at least b: every way
// on ends in a stop or a bust); elsewhere the best chance a of reaching an
// allowed stop, a·c + (1−a)·b. Where c < b, throwing on until a bust is best.
func (tg *turnGraph) highValue(e *ends, s, lv int) (float64, float64) {
	if e.tail != nil {
		return e.tail.value(s, lv+e.tailOff, e.b)
	}
	c := e.hi + float64(e.hiB*e.b)
	if c < e.b || tg.fresh[s] {
		return e.b, 1
	}
	ph := lv % tg.period
	if tg.stopPh[ph][s] {
		return c, e.hiB
	}
	a := tg.g.Reach[ph][s]
	return float64(a*c) + float64((1-a)*e.b), float64(a*e.hiB) + (1 - a)
}

// farStep is the largest step of b a pass certifies.
const farStep = 1e-2

// throwOn is the value of throwing on from state s at level lv (without
// its busts) and its derivative, from the rows above.
func (p *pass) throwOn(e *ends, s, lv int) (float64, float64) {
	tg := p.tg
	row := lv * tg.ns
	v, d := p.v[row:], p.d[row:]
	q, dq := 0.0, 0.0
	for _, th := range tg.throws[tg.throwsOf[s]:tg.throwsOf[s+1]] {
		offs := tg.offs[th.Lo:th.Hi]
		best, second, bd := math.Inf(-1), math.Inf(-1), 0.0
		for _, off := range offs {
			if x := v[off]; x > best {
				best, second, bd = x, best, d[off]
			} else if x >= second {
				second = x
			}
		}
		if best-second < p.span {
			// A close keep: how far b may move before another keep beats it.
			for _, off := range offs {
				p.keepLine(best, bd, v[off], d[off])
			}
		} else if g := best - second; g < p.far {
			p.far = g // no slope differs by more than 1
		}
		q += float64(th.P * best)
		dq += float64(th.P * bd)
	}
	return q, dq
}

// keepLine narrows the range of b in which the choice of the line (v1, d1)
// over (v2, d2) stays right (both exact lines there by induction): where
// the gap is at least span, far covers it (slopes lie in [0, 1]); else
// the crossing of the two lines bounds up or down.
func (p *pass) keepLine(v1, d1, v2, d2 float64) {
	gap := v1 - v2
	switch {
	case gap >= p.span:
		if gap < p.far {
			p.far = gap
		}
		return
	case d2 > d1:
		if gap < p.up*(d2-d1) {
			p.up = gap / (d2 - d1)
		}
	case d2 < d1:
		if gap < p.down*(d1-d2) {
			p.down = gap / (d1 - d2)
		}
	}
	p.span = min(p.up, p.down, p.far)
}

// level computes one level of the pass from the levels above it.
func (p *pass) level(e *ends, lv int) {
	tg := p.tg
	ns := tg.ns
	row := lv * ns
	for s := range ns {
		if tg.fresh[s] {
			p.v[row+s], p.d[row+s] = math.NaN(), 0 // the start has no points
			continue
		}
		q, dq := p.throwOn(e, s, lv)
		q += float64(tg.bustP[s] * e.b)
		dq += tg.bustP[s]
		if tg.canStop(s, lv, e.floor) {
			sv, sd := e.stopAt(lv)
			if sv >= q {
				q, sv, dq, sd = sv, q, sd, dq
			}
			p.keepLine(q, dq, sv, sd)
		}
		p.v[row+s], p.d[row+s] = q, dq
	}
}

// turnTable is one turn's values for positions: every state at every
// level of the turn points, and the ends it was computed for.
type turnTable struct {
	tg  *turnGraph
	e   ends
	top int
	v   []float64 // best of stopping and throwing on
	q   []float64 // throwing on
	buf []float64 // v and q in one (nil once released)
}

func (tg *turnGraph) table(e ends) *turnTable { return tg.tableIn(e, nil, true) }

// tableIn is table in buf where it is large enough (a table released
// before: Table.Release); every value is written, those table leaves out
// set to 0 as a new buffer has them. planned: the levels by tg's plan
// (plan.go) where it has one, else state by state (the same bits).
func (tg *turnGraph) tableIn(e ends, buf []float64, planned bool) *turnTable {
	tt := tg.tableRows(e, buf)
	ns, top, v, q := tg.ns, tt.top, tt.v, tt.q
	planned = planned && tg.plan != nil
	if planned {
		m := make([]float64, tg.plan.sets())
		for lv := top - 1; lv >= 1; lv-- {
			tg.levelPlanned(&e, v, q, m, lv)
		}
	}
	for lv := top - 1; lv >= 1 && !planned; lv-- {
		row := lv * ns
		for s := range ns {
			if tg.fresh[s] {
				v[row+s], q[row+s] = math.NaN(), 0 // the start has no points
				continue
			}
			var x float64
			if r := int(tg.sameQ[s]); r < s {
				x = q[row+r] // the same sums of the same numbers
			} else {
				x = tg.throwOnValue(v[row:], s) + float64(tg.bustP[s]*e.b)
			}
			q[row+s] = x
			if tg.canStop(s, lv, e.floor) {
				if sv, _ := e.stopAt(lv); sv >= x {
					x = sv
				}
			}
			v[row+s] = x
		}
	}
	tg.startValue(tt)
	return tt
}

// tableRows is a turn table for e in buf where it is large enough (a new
// one else) with its rows from the top on (highRows), the levels below
// still to be computed: those tableIn leaves out set to 0 as a new buffer
// has them.
func (tg *turnGraph) tableRows(e ends, buf []float64) *turnTable {
	ns := tg.ns
	top := e.levels()
	nv := (top + tg.above) * ns
	if n := nv + top*ns; cap(buf) >= n {
		buf = buf[:n]
		clear(buf[1:ns])         // level 0: only the start is computed
		clear(buf[nv+1 : nv+ns]) // q's too
	} else {
		buf = make([]float64, n) // one allocation for v and q
	}
	v, q := buf[:nv:nv], buf[nv:]
	tg.highRows(&e, v, top)
	return &turnTable{tg: tg, e: e, top: top, v: v, q: q, buf: buf}
}

// startValue computes the turn's start, its only state at 0 points, from
// the levels above.
func (tg *turnGraph) startValue(tt *turnTable) {
	e := &tt.e
	x := tg.throwOnValue(tt.v, 0) + float64(tg.bustP[0]*(e.first+float64(e.firstB*e.b)))
	tt.v[0], tt.q[0] = x, x
}

// highRows fills the rows of v from top on with highValue. Without a tail
// a row's values depend on its phase alone: the rows of one period are
// computed, the others copied.
func (tg *turnGraph) highRows(e *ends, v []float64, top int) {
	ns := tg.ns
	if e.tail != nil {
		tg.tailRows(e, v, top)
		return
	}
	for lv := top; lv < top+tg.above; lv++ {
		row := v[lv*ns : (lv+1)*ns]
		if e.tail == nil && lv >= top+tg.period {
			copy(row, v[(lv-tg.period)*ns:])
			continue
		}
		for s := range row {
			row[s], _ = tg.highValue(e, s, lv)
		}
	}
}

// tailRows is highRows with a tail: each state's tail.value, a state at a
// time (the same numbers: a + (1−a)·b is the same for every lead).
func (tg *turnGraph) tailRows(e *ends, v []float64, top int) {
	ns, t := tg.ns, e.tail
	rows := v[top*ns : (top+tg.above)*ns]
	for s := range ns {
		d := top + e.tailOff
		if t.stop[s] {
			for k := s; k < len(rows); k, d = k+ns, d+1 {
				rows[k] = 1 - t.chase(d)
			}
			continue
		}
		a := t.reach[s]
		ab := a + float64((1-a)*e.b)
		es := t.e[s]
		for k := s; k < len(rows); k, d = k+ns, d+1 {
			x := 0.0
			if d >= 0 && d < len(es) {
				x = es[d]
			}
			rows[k] = ab - x
		}
	}
}

// throwOnValue is pass.throwOn's value alone (the same sums in the same
// order, so the same bits), without the derivative and the bounds that
// only the table's cycles need: v holds the rows from the state's level up.
func (tg *turnGraph) throwOnValue(v []float64, s int) float64 {
	q := 0.0
	for _, th := range tg.throws[tg.throwsOf[s]:tg.throwsOf[s+1]] {
		offs := tg.offs[th.Lo:th.Hi]
		best := v[offs[0]]
		for _, off := range offs[1:] {
			if x := v[off]; x > best {
				best = x
			}
		}
		q += float64(th.P * best)
	}
	return q
}

// value is the value of state s at lv levels of turn points.
func (t *turnTable) value(s int32, lv int) float64 {
	if lv < t.top+t.tg.above {
		return t.v[lv*t.tg.ns+int(s)]
	}
	v, _ := t.tg.highValue(&t.e, int(s), lv)
	return v
}

// throwValue is the value of throwing on from state s at lv levels.
func (t *turnTable) throwValue(s int32, lv int) float64 {
	if lv < t.top {
		return t.q[lv*t.tg.ns+int(s)]
	}
	tg := t.tg
	q := tg.bustP[s] * t.e.b
	for _, th := range tg.throws[tg.throwsOf[s]:tg.throwsOf[s+1]] {
		best := math.Inf(-1)
		for j := th.Lo; j < th.Hi; j++ {
			best = max(best, t.value(tg.to[j], lv+int(tg.pts[j])/step))
		}
		q += float64(th.P * best)
	}
	return q
}

// stopValue is what stopping is worth at lv levels (allowed or not).
func (t *turnTable) stopValue(lv int) float64 {
	v, _ := t.e.stopAt(lv)
	return v
}

// floorOf is the turn's least stop for a player who has entered or not
// (5000), or the rule set's floor.
func floorOf(fs *family.Solver, entered bool) int {
	return fs.Floor(validate.TurnContext{Entered: entered})
}
