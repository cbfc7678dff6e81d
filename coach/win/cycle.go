package win

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"
)

// tol is how close a bust cycle's values are solved: the Newton steps stop
// when both values change less than this.
const tol = 1e-13

// worker holds one goroutine's buffers.
type worker struct {
	a, p   *pass
	ea, ep ends
	passes int // turn passes computed (for the benchmarks)
}

func newWorker(tg *turnGraph) *worker {
	return &worker{a: tg.newPass(), p: tg.newPass()}
}

// cycle solves two turns that hand each other their busts: x is the value
// of the first to move, with a bust worth 1 − y; y of the second, with a
// bust worth 1 − x. The ends ea and ep are filled in but for b. self: they
// are one turn (x = y, a bust worth 1 − x). Newton's method on the
// piecewise linear values (each pass gives the exact derivative of the play
// it chose), started from the guesses; plain iteration if it should stall.
func (w *worker) cycle(x, y float64, self bool) (float64, float64) {
	for it := 0; it < 60; it++ {
		w.ea.b = 1 - y
		fa, ga := w.a.run(&w.ea)
		w.passes++
		if self {
			if math.Abs(fa-x) < tol {
				return fa, fa
			}
			if it >= 40 {
				x, y = fa, fa
				continue
			}
			nx := (fa + float64(ga*x)) / (1 + ga)
			if within(x-nx, w.a) {
				return nx, nx
			}
			x, y = nx, nx
			continue
		}
		w.ep.b = 1 - x
		fp, gp := w.p.run(&w.ep)
		w.passes++
		if math.Abs(fa-x) < tol && math.Abs(fp-y) < tol {
			return fa, fp
		}
		if it >= 40 || ga*gp >= 1 {
			x, y = fa, fp
			continue
		}
		nx := (fa - float64(ga*(fp-y)) - float64(ga*gp*x)) / (1 - float64(ga*gp))
		ny := fp - float64(gp*(nx-x))
		if within(y-ny, w.a) && within(x-nx, w.p) {
			// Both passes' choices stay best at the new busts: their
			// lines are the values there, and the step solved them.
			return nx, ny
		}
		x, y = clamp01(nx), clamp01(ny)
	}
	return x, y
}

// within reports whether a pass's choices stay best when its b moves by db.
func within(db float64, p *pass) bool {
	return db <= min(p.up, p.far) && -db <= min(p.down, p.far)
}

func clamp01(x float64) float64 { return min(max(x, 0), 1) }

// parallel runs f(k) for k in [0, n) on the workers.
func parallel(ws []*worker, n int, f func(w *worker, k int)) {
	if n == 0 {
		return
	}
	if len(ws) == 1 || n == 1 {
		for k := range n {
			f(ws[0], k)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for _, w := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1) - 1)
				if k >= n {
					return
				}
				f(w, k)
			}
		}()
	}
	wg.Wait()
}

// workers makes one worker per processor, at most two (the machine the
// goals are set for).
func workers(tg *turnGraph) []*worker {
	n := min(runtime.GOMAXPROCS(0), 2)
	ws := make([]*worker, n)
	for i := range ws {
		ws[i] = newWorker(tg)
	}
	return ws
}
