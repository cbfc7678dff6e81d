package storage

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// goneSetup is a program (app) with a running 5050 game loaded while
// another connection on the same file (other) restores a backup made
// before the game was created: the game is no longer in the database.
func goneSetup(t *testing.T) (app, other *DB, sg *StoredGame) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "data", "wuerfelblock.db")
	app = openAt(t, path)
	if _, err := app.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"}); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(t.TempDir(), "older.db")
	if err := app.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	sg, err := app.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Cara", "Dora"})
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Append(ctx, sg, goneThrow()); err != nil {
		t.Fatal(err)
	}
	other = openAt(t, path)
	if err := other.Restore(ctx, backup, nil); err != nil {
		t.Fatal(err)
	}
	return app, other, sg
}

func goneThrow() scoresheet.Entry {
	return scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: []int{1, 1, 1, 2, 3, 4}, Keep: []int{1, 1, 1}}
}

// checkGone checks that err is CodeGameGone, worded in both languages
// without SQL's text, and that sg is as it was (entries entries).
func checkGone(t *testing.T, err error, sg *StoredGame, entries int) {
	t.Helper()
	var se *Error
	if !errors.As(err, &se) || se.Code != CodeGameGone {
		t.Fatalf("error %v (code %q), want %s", err, ErrorCode(err), CodeGameGone)
	}
	en, de := se.Message(validate.English), se.Message(validate.German)
	for _, m := range []string{en, de} {
		if strings.Contains(m, "sql") || strings.Contains(m, "rows") {
			t.Fatalf("SQL's text in the message: %s", m)
		}
	}
	if !strings.Contains(en, "no longer in the database") || !strings.Contains(de, "nicht mehr in der Datenbank") {
		t.Fatalf("messages %q / %q", en, de)
	}
	if sg.Game.Len() != entries {
		t.Fatalf("the copy has %d entries after the refusal, want %d", sg.Game.Len(), entries)
	}
}

// An entry (and an undo) to a game that a restore took out of the
// database is refused with a worded storage error, not SQL's "no rows in
// result set".
func TestAppendToGameGone(t *testing.T) {
	app, _, sg := goneSetup(t)
	second := scoresheet.Entry{Kind: scoresheet.EntryStop}
	checkGone(t, app.Append(ctx, sg, second), sg, 1)
	_, err := app.Undo(ctx, sg)
	checkGone(t, err, sg, 1)
}

// After the restore another program creates a game, which SQLite gives
// the row the gone game had: an entry to the gone game is refused and
// never lands in that other game.
func TestAppendToGameGoneRowTaken(t *testing.T) {
	app, other, sg := goneSetup(t)
	fresh, err := other.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Emil", "Fritz"})
	if err != nil {
		t.Fatal(err)
	}
	if fresh.row != sg.row {
		t.Fatalf("the new game has row %d, the gone one %d: the test needs them the same", fresh.row, sg.row)
	}
	checkGone(t, app.Append(ctx, sg, scoresheet.Entry{Kind: scoresheet.EntryStop}), sg, 1)
	_, err = app.Undo(ctx, sg)
	checkGone(t, err, sg, 1)
	got, err := other.LoadGame(ctx, fresh.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Game.Len() != 0 {
		t.Fatalf("the other game got %d entries of the gone one", got.Game.Len())
	}
	gs, err := app.Games(ctx, GameFilter{Status: Running})
	if err != nil {
		t.Fatal(err)
	}
	for _, gi := range gs {
		if gi.ID == fresh.ID && (len(gi.Players) != 2 || gi.Players[0] != "Emil" || gi.Entries != 0 || gi.Totals[0] != 0) {
			t.Fatalf("the new game is listed as %+v", gi)
		}
	}
}

// The list's kept standings are the game's, not its row's: a game another
// program creates after a restore in the row of a game listed before is
// listed with its own players' totals.
func TestGamesAfterRestoreRowTaken(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data", "wuerfelblock.db")
	app := openAt(t, path)
	backup := filepath.Join(t.TempDir(), "older.db")
	if err := app.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	if _, err := app.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Cara", "Dora"}); err != nil {
		t.Fatal(err)
	}
	if _, err := app.Games(ctx, GameFilter{Status: Running}); err != nil { // keeps its standing
		t.Fatal(err)
	}
	other := openAt(t, path)
	if err := other.Restore(ctx, backup, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := other.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Emil", "Fritz", "Gert"}); err != nil {
		t.Fatal(err)
	}
	gs, err := app.Games(ctx, GameFilter{Status: Running})
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 1 || len(gs[0].Players) != 3 || len(gs[0].Totals) != 3 {
		t.Fatalf("listed %+v, want Emil's game with three totals", gs)
	}
}

// Setting the coach level of a game a restore took out of the database is
// refused as the entries are (CodeGameGone, worded), not with the generic
// "there is no game …", so that the app says the game is gone.
func TestSetCoachOnGameGone(t *testing.T) {
	app, _, sg := goneSetup(t)
	checkGone(t, app.SetCoach(ctx, sg.ID, CoachAdvice), sg, 1)
}
