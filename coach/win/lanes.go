package win

import (
	"math"
	"sync"
	"unsafe"
)

// Turn tables side by side. A review asks for one turn table a turn
// start, each a pass over every state at every level of the turn (the
// start's value needs them all), and the plan's steps per level are the
// same for every table of a rule set: only the rows differ. tablesIn
// computes up to lanes tables at once, their rows interleaved (value k of
// lane l at k*lanes+l), so that each step of the plan is read once for
// all of them and, with AVX, is one instruction on four values
// (lanes_amd64.s). Every value is the one tableIn computes, bit for bit:
// the same comparisons, the same sums in the same order (TestLanesAreOne).
//
// The tables are aligned at their tops: the interleaved row R holds level
// R − shift[l] of lane l, shift[l] = T − top[l] with T the highest top, so
// that an outcome's offset is the same in every lane. A lane whose level
// there is below 1 computes numbers nobody reads (0 stored); tables of
// similar tops go together (Table.Starts).

// lanes is how many tables tablesIn computes side by side.
const lanes = 4

// laneScratch is tablesIn's interleaved rows and sets' bests (pooled per
// graph: a review computes its turns' tables a batch at a time).
type laneScratch struct{ x, m []float64 }

var lanePool sync.Pool

// bestLanes is best for lanes tables at once: x their interleaved row at
// the level, m the sets' bests by set and lane; first and more are the
// plan's lane steps. throwOnLanes is throwOn of the terms for every lane.
// Their portable versions, bestLanesGo and throwOnLanesGo; lanes_amd64.go
// picks AVX where the processor has it.
var (
	bestLanes    = bestLanesGo
	throwOnLanes = throwOnLanesGo
	throwOnPair  = throwOnPairGo
)

// bestLanesGo: the values are chances (no NaN, no −0), compared by their
// bits as best does.
func bestLanesGo(x, m *float64, first, more []setOp) {
	xb, mb := unsafe.Pointer(x), unsafe.Pointer(m)
	for _, op := range first {
		*(*[lanes]uint64)(unsafe.Add(mb, op.k)) = *(*[lanes]uint64)(unsafe.Add(xb, op.off))
	}
	for _, op := range more {
		a := *(*[lanes]uint64)(unsafe.Add(mb, op.p))
		b := *(*[lanes]uint64)(unsafe.Add(xb, op.off))
		*(*[lanes]uint64)(unsafe.Add(mb, op.k)) = [lanes]uint64{max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])}
	}
}

// throwOnLanesGo sums each lane's terms in their order from 0, as throwOn.
func throwOnLanesGo(m *float64, terms []term, out *[lanes]float64) {
	mb := unsafe.Pointer(m)
	var q [lanes]float64
	for _, t := range terms {
		x := (*[lanes]float64)(unsafe.Add(mb, t.k))
		q[0] += float64(t.p * x[0])
		q[1] += float64(t.p * x[1])
		q[2] += float64(t.p * x[2])
		q[3] += float64(t.p * x[3])
	}
	*out = q
}

// throwOnPairGo is throwOnLanesGo of terms ta into outa and of tb into
// outb (throwOnPair: two states' sums side by side, each in its order).
func throwOnPairGo(m *float64, ta, tb []term, outa, outb *[lanes]float64) {
	throwOnLanesGo(m, ta, outa)
	throwOnLanesGo(m, tb, outb)
}

