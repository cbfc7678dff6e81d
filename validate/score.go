package validate

// DiceScore is what a set of dice scores on its own in a game (the score
// command): one of its parts is filled, by the game's turn engine.
type DiceScore struct {
	Keeps      []Keep             // Zehntausend family: the legal keeps, best first (none: a bust)
	Categories [NumCategories]int // Kniffel: what the five dice score in each box
	// Totwürfeln: the points, the dice killed and the dice still alive.
	Points, Killed, Live int
	// Dreißig tot: the pips, and with all six dice what the turn's sum means.
	Sum      int
	AllSix   bool
	Dreissig DreissigOutcome
}

// ScoreDice says what dice score in the game, refusing more dice than the
// game throws (Kniffel: exactly five).
func (r *Rules) ScoreDice(dice []int) (DiceScore, error) {
	if err := CheckPips(dice); err != nil {
		return DiceScore{}, err
	}
	if len(dice) == 0 {
		return DiceScore{}, newError(CodeNoDice)
	}
	var s DiceScore
	switch r.TurnEngine() {
	case FamilyKniffel:
		if len(dice) != 5 {
			return DiceScore{}, newError(CodeKniffelFive, len(dice))
		}
		for c := Category(0); c < NumCategories; c++ {
			s.Categories[c] = KniffelScore(c, CountsOf(dice))
		}
	case FamilyTot:
		if len(dice) > r.Dice() {
			return DiceScore{}, newError(CodeTooManyDice, string(r.Game), r.Dice(), len(dice))
		}
		s.Points, s.Killed = r.TotValue(dice)
		s.Live = len(dice) - s.Killed
	case FamilyDreissig:
		if len(dice) > 6 {
			return DiceScore{}, newError(CodeTooManyDice, string(r.Game), 6, len(dice))
		}
		s.Sum = CountsOf(dice).Sum()
		s.AllSix = len(dice) == 6
		s.Dreissig = DreissigResult(s.Sum)
	default:
		if len(dice) > r.Dice() {
			return DiceScore{}, newError(CodeTooManyDice, string(r.Game), r.Dice(), len(dice))
		}
		s.Keeps = r.LegalKeeps(dice)
	}
	return s, nil
}
