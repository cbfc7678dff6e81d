package validate

import "slices"

// TotTurn is one turn of Totwürfeln: throw the live dice until every die has
// shown a killer number.
type TotTurn struct {
	rules  *Rules
	live   int
	points int
	throws int
}

// NewTotTurn starts a turn with all dice alive.
func (r *Rules) NewTotTurn() *TotTurn { return &TotTurn{rules: r, live: r.Dice()} }

// Live is the number of dice still in play.
func (t *TotTurn) Live() int { return t.live }

// Points are the turn's points so far.
func (t *TotTurn) Points() int { return t.points }

// Throws counts the throws so far.
func (t *TotTurn) Throws() int { return t.throws }

// Done reports whether every die is out.
func (t *TotTurn) Done() bool { return t.live == 0 }

// IsKiller reports whether face f is a killer number.
func (r *Rules) IsKiller(f int) bool { return slices.Contains(r.Options.Killer, f) }

// TotValue is what a throw scores in Totwürfeln and how many dice die.
func (r *Rules) TotValue(roll []int) (points, killed int) {
	for _, p := range roll {
		if r.IsKiller(p) {
			killed++
		} else {
			points += p
		}
	}
	if killed > 0 && r.Options.KillerwurfZaehltNicht {
		points = 0
	}
	return points, killed
}

// Throw enters a throw of all live dice.
func (t *TotTurn) Throw(roll []int) error {
	if err := t.CheckRoll(roll); err != nil {
		return err
	}
	p, k := t.rules.TotValue(roll)
	t.points += p
	t.live -= k
	t.throws++
	return nil
}

// CheckRoll checks a throw: the turn is running, the pips are dice and it
// throws all live dice.
func (t *TotTurn) CheckRoll(roll []int) error {
	if t.live == 0 {
		return newError(CodeTurnOver, PhraseAllDiceOut)
	}
	if err := CheckPips(roll); err != nil {
		return err
	}
	if len(roll) != t.live {
		return newError(CodeDiceCount, t.live, PhraseLiveDice, len(roll))
	}
	return nil
}

// Clone returns an independent copy of the turn.
func (t *TotTurn) Clone() *TotTurn { c := *t; return &c }

// DreissigTurn is one turn of Dreißig tot: set dice aside until all six are
// out, then, over 30, the attack on the Vordermann.
type DreissigTurn struct {
	rules      *Rules
	aside      int
	sum        int
	throws     int
	target     int // attack face, 0 when there is no attack
	attackLive int
	attackHits int // pips taken from the Vordermann
	attacks    int
	attackOver bool
}

// NewDreissigTurn starts a turn.
func (r *Rules) NewDreissigTurn() *DreissigTurn { return &DreissigTurn{rules: r} }

// Aside is the number of dice set aside so far.
func (t *DreissigTurn) Aside() int { return t.aside }

// Sum is the pips of the dice set aside.
func (t *DreissigTurn) Sum() int { return t.sum }

// Target is the attack face (sum − 30), 0 when there is no attack.
func (t *DreissigTurn) Target() int { return t.target }

// Attacking reports whether the attack is under way.
func (t *DreissigTurn) Attacking() bool { return t.target > 0 && !t.attackOver }

// AttackLive is the number of dice for the next attack throw.
func (t *DreissigTurn) AttackLive() int { return t.attackLive }

// Taken is the pips the attack took from the Vordermann so far.
func (t *DreissigTurn) Taken() int { return t.attackHits }

// Throws counts own throws; Attacks counts attack throws.
func (t *DreissigTurn) Throws() int  { return t.throws }
func (t *DreissigTurn) Attacks() int { return t.attacks }

// Done reports whether the turn is over.
func (t *DreissigTurn) Done() bool {
	return t.aside == 6 && (t.target == 0 || t.attackOver)
}

// Throw enters one of the player's own throws with the dice set aside.
func (t *DreissigTurn) Throw(roll, keep []int) error {
	if t.aside == 6 {
		return newError(CodeTurnOver, PhraseSixAside)
	}
	if err := CheckPips(roll); err != nil {
		return err
	}
	if err := CheckPips(keep); err != nil {
		return err
	}
	if err := t.checkCount(roll); err != nil {
		return err
	}
	r, k := CountsOf(roll), CountsOf(keep)
	if !r.Contains(k) {
		return newError(CodeKeepNotThrown, FormatDice(keep), FormatDice(roll))
	}
	if k.N() == 0 {
		return newError(CodeDreissigKeepNone)
	}
	t.throws++
	t.aside += k.N()
	t.sum += k.Sum()
	if t.aside == 6 {
		if t.target = DreissigResult(t.sum).Target; t.target > 0 {
			t.attackLive = 6
		}
	}
	return nil
}

// InCup is the number of dice for the player's next own throw.
func (t *DreissigTurn) InCup() int { return 6 - t.aside }

func (t *DreissigTurn) checkCount(roll []int) error {
	if len(roll) != t.InCup() {
		return newError(CodeDiceCount, t.InCup(), PhraseLeftInCup, len(roll))
	}
	return nil
}

// CheckRoll checks one of the player's own throws before the dice set aside
// are known: dice are still in the cup, the pips are dice and it throws
// all of them.
func (t *DreissigTurn) CheckRoll(roll []int) error {
	if t.aside == 6 {
		return newError(CodeTurnOver, PhraseSixAside)
	}
	if err := CheckPips(roll); err != nil {
		return err
	}
	return t.checkCount(roll)
}

// Attack enters one throw of the attack on the Vordermann.
func (t *DreissigTurn) Attack(roll []int) error {
	if t.aside < 6 {
		return newError(CodeAttackBeforeOwn)
	}
	if t.target == 0 {
		return newError(CodeAttackNotDue, t.sum)
	}
	if t.attackOver {
		return newError(CodeAttackOver, t.target)
	}
	if err := CheckPips(roll); err != nil {
		return err
	}
	if len(roll) != t.attackLive {
		return newError(CodeDiceCount, t.attackLive, PhraseAttackDice, len(roll))
	}
	hits := 0
	for _, p := range roll {
		if p == t.target {
			hits++
		}
	}
	t.attacks++
	t.attackHits += hits * t.target
	t.attackLive -= hits
	if hits == 0 || t.attackLive == 0 {
		t.attackOver = true
	}
	return nil
}

// Clone returns an independent copy of the turn.
func (t *DreissigTurn) Clone() *DreissigTurn { c := *t; return &c }

// DreissigLine is the sum the six dice of a Dreißig-tot turn are measured against.
const DreissigLine = 30

// DreissigOutcome is what the sum of the six dice set aside means: under
// 30 the difference comes off the player's own account (Cost); over 30 the
// attack on the Vordermann with Target = sum − 30; exactly 30 nothing.
type DreissigOutcome struct{ Cost, Target int }

// DreissigResult is the outcome of a Dreißig-tot turn whose dice sum to sum.
func DreissigResult(sum int) DreissigOutcome {
	switch {
	case sum < DreissigLine:
		return DreissigOutcome{Cost: DreissigLine - sum}
	case sum > DreissigLine:
		return DreissigOutcome{Target: sum - DreissigLine}
	}
	return DreissigOutcome{}
}
