package family

import "github.com/wuerfelblock/wuerfelblock/validate"

// state is what decides the future of a turn besides its points: the part
// of validate.FamilyTurn that a later throw, keep or stop can see. Fields a
// rule set does not use stay zero, so that equal futures share one state.
type state struct {
	aside   int8     // dice set aside in the pass: 0 only before the turn's first throw, all after hot dice
	pass    int16    // Stops.PassPoints (5050): the pass's points, counted up to them (only that rule reads them)
	proof   bool     // Stops.Proof (beweisen): an of-a-kind combination waits for its proof
	confirm bool     // Stops.ConfirmAll (bestaetigen): a full throw set all dice aside; the next throw must score
	c1500   bool     // Stops.ConfirmPass (5050): the pass holds a 1500 combination to confirm
	combos  [7]int32 // ergaenzen: per face the highest of-a-kind value kept in this pass
}

// game is what the state abstraction reads of the rules: the stop rules
// are the game's definition's (validate.Variant.Stops), nothing here asks
// which game it is.
type game struct {
	rules     *validate.Rules
	id        validate.GameID // for messages only
	dice      int
	stops     validate.Stops
	ergaenzen bool
	firstBust int // what a bust on the turn's first throw banks (minus, nix)
}

func newGame(r *validate.Rules) game {
	return game{
		rules: r, id: r.Game, dice: r.Dice(),
		stops:     r.Variant().Stops,
		ergaenzen: r.Options.Ergaenzen,
		firstBust: r.FirstBust(),
	}
}

// cup is how many dice the next throw uses.
func (g *game) cup(s state) int {
	if s.aside == 0 || int(s.aside) == g.dice {
		return g.dice
	}
	return g.dice - int(s.aside)
}

// fresh reports whether the next throw starts a pass (the turn's first
// throw, or all dice again after hot dice): no earlier combination of the
// pass can be doubled.
func (g *game) fresh(s state) bool { return s.aside == 0 || int(s.aside) == g.dice }

// next is the state after keep k, and the points it adds. It follows
// validate.FamilyTurn.Throw step by step.
func (g *game) next(s state, k validate.Keep) (state, int) {
	if int(s.aside) == g.dice { // hot dice: this throw starts a new pass
		s.aside, s.pass, s.c1500, s.combos = 0, 0, false, [7]int32{}
	}
	full := s.aside == 0
	s.aside += int8(len(k.Dice))
	if g.stops.PassPoints > 0 {
		s.pass = int16(min(int(s.pass)+k.Points, g.stops.PassPoints))
	}
	if g.stops.Proof {
		// A single 1 or 5 outside combinations proves all before it; a new
		// of-a-kind combination needs its own proof.
		if k.Reading.Proves {
			s.proof = false
		}
		if k.Reading.OfAKind {
			s.proof = true
		}
	}
	if k.Reading.Confirm && g.stops.ConfirmPass {
		s.c1500 = true
	}
	if g.stops.ConfirmAll {
		s.confirm = full && int(s.aside) == g.dice
	}
	if g.ergaenzen {
		for f := 1; f <= 6; f++ {
			if k.Doubled[f] > 0 {
				s.combos[f] <<= k.Doubled[f]
			}
			if v := int32(k.Reading.OfAKindValue[f]); v > s.combos[f] {
				s.combos[f] = v
			}
		}
		if int(s.aside) == g.dice {
			s.combos = [7]int32{} // the next throw starts a new pass
		}
	}
	return s, k.Points
}

// ready is the state with n dice in the cup (all of them: after hot dice)
// and nothing to prove, confirm or reach in the pass.
func (g *game) ready(n int) state {
	st := state{aside: int8(g.dice - n), pass: int16(g.stops.PassPoints)}
	if n == g.dice {
		st.aside = int8(g.dice)
	}
	return st
}

// canStop reports whether the rules allow a stop at s with t turn points,
// where floor is the least turn points a stop needs (validate's StopFloor:
// 5000's 100 or 500 to enter, verschaerft's 350, steigerung's previous
// result + 50). It follows validate.FamilyTurn.StopBlockers.
func (g *game) canStop(s state, t, floor int) bool {
	st := &g.stops
	switch {
	case s.aside == 0: // no throw yet
		return false
	case st.ConfirmPass && s.c1500, int(s.pass) < st.PassPoints:
		return false
	case s.proof || s.confirm:
		return false
	case st.TightCup > 0 && g.dice-int(s.aside) > st.TightCup:
		return false
	case st.RoundHundreds && t%100 == 50:
		return false
	}
	return t >= floor
}

// bust is what a bust banks at s: the turn's first throw under minus and
// nix, else nothing.
func (g *game) bust(s state) int {
	if s.aside != 0 {
		return 0
	}
	return g.firstBust
}

// floor is the least turn points a stop needs in the given turn context.
func (g *game) floor(ctx validate.TurnContext) int { return g.rules.StopFloor(ctx) }

// period is how many 50-point steps the stop rule repeats with: where no
// stop ends in 50 (5000) the parity of T/50 belongs to the state.
func (g *game) period() int {
	if g.stops.RoundHundreds {
		return 2
	}
	return 1
}
