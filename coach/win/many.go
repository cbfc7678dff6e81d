package win

import (
	"fmt"
	"math"
	"sync"
)

// The final round with any number of seats still to throw after the
// player on turn (5050, zehntausend), exact, from the last seat back.
//
// Before seat j's turn the game is the best total so far, the bar M, with
// k players on it (5050: the earliest of them holds it, k stays 1). What a
// player on the bar gets in the end is the same for each of the k: their
// share G(j, M, k). After the last seat it is 1/k (5050: 1). Seat j plays
// its one turn for its own share: ending at y it gets 0 below M, on M (not
// in 5050, where the earlier seat wins the tie) the share G(j+1, M, k+1),
// above M the share G(j+1, y, 1). Under that play the players on the bar
// keep G(j+1, M, k) where seat j ends below M or busts, G(j+1, M, k+1) on
// M (5050: G(j+1, M, 1)), nothing above; so one pass of seat j's turn that
// follows its choices with a second value gives G(j, M, k).
//
// Above the bar the stops of seat j are worth G(j+1, y, 1) whatever M is,
// so the rows of its turn above the bar are one pass for every M (the
// base), and the players on the bar get there only what a bust leaves
// them: G(j+1, M, k) times the chance of a bust under that play, which the
// base carries as its second value. A pass for a bar computes only the
// rows up to it. From cut[j] on no seat from j on can reach a total (its
// chance to make up that many points is below chaseEps, as for the
// two-player chase), so G there is what it is after the last seat.
type finalMany struct {
	fg   *finalGame
	xs   []int // the later seats' totals in levels, in seat order
	cut  []int // cut[j]: from this bar on G(j, ·) is the end's
	memo map[[3]int]float64
	own  map[[3]int]float64 // the seat's own chance of each of memo's passes
	// reach: from this many levels behind on a seat reaches a total with a
	// chance below manyEps, taken as none
	reach int
	// vmemo: vec's values of the seats before the last (many_chances.go)
	vmemo map[[3]int][]float64
	vbase []*vecTurn
	minUp [][]float64 // per seat: the least G of the next seat from a bar on (many_robust.go)
	// passVec: vecPass's values of the passes share made (seats before
	// the second-to-last)
	passVec map[[3]int][]float64
	base    []*seatRows // per seat, built when first needed
	// chases: the table's chases of the last seat against k > 1 on the
	// best total (finalGame.chaseOf) that this final round used, read
	// again without the table's lock
	chases map[int][]float64
	bufs   [][2][]float64 // per seat: the rows of its last bar's pass
	vbufs  [][2][]float64 // per seat: the rows of its last vecPass
	qv, qu []float64      // rows' throwing on by state at a level
	mu     sync.Mutex
}

// seatRows are the levels 0 … n−1 of a seat's turn: the seat's value v and
// a second value u under its play. From n on: base's rows with their u
// times scale (a pass for a bar), or where every stop is worth 1 the
// chance a of reaching one (u: the chance 1 − a of a bust, times scale).
type seatRows struct {
	tg    *turnGraph
	n     int
	v, u  []float64
	base  *seatRows
	scale float64
	// rc, where set: the robust keeps of a bar's pass at d levels above
	// the seat with the later seats' ρ (many_robust.go)
	rc  *robustChase
	d   int
	rho float64
	// fe, where set: the pass solves the levels within r0 of the bar and
	// takes its start from the first entries (many_first.go)
	fe *firstEntry
	r0 int
	// noSame: throw's general loop alone (finalGame.noSame)
	noSame bool
}

func (r *seatRows) at(s int32, lv int) (float64, float64) {
	ns := r.tg.ns
	if lv < r.n {
		k := lv*ns + int(s)
		return r.v[k], r.u[k]
	}
	if b := r.base; b != nil && lv < b.n {
		k := lv*ns + int(s)
		return b.v[k], r.scale * b.u[k]
	}
	ph := lv % r.tg.period
	if r.tg.stopPh[ph][s] {
		return 1, 0
	}
	a := r.tg.g.Reach[ph][s]
	return a, r.scale * (1 - a)
}

