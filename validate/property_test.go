package validate

import (
	"fmt"
	"testing"
)

// TestThrowAcceptsExactlyLegalKeeps: a keep is valid because the engine
// generated it. Over every throw of every rule set below, at the start of a
// turn and in the middle of a pass, Throw accepts a keep exactly when
// LegalKeeps lists it, and at the value listed.
func TestThrowAcceptsExactlyLegalKeeps(t *testing.T) {
	sets := []struct {
		game GameID
		opts map[string]any
	}{
		{Game5050, nil},
		{Game5000, nil},
		{GameZehntausend, nil},
		{GameZehntausend, map[string]any{"wuerfel": 6, "strasse": 1250, "drei_paare": 1000, "pyramide": 1000}},
		{GameZehntausend, map[string]any{"verdoppeln": true, "fuenfer_drehen": true, "ergaenzen": true}},
		{GameZehntausend, map[string]any{"wuerfel": 6, "beweisen": false, "fuenfer_drehen": true, "ergaenzen": true}},
		{GameRueckwaerts, map[string]any{"wuerfel": 6}},
	}
	// Turns to try from: a fresh one, and one that kept a triple (and, for
	// ergaenzen, can add to it) or a single one.
	openings := []Throw{{}, {Roll: []int{3, 3, 3, 2, 4, 6}, Keep: []int{3, 3, 3}}, {Roll: []int{1, 2, 3, 4, 6, 6}, Keep: []int{1}}}
	for _, s := range sets {
		r := MustRules(s.game, s.opts)
		for _, open := range openings {
			turn := r.NewFamilyTurn(TurnContext{Entered: true})
			if open.Roll != nil && r.Variant().TableTurns {
				continue // a Rückwärts turn is one throw
			}
			if open.Roll != nil {
				open.Roll = open.Roll[:r.Dice()]
				if r.AllScoring() {
					open.Keep = nil
				}
				if err := turn.Throw(open); err != nil {
					t.Fatalf("%s %v: opening %v: %v", s.game, s.opts, open, err)
				}
			}
			name := fmt.Sprintf("%s %v after %v", s.game, s.opts, open.Keep)
			checkAllThrows(t, name, r, turn)
		}
	}
}

func checkAllThrows(t *testing.T, name string, r *Rules, turn *FamilyTurn) {
	n := turn.DiceToThrow()
	var rolls []Counts
	forSubsets(Counts{0, n, n, n, n, n, n}, func(c Counts) {
		if c.N() == n {
			rolls = append(rolls, c)
		}
	})
	for _, roll := range rolls {
		listed := map[string]int{}
		for _, k := range turn.LegalKeeps(roll.Pips()) {
			listed[fmt.Sprint(k.Dice, k.FivesAsOnes)] = k.Points
		}
		forSubsets(roll, func(keep Counts) {
			if keep.N() == 0 {
				return
			}
			for fives := 0; fives <= min(2, keep[5]); fives++ {
				key := fmt.Sprint(keep.Pips(), fives)
				want, ok := listed[key]
				c := turn.Clone()
				err := c.Throw(Throw{Roll: roll.Pips(), Keep: keep.Pips(), FivesAsOnes: fives})
				switch {
				case ok && err != nil:
					t.Fatalf("%s: throw %s keep %s fives %d is listed at %d but refused: %v", name, roll, keep, fives, want, err)
				case !ok && err == nil:
					t.Fatalf("%s: throw %s keep %s fives %d is accepted (%d) but not listed", name, roll, keep, fives, c.LastValue)
				case ok && c.LastValue != want:
					t.Fatalf("%s: throw %s keep %s fives %d is worth %d, listed at %d", name, roll, keep, fives, c.LastValue, want)
				}
			}
		})
	}
}
