package tui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
)

// A throw typed as "1x0": the x was dropped with "„x“ ist ein Befehl"
// though x is no key, and Totwürfeln then took "15" for "1x5". Now a
// character that is neither a die nor a command says that it is no die,
// was not typed, and what a throw is typed with; a control or format
// character is shown escaped, never raw.
func TestBadCharacterInAThrowSays(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("1x0")
	h.see("„x“ ist kein Würfel und wurde nicht übernommen: Würfel sind 1 bis 6 (111523),", "was zur Seite kommt nach / (111523/111), eine gedrehte Fünf 5*.")
	h.notSee("ist ein Befehl")
	h.typ("\n")
	h.see(`"0" an Stelle 2 ist kein Würfel: Würfel zeigen 1 bis 6`)
	if n := h.stored().Game.Len(); n != 0 {
		t.Fatalf("stored entries %d, want 0", n)
	}
	// A bad die in the keep is named at its place in what was typed, not
	// in the keep alone (it said "an Stelle 3").
	h.key(tcell.KeyEscape)
	h.typ("111523/110\n")
	h.see(`"0" an Stelle 10 ist kein Würfel`)
	h.key(tcell.KeyEscape)
	h.typ("111523/11*\n")
	h.see(`"*" an Stelle 10: nur eine 5 lässt sich in eine 1 drehen`)

	h = start(t, openDB(t))
	h.newGame('6', "Anna", "Bob")
	h.typ("1x5")
	h.see("„x“ ist kein Würfel und wurde nicht übernommen: Würfel sind 1 bis 6 (12345).")
	h.typ("\u202e")
	h.see(`'\u202e' ist kein Würfel`)
	if strings.ContainsRune(h.screen(), '\u202e') {
		t.Errorf("the format character reached the screen raw:\n%s", h.screen())
	}

	h = start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.typ("t6623x")
	h.see("„x“ ist kein Würfel und wurde nicht übernommen: Würfel sind 1 bis 6 (66231), die behaltenen nach / (66231/66).")
	h.typ("1/12*\n")
	h.see(`"*" an Stelle 9 gehört zu keinem Wurf`)
}
