// Package kniffel is the Kniffel coach: the exact solver of solitaire
// Kniffel as docs/RULES.md scores it (upper bonus, Kniffel bonus, the joker
// option, holding all five = standing).
//
// A Solver holds the expected points still to come from the start of a turn
// for every sheet that can occur (Verhoeff's and Glenn's method: the filled
// boxes, the upper sum capped at 63, whether the Kniffel box holds 50).
// From it, a Turn answers any question about one turn: the value of every
// hold and every box for any dice. All values count bonuses and only the
// points still to come; the points already on the sheet are not included.
//
// Building the table takes well under a second on two cores; For keeps one
// per rule set for the process and in the user's cache directory.
package kniffel

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"
	"unsafe"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Solver knows the value of every Kniffel sheet under one rule set. It is
// immutable and safe for concurrent use.
type Solver struct {
	v   variant
	val []float64 // by stateIndex
}

// Solve builds the table for Kniffel with or without the joker option, on
// all processors. Most callers want For, which keeps the table.
func Solve(joker bool) *Solver { return solveVariant(variantOf(joker), 0) }

func solveVariant(v variant, workers int) *Solver {
	return &Solver{v: v, val: solve(v, workers)}
}

// Joker reports whether the solver plays with the joker option.
func (s *Solver) Joker() bool { return s.v.joker == jokerForced }

// GameValue is the expected final score of a game from the empty sheet.
func (s *Solver) GameValue() float64 { return s.val[stateIndex(0, 0, false)] }

// Value is the expected points still to come on sheet b at the start of a
// turn (0 when the sheet is full). b must be possible (CheckSheet).
func (s *Solver) Value(b validate.KniffelBoxes) float64 {
	st := stateOf(b)
	return s.val[stateIndex(st.mask, st.upper, st.kniffel50)]
}

// HoldValues: Turn(b).Holds(dice, throwsLeft).
func (s *Solver) HoldValues(b validate.KniffelBoxes, dice validate.Counts, throwsLeft int) []HoldValue {
	return s.Turn(b).Holds(dice, throwsLeft)
}

// BoxValues: Turn(b).Boxes(dice).
func (s *Solver) BoxValues(b validate.KniffelBoxes, dice validate.Counts) []BoxValue {
	return s.Turn(b).Boxes(dice)
}

// ThrowValue: Turn(b).ThrowValue(held, throwsLeft).
func (s *Solver) ThrowValue(b validate.KniffelBoxes, held validate.Counts, throwsLeft int) float64 {
	return s.Turn(b).ThrowValue(held, throwsLeft)
}

// RollValue: Turn(b).RollValue(dice, throwsLeft).
func (s *Solver) RollValue(b validate.KniffelBoxes, dice validate.Counts, throwsLeft int) float64 {
	return s.Turn(b).RollValue(dice, throwsLeft)
}

// state is a sheet as the solver sees it.
type state struct {
	mask      int
	upper     int // capped at 63
	kniffel50 bool
}

func stateOf(b validate.KniffelBoxes) state {
	var st state
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if !b.Filled[c] {
			continue
		}
		st.mask |= 1 << c
		if c.Upper() {
			st.upper += b.Value[c]
		}
	}
	st.upper = min(st.upper, upperThreshold)
	st.kniffel50 = b.Filled[validate.Kniffel] && b.Value[validate.Kniffel] == 50
	return st
}

// Possible reports whether box c can hold points: what some five dice score
// there (0 included).
func Possible(c validate.Category, points int) bool {
	if c < 0 || c >= validate.NumCategories {
		return false
	}
	p := possiblePoints()
	return points == 0 || (points > 0 && points < len(p[c]) && p[c][points])
}

// possiblePoints is, by box, the points some throw scores in it.
var possiblePoints = sync.OnceValue(func() *[validate.NumCategories][51]bool {
	var p [validate.NumCategories][51]bool
	t := tables()
	for c := range p {
		for r := range numRolls {
			p[c][t.score[c][r]] = true
		}
	}
	return &p
})

// CheckSheet says why b is no sheet the solver can advise on: a box holding
// points it cannot hold, or every box filled (the game is over).
func CheckSheet(b validate.KniffelBoxes) error {
	full := true
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if !b.Filled[c] {
			full = false
			continue
		}
		if !Possible(c, b.Value[c]) {
			return &SheetError{Box: c, Points: b.Value[c]}
		}
	}
	if full {
		return &SheetError{Box: -1}
	}
	return nil
}

// SheetError is a sheet the coach cannot advise on.
type SheetError struct {
	Box    validate.Category // -1: every box is filled
	Points int
}

func (e *SheetError) Error() string {
	if e.Box < 0 {
		return "every box is filled: the game is over"
	}
	return fmt.Sprintf("%s cannot hold %d points", e.Box.ID(), e.Points)
}

// HoldValue is a choice of dice to hold before the next throw.
type HoldValue struct {
	Dice     validate.Counts // all five: standing on them
	Expected float64         // expected points still to come, bonuses included
}

