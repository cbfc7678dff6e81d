package storage

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

func fileSum(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

func wantCode(t *testing.T, err error, c Code) *Error {
	t.Helper()
	if ErrorCode(err) != c {
		t.Fatalf("error %v (code %q), want code %q", err, ErrorCode(err), c)
	}
	se := err.(*Error)
	for _, l := range []validate.Lang{validate.English, validate.German} {
		if m := se.Message(l); m == "" || strings.Contains(m, "%!") {
			t.Errorf("bad %s message: %q", l, m)
		}
	}
	return se
}

func TestDefaultPath(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	p, err := DefaultPath(env(map[string]string{"XDG_DATA_HOME": "/x/data", "HOME": "/home/a"}))
	if err != nil || p != "/x/data/wuerfelblock/wuerfelblock.db" {
		t.Errorf("with XDG_DATA_HOME: %q, %v", p, err)
	}
	p, err = DefaultPath(env(map[string]string{"HOME": "/home/a"}))
	if err != nil || p != "/home/a/.local/share/wuerfelblock/wuerfelblock.db" {
		t.Errorf("without XDG_DATA_HOME: %q, %v", p, err)
	}
	p, _ = DefaultPath(env(map[string]string{"XDG_DATA_HOME": "relative", "HOME": "/home/a"}))
	if p != "/home/a/.local/share/wuerfelblock/wuerfelblock.db" {
		t.Errorf("a relative XDG_DATA_HOME is ignored (XDG spec): %q", p)
	}
}

// Every pooled connection has the pragmas, not just the first one.
func TestPragmasOnEveryConnection(t *testing.T) {
	db := openTest(t)
	for i, c := range poolConns(t, db, 4) {
		var fk, busy, sync, ckpt int
		var mode string
		c.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk)
		c.QueryRowContext(ctx, `PRAGMA busy_timeout`).Scan(&busy)
		c.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&sync)
		c.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode)
		c.QueryRowContext(ctx, `PRAGMA wal_autocheckpoint`).Scan(&ckpt)
		// busy_timeout: SQLite waits a millisecond, retry polls on (pollEvery, busyWait).
		if fk != 1 || busy != 1 || sync != 2 || mode != "wal" || ckpt != 1000 {
			t.Errorf("connection %d: foreign_keys=%d busy_timeout=%d synchronous=%d journal_mode=%s wal_autocheckpoint=%d", i, fk, busy, sync, mode, ckpt)
		}
	}
}

func TestOpenCreatesDirectoryAndSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "w.db")
	db := openAt(t, path)
	var v int
	db.sql.QueryRow(`SELECT max(version) FROM migrations`).Scan(&v)
	ms, _ := readMigrations(migrationFiles)
	if v != latest(ms) || v < 1 {
		t.Fatalf("schema version %d, want %d", v, latest(ms))
	}
	db.Close()
	// Opening again changes nothing.
	db2 := openAt(t, path)
	var n int
	db2.sql.QueryRow(`SELECT count(*) FROM migrations`).Scan(&n)
	if n != len(ms) {
		t.Fatalf("%d migration rows after reopening, want %d", n, len(ms))
	}
}

func TestOpenRefusesCorruptFile(t *testing.T) {
	dir := t.TempDir()
	cases := map[string][]byte{
		"text.db":   []byte("these are my Kniffel notes, not a database\n"),
		"broken.db": append([]byte(SQLiteHeader), bytes.Repeat([]byte{0xA5}, 8192)...),
	}
	for name, data := range cases {
		path := filepath.Join(dir, name)
		os.WriteFile(path, data, 0o644)
		before := fileSum(t, path)
		db, err := Open(path)
		if err == nil {
			db.Close()
			t.Fatalf("%s: opened a corrupt file", name)
		}
		se := wantCode(t, err, CodeCorrupt)
		if m := se.Message(validate.English); !strings.Contains(m, path) || !strings.Contains(m, "left untouched") {
			t.Errorf("%s: message %q should name the file and say it was left untouched", name, m)
		}
		if fileSum(t, path) != before {
			t.Errorf("%s: the file was changed", name)
		}
	}
}

func TestOpenRefusesForeignDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	raw.Exec(`CREATE TABLE recipes (name TEXT)`)
	raw.Close()
	before := fileSum(t, path)
	_, err = Open(path)
	wantCode(t, err, CodeForeign)
	if fileSum(t, path) != before {
		t.Error("the file was changed")
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	db := openAt(t, path)
	db.sql.Exec(`INSERT INTO migrations (version, name, applied) VALUES (99, '099_future.sql', 0)`)
	db.Close()
	before := fileSum(t, path)
	_, err := Open(path)
	se := wantCode(t, err, CodeNewerSchema)
	if m := se.Message(validate.English); !strings.Contains(m, "newer") || !strings.Contains(m, "99") {
		t.Errorf("message %q", m)
	}
	if fileSum(t, path) != before {
		t.Error("the file was changed")
	}
}

// A database made by an older version is upgraded; the newer one is then
// refused by the older program.
func TestMigrationsUpgradeOlderDatabase(t *testing.T) {
	first, _ := migrationFiles.ReadFile("migrations/001_init.sql")
	v1 := fstest.MapFS{"migrations/001_init.sql": {Data: first}}
	v2 := fstest.MapFS{
		"migrations/001_init.sql":     {Data: first},
		"migrations/002_nickname.sql": {Data: []byte(`ALTER TABLE players ADD COLUMN nickname TEXT;`)},
	}
	path := filepath.Join(t.TempDir(), "w.db")
	db, err := openWith(path, v1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddPlayer(ctx, "Oma"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err = openWith(path, v2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var nick sql.NullString
	if err := db.sql.QueryRow(`SELECT nickname FROM players WHERE name = 'Oma'`).Scan(&nick); err != nil {
		t.Fatalf("after the upgrade: %v", err)
	}
	db.Close()
	_, err = openWith(path, v1, Options{})
	wantCode(t, err, CodeNewerSchema)
}

func TestOpenUnwritableDirectory(t *testing.T) {
	dir := t.TempDir()
	var path string
	if os.Geteuid() == 0 {
		// root writes anywhere: a parent that is a regular file cannot hold
		// the database either.
		parent := filepath.Join(dir, "notes.txt")
		os.WriteFile(parent, []byte("x"), 0o644)
		path = filepath.Join(parent, "wuerfelblock", "w.db")
	} else {
		ro := filepath.Join(dir, "readonly")
		os.Mkdir(ro, 0o500)
		t.Cleanup(func() { os.Chmod(ro, 0o700) })
		path = filepath.Join(ro, "w.db")
	}
	_, err := Open(path)
	se := wantCode(t, err, CodeCannotOpen)
	if m := se.Message(validate.English); !strings.Contains(m, path) || !strings.Contains(m, "--db") {
		t.Errorf("message %q should name the file and the way out", m)
	}
	if m := se.Message(validate.German); !strings.Contains(m, "Verzeichnis") {
		t.Errorf("German message %q", m)
	}
}

func TestOpenReadOnlyFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root can write a read-only file")
	}
	path := filepath.Join(t.TempDir(), "w.db")
	db := openAt(t, path)
	db.Close()
	os.Chmod(path, 0o400)
	ro, err := Open(path)
	if err != nil {
		t.Fatalf("a read-only file is for reading: %v", err)
	}
	defer ro.Close()
	if _, err := ro.Players(ctx); err != nil {
		t.Errorf("reading: %v", err)
	}
	_, err = ro.AddPlayer(ctx, "Anna")
	wantCode(t, err, CodeReadOnly)
}
