package storage

import (
	"context"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/storage/generate"
)

// Migration 010: the typed columns turns.busted and turns.attacked that
// the Go side writes say what the triggers of 002/003 read from end_kind,
// game and points, for every turn of a generated history; and the
// migration's backfill of older turns gives the same columns.
func TestMigration010TypedTurnKinds(t *testing.T) {
	db := openTest(t)
	gs, err := generate.All(generate.Config{Games: 90, Seed: 4, Players: 6})
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	if _, err := db.StorePlayed(context.Background(), func() (PlayedGame, bool) {
		if i == len(gs) {
			return PlayedGame{}, false
		}
		g := gs[i]
		i++
		return PlayedGame{ID: g.ID, Started: g.Started, Ended: g.Ended, Game: g.Game}, true
	}, nil); err != nil {
		t.Fatal(err)
	}
	const cols = `SELECT game_id, turn, busted, attacked FROM turns ORDER BY 1, 2`
	written := queryStrings(t, db, cols)
	old := queryStrings(t, db, `SELECT game_id, turn, end_kind IN ('bust', 'nix'), game = 'dreissig-tot' AND points > 30 FROM turns ORDER BY 1, 2`)
	var busted, attacked int
	db.sql.QueryRow(`SELECT sum(busted), sum(attacked) FROM turns`).Scan(&busted, &attacked)
	if busted == 0 || attacked == 0 {
		t.Fatalf("the history has %d busts and %d attacks; it should have both", busted, attacked)
	}
	for k := range written {
		if written[k] != old[k] {
			t.Fatalf("turn %s: Go wrote %s, the old triggers read %s", strings.Fields(written[k])[:2], written[k], old[k])
		}
	}
	body, err := migrationFiles.ReadFile("migrations/010_typed_turn_kinds.sql")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(body), "-- backfill:begin")
	backfill, _, ok := strings.Cut(rest, "-- backfill:end")
	if !ok {
		t.Fatal("010 has no backfill markers")
	}
	if _, err := db.sql.Exec(`UPDATE turns SET busted = 0, attacked = 0`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.sql.Exec(backfill); err != nil {
		t.Fatal(err)
	}
	if got := queryStrings(t, db, cols); strings.Join(got, "\n") != strings.Join(written, "\n") {
		t.Error("the backfill of 010 differs from what the Go side writes")
	}
	checkStatsSummaries(t, db)
}
