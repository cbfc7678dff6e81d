package storage

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The writer child: when WUERFELBLOCK_TEST_WRITER names a database, this
// test (run in a child process) enters entries until the database holds
// WUERFELBLOCK_TEST_TARGET of them (mode "resume": going on with the running
// game, as a restarted app does) or until it has entered that many itself
// (mode "own": its own games only). After each acknowledged entry it prints
// "ack GAMEID N ENTRYJSON".
func TestWriterChild(t *testing.T) {
	path := os.Getenv("WUERFELBLOCK_TEST_WRITER")
	if path == "" {
		t.Skip("only run as a child process")
	}
	target, _ := strconv.Atoi(os.Getenv("WUERFELBLOCK_TEST_TARGET"))
	own := os.Getenv("WUERFELBLOCK_TEST_MODE") == "own"
	db, err := Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "open:", err)
		os.Exit(3)
	}
	b := newBot(uint64(time.Now().UnixNano()) + uint64(os.Getpid()))
	rules := validate.MustRules(validate.Game5050, nil)
	var sg *StoredGame
	if !own {
		if gs, err := db.Games(ctx, GameFilter{Status: Running, Limit: 1}); err == nil && len(gs) > 0 {
			sg, err = db.LoadGame(ctx, gs[0].ID)
			if err != nil {
				fmt.Fprintln(os.Stderr, "load:", err)
				os.Exit(3)
			}
		}
	}
	out := bufio.NewWriterSize(os.Stdout, 0) // every ack goes out as it is made
	done := 0
	for {
		if own && done >= target {
			break
		}
		if !own {
			var n int
			db.sql.QueryRow(`SELECT count(*) FROM entries`).Scan(&n)
			if n >= target {
				break
			}
		}
		if sg == nil || sg.Game.Finished() {
			if sg, err = db.CreateGame(ctx, rules, []string{"Anna", "Ben"}); err != nil {
				fmt.Fprintln(os.Stderr, "create:", err)
				os.Exit(3)
			}
		}
		e := b.next(sg.Game)
		n := sg.Game.Len()
		if err := db.Append(ctx, sg, e); err != nil {
			fmt.Fprintln(os.Stderr, "append:", err)
			os.Exit(3)
		}
		js, _ := json.Marshal(e)
		fmt.Fprintf(os.Stdout, "ack %s %d %s\n", sg.ID, n, js)
		done++
	}
	out.Flush()
	db.Close()
}

type ack struct {
	game  string
	n     int
	entry scoresheet.Entry
}

// writer starts a writer child and collects its acknowledgements.
type writer struct {
	cmd    *exec.Cmd
	mu     sync.Mutex
	acks   []ack
	done   chan struct{}
	stderr strings.Builder
}

func startWriter(t *testing.T, path, mode string, target int) *writer {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestWriterChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), "WUERFELBLOCK_TEST_WRITER="+path, "WUERFELBLOCK_TEST_MODE="+mode,
		"WUERFELBLOCK_TEST_TARGET="+strconv.Itoa(target))
	w := &writer{cmd: cmd, done: make(chan struct{})}
	cmd.Stderr = &w.stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	go func() {
		defer close(w.done)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			f := strings.SplitN(sc.Text(), " ", 4)
			if len(f) != 4 || f[0] != "ack" {
				continue
			}
			a := ack{game: f[1]}
			a.n, _ = strconv.Atoi(f[2])
			if err := json.Unmarshal([]byte(f[3]), &a.entry); err != nil {
				continue
			}
			w.mu.Lock()
			w.acks = append(w.acks, a)
			w.mu.Unlock()
		}
	}()
	return w
}

// wait waits for the child and its output.
func (w *writer) wait() error {
	<-w.done
	return w.cmd.Wait()
}

// checkAcks proves that every acknowledged entry is in the database, as it
// was acknowledged.
func checkAcks(t *testing.T, db *DB, acks []ack) {
	t.Helper()
	games := map[string]*StoredGame{}
	for _, a := range acks {
		sg, ok := games[a.game]
		if !ok {
			var err error
			if sg, err = db.LoadGame(ctx, a.game); err != nil {
				t.Fatalf("acknowledged game %s: %v", a.game, err)
			}
			games[a.game] = sg
		}
		es := sg.Game.Entries()
		if a.n >= len(es) {
			t.Fatalf("acknowledged entry %d of game %s is lost (the game has %d)", a.n, a.game, len(es))
		}
		if !reflect.DeepEqual(normal(es[a.n]), normal(a.entry)) {
			t.Fatalf("entry %d of game %s is %+v, acknowledged %+v", a.n, a.game, es[a.n], a.entry)
		}
	}
}

