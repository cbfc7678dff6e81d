package storage

import (
	"context"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"
)

// TestReviewBigFinalRoundsMigration: four-player games with a final round
// stored before migration 027 (review rows without the win figures, as the
// stored review kept the points for more than three players) are reviewed
// again with them, the three-player game beside them is left as it was:
// the figures stored equal a recomputation, the results add up to 1, with
// progress.
func TestReviewBigFinalRoundsMigration(t *testing.T) {
	ctx := context.Background()
	v := testValuers.WithWin()
	o := Options{Reviewer: testReviewer{v}}
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := OpenWith(path, o)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(27, 1))
	var big []int64
	var three int64
	for _, players := range [][]string{{"Anna", "Ben", "Clara", "Dora"}, {"Anna", "Ben", "Clara"}, {"Ben", "Clara", "Dora", "Emil"}} {
		g := smallWinGameOf(t, rng, players)
		sg, err := db.CreateGame(ctx, g.Rules, g.Players)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range g.Entries() {
			if err := db.Append(ctx, sg, e); err != nil {
				t.Fatal(err)
			}
		}
		if len(players) == 4 {
			big = append(big, sg.row)
		} else {
			three = sg.row
		}
	}
	before := reviewRows(t, db, three)
	for _, q := range []string{`UPDATE reviews SET win_start = NULL, win_luck = NULL, win_loss = NULL, result = NULL, win_exact = NULL
		WHERE game_id IN (SELECT game_id FROM seats GROUP BY game_id HAVING count(*) >= 4)`,
		`DELETE FROM migrations WHERE version = 27`} {
		if _, err := db.sql.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	calls := 0
	o.ReviewProgress = func(done, total int) { calls++ }
	db, err = OpenWith(path, o)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if n := checkReviewsWith(t, db, v); n != 3 || calls < 2 {
		t.Errorf("%d games checked, %d progress calls", n, calls)
	}
	for _, row := range big {
		sum := 0.0
		for _, r := range reviewRows(t, db, row) {
			if !r.win[3].Valid {
				t.Fatalf("game %d: no win figures after migration 027: %+v", row, r)
			}
			sum += r.win[3].Float64
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("game %d: results add up to %v", row, sum)
		}
	}
	if again := reviewRows(t, db, three); len(again) != 3 || again[0] != before[0] || !again[0].win[3].Valid {
		t.Errorf("the three-player game's rows: %+v, were %+v", again, before)
	}
}
