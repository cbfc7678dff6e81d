package validate

// The stop rules of the Zehntausend family are data: a game's Variant holds
// its Stops (the game's own, and those its house rules switch on, see
// zehntausendStops), and from them the turn engine builds the rules that
// may forbid a stop (StopBlockers asks each in order) and the coach reads
// its model of a turn (StopFloor, the floors and the state a stop needs).

// Stops are the rules of the Zehntausend family that may forbid writing a
// turn down, as data. The zero value forbids nothing (besides what every
// turn forbids: a stop before the first throw, after a bust or a void throw).
type Stops struct {
	// PassPoints: each pass (the throws up to hot dice) must hold this many
	// points before a stop (5050: 350); 0 for none. A new pass that holds
	// them also confirms a pass's combination to confirm.
	PassPoints int
	// ConfirmPass: a pass that holds a combination to confirm (5050's 1500s)
	// is not written down; it needs a new pass first (see PassPoints).
	ConfirmPass bool
	// Minimum: every stop needs this many turn points (5000: 100); before
	// entering, Variant.EntryPoints (when more) instead.
	Minimum int
	// RoundHundreds: no stop while the turn's points end in 50 (5000).
	RoundHundreds bool
	// Proof: an of-a-kind combination must be proved by a later 1 or 5
	// before a stop (beweisen).
	Proof bool
	// ConfirmAll: a throw of all dice that set all of them aside must be
	// confirmed by the next throw scoring (bestaetigen).
	ConfirmAll bool
	// TightPoints and TightCup: a stop needs this many turn points, and at
	// most TightCup dice left in the cup (verschaerft: 350 and 2; 0: none).
	TightPoints, TightCup int
	// AbovePrevious: a stop needs more points than the previous turn's
	// result (steigerung).
	AbovePrevious bool
}

// StopFloor is the least turn points a stop needs in ctx by the rules'
// Stops: their minimum, the entry while ctx is not entered, verschaerft's
// points, and above the previous result (the next multiple of 50 above
// it). Whether a stop is allowed also depends on the turn's state (the
// pass, proofs, confirmations, the dice in the cup, a 50 in 5000): see
// FamilyTurn.StopBlockers.
func (r *Rules) StopFloor(ctx TurnContext) int {
	s := r.variant.Stops
	f := max(s.Minimum, s.TightPoints)
	if !ctx.Entered {
		f = max(f, r.variant.EntryPoints)
	}
	if s.AbovePrevious && ctx.Previous >= 0 {
		f = max(f, (ctx.Previous/50+1)*50)
	}
	return f
}

// stopRule says why the turn t may not stop now, or nil when it does not
// forbid it.
type stopRule func(t *FamilyTurn) *Error

// stopRules are every stop rule, most important first, each with whether
// the Stops s hold it; a game's rules are those its Stops hold, in this
// order (stopRulesOf).
var stopRules = []struct {
	in    func(s Stops, v Variant) bool
	check stopRule
}{
	{func(s Stops, _ Variant) bool { return s.ConfirmPass }, stopConfirmPass},
	{func(s Stops, _ Variant) bool { return s.PassPoints > 0 }, stopPassPoints},
	{func(s Stops, v Variant) bool { return s.Minimum > 0 || v.EntryPoints > 0 }, stopEntryOrMinimum},
	{func(s Stops, _ Variant) bool { return s.RoundHundreds }, stopRoundHundreds},
	{func(s Stops, _ Variant) bool { return s.Proof }, stopProof},
	{func(s Stops, _ Variant) bool { return s.ConfirmAll }, stopConfirmAll},
	{func(s Stops, _ Variant) bool { return s.TightPoints > 0 }, stopTightPoints},
	{func(s Stops, _ Variant) bool { return s.TightCup > 0 }, stopTightCup},
	{func(s Stops, _ Variant) bool { return s.AbovePrevious }, stopAbovePrevious},
}

// stopRulesOf are the stop rules of the game facts v.
func stopRulesOf(v Variant) []stopRule {
	var out []stopRule
	for _, r := range stopRules {
		if r.in(v.Stops, v) {
			out = append(out, r.check)
		}
	}
	return out
}

// The stop rules, by what they ask for.
var (
	// 5050: a pass with a 1500 must be confirmed by a new pass first.
	stopConfirmPass stopRule = func(t *FamilyTurn) *Error {
		if t.pass1500 {
			return newError(CodeConfirm1500, t.stops().PassPoints)
		}
		return nil
	}
	// 5050: a pass must hold 350 (a 1500 pass is refused above instead).
	stopPassPoints stopRule = func(t *FamilyTurn) *Error {
		if p, need := t.passPoints, t.stops().PassPoints; p < need && !t.pass1500 {
			return newError(CodeHurdle350, need, p)
		}
		return nil
	}
	// 5000: entering the game needs 500 in a turn, every later stop 100.
	stopEntryOrMinimum stopRule = func(t *FamilyTurn) *Error {
		if entry := t.rules.variant.EntryPoints; !t.ctx.Entered && t.turnPoints < entry {
			return newError(CodeEntry500, entry, t.turnPoints)
		} else if least := t.stops().Minimum; t.turnPoints < least {
			return newError(CodeMin100, least, t.turnPoints)
		}
		return nil
	}
	// 5000: only round hundreds are written.
	stopRoundHundreds stopRule = func(t *FamilyTurn) *Error {
		if t.turnPoints%100 == 50 {
			return newError(CodeRoundHundreds, t.turnPoints)
		}
		return nil
	}
	// beweisen: an of-a-kind combination waits for its proof.
	stopProof stopRule = func(t *FamilyTurn) *Error {
		if t.pendProof {
			return newError(CodeProof)
		}
		return nil
	}
	// bestaetigen: a throw of all dice set aside must be confirmed.
	stopConfirmAll stopRule = func(t *FamilyTurn) *Error {
		if t.mustConfirm {
			return newError(CodeConfirmAll)
		}
		return nil
	}
	// verschaerft: 350 turn points ...
	stopTightPoints stopRule = func(t *FamilyTurn) *Error {
		if need := t.stops().TightPoints; t.turnPoints < need {
			return newError(CodeVerschaerftPts, need, t.turnPoints)
		}
		return nil
	}
	// ... and at most two dice in the cup.
	stopTightCup stopRule = func(t *FamilyTurn) *Error {
		if left, most := t.rules.Dice()-t.aside, t.stops().TightCup; left > most {
			return newError(CodeVerschaerftDice, most, left)
		}
		return nil
	}
	// steigerung: more than the previous turn's result.
	stopAbovePrevious stopRule = func(t *FamilyTurn) *Error {
		if t.turnPoints <= t.ctx.Previous {
			return newError(CodeSteigerung, t.turnPoints, t.ctx.Previous)
		}
		return nil
	}
)

// stops are the stop rules of the turn's game.
func (t *FamilyTurn) stops() *Stops { return &t.rules.variant.Stops }

// zehntausendStops are the stop rules of Zehntausend's house rules in o.
func zehntausendStops(o Options) Stops {
	s := Stops{Proof: o.Beweisen, ConfirmAll: o.Bestaetigen, AbovePrevious: o.Steigerung}
	if o.Verschaerft {
		s.TightPoints, s.TightCup = 350, 2
	}
	return s
}