// manyView is a final round's seats from off on: the seats still to
// throw after a later player on turn are a tail of the same seats, and
// what the seats after j do depends on them alone.
type manyView struct {
	f   *finalMany
	off int
}

// manyKey names later totals in fg.many: the first manyKeyLen in x, any
// more written out in rest.
type manyKey struct {
	n    int
	x    [manyKeyLen]int
	rest string
}

const manyKeyLen = 6

func keyOfLater(later []int) manyKey {
	k := manyKey{n: len(later)}
	copy(k.x[:], later)
	if len(later) > manyKeyLen {
		k.rest = fmt.Sprint(later[manyKeyLen:])
	}
	return k
}

// manyFor is the final round against these later totals (and its tails),
// cached per table.
func (fg *finalGame) manyFor(later []int) manyView {
	key := keyOfLater(later)
	fg.manyMu.Lock()
	defer fg.manyMu.Unlock()
	if v, ok := fg.many[key]; ok {
		return v
	}
	if fg.many == nil || len(fg.many) >= manyKept {
		fg.many = map[manyKey]manyView{}
	}
	f := &finalMany{fg: fg, memo: map[[3]int]float64{}, own: map[[3]int]float64{}}
	f.xs = make([]int, len(later))
	f.cut = make([]int, len(later))
	f.base = make([]*seatRows, len(later))
	f.bufs = make([][2][]float64, len(later))
	for j, x := range later {
		f.xs[j] = x / step
	}
	f.reach = len(fg.chase)
	for f.reach > 1 && fg.chase[f.reach-1] < manyEps {
		f.reach--
	}
	hi := math.MinInt
	for j := len(later) - 1; j >= 0; j-- {
		hi = max(hi, f.xs[j]+f.reach+1)
		f.cut[j] = hi
	}
	for j := range later { // every tail, the last seat alone too
		fg.many[keyOfLater(later[j:])] = manyView{f, j}
	}
	return manyView{f, 0}
}

// end is the share of each of k players on the best total after the last seat.
func (f *finalMany) end(k int) float64 {
	if f.fg.tie > 0 {
		return 1 / float64(k)
	}
	return 1
}

// share is G(j, bar, k) (bar in levels).
func (f *finalMany) share(j, bar, k int) float64 {
	if f.fg.tie == 0 {
		k = 1
	}
	if j == len(f.xs) || bar >= f.cut[j] {
		return f.end(k)
	}
	if j == len(f.xs)-1 { // the last seat: its chase, the rest is ours
		c := f.lastChase(k)
		v := 0.0
		if d := bar - f.xs[j]; d < len(c) {
			v = c[d]
		}
		return (1 - v) / float64(k)
	}
	key := [3]int{j, bar, k}
	if v, ok := f.memo[key]; ok {
		return v
	}
	if bar-f.xs[j] >= f.reach { // seat j does not reach the bar
		v := f.share(j+1, bar, k)
		f.memo[key], f.own[key] = v, 0
		return v
	}
	own, v, ok := f.closedG(j, bar, k)
	switch {
	case !ok && j < len(f.xs)-2 && !f.fg.noShared:
		// Every player's chance needs this seat's pass with a value per
		// later seat anyway (vecPass): its second value is G.
		pv := f.vecPass(j, bar, k)
		own, v = pv[0], pv[1]
		if f.passVec == nil {
			f.passVec = map[[3]int][]float64{}
		}
		f.passVec[key] = pv
	case !ok:
		own, v = f.barPass(j, bar, k)
	}
	f.memo[key], f.own[key] = v, own
	return v
}

