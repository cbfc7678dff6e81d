package family

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(a), math.Abs(b)) }

// The recursion written out by hand for one and two dice, at points so
// high that every throw after them stops (the table must agree), and
// one level deep at low points against the table's own next values.
func TestHandOneAndTwoDice(t *testing.T) {
	tb := ruleSet{validate.GameZehntausend, nil}.solver(t).Table(validate.TurnContext{})

	// Two dice, nothing to prove, 5000 points. Of 36 throws: 1 1 keeps
	// 200 (all dice aside: a new pass, but at 5200 stopping is best), 1 5
	// (twice) 150, 5 5 100, a 1 with a 2, 3, 4 or 6 (8 throws) 100, a 5
	// with one of them (8) 50, and 16 score nothing.
	p := stateAt(t, tb, 2, 5000)
	want := (5200 + 2*5150 + 5100 + 8*5100 + 8*5050) / 36.0
	if got := p.ThrowValue(); !near(got, want) {
		t.Errorf("2 dice at 5000: throwing on is worth %.4f, want %.4f", got, want)
	}
	if !p.ShouldStop() || p.Value() != 5000 {
		t.Errorf("2 dice at 5000: stopping (5000) is best, got value %.2f stop=%v", p.Value(), p.ShouldStop())
	}

	// One die with a triple to prove, 3000 points: a 1 proves (+100, all
	// dice aside, stop at 3100), a 5 (+50, stop at 3050), else a bust.
	// No stop is allowed.
	p = provingAt(t, tb, 1, 3000)
	if got, want := p.ThrowValue(), (3100+3050)/6.0; !near(got, want) {
		t.Errorf("1 die to prove at 3000: %.4f, want %.4f", got, want)
	}
	if _, ok := p.StopValue(); ok || p.Value() != p.ThrowValue() {
		t.Errorf("1 die to prove: a stop must not be allowed")
	}
	// Two dice to prove at 3000: as the first case, every proving keep
	// then stops.
	p = provingAt(t, tb, 2, 3000)
	if got, want := p.ThrowValue(), (3200+2*3150+3100+8*3100+8*3050)/36.0; !near(got, want) {
		t.Errorf("2 dice to prove at 3000: %.4f, want %.4f", got, want)
	}

	// Low points, one step of the recursion: with one die, a 1 or a 5
	// gives all five dice back (the state after hot dice).
	for pts := 50; pts <= 2000; pts += 50 {
		one := stateAt(t, tb, 1, pts)
		hot := func(x int) float64 { return stateAt(t, tb, 5, x).Value() }
		if got, want := one.ThrowValue(), (hot(pts+100)+hot(pts+50))/6; !near(got, want) {
			t.Errorf("1 die at %d: %.4f, want (V5(%d)+V5(%d))/6 = %.4f", pts, got, pts+100, pts+50, want)
		}
		two := stateAt(t, tb, 2, pts)
		v1 := func(x int) float64 { return stateAt(t, tb, 1, x).Value() }
		want := (max(hot(pts+200), v1(pts+100)) + 2*max(hot(pts+150), v1(pts+100), v1(pts+50)) +
			max(hot(pts+100), v1(pts+50)) + 8*v1(pts+100) + 8*v1(pts+50)) / 36
		if got := two.ThrowValue(); !near(got, want) {
			t.Errorf("2 dice at %d: %.4f, want %.4f", pts, got, want)
		}
	}

	// 5000 with one die, entered, at 1000: a 1 makes 1100 with all dice
	// back (stop), a 5 makes 1050, which must not be written: all five
	// dice must be thrown on.
	tb5 := ruleSet{validate.Game5000, nil}.solver(t).Table(validate.TurnContext{Entered: true})
	p = stateAt(t, tb5, 1, 1000)
	hot := stateAt(t, tb5, 5, 1050)
	if hot.CanStop() {
		t.Fatal("5000: a stop at 1050 must not be allowed")
	}
	if got, want := p.ThrowValue(), (1100+hot.ThrowValue())/6; !near(got, want) {
		t.Errorf("5000, 1 die at 1000: %.4f, want %.4f", got, want)
	}
}

