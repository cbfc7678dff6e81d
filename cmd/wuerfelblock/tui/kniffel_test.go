package tui

import (
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// kniffelPlan is one player's 13 turns (final dice and box letter) earning
// both bonuses: upper sum 75 (+35) and a second Kniffel (+100).
var kniffelPlan = []struct{ dice, box string }{
	{"66666", "l"}, // Kniffel 50
	{"66666", "f"}, // Sechser 30, Kniffel bonus 100
	{"11123", "a"}, // 3
	{"22234", "b"}, // 6
	{"33345", "c"}, // 9
	{"44456", "d"}, // 12
	{"55561", "e"}, // 15
	{"33312", "g"}, // Dreierpasch 12
	{"44441", "h"}, // Viererpasch 17
	{"22333", "i"}, // Full House 25
	{"12346", "j"}, // Kleine Straße 30
	{"12345", "k"}, // Große Straße 40
	{"66655", "m"}, // Chance 28
}

// Four players play Kniffel to the end with quick entry: the final dice,
// then the box chosen by its letter (or the arrows) and confirmed.
func TestKniffelFourPlayers(t *testing.T) {
	h := start(t, openDB(t))
	players := []string{"Anna", "Bob", "Cleo", "Dora"}
	h.newGame('5', players...)
	h.see("Endwürfel:", "a Einser", "Summe oben", "Bonus (ab 63)", "(63)", "Oben: noch 63 bis zum Bonus.")
	for round, step := range kniffelPlan {
		for seat := range players {
			dice, box := step.dice, step.box
			if seat == 3 && round == 12 {
				dice = "11112" // Dora's Chance is only 6
			}
			h.typ(dice + "\n")
			if round == 9 && seat == 0 {
				// Every free box previews its score; the best is preselected.
				h.see("▸25", "Full House 25", "Enter trägt ein")
			}
			if round == 0 && seat == 0 {
				// The arrows move the cursor over the free boxes.
				h.key(tcell.KeyDown)
				h.see("▸ Chance 30")
				h.key(tcell.KeyUp)
				h.see("▸ Kniffel 50")
			}
			h.typ(box + "\n")
		}
		if round == 1 {
			h.see("Kniffel-Bonus")
		}
	}
	h.see("Spiel zu Ende", "Gewonnen haben: Anna, Bob, Cleo", "412", "390")
	sg := h.stored()
	if sg.Status != storage.Finished {
		t.Fatalf("status %q", sg.Status)
	}
	totals(t, sg, 412, 412, 412, 390)
	for seat := range players {
		up, kb := sg.Game.KniffelBonuses(seat)
		if up != 35 || kb != 100 {
			t.Fatalf("seat %d bonuses %d/%d, want 35/100", seat, up, kb)
		}
	}
	// b shows the finished sheet: every box, both bonuses, the totals.
	h.typ("b")
	h.see("Das fertige Blatt", "Summe oben", "Kniffel-Bonus", "Gesamt", "Dora", "390")
	h.typ("q")
	h.see("Spiel zu Ende")
}

// Throw by throw: keep dice between throws, then write the box.
func TestKniffelThrowByThrow(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.typ("t")
	h.see("Wurf für Wurf", "Wurf 1 (5 Würfel):")
	h.typ("66123\n")
	h.see("Wurf 1 von 3", "Würfel: 1 2 3 6 6")
	h.typ("66\n")
	h.see("Behalten: 6 6", "Wurf 2 (3 Würfel):", "Übernommen: Wurf 6 6 1 2 3, behalten 6 6")
	h.typ("664/666\n") // throw and keep at once
	h.typ("12\n")
	h.see("Wurf 3: 1 2. Der letzte Wurf: Feld wählen.")
	h.see("Wurf 3 von 3", "Würfel: 1 2 6 6 6")
	h.typ("66\n") // nothing can be kept after the third throw
	h.see("NICHT ÜBERNOMMEN")
	h.refused(validate.CodeKniffelKeepLast)
	h.key(tcell.KeyBackspace2)
	h.key(tcell.KeyBackspace2)
	h.typ("f\n")
	h.see("Anna: Sechser 18")
	sg := h.stored()
	if sg.Game.Len() != 4 {
		t.Fatalf("stored entries %d, want 3 throws and a box", sg.Game.Len())
	}
}

// Seven players fit the Kniffel sheet at 80 columns: names are shortened,
// no player's column is cut off, and the turn panel stays beside it.
func TestKniffelSevenPlayersFit(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Annegret", "Bartholomäus", "Cem", "Dörte", "Eberhard", "Friederike", "Gustav")
	h.see("Ann…", "Bar…", "Cem", "Dör…", "Ebe…", "Fri…", "Gus…", "Die 5 Würfel eintippen")
	x, _ := h.find("Gus…")
	if x+4 > 80-kniffelPanelMin {
		t.Fatalf("the last column ends at %d, in the turn panel:\n%s", x+4, h.screen())
	}
	// Two players keep their whole names.
	h2 := start(t, openDB(t))
	h2.newGame('5', "Annegret", "Bartholomäus")
	h2.see("Annegret", "Bartholo…")
}

// A game left with the dice in comes back with the best box chosen, as it
// was before leaving: Enter writes it.
func TestKniffelResumeWithDiceIn(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.typ("66666\n")
	h.see("▸ Kniffel 50")
	h.typ("q")
	h.key(tcell.KeyRight)
	h.key(tcell.KeyEnter)
	h.see("Weiterspielen: Kniffel")
	h.typ("1")
	h.see("am Zug: Anna", "▸ Kniffel 50", "Enter trägt ein")
	h.typ("\n")
	h.see("Anna: Kniffel 50")
}

// The Kniffel sheet is never cut at 80×24, whatever the hint line says:
// Gesamt stays on screen, and so do help and leave.
func TestKniffelSheetNotCutByHints(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.see("Gesamt", "? Hilfe", "q verlassen")
	h.typ("t")
	h.see("Wurf für Wurf", "Gesamt", "? Hilfe", "q verlassen")
	h.typ("12345\n")
	h.see("Zu behaltende Würfel", "Gesamt", "? Hilfe", "q verlassen")
	h.typ("1234\n")
	h.see("Wurf 2 (1 Würfel)", "Gesamt", "? Hilfe", "q verlassen")
}

// Keeping all five dice throw by throw stands on them: the boxes are
// offered at once, not a throw of 0 dice.
func TestKniffelKeepAllFive(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.typ("t")
	h.typ("12345\n")
	h.typ("12345\n")
	h.see("Feld (a–m, ↑↓, Enter):", "▸ Große Straße 40")
	h.notSee("0 Würfel")
	h.typ("\n")
	h.see("Anna: Große Straße 40")
}

// At 60×20 the turn panel keeps its "Eingabe:" line (the entry mode, with
// t the other one) in every state of a turn, the coach at Rat included.
func TestKniffelEntryLineAt60x20(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Ben")
	h.resize(60, 20)
	h.typ("*")
	h.see("Trainer: Rat")
	waitCoach(t, false)
	for _, step := range []string{"t", "66612\n", "66\n", "345\n", "3456\n", "1\n", "m\n", "t", "12345\n", "s", "t", "11111\n"} {
		h.typ(step)
		h.see("Eingabe:")
	}
}

// Undoing the last throw of a Kniffel turn leaves its dice for a box: the
// message says so ("Taken back" alone, beside the same dice, read as if
// nothing happened), and Esc corrects the throw.
func TestKniffelUndoLastThrowSaysBoxAgain(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Ben")
	h.typ("t66231\n66\n645\n666\n61\n")
	h.see("Der letzte Wurf: Feld wählen.")
	h.typ("f\n")
	h.see("Anna: Sechser 24")
	h.typ("u")
	h.see("Zurückgenommen: Feld Sechser")
	h.typ("u")
	h.see("Zurückgenommen: Wurf 6 1 (Anna). Feld neu wählen; Esc korrigiert den Wurf.", "Würfel: 1 6 6 6 6")
	h.key(tcell.KeyEscape)
	h.see("Wurf 3 (2 Würfel): 61") // the throw back in the input, to correct
	h.key(tcell.KeyBackspace2)
	h.key(tcell.KeyBackspace2)
	h.typ("66\n")
	h.see("Würfel: 6 6 6 6 6")
}
