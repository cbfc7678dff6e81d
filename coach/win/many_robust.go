package win

import (
	"fmt"
	"math"
	"slices"
)

// Robust keeps in the final round with several seats still to throw.
//
// A seat j's turn against the bar M (k players on it) is worth, at every
// end, what the seats after it leave: 0 below the bar, G(j+1, M, k+1) on
// it (zehntausend), G(j+1, y, 1) at y above it. Every one of those lies
// between (1−ρ) and 1 times the plain chase's value of the same end (the
// last seat's chase: 1 above the bar where a stop is allowed, there the
// chance of reaching one, 1/(k+1) on it, 0 below), with
//
//	ρ = max(1 − min over y > M of G(j+1, y, 1), 1 − (k+1)·G(j+1, M, k+1)),
//
// the most the later seats can take off an end. The turn's values are the
// best of expectations of its ends, so every state's value V lies between
// (1−ρ)·R and R, R the plain chase's value of the state at the same
// distance from the bar (a pass over the distance alone, shared by every
// seat and bar). A throw's keep of the highest R is then the seat's best
// keep, whatever the exact values, wherever its R beats every other keep's
// by more than the share ρ of it: (1−ρ)·R1 > R2. Such a throw needs no
// comparison in the bar's pass; the pass reads the one keep (exactly the
// value the comparison would pick). Far from the bar, and for bars far
// above the later seats (ρ small), nearly every throw is such a throw.
// Where the floor (verschaerft) lies above the bar's distance, or R is 0,
// every keep is compared as before.

// robustChase is the plain chase against a bar (a tie worth tie) by
// distance r = 0 … n−1 levels: per throw (tg.throws' index) at each
// distance the keep of the highest R (its outcome index) and by how much
// of R it beats every other keep.
//
// The keeps of the highest R of a row are mostly those of an earlier row
// (zehntausend: 44 different rows of 1,389; far from the bar they stop
// changing), so a table keeps every different row's keeps (and so its
// merged outcomes) once and each distance the row it has (rowOf).
type robustChase struct {
	nt, n int
	// row[r]: the kept row of distance r's keeps (nil while building:
	// every distance its own)
	row []uint16
	// best [rowOf(r)*nt+ti]: the keep of the highest R, counted from the
	// throw's first keep (lo[ti]): a throw has at most 256 keeps
	best []uint8
	lo   []int32
	// gap [r*nt+ti]: (R1 − R2)/R1 as gapOf's code (rounded down: a gap read
	// as smaller only makes keepAt compare the keeps, which picks the
	// same one), gapInf for a single keep, 0 for R1 = 0 or a gap too small
	// to matter (below the 1e-9 every test adds)
	gap []uint16
	// gap in [r*nt+ti] is only read where the floor is met (fl)
	fl int
	// From the start at distance r under the keeps of the highest R (of
	// equal ones the first): R, and the chances to end above the bar
	// and on it.
	start, above, on []float64
	// Where every throw of state s at distance r is robust with a gap
	// above gmin[r*ns+s]: its keeps' chances added up by outcome,
	// mOut/mP[mOf[rowOf(r)*ns+s]:mOf[rowOf(r)*ns+s+1]] (the outcome's
	// offset as in tg.offs: it lands that many values further on).
	ns   int
	gmin []float64
	mOf  []int32
	mOut []int32
	mP   []float64
}

// rowOf is the row that keeps distance r's keeps and merged outcomes.
func (rc *robustChase) rowOf(r int) int {
	if rc.row == nil {
		return r
	}
	return int(rc.row[r])
}

// mergedOf is state s's merged outcomes at distance r, as indices into
// mOut and mP.
func (rc *robustChase) mergedOf(r, s int) (lo, hi int32) {
	k := rc.rowOf(r)*rc.ns + s
	return rc.mOf[k], rc.mOf[k+1]
}

// The gaps' codes: gapInf for a single keep; c in 1 … gapInf−1 stands
// for 2^((c − gapTop)/gapSteps), a gap of at most 1 (R ≥ 0) to about
// 2.3e-10 in steps of 0.034 %; 0 for anything below.
const (
	gapInf   = math.MaxUint16
	gapTop   = gapInf - 1
	gapSteps = 2048
)

// gapOf is the code of gap g: the largest whose value is at most g.
func gapOf(g float64) uint16 {
	switch {
	case math.IsInf(g, 1):
		return gapInf
	case !(g > 0): // 0 (R1 = 0) or NaN
		return 0
	}
	c := math.Floor(gapTop + gapSteps*math.Log2(g))
	if c < 1 {
		return 0
	}
	code := uint16(min(c, gapTop))
	for code > 0 && gapValue[code] > g {
		code--
	}
	return code
}

