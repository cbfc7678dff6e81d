package storage

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// A backup taken while another program writes is a consistent, checked
// database with every game of the moment; restoring it into another
// database gives the same history.
func TestBackupAndRestore(t *testing.T) {
	a := device(t, "a")
	playGames(t, a, 21, 5)
	dest := filepath.Join(t.TempDir(), "copy.db")
	if err := a.Backup(ctx, dest); err != nil {
		t.Fatal(err)
	}
	if err := VerifyCopy(ctx, dest, 1, 1000); err != nil {
		t.Fatalf("the backup does not pass its own check: %v", err)
	}
	b := device(t, "b")
	playGames(t, b, 22, 2) // what b had is replaced
	saved := false
	if err := b.Restore(ctx, dest, func() error { saved = true; return nil }); err != nil {
		t.Fatal(err)
	}
	if !saved {
		t.Fatal("restore did not back up first")
	}
	if ea, eb := exportOfDB(t, a), exportOfDB(t, b); !bytes.Equal(ea, eb) {
		t.Fatalf("restored history differs:\n%s\n---\n%s", ea, eb)
	}
	integrityOK(t, b)
	checkSummaries(t, b)
	// A new connection (another program, a restart) sees it too.
	b.Close()
	c := openAt(t, b.Path())
	if !bytes.Equal(exportOfDB(t, a), exportOfDB(t, c)) {
		t.Fatal("the restored history is not what a new opening sees")
	}
}

// A file that is not ours, damaged, of a newer version, or the database
// itself is refused before anything is written, and stays byte for byte
// as it was; the database too.
func TestRestoreRefuses(t *testing.T) {
	db := device(t, "a")
	playGames(t, db, 23, 2)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	if err := db.Backup(ctx, good); err != nil {
		t.Fatal(err)
	}
	goodBytes, _ := os.ReadFile(good)
	newer := filepath.Join(dir, "newer.db")
	os.WriteFile(newer, goodBytes, 0o644)
	raw := rawDB(t, newer, "")
	if _, err := raw.Exec(`INSERT INTO migrations (version, name, applied) VALUES (999, '999_future.sql', 0)`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	damaged := filepath.Join(dir, "damaged.db")
	bad := bytes.Clone(goodBytes)
	for i := 4096 * 2; i < len(bad) && i < 4096*6; i++ {
		bad[i] = 0x5a
	}
	os.WriteFile(damaged, bad, 0o644)
	foreign := filepath.Join(dir, "foreign.db")
	raw = rawDB(t, foreign, "")
	raw.Exec(`CREATE TABLE notes (x TEXT)`)
	raw.Close()
	text := filepath.Join(dir, "text.db")
	os.WriteFile(text, []byte("hello\n"), 0o644)
	empty := filepath.Join(dir, "empty.db")
	os.WriteFile(empty, nil, 0o644)
	before := exportOfDB(t, db)
	for _, c := range []struct {
		path string
		code Code
	}{
		{newer, CodeNewerSchema}, {damaged, CodeBadBackup}, {foreign, CodeForeign},
		{text, CodeNotOurs}, {empty, CodeNotOurs}, {db.Path(), CodeRestoreSelf},
	} {
		snap := snapshot(t, c.path)
		called := false
		err := db.Restore(ctx, c.path, func() error { called = true; return nil })
		if ErrorCode(err) != c.code {
			t.Errorf("%s: %v, want %s", filepath.Base(c.path), err, c.code)
		}
		if called {
			t.Errorf("%s: backed up before refusing", filepath.Base(c.path))
		}
		if c.path != db.Path() {
			sameFiles(t, filepath.Base(c.path), snap, snapshot(t, c.path))
		}
	}
	if !bytes.Equal(before, exportOfDB(t, db)) {
		t.Fatal("a refused restore changed the database")
	}
}

// Automatic backups: at most one a day; the newest 7 and the newest of 4
// weeks before them are kept; other files are never touched.
func TestAutoBackupKeeps7Daily4Weekly(t *testing.T) {
	db := device(t, "a")
	playGames(t, db, 24, 1)
	dir := filepath.Join(t.TempDir(), "backups")
	day := time.Date(2026, 1, 1, 20, 0, 0, 0, time.Local)
	made := 0
	for i := range 60 {
		now := day.AddDate(0, 0, i)
		for range 2 { // twice a day: one backup
			p, err := db.AutoBackup(ctx, dir, now)
			if err != nil {
				t.Fatal(err)
			}
			if p != "" {
				made++
			}
		}
	}
	if made != 60 {
		t.Fatalf("%d backups made in 60 days, want one a day", made)
	}
	os.WriteFile(filepath.Join(dir, "mine.db"), []byte("x"), 0o644)
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	want := []string{
		// the 4 weeks before the newest 7 days (Sundays: the newest of each week)
		"wuerfelblock-2026-02-01.db", "wuerfelblock-2026-02-08.db", "wuerfelblock-2026-02-15.db", "wuerfelblock-2026-02-22.db",
		"wuerfelblock-2026-02-23.db", "wuerfelblock-2026-02-24.db", "wuerfelblock-2026-02-25.db", "wuerfelblock-2026-02-26.db",
		"wuerfelblock-2026-02-27.db", "wuerfelblock-2026-02-28.db", "wuerfelblock-2026-03-01.db",
		"mine.db",
	}
	sort.Strings(want)
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Fatalf("backups kept:\n%v\nwant\n%v", names, want)
	}
}

