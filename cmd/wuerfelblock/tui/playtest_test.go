package tui

import (
	"strings"
	"testing"
)

// fiveOFiftyToEnd plays a 5050 game of two to its end: Anna banks 2000
// three times, Ben busts every turn (also in the final round).
func fiveOFiftyToEnd(h *harness) {
	h.t.Helper()
	h.newGame('1', "Anna", "Ben")
	for i := 0; i < 3; i++ {
		h.typ("111111/111111\n")
		h.typ("s")
		h.typ("223466\n") // Ben: nothing scores
	}
	h.see("Spiel zu Ende", "Gewonnen hat: Anna")
}

// The keys under the game's end never break inside a key: "u / Ctrl-Z"
// was wrapped after its hyphen ("Ctrl-" at a line's end, "Z" on the next)
// at 80 columns in German.
func TestGameOverKeyNotBrokenAtHyphen(t *testing.T) {
	h := start(t, openDB(t))
	fiveOFiftyToEnd(h)
	h.see("u / Ctrl-Z letzten Eintrag")
	for _, line := range strings.Split(h.screen(), "\n") {
		if strings.HasSuffix(strings.TrimRight(line, " \u00a0"), "Ctrl-") {
			t.Fatalf("a key broken at its hyphen:\n%s", h.screen())
		}
	}
}