// gapValue is every code's gap.
var gapValue = func() (v [gapInf + 1]float64) {
	for c := 1; c < gapInf; c++ {
		v[c] = math.Exp2(float64(c-gapTop) / gapSteps)
	}
	v[gapInf] = math.Inf(1)
	return v
}()

// robust is the table for a tie worth tie, built on first use (per table).
func (fg *finalGame) robust(tie float64, n int) *robustChase {
	fg.robMu.Lock()
	defer fg.robMu.Unlock()
	if rc, ok := fg.rob[tie]; ok && rc.n >= n {
		return rc
	}
	if fg.rob == nil {
		fg.rob = map[float64]*robustChase{}
	}
	rc := fg.buildRobust(tie, n)
	rc.keepOnce()
	fg.rob[tie] = rc
	return rc
}

// buildRobust is the table with every row's keeps and merged outcomes
// (robust keeps each different row once: keepOnce).
func (fg *finalGame) buildRobust(tie float64, n int) *robustChase {
	tg := fg.tg
	ns, above := tg.ns, tg.above
	nt := len(tg.throws)
	rc := newRobust(tg, n, (fg.floor+step-1)/step)
	rc.start, rc.above, rc.on = make([]float64, n), make([]float64, n), make([]float64, n)
	// R by [(r+above)*ns + s]; r < 0: above the bar; pa and pt the
	// chances to end above it and on it.
	r := make([]float64, (n+above)*ns)
	pa, pt := make([]float64, len(r)), make([]float64, len(r))
	for rr := -above; rr < 0; rr++ {
		for s := range ns {
			v := tg.g.Reach[0][s]
			if tg.stopPh[0][s] {
				v = 1
			}
			r[(rr+above)*ns+s], pa[(rr+above)*ns+s] = v, v
		}
	}
	ix := func(s int32, rr int) int { return (rr+above)*ns + int(s) }
	at := func(s int32, rr int) float64 { return r[ix(s, rr)] }
	rc.ns, rc.gmin, rc.mOf = ns, make([]float64, n*ns), make([]int32, n*ns+1)
	slot := map[int32]int{}
	for rr := range n {
		for s := range ns {
			rc.mOf[rr*ns+s] = int32(len(rc.mOut))
			v, va, vt := math.NaN(), 0.0, 0.0
			if !tg.fresh[s] || s == 0 {
				v = 0
				gmin := math.Inf(1) // the least gap of s's throws, unrounded
				for ti := tg.throwsOf[s]; ti < tg.throwsOf[s+1]; ti++ {
					th := tg.throws[ti]
					b1, b2, bk := math.Inf(-1), math.Inf(-1), th.Lo
					for j := th.Lo; j < th.Hi; j++ {
						x := at(tg.to[j], rr-int(tg.pts[j])/step)
						switch {
						case x > b1:
							b1, b2, bk = x, b1, j
						case x > b2:
							b2 = x
						}
					}
					k := rr*nt + int(ti)
					rc.best[k] = uint8(bk - th.Lo)
					gap := 0.0
					switch {
					case th.Hi-th.Lo == 1:
						gap = math.Inf(1)
					case b1 > 0:
						gap = (b1 - b2) / b1
					}
					rc.gap[k] = gapOf(gap)
					gmin = min(gmin, gap)
					v += float64(th.P * b1)
					to := ix(tg.to[bk], rr-int(tg.pts[bk])/step)
					va += float64(th.P * pa[to])
					vt += float64(th.P * pt[to])
				}
				rc.mergeRow(tg, rr, s, slot, gmin)
				if tg.stopPh[0][s] && rr == 0 && tie >= v {
					v, va, vt = tie, 0, 1
				}
			}
			if s == 0 {
				rc.start[rr], rc.above[rr], rc.on[rr] = v, va, vt
				continue // the start is never reached again within a turn
			}
			k := ix(int32(s), rr)
			r[k], pa[k], pt[k] = v, va, vt
		}
	}
	rc.mOf[n*ns] = int32(len(rc.mOut))
	return rc
}

