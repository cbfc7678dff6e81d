package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Beside the app: one automatic backup a day (a second opening the same
// day makes none, WUERFELBLOCK_NO_BACKUP none at all), and with
// WUERFELBLOCK_SYNC a sync on start and on quit.
func TestAppBackupAndSync(t *testing.T) {
	db := generated(t, "4")
	syncDir := t.TempDir()
	vars := map[string]string{"WUERFELBLOCK_SYNC": syncDir}
	var out, errs bytes.Buffer
	e := &env{stdout: &out, stderr: &errs, getenv: func(k string) string { return vars[k] }, dbPath: db, lang: "en"}
	open := func() {
		t.Helper()
		d, err := e.openDB()
		if err != nil {
			t.Fatal(err)
		}
		var later bytes.Buffer
		e.beside(d, &later)()
		d.Close()
		if later.Len() > 0 {
			t.Fatalf("said: %s", later.String())
		}
	}
	open()
	open()
	backups, _ := filepath.Glob(filepath.Join(filepath.Dir(db), "backups", "club-*.db"))
	if len(backups) != 1 {
		t.Fatalf("automatic backups after two openings: %v", backups)
	}
	files, _ := filepath.Glob(filepath.Join(syncDir, "wuerfelblock-*.jsonl"))
	if len(files) != 1 {
		t.Fatalf("sync files: %v", files)
	}
	if b, _ := os.ReadFile(files[0]); strings.Count(string(b), "\n") != 4 {
		t.Fatalf("the device's file has %d lines, want its 4 games", strings.Count(string(b), "\n"))
	}
	os.Remove(backups[0])
	vars["WUERFELBLOCK_NO_BACKUP"] = "1"
	open()
	if b, _ := filepath.Glob(filepath.Join(filepath.Dir(db), "backups", "club-*.db")); len(b) != 0 {
		t.Fatalf("a backup with WUERFELBLOCK_NO_BACKUP=1: %v", b)
	}
}
