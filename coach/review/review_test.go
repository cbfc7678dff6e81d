package review

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

const tol = 1e-6

func rules(t testing.TB, g validate.GameID, opts map[string]any) *validate.Rules {
	t.Helper()
	o, err := validate.MakeOptions(g, opts)
	if err != nil {
		t.Fatal(err)
	}
	r, err := validate.NewRules(g, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// checkIdentities asserts the adding-up identities of a review of g.
func checkIdentities(t *testing.T, name string, g *scoresheet.Game, rv *Review) {
	t.Helper()
	sum := map[string]float64{}
	for _, d := range rv.Decisions {
		if d.Loss < -tol {
			t.Errorf("%s: negative loss %v: %+v", name, d.Loss, d)
		}
		sum[d.Player] += d.Loss
	}
	for seat, p := range rv.Players {
		if math.Abs(sum[p.Name]-p.Loss) > tol {
			t.Errorf("%s: %s: Σ decision losses %v, summary %v", name, p.Name, sum[p.Name], p.Loss)
		}
		switch rv.Game {
		case validate.GameKniffel:
			if !g.Finished() {
				continue
			}
			want := float64(g.Totals()[seat])
			if got := rv.GameValue + p.Luck - p.Loss; math.Abs(got-want) > tol {
				t.Errorf("%s: %s: game value %v + luck %v − loss %v = %v, total %v", name, p.Name, rv.GameValue, p.Luck, p.Loss, got, want)
			}
		case validate.Game5050, validate.Game5000, validate.GameZehntausend, validate.GameTotwuerfeln:
			if got := p.TurnValueSum + p.Luck - p.Loss; math.Abs(got-float64(p.Banked)) > tol {
				t.Errorf("%s: %s: turn values %v + luck %v − loss %v = %v, banked %d", name, p.Name, p.TurnValueSum, p.Luck, p.Loss, got, p.Banked)
			}
			// Without 5000's transfers, what the turns banked is the total.
			if rv.Game != validate.Game5000 && p.Banked != g.Totals()[seat] {
				t.Errorf("%s: %s: banked %d, total %d", name, p.Name, p.Banked, g.Totals()[seat])
			}
		}
	}
}

// TestIdentitiesOnGeneratedHistory reviews every game of a generated
// history and checks that luck and loss add up.
func TestIdentitiesOnGeneratedHistory(t *testing.T) {
	games, err := generate.All(generate.Config{Games: 150, Seed: 15})
	if err != nil {
		t.Fatal(err)
	}
	reviewed := map[validate.GameID]int{}
	for _, gm := range games {
		g := gm.Game
		rv, err := OfGame(g, testValuers(t))
		if err != nil {
			t.Fatalf("%s (%s): %v", gm.ID, g.Rules.Game, err)
		}
		if rv.Reviewed {
			reviewed[g.Rules.Game]++
		}
		checkIdentities(t, gm.ID+" "+string(g.Rules.Game), g, rv)
	}
	for _, id := range []validate.GameID{validate.Game5050, validate.Game5000, validate.GameZehntausend, validate.GameKniffel} {
		if reviewed[id] == 0 {
			t.Errorf("no %s game reviewed", id)
		}
	}
}

// bestFamilyTurn plays one turn by the solver's best choices; mistake, when
// not nil, may replace the keep of a throw (it gets the throw's index and
// the keeps, best first, and returns the index of the keep to take).
func bestFamilyTurn(t testing.TB, g *scoresheet.Game, rng *rand.Rand, mistake func(throw int, ks []family.KeepAdvice) int) {
	t.Helper()
	s, err := family.For(g.Rules)
	if err != nil {
		t.Fatal(err)
	}
	pos := s.Table(g.TurnContext()).Start()
	turn := g.NumTurns()
	for throw := 0; g.NumTurns() == turn && !g.Finished(); throw++ {
		if pos.ShouldStop() {
			if err := g.Apply(scoresheet.Entry{Kind: scoresheet.EntryStop}); err != nil {
				t.Fatal(err)
			}
			return
		}
		roll := make([]int, pos.Dice())
		for i := range roll {
			roll[i] = 1 + rng.IntN(6)
		}
		ks, err := pos.Keeps(roll)
		if err != nil {
			t.Fatal(err)
		}
		e := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: []int{}}
		if len(ks) > 0 {
			i := 0
			if mistake != nil {
				i = mistake(throw, ks)
			}
			e.Keep, e.FivesAsOnes = ks[i].Keep.Dice, ks[i].Keep.FivesAsOnes
			if pos, err = pos.After(ks[i].Keep); err != nil {
				t.Fatal(err)
			}
		}
		if err := g.Apply(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
	}
}

// TestBestFamilyPlayLosesNothing: games played by the solver's own best
// choices have loss 0 at every decision, under several rule sets.
func TestBestFamilyPlayLosesNothing(t *testing.T) {
	sets := []struct {
		game validate.GameID
		opts map[string]any
	}{
		{validate.Game5050, nil},
		{validate.Game5000, nil},
		{validate.GameZehntausend, nil},
		{validate.GameZehntausend, map[string]any{"steigerung": true}},
		{validate.GameZehntausend, map[string]any{"minus": true, "fuenfer_drehen": true}},
	}
	rng := rand.New(rand.NewPCG(15, 1))
	for _, set := range sets {
		r := rules(t, set.game, set.opts)
		g, err := scoresheet.New(r, []string{"Anna", "Ben", "Clara"})
		if err != nil {
			t.Fatal(err)
		}
		for !g.Finished() && g.NumTurns() < 600 {
			bestFamilyTurn(t, g, rng, nil)
		}
		rv, err := OfGame(g, testValuers(t))
		if err != nil {
			t.Fatal(err)
		}
		if len(rv.Decisions) == 0 {
			t.Fatalf("%s %v: no decisions", set.game, set.opts)
		}
		for _, d := range rv.Decisions {
			if math.Abs(d.Loss) > tol {
				t.Errorf("%s %v: best play lost %v: %+v", set.game, set.opts, d.Loss, d)
			}
			if d.Kind == Stop && d.Chosen.Stop != d.Best.Stop && d.Loss != 0 {
				t.Errorf("%s: %+v", set.game, d)
			}
		}
		checkIdentities(t, string(set.game), g, rv)
	}
}

// TestOneFamilyMistake: a turn played best except for one keep shows
// exactly that keep's loss, as the solver values the two keeps.
func TestOneFamilyMistake(t *testing.T) {
	r := rules(t, validate.GameZehntausend, nil)
	g, err := scoresheet.New(r, []string{"Anna", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	// A first throw with a clear best keep: 1 1 1 5 2 (the triple of
	// ones and the 5, or the triple alone, or a single 1 …).
	rng := rand.New(rand.NewPCG(7, 7))
	s, _ := family.For(r)
	start := s.Table(validate.TurnContext{}).Start()
	roll := []int{1, 1, 1, 5, 2}
	ks, err := start.Keeps(roll)
	if err != nil || len(ks) < 2 {
		t.Fatalf("keeps %v, %v", ks, err)
	}
	worst := len(ks) - 1
	want := ks[0].Value - ks[worst].Value
	if want <= 0 {
		t.Fatalf("no costly keep: %+v", ks)
	}
	// Anna's turn: the fixed first throw with the worst keep, then best play.
	e := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: ks[worst].Keep.Dice, FivesAsOnes: ks[worst].Keep.FivesAsOnes}
	if err := g.Apply(e); err != nil {
		t.Fatal(err)
	}
	pos, _ := start.After(ks[worst].Keep)
	for g.NumTurns() == 0 {
		if pos.ShouldStop() {
			if err := g.Apply(scoresheet.Entry{Kind: scoresheet.EntryStop}); err != nil {
				t.Fatal(err)
			}
			break
		}
		roll := make([]int, pos.Dice())
		for i := range roll {
			roll[i] = 1 + rng.IntN(6)
		}
		ks, _ := pos.Keeps(roll)
		e := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: []int{}}
		if len(ks) > 0 {
			e.Keep, e.FivesAsOnes = ks[0].Keep.Dice, ks[0].Keep.FivesAsOnes
			pos, _ = pos.After(ks[0].Keep)
		}
		if err := g.Apply(e); err != nil {
			t.Fatal(err)
		}
	}
	for range 4 {
		bestFamilyTurn(t, g, rng, nil)
	}
	rv, err := OfGame(g, testValuers(t))
	if err != nil {
		t.Fatal(err)
	}
	var costly []Decision
	for _, d := range rv.Decisions {
		if d.Loss > tol {
			costly = append(costly, d)
		}
	}
	if len(costly) != 1 {
		t.Fatalf("want exactly one costly decision, got %+v", costly)
	}
	d := costly[0]
	if d.Player != "Anna" || d.Turn != 0 || d.Throw != 0 || d.Kind != Keep || math.Abs(d.Loss-want) > tol {
		t.Errorf("got %+v, want Anna's keep at turn 0, throw 0 losing %v", d, want)
	}
	if got := rv.Players[0].Loss; math.Abs(got-want) > tol {
		t.Errorf("Anna's loss %v, want %v", got, want)
	}
	if c := rv.Costliest(5); len(c) != 1 || c[0].Loss != d.Loss {
		t.Errorf("costliest: %+v", c)
	}
	checkIdentities(t, "mistake", g, rv)
}

// TestNotReviewed: Dreißig tot and Rückwärts say they are not reviewed;
// Totwürfeln is, with no decisions.
func TestNotReviewed(t *testing.T) {
	games, err := generate.All(generate.Config{Games: 60, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[validate.GameID]bool{}
	for _, gm := range games {
		id := gm.Game.Rules.Game
		switch id {
		case validate.GameDreissigTot, validate.GameRueckwaerts, validate.GameTotwuerfeln:
		default:
			continue
		}
		seen[id] = true
		rv, err := OfGame(gm.Game, Valuers{})
		if err != nil {
			t.Fatal(err)
		}
		if id == validate.GameTotwuerfeln && rv.Players[0].TurnValueSum == 0 {
			t.Errorf("Totwürfeln without turn values: %+v", rv.Players)
		}
		if rv.Reviewed != (id == validate.GameTotwuerfeln) || rv.Note.EN == "" || rv.Note.DE == "" || len(rv.Decisions) != 0 {
			t.Errorf("%s: %+v", id, rv)
		}
		if id == validate.GameTotwuerfeln {
			checkIdentities(t, "totwuerfeln", gm.Game, rv)
		}
	}
	if len(seen) != 3 {
		t.Errorf("history lacks games: %v", seen)
	}
}

// TestReviewIsDeterministic: the same games reviewed with the tables of
// three Kniffel caches (the tests' one; one built afresh that writes its
// file; one that reads that file, as another device or a later run would)
// give the same numbers to the last bit.
func TestReviewIsDeterministic(t *testing.T) {
	games, err := generate.All(generate.Config{Games: 40, Seed: 99})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	built := SolversWith(kniffel.NewCache(dir))
	built.Warm(rules(t, validate.GameKniffel, nil))
	loaded := SolversWith(kniffel.NewCache(dir))
	kniffels := 0
	for _, gm := range games {
		a, err := OfGame(gm.Game, testValuers(t))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []Valuers{built, loaded} {
			b, err := OfGame(gm.Game, v)
			if err != nil {
				t.Fatal(err)
			}
			if a.GameValue != b.GameValue || len(a.Decisions) != len(b.Decisions) {
				t.Fatalf("%s: game value %v vs %v", gm.ID, a.GameValue, b.GameValue)
			}
			for i := range a.Players {
				if a.Players[i] != b.Players[i] {
					t.Errorf("%s: %+v vs %+v", gm.ID, a.Players[i], b.Players[i])
				}
			}
			for i := range a.Decisions {
				if a.Decisions[i].Loss != b.Decisions[i].Loss {
					t.Errorf("%s: %+v vs %+v", gm.ID, a.Decisions[i], b.Decisions[i])
				}
			}
		}
		if gm.Game.Rules.Game == validate.GameKniffel {
			kniffels++
		}
	}
	if kniffels == 0 {
		t.Error("no Kniffel game among them")
	}
}
