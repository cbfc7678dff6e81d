package review

import (
	"testing"

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
