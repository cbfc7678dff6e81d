//go:build unix

package storage

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A FIFO or a folder with a device file's name is passed over, never
// waited for.
func TestSyncSkipsWhatIsNoFile(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "wuerfelblock-pipe-0000.jsonl"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(dir, "wuerfelblock-dir-0000.jsonl"), 0o755)
	a := device(t, "a")
	playGames(t, a, 43, 2)
	done := make(chan SyncReport, 1)
	go func() { done <- syncOK(t, a, dir) }()
	select {
	case rep := <-done:
		if rep.Written != 2 {
			t.Fatalf("%+v", rep)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the sync waits for a FIFO")
	}
}
