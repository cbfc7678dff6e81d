package family

import "github.com/wuerfelblock/wuerfelblock/validate"

// hurdle is 5050's pass points needed to stop.
const hurdle = 350

// state is what decides the future of a turn besides its points: the part
// of validate.FamilyTurn that a later throw, keep or stop can see. Fields a
// rule set does not use stay zero, so that equal futures share one state.
type state struct {
	aside   int8     // dice set aside in the pass: 0 only before the turn's first throw, all after hot dice
	pass    int16    // 5050: the pass's points, counted up to 350 (only the hurdle reads them)
	proof   bool     // beweisen: an of-a-kind combination waits for its proof
	confirm bool     // bestaetigen: a full throw set all dice aside; the next throw must score
	c1500   bool     // 5050: the pass holds a 1500 combination to confirm
	combos  [7]int32 // ergaenzen: per face the highest of-a-kind value kept in this pass
}

// game is what the state abstraction reads of the rules.
type game struct {
	rules       *validate.Rules
	id          validate.GameID
	dice        int
	beweisen    bool
	bestaetigen bool
	verschaerft bool
	ergaenzen   bool
	minus, nix  bool
}

func newGame(r *validate.Rules) game {
	o := r.Options
	z := r.Game == validate.GameZehntausend
	return game{
		rules: r, id: r.Game, dice: r.Dice(),
		beweisen:    z && o.Beweisen,
		bestaetigen: z && o.Bestaetigen,
		verschaerft: z && o.Verschaerft,
		ergaenzen:   z && o.Ergaenzen,
		minus:       z && o.Minus,
		nix:         z && o.Nix,
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
	if g.id == validate.Game5050 {
		s.pass = int16(min(int(s.pass)+k.Points, hurdle))
	}
	if g.beweisen {
		// A single 1 or 5 outside combinations proves all before it; a new
		// of-a-kind combination needs its own proof.
		if k.Reading.Proves {
			s.proof = false
		}
		if k.Reading.OfAKind {
			s.proof = true
		}
	}
	if k.Reading.Confirm {
		s.c1500 = true
	}
	if g.bestaetigen {
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

// canStop reports whether the rules allow a stop at s with t turn points,
// where floor is the least turn points a stop needs (5000's 100 or 500 to
// enter, verschaerft's 350, steigerung's previous result + 50). It follows
// validate.FamilyTurn.StopBlockers.
func (g *game) canStop(s state, t, floor int) bool {
	if s.aside == 0 {
		return false // no throw yet
	}
	switch g.id {
	case validate.Game5050:
		return !s.c1500 && s.pass >= hurdle
	case validate.Game5000:
		return t >= floor && t%100 != 50
	}
	if s.proof || s.confirm {
		return false
	}
	if g.verschaerft && g.dice-int(s.aside) > 2 {
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
	switch {
	case g.nix:
		return 1000
	case g.minus:
		return -1000
	}
	return 0
}

// floor is the least turn points a stop needs in the given turn context.
func (g *game) floor(ctx validate.TurnContext) int {
	switch g.id {
	case validate.Game5000:
		if ctx.Entered {
			return 100
		}
		return max(g.rules.Variant().EntryPoints, 100)
	case validate.GameZehntausend:
		f := 0
		if g.verschaerft {
			f = 350
		}
		if g.rules.Options.Steigerung && ctx.Previous >= 0 {
			// More than the previous result: the next multiple of 50 above it.
			f = max(f, (ctx.Previous/50+1)*50)
		}
		return f
	}
	return 0
}

// period is how many 50-point steps the stop rule repeats with: 5000 never
// stops on a 50, so the parity of T/50 belongs to the state there.
func (g *game) period() int {
	if g.id == validate.Game5000 {
		return 2
	}
	return 1
}
