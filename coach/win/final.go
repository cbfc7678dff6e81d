package win

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"
)

// finalGame is two players of 5050 or zehntausend: whoever reaches the
// target first ends the game after the round, the highest total wins (a tie
// to the earlier seat in 5050, shared in zehntausend). The state before a
// turn is the seat on turn and both totals below the target, in levels of
// 50 points from lo (below 0 only with minus); the final round is the
// second seat's chase of the first seat's total.
type finalGame struct {
	tg     *turnGraph
	lo     int     // the lowest total's level (minus: below 0)
	m      int     // totals levels lo … lo+m-1; the target is level lo+m
	tie    float64 // a tie in the final round, for the one who chases
	floor  int
	nix    bool
	minus  bool
	chase  []float64 // chase[d]: the chaser's chance with d levels to make up (d ≥ 1); 0 beyond
	tail   *tail
	w      [2][]float64 // w[seat][i*m+j]: the seat on turn at grid i, the other at j
	sweeps int
	// many: the final rounds with two or more seats still to throw, by
	// their totals (many.go)
	manyMu sync.Mutex
	many   map[manyKey]manyView
	// chases: the last seat's chase against k > 1 on the best total, by k
	chaseMu sync.Mutex
	chases  map[int][]float64
	// rob: the plain chase's robust keeps by the tie's worth (many_robust.go)
	robMu sync.Mutex
	rob   map[float64]*robustChase
	// noRobust, noClosed: every keep compared, no closed shares (tests);
	// noShared: G of the seats before the second-to-last from a pass of
	// their own (as before many.go's share used vecPass)
	noRobust, noClosed, noShared bool
	// noSame: the final round's passes sum every state's throws, each
	// through the general loop (tests: the reuse of alike states' sums
	// and seatRows.throwIn change no bit)
	noSame bool
	// first: the first entries into the rows near a bar by the tie's
	// worth (many_first.go); noFirst: every row of a bar's pass solved
	// (tests)
	firstMu sync.Mutex
	first   map[float64]*firstEntry
	noFirst bool
	// firstUsed counts the bars' passes that took them (tests)
	firstUsed atomic.Int64
}

// minusTol: with minus the sweeps stop when no value moves by this much
// (the table is an approximation there anyway: see minusDepth).
const minusTol = 1e-10

// nixLevels is what nix banks (1000) and minus costs, in levels.
const nixLevels = 1000 / step

// chaseEps: a chase less likely than this is taken as lost.
const chaseEps = 1e-17

// chaseEnds are the ends of the chaser's turn with d levels to make up.
func (fg *finalGame) chaseEnds(e *ends, d int) { fg.chaseEndsWith(e, d, fg.tie) }

// chaseEndsWith: the same with a tie worth tie.
func (fg *finalGame) chaseEndsWith(e *ends, d int, tie float64) {
	e.stop = resize(e.stop, d+1)
	e.stopB = nil
	for lv := range d + 1 {
		e.stop[lv] = 0
	}
	e.stop[d] = tie
	e.top, e.hi, e.hiB = d+1, 1, 0
	e.tail = nil
	e.b, e.floor = 0, fg.floor
	e.first, e.firstB = 0, 0
	if fg.nix {
		e.first, _ = e.stopAt(nixLevels)
	}
}

func (fg *finalGame) chaseAt(d int) float64 {
	if d < len(fg.chase) {
		return fg.chase[d]
	}
	return 0
}