// newRobust is an empty table of n distances, its floor at fl levels.
func newRobust(tg *turnGraph, n, fl int) *robustChase {
	nt := len(tg.throws)
	if n > math.MaxUint16+1 {
		panic(fmt.Sprintf("win: a robust table of %d distances (at most 65,536)", n))
	}
	rc := &robustChase{nt: nt, n: n, best: make([]uint8, n*nt), gap: make([]uint16, n*nt), fl: fl}
	rc.lo = make([]int32, nt)
	for ti, th := range tg.throws {
		if th.Hi-th.Lo > math.MaxUint8+1 {
			panic(fmt.Sprintf("win: a throw with %d keeps (at most 256)", th.Hi-th.Lo))
		}
		rc.lo[ti] = th.Lo
	}
	return rc
}

// keepOnce keeps every different row of keeps once, with its merged
// outcomes (the same keeps merge the same way); the gaps and gmin stay by
// distance. A table of the highest distance n has at most n rows.
func (rc *robustChase) keepOnce() {
	nt, ns := rc.nt, rc.ns
	ids := map[string]uint16{}
	rc.row = make([]uint16, rc.n)
	var best []uint8
	var mOut []int32
	var mP []float64
	mOf := []int32{0}
	for r := range rc.n {
		key := string(rc.best[r*nt : (r+1)*nt])
		id, ok := ids[key]
		if !ok {
			id = uint16(len(ids))
			ids[key] = id
			best = append(best, rc.best[r*nt:(r+1)*nt]...)
			for s := range ns {
				lo, hi := rc.mOf[r*ns+s], rc.mOf[r*ns+s+1]
				mOut, mP = append(mOut, rc.mOut[lo:hi]...), append(mP, rc.mP[lo:hi]...)
				mOf = append(mOf, int32(len(mOut)))
			}
		}
		rc.row[r] = id
	}
	rc.best, rc.mOut, rc.mP, rc.mOf = slices.Clip(best), slices.Clip(mOut), slices.Clip(mP), slices.Clip(mOf)
}

// mergeRow adds state s's throws at distance r, each by its keep of the
// highest R (best of r known), up by outcome; g is their least gap
// (unrounded: which states are merged stays as with gaps in float64).
func (rc *robustChase) mergeRow(tg *turnGraph, r, s int, slot map[int32]int, g float64) {
	clear(slot)
	for ti := tg.throwsOf[s]; ti < tg.throwsOf[s+1]; ti++ {
		k := r*rc.nt + int(ti)
		j := rc.lo[ti] + int32(rc.best[k])
		if i, ok := slot[tg.offs[j]]; ok {
			rc.mP[i] += tg.throws[ti].P
			continue
		}
		slot[tg.offs[j]] = len(rc.mOut)
		rc.mOut, rc.mP = append(rc.mOut, tg.offs[j]), append(rc.mP, tg.throws[ti].P)
	}
	rc.gmin[r*rc.ns+s] = g
}

// robustFor is the table and ρ for seat j's pass against bar (levels) with
// k players on it, eq its end on the bar (G(j+1, bar, k+1)); nil where
// the floor lies above the distance.
func (f *finalMany) robustFor(j, bar, k int, eq float64) (*robustChase, float64) {
	fg := f.fg
	d := bar - f.xs[j]
	if d*step < fg.floor || fg.noRobust {
		return nil, 0
	}
	tie := f.tieOf(k)
	rho := 1 - f.minAbove(j, bar)
	if fg.tie > 0 {
		rho = max(rho, 1-float64(float64(k+1)*eq))
	}
	return fg.robust(tie, len(fg.chase)), max(rho, 0)
}

// tieOf is the plain chase's worth of a tie with k on the bar: 1/(k+1),
// 0 in 5050.
func (f *finalMany) tieOf(k int) float64 {
	if f.fg.tie > 0 {
		return 1 / float64(k+1)
	}
	return 0
}

// minAbove is the least G(j+1, y, 1) over y above bar (1 beyond the later
// seats' reach).
func (f *finalMany) minAbove(j, bar int) float64 {
	if f.minUp == nil {
		f.minUp = make([][]float64, len(f.xs))
	}
	m := f.minUp[j]
	if m == nil {
		hi := f.fg.lo + f.fg.m // every bar is at least the target
		if j+1 < len(f.xs) {
			hi = max(hi, f.cut[j+1])
		}
		m = make([]float64, hi+1)
		m[hi] = 1
		for y := hi - 1; y >= 0; y-- {
			g := 1.0
			if j+1 < len(f.xs) && y >= f.fg.lo+f.fg.m {
				g = f.share(j+1, y, 1)
			}
			m[y] = min(m[y+1], g)
		}
		f.minUp[j] = m
	}
	if y := bar + 1; y < len(m) {
		return m[y]
	}
	return 1
}

