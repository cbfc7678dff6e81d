package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
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

// A game finished while the app runs is in the device's file within a few
// polls, before the app quits.
func TestAppSyncsAfterFinishedGame(t *testing.T) {
	defer func(d time.Duration) { syncPoll = d }(syncPoll)
	syncPoll = 20 * time.Millisecond
	db := generated(t, "1")
	syncDir := t.TempDir()
	vars := map[string]string{"WUERFELBLOCK_SYNC": syncDir, "WUERFELBLOCK_NO_BACKUP": "1"}
	e := &env{stdout: io.Discard, stderr: io.Discard, getenv: func(k string) string { return vars[k] }, dbPath: db, lang: "en"}
	d, err := e.openDB()
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var later bytes.Buffer
	stop := e.beside(d, &later)
	defer stop()
	lines := func() int {
		files, _ := filepath.Glob(filepath.Join(syncDir, "wuerfelblock-*.jsonl"))
		if len(files) != 1 {
			return 0
		}
		b, _ := os.ReadFile(files[0])
		return strings.Count(string(b), "\n")
	}
	deadline := time.Now().Add(5 * time.Second)
	for lines() != 1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if lines() != 1 {
		t.Fatalf("after the start: %d lines", lines())
	}
	// A game played to its end meanwhile (as the screen's entries do).
	rules := validate.MustRules(validate.GameKniffel, nil)
	sg, err := d.CreateGame(context.Background(), rules, []string{"Solo"})
	if err != nil {
		t.Fatal(err)
	}
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		for _, en := range []scoresheet.Entry{{Kind: scoresheet.EntryDice, Roll: []int{1, 2, 3, 4, 6}}, {Kind: scoresheet.EntryScore, Category: c.ID()}} {
			if err := d.Append(context.Background(), sg, en); err != nil {
				t.Fatalf("box %s: %v", c.ID(), err)
			}
		}
	}
	if !sg.Game.Finished() {
		t.Fatal("the game is not over")
	}
	deadline = time.Now().Add(5 * time.Second)
	for lines() < 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if lines() < 2 {
		t.Fatalf("the finished game was not synced while the app ran: %d lines", lines())
	}
}