func resize(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

// at is W[seat][i][j] by grid index.
func (fg *finalGame) at(seat, i, j int) float64 { return fg.w[seat][i*fg.m+j] }

// fill sets the ends of the turn of seat at grid i against the other at j,
// but for b (the caller's cycle).
func (fg *finalGame) fill(e *ends, seat, i, j int) {
	m := fg.m
	other := fg.w[1-seat]
	top := m - i
	if seat == 0 {
		top = max(top, j+len(fg.chase)-i)
	}
	e.stop = resize(e.stop, top)
	e.stopB = nil
	for lv := range top {
		x := i + lv
		switch {
		case x < m:
			e.stop[lv] = 1 - other[j*m+x]
		case seat == 0:
			e.stop[lv] = 1 - fg.chaseAt(x-j)
		default:
			e.stop[lv] = 1
		}
	}
	e.top, e.hi, e.hiB, e.floor = m-i, 1, 0, fg.floor
	e.tail = nil
	if seat == 0 {
		e.tail, e.tailOff = fg.tail, i-j
	}
	e.first, e.firstB = 0, 1 // a bust on the first throw is a bust
	switch {
	case fg.nix:
		e.first, e.firstB = e.stopAt(nixLevels)
	case fg.minus:
		e.first, e.firstB = 1-other[j*m+max(i-nixLevels, 0)], 0
	}
}

// solve computes every W by decreasing sum of the totals: a stop raises the
// sum, a bust hands the same totals to the other seat (a cycle of two turns,
// solved together). minus lowers a total: then sweeps until nothing changes.
func (fg *finalGame) solve(ws []*worker) error {
	m := fg.m
	fg.w[0], fg.w[1] = make([]float64, m*m), make([]float64, m*m)
	for s := range fg.w {
		for k := range fg.w[s] {
			fg.w[s][k] = 0.5
		}
	}
	fg.solveChase(ws)
	fg.buildTail()
	for sweep := 1; ; sweep++ {
		fg.sweeps = sweep
		change := fg.sweep(ws)
		if !fg.minus || change < minusTol {
			break
		}
		if sweep == 500 {
			return fmt.Errorf("the win values do not converge (%g after %d sweeps)", change, sweep)
		}
	}
	return fg.checkMonotone()
}

// sweep solves every pair once, by decreasing sum; it returns the largest change.
func (fg *finalGame) sweep(ws []*worker) float64 {
	m := fg.m
	changes := make([]float64, len(ws))
	for sum := 2 * (m - 1); sum >= 0; sum-- {
		lo, hi := max(0, sum-m+1), min(m-1, sum)
		// Per pair (i, j): seat 0 at i against j, and seat 1 at j against
		// i (the pair (j, i) holds the other two turns).
		parallel(ws, hi-lo+1, func(w *worker, k int) {
			i := lo + k
			j := sum - i
			fg.fill(&w.ea, 0, i, j)
			fg.fill(&w.ep, 1, j, i)
			x, y := w.cycle(fg.guess(0, i, j), fg.guess(1, j, i), false)
			c := max(math.Abs(x-fg.w[0][i*m+j]), math.Abs(y-fg.w[1][j*m+i]))
			fg.w[0][i*m+j], fg.w[1][j*m+i] = x, y
			if ix := workerIndex(ws, w); c > changes[ix] {
				changes[ix] = c
			}
		})
	}
	return slicesMax(changes)
}

func workerIndex(ws []*worker, w *worker) int {
	for k, x := range ws {
		if x == w {
			return k
		}
	}
	return 0
}

func slicesMax(xs []float64) float64 {
	v := 0.0
	for _, x := range xs {
		v = max(v, x)
	}
	return v
}

// guess is where a cycle's Newton steps start: the value of a neighbour
// with a higher sum (already solved), or the value from the last sweep.
func (fg *finalGame) guess(seat, i, j int) float64 {
	m := fg.m
	w := fg.w[seat]
	switch {
	case fg.sweeps > 1:
		return w[i*m+j]
	case j+3 < m: // a parabola through three solved neighbours
		return clamp01(float64(3*w[i*m+j+1]) - float64(3*w[i*m+j+2]) + w[i*m+j+3])
	case i+1 < m && j+1 < m: // the plane through three solved neighbours
		return clamp01(w[i*m+j+1] + w[(i+1)*m+j] - w[(i+1)*m+j+1])
	case j+1 < m:
		return w[i*m+j+1]
	case i+1 < m:
		return w[(i+1)*m+j]
	}
	return 0.5
}

// checkMonotone checks what the state graph assumes (of two keeps to the
// same state only the one with more points is kept): more points are never
// worth less, i.e. the chance of the one on turn never rises with the
// other's total.
func (fg *finalGame) checkMonotone() error {
	m := fg.m
	for s := range 2 {
		for i := range m {
			for j := 0; j+1 < m; j++ {
				if fg.w[s][i*m+j+1] > fg.w[s][i*m+j]+1e-12 {
					return fmt.Errorf("the chance to win rises with the other's total at seat %d, %d : %d", s, (i+fg.lo)*step, (j+fg.lo)*step)
				}
			}
		}
	}
	// Reaching the target never costs: the chase is no better for the other
	// than the game one level below the target.
	for j := range m {
		if fg.w[1][j*m+m-1] < fg.chaseAt(m-j)-1e-12 {
			return fmt.Errorf("reaching the target is worth less than 50 points below it against %d", (j+fg.lo)*step)
		}
	}
	for d := 2; d < len(fg.chase); d++ {
		if fg.chase[d] > fg.chase[d-1]+1e-12 {
			return fmt.Errorf("the chase is likelier with %d points to make up than with %d", d*step, (d-1)*step)
		}
	}
	return nil
}