// lastChase is the last seat's chase against k players on the best total:
// a tie worth 1/(k+1) in zehntausend (none in 5050). Its chance v leaves
// the k players 1 − v, each (1 − v)/k.
func (f *finalMany) lastChase(k int) []float64 {
	if k == 1 {
		return f.fg.chase
	}
	if c, ok := f.chases[k]; ok {
		return c
	}
	if f.chases == nil {
		f.chases = map[int][]float64{}
	}
	c := f.fg.chaseOf(k)
	f.chases[k] = c
	return c
}

// chaseOf is the last seat's chase against k > 1 players on the best
// total, kept per table (the same for every final round).
func (fg *finalGame) chaseOf(k int) []float64 {
	fg.chaseMu.Lock()
	defer fg.chaseMu.Unlock()
	if c, ok := fg.chases[k]; ok {
		return c
	}
	if fg.chases == nil {
		fg.chases = map[int][]float64{}
	}
	c := fg.chaseWith([]*worker{newWorker(fg.tg)}, 1/float64(k+1))
	fg.chases[k] = c
	return c
}

// eq is what ending on the bar M with k players on it gives the seat j
// (and then everyone on it): 0 in 5050.
func (f *finalMany) eq(j, bar, k int) float64 {
	if f.fg.tie == 0 {
		return 0
	}
	return f.share(j+1, bar, k+1)
}

// baseRows is seat j's turn above any bar: a stop at y worth G(j+1, y, 1),
// u the chance of a bust.
func (f *finalMany) baseRows(j int) *seatRows {
	if r := f.base[j]; r != nil {
		return r
	}
	tg := f.fg.tg
	x := f.xs[j]
	n := max(f.cut[j]-x, (f.fg.floor+step-1)/step, 1)
	if j+1 < len(f.xs) {
		n = max(n, f.cut[j+1]-x)
	}
	own := make([]float64, n) // below the target: never a bar's (every bar is at least the target)
	for lv := max(f.fg.lo+f.fg.m-x, 1); lv < n; lv++ {
		own[lv] = f.share(j+1, x+lv, 1)
	}
	r := &seatRows{tg: tg, n: n, scale: 1}
	f.rows(r, func(lv int) (float64, float64) {
		if lv < n {
			return own[lv], 0
		}
		return 1, 0
	}, 1)
	f.base[j] = r
	return r
}

// barPass is seat j's own chance and G(j, bar, k): its turn below the bar
// on the base.
func (f *finalMany) barPass(j, bar, k int) (float64, float64) {
	x := f.xs[j]
	d := bar - x // ≥ 1: every later total is below the target
	lo := f.share(j+1, bar, k)
	eqOwn := f.eq(j, bar, k)
	eqU := lo
	if f.fg.tie > 0 {
		eqU = eqOwn
	}
	base := f.baseRows(j)
	// The rows of a bar's pass are kept for the next bar of the same seat
	// (a pass of a later seat, during the nix stop below, has its own).
	r := &seatRows{tg: f.fg.tg, n: d + 1, base: base, scale: lo, v: f.bufs[j][0], u: f.bufs[j][1], d: d}
	r.rc, r.rho = f.robustFor(j, bar, k, eqOwn)
	if k == 1 || f.fg.tie == 0 { // ties of several: rare, every row solved
		fe := f.fg.firstFor(f.tieOf(k), r.rc)
		if r0 := fe.holds(d, r.rho); r0 > 0 {
			r.fe, r.r0 = fe, r0
			f.fg.firstUsed.Add(1)
		}
	}
	defer func() { f.bufs[j] = [2][]float64{r.v, r.u} }()
	return f.rows(r, func(lv int) (float64, float64) {
		switch {
		case lv < d:
			return 0, lo
		case lv == d:
			return eqOwn, eqU
		}
		return f.share(j+1, x+lv, 1), 0 // above the bar (only nix's first throw)
	}, lo)
}

// manyEps: in the final round with two or more seats still to throw, a
// seat's chance to make up a distance below this is taken as none (the
// chances are exact to a few times this; the two-player chase goes on to
// chaseEps).
const manyEps = 1e-14

