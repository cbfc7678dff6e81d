package storage

import (
	"context"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// smallWinGame plays a two-player zehntausend game to 1500 with random
// keeps and stops (a win table that builds in a fraction of a second).
func smallWinGame(t *testing.T, rng *rand.Rand) *scoresheet.Game {
	t.Helper()
	return smallWinGameOf(t, rng, []string{"Anna", "Ben"})
}

// smallWinGameOf is smallWinGame with these players.
func smallWinGameOf(t *testing.T, rng *rand.Rand, players []string) *scoresheet.Game {
	t.Helper()
	o, err := validate.MakeOptions(validate.GameZehntausend, map[string]any{"ziel": 1500, "beweisen": false})
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
	g, err := scoresheet.New(r, players)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Finished() && g.NumTurns() < 300 {
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
		t.Fatal("the game did not end")
	}
	return g
}

// TestReviewWinStored: the win figures of two-player games are stored with
// the finishing entry, gone with its undo and back with it, carried by an
// import into another database, and always equal to a recomputation (bit
// for bit, so independent of the database that computed them).
func TestReviewWinStored(t *testing.T) {
	ctx := context.Background()
	v := testValuers.WithWin()
	o := Options{Reviewer: testReviewer{v}}
	db := openAtWith(t, filepath.Join(t.TempDir(), "a.db"), o)
	rng := rand.New(rand.NewPCG(18, 1))
	var ids []string
	for range 4 {
		g := smallWinGame(t, rng)
		sg, err := db.CreateGame(ctx, g.Rules, g.Players)
		if err != nil {
			t.Fatal(err)
		}
		es := g.Entries()
		for _, e := range es {
			if err := db.Append(ctx, sg, e); err != nil {
				t.Fatal(err)
			}
		}
		rows := reviewRows(t, db, sg.row)
		if len(rows) != 2 || !rows[0].win[3].Valid || rows[0].win[3].Float64+rows[1].win[3].Float64 != 1 {
			t.Fatalf("stored rows without the win figures: %+v", rows)
		}
		if _, err := db.Undo(ctx, sg); err != nil {
			t.Fatal(err)
		}
		if n := len(reviewRows(t, db, sg.row)); n != 0 {
			t.Fatalf("undo left %d review rows", n)
		}
		if err := db.Append(ctx, sg, es[len(es)-1]); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, sg.ID)
	}
	if n := checkReviewsWith(t, db, v); n != 4 {
		t.Errorf("%d games with reviews", n)
	}
	recs, err := db.Export(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	other := openAtWith(t, filepath.Join(t.TempDir(), "b.db"), o)
	if _, err := other.Import(ctx, recs); err != nil {
		t.Fatal(err)
	}
	if n := checkReviewsWith(t, other, v); n != 4 {
		t.Errorf("%d imported games with reviews", n)
	}
	checkWinStats(t, db, ids)
	for _, id := range ids {
		a, _ := db.LoadGame(ctx, id)
		b, _ := other.LoadGame(ctx, id)
		ra, rb := reviewRows(t, db, a.row), reviewRows(t, other, b.row)
		for seat := range ra {
			if ra[seat].win != rb[seat].win || ra[seat].loss != rb[seat].loss {
				t.Errorf("%s seat %d: %+v here, %+v imported", id, seat, ra[seat], rb[seat])
			}
		}
	}
}

// TestReviewWinMigration: a database from before migration 018 (reviews
// without the win columns) gets every review recomputed with them.
func TestReviewWinMigration(t *testing.T) {
	ctx := context.Background()
	v := testValuers.WithWin()
	o := Options{Reviewer: testReviewer{v}}
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := OpenWith(path, o)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(18, 2))
	for range 3 {
		g := smallWinGame(t, rng)
		sg, err := db.CreateGame(ctx, g.Rules, g.Players)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range g.Entries() {
			if err := db.Append(ctx, sg, e); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, q := range []string{`DELETE FROM reviews`, `ALTER TABLE reviews DROP COLUMN win_start`, `ALTER TABLE reviews DROP COLUMN win_luck`,
		`ALTER TABLE reviews DROP COLUMN win_loss`, `ALTER TABLE reviews DROP COLUMN result`, `ALTER TABLE reviews DROP COLUMN win_exact`,
		`DELETE FROM migrations WHERE version = 18`} {
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
		t.Errorf("%d games reviewed again, %d progress calls", n, calls)
	}
}

// checkWinStats: the statistics sum the stored win figures per player.
func checkWinStats(t *testing.T, db *DB, ids []string) {
	t.Helper()
	ctx := context.Background()
	var loss, luck [2]float64
	var decisions [2]int
	for _, id := range ids {
		sg, err := db.LoadGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		for seat, r := range reviewRows(t, db, sg.row) {
			loss[seat] += r.win[2].Float64
			luck[seat] += r.win[1].Float64
			decisions[seat] += r.decisions
		}
	}
	ps, err := db.Stats(ctx, StatsFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for seat, name := range []string{"Anna", "Ben"} {
		var rf *ReviewFigures
		for _, p := range ps {
			if p.Name == name {
				rf = p.Games[string(validate.GameZehntausend)].Review
			}
		}
		if rf == nil || rf.WinGames != len(ids) || rf.WinDecisions != decisions[seat] ||
			math.Abs(rf.WinLoss-loss[seat]) > 1e-12 || math.Abs(rf.WinLossPerGame-loss[seat]/float64(len(ids))) > 1e-12 ||
			math.Abs(rf.WinLuckPerGame-luck[seat]/float64(len(ids))) > 1e-12 {
			t.Errorf("%s: statistics %+v, stored Σ loss %v luck %v decisions %d", name, rf, loss[seat], luck[seat], decisions[seat])
		}
	}
}

// TestReviewWinManyMigration: three-player games stored before migration
// 025 (review rows without the win figures, as only two-player games had
// them) are reviewed again with them: the figures stored equal a
// recomputation, marked not exact, with progress.
func TestReviewWinManyMigration(t *testing.T) {
	ctx := context.Background()
	v := testValuers.WithWin()
	o := Options{Reviewer: testReviewer{v}}
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := OpenWith(path, o)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(25, 1))
	var rowIDs []int64
	for range 3 {
		g := smallWinGameOf(t, rng, []string{"Anna", "Ben", "Clara"})
		sg, err := db.CreateGame(ctx, g.Rules, g.Players)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range g.Entries() {
			if err := db.Append(ctx, sg, e); err != nil {
				t.Fatal(err)
			}
		}
		rowIDs = append(rowIDs, sg.row)
		rows := reviewRows(t, db, sg.row)
		if len(rows) != 3 || !rows[0].win[3].Valid || !rows[0].exact.Valid || rows[0].exact.Bool {
			t.Fatalf("three players stored without the win figures (or as exact): %+v", rows)
		}
	}
	for _, q := range []string{`UPDATE reviews SET win_start = NULL, win_luck = NULL, win_loss = NULL, result = NULL, win_exact = NULL`,
		`DELETE FROM migrations WHERE version = 25`} {
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
		t.Errorf("%d games reviewed again, %d progress calls", n, calls)
	}
	for _, row := range rowIDs {
		sum := 0.0
		for _, r := range reviewRows(t, db, row) {
			if !r.win[3].Valid {
				t.Fatalf("game %d: no win figures after migration 025: %+v", row, r)
			}
			sum += r.win[3].Float64
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("game %d: results add up to %v", row, sum)
		}
	}
}
