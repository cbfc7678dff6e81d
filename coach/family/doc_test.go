package family

import (
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The thresholds table of docs/COACH.md says what the solver says.
func TestThresholdsTableInDocs(t *testing.T) {
	data, err := os.ReadFile("../../docs/COACH.md")
	if err != nil {
		t.Fatal(err)
	}
	sets := map[string]struct {
		rs  ruleSet
		ctx validate.TurnContext
	}{
		"`5050`":               {ruleSet{validate.Game5050, nil}, validate.TurnContext{}},
		"`5000` (entered)":     {ruleSet{validate.Game5000, nil}, validate.TurnContext{Entered: true}},
		"`5000 --not-entered`": {ruleSet{validate.Game5000, nil}, validate.TurnContext{}},
		"`zehntausend` (defaults: 5 dice, `beweisen`)": {ruleSet{validate.GameZehntausend, nil}, validate.TurnContext{}},
		"`zehntausend --option beweisen=false`":        {ruleSet{validate.GameZehntausend, map[string]any{"beweisen": false}}, validate.TurnContext{}},
		"`zehntausend --option wuerfel=6`":             {ruleSet{validate.GameZehntausend, map[string]any{"wuerfel": 6}}, validate.TurnContext{}},
	}
	seen := 0
	for _, line := range strings.Split(string(data), "\n") {
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 8 {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		c, ok := sets[cells[0]]
		if !ok {
			continue
		}
		seen++
		tb := c.rs.solver(t).Table(c.ctx)
		if v, err := strconv.ParseFloat(cells[1], 64); err != nil || math.Abs(v-tb.TurnValue()) > 0.005 {
			t.Errorf("%s: turn value %s in the docs, %.2f by the solver", cells[0], cells[1], tb.TurnValue())
		}
		for n := 1; n <= 6; n++ {
			want := ""
			if n <= c.rs.rules(t).Dice() {
				want = "–"
				if p, ok := tb.StopAt(n); ok {
					want = strconv.Itoa(p)
				}
			}
			if cells[1+n] != want {
				t.Errorf("%s, %d dice: %q in the docs, %q by the solver", cells[0], n, cells[1+n], want)
			}
		}
	}
	if seen != len(sets) {
		t.Errorf("the docs table has %d of the %d rule sets", seen, len(sets))
	}
}
