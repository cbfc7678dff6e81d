package win

import (
	"runtime"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/internal/cputime"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Targets (2 cores): the whole two-player table of zehntausend (defaults,
// ziel 10000) under 10 s and 200 MB, 5050 and 5000 under 10 s, any rule set
// with ziel up to 10,000 under 60 s. cpu-ns/op is the CPU time of both
// workers; passes the turns computed.
func BenchmarkTable(b *testing.B) {
	for _, c := range []struct {
		name string
		g    validate.GameID
		o    map[string]any
	}{
		{"5050", validate.Game5050, nil},
		{"5000", validate.Game5000, nil},
		{"zehntausend", validate.GameZehntausend, nil},
		{"zehntausend-6", validate.GameZehntausend, map[string]any{"wuerfel": 6}},
		{"zehntausend-ziel3000", validate.GameZehntausend, map[string]any{"ziel": 3000}},
		{"worst", validate.GameZehntausend, map[string]any{"wuerfel": 6, "ergaenzen": true, "verdoppeln": true, "fuenfer_drehen": true, "strasse": 1250, "drei_paare": 1000, "pyramide": 1000}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var t *Table
			var ms runtime.MemStats
			cpu0 := int64(cputime.Used())
			for b.Loop() {
				s, err := New(rulesOf(b, c.g, c.o))
				if err != nil {
					b.Fatal(err)
				}
				if t, err = s.build(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(int64(cputime.Used())-cpu0)/float64(b.N), "cpu-ns/op")
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(ms.Sys), "sys-B")
			b.ReportMetric(float64(t.Passes), "passes")
			b.ReportMetric(float64(t.Sweeps), "sweeps")
			b.ReportMetric(float64(t.Bytes()), "table-B")
		})
	}
}

// Target: the coach line's answer per key press under 1 ms once the table
// is there: Start is once per turn (one pass of the turn), Keeps per throw.
func BenchmarkStart(b *testing.B) {
	tb := tableOf(b, validate.GameZehntausend, map[string]any{"ziel": 3000})
	for b.Loop() {
		if _, err := tb.Start([]int{1500, 2000}, 0); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkKeeps(b *testing.B) {
	tb := tableOf(b, validate.GameZehntausend, map[string]any{"ziel": 3000})
	p, _ := tb.Start([]int{1500, 2000}, 0)
	b.ReportAllocs()
	for b.Loop() {
		ks, err := p.Keeps([]int{1, 1, 5, 5, 3})
		if err != nil || len(ks) == 0 {
			b.Fatal(err)
		}
		q, _ := p.After(ks[0].Keep)
		_ = q.Win() + q.ThrowWin()
	}
}

// BenchmarkFollow is the final round's every-player pass of a seat far
// behind (four players, six dice, strasse and drei_paare): the follow
// table a review builds a final-round turn.
func BenchmarkFollow(b *testing.B) {
	tb := tableOf(b, validate.GameZehntausend, map[string]any{"ziel": 2000, "wuerfel": 6, "strasse": 1000, "drei_paare": 1000})
	p, err := tb.Start([]int{2200, 1200, 0, 900}, 2)
	if err != nil || !p.Exact() || p.sh == nil || p.sh.build == nil {
		b.Fatal("not a final round's exact start", err)
	}
	p.Chances()
	levels := 0
	cpu0 := cputime.Used()
	for b.Loop() {
		levels += p.sh.build().vt.top
	}
	b.ReportMetric(float64(levels)/float64(b.N), "levels/op")
	b.ReportMetric(float64((cputime.Used()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