// rows fills r's levels n−1 … 1 and the start from the levels above, with
// stop(lv) the value of a stop (the seat's and the second one) and bustU a
// bust's second value (a bust is worth nothing to the seat: it stays below
// every bar). It returns the start's two values. nix's 1000 for a first
// throw that scores nothing is a stop at nixLevels (minus's −1000 is a bust).
func (f *finalMany) rows(r *seatRows, stop func(lv int) (float64, float64), bustU float64) (float64, float64) {
	tg := f.fg.tg
	ns := tg.ns
	r.noSame = f.fg.noSame
	// The rows above n that keeps reach, copied in (at's values), so that
	// throw finds every outcome in r's own rows (throwIn).
	nr := r.n
	if !r.noSame {
		nr += tg.above
	}
	r.v, r.u = grow(r.v, nr*ns), grow(r.u, nr*ns)
	lv := r.n
	if b := r.base; b != nil { // at's values from the base, without its cases
		for ; lv < min(nr, b.n); lv++ {
			copy(r.v[lv*ns:lv*ns+ns], b.v[lv*ns:lv*ns+ns])
			for k := lv * ns; k < lv*ns+ns; k++ {
				r.u[k] = r.scale * b.u[k]
			}
		}
	}
	for ; lv < nr; lv++ {
		for s := range ns {
			r.v[lv*ns+s], r.u[lv*ns+s] = r.at(int32(s), lv)
		}
	}
	// Throwing on, by state, at the level (a state that throws like an
	// earlier one, tg.sameQ, has its sums: the same sums of the same numbers).
	f.qv, f.qu = resize(f.qv, ns), resize(f.qu, ns)
	qv, qus := f.qv, f.qu
	low := 1
	if r.fe != nil {
		low = r.n - r.r0
	}
	for lv := r.n - 1; lv >= low; lv-- {
		stops := lv*step >= f.fg.floor
		sv, su := 0.0, 0.0
		if stops {
			sv, su = stop(lv)
		}
		ph := tg.stopPh[lv%tg.period]
		for s := range ns {
			k := lv*ns + s
			if tg.fresh[s] {
				r.v[k], r.u[k] = math.NaN(), 0
				continue
			}
			var q, qu float64
			if o := int(tg.sameQ[s]); o < s && !f.fg.noSame {
				q, qu = qv[o], qus[o]
			} else {
				q, qu = r.throw(s, lv)
				qu += float64(tg.bustP[s] * bustU)
			}
			qv[s], qus[s] = q, qu
			if stops && ph[s] && sv >= q {
				q, qu = sv, su
			}
			r.v[k], r.u[k] = q, qu
		}
	}
	var q, qu float64
	if r.fe != nil {
		q, qu = r.fe.start(r, low, bustU)
	} else {
		q, qu = r.throw(0, 0)
	}
	fv, fu := 0.0, bustU
	if f.fg.nix {
		fv, fu = stop(nixLevels)
	}
	r.v[0], r.u[0] = q+float64(tg.bustP[0]*fv), qu+float64(tg.bustP[0]*fu)
	return r.v[0], r.u[0]
}

// manyEnds: the turn of a player at mine in the final round against the
// best total so far (ties players on it) with two or more later seats.
func (fg *finalGame) manyEnds(e *ends, mine, best, ties int, later []int) {
	view := fg.manyFor(later)
	f, o := view.f, view.off
	f.mu.Lock()
	defer f.mu.Unlock()
	me, b := mine/step, best/step
	d := b - me
	top := max(d+1, f.cut[o]-me)
	e.stop = resize(e.stop, top)
	e.stopB, e.tail = nil, nil
	for lv := range top {
		switch y := me + lv; {
		case y < b:
			e.stop[lv] = 0
		case y == b:
			e.stop[lv] = 0
			if fg.tie > 0 {
				e.stop[lv] = f.share(o, b, ties+1)
			}
		default:
			e.stop[lv] = f.share(o, y, 1)
		}
	}
	e.top, e.hi, e.hiB, e.b, e.floor = top, 1, 0, 0, fg.floor
	e.first, e.firstB = 0, 0
	if fg.nix {
		e.first, _ = e.stopAt(nixLevels)
	}
}

