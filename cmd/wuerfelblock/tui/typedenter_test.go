package tui

import (
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// While dice were typed at a keep prompt the hint line still said what
// Enter does on an empty input ("Enter höchste (a)", "Enter 66 (Rat)"),
// but Enter takes the dice typed. The hint line says that now.
func TestEnterHintNamesTypedKeep(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111523\n")
	h.see("Enter höchste (a)")
	h.typ("11")
	h.see("Enter 1 1 nehmen")
	h.notSee("höchste (a)")
	h.typ("\n")
	h.see("zur Seite 1 1 (200)")
	if es := h.stored().Game.Entries(); len(es) != 1 || validate.FormatDice(es[0].Keep) != "1 1" {
		t.Fatalf("stored %+v, want the typed keep 1 1", es)
	}
}

// Kniffel at Rat: Enter names the advised hold on an empty input and the
// typed hold once dice are typed (Esc clears them: the advice again).
func TestKniffelEnterHintNamesTypedHold(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.typ("t66231\n")
	h.typ("*") // Rat
	waitCoach(t, false)
	h.see("Enter 66 (Rat)")
	h.typ("2")
	h.see("Enter 2 nehmen")
	h.notSee("66 (Rat)")
	h.typ("3")
	h.see("Enter 2 3 nehmen")
	h.key(tcell.KeyEscape) // cleared: Enter is the advice again
	h.see("Enter 66 (Rat)")
	h.typ("23\n")
	h.see("Behalten: 2 3")
}