// The mistakes of the old odds line ("Weiter: … im Schnitt …": one throw,
// then a stop as if always allowed), state by state.
func TestOldOddsLineMistakesGone(t *testing.T) {
	r := ruleSet{validate.GameZehntausend, nil}.rules(t)
	tb := ruleSet{validate.GameZehntausend, nil}.solver(t).Table(validate.TurnContext{})
	old := func(n, pts int) float64 { return r.ExpectedKeep(n) - r.BustChance(n)*float64(pts) }

	// Hot dice at 2100 (proved): the old line counts a triple of the next
	// throw as banked; throwing on loses, stopping is best.
	throws := []validate.Throw{
		{Roll: []int{1, 1, 1, 2, 3}, Keep: []int{1, 1, 1}}, {Roll: []int{1, 1}, Keep: []int{1, 1}},
		{Roll: []int{2, 2, 2, 3, 4}, Keep: []int{2, 2, 2}}, {Roll: []int{1, 1}, Keep: []int{1, 1}},
		{Roll: []int{3, 3, 3, 4, 5}, Keep: []int{3, 3, 3}}, {Roll: []int{1, 1}, Keep: []int{1, 1}},
	}
	p, ft, bad, err := tb.Replay(validate.TurnContext{}, throws)
	if err != nil {
		t.Fatalf("throw %d: %v", bad, err)
	}
	if p.Points() != 2100 || !ft.NewPass() || len(ft.StopBlockers()) > 0 {
		t.Fatalf("want hot dice at 2100 with a stop allowed, got %d", p.Points())
	}
	if g := ft.OneMore().Gain; g <= 100 {
		t.Errorf("the old line at hot dice 2100 should show a gain (about +143), got %+.0f", g)
	}
	if d := p.ThrowValue() - 2100; math.Round(d) != -36 || !p.ShouldStop() {
		t.Errorf("hot dice at 2100: throwing on is worth %+.1f (want -36), stop best: %v", d, p.ShouldStop())
	}

	// 900 and 1000 with 4 dice: the old line shows a gain, best play loses.
	for _, pts := range []int{900, 1000} {
		p := stateAt(t, tb, 4, pts)
		if old(4, pts) <= 0 || p.ThrowValue() >= float64(pts) || !p.ShouldStop() {
			t.Errorf("4 dice at %d: old %+.0f, coach %+.1f; stopping must be best", pts, old(4, pts), p.ThrowValue()-float64(pts))
		}
	}
	// 150 with 2 dice: the old line says -17, throwing on is worth +6.
	p = stateAt(t, tb, 2, 150)
	if math.Round(old(2, 150)) != -17 || math.Round(p.ThrowValue()-150) != 6 || p.ShouldStop() {
		t.Errorf("2 dice at 150: old %+.1f (want -17), coach %+.1f (want +6)", old(2, 150), p.ThrowValue()-150)
	}
	// The last die: a scoring last die gives all dice back; stopping is best
	// only from 150 (default), 250 (no proving), 300 (6 dice), where the old
	// line turns negative from 50.
	for _, c := range []struct {
		rs   ruleSet
		want int
	}{
		{ruleSet{validate.GameZehntausend, nil}, 150},
		{ruleSet{validate.GameZehntausend, map[string]any{"beweisen": false}}, 250},
		{ruleSet{validate.GameZehntausend, map[string]any{"wuerfel": 6}}, 300},
	} {
		tb := c.rs.solver(t).Table(validate.TurnContext{})
		if got, ok := tb.StopAt(1); !ok || got != c.want {
			t.Errorf("%s: stop with 1 die from %d (ok=%v), want %d", c.rs, got, ok, c.want)
		}
		if old := c.rs.rules(t); old.ExpectedKeep(1)-old.BustChance(1)*50 >= 0 {
			t.Errorf("%s: the old line should be negative at 50 with 1 die", c.rs)
		}
	}
	// Where a stop is forbidden the coach offers none: a proof pending,
	// 5050's pass under 350, 5000 before the entry.
	if _, ok := provingAt(t, tb, 2, 1000).StopValue(); ok {
		t.Error("proof pending: a stop was offered")
	}
	tb50 := ruleSet{validate.Game5050, nil}.solver(t).Table(validate.TurnContext{})
	p, _, _, err = tb50.Replay(validate.TurnContext{}, []validate.Throw{{Roll: []int{1, 1, 1, 2, 3, 4}, Keep: []int{1, 1, 1}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.StopValue(); !ok {
		t.Error("5050 with 1000 in the pass: a stop must be allowed")
	}
	p, _, _, err = tb50.Replay(validate.TurnContext{}, []validate.Throw{{Roll: []int{1, 5, 2, 3, 4, 6}, Keep: []int{1, 5}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.StopValue(); ok {
		t.Error("5050 with 150 in the pass: a stop was offered")
	}
	tb5 := ruleSet{validate.Game5000, nil}.solver(t).Table(validate.TurnContext{})
	p, _, _, err = tb5.Replay(validate.TurnContext{}, []validate.Throw{{Roll: []int{2, 2, 2, 3, 4}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.StopValue(); ok || p.Points() != 200 {
		t.Errorf("5000 not entered at %d: a stop was offered", p.Points())
	}
}

// The state abstraction against the engine: random rule sets, random legal
// play; after every throw the solver's position must say what a cloned
// FamilyTurn says (the dice to throw, the legal keeps, bust, points,
// whether a stop is allowed, what the turn banks).
func TestStateAbstractionMatchesEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	for set := 0; set < 40; set++ {
		walkAgainstEngine(t, rng, randomSet(rng), 40)
	}
}

// walkAgainstEngine plays turns of random legal play in rule set rs, each
// in a random turn context, through the engine and the solver's position
// side by side, and fails where they differ.
func walkAgainstEngine(t *testing.T, rng *rand.Rand, rs ruleSet, turns int) {
	t.Helper()
	r := rs.rules(t)
	s := rs.solver(t)
	for turn := 0; turn < turns; turn++ {
		ctx := validate.TurnContext{Entered: rng.IntN(2) == 0, Previous: []int{0, 300, 1000}[rng.IntN(3)]}
		tb := s.Table(ctx)
		ft := r.NewFamilyTurn(ctx)
		p := tb.Start()
		var history []validate.Throw
		for ft.End() == validate.Running {
			if p.Dice() != ft.DiceToThrow() || p.Points() != ft.TurnPoints() {
				t.Fatalf("%s %v: dice %d/%d, points %d/%d", rs, history, p.Dice(), ft.DiceToThrow(), p.Points(), ft.TurnPoints())
			}
			if p.CanStop() != (len(ft.StopBlockers()) == 0) {
				t.Fatalf("%s ctx %+v %v at %d: position says stop=%v, engine blockers %v", rs, ctx, history, p.Points(), p.CanStop(), ft.StopBlockers())
			}
			if p.CanStop() && rng.IntN(4) == 0 {
				if err := ft.Clone().Stop(); err != nil {
					t.Fatalf("%s: engine refused the stop: %v", rs, err)
				}
				break
			}
			var th validate.Throw
			p, th = stepBoth(t, rng, rs, r, ft, p, history)
			history = append(history, th)
		}
		if ft.End() != validate.Running {
			banked, over := p.Over()
			if !over || banked != ft.Result() {
				t.Fatalf("%s %v: engine ended with %d, position says over=%v banked=%d", rs, history, ft.Result(), over, banked)
			}
		}
		// Replay follows the same throws to the same position.
		q, _, bad, err := tb.Replay(ctx, history)
		if err != nil || q != p {
			t.Fatalf("%s: replay of %v: %+v (%v at %d), want %+v", rs, history, q, err, bad, p)
		}
	}
}

// stepBoth makes one random legal throw (a void one under hausbau now and
// then) in the engine's turn ft and at position p; the keeps both list
// must be the same.
func stepBoth(t *testing.T, rng *rand.Rand, rs ruleSet, r *validate.Rules, ft *validate.FamilyTurn, p Position, history []validate.Throw) (Position, validate.Throw) {
	t.Helper()
	if r.Options.Hausbau && rng.IntN(8) == 0 {
		th := validate.Throw{Void: true}
		if err := ft.Throw(th); err != nil {
			t.Fatal(err)
		}
		return p.AfterVoid(), th
	}
	roll := rollDice(rng, ft.DiceToThrow())
	engine := ft.LegalKeeps(roll)
	advice, err := p.Keeps(roll)
	if err != nil {
		t.Fatalf("%s %v: %v", rs, history, err)
	}
	if !sameKeeps(engine, advice) {
		t.Fatalf("%s %v roll %v: keeps differ", rs, history, roll)
	}
	th := validate.Throw{Roll: roll}
	if len(engine) > 0 {
		k := engine[rng.IntN(len(engine))]
		th.Keep, th.FivesAsOnes = k.Dice, k.FivesAsOnes
		if r.AllScoring() && rng.IntN(2) == 0 {
			th.Keep = nil
		}
	}
	if err := ft.Throw(th); err != nil {
		t.Fatalf("%s %v: the engine refused its own keep %v: %v", rs, history, th, err)
	}
	if len(engine) == 0 {
		return p.AfterBust(), th
	}
	if p, err = p.After(ft.LastKeep); err != nil {
		t.Fatalf("%s %v: %v", rs, append(history, th), err)
	}
	return p, th
}

func sameKeeps(engine []validate.Keep, advice []KeepAdvice) bool {
	if len(engine) != len(advice) {
		return false
	}
	type k struct {
		dice   string
		fives  int
		points int
	}
	var a, b []k
	for _, e := range engine {
		a = append(a, k{validate.FormatDice(e.Dice), e.FivesAsOnes, e.Points})
	}
	for _, e := range advice {
		b = append(b, k{validate.FormatDice(e.Keep.Dice), e.Keep.FivesAsOnes, e.Keep.Points})
	}
	cmp := func(x, y k) int {
		if x.dice != y.dice {
			if x.dice < y.dice {
				return -1
			}
			return 1
		}
		if x.fives != y.fives {
			return x.fives - y.fives
		}
		return x.points - y.points
	}
	slices.SortFunc(a, cmp)
	slices.SortFunc(b, cmp)
	return slices.Equal(a, b)
}

// Above the bound the values are lines; a table computed with every keep
// of every state far beyond the bound must give the same values there, and
// the fast levels (only states without a stop) must equal full levels.
func TestFastLevelsAndLinesEqualFullTables(t *testing.T) {
	sets := append(slices.Clone(basicSets), optionSets...)
	for _, rs := range sets {
		s := rs.solver(t)
		ctxs := []validate.TurnContext{{Entered: true}}
		if rs.game == validate.Game5000 || rs.opts["steigerung"] == true {
			ctxs = append(ctxs, validate.TurnContext{Previous: 1500})
		}
		for _, ctx := range ctxs {
			fast := s.Table(ctx)
			full := s.tableWith(s.g.floor(ctx), fast.bound+4000, false)
			for pts := 0; pts < full.bound; pts += step {
				for i, st := range s.states {
					if st.aside == 0 && pts > 0 {
						continue
					}
					a, b := fast.value(int32(i), pts), full.value(int32(i), pts)
					qa, qb := fast.throwValue(int32(i), pts), full.throwValue(int32(i), pts)
					if !near(a, b) || !near(qa, qb) {
						t.Fatalf("%s ctx %+v state %+v at %d: value %.9f / full %.9f, throw %.9f / %.9f (bound %d, stopAll %d)",
							rs, ctx, st, pts, a, b, qa, qb, fast.bound, fast.stopAll)
					}
				}
			}
		}
	}
}

// The computed policy, played out with random dice, banks on average what
// the table says a turn is worth (within 3 standard errors).
func TestPolicySimulation(t *testing.T) {
	turns := 200_000
	if testing.Short() {
		turns = 20_000
	}
	for i, rs := range []ruleSet{
		{validate.GameZehntausend, nil},
		{validate.Game5050, nil},
		{validate.Game5000, nil},
		{validate.GameZehntausend, map[string]any{"wuerfel": 6, "ergaenzen": true, "nix": true}},
	} {
		t.Run(rs.String(), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(uint64(i), 2026))
			tb := rs.solver(t).Table(validate.TurnContext{})
			n := turns
			if i > 0 {
				n = turns / 4 // the first set takes the full count
			}
			mean, se := simulate(t, tb, rng, n)
			want := tb.TurnValue()
			if math.Abs(mean-want) > 3*se {
				t.Errorf("%s: simulated %.2f ± %.2f over %d turns, table says %.2f", rs, mean, se, n, want)
			}
		})
	}
}

// simulate plays turns by the table's advice and returns the mean banked
// points and its standard error.
func simulate(t testing.TB, tb *Table, rng *rand.Rand, turns int) (float64, float64) {
	var sum, sq float64
	for range turns {
		p := tb.Start()
		for {
			if banked, over := p.Over(); over {
				sum += float64(banked)
				sq += float64(banked) * float64(banked)
				break
			}
			if p.ShouldStop() {
				sum += float64(p.Points())
				sq += float64(p.Points()) * float64(p.Points())
				break
			}
			ks, err := p.Keeps(rollDice(rng, p.Dice()))
			if err != nil {
				t.Fatal(err)
			}
			if len(ks) == 0 {
				p = p.AfterBust()
				continue
			}
			if p, err = p.After(ks[0].Keep); err != nil {
				t.Fatal(err)
			}
		}
	}
	n := float64(turns)
	mean := sum / n
	return mean, math.Sqrt((sq/n - mean*mean) / n)
}

// Keeps are best first, with values that are the positions after them;
// 5000 lists its one keep.
func TestKeepsBestFirst(t *testing.T) {
	tb := ruleSet{validate.GameZehntausend, nil}.solver(t).Table(validate.TurnContext{})
	ks, err := tb.Start().Keeps([]int{1, 1, 1, 5, 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(ks) < 4 {
		t.Fatalf("1 1 1 5 2: %d keeps", len(ks))
	}
	for i := 1; i < len(ks); i++ {
		if ks[i].Value > ks[i-1].Value {
			t.Errorf("keeps not best first: %v before %v", ks[i-1], ks[i])
		}
	}
	tb5 := ruleSet{validate.Game5000, nil}.solver(t).Table(validate.TurnContext{Entered: true})
	ks, err = tb5.Start().Keeps([]int{1, 1, 1, 5, 2})
	if err != nil || len(ks) != 1 || validate.FormatDice(ks[0].Keep.Dice) != "1 1 1 5" {
		t.Errorf("5000: want the one keep 1 1 1 5, got %v %v", ks, err)
	}
	if _, err := tb.Start().Keeps([]int{1, 2}); err == nil {
		t.Error("2 dice at the start of a 5-dice turn: no error")
	}
}

// Tables are built once per rule set and floor and shared.
func TestTablesAreShared(t *testing.T) {
	a := ruleSet{validate.GameZehntausend, map[string]any{"ziel": 5000}}.solver(t)
	b := ruleSet{validate.GameZehntausend, nil}.solver(t)
	if a != b {
		t.Error("the target must not make another solver")
	}
	if a.Table(validate.TurnContext{}) != b.Table(validate.TurnContext{Entered: true}) {
		t.Error("zehntausend: a table per context where the floor is the same")
	}
	s5 := ruleSet{validate.Game5000, nil}.solver(t)
	if s5.Table(validate.TurnContext{}) == s5.Table(validate.TurnContext{Entered: true}) {
		t.Error("5000: entered and not entered share a table")
	}
	if _, err := For(validate.MustRules(validate.GameRueckwaerts, nil)); err != ErrNotCovered {
		t.Errorf("Rückwärts: %v", err)
	}
}

// Several goroutines asking for the same tables get the same ones, built
// once (run with -race).
func TestTablesConcurrently(t *testing.T) {
	rs := ruleSet{validate.GameZehntausend, map[string]any{"steigerung": true, "minus": true}}
	r := rs.rules(t)
	got := make([]*Table, 8)
	done := make(chan int)
	for g := range got {
		go func() {
			s, err := For(r)
			if err != nil {
				t.Error(err)
			}
			got[g] = s.Table(validate.TurnContext{Previous: 700})
			done <- g
		}()
	}
	for range got {
		<-done
	}
	for _, tb := range got[1:] {
		if tb != got[0] {
			t.Fatal("two tables for one rule set and floor")
		}
	}
	if got[0].floor != 750 {
		t.Errorf("steigerung after 700: floor %d, want 750", got[0].floor)
	}
}
