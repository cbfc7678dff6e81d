package tui

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// restoreSetup stores a backup without any game, then a running 5050 game
// with one throw, and runs the UI on the home screen (lang; the watch is
// driven by poke). other is a second connection to restore with, as
// 'wuerfelblock restore' in another terminal.
func restoreSetup(t *testing.T, lang validate.Lang) (h *harness, db, other *storage.DB, backup string, sg *storage.StoredGame) {
	t.Helper()
	ctx := context.Background()
	db = openDB(t)
	backup = filepath.Join(t.TempDir(), "older.db")
	if err := db.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	sg, err := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Append(ctx, sg, entryThrow([]int{1, 1, 1, 2, 3, 4}, []int{1, 1, 1})); err != nil {
		t.Fatal(err)
	}
	h = startWith(t, db, Config{Lang: lang, Watch: time.Hour})
	other, err = storage.Open(db.Path())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	return h, db, other, backup, sg
}

// poke runs the watch's check at once and waits for the reads it starts.
func (h *harness) poke() {
	h.t.Helper()
	done := make(chan struct{})
	select {
	case h.ui.poke <- done:
	case <-time.After(waitLimit):
		h.t.Fatal("the watch did not take the poke")
	}
	select {
	case <-done:
	case <-time.After(waitLimit):
		h.t.Fatal("the watch's check did not run")
	}
	h.sync()
}

// A restore in another terminal of a backup without the game on screen:
// the next check says in words that the game is gone, what was stored and
// what not, and Enter goes home, where the game is not listed any more.
// Before, the screen went on showing the game.
func TestGameGoneAfterRestoreIsSaid(t *testing.T) {
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			wd := wordsOf(lang)
			h, _, other, backup, _ := restoreSetup(t, lang)
			h.typ("1")
			h.see(wd.Tr("turn: Anna", "am Zug: Anna"))
			if err := other.Restore(context.Background(), backup, nil); err != nil {
				t.Fatal(err)
			}
			h.poke()
			h.see(wd.Tr("This game is no longer in the database:", "Dieses Spiel ist nicht mehr in der Datenbank:"),
				wd.Tr("the 1 entry shown here", "der 1 Eintrag"),
				wd.Tr("Enter: back to the home screen", "Enter: zurück zum Startbildschirm"))
			h.key(tcell.KeyEnter)
			h.see(wd.Tr("New game", "Neues Spiel"))
			h.notSee(wd.Tr("Continue:", "Weiterspielen:"))
		})
	}
}

// A keep typed against a game that is gone (before the check noticed) is
// refused in words, never with SQL's "no rows in result set".
func TestEntryToGameGoneIsWorded(t *testing.T) {
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			wd := wordsOf(lang)
			h, _, other, backup, _ := restoreSetup(t, lang)
			h.typ("1")
			h.see(wd.Tr("turn: Anna", "am Zug: Anna"))
			if err := other.Restore(context.Background(), backup, nil); err != nil {
				t.Fatal(err)
			}
			h.typ("155/15\n")
			h.see(wd.Tr("This game is no longer in the database:", "Dieses Spiel ist nicht mehr in der Datenbank:"),
				wd.Tr("Not stored: what was typed (155/15)", "Nicht gespeichert: das Getippte (155/15)"))
			for _, raw := range []string{"sql", "no rows", "result set"} {
				h.notSee(raw)
			}
		})
	}
}

