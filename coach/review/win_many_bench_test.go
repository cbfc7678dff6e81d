package review

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/internal/cputime"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
)

// BenchmarkWinReviewMany reviews the family games of four and five
// players of a generated history, each once an iteration, with the
// process's win solvers (their tables from the cache directory,
// $XDG_CACHE_HOME: built on the first run) after a warm-up over other
// games of the same history, as a migration over a long history meets
// them. It reports the CPU time a game by the number of players (target
// < 5 ms) and the most heap in use after a game.
func BenchmarkWinReviewMany(b *testing.B) {
	games, err := generate.All(generate.Config{Games: 1200, Seed: 24, Players: 5})
	if err != nil {
		b.Fatal(err)
	}
	v := SolversWith(memCache)
	v.Win = winSolver{}
	var warm, many []*scoresheet.Game
	for _, gm := range games {
		g := gm.Game
		if !isFamily(g.Rules.Game) || len(g.Players) < 4 {
			continue
		}
		if len(warm) < 40 {
			warm = append(warm, g)
			continue
		}
		many = append(many, g)
	}
	for _, g := range many { // every table first
		v.Warm(g.Rules)
	}
	for _, g := range warm {
		if rv, err := OfGame(g, v); err != nil || !rv.Win {
			b.Fatal(err, rv.WinNote.EN)
		}
	}
	var ms runtime.MemStats
	peak := uint64(0)
	for b.Loop() {
		cpu := map[int]time.Duration{}
		count := map[int]int{}
		for i, g := range many {
			n := len(g.Players)
			c0 := cputime.Used()
			rv, err := OfGame(g, v)
			if err != nil || !rv.Win {
				b.Fatal(err)
			}
			cpu[n] += cputime.Used() - c0
			count[n]++
			if i%16 == 0 {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapInuse)
			}
		}
		for n := 4; n <= 5; n++ {
			if count[n] > 0 {
				b.ReportMetric(float64(cpu[n].Microseconds())/1000/float64(count[n]), fmt.Sprintf("cpu-ms/game-%dp", n))
				b.ReportMetric(float64(count[n]), fmt.Sprintf("games-%dp", n))
			}
		}
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}
