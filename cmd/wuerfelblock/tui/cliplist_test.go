package tui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The games' summaries in the new-game list and the rules list at 60×20
// were cut inside a word ("1500er bestä…", "viele Ha…"); they end after a
// whole word now.
func TestGameSummariesCutAfterWholeWords(t *testing.T) {
	h := start(t, openDB(t))
	h.resize(60, 20)
	for _, keys := range []string{"n", "r"} {
		h.typ(keys)
		h.see("Dreißig tot")
		cut := 0
		for _, l := range strings.Split(h.screen(), "\n") {
			head, _, ok := strings.Cut(strings.Trim(l, "║│ "), "…")
			if !ok {
				continue
			}
			cut++
			whole := false
			for _, g := range validate.Games() {
				sum := g.Summary(validate.German)
				if rest, found := strings.CutPrefix(sum, head); found && (rest == "" || strings.ContainsAny(rest[:1], " ;,")) {
					whole = true
				}
			}
			if !whole {
				t.Fatalf("%s: %q is cut inside a word:\n%s", keys, head, h.screen())
			}
		}
		if cut == 0 {
			t.Fatalf("%s: no summary cut at 60 columns (not the case of this test):\n%s", keys, h.screen())
		}
		h.key(tcell.KeyEscape)
	}
}