// BoxValue is a box the dice may go in now.
type BoxValue struct {
	Category     validate.Category
	Points       int     // what the box gets (joker rules applied)
	UpperBonus   int     // 35 when this box brings the upper sum to 63
	KniffelBonus int     // 100 for a further Kniffel while the Kniffel box holds 50
	Expected     float64 // points and bonuses now plus the expected rest of the game
}

// Turn is everything about one turn on one sheet: the value of every throw
// and every hold at every stage. Build one per sheet and ask it many
// questions; it is immutable.
type Turn struct {
	s         *Solver
	st        state
	turnTable // under best play for points
}

// turnTable is a turn's values, expected points (Turn) or the chance to
// finish first (WinTurn), at every throw and hold.
type turnTable struct {
	// v[k][r]: throw r (five dice) with k throws left.
	v [3][numRolls]float64
	// hold[k][h]: holding h and throwing the rest, k throws left after it.
	hold [3][numHolds]float64
}

// Turn analyses the turn that starts on sheet b (which must be possible
// and not full: CheckSheet).
func (s *Solver) Turn(b validate.KniffelBoxes) *Turn {
	if err := CheckSheet(b); err != nil {
		panic("kniffel: " + err.Error())
	}
	return s.turnOf(stateOf(b))
}

// recentTurns keeps the last turns a solver analysed (a Turn does not
// change once made): a review asks for a sheet's turn for the points and
// again for the end game's distributions (FinalDist), or the other way.
type recentTurns struct {
	mu   sync.Mutex
	t    [8]*Turn
	next int
}

// turnOf is turnAt(st), from the recent turns where st is among them.
func (s *Solver) turnOf(st state) *Turn {
	c := &s.dists().turns
	c.mu.Lock()
	for _, t := range c.t {
		if t != nil && t.st == st {
			c.mu.Unlock()
			return t
		}
	}
	c.mu.Unlock()
	t := s.turnAt(st)
	c.mu.Lock()
	c.t[c.next] = t
	c.next = (c.next + 1) % len(c.t)
	c.mu.Unlock()
	return t
}

// turnAt analyses the turn that starts on sheet st (not full).
func (s *Solver) turnAt(st state) *Turn {
	t := &Turn{s: s, st: st}
	tb := tables()
	// The last throw. Throws that are no Kniffel score by the plain rules:
	// each free box adds its points to what the rest of the game is worth
	// after it (the same sums as boxValue, in the same order). The best
	// by the bits (the values are never negative nor NaN).
	var best [numRolls]int64
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if st.mask&(1<<c) != 0 {
			continue
		}
		next := st.mask | 1<<c
		if c.Upper() {
			f := int(c) + 1
			var up [6]float64
			for k := range up {
				pts := f * k
				bonus := 0
				if st.upper < upperThreshold && st.upper+pts >= upperThreshold {
					bonus = upperBonus
				}
				up[k] = float64(pts) + s.val[stateIndex(next, st.upper+pts, st.kniffel50)] + float64(bonus)
			}
			var upBits [8]int64 // by the count of f, up to 5 (7: none)
			for k, x := range up {
				upBits[k] = int64(math.Float64bits(x))
			}
			for r := range numRolls {
				best[r] = max(best[r], upBits[tb.counts[firstRoll+r][f]&7])
			}
			continue
		}
		rest := s.val[stateIndex(next, st.upper, st.kniffel50)]
		sc := &tb.score[c]
		for r := range numRolls {
			best[r] = max(best[r], int64(math.Float64bits(rest+float64(sc[r]))))
		}
	}
	for r, b := range best {
		t.v[0][r] = math.Float64frombits(uint64(b))
	}
	for face := 1; face <= 6; face++ {
		r := tb.kniffelRoll[face]
		best := 0.0
		for c := validate.Category(0); c < validate.NumCategories; c++ {
			if x, ok := t.boxValue(r, c); ok {
				best = max(best, x.Expected)
			}
		}
		t.v[0][r] = best
	}
	t.lattice()
	return t
}

// boxValue is what putting throw r in box c is worth, if allowed.
func (t *Turn) boxValue(r int, c validate.Category) (BoxValue, bool) {
	st, v := t.st, t.s.v
	pts, kb, ok := v.place(st.mask, st.kniffel50, r, c)
	if !ok {
		return BoxValue{}, false
	}
	b := BoxValue{Category: c, Points: pts, KniffelBonus: kb}
	next := state{mask: st.mask | 1<<c, upper: st.upper, kniffel50: st.kniffel50}
	if c.Upper() {
		next.upper = min(upperThreshold, st.upper+pts)
		if st.upper < upperThreshold && st.upper+pts >= upperThreshold {
			b.UpperBonus = upperBonus
		}
	}
	if c == validate.Kniffel && pts == 50 {
		next.kniffel50 = true
	}
	rest := t.s.val[stateIndex(next.mask, next.upper, next.kniffel50)]
	// Added in the order the table was built, so that both agree exactly.
	if c.Upper() {
		b.Expected = float64(pts) + rest + float64(b.UpperBonus)
	} else {
		b.Expected = rest + float64(pts)
	}
	b.Expected += float64(kb)
	return b, true
}

