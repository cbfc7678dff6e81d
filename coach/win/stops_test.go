package win

import (
	"errors"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// A stop above the previous result (steigerung) has no win table, whether
// the house rule or the game's own definition says it (validate.Stops, a
// made-up game here): the table's state does not hold the previous result.
func TestNoTableWhereAStopMustBeatThePrevious(t *testing.T) {
	t.Cleanup(validate.AddMadeUpGame(validate.MadeUpGame{
		Info: validate.GameInfo{ID: "steigtausend", NameEN: "steigtausend", NameDE: "steigtausend", SummaryE: "made up", SummaryD: "ausgedacht"},
		Like: validate.GameZehntausend, Vary: func(v *validate.Variant) { v.Stops.AbovePrevious = true },
	}))
	t.Cleanup(validate.AddMadeUpGame(validate.MadeUpGame{
		Info: validate.GameInfo{ID: "gleichtausend", NameEN: "gleichtausend", NameDE: "gleichtausend", SummaryE: "made up", SummaryD: "ausgedacht"},
		Like: validate.GameZehntausend,
	}))
	for _, c := range []struct {
		rules       *validate.Rules
		unsupported bool
	}{
		{validate.MustRules(validate.GameZehntausend, map[string]any{"steigerung": true}), true},
		{validate.MustRules("steigtausend", nil), true},
		{validate.MustRules("gleichtausend", nil), false},
	} {
		_, err := New(c.rules)
		var u *Unsupported
		if errors.As(err, &u) != c.unsupported || !c.unsupported && err != nil {
			t.Errorf("%s %+v: %v, want unsupported %v", c.rules.Game, c.rules.Options, err, c.unsupported)
		}
	}
}
