package dreissig

import (
	"runtime"
	"syscall"
	"testing"
	"time"
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchSolve reports the build's CPU time, and where threads' CPU time can
// be read, what it takes with a free core per worker (free-wall-s: sum by
// sum the most CPU time one worker took) and how many cores' work that is
// (speedup: the CPU time of all workers over free-wall-s; at most the
// workers, GOMAXPROCS), and the process's peak resident memory.
func benchSolve(b *testing.B, n int, hundert bool) {
	for b.Loop() {
		c := cpuTime()
		var tb *Table
		clk := &buildClock{thread: threadCPU, workers: runtime.GOMAXPROCS(0)}
		if hundert || threadCPU == nil {
			tb = Solve(n, hundert)
		} else {
			tb = solveFallingTimed(n, n*Start, clk)
			tb.round()
		}
		b.ReportMetric(float64(cpuTime()-c)/1e9, "cpu-s")
		if clk.critical > 0 {
			b.ReportMetric(clk.critical.Seconds(), "free-wall-s")
			b.ReportMetric(float64(clk.total)/float64(clk.critical), "speedup")
		}
		b.ReportMetric(float64(tb.Rounds), "rounds")
		b.ReportMetric(float64(len(tb.Unsettled)), "unsettled")
		if tb.resolves > 0 {
			b.ReportMetric(float64(tb.resolves), "resolves")
		}
	}
	if rss := peakRSS(); rss > 0 {
		b.ReportMetric(rss/(1<<20), "peak-rss-MB")
	}
}

// The whole tables (goal: four players under 5 s on 2 cores).
func BenchmarkSolve2(b *testing.B)       { benchSolve(b, 2, false) }
func BenchmarkSolve3(b *testing.B)       { benchSolve(b, 3, false) }
func BenchmarkSolve4(b *testing.B)       { benchSolve(b, 4, false) }
func BenchmarkSolveHundert(b *testing.B) { benchSolve(b, 2, true) }

func BenchmarkTurn(b *testing.B) {
	tb := Solve(2, false)
	var o outcomes
	var u Utility
	tb.outcomesOf([]int{30, 30}, &o)
	o.utility(0.5, &u)
	var tn Turn
	c := cpuTime()
	for b.Loop() {
		tn.Solve(&u)
	}
	b.ReportMetric(float64(cpuTime()-c)/float64(b.N), "cpu-ns/op")
}
