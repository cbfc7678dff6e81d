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
	h.see("Rat", "Chancen", "(Vorgabe Chancen)")
	h.key(tcell.KeyDown)
	h.see("Rat: was die Zuganzeige")
	h.typ(" ") // Chancen → Rat
	h.see("* Rat")
	h.key(tcell.KeyTab)
	h.typ("Anna\nBen\n\n")
	h.see("am Zug: Anna")
	if got := h.stored().Coach; got != storage.CoachAdvice {
		t.Fatalf("stored coach level %q, want %q", got, storage.CoachAdvice)
	}
	h.typ("*")
	h.see("Rat: aus")
	if got := h.stored().Coach; got != storage.CoachOff {
		t.Fatalf("after * the stored coach level is %q, want %q", got, storage.CoachOff)
	}
	h.typ("*")
	h.see("Rat: Chancen")
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
