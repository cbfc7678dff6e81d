package tui

import (
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// At equal points Enter takes the keep players take: in 5050 the two 5s
// of a throw of two dice (hot dice: all six dice again), not one 5 turned
// into a 1 with a die left (issue 20, item 6).
func TestEqualKeepsHotDiceFirst(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111523/1115\n")
	h.see("2 Würfel im Becher")
	h.typ("55\n")
	h.see("a   5 5", "b   5 (1×5→1)")
	h.key(tcell.KeyEnter)
	h.see("neuer Durchgang mit 6 Würfeln", "Zug 1150")
}

// Where the coach is on, keeps of equal points are in the coach's order:
// after 2 2 2 in 5050, of 2 5 5 the coach takes 5 5 rather than a turned
// five; with the coach off the engine's order (fewer dice first) stays.
func TestEqualKeepsCoachOrder(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("222463/222\n")
	h.typ("255\n")
	h.see("a   5 5  100", "b   5 (1×5→1)  100")
	h.key(tcell.KeyEnter)
	h.see("Zug 300", "1 Würfel im Becher")
	h.typ("3\n") // a bust
	h.see("am Zug: Bob")
	h.typ("**") // odds → advice → off
	h.see("Trainer: aus")
	h.typ("222463/222\n")
	h.typ("255\n")
	h.see("a   5 (1×5→1)  100", "b   5 5  100")
}

// After hot dice, before the new pass's first throw, the panel shows the
// new pass at 0 (its 350 start there), not the finished pass; what blocks
// a stop is headed as a ban, not as advice (issue 20, item 5).
func TestHotDicePanelShowsNewPass(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111555/111555\n")
	h.see("Zug 1500 · neuer Durchgang 0 · 6 Würfel", "Du darfst schreiben (s)")
	h.notSee("Durchgang 1500")
	h.typ("s")
	h.typ("123456/123456\n")
	h.see("Zug 1500 · neuer Durchgang 0 · 6 Würfel", "Schreiben noch nicht erlaubt:", "• eine 1500er-Kombination muss")
	h.notSee("Weiterwürfeln:")

	h = startLang(t, openDB(t), validate.English)
	h.typ("n1")
	h.key(tcell.KeyTab)
	h.typ("Ann\nBen\n\n")
	h.typ("123456/123456\n")
	h.see("Turn 1500 · new pass 0 · 6 dice", "You may not stop yet:")
	h.notSee("Throw on:\n")
}
