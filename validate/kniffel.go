package validate

import "strings"

// Category is a box of the Kniffel sheet.
type Category int

// The categories in sheet order.
const (
	Einser Category = iota
	Zweier
	Dreier
	Vierer
	Fuenfer
	Sechser
	Dreierpasch
	Viererpasch
	FullHouse
	KleineStrasse
	GrosseStrasse
	Kniffel
	Chance
	NumCategories
)

var categoryInfo = [NumCategories]struct{ id, de, en string }{
	{"einser", "Einser", "Ones"},
	{"zweier", "Zweier", "Twos"},
	{"dreier", "Dreier", "Threes"},
	{"vierer", "Vierer", "Fours"},
	{"fuenfer", "Fünfer", "Fives"},
	{"sechser", "Sechser", "Sixes"},
	{"dreierpasch", "Dreierpasch", "Three of a kind"},
	{"viererpasch", "Viererpasch", "Four of a kind"},
	{"full-house", "Full House", "Full house"},
	{"kleine-strasse", "Kleine Straße", "Small straight"},
	{"grosse-strasse", "Große Straße", "Large straight"},
	{"kniffel", "Kniffel", "Kniffel"},
	{"chance", "Chance", "Chance"},
}

// ID is the category's stable id.
func (c Category) ID() string { return categoryInfo[c].id }

// Name is the category's name in l.
func (c Category) Name(l Lang) string {
	if l == German {
		return categoryInfo[c].de
	}
	return categoryInfo[c].en
}

// Text is the category's name in l, for messages.
func (c Category) Text(l Lang) string { return c.Name(l) }

// Upper reports whether the category is in the upper section.
func (c Category) Upper() bool { return c <= Sechser }

// ParseCategory finds a category by its id.
func ParseCategory(id string) (Category, error) {
	for c := Category(0); c < NumCategories; c++ {
		if categoryInfo[c].id == id {
			return c, nil
		}
	}
	ids := make([]string, NumCategories)
	for c := range ids {
		ids[c] = categoryInfo[c].id
	}
	return 0, newError(CodeKniffelCategory, id, strings.Join(ids, " "))
}

// KniffelScore is what five dice score in category c by the plain rules.
func KniffelScore(c Category, dice Counts) int {
	if c.Upper() {
		f := int(c) + 1
		return f * dice[f]
	}
	most, pairs, threes := 0, 0, 0
	for f := 1; f <= 6; f++ {
		most = max(most, dice[f])
		if dice[f] == 2 {
			pairs++
		}
		if dice[f] == 3 {
			threes++
		}
	}
	run := longestRun(dice)
	switch c {
	case Dreierpasch:
		if most >= 3 {
			return dice.Sum()
		}
	case Viererpasch:
		if most >= 4 {
			return dice.Sum()
		}
	case FullHouse:
		if threes == 1 && pairs == 1 {
			return 25
		}
	case KleineStrasse:
		if run >= 4 {
			return 30
		}
	case GrosseStrasse:
		if run >= 5 {
			return 40
		}
	case Kniffel:
		if most == 5 {
			return 50
		}
	case Chance:
		return dice.Sum()
	}
	return 0
}

func longestRun(d Counts) int {
	best, cur := 0, 0
	for f := 1; f <= 6; f++ {
		if d[f] > 0 {
			cur++
			best = max(best, cur)
		} else {
			cur = 0
		}
	}
	return best
}

// KniffelBoxes are the filled boxes of one player's column.
type KniffelBoxes struct {
	Filled [NumCategories]bool
	Value  [NumCategories]int
}

// Placement is the outcome of entering five dice in a box.
type Placement struct {
	Category Category
	Points   int  // the box's score
	Bonus    int  // 100 for a further Kniffel while the Kniffel box holds 50
	Joker    bool // the joker rule applied
}

func isKniffel(d Counts) bool {
	for f := 1; f <= 6; f++ {
		if d[f] == 5 {
			return true
		}
	}
	return false
}

// Place checks entering dice in box c of a column and says what it scores.
func (r *Rules) Place(b KniffelBoxes, dice Counts, c Category) (Placement, error) {
	if c < 0 || c >= NumCategories {
		return Placement{}, newError(CodeKniffelCategory, "?", "")
	}
	if b.Filled[c] {
		return Placement{}, newError(CodeKniffelFilled, c)
	}
	p := Placement{Category: c, Points: KniffelScore(c, dice)}
	if !isKniffel(dice) || !b.Filled[Kniffel] {
		return p, nil
	}
	if b.Value[Kniffel] == 50 {
		p.Bonus = 100
	}
	if !r.Options.Joker {
		return p, nil
	}
	face := 0
	for f := 1; f <= 6; f++ {
		if dice[f] == 5 {
			face = f
		}
	}
	upper := Category(face - 1)
	if !b.Filled[upper] && c != upper {
		return Placement{}, newError(CodeJokerUpper, upper)
	}
	if c.Upper() && c != upper {
		for l := Dreierpasch; l < NumCategories; l++ {
			if !b.Filled[l] {
				return Placement{}, newError(CodeJokerLower)
			}
		}
	}
	p.Joker = true
	switch c {
	case FullHouse:
		p.Points = 25
	case KleineStrasse:
		p.Points = 30
	case GrosseStrasse:
		p.Points = 40
	}
	return p, nil
}

// KniffelTurn is one player's turn of up to three throws.
type KniffelTurn struct {
	throws  int
	five    Counts // the five dice after the last throw
	keep    Counts // held for the next throw
	hasKeep bool
	done    bool
}

