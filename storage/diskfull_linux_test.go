package storage

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// The full-disk child: when WUERFELBLOCK_TEST_FULL names a database, this
// test (run in a child process) may write no file beyond 4 KiB, as on a
// full disk: SQLite cannot make the index of its WAL (a "disk I/O error"
// before), nor can anything else be written. It reads the players, tries
// to add one, and prints what happened.
func TestDiskFullChild(t *testing.T) {
	path := os.Getenv("WUERFELBLOCK_TEST_FULL")
	if path == "" {
		t.Skip("only run as a child process")
	}
	var lim syscall.Rlimit
	syscall.Getrlimit(syscall.RLIMIT_FSIZE, &lim)
	lim.Cur = 4096
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Fatal(err)
	}
	db, err := Open(path)
	if err != nil {
		fmt.Println("open:", err)
		return
	}
	defer db.Close()
	ps, err := db.Players(ctx)
	fmt.Printf("players: %d %v\n", len(ps), err)
	_, err = db.AddPlayer(ctx, "Neu")
	fmt.Printf("add: %s: %v\n", ErrorCode(err), err)
}

// Issue 19.6: on a full disk a database that lies whole in its file is
// read, and a write says the disk is full; the file stays as it is.
func TestDiskFullReadsAndSaysSo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	db := openAt(t, path)
	for i := range 20 {
		if _, err := db.AddPlayer(ctx, fmt.Sprintf("Spieler %02d", i)); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	if exists(path+"-wal") || exists(path+"-shm") {
		t.Fatal("a closed database left its WAL")
	}
	before, _ := os.ReadFile(path)
	cmd := exec.Command(os.Args[0], "-test.run=^TestDiskFullChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), "WUERFELBLOCK_TEST_FULL="+path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	got := string(out)
	if !strings.Contains(got, "players: 20 <nil>") {
		t.Errorf("the players cannot be read on a full disk:\n%s", got)
	}
	if !strings.Contains(got, "add: "+string(CodeDiskFull)) || !strings.Contains(got, "is full") {
		t.Errorf("a write on a full disk does not say the disk is full:\n%s", got)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("the database changed")
	}
}
