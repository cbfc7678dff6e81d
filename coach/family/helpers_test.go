package family

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// ruleSet is a rule set for tests.
type ruleSet struct {
	game validate.GameID
	opts map[string]any
}

func (rs ruleSet) String() string {
	if len(rs.opts) == 0 {
		return string(rs.game)
	}
	keys := make([]string, 0, len(rs.opts))
	for k := range rs.opts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	s := string(rs.game)
	for _, k := range keys {
		s += fmt.Sprintf(" %s=%v", k, rs.opts[k])
	}
	return s
}

func (rs ruleSet) rules(t testing.TB) *validate.Rules {
	t.Helper()
	o, err := validate.MakeOptions(rs.game, rs.opts)
	if err != nil {
		t.Fatalf("%s: %v", rs, err)
	}
	r, err := validate.NewRules(rs.game, o)
	if err != nil {
		t.Fatalf("%s: %v", rs, err)
	}
	return r
}

func (rs ruleSet) solver(t testing.TB) *Solver {
	t.Helper()
	s, err := For(rs.rules(t))
	if err != nil {
		t.Fatalf("%s: %v", rs, err)
	}
	return s
}

// basicSets are the rule sets of the thresholds table in docs/COACH.md.
var basicSets = []ruleSet{
	{validate.Game5050, nil},
	{validate.Game5000, nil},
	{validate.GameZehntausend, nil},
	{validate.GameZehntausend, map[string]any{"beweisen": false}},
	{validate.GameZehntausend, map[string]any{"wuerfel": 6}},
}

// optionSets are rule sets that exercise every house rule of zehntausend.
var optionSets = []ruleSet{
	{validate.GameZehntausend, map[string]any{"wuerfel": 6, "strasse": 1000, "drei_paare": 1000, "pyramide": 1000}},
	{validate.GameZehntausend, map[string]any{"verdoppeln": true}},
	{validate.GameZehntausend, map[string]any{"fuenfer_drehen": true}},
	{validate.GameZehntausend, map[string]any{"bestaetigen": true}},
	{validate.GameZehntausend, map[string]any{"verschaerft": true}},
	{validate.GameZehntausend, map[string]any{"minus": true}},
	{validate.GameZehntausend, map[string]any{"nix": true}},
	{validate.GameZehntausend, map[string]any{"ergaenzen": true}},
	{validate.GameZehntausend, map[string]any{"steigerung": true}},
	{validate.GameZehntausend, map[string]any{"hausbau": true}},
	{validate.GameZehntausend, map[string]any{"wuerfel": 6, "ergaenzen": true, "verdoppeln": true, "fuenfer_drehen": true, "strasse": 1250, "drei_paare": 1000, "pyramide": 1000}},
	{validate.GameZehntausend, map[string]any{"wuerfel": 6, "bestaetigen": true, "ergaenzen": true, "minus": true}},
}

// worstSet is the rule set with the largest table (see the benchmarks).
var worstSet = optionSets[10]

// randomSet draws a rule set of zehntausend with random house rules, or
// 5050 or 5000.
func randomSet(rng *rand.Rand) ruleSet {
	switch rng.IntN(6) {
	case 0:
		return ruleSet{validate.Game5050, nil}
	case 1:
		return ruleSet{validate.Game5000, nil}
	}
	o := map[string]any{}
	six := rng.IntN(2) == 0
	if six {
		o["wuerfel"] = 6
		o["strasse"] = []int{0, 1000, 1250}[rng.IntN(3)]
		o["drei_paare"] = []int{0, 1000}[rng.IntN(2)]
		o["pyramide"] = []int{0, 1000}[rng.IntN(2)]
	}
	for _, b := range []string{"verdoppeln", "fuenfer_drehen", "bestaetigen", "verschaerft", "ergaenzen", "steigerung", "hausbau", "beweisen"} {
		if rng.IntN(3) == 0 {
			o[b] = rng.IntN(2) == 0
		}
	}
	switch rng.IntN(4) {
	case 0:
		o["minus"] = true
	case 1:
		o["nix"] = true
	}
	return ruleSet{validate.GameZehntausend, o}
}

// rollDice throws n dice.
func rollDice(rng *rand.Rand, n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = 1 + rng.IntN(6)
	}
	return d
}

// stateAt is the position with n dice in the cup, nothing pending, and
// pts turn points (5050: a pass of 350 or more).
func stateAt(t *testing.T, tb *Table, n, pts int) Position {
	t.Helper()
	st := tb.s.g.ready(n)
	i, ok := tb.s.index[st]
	if !ok {
		t.Fatalf("no state %+v", st)
	}
	return Position{t: tb, pts: pts, st: i}
}

// provingAt is the position with n dice in the cup, a triple waiting for
// its proof, and pts turn points (zehntausend with beweisen).
func provingAt(t *testing.T, tb *Table, n, pts int) Position {
	t.Helper()
	p := stateAt(t, tb, n, pts)
	st := tb.s.states[p.st]
	st.proof = true
	i, ok := tb.s.index[st]
	if !ok {
		t.Fatalf("no state %+v", st)
	}
	p.st = i
	return p
}
