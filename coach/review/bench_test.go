package review

import (
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/internal/cputime"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// longest finds, per game, the generated game with the most entries: the
// worst case of a realistic history.
func longest(b *testing.B) map[validate.GameID]*scoresheet.Game {
	games, err := generate.All(generate.Config{Games: 400, Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	out := map[validate.GameID]*scoresheet.Game{}
	for _, gm := range games {
		id := gm.Game.Rules.Game
		if Reviewable(id) && (out[id] == nil || gm.Game.Len() > out[id].Len()) {
			out[id] = gm.Game
		}
	}
	return out
}

// BenchmarkReviewGame reviews the longest generated game of each game
// once the solver tables exist.
func BenchmarkReviewGame(b *testing.B) {
	v := testValuers(b)
	for id, g := range longest(b) {
		if _, err := OfGame(g, v); err != nil { // builds the tables
			b.Fatal(err)
		}
		b.Run(string(id), func(b *testing.B) {
			b.ReportMetric(float64(g.Len()), "entries")
			b.ReportMetric(float64(len(g.Players)), "players")
			for b.Loop() {
				if _, err := OfGame(g, v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReviewHistory reviews a generated history of 2,000 games (every
// game, the realistic mix) on all cores, as migration 015 does; it reports
// the time 20,000 such games take.
func BenchmarkReviewHistory(b *testing.B) {
	games, err := generate.All(generate.Config{Games: 2000, Seed: 6})
	if err != nil {
		b.Fatal(err)
	}
	v := testValuers(b)
	for _, gm := range games { // build every table first
		if _, err := OfGame(gm.Game, v); err != nil {
			b.Fatal(err)
		}
	}
	workers := runtime.GOMAXPROCS(0)
	cpu0 := cputime.Used()
	b.ResetTimer()
	for b.Loop() {
		next := make(chan *scoresheet.Game)
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for g := range next {
					if _, err := OfGame(g, v); err != nil {
						b.Error(err)
					}
				}
			}()
		}
		for _, gm := range games {
			next <- gm.Game
		}
		close(next)
		wg.Wait()
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N)*10, "s/20000games")
	// The CPU time the process spent: on a machine shared with other work
	// the wall time says little; CPU time / cores is what 2 free cores take.
	b.ReportMetric((cputime.Used()-cpu0).Seconds()/float64(b.N)*10, "cpu-s/20000games")
	b.ReportMetric(float64(workers), "workers")
}

// BenchmarkReviewGameWin reviews the longest generated two-player game of
// 5050, 5000 and zehntausend with the review by the chance to win, once
// the tables exist (target < 5 ms a game).
func BenchmarkReviewGameWin(b *testing.B) { benchReviewGameWin(b, 2) }

// BenchmarkReviewGameWin3 is BenchmarkReviewGameWin with three players
// (before the final round approximated: docs/REVIEW.md).
func BenchmarkReviewGameWin3(b *testing.B) { benchReviewGameWin(b, 3) }

// BenchmarkReviewGameWin4 is BenchmarkReviewGameWin with four players.
func BenchmarkReviewGameWin4(b *testing.B) { benchReviewGameWin(b, 4) }

// BenchmarkReviewGameWin5 is BenchmarkReviewGameWin with five players.
func BenchmarkReviewGameWin5(b *testing.B) { benchReviewGameWin(b, 5) }

func benchReviewGameWin(b *testing.B, players int) {
	games, err := generate.All(generate.Config{Games: 600, Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	long := map[string]*scoresheet.Game{}
	for _, gm := range games {
		g := gm.Game
		k := rulesKey(g.Rules)
		if isFamily(g.Rules.Game) && len(g.Players) == players && (long[k] == nil || g.Len() > long[k].Len()) {
			long[k] = g
		}
	}
	v := winValuers
	for k, g := range long {
		if rv, err := OfGame(g, v); err != nil || !rv.Win { // builds the tables
			b.Fatal(k, err)
		}
		b.Run(string(g.Rules.Game)+"-"+fmt.Sprint(len(k)), func(b *testing.B) {
			b.ReportMetric(float64(g.Len()), "entries")
			cpu0 := cputime.Used()
			for b.Loop() {
				if _, err := OfGame(g, v); err != nil {
					b.Fatal(err)
				}
			}
			// The machine is shared: the CPU time is what a game costs.
			b.ReportMetric(float64((cputime.Used()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}
