package tui

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// harness runs the UI on a simulated 80×24 screen over a real database.
type harness struct {
	t    testing.TB
	ui   *UI
	scr  tcell.SimulationScreen
	db   *storage.DB
	done chan error

	// The screen as the last sync saw it, and the code of the refusal the
	// play screen showed last ("" after an entry was taken).
	cells   []tcell.SimCell
	w, h    int
	refusal string
	writes  int // the writes under way at the last sync (reads aside)
}

const waitLimit = 5 * time.Second

func openDB(t testing.TB) *storage.DB {
	t.Helper()
	db, err := openReviewed(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// start runs a UI on db in German (the table's language in most tests).
func start(t testing.TB, db *storage.DB) *harness {
	return startLang(t, db, validate.German)
}

func startLang(t testing.TB, db *storage.DB, lang validate.Lang) *harness {
	return startWith(t, db, Config{Lang: lang})
}

// startWith runs a UI on db with the given configuration.
func startWith(t testing.TB, db *storage.DB, cfg Config) *harness {
	t.Helper()
	h := startNow(t, db, cfg)
	h.sync()
	return h
}

// startNow is startWith without waiting for the first screen's reads.
func startNow(t testing.TB, db *storage.DB, cfg Config) *harness {
	t.Helper()
	h := &harness{t: t, db: db, done: make(chan error, 1)}
	if cfg.Store == nil {
		cfg.Store = db
	}
	if cfg.Review.Family == nil && cfg.Review.Kniffel == nil {
		cfg.Review = testValuers
	}
	h.ui = New(cfg)
	h.ui.barrier = make(chan struct{})
	h.scr = tcell.NewSimulationScreen("UTF-8")
	h.ui.app.SetScreen(h.scr)
	h.scr.SetSize(80, 24) // after SetScreen, which resets the size
	go func() { h.done <- h.ui.Run() }()
	t.Cleanup(h.stop)
	h.syncNow()
	return h
}

// stop ends the UI (as if the terminal closed) and waits for it.
func (h *harness) stop() {
	if h.done == nil {
		return
	}
	h.ui.app.Stop()
	select {
	case <-h.done:
	case <-time.After(waitLimit):
		h.t.Error("the UI did not stop")
	}
	h.done = nil
}

// sync waits until every key sent so far was handled and drawn and no
// entry is being saved any more.
func (h *harness) sync() {
	h.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for h.syncNow() > 0 {
		if time.Now().After(deadline) {
			h.t.Fatalf("an entry is still being saved after %v; screen:\n%s", waitLimit, h.screen())
		}
		time.Sleep(2 * time.Millisecond) // the write answers through the event queue
	}
}

// atBarrier waits until the UI has handled every key sent so far and
// waits in its key handler (nothing draws) until h.ui.barrier is sent to.
func (h *harness) atBarrier() {
	h.t.Helper()
	h.scr.InjectKey(barrierKey, 0, tcell.ModNone)
	select {
	case <-h.ui.barrier:
	case <-time.After(waitLimit):
		h.t.Fatalf("the UI did not answer within %v; screen:\n%s", waitLimit, h.screen())
	}
}

// syncNow waits until every key sent so far was handled and drawn, also
// while an entry is being saved; it returns how many writes are under way.
func (h *harness) syncNow() int {
	h.t.Helper()
	h.atBarrier()
	// The UI waits in its key handler now: nothing draws while we copy.
	cells, w, ht := h.scr.GetContents()
	h.cells, h.w, h.h = slices.Clone(cells), w, ht
	writes := len(h.ui.jobs)
	h.writes = h.ui.writes()
	h.refusal = ""
	if p, ok := h.ui.top().(*play); ok {
		h.refusal = p.refused
	}
	h.ui.barrier <- struct{}{}
	return writes
}

// waitWarm waits until the play screen on top has loaded or built the
// tables its game's review needs (newPlay starts that in the background);
// a table may take seconds to build, so the wait is long.
func (h *harness) waitWarm() {
	h.t.Helper()
	h.atBarrier()
	var warmed chan struct{}
	if p, ok := h.ui.top().(*play); ok {
		warmed = p.warmed
	}
	h.ui.barrier <- struct{}{}
	if warmed == nil {
		h.t.Fatal("no play screen warming its tables")
	}
	select {
	case <-warmed:
	case <-time.After(5 * time.Minute):
		h.t.Fatal("the review's tables were not ready after 5 minutes")
	}
}

// typ types text, one key per rune; "\n" is Enter. Like a player, it
// waits after each key until an entry that key started is saved (the
// screen takes no key meanwhile).
func (h *harness) typ(text string) {
	h.t.Helper()
	for _, r := range text {
		h.inject(r)
		h.sync()
	}
}

// typNow types text without waiting for anything.
func (h *harness) typNow(text string) {
	for _, r := range text {
		h.inject(r)
	}
}

func (h *harness) inject(r rune) {
	if r == '\n' {
		h.scr.InjectKey(tcell.KeyEnter, 0, tcell.ModNone)
	} else {
		h.scr.InjectKey(tcell.KeyRune, r, tcell.ModNone)
	}
}

func (h *harness) key(k tcell.Key) {
	h.t.Helper()
	h.scr.InjectKey(k, 0, tcell.ModNone)
	h.sync()
}

// screen is what the terminal shows, one line per row.
func (h *harness) screen() string {
	cells, w, ht := h.cells, h.w, h.h
	var b strings.Builder
	for y := 0; y < ht; y++ {
		for x := 0; x < w; x++ {
			c := cells[y*w+x]
			if len(c.Runes) == 0 || c.Runes[0] == 0 {
				b.WriteByte(' ')
			} else {
				b.WriteString(string(c.Runes))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// see waits until the screen shows every text (polling with a deadline).
func (h *harness) see(texts ...string) {
	h.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		s := h.screen()
		flat := strings.Join(strings.Fields(s), " ")
		missing := ""
		for _, t := range texts {
			if !strings.Contains(s, t) && !strings.Contains(flat, strings.Join(strings.Fields(t), " ")) {
				missing = t
				break
			}
		}
		if missing == "" {
			return
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("the screen does not show %q:\n%s", missing, s)
		}
		time.Sleep(5 * time.Millisecond) // poll again; the deadline decides
		h.sync()
	}
}

// notSee checks that the screen does not show text (a non-breaking space
// on the screen counts as a space).
func (h *harness) notSee(text string) {
	h.t.Helper()
	if s := h.screen(); strings.Contains(strings.ReplaceAll(s, "\u00a0", " "), text) {
		h.t.Fatalf("the screen shows %q:\n%s", text, s)
	}
}

// styleOf is the style of the first cell of the first occurrence of text.
func (h *harness) styleOf(text string) tcell.Style {
	h.t.Helper()
	cells, w, ht := h.cells, h.w, h.h
	lines := strings.Split(h.screen(), "\n")
	for y := 0; y < ht; y++ {
		if i := strings.Index(lines[y], text); i >= 0 {
			x := len([]rune(lines[y][:i]))
			return cells[y*w+x].Style
		}
	}
	h.t.Fatalf("no %q on the screen", text)
	return tcell.StyleDefault
}

// newGame starts a game from the home screen: game number, house-rule
// keys (typed on the options step), players (new names).
func (h *harness) newGame(gameKey rune, players ...string) {
	h.t.Helper()
	h.typ("n" + string(gameKey))
	h.see("Hausregeln")
	h.key(tcell.KeyTab)
	if !strings.Contains(h.screen(), "Noch niemand") {
		h.typ("a") // known players are listed: go to the name field
	}
	for _, p := range players {
		h.typ(p + "\n")
	}
	h.typ("\n") // empty name: start
	h.see("am Zug: " + players[0])
}

// games are the stored games of the harness's database, newest first.
func (h *harness) games(st storage.Status) []storage.GameInfo {
	h.t.Helper()
	gs, err := h.db.Games(context.Background(), storage.GameFilter{Status: st})
	if err != nil {
		h.t.Fatal(err)
	}
	return gs
}

// stored loads the newest game from the database, as a second device would.
func (h *harness) stored() *storage.StoredGame {
	h.t.Helper()
	gs := h.games("")
	if len(gs) == 0 {
		h.t.Fatal("no game stored")
	}
	sg, err := h.db.LoadGame(context.Background(), gs[0].ID)
	if err != nil {
		h.t.Fatal(err)
	}
	return sg
}

// find is the screen position of text.
func (h *harness) find(text string) (x, y int) {
	h.t.Helper()
	for y, line := range strings.Split(h.screen(), "\n") {
		if i := strings.Index(line, text); i >= 0 {
			return len([]rune(line[:i])), y
		}
	}
	h.t.Fatalf("no %q on the screen:\n%s", text, h.screen())
	return 0, 0
}

func entryThrow(roll, keep []int) scoresheet.Entry {
	return scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: keep}
}

func entryStop() scoresheet.Entry { return scoresheet.Entry{Kind: scoresheet.EntryStop} }

// resize gives the simulated terminal another size and redraws.
func (h *harness) resize(w, ht int) {
	h.t.Helper()
	h.scr.SetSize(w, ht)
	h.scr.PostEvent(tcell.NewEventResize(w, ht))
	h.sync()
}

// refused checks the meaning of the last refusal on the play screen: the
// rule's code, whatever the words.
func (h *harness) refused(code validate.Code) {
	h.t.Helper()
	h.sync()
	if h.refusal != string(code) {
		h.t.Fatalf("refusal %q, want %q; screen:\n%s", h.refusal, code, h.screen())
	}
}

// seeWhileWriting waits until the screen shows every text while writes
// may still be under way (a screen's read goes on beside them).
func (h *harness) seeWhileWriting(texts ...string) {
	h.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		h.syncNow()
		flat := strings.Join(strings.Fields(h.screen()), " ")
		missing := ""
		for _, s := range texts {
			if !strings.Contains(flat, strings.Join(strings.Fields(s), " ")) {
				missing = s
			}
		}
		if missing == "" {
			return
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("the screen does not show %q:\n%s", missing, h.screen())
		}
		time.Sleep(5 * time.Millisecond)
	}
}
