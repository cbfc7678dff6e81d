package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// generated fills a new database with n generated games.
func generated(t *testing.T, n string) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "club.db")
	if code, _, errs := call(t, "", "--lang", "en", "generate", "--db", db, "--games", n); code != 0 {
		t.Fatalf("generate: %d %s", code, errs)
	}
	return db
}

// backup FILE, then restore FILE into another database: games shows the
// same history; the database restored over is in the backup folder.
func TestBackupRestoreCommands(t *testing.T) {
	db := generated(t, "12")
	file := filepath.Join(t.TempDir(), "copy.db")
	if code, out, errs := wb(t, db, "backup", file); code != 0 || !strings.Contains(out, "Backup written to "+file) {
		t.Fatalf("backup: %d %q %q", code, out, errs)
	}
	other := filepath.Join(t.TempDir(), "other.db")
	wb(t, other, "players", "add", "Zora")
	code, out, errs := wb(t, other, "restore", file)
	if code != 0 || !strings.Contains(out, "Restored "+file+": 12 games") {
		t.Fatalf("restore: %d %q %q", code, out, errs)
	}
	_, want, _ := wb(t, db, "games", "--all")
	if _, got, _ := wb(t, other, "games", "--all"); got != want {
		t.Fatalf("games after the restore:\n%s\nwant\n%s", got, want)
	}
	saved, _ := filepath.Glob(filepath.Join(filepath.Dir(other), "backups", "other-*-before-restore.db"))
	if len(saved) != 1 {
		t.Fatalf("no backup of the database restored over: %v", saved)
	}
	if _, out, _ := wb(t, saved[0], "players"); !strings.Contains(out, "Zora") {
		t.Fatalf("the backup before the restore lacks what was there: %q", out)
	}
	// Not ours: refused (exit 2) and untouched.
	text := writeFile(t, "notes.db", "shopping list\n")
	if code, _, errs := wb(t, other, "restore", text); code != 2 || !strings.Contains(errs, "not a wuerfelblock database") || strings.Count(errs, "\n") != 1 {
		t.Fatalf("restore of a text file: %d %q", code, errs)
	}
	if b, _ := os.ReadFile(text); string(b) != "shopping list\n" {
		t.Fatal("the refused file changed")
	}
	// A backup never over the database itself.
	if code, _, errs := wb(t, db, "backup", db+"-wal"); code != 2 || !strings.Contains(errs, "open database") {
		t.Fatalf("backup over the WAL: %d %q", code, errs)
	}
}

// A full disk during backup FILE: one clear line, nothing written, the
// database as it was.
func TestBackupCommandDiskFull(t *testing.T) {
	full := filepath.Join(t.TempDir(), "full")
	os.Mkdir(full, 0o755)
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", full).CombinedOutput(); err != nil {
		if os.Geteuid() == 0 {
			t.Fatalf("cannot mount a small tmpfs (%v: %s)", err, out)
		}
		t.Skipf("cannot mount a small tmpfs without root (%v: %s)", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", full).Run() })
	db := generated(t, "30")
	_, before, _ := wb(t, db, "export")
	dest := filepath.Join(full, "backup.db")
	code, out, errs := wb(t, db, "backup", dest)
	if code != 3 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "no space left on the disk for the backup "+dest) {
		t.Fatalf("backup on a full disk: %d %q %q", code, out, errs)
	}
	if ents, _ := os.ReadDir(full); len(ents) != 0 {
		t.Fatalf("left on the full disk: %v", ents)
	}
	if _, after, _ := wb(t, db, "export"); after != before {
		t.Fatal("the database changed")
	}
	if code, out, _ := wb(t, db, "check"); code != 0 {
		t.Fatalf("check after a full disk: %d %s", code, out)
	}
}

// sync with a folder, twice each way: both databases export the same; the
// second sync says there was nothing new.
func TestSyncCommand(t *testing.T) {
	dir := t.TempDir()
	a := generated(t, "6")
	b := filepath.Join(t.TempDir(), "b.db")
	for _, db := range []string{a, b, a, b} {
		if code, out, errs := wb(t, db, "sync", dir); code != 0 || errs != "" {
			t.Fatalf("sync: %d %q %q", code, out, errs)
		}
	}
	_, ea, _ := wb(t, a, "export")
	_, eb, _ := wb(t, b, "export")
	if ea != eb {
		t.Fatal("the devices differ after syncing")
	}
	if code, _, errs := wb(t, b, "sync", filepath.Join(dir, "missing")); code != 2 || !strings.Contains(errs, "does not exist") {
		t.Fatalf("a missing folder: %d %q", code, errs)
	}
	t.Setenv("WUERFELBLOCK_SYNC", dir)
	if code, out, _ := wb(t, b, "sync"); code != 0 || !strings.Contains(out, ": 0 new, 0 brought up to date, 0 games written") {
		t.Fatalf("a sync with nothing new: %d %q", code, out)
	}
	// A garbled line in another device's file: named, exit 1, the rest merged.
	f, _ := os.OpenFile(filepath.Join(dir, "wuerfelblock-x-0000.jsonl"), os.O_CREATE|os.O_WRONLY, 0o644)
	f.WriteString("not a record\n")
	f.Close()
	if code, _, errs := wb(t, b, "--lang", "de", "sync"); code != 1 || !strings.Contains(errs, "wuerfelblock-x-0000.jsonl Zeile 1") || strings.Count(errs, "\n") != 1 {
		t.Fatalf("a garbled line: %d %q", code, errs)
	}
}

