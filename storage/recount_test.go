package storage

import (
	"path/filepath"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func play(t *testing.T, db *DB, sg *StoredGame, es ...scoresheet.Entry) {
	t.Helper()
	for _, e := range es {
		if err := db.Append(ctx, sg, e); err != nil {
			t.Fatalf("%+v: %v", e, err)
		}
	}
}

func throwOf(roll, keep string) scoresheet.Entry {
	r, _ := validate.ParseDice(roll)
	k, _ := validate.ParseDice(keep)
	return scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: r, Keep: k}
}

func failedOf(t *testing.T, db *DB, player string) int {
	t.Helper()
	ps, err := db.Stats(ctx, StatsFilter{Player: player, Game: "5050"})
	if err != nil || len(ps) != 1 {
		t.Fatalf("stats of %s: %v %v", player, ps, err)
	}
	return ps[0].Games["5050"].Family.Failed
}

// Issue 12.3: migration 006 recounts the failed confirmations of games
// stored while the engine counted only a bust on the very first throw
// after a 5050 1500. The database is a real file with hand-played games;
// the old count is written back as the old engine wrote it.
func TestMigration006RecountsFailedConfirmations(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	db := openAt(t, path)
	rules := validate.MustRules(validate.Game5050, nil)
	sg, err := db.CreateGame(ctx, rules, []string{"Ann", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	play(t, db, sg,
		// Ann: 1500, then 100 in the confirmation pass, then a bust: failed.
		throwOf("113355", "113355"), throwOf("123466", "1"), throwOf("23466", ""),
		// Ben: 1500, then a bust on the very first throw: failed (counted before too).
		throwOf("123456", "123456"), throwOf("234662", ""),
		// Ann: 1500, the confirmation reaches 1000, then a bust: not failed.
		throwOf("113355", "113355"), throwOf("111234", "111"), throwOf("234", ""),
	)
	if a, b := failedOf(t, db, "Ann"), failedOf(t, db, "Ben"); a != 1 || b != 1 {
		t.Fatalf("before the recount: Ann %d, Ben %d failed confirmations, want 1, 1", a, b)
	}
	// As the old engine wrote Ann's first turn: not failed.
	for _, q := range []string{
		`UPDATE turns SET failed = 0 WHERE game_id = (SELECT id FROM games) AND turn = 0`,
		`UPDATE turn_stats SET failed = failed - 1 WHERE (player_id, end_kind, dice_left) = (SELECT player_id, end_kind, dice_left FROM turns WHERE turn = 0)`,
		`DELETE FROM migrations WHERE version = 6`,
	} {
		if _, err := db.sql.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	if a := failedOf(t, db, "Ann"); a != 0 {
		t.Fatalf("the old count: Ann %d, want 0", a)
	}
	db.Close()

	db = openAt(t, path)
	if a, b := failedOf(t, db, "Ann"), failedOf(t, db, "Ben"); a != 1 || b != 1 {
		t.Fatalf("after the recount: Ann %d, Ben %d failed confirmations, want 1, 1", a, b)
	}
	var flags []int
	rows, err := db.sql.Query(`SELECT failed FROM turns ORDER BY turn`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var f int
		rows.Scan(&f)
		flags = append(flags, f)
	}
	rows.Close()
	if len(flags) != 3 || flags[0] != 1 || flags[1] != 1 || flags[2] != 0 {
		t.Fatalf("turns.failed %v, want [1 1 0]", flags)
	}
	checkSummaries(t, db)
}

// BenchmarkRecountFailedConfirmations replays every 5050 game of the
// 20,000-game history, as migration 006 does once (rolled back here):
//
//	go test ./storage -run '^$' -bench RecountFailed -benchtime 1x
func BenchmarkRecountFailedConfirmations(b *testing.B) {
	db := benchDB(b)
	for b.Loop() {
		tx, err := db.sql.BeginTx(ctx, nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := db.recountFailedConfirmations(ctx, tx); err != nil {
			b.Fatal(err)
		}
		tx.Rollback()
	}
}

// Migration 006 tells Options.RecountProgress how far it is, as 015 tells
// ReviewProgress: at the first opening of a large old database it ran
// for seconds without a word. The total counts the 5050 games (the only
// ones recounted), done grows from 0 to it.
func TestMigration006Progress(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	db := openAt(t, path)
	r5050 := validate.MustRules(validate.Game5050, nil)
	for range 3 {
		sg, err := db.CreateGame(ctx, r5050, []string{"Ann", "Ben"})
		if err != nil {
			t.Fatal(err)
		}
		play(t, db, sg, throwOf("113355", "113355"), throwOf("123466", "1"), throwOf("23466", ""))
	}
	if _, err := db.CreateGame(ctx, validate.MustRules(validate.Game5000, nil), []string{"Ann", "Ben"}); err != nil {
		t.Fatal(err)
	}
	// An old database: migration 006 not yet applied.
	if _, err := db.sql.Exec(`DELETE FROM migrations WHERE version = 6`); err != nil {
		t.Fatal(err)
	}
	db.Close()

	type call struct{ done, total int }
	var calls []call
	o := testOptions
	o.RecountProgress = func(done, total int) { calls = append(calls, call{done, total}) }
	db = openAtWith(t, path, o)
	want := []call{{0, 3}, {1, 3}, {2, 3}, {3, 3}}
	if len(calls) != len(want) {
		t.Fatalf("progress %v, want %v", calls, want)
	}
	for i := range want {
		if calls[i] != want[i] {
			t.Fatalf("progress %v, want %v", calls, want)
		}
	}
	checkSummaries(t, db)

	// Opened again: nothing left to recount, nothing said.
	db.Close()
	calls = nil
	openAtWith(t, path, o)
	if len(calls) != 0 {
		t.Fatalf("a second opening recounted: %v", calls)
	}
}