// normal drops the difference between a nil and an empty roll that JSON
// cannot carry.
func normal(e scoresheet.Entry) scoresheet.Entry {
	if len(e.Roll) == 0 {
		e.Roll = nil
	}
	return e
}

func integrityOK(t *testing.T, db *DB) {
	t.Helper()
	var res string
	if err := db.sql.QueryRow(`PRAGMA integrity_check`).Scan(&res); err != nil || res != "ok" {
		t.Fatalf("integrity_check: %q, %v", res, err)
	}
	var fk int
	rows, _ := db.sql.Query(`PRAGMA foreign_key_check`)
	for rows.Next() {
		fk++
	}
	rows.Close()
	if fk > 0 {
		t.Fatalf("%d foreign key violations", fk)
	}
}

// A writer killed with SIGKILL at random moments while it enters 500
// entries loses nothing it acknowledged, and the database stays sound.
func TestSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts many processes")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	const target = 500
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	var acks []ack
	kills := 0
	deadline := time.Now().Add(4 * time.Second)
	for {
		w := startWriter(t, path, "resume", target)
		finish := time.Now().After(deadline) || kills >= 40
		if !finish {
			time.Sleep(time.Duration(rng.IntN(12_000)) * time.Microsecond)
			w.cmd.Process.Signal(syscall.SIGKILL)
		}
		err := w.wait()
		acks = append(acks, w.acks...)
		if err == nil {
			break
		}
		if finish {
			t.Fatalf("the last writer failed: %v\n%s", err, w.stderr.String())
		}
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != -1 {
			t.Fatalf("a writer failed by itself: %v\n%s", err, w.stderr.String())
		}
		kills++
		// Every restart finds everything acknowledged so far.
		if kills%10 == 0 {
			db := openAt(t, path)
			checkAcks(t, db, acks)
			integrityOK(t, db)
			db.Close()
		}
	}
	db := openAt(t, path)
	var n int
	db.sql.QueryRow(`SELECT count(*) FROM entries`).Scan(&n)
	if n < target {
		t.Fatalf("%d entries, want %d", n, target)
	}
	checkAcks(t, db, acks)
	integrityOK(t, db)
	checkSummaries(t, db)
	t.Logf("%d kills, %d acknowledged entries, %d stored", kills, len(acks), n)
}

// Two processes writing different games into one database at once both
// finish, lose nothing, and never see "database is locked".
func TestTwoProcessesWriteAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	path := filepath.Join(t.TempDir(), "shared.db")
	db := openAt(t, path) // create it first; the children race on the rest
	db.Close()
	const each = 150
	a := startWriter(t, path, "own", each)
	b := startWriter(t, path, "own", each)
	for _, w := range []*writer{a, b} {
		if err := w.wait(); err != nil {
			t.Fatalf("writer: %v\n%s", err, w.stderr.String())
		}
		if s := w.stderr.String(); strings.Contains(s, "locked") || strings.Contains(s, "busy") {
			t.Fatalf("a writer saw: %s", s)
		}
		if len(w.acks) != each {
			t.Fatalf("writer acknowledged %d entries, want %d", len(w.acks), each)
		}
	}
	db = openAt(t, path)
	checkAcks(t, db, append(a.acks, b.acks...))
	var n int
	db.sql.QueryRow(`SELECT count(*) FROM entries`).Scan(&n)
	if n != 2*each {
		t.Fatalf("%d entries, want %d", n, 2*each)
	}
	integrityOK(t, db)
	checkSummaries(t, db)
}

// Two processes opening a new database at once: one migrates, the other
// waits and finds the schema in place.
func TestConcurrentFirstOpen(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	path := filepath.Join(t.TempDir(), "new.db")
	var ws []*writer
	for range 3 {
		ws = append(ws, startWriter(t, path, "own", 5))
	}
	for _, w := range ws {
		if err := w.wait(); err != nil {
			t.Fatalf("writer: %v\n%s", err, w.stderr.String())
		}
	}
	db := openAt(t, path)
	var n int
	db.sql.QueryRow(`SELECT count(*) FROM migrations`).Scan(&n)
	if ms, _ := readMigrations(migrationFiles); n != len(ms) {
		rows, _ := db.sql.Query(`SELECT version, name FROM migrations`)
		for rows.Next() {
			var v int
			var name string
			rows.Scan(&v, &name)
			t.Logf("migration %d %s", v, name)
		}
		rows.Close()
		t.Fatalf("%d migration rows", n)
	}
}
