package family

import (
	"runtime"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/internal/cputime"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Target: the whole table of one rule set (its states, its keeps, every
// value) in under 20 ms on 2 cores, the worst rule set included
// (worstSet), from fresh rules. mem-B is the memory the solver and its
// table hold, with the engine's combination table and the legal keeps it
// keeps of every throw; table-B the values alone.
func BenchmarkTable(b *testing.B) {
	sets := append(append([]ruleSet{}, basicSets...), optionSets...)
	for _, rs := range sets {
		b.Run(rs.String(), func(b *testing.B) {
			// Fresh rules for every build: the engine keeps the legal keeps
			// of each throw it was asked about, which a second build would
			// find ready.
			build := func() *Table {
				s, err := newSolver(rs.rules(b))
				if err != nil {
					b.Fatal(err)
				}
				return s.newTable(s.g.floor(validate.TurnContext{Entered: true}))
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.GC()
			runtime.ReadMemStats(&before)
			tb := build()
			runtime.GC()
			runtime.GC()
			runtime.ReadMemStats(&after)
			runtime.KeepAlive(tb)
			held := after.HeapAlloc - before.HeapAlloc
			b.ResetTimer()
			cpu0 := int64(cputime.Used())
			for b.Loop() {
				build()
			}
			b.ReportMetric(float64(int64(cputime.Used())-cpu0)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(held), "mem-B")
			b.ReportMetric(float64(tb.Bytes()), "table-B")
		})
	}
}

// Target: the coach's answer for a key press (every keep of a six-dice
// throw with its value, and the stop/throw values) well under 1 ms once
// the table exists.
func BenchmarkAdviceSixDice(b *testing.B) {
	tb := worstSet.solver(b).Table(validate.TurnContext{})
	p := tb.Start()
	roll := []int{1, 1, 5, 5, 3, 3}
	b.ReportAllocs()
	for b.Loop() {
		ks, err := p.Keeps(roll)
		if err != nil || len(ks) == 0 {
			b.Fatal(err)
		}
		q, _ := p.After(ks[0].Keep)
		_ = q.Value() + q.ThrowValue() + q.BustChance()
	}
}
