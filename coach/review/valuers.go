package review

import (
	"github.com/wuerfelblock/wuerfelblock/coach/dreissig"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Valuers are the solvers a review asks. A nil valuer leaves its games
// unreviewed.
type Valuers struct {
	Family  Family
	Kniffel Kniffel
	Win     Win // the chance to win (Zehntausend family); nil: none
	// KniffelWin: Kniffel's last three rounds by the chance to finish first
	// (kniffel_win.go); nil: none.
	KniffelWin KniffelWin
	Dreissig   DreissigTables
	// WinFinalPlayers, where more than 0: games of the Zehntausend family
	// with a final round and more players than this get no review by the
	// chance to win (the points review stands, with a note). The stored
	// reviews use it (internal/reviewer): with four or more players a
	// final round's exact chances cost about 1.6 CPU-s a turn, which an
	// import of a long history cannot pay; `review` has no limit.
	WinFinalPlayers int
}

// Family is what a review needs of the Zehntausend-family turn solver
// (coach/family).
type Family interface {
	// Start is the position before the first throw of a turn of rule set r
	// in the given context (5000: entered or not; steigerung: the result
	// just before).
	Start(r *validate.Rules, ctx validate.TurnContext) (FamilyPosition, error)
}

// FamilyPosition is a point of a turn, as the solver values it.
type FamilyPosition interface {
	// ThrowValue is the expected banked points of throwing on now and
	// playing best after.
	ThrowValue() float64
	// Value is the best of stopping (where allowed) and throwing on.
	Value() float64
	// StopValue is what stopping banks now; ok is false where it is not allowed.
	StopValue() (points int, ok bool)
	// Keeps lists every legal keep of roll with the value after it, best
	// first; a bust gives none.
	Keeps(roll []int) ([]FamilyKeep, error)
	// After is the position after the engine accepted keep k.
	After(k validate.Keep) (FamilyPosition, error)
	// AfterVoid is the position after a void throw.
	AfterVoid() FamilyPosition
}

// FamilyKeep is one legal keep with the value of the turn after it.
type FamilyKeep struct {
	Keep  validate.Keep
	Value float64
}

// Kniffel is what a review needs of the Kniffel solver (coach/kniffel).
type Kniffel interface {
	// GameValue is the expected final score from the empty sheet under
	// rules r.
	GameValue(r *validate.Rules) float64
	// Turn analyses the turn that starts on sheet b under rules r.
	Turn(r *validate.Rules, b validate.KniffelBoxes) KniffelTurn
}

// KniffelTurn values the stages of one Kniffel turn. Every value counts the
// points still to come from that moment on, bonuses included.
type KniffelTurn interface {
	// Value is the value before the turn's first throw.
	Value() float64
	// ThrowValue is the value of throwing the dice not held (held: fewer
	// than five dice) with throwsLeft (0–2) throws remaining after it.
	ThrowValue(held validate.Counts, throwsLeft int) float64
	// RollValue is the value of five dice with throwsLeft (0–2) throws
	// still allowed, under best play.
	RollValue(dice validate.Counts, throwsLeft int) float64
	// BestHold is the best hold of five dice with throwsLeft (1 or 2)
	// throws still allowed (all five: standing on them).
	BestHold(dice validate.Counts, throwsLeft int) validate.Counts
	// Boxes lists every box the dice may go in now with its value (its
	// points, bonuses earned now and the rest of the game), best first.
	Boxes(dice validate.Counts) []KniffelBox
}

// KniffelBox is a box five dice may go in now, with its value.
type KniffelBox struct {
	Category validate.Category
	Value    float64
}

// Warm builds the solver tables a review of a game under r will need, so
// that the review at the game's end does not wait for them (call it in the
// background when a game starts).
func (v Valuers) Warm(r *validate.Rules) {
	switch {
	case r.TurnEngine() == validate.FamilyKniffel && v.Kniffel != nil:
		v.Kniffel.GameValue(r)
	case isFamily(r.Game) && v.Family != nil:
		v.Family.Start(r, validate.TurnContext{Entered: true})
		if v.Win != nil { // the win table (seconds): the review by the chance to win needs it
			v.Win.Start(r, []int{0, 0}, 0)
		}
	}
}

// WarmPlayers is Warm for a game of n players: Dreißig tot's table depends
// on the number of players.
func (v Valuers) WarmPlayers(r *validate.Rules, n int) {
	v.Warm(r)
	if r.TurnEngine() == validate.FamilyDreissig && v.Dreissig != nil && dreissig.Covers(n, r.Options.Hundert) {
		v.Dreissig.Table(n, r.Options.Hundert)
	}
}

// WithoutWaiting is v without its win solver where the win table of r is
// still being built (the review then has the points only; a screen that
// must not wait uses it).
func (v Valuers) WithoutWaiting(r *validate.Rules) Valuers {
	if rd, ok := v.Win.(interface{ Ready(*validate.Rules) bool }); ok && !rd.Ready(r) {
		v.Win = nil
	}
	return v
}
