package tui

import (
	"strings"
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

// A throw typed with its keep after / kept the empty input's Enter hint
// ("Enter höchste (a)" at the keep prompt, "111523 Enter Wurf" at the
// throw prompt), and the hint line named keys (a–h, u) that are commands
// only on an empty input. It says what Enter does with the text now:
// at the keep prompt the typed throw replaces the waiting one.
func TestEnterHintNamesTypedThrowWithSlash(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("1115")
	h.see("Enter Wurf 1 1 1 5 · Esc löschen")
	h.notSee("111523 Enter")
	h.notSee("u zurück")
	h.typ("23/111")
	h.see("Enter Wurf 1 1 1 5 2 3, 1 1 1 zur Seite")
	h.key(tcell.KeyEscape)
	h.typ("111523\n")
	h.see("Enter höchste (a)")
	h.typ("555226/555")
	h.see("Enter neuer Wurf 5 5 5 2 2 6, 5 5 5 zur Seite")
	h.notSee("höchste (a)")
	h.notSee("a–h nehmen")
	h.typ("\n")
	h.see("zur Seite 5 5 5 (500)")
	if es := h.stored().Game.Entries(); len(es) != 1 || validate.FormatDice(es[0].Roll) != "5 5 5 2 2 6" {
		t.Fatalf("stored %+v, want the typed throw 5 5 5 2 2 6", es)
	}
}

// Kniffel and Dreißig tot: "ROLL/KEEP" at the hold prompt was refused
// ("„/“ an Stelle 3 ist kein Würfel") while the hint still offered the
// empty input's Enter; now the typed throw replaces the waiting one, as in
// the Zehntausend family, and the hint says so. Where / has no place
// (Totwürfeln) the hint says Enter refuses it.
func TestEnterHintTypedSlashKniffelAndTot(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.typ("t66231\n")
	h.typ("12345/1234")
	h.see("Enter neuer Wurf 1 2 3 4 5, 1 2 3 4 behalten · Esc löschen")
	// Too wide for the one row the sheet leaves: leave and help give way,
	// whole (the row ended in "· ? Hilfe ·", q cut off).
	rows := strings.Split(strings.TrimRight(h.screen(), "\n"), "\n")
	if last := strings.TrimRight(rows[len(rows)-1], " \u00a0"); strings.HasSuffix(last, "·") {
		t.Fatalf("the hint line is cut after a key:\n%s", h.screen())
	}
	h.typ("\n")
	h.see("Behalten: 1 2 3 4")
	if es := h.stored().Game.Entries(); len(es) != 1 || validate.FormatDice(es[0].Roll) != "1 2 3 4 5" {
		t.Fatalf("stored %+v, want the typed throw 1 2 3 4 5", es)
	}

	h = start(t, openDB(t))
	h.newGame('7', "Anna", "Bob")
	h.typ("654321\n")
	h.typ("66")
	h.see("Enter 6 6 zur Seite")
	h.key(tcell.KeyEscape)
	h.typ("666111/666")
	h.see("Enter neuer Wurf 6 6 6 1 1 1, 6 6 6 zur Seite")
	h.typ("\n")
	if es := h.stored().Game.Entries(); len(es) != 1 || validate.FormatDice(es[0].Keep) != "6 6 6" {
		t.Fatalf("stored %+v, want the typed throw's keep 6 6 6", es)
	}

	h = start(t, openDB(t))
	h.newGame('6', "Anna", "Bob")
	h.typ("42/")
	h.see("Enter abgelehnt: nur der Wurf, hier kein /")
}
