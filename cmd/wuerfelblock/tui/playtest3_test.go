package tui

import (
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The empty players list says what to do in full at 80 and 60 columns: it
// was cut to "Noch niemand: unten einen Namen tippe…" at 80.
func TestPlayersEmptyHintWhole(t *testing.T) {
	for _, c := range []struct {
		lang validate.Lang
		want string
	}{{validate.German, "Unten einen Namen tippen."}, {validate.English, "Type a name below."}} {
		for _, w := range []int{80, 60} {
			h := startLang(t, openDB(t), c.lang)
			h.resize(w, 20)
			h.typ("n1")
			h.key(tcell.KeyTab)
			h.see(c.want)
			h.notSee("…")
			h.stop()
		}
	}
}
