package reviewer

import (
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
)

// TestRowsAreTheReview: the rows kept of a finished game of a reviewed
// kind are its review's per-seat figures; unfinished games and kinds
// without decisions keep none.
func TestRowsAreTheReview(t *testing.T) {
	v := review.SolversWith(kniffel.NewCache(""))
	r := New(v)
	games, err := generate.All(generate.Config{Games: 30, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	kept, none := 0, 0
	for _, gm := range games {
		g := gm.Game
		rows, err := r.Review(g)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Finished() || !review.RatesDecisions(g.Rules.Game) {
			if rows != nil {
				t.Errorf("%s (finished %v): rows %v", g.Rules.Game, g.Finished(), rows)
			}
			none++
			continue
		}
		rv, err := review.OfGame(g, v)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != len(g.Players) {
			t.Fatalf("%s: %d rows for %d players", g.Rules.Game, len(rows), len(g.Players))
		}
		for seat, p := range rv.Players {
			w := rows[seat]
			if w.Decisions != p.Decisions || w.Loss != p.Loss || w.Luck != p.Luck || w.QuickTurns != p.QuickTurns {
				t.Errorf("%s seat %d: row %+v, review %+v", g.Rules.Game, seat, w, p)
			}
		}
		kept++
		// The same game one entry short is not finished: no rows.
		short, err := scoresheet.FromEntries(g.Rules, g.Players, g.Entries()[:g.Len()-1])
		if err != nil {
			t.Fatal(err)
		}
		if rows, _ := r.Review(short); rows != nil {
			t.Errorf("%s one entry short: rows %v", g.Rules.Game, rows)
		}
	}
	if kept < 5 || none < 3 {
		t.Fatalf("%d games with rows, %d without: generate more", kept, none)
	}
}
