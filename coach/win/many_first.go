package win

import (
	"math"
	"sync"
)

// First entries: a bar's pass far below the bar, solved once per table.
//
// Below the bar M a seat's stops are worth nothing to it, so where every
// throw of every state at a distance r ≥ r0 (≥ firstRows) from the bar is robust
// (many_robust.go: merged, its keeps those of the highest R whatever the
// later seats do), the seat's turn there is a fixed chain, the same for
// every M, game and later seats: its values at the start are the values of
// the rows it first enters below firstRows levels from the bar (a band of
// tg.above levels below r0, solved for the bar as before) weighted by the chances
// of entering each, plus the chance of a bust on the way. Those chances by
// r0 and the start's distance d from the bar are built once per table and
// tie (one forward pass for each, on first use); a bar's pass then solves
// its r0 rows nearest the bar and adds up the band, instead of all d rows.
// Only the order of the sums changes (the same merged outcomes, the same
// chances): values move by a few ulps at most.
//
// A stop below the bar (worth 0 to the seat) is taken in a pass only where
// throwing on is worth 0 too, which a robust state never is in the games
// with a turn of no limit (5050, zehntausend: R > 0, and a merged state's
// value is at least (1 − ρ)·R); the test TestFirstEntriesAreThePass
// compares the two ways on the real rules.
type firstEntry struct {
	tg  *turnGraph
	rc  *robustChase
	idx []int32 // the band's non-fresh entries: (level above the band's first) · ns + state
	// slot: a band entry's index in idx (−1: fresh, never entered)
	slot []int32
	// rowMin[r]: the least gap of the non-fresh states at distance r
	rowMin []float64
	mu     sync.Mutex
	// f[{r0, d}]: from the start at distance d, the chances to enter the
	// band below r0 first at each of idx, and to bust on the way (after
	// the first throw, whose bust is the start's own); built on first use,
	// at most firstBytes of them
	f      map[[2]int]*firstRow
	kept   int       // the bytes of f's chances
	budget int       // the most of them (firstBytes)
	mass   []float64 // scratch of the forward pass
	dense  []float64 // scratch: a row's chances by entry
}

// firstRow is a start's chances of entering the band first: p[i] at entry
// idx[at[i]], only the entries it can enter (most are never: about three
// in four in zehntausend; leaving out a chance of 0 changes no sum), and
// of a bust on the way.
type firstRow struct {
	at   []uint16
	p    []float64
	bust float64
}

// bytes is what the row keeps.
func (f *firstRow) bytes() int { return 10*len(f.p) + 8 }

// firstRows: a bar's pass solves at least this many levels nearest the
// bar (where robust keeps are rare) and takes the rest from the first
// entries; firstMin: it takes them only for at least this many levels.
const (
	firstRows = 16
	firstMin  = 16
)

// firstBytes: the most bytes of first entries kept per table and tie (a
// row about 4 KB in zehntausend: the entries it can enter of 1,625);
// beyond, a row is built for its pass and not kept. A history's four- and
// five-player games keep 16–19 MB over all tables and ties; this bounds
// a long session's (12,000 dense rows each before, up to 216 MB).
const firstBytes = 24 << 20

// firstFor is the first entries for a tie worth tie (per table, built on
// first use); nil where tests ask for every row.
func (fg *finalGame) firstFor(tie float64, rc *robustChase) *firstEntry {
	if fg.noFirst || rc == nil {
		return nil
	}
	fg.firstMu.Lock()
	defer fg.firstMu.Unlock()
	if fe, ok := fg.first[tie]; ok && fe.rc == rc {
		return fe
	}
	if fg.first == nil {
		fg.first = map[float64]*firstEntry{}
	}
	fe := newFirst(fg.tg, rc)
	fg.first[tie] = fe
	return fe
}

func newFirst(tg *turnGraph, rc *robustChase) *firstEntry {
	ns, above := tg.ns, tg.above
	n := len(rc.gmin) / ns
	fe := &firstEntry{tg: tg, rc: rc, rowMin: make([]float64, n), f: map[[2]int]*firstRow{}, budget: firstBytes}
	fe.slot = make([]int32, above*ns)
	for b := range fe.slot {
		fe.slot[b] = -1
		if !tg.fresh[b%ns] {
			fe.slot[b] = int32(len(fe.idx))
			fe.idx = append(fe.idx, int32(b))
		}
	}
	if len(fe.idx) > math.MaxUint16+1 {
		panic("win: a band of more than 65,536 entries")
	}
	for r := range n {
		g := math.Inf(1)
		for s := range ns {
			if !tg.fresh[s] {
				g = min(g, rc.gmin[r*ns+s])
			}
		}
		fe.rowMin[r] = g
	}
	return fe
}

