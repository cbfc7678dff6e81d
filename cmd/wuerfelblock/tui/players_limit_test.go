package tui

import (
	"fmt"
	"testing"

	"github.com/gdamore/tcell/v2"
)

// Issue 19.7: the app refuses a 21st player as judge and import do, with
// the limit named; the players chosen stay, and no game is stored.
func TestNewGamePlayersLimited(t *testing.T) {
	db := openDB(t)
	h := start(t, db)
	defer h.stop()
	h.typ("n1")
	h.see("Hausregeln")
	h.key(tcell.KeyTab)
	for i := 1; i <= 21; i++ {
		h.typ(fmt.Sprintf("P%d\n", i))
	}
	h.typ("\n") // empty name: start
	h.see("höchstens 20 Spieler, nicht 21")
	if gs := h.games(""); len(gs) != 0 {
		t.Fatalf("%d games stored", len(gs))
	}
	h.see("P21")
}
