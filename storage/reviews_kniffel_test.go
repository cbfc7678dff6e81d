package storage

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/internal/cputime"

	"github.com/wuerfelblock/wuerfelblock/storage/generate"
)

// TestKniffelWinReviewMigration: a database whose Kniffel reviews were
// stored before the chance to win of the last three rounds (the win
// columns NULL) gets them recomputed by migration 026 when it is opened;
// stored = recomputed afterwards, the other games' rows unchanged.
func TestKniffelWinReviewMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := openWithReviews(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := fillGenerated(db, generate.Config{Games: 60, Seed: 25, Players: 3}); err != nil {
		t.Fatal(err)
	}
	count := func(db *DB, where string) int {
		var n int
		if err := db.sql.QueryRow(`SELECT count(*) FROM reviews WHERE ` + where).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	withWin := count(db, `game = 'kniffel' AND win_loss IS NOT NULL`)
	others := count(db, `game != 'kniffel'`)
	if withWin == 0 {
		t.Fatal("the history has no Kniffel game of two or more players")
	}
	db = reopenAfter(t, db, path, `UPDATE reviews SET win_start = NULL, win_luck = NULL, win_loss = NULL, result = NULL, win_exact = NULL WHERE game = 'kniffel'`,
		`DELETE FROM migrations WHERE version = 26`)
	if got := count(db, `game = 'kniffel' AND win_loss IS NOT NULL`); got != withWin || count(db, `game != 'kniffel'`) != others {
		t.Fatalf("after migration 026: %d Kniffel rows with the chance to win (were %d), %d other rows (were %d)", got, withWin, count(db, `game != 'kniffel'`), others)
	}
	checkReviews(t, db)
}

// BenchmarkKniffelWinMigration: migration 026 on the 20,000-game history:
// the stored Kniffel reviews of two or more players recomputed with the
// chance to win of the last three rounds (target with migration 018's:
// < 2 min on 2 cores). Each round reopens a copy whose Kniffel rows lack it.
func BenchmarkKniffelWinMigration(b *testing.B) {
	src := benchDB(b).Path()
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		dst := filepath.Join(b.TempDir(), "m.db")
		copyFile(b, src, dst)
		db, err := openWithReviews(dst)
		if err != nil {
			b.Fatal(err)
		}
		for _, q := range []string{`UPDATE reviews SET win_start = NULL, win_luck = NULL, win_loss = NULL, result = NULL, win_exact = NULL WHERE game = 'kniffel'`,
			`DELETE FROM migrations WHERE version = 26`} {
			if _, err := db.sql.Exec(q); err != nil {
				b.Fatal(err)
			}
		}
		var n int
		db.sql.QueryRow(`SELECT count(DISTINCT game_id) FROM reviews WHERE game = 'kniffel'`).Scan(&n)
		b.ReportMetric(float64(n), "kniffel-games")
		db.Close()
		cpu0 := cputime.Used()
		b.StartTimer()
		db, err = openWithReviews(dst)
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		cpu += cputime.Used() - cpu0
		db.Close()
		b.StartTimer()
	}
	cpuReport(b, cpu)
}
