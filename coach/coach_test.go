package coach

import (
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

func TestCovers(t *testing.T) {
	want := map[validate.GameID]bool{
		validate.Game5050: true, validate.Game5000: true, validate.GameZehntausend: true, validate.GameKniffel: true,
		validate.GameRueckwaerts: false, validate.GameTotwuerfeln: false, validate.GameDreissigTot: true,
	}
	for _, g := range validate.Games() {
		w, ok := want[g.ID]
		if !ok {
			t.Errorf("game %s: say whether the coach covers it", g.ID)
		}
		if Covers(g.ID) != w {
			t.Errorf("Covers(%s) = %v, want %v", g.ID, !w, w)
		}
	}
}
