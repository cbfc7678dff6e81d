package reviewer

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
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
		if !rv.Kept() { // Dreißig tot in pips: another unit, not kept
			if rows != nil {
				t.Errorf("%s in pips: rows %v", g.Rules.Game, rows)
			}
			none++
			continue
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

// countingWin is a win solver that only counts how often it is asked and
// says it has no table.
type countingWin struct{ calls *int }

func (c countingWin) Start(*validate.Rules, []int, int) (review.WinPosition, error) {
	*c.calls++
	return nil, errors.New("no table in this test")
}

// TestStoredReviewLeavesBigFinalRoundsToReview: the stored review of a
// game with a final round and more than StoredWinPlayers players keeps the
// points and never asks the win solver (an import of a long history could
// not pay its exact final round); the same review without the limit (the
// `review` command) asks it. Games of three up to StoredWinPlayers players
// with a final round ask it in the stored review.
func TestStoredReviewLeavesBigFinalRoundsToReview(t *testing.T) {
	games, err := generate.All(generate.Config{Games: 80, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 3))
	big := []*scoresheet.Game{playedGame(t, rng, StoredWinPlayers+1), playedGame(t, rng, StoredWinPlayers+2)}
	asked := 0
	for _, gm := range games {
		g := gm.Game
		if !g.Finished() || g.Rules.Variant().End != validate.EndFinalRound || len(g.Players) < 3 {
			continue
		}
		if len(g.Players) > StoredWinPlayers {
			big = append(big, g)
			continue
		}
		calls := 0
		v := review.SolversWith(kniffel.NewCache(""))
		v.Win = countingWin{&calls}
		if _, err := New(v).Review(g); err != nil {
			t.Fatal(err)
		}
		if calls == 0 {
			t.Fatalf("%s of %d players: the stored review did not ask the win solver", g.Rules.Game, len(g.Players))
		}
		asked++
	}
	if asked < 3 {
		t.Fatalf("only %d games of 3 to %d players with a final round: generate more", asked, StoredWinPlayers)
	}
	for _, g := range big {
		calls := 0
		v := review.SolversWith(kniffel.NewCache(""))
		v.Win = countingWin{&calls}
		rows, err := New(v).Review(g)
		if err != nil {
			t.Fatal(err)
		}
		if calls != 0 || len(rows) != len(g.Players) {
			t.Fatalf("%s of %d players: the stored review asked the win solver %d times, %d rows", g.Rules.Game, len(g.Players), calls, len(rows))
		}
		for _, r := range rows {
			if r.Win {
				t.Fatalf("%s of %d players: a stored row with the chance to win", g.Rules.Game, len(g.Players))
			}
		}
		rv, err := review.OfGame(g, v) // no limit: review asks
		if err != nil {
			t.Fatal(err)
		}
		if calls == 0 {
			t.Fatalf("%s of %d players: review without the limit did not ask the win solver", g.Rules.Game, len(g.Players))
		}
		if rv.Win {
			t.Fatalf("%s: a review with the chance to win from a solver without a table", g.Rules.Game)
		}
	}
}

// playedGame is a finished zehntausend game to 1500 of n players with
// random keeps and stops.
func playedGame(t *testing.T, rng *rand.Rand, n int) *scoresheet.Game {
	t.Helper()
	o, err := validate.MakeOptions(validate.GameZehntausend, map[string]any{"ziel": 1500})
	if err != nil {
		t.Fatal(err)
	}
	r, err := validate.NewRules(validate.GameZehntausend, o)
	if err != nil {
		t.Fatal(err)
	}
	s, err := family.For(r)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for i := range n {
		names = append(names, generate.Names[i])
	}
	g, err := scoresheet.New(r, names)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Finished() && g.NumTurns() < 1000 {
		pos := s.Table(validate.TurnContext{Entered: true}).Start()
		turn := g.NumTurns()
		for g.NumTurns() == turn && !g.Finished() {
			roll := make([]int, pos.Dice())
			for i := range roll {
				roll[i] = 1 + rng.IntN(6)
			}
			ks, err := pos.Keeps(roll)
			if err != nil {
				t.Fatal(err)
			}
			e := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: []int{}}
			if len(ks) > 0 {
				k := ks[rng.IntN(len(ks))].Keep
				e.Keep, e.FivesAsOnes = k.Dice, k.FivesAsOnes
				if pos, err = pos.After(k); err != nil {
					t.Fatal(err)
				}
			}
			if err := g.Apply(e); err != nil {
				t.Fatal(err)
			}
			if _, ok := pos.StopValue(); ok && rng.IntN(3) == 0 && g.NumTurns() == turn && !g.Finished() {
				if err := g.Apply(scoresheet.Entry{Kind: scoresheet.EntryStop}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if !g.Finished() {
		t.Fatalf("the game of %d players did not end", n)
	}
	return g
}
