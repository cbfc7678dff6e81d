package storage

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// halfCheckpointed leaves at path a healthy database as a checkpoint that
// stopped after its first page leaves it (a full disk, a SIGKILL): the
// WAL holds the latest pages, and page 1 in the file already counts pages
// that are only in the WAL. It returns how many players the database has.
func halfCheckpointed(t *testing.T, path string) int {
	t.Helper()
	live := filepath.Join(t.TempDir(), "live.db")
	db := openAt(t, live)
	if _, err := db.sql.Exec(`PRAGMA wal_autocheckpoint = 0`); err != nil {
		t.Fatal(err)
	}
	db.sql.SetMaxOpenConns(1)
	const n = 300
	for i := range n {
		if _, err := db.AddPlayer(ctx, fmt.Sprintf("%03d Spielerin mit einem langen Namen", i)); err != nil {
			t.Fatal(err)
		}
	}
	copyFiles(t, live, path)
	db.Close()
	wal, err := os.ReadFile(path + "-wal")
	if err != nil || len(wal) < 32 {
		t.Fatalf("no WAL to copy page 1 from: %v", err)
	}
	size := int(binary.BigEndian.Uint32(wal[8:12]))
	var page1 []byte
	for off := 32; off+24+size <= len(wal); off += 24 + size {
		if binary.BigEndian.Uint32(wal[off:]) == 1 {
			page1 = wal[off+24 : off+24+size]
		}
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	if page1 == nil || int64(binary.BigEndian.Uint32(page1[28:]))*int64(size) <= st.Size() {
		t.Fatal("the WAL's page 1 does not count more pages than the file has")
	}
	if _, err := f.WriteAt(page1, 0); err != nil {
		t.Fatal(err)
	}
	return n
}

// Issue 19.1: a healthy database whose newest pages are still only in its
// WAL is opened, not refused as damaged: the inspection reads what SQLite
// reads, WAL included.
func TestHalfCheckpointedDatabaseOpens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	n := halfCheckpointed(t, path)
	db, err := Open(path)
	if err != nil {
		t.Fatalf("a healthy database with pages in its WAL: %v", err)
	}
	defer db.Close()
	ps, err := db.Players(ctx)
	if err != nil || len(ps) != n {
		t.Fatalf("players: %d, %v; want %d", len(ps), err, n)
	}
	if err := db.QuickCheck(ctx); err != nil {
		t.Fatal(err)
	}
}