// throw is throwing on from state s at lv without its busts: the seat's
// best keep of every throw (of equal ones the first), both values.
func (r *seatRows) throw(s, lv int) (float64, float64) {
	tg := r.tg
	row := lv * tg.ns
	nv := len(r.v)
	var bv, bu []float64
	if r.base != nil {
		bv, bu = r.base.v, r.base.u
	}
	if row+int(tg.maxOff) < nv && !r.noSame {
		return r.throwIn(s, lv)
	}
	q, qu := 0.0, 0.0
	ns := int32(tg.ns)
	get := func(off int32) (float64, float64) { // an outcome lands off further on
		switch k := row + int(off); {
		case k < nv:
			return r.v[k], r.u[k]
		case k < len(bv):
			return bv[k], r.scale * bu[k]
		}
		return r.at(off%ns, lv+int(off/ns))
	}
	if outs, ps, ok := r.rc.merged(s, r.d-lv, r.rho); ok {
		rv, ru := r.v[:nv], r.u[:nv]
		for i, off := range outs {
			p := ps[i]
			if k := row + int(off); k < nv {
				q += float64(p * rv[k])
				qu += float64(p * ru[k])
				continue
			}
			v, u := get(off)
			q += float64(p * v)
			qu += float64(p * u)
		}
		return q, qu
	}
	for ti := tg.throwsOf[s]; ti < tg.throwsOf[s+1]; ti++ {
		th := tg.throws[ti]
		if j := r.rc.keepAt(ti, r.d-lv, r.rho); j >= 0 {
			v, u := get(tg.offs[j])
			q += float64(th.P * v)
			qu += float64(th.P * u)
			continue
		}
		best, ub := math.Inf(-1), 0.0
		for _, off := range tg.offs[th.Lo:th.Hi] {
			if v, u := get(off); v > best {
				best, ub = v, u
			}
		}
		q += float64(th.P * best)
		qu += float64(th.P * ub)
	}
	return q, qu
}

// manyKept is how many final rounds (by the later seats' totals, every
// tail one) a table keeps: a game's final round needs a few, the next
// game's has other totals.
const manyKept = 16

// throwIn is throw where every outcome lies in r's own rows: the same keeps
// and sums, without throw's cases.
func (r *seatRows) throwIn(s, lv int) (float64, float64) {
	tg := r.tg
	row := lv * tg.ns
	rv, ru := r.v[row:], r.u[row:]
	offs := tg.offs
	q, qu := 0.0, 0.0
	if outs, ps, ok := r.rc.merged(s, r.d-lv, r.rho); ok {
		ps = ps[:len(outs)]
		for i, k := range outs {
			p := ps[i]
			q += float64(p * rv[k])
			qu += float64(p * ru[k])
		}
		return q, qu
	}
	for ti := tg.throwsOf[s]; ti < tg.throwsOf[s+1]; ti++ {
		th := tg.throws[ti]
		if j := r.rc.keepAt(ti, r.d-lv, r.rho); j >= 0 {
			k := offs[j]
			q += float64(th.P * rv[k])
			qu += float64(th.P * ru[k])
			continue
		}
		best, ub := math.Inf(-1), 0.0
		for _, k := range offs[th.Lo:th.Hi] {
			if v := rv[k]; v > best {
				best, ub = v, ru[k]
			}
		}
		q += float64(th.P * best)
		qu += float64(th.P * ub)
	}
	return q, qu
}

// grow is s with length n, its room grown by at least half where it is too
// small (a seat's passes grow bar by bar).
func grow(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n, max(n, cap(s)+cap(s)/2))
	}
	return s[:n]
}