// tablesIn computes the turn tables of es (at most lanes of them) side by
// side, each in its buffer of bufs where that is large enough (as
// tableIn); the graph must have a plan.
func (tg *turnGraph) tablesIn(es []ends, bufs [][]float64) []*turnTable {
	n := len(es)
	if n == 0 || n > lanes || tg.plan == nil {
		panic("win: tablesIn takes 1 to lanes tables of a planned graph")
	}
	ns, pl := tg.ns, tg.plan
	tts := make([]*turnTable, n)
	top := 0
	for l := range es {
		var buf []float64
		if l < len(bufs) {
			buf = bufs[l]
		}
		tts[l] = tg.tableRows(es[l], buf)
		top = max(top, tts[l].top)
	}
	rows := top + tg.above
	sc, _ := lanePool.Get().(*laneScratch)
	if sc == nil {
		sc = &laneScratch{}
	}
	defer lanePool.Put(sc)
	if cap(sc.x) < rows*ns*lanes {
		sc.x = make([]float64, rows*ns*lanes)
	}
	if cap(sc.m) < pl.sets()*lanes {
		sc.m = make([]float64, pl.sets()*lanes)
	}
	x, m := sc.x[:rows*ns*lanes], sc.m[:pl.sets()*lanes]
	var shift [lanes]int
	for l, tt := range tts {
		shift[l] = top - tt.top
		tg.laneHigh(x, tt, top, l)
	}
	qrow := make([][lanes]float64, ns)
	for r := top - 1; r >= 1; r-- {
		xr := x[r*ns*lanes:]
		if len(xr) < pl.reach*lanes || len(xr) < ns*lanes {
			panic("win: a level's rows are shorter than its plan reads")
		}
		bestLanes(&xr[0], &m[0], pl.lfirst, pl.lmore)
		for i := 0; i+1 < len(pl.owns); i += 2 { // the states that throw on their own, two of about as many terms at a time
			a, b := pl.owns[i], pl.owns[i+1]
			throwOnPair(&m[0], pl.lterms[pl.termLo[a]:pl.termLo[a+1]], pl.lterms[pl.termLo[b]:pl.termLo[b+1]], &qrow[a], &qrow[b])
		}
		if len(pl.owns)%2 == 1 {
			s := pl.owns[len(pl.owns)-1]
			throwOnLanes(&m[0], pl.lterms[pl.termLo[s]:pl.termLo[s+1]], &qrow[s])
		}
		for l, tt := range tts {
			tg.laneLevel(tt, xr, qrow, l, r-shift[l])
		}
	}
	for _, tt := range tts {
		tg.startValue(tt)
	}
	return tts
}

// laneHigh copies tt's rows from its top on into lane l of x (aligned at
// top), as far as the plan's steps read them: the rest of x, and the lanes
// not used, hold numbers nobody reads (0 or values of earlier tables,
// never NaN).
func (tg *turnGraph) laneHigh(x []float64, tt *turnTable, top, l int) {
	ns := tg.ns
	for s, n := range tg.plan.reachOf {
		dst := x[top*ns*lanes : (top+n)*ns*lanes]
		src := tt.v[tt.top*ns : (tt.top+n)*ns]
		for k, y := 0, s; k < len(dst); k, y = k+ns*lanes, y+ns {
			dst[k+s*lanes+l] = src[y]
		}
	}
}

// laneLevel is levelPlanned for lane l's table tt at level lv, from the
// sums of throwing on qrow (without the busts) into tt and into lane l of
// the interleaved row xr (ns·lanes long); below level 1, zeros into xr.
func (tg *turnGraph) laneLevel(tt *turnTable, xr []float64, qrow [][lanes]float64, l, lv int) {
	ns := tg.ns
	if lv < 1 {
		for s := range ns {
			xr[s*lanes+l] = 0 // below the lane's table
		}
		return
	}
	fresh, sameQ, bustP := tg.fresh[:ns], tg.sameQ[:ns], tg.bustP[:ns]
	qrow = qrow[:ns]
	v, q := tt.v[lv*ns:][:ns], tt.q[lv*ns:][:ns]
	ph := 0
	if tg.period > 1 {
		ph = lv % tg.period
	}
	stops := tg.stopPh[ph][:ns] // canStop, where the floor allows it
	floor := lv*step >= tt.e.floor
	sv, _ := tt.e.stopAt(lv)
	b := tt.e.b
	xl := unsafe.Pointer(&xr[:ns*lanes][l]) // lane l's column of the row
	for s := range ns {
		xs := (*float64)(unsafe.Add(xl, s*lanes*8))
		if fresh[s] {
			v[s], q[s] = math.NaN(), 0 // the start has no points
			*xs = 0                    // never an outcome (newPlan)
			continue
		}
		var y float64
		if rr := int(sameQ[s]); rr < s {
			y = q[rr] // the same sums of the same numbers
		} else {
			y = qrow[s][l] + float64(bustP[s]*b)
		}
		q[s] = y
		if floor && stops[s] && sv >= y {
			y = sv
		}
		v[s], *xs = y, y
	}
}

// laneKernel is one implementation of bestLanes and throwOnLanes (tests).
type laneKernel struct {
	name    string
	best    func(x, m *float64, first, more []setOp)
	throwOn func(m *float64, terms []term, out *[lanes]float64)
	pair    func(m *float64, ta, tb []term, outa, outb *[lanes]float64)
}

// pairKernel is one implementation of pairSums (tests).
type pairKernel struct {
	name string
	sums func(v *float64, m *setKeep, ta, tb []term, qa, qb *[4]float64)
}
