package tui

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"

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
				wd.Tr("the 1 entries shown here", "die 1 Einträge"),
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