// export --csv DIR writes three tables with a header row each; --bgstats
// a JSON play file.
func TestExportTablesCommands(t *testing.T) {
	db := generated(t, "5")
	dir := filepath.Join(t.TempDir(), "tables")
	if code, out, errs := wb(t, db, "export", "--csv", dir); code != 0 || !strings.Contains(out, "written to "+dir) {
		t.Fatalf("export --csv: %d %q %q", code, out, errs)
	}
	for name, header := range map[string]string{"games.csv": "id,game,options,status", "turns.csv": "game_id,turn,seat,player", "totals.csv": "game_id,game,ended,seat"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.HasPrefix(b, []byte(header)) || bytes.Count(b, []byte("\n")) < 2 {
			t.Errorf("%s: %v %.80q", name, err, b)
		}
	}
	file := filepath.Join(t.TempDir(), "bg.json")
	if code, out, errs := wb(t, db, "export", "--bgstats", file); code != 0 || !strings.Contains(out, "5 finished games written") {
		t.Fatalf("export --bgstats: %d %q %q", code, out, errs)
	}
	if code, _, errs := wb(t, db, "export", "--csv", dir, "--bgstats", file); code != 2 || errs == "" {
		t.Fatalf("both at once: %d %q", code, errs)
	}
}

// A damaged database is what a backup is for: restore replaces it, whether
// SQLite can still open it (damaged pages) or not (a broken header), and
// keeps the damaged files in the backup folder.
func TestRestoreOverDamagedDatabase(t *testing.T) {
	good := generated(t, "8")
	backup := filepath.Join(t.TempDir(), "good.db")
	if code, _, errs := wb(t, good, "backup", backup); code != 0 {
		t.Fatalf("backup: %s", errs)
	}
	_, want, _ := wb(t, good, "export")
	for _, c := range []struct {
		name  string
		spoil func(b []byte)
	}{
		{"pages", func(b []byte) {
			for i := 4096 * 3; i < len(b) && i < 4096*40; i++ {
				b[i] = 0x5a
			}
		}},
		{"header", func(b []byte) { copy(b, "not SQLite at all!!") }},
	} {
		db := filepath.Join(t.TempDir(), "club.db")
		data, _ := os.ReadFile(backup)
		c.spoil(data)
		os.WriteFile(db, data, 0o644)
		if code, _, _ := wb(t, db, "games"); code == 0 {
			t.Fatalf("%s: the spoiled database is not refused", c.name)
		}
		code, out, errs := wb(t, db, "restore", backup)
		if code != 0 || !strings.Contains(out, "Restored "+backup+": 8 games") || !strings.Contains(out, "damaged.db") {
			t.Fatalf("%s: restore over a damaged database: %d %q %q", c.name, code, out, errs)
		}
		if _, got, _ := wb(t, db, "export"); got != want {
			t.Fatalf("%s: the restored history differs", c.name)
		}
		if code, out, _ := wb(t, db, "check"); code != 0 {
			t.Fatalf("%s: check after the restore: %d %s", c.name, code, out)
		}
		kept, _ := filepath.Glob(filepath.Join(filepath.Dir(db), "backups", "club-*-damaged.db"))
		if len(kept) != 1 {
			t.Fatalf("%s: the damaged file is not kept: %v", c.name, kept)
		}
		if b, _ := os.ReadFile(kept[0]); !bytes.Equal(b, data) {
			t.Fatalf("%s: the kept file is not the damaged one", c.name)
		}
	}
}

// restore into a database path that does not exist yet makes the database
// from the backup, makes no before-copy of a database that was not there,
// and says so (the message named a copy of an empty database made just
// for it).
func TestRestoreIntoNewDatabase(t *testing.T) {
	db := generated(t, "5")
	file := filepath.Join(t.TempDir(), "copy.db")
	if code, _, errs := wb(t, db, "backup", file); code != 0 {
		t.Fatalf("backup: %d %q", code, errs)
	}
	dir := t.TempDir()
	fresh := filepath.Join(dir, "new.db")
	code, out, errs := wb(t, fresh, "restore", file)
	if code != 0 || !strings.Contains(out, "Restored "+file+": 5 games") {
		t.Fatalf("restore: %d %q %q", code, out, errs)
	}
	if strings.Contains(out, "as it was before") || !strings.Contains(out, "There was no database at "+fresh+" before") {
		t.Fatalf("restore into a new database says: %q", out)
	}
	if saved, _ := filepath.Glob(filepath.Join(dir, "backups", "*before-restore*")); len(saved) != 0 {
		t.Fatalf("a before-copy of a database that did not exist: %v", saved)
	}
	_, want, _ := wb(t, db, "games", "--all")
	if _, got, _ := wb(t, fresh, "games", "--all"); got != want {
		t.Fatalf("games after the restore:\n%s\nwant\n%s", got, want)
	}
}