// merged is state s's merged outcomes (their offsets) at distance r where
// all its throws are robust against rho (ok false elsewhere).
func (rc *robustChase) merged(s, r int, rho float64) (out []int32, p []float64, ok bool) {
	if rc == nil || r < 0 || r*rc.ns >= len(rc.gmin) {
		return nil, nil, false
	}
	if rc.gmin[r*rc.ns+s] <= float64(rho*(1+1e-9))+1e-9 {
		return nil, nil, false
	}
	lo, hi := rc.mergedOf(r, s)
	return rc.mOut[lo:hi], rc.mP[lo:hi], true
}

// keepAt is the robust keep of throw ti at distance r (−1 where every keep
// is to be compared).
func (rc *robustChase) keepAt(ti int32, r int, rho float64) int32 {
	if rc == nil || r < 0 || r >= rc.n {
		return -1
	}
	if gapValue[rc.gap[r*rc.nt+int(ti)]] > float64(rho*(1+1e-9))+1e-9 {
		return rc.lo[ti] + int32(rc.best[rc.rowOf(r)*rc.nt+int(ti)])
	}
	return -1
}

// closedEps: where the later seats' ρ′ times a seat's chance to end on or
// above the bar is below this, the seat is taken to play the plain chase
// (closedShare).
const closedEps = 1e-15

// closedShare is seat j's turn against bar with k on it where the later
// seats barely matter to it: with ρ′ the most they can take from any end
// of its turn (ρ, and 1 − k·G(j+1, bar, k) below the bar) and C the
// seat's best chance to end on or above the bar, a seat playing the plain
// chase (the keeps of the highest R) instead of its best gets its own
// chance within ρ′·C of its best, and leaves every other share within
// 3·ρ′·C of what its best play leaves (the shares add up to 1, and the
// later seats' part of each end is at most ρ′). Where 3·ρ′·C <
// closedEps it gives (pb, pt): the plain chase's chances to end below the
// bar (or bust) and on it, and own, the seat's R; ok false elsewhere.
func (f *finalMany) closedShare(j, bar, k int) (own, pb, pt float64, ok bool) {
	fg := f.fg
	d := bar - f.xs[j]
	n := len(fg.chase)
	if d*step < fg.floor || d <= nixLevels || d >= n || fg.noClosed {
		return 0, 0, 0, false
	}
	c := fg.robust(1, n).start[d]
	if 3*c >= closedEps { // ρ′ ≤ 1: a cheap test first
		eq := f.eq(j, bar, k)
		_, rho := f.robustFor(j, bar, k, eq)
		kk := k
		if fg.tie == 0 {
			kk = 1
		}
		rho = max(rho, 1-float64(float64(kk)*f.share(j+1, bar, k)))
		if 3*rho*c >= closedEps {
			return 0, 0, 0, false
		}
	}
	tie := 0.0
	if fg.tie > 0 {
		tie = 1 / float64(k+1)
	}
	rc := fg.robust(tie, n)
	return rc.start[d], 1 - rc.above[d] - rc.on[d], rc.on[d], true
}

// closedG is closedShare's G(j, bar, k) and the seat's own chance.
func (f *finalMany) closedG(j, bar, k int) (own, g float64, ok bool) {
	own, pb, pt, ok := f.closedShare(j, bar, k)
	if !ok {
		return 0, 0, false
	}
	lo := f.share(j+1, bar, k)
	eqU := lo
	if f.fg.tie > 0 {
		eqU = f.eq(j, bar, k)
	}
	return own, float64(pb*lo) + float64(pt*eqU), true
}

// closedVec fills out (vec's [G, seat j, j+1, …, the last]) but for G and
// the last for seat j's turn against bar where closedShare holds: seat j
// gets its R, the later seats what they get where it ends below the bar
// or on it (above it they get at most ρ′ each: within closedShare's
// bound). ok false where closedShare does not hold.
func (f *finalMany) closedVec(j, bar, k int, out []float64) bool {
	own, pb, pt, ok := f.closedShare(j, bar, k)
	if !ok {
		return false
	}
	clear(out[1:])
	out[1] = own
	below := f.vec(j+1, bar, k)
	if f.fg.tie == 0 {
		pb += pt
	} else {
		on := f.vec(j+1, bar, k+1)
		for i := 1; i < len(on); i++ {
			out[1+i] += float64(pt * on[i])
		}
	}
	for i := 1; i < len(below); i++ {
		out[1+i] += float64(pb * below[i])
	}
	return true
}