// build is the forward pass from the start at distance d to the band
// below r0: the chances of entering it first at each entry, and of a bust
// on the way.
func (fe *firstEntry) build(r0, d int) *firstRow {
	tg, rc := fe.tg, fe.rc
	ns := tg.ns
	fe.dense = resize(fe.dense, len(fe.idx))
	f := fe.dense
	clear(f)
	fe.mass = resize(fe.mass, (d+1)*ns)
	mass := fe.mass
	clear(mass)
	mass[d*ns] = 1
	beta := 0.0
	for r := d; r >= r0; r-- {
		for s := range ns {
			m := mass[r*ns+s]
			if m == 0 || tg.fresh[s] && r < d {
				continue
			}
			if r < d {
				beta += float64(m * tg.bustP[s])
			}
			lo, hi := rc.mergedOf(r, s)
			for i, off := range rc.mOut[lo:hi] {
				up, s2 := int(off)/ns, int(off)%ns
				p := float64(m * rc.mP[int(lo)+i])
				if r2 := r - up; r2 >= r0 {
					mass[r2*ns+s2] += p
				} else {
					f[fe.slot[(r0-1-r2)*ns+s2]] += p
				}
			}
		}
	}
	row := &firstRow{bust: beta}
	for i, p := range f {
		if p != 0 {
			row.at, row.p = append(row.at, uint16(i)), append(row.p, p)
		}
	}
	return row
}

// holds is the r0 from which on the chain holds for the start at distance
// d against rho (merged's test at every state of it: the least multiple
// of firstRows above every row that fails it), 0 where it does not hold
// for firstMin levels.
func (fe *firstEntry) holds(d int, rho float64) int {
	if fe == nil || d >= len(fe.rowMin) {
		return 0
	}
	thr := float64(rho*(1+1e-9)) + 1e-9
	if fe.rc.gmin[d*fe.tg.ns] <= thr {
		return 0
	}
	r0 := firstRows
	for r := d - 1; r >= firstRows; r-- {
		if fe.rowMin[r] <= thr {
			r0 = (r + firstRows) / firstRows * firstRows // rounded up: fewer to build
			break
		}
	}
	if d-r0 < firstMin {
		return 0
	}
	return r0
}

// row is the chances of entering the band below r0 first at each of idx
// from d, and of a bust on the way.
func (fe *firstEntry) row(r0, d int) *firstRow {
	fe.mu.Lock()
	defer fe.mu.Unlock()
	key := [2]int{r0, d}
	if f, ok := fe.f[key]; ok {
		return f
	}
	f := fe.build(r0, d)
	if b := f.bytes(); fe.kept+b <= fe.budget {
		fe.f[key] = f
		fe.kept += b
	}
	return f
}

// start is a bar's pass's start (without its bust) from the band solved
// from level low on: both values, the busts on the way worth bustU.
func (fe *firstEntry) start(r *seatRows, low int, bustU float64) (float64, float64) {
	ns := r.tg.ns
	base := low * ns
	f := fe.row(r.r0, r.d)
	q, qu := 0.0, 0.0
	for i, p := range f.p {
		k := base + int(fe.idx[f.at[i]])
		if k < len(r.v) {
			q += float64(p * r.v[k])
			qu += float64(p * r.u[k])
			continue
		}
		// Above the rows copied in (tests without them): as at reads it.
		v, u := r.at(int32(k%ns), k/ns)
		q += float64(p * v)
		qu += float64(p * u)
	}
	return q, qu + float64(f.bust*bustU)
}

// startVec is a vector pass's start into q (with its busts) from the band
// solved from level low on; an entry above the pass's rows (above the bar)
// is read as throwOn reads it (addAt).
func (fe *firstEntry) startVec(q []float64, vt *vecTurn, low int) {
	base := low * vt.tg.ns
	f := fe.row(vt.r0, vt.d)
	beta := f.bust
	clear(q)
	for i, p := range f.p {
		vt.addAt(q, base+int(fe.idx[f.at[i]]), p)
	}
	p0 := vt.tg.bustP[0]
	for t := range q {
		q[t] += float64(beta*vt.bust[t]) + float64(p0*vt.first[t])
	}
}