// The home screen of another app instance lists the running games again
// once a restore changed the database; a game chosen before that is said
// gone by its name and players, not by a UUID wrapped across lines.
func TestHomeNoticesRestore(t *testing.T) {
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			wd := wordsOf(lang)
			h, _, other, backup, sg := restoreSetup(t, lang)
			cont := wd.Tr("Continue: 5050", "Weiterspielen: 5050")
			h.see(cont)
			if err := other.Restore(context.Background(), backup, nil); err != nil {
				t.Fatal(err)
			}
			h.typ("1") // before the check: the list still has it
			h.see(wd.Tr("This game (5050 · Anna 0, Ben 0", "Dieses Spiel (5050 · Anna 0, Ben 0"),
				wd.Tr("is no longer in the", "ist nicht mehr in"))
			h.notSee(sg.ID[:8])
			h.key(tcell.KeyEnter)
			h.notSee(cont)

			// A game stored by another connection shows by the check.
			if _, err := other.CreateGame(context.Background(), validate.MustRules(validate.Game5050, nil), []string{"Cara", "Dora"}); err != nil {
				t.Fatal(err)
			}
			h.poke()
			h.see(cont + " · Cara")
			if strings.Contains(h.screen(), "Anna") {
				t.Fatalf("the gone game is still listed:\n%s", h.screen())
			}
		})
	}
}

// Under the gone dialog the message line says an entry was not taken only
// when there was one: found by the check, or met by the coach key with
// nothing typed, it said "NOT TAKEN" of nothing. A throw typed is named
// not taken.
func TestGoneSaysNotTakenOnlyOfAnEntry(t *testing.T) {
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			wd := wordsOf(lang)
			notTaken := wd.Tr("NOT TAKEN", "NICHT ÜBERNOMMEN")
			gone := wd.Tr("This game is no longer in the database:", "Dieses Spiel ist nicht mehr in der Datenbank:")
			for _, how := range []string{"check", "coach"} {
				h, _, other, backup, _ := restoreSetup(t, lang)
				h.typ("1")
				h.see(wd.Tr("turn: Anna", "am Zug: Anna"))
				if err := other.Restore(context.Background(), backup, nil); err != nil {
					t.Fatal(err)
				}
				if how == "check" {
					h.poke()
				} else {
					h.typ("*")
				}
				h.see(gone)
				h.notSee(notTaken)
				h.stop()
			}
			h, _, other, backup, _ := restoreSetup(t, lang)
			h.typ("1")
			if err := other.Restore(context.Background(), backup, nil); err != nil {
				t.Fatal(err)
			}
			h.typ("155/15\n")
			h.see(gone, notTaken)
		})
	}
}

// countRevisions is the store counting how often the game's revision is
// read.
type countRevisions struct {
	*storage.DB
	n atomic.Int32
}

func (c *countRevisions) Revision(ctx context.Context, id string) (storage.Revision, error) {
	c.n.Add(1)
	return c.DB.Revision(ctx, id)
}

