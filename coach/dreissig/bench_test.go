package dreissig

import (
	"syscall"
	"testing"
	"time"
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func benchSolve(b *testing.B, n int, hundert bool) {
	for b.Loop() {
		c := cpuTime()
		tb := Solve(n, hundert)
		b.ReportMetric(float64(cpuTime()-c)/1e9, "cpu-s")
		b.ReportMetric(float64(tb.Rounds), "rounds")
		b.ReportMetric(float64(len(tb.Unsettled)), "unsettled")
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