// lattice fills the holds and the earlier throws from the last throw's
// values: a hold is the average over the next die's faces, a throw the
// best of its holds (the best within each set of dice, smallest first:
// the values are never negative nor NaN, so their bits order them as
// integers, which is cheaper than a float maximum).
func (t *turnTable) lattice() {
	tb := tables()
	var best [numHolds]int64
	edges, start := tb.edges, &tb.edgeStart
	// The hold numbers of the tables are below numHolds: read without
	// bounds checks.
	bb := unsafe.Pointer(&best)
	for k := 0; k < 3; k++ {
		h := &t.hold[k]
		copy(h[firstRoll:], t.v[k][:])
		hb := unsafe.Pointer(h)
		at := func(i int16) float64 { return *(*float64)(unsafe.Add(hb, uintptr(i)*8)) }
		for i := firstRoll - 1; i >= 0; i-- {
			c := &tb.child[i]
			h[i] = (at(c[0]) + at(c[1]) + at(c[2]) + at(c[3]) + at(c[4]) + at(c[5])) * sixth
		}
		if k == 2 {
			break
		}
		for i := range best {
			b := int64(math.Float64bits(h[i]))
			for _, p := range edges[start[i]:start[i+1]] {
				b = max(b, *(*int64)(unsafe.Add(bb, uintptr(p)*8)))
			}
			best[i] = b
		}
		for r := range t.v[k+1] {
			t.v[k+1][r] = math.Float64frombits(uint64(best[firstRoll+r]))
		}
	}
}

// Value is the turn's value before its first throw: the expected points
// still to come (Turn), the chance to finish first (WinTurn).
func (t *turnTable) Value() float64 { return t.hold[2][0] }

// ThrowValue is the value of throwing the dice not held (held: up to five
// dice) when throwsLeft throws remain after this one (0–2).
func (t *turnTable) ThrowValue(held validate.Counts, throwsLeft int) float64 {
	return t.hold[throwsLeft][tables().holdOf(held)]
}

// RollValue is the value of five dice with throwsLeft throws still allowed
// (0–2), under the turn's play: the best box, or the best hold.
func (t *turnTable) RollValue(dice validate.Counts, throwsLeft int) float64 {
	return t.v[throwsLeft][tables().holdOf(dice)-firstRoll]
}

// Holds lists every distinct hold of five dice with throwsLeft throws still
// allowed (1 or 2), best first; holding all five is standing on them.
func (t *Turn) Holds(dice validate.Counts, throwsLeft int) []HoldValue {
	tb := tables()
	var out []HoldValue
	var h validate.Counts
	var rec func(f int)
	rec = func(f int) {
		if f == 7 {
			x := HoldValue{Dice: h}
			if h == dice {
				x.Expected = t.v[0][tb.holdOf(h)-firstRoll]
			} else {
				x.Expected = t.hold[throwsLeft-1][tb.holdOf(h)]
			}
			out = append(out, x)
			return
		}
		for k := dice[f]; k >= 0; k-- {
			h[f] = k
			rec(f + 1)
		}
		h[f] = 0
	}
	rec(1)
	slices.SortStableFunc(out, func(a, b HoldValue) int {
		if c := cmp.Compare(b.Expected, a.Expected); c != 0 {
			return c
		}
		return cmp.Compare(b.Dice.N(), a.Dice.N())
	})
	return out
}

// Boxes lists every box five dice may go in now (joker rules applied),
// best first.
func (t *Turn) Boxes(dice validate.Counts) []BoxValue {
	r := tables().holdOf(dice) - firstRoll
	var out []BoxValue
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if b, ok := t.boxValue(r, c); ok {
			out = append(out, b)
		}
	}
	slices.SortStableFunc(out, func(a, b BoxValue) int { return cmp.Compare(b.Expected, a.Expected) })
	return out
}

// HoldLoss is what holding held of dice costs against the best hold, in
// expected points (0 when it is the best), with throwsLeft throws still
// allowed (1 or 2); held == dice is standing on them.
func (t *Turn) HoldLoss(dice, held validate.Counts, throwsLeft int) float64 {
	v := t.RollValue(dice, 0)
	if held != dice {
		v = t.ThrowValue(held, throwsLeft-1)
	}
	return max(0, t.RollValue(dice, throwsLeft)-v)
}

// BoxLoss is what writing dice in box c costs against the best box, in
// expected points; ok is false when c may not take them.
func (t *Turn) BoxLoss(dice validate.Counts, c validate.Category) (loss float64, ok bool) {
	r := tables().holdOf(dice) - firstRoll
	b, ok := t.boxValue(r, c)
	if !ok {
		return 0, false
	}
	return max(0, t.v[0][r]-b.Expected), true
}
