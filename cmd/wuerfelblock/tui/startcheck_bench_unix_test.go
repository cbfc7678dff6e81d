//go:build unix

package tui

import (
	"database/sql"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/storage"
)

// BenchmarkStartAndFirstKeys (issue 20.13): the app's first screen, its
// first 100 key presses (a new 5050 game, a throw, then keeps taken and
// taken back, each stored) and its check of the database at start, on an
// empty database and on the 20,000-game one, in one run: wall and CPU time
// of each and their ratios (history / empty). The history's full check
// passed earlier today (recorded), as on every start but the first of a
// day or after an unclean shutdown (then the history's start costs about
// eight times the CPU of the empty one's: SQLite reads all 250 MB).
//
//	go test ./cmd/wuerfelblock/tui -run '^$' -bench StartAndFirstKeys -benchtime 1x
func BenchmarkStartAndFirstKeys(b *testing.B) {
	history := benchDB(b)
	raw, err := sql.Open("sqlite", "file:"+history.Path())
	if err != nil {
		b.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE IF NOT EXISTS checks (kind TEXT PRIMARY KEY, passed INTEGER NOT NULL)`,
		`INSERT OR REPLACE INTO checks VALUES ('quick_check', CAST(unixepoch('now', '-1 hour') AS INTEGER) * 1000)`,
	} {
		if _, err := raw.Exec(q); err != nil {
			b.Fatal(err)
		}
	}
	raw.Close()
	if due, err := history.FullCheckDue(b.Context()); due || err != nil {
		b.Fatalf("the history's full check is due (%v)", err)
	}
	for i := 0; i < b.N; i++ {
		empty := openDB(b)
		emptyWall, emptyCPU := startAndKeys(b, empty)
		histWall, histCPU := startAndKeys(b, history)
		// The check at start alone (it ran beside the screen above).
		for _, c := range []struct {
			db   *storage.DB
			unit string
		}{{empty, "empty-check-ms"}, {history, "history-check-ms"}} {
			t0 := time.Now()
			if err := c.db.Guard(b.Context(), nil); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(time.Since(t0).Microseconds())/1000, c.unit)
		}
		b.ReportMetric(float64(emptyWall.Microseconds())/1000, "empty-ms")
		b.ReportMetric(float64(histWall.Microseconds())/1000, "history-ms")
		b.ReportMetric(float64(emptyCPU.Microseconds())/1000, "empty-cpu-ms")
		b.ReportMetric(float64(histCPU.Microseconds())/1000, "history-cpu-ms")
		b.ReportMetric(histWall.Seconds()/emptyWall.Seconds(), "ratio-wall")
		b.ReportMetric(histCPU.Seconds()/emptyCPU.Seconds(), "ratio-cpu")
	}
}

// startAndKeys starts the app on db, presses 100 keys and waits for the
// check at start: the wall and CPU time it took.
func startAndKeys(b *testing.B, db *storage.DB) (wall, cpu time.Duration) {
	runtime.GC()
	t0, c0 := time.Now(), cpuTime()
	h := start(b, db)
	keys := 0
	press := func(s string) {
		for _, r := range s {
			h.inject(r)
			h.sync()
			keys++
		}
	}
	press("n1")
	h.key(tcell.KeyTab)
	keys++
	if !strings.Contains(h.screen(), "Noch niemand") {
		press("a")
	}
	press("Anna\nBob\n\n")
	h.see("am Zug: Anna")
	press("111523\n")
	for keys < 100 {
		press("b")
		if keys < 100 {
			press("u")
		}
	}
	<-h.ui.checked
	wall, cpu = time.Since(t0), cpuTime()-c0
	h.stop()
	return wall, cpu
}

// cpuTime is the CPU time the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
