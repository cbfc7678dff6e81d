package tui

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// A database file that can only be read (its directory immutable: root
// writes any other file) is said at start, in a dialog: which file, why,
// what still works and what not. The home screen's title says it after;
// a new game is refused before its players are typed (before, the form
// took them and the refusal came at its end), and a running game opened
// says at once that its entries cannot be stored. The file keeps every
// byte.
func TestReadOnlyFileSaidAtStart(t *testing.T) {
	for _, lang := range []validate.Lang{validate.English, validate.German} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			wd := wordsOf(lang)
			db, path, before := readOnlyDBWith(t, func(db *storage.DB) {
				ctx := context.Background()
				sg, err := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
				if err != nil {
					t.Fatal(err)
				}
				if err := db.Append(ctx, sg, entryThrow([]int{1, 1, 1, 2, 3, 4}, []int{1, 1, 1})); err != nil {
					t.Fatal(err)
				}
			})

			h := startLang(t, db, lang)
			h.see(wd.Tr("The database file can only be read", "Die Datenbankdatei lässt sich nur lesen"),
				wd.Tr("(operation not permitted):", "(nicht erlaubt (fehlende Rechte"), path,
				wd.Tr("Still works: looking at the running and finished games", "Das geht weiter: die laufenden und beendeten Spiele ansehen"),
				wd.Tr("Not possible: a new game, entries, players", "Das geht nicht: ein neues Spiel, Einträge, Spieler"))
			h.key(tcell.KeyEnter)
			h.see(wd.Tr("wuerfelblock · read only", "wuerfelblock · nur lesen"))
			h.typ("n")
			h.see(wd.Tr("A new game cannot be started: the database file", "Ein neues Spiel lässt sich nicht beginnen: die"))
			h.notSee(wd.Tr("house rules", "Hausregeln"))
			h.key(tcell.KeyEnter)
			h.typ("1")
			h.see(wd.Tr("turn: Anna", "am Zug: Anna"),
				wd.Tr("The database file can only be read (operation not permitted): entries cannot be stored.", "Die Datenbankdatei lässt sich nur lesen (nicht erlaubt (fehlende Rechte oder unveränderlich)): Einträge lassen sich nicht speichern."))
			h.stop()
			if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, before) {
				t.Errorf("the database file changed (%v)", err)
			}
		})
	}
}
