package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/storage"
)

// Issue 12.22: generate prints its summary once, and its games end before
// the clock's now.
func TestGenerateSummaryOnceAndNoFutureGames(t *testing.T) {
	defer func(n int) { generateProgressEvery = n }(generateProgressEvery)
	generateProgressEvery = 20 // every batch would be said
	path := filepath.Join(t.TempDir(), "g.db")
	code, out, errs := call(t, "", "--lang", "en", "generate", "--db", path, "--games", "20")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	// The progress line never repeats the summary's count.
	if strings.Count(out, "games stored") != 1 || !strings.HasPrefix(out, "20 games stored") || strings.Contains(errs, "20 …") {
		t.Fatalf("stdout %q, stderr %q: want the summary of 20 games once", out, errs)
	}
	db, err := storage.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	games, err := db.Games(context.Background(), storage.GameFilter{})
	if err != nil || len(games) != 20 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	now := time.Now()
	for _, g := range games {
		if g.Started.After(now) || g.Ended.After(now) {
			t.Fatalf("game %s dated %v–%v, after now %v", g.ID, g.Started, g.Ended, now)
		}
	}
	if last := games[0].Ended; now.Sub(last) > 72*time.Hour {
		t.Errorf("the newest game ended %v, long before now %v", last, now)
	}
}