// A full disk during a backup: one clear error, nothing left in the
// backup folder, and the database as it was. The folder is a tmpfs of
// 256 kB (root can mount one; elsewhere the test says why it cannot run).
func TestBackupDiskFull(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full")
	os.Mkdir(full, 0o755)
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", full).CombinedOutput(); err != nil {
		if os.Geteuid() == 0 {
			t.Fatalf("cannot mount a small tmpfs to fill (%v: %s)", err, out)
		}
		t.Skipf("cannot mount a small tmpfs to fill without root (%v: %s)", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", full).Run() })
	db := device(t, "a")
	playGames(t, db, 25, 30)
	if st, _ := os.Stat(db.Path()); st.Size() < 300<<10 {
		db.sql.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	}
	before := exportOfDB(t, db)
	err := db.Backup(ctx, filepath.Join(full, "backup.db"))
	if ErrorCode(err) != CodeNoSpace {
		t.Fatalf("backup on a full disk: %v, want %s", err, CodeNoSpace)
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") || !strings.Contains(msg, "no space left") || !strings.Contains(msg, "backup.db") {
		t.Fatalf("message %q", msg)
	}
	if ents, _ := os.ReadDir(full); len(ents) != 0 {
		t.Fatalf("left behind: %v", ents)
	}
	if !bytes.Equal(before, exportOfDB(t, db)) {
		t.Fatal("the database changed")
	}
	integrityOK(t, db)
}

// A backup never goes over the database or its companion files.
func TestBackupNotOverDatabase(t *testing.T) {
	db := device(t, "a")
	playGames(t, db, 26, 2)
	for _, p := range []string{db.Path(), db.Path() + "-wal", db.Path() + "-shm"} {
		if err := db.Backup(ctx, p); ErrorCode(err) != CodeBackupOverDB {
			t.Errorf("backup to %s: %v", filepath.Base(p), err)
		}
	}
	link := filepath.Join(t.TempDir(), "link.db")
	os.Symlink(db.Path(), link)
	if err := db.Backup(ctx, link); ErrorCode(err) != CodeBackupOverDB {
		t.Errorf("backup to a link to the database: %v", err)
	}
	integrityOK(t, db)
}

// dropSync takes a database back to before migration 017.
func dropSync(t *testing.T, path string) {
	t.Helper()
	raw := rawDB(t, path, "")
	for _, q := range []string{
		`DROP TRIGGER sync_entry_added`, `DROP TRIGGER sync_entry_removed`, `DROP TRIGGER sync_game_added`, `DROP TRIGGER sync_game_status`,
		`DROP TABLE sync_device`, `DROP TABLE sync_files`, `DROP TABLE sync_pending`, `DROP TABLE sync_conflicts`, `DELETE FROM migrations WHERE version = 17`,
		// and 018 (the win columns of the reviews)
		`ALTER TABLE reviews DROP COLUMN win_start`, `ALTER TABLE reviews DROP COLUMN win_luck`, `ALTER TABLE reviews DROP COLUMN win_loss`,
		`ALTER TABLE reviews DROP COLUMN result`, `ALTER TABLE reviews DROP COLUMN win_exact`, `DELETE FROM migrations WHERE version = 18`,
		// and 024 (Dreißig tot's reviews, no table of its own)
		`DELETE FROM migrations WHERE version = 24`,
		// and 025 (the reviews of three or more players again)
		`DELETE FROM migrations WHERE version = 25`,
		// and 026 (Kniffel's chance to win, the same)
		`DELETE FROM migrations WHERE version = 26`,
		// and 027 (the reviews of big final rounds, the same)
		`DELETE FROM migrations WHERE version = 27`,
		// and 028 (the count of undos of each game)
		`ALTER TABLE games DROP COLUMN undos`, `DELETE FROM migrations WHERE version = 28`,
		// and 029 (the fingerprints of the versions undone; sync_conflicts
		// is gone already)
		`ALTER TABLE games DROP COLUMN undone`, `DELETE FROM migrations WHERE version = 29`,
		// and 030 (Dreißig tot's reviews again, no table of its own)
		`DELETE FROM migrations WHERE version = 30`,
	} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	raw.Close()
}

// Before a migration changes an existing database it is backed up (the
// backup holds the old schema and every game); when that backup cannot be
// made, nothing is migrated and the error says why.
func TestBackupBeforeMigration(t *testing.T) {
	db := device(t, "a")
	playGames(t, db, 27, 3)
	before := exportOfDB(t, db)
	path := db.Path()
	db.Close()
	dropSync(t, path)
	// The backup folder cannot be made (a file is in its place).
	blocked := filepath.Join(t.TempDir(), "blocked")
	os.WriteFile(blocked, []byte("x"), 0o644)
	if _, err := OpenWith(path, Options{Reviewer: testOptions.Reviewer, Backups: filepath.Join(blocked, "backups")}); ErrorCode(err) != CodeMigrationBackup {
		t.Fatalf("open with no way to back up: %v", err)
	}
	raw := rawDB(t, path, "")
	var v int
	raw.QueryRow(`SELECT max(version) FROM migrations`).Scan(&v)
	raw.Close()
	if v != 15 {
		t.Fatalf("schema %d after a refused migration, want 15 as it was", v)
	}
	dir := filepath.Join(t.TempDir(), "backups")
	db, err := OpenWith(path, Options{Reviewer: testOptions.Reviewer, Backups: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	saved, _ := filepath.Glob(filepath.Join(dir, "wuerfelblock-*-before-017.db"))
	if len(saved) != 1 {
		t.Fatalf("backups before the migration: %v", saved)
	}
	if err := VerifyCopy(ctx, saved[0], 15, 15); err != nil {
		t.Fatalf("the backup is not the old database: %v", err)
	}
	// A copy of it opened (the backup itself stays as it is) has every game.
	copyFiles(t, saved[0], saved[0]+".open")
	reopened := openAt(t, saved[0]+".open")
	if !bytes.Equal(exportOfDB(t, reopened), before) {
		t.Fatal("the backup before the migration lacks games")
	}
	// Opened again: nothing to migrate, no second backup.
	db.Close()
	db2, err := OpenWith(path, Options{Reviewer: testOptions.Reviewer, Backups: dir})
	if err != nil {
		t.Fatal(err)
	}
	db2.Close()
	if again, _ := filepath.Glob(filepath.Join(dir, "*.db")); len(again) != 1 {
		t.Fatalf("backups after a second opening: %v", again)
	}
}

// A program that has the database open while another restores a backup
// into it reads the restored history from then on (lists included).
func TestRestoreSeenByOpenProgram(t *testing.T) {
	src := device(t, "src")
	playGames(t, src, 28, 4)
	backup := filepath.Join(t.TempDir(), "b.db")
	if err := src.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	app := device(t, "app")
	playGames(t, app, 29, 3)
	if _, err := app.Games(ctx, GameFilter{}); err != nil { // fills its lists' cache
		t.Fatal(err)
	}
	other := openAt(t, app.Path())
	if err := other.Restore(ctx, backup, nil); err != nil {
		t.Fatal(err)
	}
	want, _ := src.Games(ctx, GameFilter{})
	got, err := app.Games(ctx, GameFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("the open program lists %d games, the backup has %d", len(got), len(want))
	}
	for i := range got {
		if got[i].ID != want[i].ID || fmt.Sprint(got[i].Totals) != fmt.Sprint(want[i].Totals) {
			t.Fatalf("game %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if !bytes.Equal(exportOfDB(t, app), exportOfDB(t, src)) {
		t.Fatal("the open program exports another history")
	}
}
