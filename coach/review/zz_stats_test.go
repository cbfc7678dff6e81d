package review

import (
	"fmt"
	"github.com/wuerfelblock/wuerfelblock/internal/cputime"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
)


func BenchmarkZZWin(b *testing.B) {
	games, _ := generate.All(generate.Config{Games: 600, Seed: 5})
	long := map[string]*scoresheet.Game{}
	for _, gm := range games {
		g := gm.Game
		k := rulesKey(g.Rules)
		if g.Rules.Game == "zehntausend" && len(g.Players) == 2 && (long[k] == nil || g.Len() > long[k].Len()) {
			long[k] = g
		}
	}
	v := SolversWith(memCache)
	v.Win = winSolver{}
	for k, g := range long {
		if rv, err := OfGame(g, v); err != nil || !rv.Win {
			b.Fatal(k, err)
		}
		b.Run(fmt.Sprint(len(k)), func(b *testing.B) {
			cpu0 := cputime.Used()
			for b.Loop() {
				OfGame(g, v)
			}
			b.ReportMetric(float64((cputime.Used()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

func BenchmarkZZWin3(b *testing.B) {
	games, _ := generate.All(generate.Config{Games: 600, Seed: 5})
	long := map[string]*scoresheet.Game{}
	for _, gm := range games {
		g := gm.Game
		k := rulesKey(g.Rules)
		if isFamily(g.Rules.Game) && len(g.Players) == 3 && (long[k] == nil || g.Len() > long[k].Len()) {
			long[k] = g
		}
	}
	v := SolversWith(memCache)
	v.Win = winSolver{}
	for k, g := range long {
		if rv, err := OfGame(g, v); err != nil || !rv.Win {
			b.Fatal(k, err)
		}
		b.Run(string(g.Rules.Game)+fmt.Sprint(len(k)), func(b *testing.B) {
			b.ReportMetric(float64(g.Len()), "entries")
			cpu0 := cputime.Used()
			for b.Loop() {
				OfGame(g, v)
			}
			b.ReportMetric(float64((cputime.Used()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}
