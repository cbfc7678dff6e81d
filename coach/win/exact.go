package win

import (
	"fmt"
	"math"
)

// exactGame is two players of 5000: whoever lands exactly on the target
// wins at once. A total of 0 has not entered (a stop needs 500 then), no
// total lies between 0 and 500, and no two totals above 0 are equal: a
// total that reaches another's sets that one to 0. A stop over the target
// gives its points to the other player if entered and they fit, else they
// are lost. The state before a turn is both totals (who sits first does not
// matter), in levels of 50 points: W[i][j] for the player on turn at i.
type exactGame struct {
	tg     *turnGraph
	n      int // the target's level (100)
	entry  int // the entry's level (10)
	floors [2]int
	w      []float64 // w[i*(n)+j]
	sweeps int
}

func (xg *exactGame) valid(i int) bool { return i == 0 || i >= xg.entry && i < xg.n }

func (xg *exactGame) at(i, j int) float64 { return xg.w[i*xg.n+j] }

// fill sets the ends of the turn of the player at i against j, but for b.
func (xg *exactGame) fill(e *ends, i, j int) {
	n := xg.n
	top := n - i + 1
	if j > 0 {
		top = max(top, n-j+1)
	}
	e.stop, e.stopB = resize(e.stop, top), resize(e.stopB, top)
	for lv := range top {
		e.stop[lv], e.stopB[lv] = xg.stopValue(i, j, lv)
	}
	e.top, e.hi, e.hiB = top, 0, 1 // every stop lost: as good as a bust
	e.first, e.firstB = 0, 1
	e.floor = xg.floors[0]
	if i > 0 {
		e.floor = xg.floors[1]
	}
}

// stopValue is a stop of lv levels by the player at i against j: c + cb·b.
func (xg *exactGame) stopValue(i, j, lv int) (float64, float64) {
	n := xg.n
	x := i + lv
	switch {
	case x == n:
		return 1, 0
	case x < n && x == j: // the other is set to 0
		return 1 - xg.at(0, x), 0
	case x < n:
		return 1 - xg.at(j, x), 0
	case j == 0: // nobody entered to take them: lost
		return 0, 1
	}
	y := j + lv // the points go to the other
	switch {
	case y > n:
		return 0, 1
	case y == n:
		return 0, 0
	case y == i: // the other lands on our total: we are set to 0
		return 1 - xg.at(y, 0), 0
	}
	return 1 - xg.at(y, i), 0
}

// solve: sweeps in decreasing sum of the totals, each pair's bust cycle
// solved together, until no value changes (a reset to 0 goes back to a
// lower sum).
func (xg *exactGame) solve(ws []*worker) error {
	n := xg.n
	xg.w = make([]float64, n*n)
	for k := range xg.w {
		xg.w[k] = 0.5
	}
	for sweep := 1; ; sweep++ {
		xg.sweeps = sweep
		if c := xg.sweep(ws); c < tol {
			return nil
		} else if sweep == 500 {
			return fmt.Errorf("the 5000 values do not converge (%g after %d sweeps)", c, sweep)
		}
	}
}

func (xg *exactGame) sweep(ws []*worker) float64 {
	n := xg.n
	changes := make([]float64, len(ws))
	for sum := 2 * (n - 1); sum >= 0; sum-- {
		var pairs [][2]int
		for i := max(0, sum-n+1); i <= min(n-1, sum); i++ {
			j := sum - i
			if i <= j && xg.valid(i) && xg.valid(j) && (i != j || i == 0) {
				pairs = append(pairs, [2]int{i, j})
			}
		}
		parallel(ws, len(pairs), func(w *worker, k int) {
			i, j := pairs[k][0], pairs[k][1]
			xg.fill(&w.ea, i, j)
			xg.fill(&w.ep, j, i)
			x, y := w.cycle(xg.at(i, j), xg.at(j, i), i == j)
			c := max(math.Abs(x-xg.at(i, j)), math.Abs(y-xg.at(j, i)))
			xg.w[i*n+j], xg.w[j*n+i] = x, y
			if ix := workerIndex(ws, w); c > changes[ix] {
				changes[ix] = c
			}
		})
	}
	return slicesMax(changes)
}