// An idle game screen reads nothing: the revision is read only when the
// store's data version moved (before, every check of the watch read it),
// and a change made elsewhere still shows at the next check.
func TestIdleGameScreenReadsNoRevision(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	sg, err := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	store := &countRevisions{DB: db}
	h := startWith(t, db, Config{Store: store, Lang: validate.English, Watch: time.Hour})
	h.typ("1")
	h.see("turn: Anna")
	for range 4 {
		h.poke()
	}
	if n := store.n.Load(); n > 1 {
		t.Fatalf("4 checks of an idle game read its revision %d times, want at most once", n)
	}
	before := store.n.Load()
	other, err := storage.Open(db.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	osg, err := other.LoadGame(ctx, sg.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := other.Append(ctx, osg, entryThrow([]int{1, 1, 1, 2, 3, 4}, []int{1, 1, 1})); err != nil {
		t.Fatal(err)
	}
	h.poke()
	h.see("Changed elsewhere")
	if store.n.Load() != before+1 {
		t.Fatalf("the check after a change read the revision %d times, want once", store.n.Load()-before)
	}
	h.poke()
	h.poke()
	if store.n.Load() != before+1 {
		t.Fatalf("idle again, the checks read the revision %d more times", store.n.Load()-before-1)
	}
}

// overSetup stores a 5050 game up to its last entry, opens it on screen
// (lang) and types that entry (Bob busts), which ends the game; none is a
// backup made before the game, running one made before its last entry.
func overSetup(t *testing.T, lang validate.Lang) (h *harness, other *storage.DB, none, running string) {
	t.Helper()
	ctx := context.Background()
	db := openDB(t)
	none = filepath.Join(t.TempDir(), "none.db")
	running = filepath.Join(t.TempDir(), "running.db")
	if err := db.Backup(ctx, none); err != nil {
		t.Fatal(err)
	}
	sg, err := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	entries := []scoresheet.Entry{
		entryThrow([]int{1, 1, 1, 5, 5, 5}, []int{1, 1, 1, 5, 5, 5}), entryThrow([]int{1, 1, 1, 6, 6, 6}, []int{1, 1, 1, 6, 6, 6}), entryStop(),
		entryThrow([]int{2, 3, 4, 6, 2, 3}, []int{}),
		entryThrow([]int{1, 1, 1, 5, 5, 5}, []int{1, 1, 1, 5, 5, 5}), entryThrow([]int{1, 1, 1, 6, 6, 6}, []int{1, 1, 1, 6, 6, 6}), entryStop(),
	}
	for _, e := range entries {
		if err := db.Append(ctx, sg, e); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Backup(ctx, running); err != nil {
		t.Fatal(err)
	}
	h = startWith(t, db, Config{Lang: lang, Watch: time.Hour})
	h.typ("1")
	h.typ("234623\n")
	wd := wordsOf(lang)
	h.see(wd.Tr("Game over", "Spiel zu Ende"))
	other, err = storage.Open(db.Path())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	return h, other, none, running
}

// The game-over screen, and the review opened from it, notice that a
// restore took the game out of the database or put back an older state
// of it: a dialog says what happened, and Enter goes home. Before, they
// went on showing a game the database no longer had.
func TestGameOverNoticesRestore(t *testing.T) {
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		for _, c := range []struct {
			name, backup string
			review       bool
			want         [][2]string
		}{
			{"gone", "none", false, [][2]string{{"This game is no longer in the database:", "Dieses Spiel ist nicht mehr in der Datenbank:"},
				{"the finished game as shown here (8 entries)", "das beendete Spiel, wie es hier steht (8 Einträge)"}}},
			{"gone under the review", "none", true, [][2]string{{"This game is no longer in the database:", "Dieses Spiel ist nicht mehr in der Datenbank:"}}},
			{"older", "running", false, [][2]string{{"This game was changed elsewhere:", "Dieses Spiel wurde anderswo geändert:"},
				{"Shown here: 8 entries; in the database it has 7 now", "Hier gezeigt: 8 Einträge; in der Datenbank hat es jetzt 7"},
				{"is not over:", "ist nicht"}, {"Bob's turn.", "Bob ist am Zug."}}},
			{"older under the review", "running", true, [][2]string{{"This game was changed elsewhere:", "Dieses Spiel wurde anderswo geändert:"}}},
		} {
			t.Run(fmt.Sprint(lang, " ", c.name), func(t *testing.T) {
				wd := wordsOf(lang)
				h, other, none, running := overSetup(t, lang)
				if c.review {
					h.typ("a")
					h.see(wd.Tr("Review: skill and luck", "Auswertung: Können und Glück"))
				}
				h.poke() // nothing changed: no dialog
				h.notSee(wd.Tr("Enter: back to the home screen", "Enter: zurück zum Startbildschirm"))
				backup := map[string]string{"none": none, "running": running}[c.backup]
				if err := other.Restore(context.Background(), backup, nil); err != nil {
					t.Fatal(err)
				}
				h.poke()
				for _, w := range c.want {
					h.see(wd.Tr(w[0], w[1]))
				}
				h.see(wd.Tr("Enter: back to the home screen", "Enter: zurück zum Startbildschirm"))
				h.key(tcell.KeyEnter)
				h.see(wd.Tr("New game", "Neues Spiel"))
				if c.backup == "running" {
					h.see(wd.Tr("Continue:", "Weiterspielen:"))
				}
			})
		}
	}
}
