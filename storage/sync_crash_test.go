package storage

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The operation child: WUERFELBLOCK_TEST_OP is sync, backup or restore,
// WUERFELBLOCK_TEST_DB the database, WUERFELBLOCK_TEST_ARG the folder or
// file. It exits 0 when the operation completed.
func TestOpChild(t *testing.T) {
	op := os.Getenv("WUERFELBLOCK_TEST_OP")
	if op == "" {
		t.Skip("only run as a child process")
	}
	db, err := Open(os.Getenv("WUERFELBLOCK_TEST_DB"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "open:", err)
		os.Exit(3)
	}
	arg := os.Getenv("WUERFELBLOCK_TEST_ARG")
	switch op {
	case "sync":
		_, err = db.Sync(ctx, arg)
	case "backup":
		err = db.Backup(ctx, arg)
	case "restore":
		err = db.Restore(ctx, arg, nil)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, op+":", err)
		os.Exit(3)
	}
	db.Close()
}

// runOp runs the operation in a child and kills it after delay (0: lets
// it finish); it reports whether the child completed.
func runOp(t *testing.T, op, path, arg string, delay time.Duration) bool {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestOpChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), "WUERFELBLOCK_TEST_OP="+op, "WUERFELBLOCK_TEST_DB="+path, "WUERFELBLOCK_TEST_ARG="+arg)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if delay > 0 {
		time.AfterFunc(delay, func() { cmd.Process.Signal(syscall.SIGKILL) })
	}
	err := cmd.Wait()
	if err == nil {
		return true
	}
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != -1 {
		t.Fatalf("%s failed by itself: %v\n%s", op, err, stderr.String())
	}
	return false
}

// importBotGames stores n games of seed's bot in db in one import (fast).
func importBotGames(t *testing.T, db *DB, seed uint64, n int) {
	t.Helper()
	b := newBot(seed)
	recs := make([]ExportRecord, n)
	start := time.Date(2025, 1, 1, 19, 0, 0, 0, time.UTC)
	for i := range recs {
		g := b.randomGame()
		st := start.Add(time.Duration(i) * time.Hour)
		recs[i] = ExportRecord{ID: fmt.Sprintf("00000000-0000-4000-8000-%04d%08d", seed, i), Started: st, Record: g.Record()}
		if g.Finished() {
			recs[i].Ended = st.Add(30 * time.Minute)
		}
	}
	if rep, err := db.Import(ctx, recs); err != nil || rep.Imported != n {
		t.Fatalf("import: %+v %v", rep, err)
	}
}

// killTimes are the moments to kill an operation that takes about d.
func killTimes(d time.Duration, n int) []time.Duration {
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = time.Duration(rng.Int64N(int64(d))) + time.Millisecond
	}
	return out
}

// checkPasses runs every check of 'wuerfelblock check' on db.
func checkPasses(t *testing.T, db *DB) {
	t.Helper()
	problems, err := db.Check(ctx, nil)
	if err != nil || len(problems) > 0 {
		t.Fatalf("check: %v %v", problems, err)
	}
}

// timed runs a child to its end and returns how long it took.
func timed(t *testing.T, op, path, arg string) time.Duration {
	start := time.Now()
	if !runOp(t, op, path, arg, 0) {
		t.Fatalf("%s did not complete", op)
	}
	return time.Since(start)
}

// SIGKILL during a sync loses nothing and leaves nothing half-written: the
// database passes its checks after each kill, and a sync run to its end
// afterwards gives both devices the same history, with no half line in
// the folder.
func TestSyncSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := t.TempDir()
	a, b := device(t, "a"), device(t, "b")
	importBotGames(t, a, 31, 40)
	playGames(t, b, 32, 2)
	pa, pb := a.Path(), b.Path()
	a.Close()
	b.Close()
	// A writes its 40 games, B reads them and writes its own: each killed.
	d := timed(t, "sync", pa+".probe", dir) // an empty device: the start-up cost
	for _, path := range []string{pa, pb} {
		for _, k := range killTimes(d+500*time.Millisecond, 3) {
			runOp(t, "sync", path, dir, k)
			db := openAt(t, path)
			integrityOK(t, db)
			db.Close()
		}
		if !runOp(t, "sync", path, dir, 0) {
			t.Fatal("the sync after the kills did not complete")
		}
	}
	runOp(t, "sync", pa, dir, 0)
	a, b = openAt(t, pa), openAt(t, pb)
	if ea, eb := exportOfDB(t, a), exportOfDB(t, b); !bytes.Equal(ea, eb) {
		t.Fatal("after the kills and a whole sync the devices differ")
	}
	checkSummaries(t, b)
	checkPasses(t, a)
	checkPasses(t, b)
	names, _ := syncFiles(dir)
	for _, n := range names {
		data, _ := os.ReadFile(filepath.Join(dir, n))
		if len(data) > 0 && data[len(data)-1] != '\n' {
			t.Fatalf("%s ends with half a line", n)
		}
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Fatalf("left in the folder: %s", e.Name())
		}
	}
}

// SIGKILL during a backup leaves the database as it was, and either no
// backup or a whole, checked one; a backup run to its end afterwards
// completes and leaves no temporary file.
func TestBackupSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	db := device(t, "a")
	importBotGames(t, db, 33, 80)
	path := db.Path()
	before := exportOfDB(t, db)
	db.Close()
	out := t.TempDir()
	dest := filepath.Join(out, "backup.db")
	d := timed(t, "backup", path, filepath.Join(out, "probe.db"))
	for _, k := range killTimes(d, 6) {
		os.Remove(dest)
		if runOp(t, "backup", path, dest, k) {
			continue
		}
		if _, err := os.Stat(dest); err == nil {
			if err := VerifyCopy(ctx, dest, 1, 1000); err != nil {
				t.Fatalf("a killed backup left a bad file under its name: %v", err)
			}
		}
	}
	os.Remove(dest)
	if !runOp(t, "backup", path, dest, 0) {
		t.Fatal("the backup after the kills did not complete")
	}
	if err := VerifyCopy(ctx, dest, 1, 1000); err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(out)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Fatalf("left behind: %s", e.Name())
		}
	}
	db = openAt(t, path)
	integrityOK(t, db)
	checkPasses(t, db)
	if !bytes.Equal(before, exportOfDB(t, db)) {
		t.Fatal("the database changed")
	}
}

// SIGKILL during a restore leaves the database with its old history or the
// restored one, whole, never a mixture; a restore run to its end
// afterwards completes.
func TestRestoreSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	src := device(t, "src")
	importBotGames(t, src, 34, 80)
	backup := filepath.Join(t.TempDir(), "backup.db")
	if err := src.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	restored := exportOfDB(t, src)
	db := device(t, "a")
	importBotGames(t, db, 35, 20)
	old := exportOfDB(t, db)
	path := db.Path()
	db.Close()
	probe := device(t, "probe")
	probe.Close()
	d := timed(t, "restore", probe.Path(), backup)
	for _, k := range killTimes(d, 6) {
		runOp(t, "restore", path, backup, k)
		db := openAt(t, path)
		integrityOK(t, db)
		if e := exportOfDB(t, db); !bytes.Equal(e, old) && !bytes.Equal(e, restored) {
			t.Fatal("a killed restore left a mixture")
		}
		db.Close()
	}
	if !runOp(t, "restore", path, backup, 0) {
		t.Fatal("the restore after the kills did not complete")
	}
	db = openAt(t, path)
	if !bytes.Equal(exportOfDB(t, db), restored) {
		t.Fatal("the restore did not restore")
	}
	checkSummaries(t, db)
	checkPasses(t, db)
}
