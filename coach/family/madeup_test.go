package family

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// madeUp adds a made-up game like another of the family, with its own id,
// for the length of the test.
func madeUp(t *testing.T, id validate.GameID, like validate.GameID, vary func(*validate.Variant)) ruleSet {
	t.Helper()
	t.Cleanup(validate.AddMadeUpGame(validate.MadeUpGame{
		Info: validate.GameInfo{ID: id, NameEN: string(id), NameDE: string(id), SummaryE: "made up", SummaryD: "ausgedacht"},
		Like: like, Vary: vary, RulesEN: "made up", RulesDE: "ausgedacht",
	}))
	return ruleSet{id, nil}
}

// TestMadeUpGamesStopByTheirDefinition: the coach knows a game's stop
// rules from its definition alone (validate.Variant.Stops, issue 21): made-up
// games like 5050, 5000 and Zehntausend, with their stop rules as they are
// and varied, are coached exactly as the engine judges them (the walk of
// TestStateAbstractionMatchesEngine), and the coach's floors and
// thresholds follow the varied numbers.
func TestMadeUpGamesStopByTheirDefinition(t *testing.T) {
	sets := []ruleSet{
		madeUp(t, "4040", validate.Game5050, nil),
		madeUp(t, "3030", validate.Game5050, func(v *validate.Variant) { v.Target, v.Stops.PassPoints = 3030, 300 }),
		madeUp(t, "4000", validate.Game5000, nil),
		madeUp(t, "6000", validate.Game5000, func(v *validate.Variant) {
			v.Target, v.EntryPoints, v.Stops.Minimum, v.Stops.RoundHundreds = 6000, 750, 200, false
		}),
		madeUp(t, "zwoelftausend", validate.GameZehntausend, func(v *validate.Variant) {
			v.Stops.TightPoints, v.Stops.TightCup, v.Stops.AbovePrevious = 500, 3, true
		}),
	}
	rng := rand.New(rand.NewPCG(21, 21))
	for _, rs := range sets {
		walkAgainstEngine(t, rng, rs, 150)
	}

	// The floors come from the definition: 6000's entry and minimum,
	// zwölftausend's tightened points and the previous result above them.
	floors := []struct {
		set  ruleSet
		ctx  validate.TurnContext
		want int
	}{
		{sets[2], validate.TurnContext{}, 500},
		{sets[2], validate.TurnContext{Entered: true}, 100},
		{sets[3], validate.TurnContext{}, 750},
		{sets[3], validate.TurnContext{Entered: true}, 200},
		{sets[4], validate.TurnContext{Entered: true, Previous: -1}, 500},
		{sets[4], validate.TurnContext{Entered: true, Previous: 650}, 700},
		{sets[0], validate.TurnContext{}, 0},
	}
	for _, c := range floors {
		if got := c.set.solver(t).Table(c.ctx).floor; got != c.want {
			t.Errorf("%s %+v: floor %d, want %d", c.set, c.ctx, got, c.want)
		}
	}
	// 3030's pass needs 300, not 5050's 350: after 300 in one throw the
	// coach offers the stop and the engine allows it; 4040 refuses it with
	// 5050's words.
	for _, c := range []struct {
		set  ruleSet
		stop bool
	}{{sets[1], true}, {sets[0], false}} {
		tb := c.set.solver(t).Table(validate.TurnContext{})
		p, ft, _, err := tb.Replay(validate.TurnContext{}, []validate.Throw{{Roll: []int{3, 3, 3, 2, 4, 6}, Keep: []int{3, 3, 3}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := p.StopValue(); ok != c.stop || (len(ft.StopBlockers()) == 0) != c.stop {
			t.Errorf("%s at 300 in the pass: coach stop %v, engine blockers %v; want a stop %v", c.set, ok, ft.StopBlockers(), c.stop)
		}
		if !c.stop && !strings.Contains(ft.StopBlockers()[0].Message(validate.German), "ab 350 Punkten") {
			t.Errorf("%s: %s", c.set, ft.StopBlockers()[0].Message(validate.German))
		}
	}
	// With one die in the cup a stop is best as soon as it is allowed: from
	// the pass points of each definition.
	at, ok := sets[1].solver(t).Table(validate.TurnContext{}).StopAt(1)
	base, _ := ruleSet{validate.Game5050, nil}.solver(t).Table(validate.TurnContext{}).StopAt(1)
	if !ok || at != 300 || base != 350 {
		t.Errorf("3030 stops with one die from %d (ok %v), 5050 from %d; want 300 and 350", at, ok, base)
	}
}
