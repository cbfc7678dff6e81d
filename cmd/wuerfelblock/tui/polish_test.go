package tui

import (
	"testing"
)

// At the start of a turn nothing is counted yet: the panel does not say
// "Zug 0 · Durchgang 0" (read as "turn 0, pass 0"), neither before the
// throw nor while it waits for its keep; once dice are aside it says the
// turn's and the pass's points.
func TestTurnStartShowsNoZeroCounts(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.see("6 Würfel werfen und eintippen")
	h.notSee("Zug 0")
	h.notSee("Durchgang 0")
	h.typ("115234\n")
	h.see("was kommt zur Seite?")
	h.notSee("Zug 0")
	h.typ("a")
	h.see("Zug 250 · Durchgang 250 · 3 Würfel im Becher")
	h.typ("155\na")
	h.see("Zug 450 · neuer Durchgang 0")
	h.typ("s")
	h.see("am Zug: Bob", "6 Würfel werfen und eintippen")
	h.notSee("Zug 0")
}
