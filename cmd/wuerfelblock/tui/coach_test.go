package tui

import (
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/storage"
)

// The coach level is chosen in the house-rules step, stored with the game,
// switched with * during play (stored again) and kept by a rematch.
func TestCoachLevelChosenStoredAndSwitched(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n1") // 5050: its one house rule (wuerfel), then the coach row
	h.see("Trainer", "Chancen", "(Vorgabe Chancen)")
	h.key(tcell.KeyDown)
	h.see("Trainer: was die Zuganzeige")
	h.typ(" ") // Chancen → Rat
	h.see("* Trainer", "Rat")
	h.key(tcell.KeyTab)
	h.typ("Anna\nBen\n\n")
	h.see("am Zug: Anna")
	if got := h.stored().Coach; got != storage.CoachAdvice {
		t.Fatalf("stored coach level %q, want %q", got, storage.CoachAdvice)
	}
	h.typ("*")
	h.see("Trainer: aus")
	if got := h.stored().Coach; got != storage.CoachOff {
		t.Fatalf("after * the stored coach level is %q, want %q", got, storage.CoachOff)
	}
	h.typ("*")
	h.see("Trainer: Chancen")
	if got := h.stored().Coach; got != storage.CoachOdds {
		t.Fatalf("after ** the stored coach level is %q, want %q", got, storage.CoachOdds)
	}
}

// Games without a coach have no coach row, and * says so.
func TestNoCoachRowForTotwuerfeln(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n6")
	h.see("Totwürfeln: Hausregeln")
	h.notSee("(Vorgabe Chancen)")
}

// The feature is the "Trainer" in German, its level "Rat" the advice: the
// screen said "Rat: Rat (* schaltet um)" and help "Rat: aus, Chancen, Rat".
func TestCoachFeatureNamedTrainer(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Ben")
	h.typ("?")
	h.see("Trainer: aus, Chancen, Rat (jetzt: Chancen)", "Der Trainer (* schaltet aus/Chancen/Rat)")
	h.notSee("Rat: aus")
	h.notSee("Der Rat")
	h.key(tcell.KeyEscape)
	h.typ("*")
	h.see("Trainer: Rat (* schaltet um)")
	h.notSee("Rat: Rat")
}
