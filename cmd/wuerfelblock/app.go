package main

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/wuerfelblock/wuerfelblock/cmd/wuerfelblock/tui"
	"github.com/wuerfelblock/wuerfelblock/storage"
)

// runApp opens the database and runs the terminal UI until the players quit.
// Beside it, off the screen: the day's automatic backup, and with
// WUERFELBLOCK_SYNC set a sync on start, after each finished game and on
// quit; what they have to say is printed once the screen is closed.
func runApp(e *env) int {
	db, err := e.openDB()
	if err != nil {
		return e.dbFail("", err)
	}
	defer db.Close()
	var later bytes.Buffer
	side := e.beside(db, &later)
	ui := tui.New(tui.Config{Store: db, Lang: e.lang, Stats: tui.NewStatsPage(db), Review: reviewValuers(),
		DamagedAdvice: func() (string, string) { return e.damagedAdvice(context.Background(), db.Path(), true) }})
	err = ui.Run()
	side()
	e.stderr.Write(later.Bytes())
	if err != nil {
		// The only failure of a running UI is the terminal's (none, or an
		// unknown TERM): say so in the user's language.
		fmt.Fprintf(e.stderr, "wuerfelblock: %s (%s)\n", e.tr("the score pad needs a terminal; the commands work without one (wuerfelblock --help)",
			"der Spielblock braucht ein Terminal; die Befehle gehen auch ohne (wuerfelblock --help)"), e.errText(err))
		return exitFailure
	}
	return exitOK
}

// syncPoll is how often the app looks for a finished game to sync (tests
// shorten it).
var syncPoll = 3 * time.Second

// beside starts the app's backup and sync off the screen, writing their
// messages to out; the function it returns stops them (after a last sync)
// and waits.
func (e *env) beside(db *storage.DB, out *bytes.Buffer) func() {
	ctx := context.Background()
	var wg sync.WaitGroup
	var mu sync.Mutex
	locked := &lockedWriter{mu: &mu, w: out}
	wg.Add(1)
	go func() {
		defer wg.Done()
		sub := *e
		sub.stderr = locked
		sub.autoBackup(ctx, db)
	}()
	dir := e.getenv("WUERFELBLOCK_SYNC")
	if dir == "" || db.ReadOnly() {
		return wg.Wait
	}
	stop := make(chan struct{})
	syncOnce := func() {
		rep, err := db.Sync(ctx, dir)
		mu.Lock()
		defer mu.Unlock()
		e.syncNotes(out, rep)
		if err != nil {
			fmt.Fprintf(out, "wuerfelblock sync: %s\n", e.localize(err))
		}
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		syncOnce()
		t := time.NewTicker(syncPoll)
		defer t.Stop()
		for {
			select {
			case <-stop:
				syncOnce()
				return
			case <-t.C:
				if yes, err := db.SyncPending(ctx); err == nil && yes {
					syncOnce()
				}
			}
		}
	}()
	return func() {
		close(stop)
		wg.Wait()
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
