package tui

import (
	"testing"

	"github.com/gdamore/tcell/v2"
)

// While a house rule's number is typed (Ziel), the keys under it still
// were the table's ("Leertaste ändern · l Vorlage laden · p Vorlage
// speichern"), which type into the field then. They are the field's now:
// Enter takes the value, Esc cancels; also after a refusal.
func TestOptionEditHintNamesEnterEsc(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n3")
	h.see("Hausregeln", "Leertaste ändern")
	h.key(tcell.KeyDown) // Ziel
	h.typ(" ")
	h.see("Ziel: 10000", "Enter Wert übernehmen · Esc abbrechen")
	h.notSee("Vorlage laden")
	h.typ("7\n") // 100007: no multiple of 50
	h.see("Ziel: 100007", "Enter Wert übernehmen · Esc abbrechen")
	h.key(tcell.KeyEscape)
	h.see("Leertaste ändern · l Vorlage laden")
	h.typ("p")
	h.see("Name der Vorlage:", "Enter speichern · Esc abbrechen")
}

// l without a saved preset said so in place of the details and the keys,
// which were gone until the next key; they stay under the message now, as
// under a refused value.
func TestLoadPresetNoneKeepsKeys(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n3")
	h.typ("l")
	h.see("Für dieses Spiel ist noch keine Vorlage gespeichert (p speichert eine).", "Würfel (wuerfel)", "Tab Spieler")
	h.key(tcell.KeyDown)
	h.typ(" 7\n") // Ziel 100007: refused
	h.see("Vielfaches", "Ziel (ziel)", "Enter Wert übernehmen")
}
