package kniffel

import (
	"fmt"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// jokerRule is what happens to a further Kniffel once the Kniffel box is
// filled.
type jokerRule int8

const (
	// jokerNone: a further Kniffel goes in any free box and scores there by
	// the plain rules (Kniffel without the joker option).
	jokerNone jokerRule = iota
	// jokerForced: the official joker rule (Kniffel's joker option, US
	// Yahtzee): the matching upper box if free, else any free lower box at
	// full value (Full House 25, straights 30 and 40), else any upper box
	// with 0.
	jokerForced
	// jokerFree: any free box, the lower ones at full value ("free-choice
	// joker"); only for checking the method against the literature.
	jokerFree
)

// variant is the rule set the solver plays. Kniffel players choose only the
// joker option; the other variants exist to check the method against the
// published values of US Yahtzee.
type variant struct {
	joker jokerRule
	bonus int // for each further Kniffel while the Kniffel box holds 50
}

func variantOf(joker bool) variant {
	if joker {
		return variant{joker: jokerForced, bonus: 100}
	}
	return variant{joker: jokerNone, bonus: 100}
}

func (v variant) key() string {
	j := [...]string{"none", "forced", "free"}[v.joker]
	return fmt.Sprintf("joker=%s,bonus=%d", j, v.bonus)
}

const (
	upperBonus     = 35
	upperThreshold = 63
	allFilled      = 1<<validate.NumCategories - 1
	upperMask      = 1<<6 - 1
	kniffelBit     = 1 << validate.Kniffel
	lowerMask      = allFilled &^ upperMask
)

// place says what throw r scores in box c of a sheet whose filled boxes are
// mask (kniffel50: the Kniffel box holds 50): the box's points, the Kniffel
// bonus, and whether the box may take the throw at all (the joker's forced
// placement). It decides exactly as validate.Rules.Place does.
func (v variant) place(mask int, kniffel50 bool, r int, c validate.Category) (points, bonus int, ok bool) {
	t := tables()
	if mask&(1<<c) != 0 {
		return 0, 0, false
	}
	points = int(t.score[c][r])
	face := int(t.kniffelFace[r])
	if face == 0 || mask&kniffelBit == 0 {
		return points, 0, true
	}
	if kniffel50 {
		bonus = v.bonus
	}
	switch v.joker {
	case jokerNone:
		return points, bonus, true
	case jokerForced:
		upper := validate.Category(face - 1)
		if mask&(1<<upper) == 0 && c != upper {
			return 0, 0, false
		}
		if c.Upper() && c != upper && mask&lowerMask != lowerMask {
			return 0, 0, false
		}
	case jokerFree:
		// Any box; the lower boxes at full value only once the matching
		// upper box is filled.
		if mask&(1<<(face-1)) == 0 {
			return points, bonus, true
		}
	}
	switch c {
	case validate.FullHouse:
		points = 25
	case validate.KleineStrasse:
		points = 30
	case validate.GrosseStrasse:
		points = 40
	}
	return points, bonus, true
}