// NewKniffelTurn starts a turn.
func (r *Rules) NewKniffelTurn() *KniffelTurn { return &KniffelTurn{} }

// Throws counts the throws so far.
func (t *KniffelTurn) Throws() int { return t.throws }

// ThrowsLeft is how many throws the turn still has (0 to 3). Dice can be
// kept only for a throw that is still to come.
func (t *KniffelTurn) ThrowsLeft() int { return KniffelThrows - t.throws }

// Dice are the five dice after the last throw.
func (t *KniffelTurn) Dice() Counts { return t.five }

// Kept is the dice held for the next throw, if a keep was entered.
func (t *KniffelTurn) Kept() (Counts, bool) { return t.keep, t.hasKeep }

// Done reports whether a category was chosen.
func (t *KniffelTurn) Done() bool { return t.done }

// DiceToThrow is how many dice the next throw uses.
func (t *KniffelTurn) DiceToThrow() int {
	if t.throws == 0 {
		return 5
	}
	if t.hasKeep {
		return 5 - t.keep.N()
	}
	return 5
}

// Throw enters a throw; keep (nil for none) is the dice of the resulting five
// held for the next throw.
func (t *KniffelTurn) Throw(roll, keep []int) error {
	if t.done {
		return newError(CodeTurnOver, PhraseScored)
	}
	if err := CheckPips(roll); err != nil {
		return err
	}
	if err := CheckPips(keep); err != nil {
		return err
	}
	if err := t.checkNext(roll); err != nil {
		return err
	}
	five := t.held().Plus(CountsOf(roll))
	k := CountsOf(keep)
	if !five.Contains(k) {
		return newError(CodeKniffelKeep, FormatDice(keep), five.String())
	}
	if t.throws == KniffelThrows-1 {
		// The third throw is the last: nothing can be held for another one.
		// Holding all five is standing on them, holding none is no keep.
		switch k.N() {
		case 0:
			keep = nil
		case 5:
		default:
			return newError(CodeKniffelKeepLast)
		}
	}
	t.throws++
	t.five = five
	t.keep, t.hasKeep = k, keep != nil
	return nil
}

// held is the dice held from the last throw for the next one (none after
// a throw without a keep: everything is thrown again).
func (t *KniffelTurn) held() Counts {
	if t.throws > 0 && t.hasKeep {
		return t.keep
	}
	return Counts{}
}

// checkNext: a throw is still due and has the dice not held.
func (t *KniffelTurn) checkNext(roll []int) error {
	if t.throws >= KniffelThrows {
		return newError(CodeKniffelThrows)
	}
	want := 5 - t.held().N()
	if want == 0 {
		return newError(CodeKniffelAllKept)
	}
	if len(roll) != want {
		return newError(CodeDiceCount, want, PhraseKniffelDice, len(roll))
	}
	return nil
}

// CheckRoll checks a throw before its keep is known: the turn is running,
// a throw is still due, the pips are dice and it has the dice not held.
func (t *KniffelTurn) CheckRoll(roll []int) error {
	if t.done {
		return newError(CodeTurnOver, PhraseScored)
	}
	if err := CheckPips(roll); err != nil {
		return err
	}
	return t.checkNext(roll)
}

// SetDice enters the final five dice at once (quick entry).
func (t *KniffelTurn) SetDice(dice []int) error {
	if t.done {
		return newError(CodeTurnOver, PhraseScored)
	}
	if err := CheckPips(dice); err != nil {
		return err
	}
	if len(dice) != 5 {
		return newError(CodeDiceCount, 5, PhraseFinalDice, len(dice))
	}
	t.throws = 1
	t.five = CountsOf(dice)
	t.keep, t.hasKeep = Counts{}, false
	return nil
}

// Score enters the turn's dice in box c of column b.
func (r *Rules) Score(t *KniffelTurn, b KniffelBoxes, c Category) (Placement, error) {
	if t.done {
		return Placement{}, newError(CodeTurnOver, PhraseScored)
	}
	if t.throws == 0 {
		return Placement{}, newError(CodeKniffelNoThrow)
	}
	// Keeping all five dice is standing on them; keeping fewer asks for a throw.
	if t.hasKeep && t.keep.N() < 5 {
		return Placement{}, newError(CodeKniffelKeepLast)
	}
	p, err := r.Place(b, t.five, c)
	if err != nil {
		return Placement{}, err
	}
	t.done = true
	return p, nil
}

// Clone returns an independent copy of the turn.
func (t *KniffelTurn) Clone() *KniffelTurn { c := *t; return &c }

// KniffelThrows is how many throws a Kniffel turn has.
const KniffelThrows = 3

// LastThrow reports whether the next throw is the turn's last: nothing can
// be kept after it for a further throw (keeping all five is standing on them).
func (t *KniffelTurn) LastThrow() bool { return t.ThrowsLeft() <= 1 }

// After is the five dice a throw of roll gives: the dice held plus the throw.
func (t *KniffelTurn) After(roll []int) Counts { return t.held().Plus(CountsOf(roll)) }

// ScoreDice are the five dice a box takes now; ok is false while the turn
// still needs a throw (none yet, or dice held for another one).
func (t *KniffelTurn) ScoreDice() (Counts, bool) {
	if t.throws > 0 && (!t.hasKeep || t.keep.N() == 5) {
		return t.five, true
	}
	return Counts{}, false
}
