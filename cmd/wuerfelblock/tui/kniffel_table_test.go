package tui

import (
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// kinds are the kinds of the stored entries, with their keeps
// ("throw[6 6]", "throw[]" no keep, "score", "dice").
func kinds(h *harness) []string {
	h.t.Helper()
	var out []string
	for _, e := range h.stored().Game.Entries() {
		s := string(e.Kind)
		if e.Kind == scoresheet.EntryThrow {
			s += "[" + validate.FormatDice(e.Keep) + "]"
		}
		out = append(out, s)
	}
	return out
}

func wantKinds(t *testing.T, h *harness, want ...string) {
	t.Helper()
	got := kinds(h)
	if len(got) != len(want) {
		t.Fatalf("stored %v, want %v; screen:\n%s", got, want, h.screen())
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("stored %v, want %v; screen:\n%s", got, want, h.screen())
		}
	}
}

// Issue 20.1: throw by throw, Enter after a throw with throws left never
// writes a box: without advice it asks for the hold, at Rat it takes the
// advised hold; the box before the last throw is s (a stand: all five
// held). "Bestes Feld" says it means standing now.
func TestKniffelEnterNeverWritesEarly(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.typ("t66231\n")
	h.see("behalten (Würfel) oder s (stehen lassen):", "s trägt jetzt ein (stehen lassen).")
	h.notSee("Enter trägt ein")
	h.typ("\n")
	h.see("Zu behaltende Würfel tippen und Enter (n: keine); s lässt stehen und trägt ein.")
	wantKinds(t, h) // nothing stored, the throw still waits for its hold

	h.typ("*") // Rat
	h.see("Trainer: Rat")
	waitCoach(t, false)
	h.see("Rat: 66 behalten", "Bestes Feld, wenn du jetzt stehen lässt: Einser", "Enter 66 (Rat)")
	h.typ("\n") // the advice: hold 66
	h.see("Wurf 2 (3 Würfel):", "Behalten: 6 6")
	wantKinds(t, h, "throw[6 6]")

	// The box before the last throw: s, a stand on the five dice.
	h.typ("612\n")
	h.see("behalten (Würfel) oder s")
	h.typ("a")
	h.typ("\n") // Enter: the advised hold again, not the box a
	wantKinds(t, h, "throw[6 6]", "throw[6 6 6]")
	h.typ("66\n") // the last throw
	h.see("Der letzte Wurf: Feld wählen", "Bestes Feld: ")
	h.notSee("wenn du jetzt stehen")
	h.typ("\n") // the last throw: Enter writes the box
	h.see("am Zug: Bob")
	wantKinds(t, h, "throw[6 6]", "throw[6 6 6]", "throw[]", "score")

	h.typ("t12345")
	h.typ("\n")
	h.typ("s")
	h.see("am Zug: Anna", "Bob: Große Straße 40")
	wantKinds(t, h, "throw[6 6]", "throw[6 6 6]", "throw[]", "score", "throw[1 2 3 4 5]", "score")
}

// Issue 20.2: undoing a box written by standing early (s) brings back the
// throw waiting for its hold: the hold prompt, and a keep typed then is
// taken. Undoing a throw brings it back to hold again.
func TestKniffelUndoStandBringsBackHold(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.typ("t66231\n")
	h.typ("s")
	h.see("am Zug: Bob")
	wantKinds(t, h, "throw[1 2 3 6 6]", "score")
	h.typ("u")
	h.see("am Zug: Anna", "behalten (Würfel) oder s (stehen lassen):", "Würfel: 1 2 3 6 6", "Auswahl neu treffen")
	wantKinds(t, h)
	h.typ("66\n")
	h.see("Wurf 2 (3 Würfel):", "Behalten: 6 6")
	wantKinds(t, h, "throw[6 6]")
	// u after a keep: the throw is back, its hold to be chosen again.
	h.typ("u")
	h.see("behalten (Würfel) oder s", "Würfel: 1 2 3 6 6")
	wantKinds(t, h)
	h.typ("n")
	h.see("Wurf 2 (5 Würfel):")
	wantKinds(t, h, "throw[]")
}

// Issue 20.3: the entry mode is the turn's: after Anna's turn throw by
// throw, Bob's starts with the final dice; t is on the hint line in both
// modes (also at 60×20), and t on a first throw typed throw by throw takes
// it as the final dice (quick entry: only the box is chosen).
func TestKniffelModePerTurn(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.see("Eingabe: Endwürfel", "t Wurf für Wurf")
	h.typ("t")
	h.see("Eingabe: Wurf für Wurf", "t Endwürfel")
	h.typ("12345\n12345\n\n")
	h.see("am Zug: Bob", "Eingabe: Endwürfel", "t Wurf für Wurf", "Endwürfel:")
	h.resize(60, 20)
	h.see("t Wurf für Wurf")
	h.typ("t")
	h.see("t Endwürfel")
	h.typ("25555\n")
	h.see("t Endwürfel")
	h.resize(80, 24)
	h.typ("t")
	h.see("Endwürfel: 2 5 5 5 5. Feld wählen.", "Feld (a–m, ↑↓, Enter):")
	h.typ("e\n")
	h.see("am Zug: Anna")
	es := h.stored().Game.Entries()
	if e := es[len(es)-2]; e.Kind != scoresheet.EntryDice {
		t.Fatalf("Bob's dice stored as %+v, want final dice", e)
	}
}

// Issue 20.4: at 60×20, * to Rat puts the cursor on the advised box, and
// the lines with the other holds are not cut (the panel's lesser lines
// give way).
func TestKniffelRatAt60x20(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.resize(60, 20)
	h.typ("t66231\n")
	h.see("▸ Chance 18")
	s := waitCoach(t, false)
	tn := s.Turn(validate.KniffelBoxes{})
	d := validate.CountsOf([]int{6, 6, 2, 3, 1})
	holds := tn.Holds(d, 2)
	best := tn.Boxes(d)[0].Category.Name(validate.German)
	h.typ("*")
	h.see("Trainer: Rat")
	h.see("Rat: 66 behalten", "▸ "+best, "stehen lässt: "+best)
	v := &kniffelView{text: text{validate.German}}
	for _, hv := range holds[1:3] {
		h.see("  " + v.holdName(hv.Dice, d) + " −" + de(holds[0].Expected-hv.Expected))
	}
	h.notSee("▸ Chance")
	h.key(tcell.KeyDown)
	h.see("kostet")
}
