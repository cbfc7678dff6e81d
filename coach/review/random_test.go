package review

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// randomFamilyGame plays a game of r through the engine with random legal
// play: random dice, a random legal keep, stopping at random where the rules
// allow it, and (hausbau) now and then a void throw.
func randomFamilyGame(t *testing.T, r *validate.Rules, rng *rand.Rand) *scoresheet.Game {
	t.Helper()
	g, err := scoresheet.New(r, []string{"Anna", "Ben", "Clara"})
	if err != nil {
		t.Fatal(err)
	}
	for !g.Finished() && g.NumTurns() < 150 {
		ft := g.Family()
		if ft.Throws() > 0 && rng.IntN(3) == 0 {
			if err := g.Apply(scoresheet.Entry{Kind: scoresheet.EntryStop}); err == nil {
				continue
			}
		}
		if r.Options.Hausbau && rng.IntN(8) == 0 {
			if err := g.Apply(scoresheet.Entry{Kind: scoresheet.EntryVoid}); err != nil {
				t.Fatalf("void: %v", err)
			}
			continue
		}
		roll := rollDice(rng, ft.DiceToThrow())
		e := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: []int{}}
		if ks := ft.LegalKeeps(roll); len(ks) > 0 {
			k := ks[rng.IntN(len(ks))]
			e.Keep, e.FivesAsOnes = k.Dice, k.FivesAsOnes
		}
		if err := g.Apply(e); err != nil {
			t.Fatalf("%s %+v: %+v: %v", r.Game, r.Options, e, err)
		}
	}
	return g
}

// TestIdentitiesUnderEveryHouseRule: random legal play under many house-rule
// sets reviews without error, and luck and loss add up turn by turn.
func TestIdentitiesUnderEveryHouseRule(t *testing.T) {
	sets := []struct {
		game validate.GameID
		opts map[string]any
	}{
		{validate.Game5050, nil},
		{validate.Game5000, nil},
		{validate.GameZehntausend, nil},
		{validate.GameZehntausend, map[string]any{"beweisen": false}},
		{validate.GameZehntausend, map[string]any{"bestaetigen": true}},
		{validate.GameZehntausend, map[string]any{"verschaerft": true}},
		{validate.GameZehntausend, map[string]any{"ergaenzen": true, "verdoppeln": true}},
		{validate.GameZehntausend, map[string]any{"steigerung": true}},
		{validate.GameZehntausend, map[string]any{"minus": true}},
		{validate.GameZehntausend, map[string]any{"nix": true}},
		{validate.GameZehntausend, map[string]any{"hausbau": true}},
		{validate.GameZehntausend, map[string]any{"fuenfer_drehen": true}},
		{validate.GameZehntausend, map[string]any{"wuerfel": 6, "strasse": 1000, "drei_paare": 1000, "pyramide": 1000}},
	}
	rng := rand.New(rand.NewPCG(15, 15))
	for _, set := range sets {
		r := rules(t, set.game, set.opts)
		for range 3 {
			g := randomFamilyGame(t, r, rng)
			rv, err := OfGame(g, testValuers(t))
			if err != nil {
				t.Fatalf("%s %v: %v", set.game, set.opts, err)
			}
			if len(rv.Decisions) == 0 {
				t.Errorf("%s %v: no decisions in %d turns", set.game, set.opts, g.NumTurns())
			}
			checkIdentities(t, string(set.game), g, rv)
		}
	}
}

// TestIdentitiesRandomKniffel: random holds and boxes, quick entries now and
// then, with and without joker.
func TestIdentitiesRandomKniffel(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 16))
	for _, joker := range []bool{false, true} {
		for range 4 {
			g, err := scoresheet.New(rules(t, validate.GameKniffel, map[string]any{"joker": joker}), []string{"Anna", "Ben"})
			if err != nil {
				t.Fatal(err)
			}
			for !g.Finished() {
				if rng.IntN(4) == 0 {
					if err := g.Apply(scoresheet.Entry{Kind: scoresheet.EntryDice, Roll: rollDice(rng, 5)}); err != nil {
						t.Fatal(err)
					}
				} else {
					var held []int
					for th := 0; th < 3; th++ {
						roll := rollDice(rng, 5-len(held))
						five := append(append([]int{}, held...), roll...)
						e := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll}
						last := th == 2 || rng.IntN(4) == 0
						if !last {
							held = nil
							for _, d := range five {
								if rng.IntN(2) == 0 {
									held = append(held, d)
								}
							}
							e.Keep = held
						}
						if err := g.Apply(e); err != nil {
							t.Fatalf("%+v: %v", e, err)
						}
						if last || len(held) == 5 {
							break
						}
					}
				}
				// A random box the rules allow.
				for _, c := range rng.Perm(int(validate.NumCategories)) {
					if g.Apply(scoresheet.Entry{Kind: scoresheet.EntryScore, Category: validate.Category(c).ID()}) == nil {
						break
					}
				}
			}
			rv, err := OfGame(g, testValuers(t))
			if err != nil {
				t.Fatal(err)
			}
			checkIdentities(t, "random kniffel", g, rv)
		}
	}
}

// TestTotValues: the expected points of a Totwürfeln turn, by hand. With
// the killer 5 a die lives 5 throws on average (geometric) and shows 3.2
// pips each: 16 per die, and the dice are independent: 16·n. When a throw
// with a killer scores nothing, two dice give (P0·6.4 + P1·16)/(1 − P0) with
// P0 = 25/36, P1 = 10/36: 320/11.
func TestTotValues(t *testing.T) {
	r := rules(t, validate.GameTotwuerfeln, nil)
	e := totValues(r)
	for n := 1; n < len(e); n++ {
		if math.Abs(e[n]-16*float64(n)) > 1e-9 {
			t.Errorf("E[%d] = %v, want %d", n, e[n], 16*n)
		}
	}
	e = totValues(rules(t, validate.GameTotwuerfeln, map[string]any{"killerwurf_zaehlt_nicht": true}))
	if math.Abs(e[1]-16) > 1e-9 || math.Abs(e[2]-320.0/11) > 1e-9 {
		t.Errorf("without the killer throw: E[1] = %v, E[2] = %v, want 16 and %v", e[1], e[2], 320.0/11)
	}
}
