package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// readOnlyFile is a database with a few generated games and a running
// one in a directory made immutable (chattr +i: root may write any other
// file), and an export of it beside, elsewhere; the database's bytes
// before any command read it.
func readOnlyFile(t *testing.T) (db, export string, before []byte) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	db = filepath.Join(dir, "w.db")
	if code, _, errs := wb(t, db, "--no-backup", "generate", "--games", "3"); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := wb(t, db, "export")
	if code != 0 {
		t.Fatal(errs)
	}
	export = writeFile(t, "all.json", out)
	if out, err := exec.Command("chattr", "+i", dir).CombinedOutput(); err != nil {
		t.Skipf("chattr +i: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", dir).Run() })
	before, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	return db, export, before
}

// Every command that writes says up front, in one line, that the database
// FILE can only be read, why, and what still works, and does nothing
// else: import printed "0 imported, 0 brought up to date, …" before the
// refusal, and no refusal said that games, stats and export still work.
// The commands that only read work; the file keeps every byte.
func TestReadOnlyFileSaidUpFront(t *testing.T) {
	for _, c := range []struct{ lang, file, works string }{
		{"en", "the database file", "what only reads still works (games, stats, export, check"},
		{"de", "die Datenbankdatei", "was nur liest, geht weiter (games, stats, export, check"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			db, export, before := readOnlyFile(t)
			for _, args := range [][]string{
				{"import", export}, {"players", "add", "Neu"}, {"players", "rename", "Anna", "Anne"},
				{"generate", "--games", "2"}, {"sync", t.TempDir()}, {"games", "undo", "0000"}, {"games", "abandon", "0000"},
			} {
				code, out, errs := wb(t, db, append([]string{"--lang", c.lang, "--no-backup"}, args...)...)
				if code != exitFailure || out != "" || strings.Count(errs, "\n") != 1 ||
					!strings.Contains(errs, c.file+" "+db) || !strings.Contains(errs, c.works) {
					t.Errorf("%v on a read-only file: exit %d, stdout %q, stderr %q", args, code, out, errs)
				}
			}
			for _, args := range [][]string{{"games"}, {"stats"}, {"export"}, {"players"}, {"check"}} {
				if code, out, errs := wb(t, db, append([]string{"--lang", c.lang, "--no-backup"}, args...)...); code != exitOK || out == "" {
					t.Errorf("%v on a read-only file: exit %d, %.100q %.300q", args, code, out, errs)
				}
			}
			if after, err := os.ReadFile(db); err != nil || !bytes.Equal(after, before) {
				t.Errorf("the read-only file changed (%v)", err)
			}
		})
	}
}
