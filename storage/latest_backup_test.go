package storage

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// LatestBackup is the newest backup of the database (by when it was
// written) that restore would take: a damaged newer one, a -damaged copy,
// another database's backup and a file of another name are passed over.
func TestLatestBackup(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "club.db")
	if LatestBackup(ctx, path) != "" {
		t.Fatal("a backup without a backup folder")
	}
	db := openAt(t, path)
	if _, err := db.AddPlayer(ctx, "Anna"); err != nil {
		t.Fatal(err)
	}
	backups := BackupsDir(path)
	at := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	write := func(name string, damaged bool, age int) string {
		t.Helper()
		p := filepath.Join(backups, name)
		if err := db.Backup(ctx, p); err != nil {
			t.Fatal(err)
		}
		if damaged {
			b, _ := os.ReadFile(p)
			os.WriteFile(p, b[:2*4096], 0o644)
		}
		when := at.Add(time.Duration(age) * time.Hour)
		os.Chtimes(p, when, when)
		return p
	}
	os.MkdirAll(backups, 0o755)
	write("club-2026-11-20.db", false, 0)
	want := write("club-2026-11-21-101500-before-restore.db", false, 1)
	write("club-2026-11-22.db", true, 2)                 // newer, damaged
	write("club-2026-11-23-090000-damaged.db", false, 3) // a damaged database's copy
	write("other-2026-11-24.db", false, 4)               // another database's
	write("club-notes.db", false, 5)                     // no backup's name
	if got := LatestBackup(ctx, path); got != want {
		t.Fatalf("LatestBackup = %q, want %q", got, want)
	}
}
