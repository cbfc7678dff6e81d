package validate

// The stop rules of the Zehntausend family are data: each game lists the
// rules that may forbid a stop, built with its combination table from the
// house rules in force. StopBlockers asks each of them in order.

// stopRule says why the turn t may not stop now, or nil when it does not
// forbid it.
type stopRule func(t *FamilyTurn) *Error

// The stop rules, by what they ask for.
var (
	// 5050: a pass with a 1500 must be confirmed by a new pass first.
	stopConfirm1500 stopRule = func(t *FamilyTurn) *Error {
		if t.pass1500 {
			return newError(CodeConfirm1500)
		}
		return nil
	}
	// 5050: a pass must hold 350 (a 1500 pass is refused above instead).
	stopHurdle350 stopRule = func(t *FamilyTurn) *Error {
		if p := t.passPoints; p < 350 && !t.pass1500 {
			return newError(CodeHurdle350, p)
		}
		return nil
	}
	// 5000: entering the game needs 500 in a turn, every later stop 100.
	stopEntryOrMinimum stopRule = func(t *FamilyTurn) *Error {
		if !t.ctx.Entered && t.turnPoints < t.rules.variant.EntryPoints {
			return newError(CodeEntry500, t.turnPoints)
		} else if t.turnPoints < 100 {
			return newError(CodeMin100, t.turnPoints)
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
	stopVerschaerftPoints stopRule = func(t *FamilyTurn) *Error {
		if t.turnPoints < 350 {
			return newError(CodeVerschaerftPts, t.turnPoints)
		}
		return nil
	}
	// ... and at most two dice in the cup.
	stopVerschaerftDice stopRule = func(t *FamilyTurn) *Error {
		if left := t.rules.Dice() - t.aside; left > 2 {
			return newError(CodeVerschaerftDice, left)
		}
		return nil
	}
	// steigerung: more than the previous turn's result.
	stopSteigerung stopRule = func(t *FamilyTurn) *Error {
		if t.turnPoints <= t.ctx.Previous {
			return newError(CodeSteigerung, t.turnPoints, t.ctx.Previous)
		}
		return nil
	}
)

// zehntausendStops are the stop rules of the house rules in o.
func zehntausendStops(o Options) []stopRule {
	var out []stopRule
	if o.Beweisen {
		out = append(out, stopProof)
	}
	if o.Bestaetigen {
		out = append(out, stopConfirmAll)
	}
	if o.Verschaerft {
		out = append(out, stopVerschaerftPoints, stopVerschaerftDice)
	}
	if o.Steigerung {
		out = append(out, stopSteigerung)
	}
	return out
}
