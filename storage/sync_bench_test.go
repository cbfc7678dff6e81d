package storage

import (
	"os"
	"path/filepath"
	"testing"
)

// A sync with nothing new on the 20,000-game history (goal: under 200 ms):
// this device's file holds every game, another device's file is known.
// The first sync (writing the 20,000 games) is not timed.
//
//	go test ./storage -run '^$' -bench SyncNothingNew -benchtime 20x
func BenchmarkSyncNothingNew(b *testing.B) {
	db := benchCopy(b)
	dir := b.TempDir()
	if rep, err := db.Sync(ctx, dir); err != nil || rep.Written == 0 {
		b.Fatalf("first sync: %+v %v", rep, err)
	}
	// Another device's file, read once.
	os.WriteFile(filepath.Join(dir, "wuerfelblock-other-0000000000000000.jsonl"), nil, 0o644)
	if _, err := db.Sync(ctx, dir); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		rep, err := db.Sync(ctx, dir)
		if err != nil || rep.Written != 0 || rep.Read != 0 || len(rep.Notes) != 0 {
			b.Fatalf("%+v %v", rep, err)
		}
	}
}

// A backup of the 20,000-game database (goal: under 10 s).
//
//	go test ./storage -run '^$' -bench Backup20k -benchtime 1x
func BenchmarkBackup20k(b *testing.B) {
	db := benchDB(b)
	dir := b.TempDir()
	for i := 0; b.Loop(); i++ {
		dest := filepath.Join(dir, "backup.db")
		if err := db.Backup(ctx, dest); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		os.Remove(dest)
		b.StartTimer()
	}
}
