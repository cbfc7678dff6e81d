package tui

import (
	"strings"
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

// What forbids a stop is a bulleted line; where it wraps, its second row
// goes on under its text, not under the bullet (as help and rules pages
// hang their lines).
func TestTurnPanelBulletHangs(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("222346\n")
	h.see("Schreiben noch nicht erlaubt:", "• schreiben erst ab 350 Punkten")
	lines := strings.Split(h.screen(), "\n")
	for y, l := range lines {
		x := strings.Index(l, "• schreiben erst ab 350")
		if x < 0 {
			continue
		}
		next := []rune(lines[y+1])
		col := len([]rune(l[:x]))
		if next[col] != ' ' || next[col+1] != ' ' || next[col+2] == ' ' {
			t.Fatalf("the bullet's second row does not hang under its text:\n%s\n%s", l, lines[y+1])
		}
		return
	}
	t.Fatalf("no wrapped bullet line:\n%s", h.screen())
}
