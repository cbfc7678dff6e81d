package tui

import (
	"fmt"
	"testing"

	"github.com/gdamore/tcell/v2"
)

// A whole throw typed at the keep prompt ("ROLL/KEEP") replaces the throw
// waiting for its keep, but one the rules refuse (here 3 dice where 5 are
// to be thrown) leaves the waiting throw where it was, its keeps offered
// again: nothing typed before is lost. Before, the refusal dropped it.
func TestRefusedThrowAtKeepPromptKeepsTheWaitingThrow(t *testing.T) {
	h := start(t, openDB(t))
	h.newZiel(1000, "Anna", "Ben")
	h.typ("11152\n")
	h.see("Wurf 1 1 1 5 2: was kommt zur Seite?")
	h.typ("111/111\n")
	h.see("NICHT ÜBERNOMMEN", "Wurf 1 1 1 5 2: was kommt zur Seite?")
	// The refused text stays on the line to correct; cleared, the keep
	// letters take the waiting throw.
	h.key(tcell.KeyCtrlU)
	h.typ("a")
	h.see("Übernommen")
	g := h.ui.top().(*play).game()
	if e := g.Entries()[0]; fmt.Sprint(e.Roll) != "[1 1 1 5 2]" {
		t.Fatalf("entry %+v:\n%s", e, h.screen())
	}
}

// The same in Kniffel (a hold) and Dreißig tot (the dice aside): a whole
// throw typed at the prompt and refused leaves the waiting throw.
func TestRefusedThrowAtHoldPromptKeepsTheWaitingThrow(t *testing.T) {
	for _, c := range []struct {
		game       rune
		throw, bad string
		want       string
	}{
		{'5', "t12345\n", "123/12\n", "[1 2 3 4 5]"}, // t: this turn throw by throw
		{'7', "645321\n", "65/6\n", "[6 4 5 3 2 1]"},
	} {
		t.Run(string(c.game), func(t *testing.T) {
			h := start(t, openDB(t))
			h.newGame(c.game, "Anna", "Ben")
			h.typ(c.throw)
			h.see("Wurf")
			h.typ(c.bad)
			h.see("NICHT ÜBERNOMMEN")
			var got []int
			h.onUI(func() { got = h.ui.top().(*play).view.typedThrow() })
			if fmt.Sprint(got) != c.want {
				t.Fatalf("waiting throw %v, want %s:\n%s", got, c.want, h.screen())
			}
		})
	}
}
