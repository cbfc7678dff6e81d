package storage

import (
	"database/sql"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// companions are a database file and the journal files SQLite keeps beside it.
var companions = []string{"", "-wal", "-shm", "-journal"}

// snapshot reads a database file and its companions ("" when absent).
func snapshot(t *testing.T, path string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, s := range companions {
		b, err := os.ReadFile(path + s)
		if err == nil {
			out[s] = string(b)
		}
	}
	return out
}

func sameFiles(t *testing.T, what string, before, after map[string]string) {
	t.Helper()
	for _, s := range companions {
		b, inB := before[s]
		a, inA := after[s]
		if inA != inB || a != b {
			t.Errorf("%s: file %q changed (present %v→%v, %d→%d bytes)", what, "db"+s, inB, inA, len(b), len(a))
		}
	}
}

// copyFiles copies a database and its companions as they are on disk now,
// as a crash would leave them.
func copyFiles(t *testing.T, from, to string) {
	t.Helper()
	for _, s := range companions {
		src, err := os.Open(from + s)
		if err != nil {
			continue
		}
		dst, err := os.Create(to + s)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(dst, src)
		src.Close()
		dst.Close()
	}
}

func rawDB(t *testing.T, path, params string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+params)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return db
}

// Issue 10.6: whether a file is ours, and of a version we know, is decided
// before anything can write to it; a refused file and its journals stay
// byte-identical.
func TestRefusedFilesStayByteIdentical(t *testing.T) {
	dir := t.TempDir()

	// Another program's file with a migrations(version) table.
	other := filepath.Join(dir, "other.db")
	raw := rawDB(t, other, "")
	for _, q := range []string{`CREATE TABLE migrations (version INTEGER)`, `INSERT INTO migrations VALUES (1)`, `CREATE TABLE notes (text TEXT)`} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()
	// A Laravel-style migrations table.
	laravel := filepath.Join(dir, "laravel.db")
	raw = rawDB(t, laravel, "")
	for _, q := range []string{`CREATE TABLE migrations (id INTEGER PRIMARY KEY, migration TEXT, batch INTEGER)`, `INSERT INTO migrations VALUES (1, '2014_10_12_create_users', 1)`, `CREATE TABLE users (name TEXT)`} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()
	for _, path := range []string{other, laravel} {
		before := snapshot(t, path)
		_, err := Open(path)
		se := wantCode(t, err, CodeForeign)
		if m := se.Error(); strings.Contains(m, "no such") || strings.Contains(m, "SQL logic") {
			t.Errorf("%s: raw SQLite message %q", path, m)
		}
		sameFiles(t, filepath.Base(path), before, snapshot(t, path))
	}

	// A newer wuerfelblock's database left with a hot WAL (its last
	// migration only in the WAL).
	live := filepath.Join(dir, "live.db")
	db := openAt(t, live)
	if _, err := db.sql.Exec(`INSERT INTO migrations (version, name, applied) VALUES (99, '099_future.sql', 0)`); err != nil {
		t.Fatal(err)
	}
	newer := filepath.Join(dir, "newer.db")
	copyFiles(t, live, newer)
	db.Close()
	before := snapshot(t, newer)
	if before["-wal"] == "" {
		t.Fatal("the copy has no WAL to protect")
	}
	_, err := Open(newer)
	wantCode(t, err, CodeNewerSchema)
	// The WAL is read through a read-only connection: the file and the WAL
	// stay as they are; SQLite may rebuild its index of the WAL (-shm),
	// which holds no data.
	after := snapshot(t, newer)
	before["-shm"], after["-shm"] = "", ""
	sameFiles(t, "newer with hot WAL", before, after)

	// A foreign file with a hot rollback journal.
	src := filepath.Join(dir, "src.db")
	raw = rawDB(t, src, "?_pragma=journal_mode(DELETE)")
	if _, err := raw.Exec(`CREATE TABLE notes (text TEXT)`); err != nil {
		t.Fatal(err)
	}
	tx, err := raw.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) INSERT INTO notes SELECT printf('%0500d', i) FROM n`); err != nil {
		t.Fatal(err)
	}
	hot := filepath.Join(dir, "hot.db")
	copyFiles(t, src, hot)
	tx.Rollback()
	before = snapshot(t, hot)
	if before["-journal"] == "" {
		t.Fatal("the copy has no journal to protect")
	}
	_, err = Open(hot)
	wantCode(t, err, CodeForeign)
	sameFiles(t, "foreign with hot journal", before, snapshot(t, hot))
}
