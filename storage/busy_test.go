package storage

import (
	"database/sql"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// A database another program keeps locked past storage's wait: the error
// is storage's own (CodeBusy), said in words in both languages, so that
// every path (command line, app, import) names the trouble; it was SQLite's
// "database is locked (5) (SQLITE_BUSY)" in a CodeFailure.
func TestLockedDatabaseIsCodeBusy(t *testing.T) {
	db := openTest(t)
	other, err := sql.Open("sqlite", db.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	_, err = db.AddPlayer(ctx, "Anna")
	conn.ExecContext(ctx, "ROLLBACK")
	if ErrorCode(err) != CodeBusy {
		t.Fatalf("AddPlayer on a locked database: %v (code %q)", err, ErrorCode(err))
	}
	en, de := Localize(err, validate.English), Localize(err, validate.German)
	if !strings.Contains(en, "in use by another program") || !strings.Contains(de, "von einem anderen Programm benutzt") ||
		strings.Contains(en+de, "SQLITE") || strings.Contains(en+de, "locked (") || !strings.Contains(en, db.Path()) {
		t.Errorf("messages: %q / %q", en, de)
	}
	if isRefusal(err) {
		t.Error("a locked database counted as a record's refusal (an import would go on past it)")
	}
	// The lock gone, the same entry is taken.
	if _, err := db.AddPlayer(ctx, "Anna"); err != nil {
		t.Fatal(err)
	}
}
