package storage

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// limitPages sets PRAGMA max_page_count to n on every connection of db's
// pool: it takes all of them at once (the pool holds at most 4, none in
// use here), so that none is left without the limit, then gives them back.
func limitPages(t *testing.T, db *DB, n int) {
	t.Helper()
	var conns []*sql.Conn
	for range 4 {
		c, err := db.sql.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for _, c := range conns {
		if _, err := c.ExecContext(ctx, fmt.Sprintf(`PRAGMA max_page_count = %d`, n)); err != nil {
			t.Fatal(err)
		}
		c.Close()
	}
}

// SQLite's SQLITE_FULL ("database or disk is full (13)": no room for
// another page mid-transaction) is said in the players' words in both
// languages, as CodeDiskFull: it reached them in SQLite's English. What it
// refuses is not stored and the game in memory is as before; every entry
// stored before is in the file, and once there is room the same entry is
// taken. On a real file; the page limit (PRAGMA max_page_count on every
// connection of the pool) stands for the full disk.
func TestSQLiteFullSaidAndNothingLost(t *testing.T) {
	path := filepath.Join(t.TempDir(), "full.db")
	db := openAt(t, path)
	sg, err := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	var pages int
	if err := db.sql.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	limitPages(t, db, pages)
	bust := sBare(2, 3, 4, 6, 2, 3)
	stored := 0
	for ; stored < 2000; stored++ {
		if err = db.Append(ctx, sg, bust); err != nil {
			break
		}
	}
	if ErrorCode(err) != CodeDiskFull {
		t.Fatalf("after %d entries: %v (%s), want %s", stored, err, ErrorCode(err), CodeDiskFull)
	}
	for _, c := range []struct {
		lang      validate.Lang
		want, not string
	}{
		{validate.English, "is full (SQLite found no room to write): what this command had not stored yet was not written, and nothing stored before is lost", "(13)"},
		{validate.German, "ist voll (SQLite fand keinen Platz zum Schreiben): was dieser Befehl noch nicht gespeichert hatte, wurde nicht geschrieben, und nichts vorher Gespeicherte ist verloren", "database or disk"},
	} {
		msg := Localize(err, c.lang)
		if !strings.Contains(msg, c.want) || strings.Contains(msg, c.not) || strings.Contains(msg, "SQLITE") || !strings.Contains(msg, path) {
			t.Errorf("%s: %q, want %q without %q", c.lang, msg, c.want, c.not)
		}
	}
	if sg.Game.Len() != stored {
		t.Errorf("the game in memory has %d entries after the refusal, %d were stored", sg.Game.Len(), stored)
	}
	if db.damaged.Load() {
		t.Error("a full disk marked the database damaged")
	}
	other := openAt(t, path)
	back, err := other.LoadGame(ctx, sg.ID)
	if err != nil || back.Game.Len() != stored {
		t.Fatalf("the file holds the game %v (%v), %d entries were stored", back, err, stored)
	}
	limitPages(t, db, pages+100)
	if err := db.Append(ctx, sg, bust); err != nil || sg.Game.Len() != stored+1 {
		t.Fatalf("with room again: %v, %d entries", err, sg.Game.Len())
	}
}
