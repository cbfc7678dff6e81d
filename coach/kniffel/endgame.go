package kniffel

import (
	"cmp"
	"slices"
	"sync"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The end game (docs/COACH.md, "Die letzten drei Runden"): in the last
// three rounds a player may rather ask for the chance to finish first than
// for the points. The others are taken to play the rest of their games as
// this solver does (the best expected points), so each one's final total
// is a distribution (FinalDist), independent of the others and of the
// player on turn. The player on turn plays to win: backward induction over
// their own remaining turns, every turn valued by the chance to finish
// first, which depends only on their final total. Their plan looks at their
// own sheet only: it does not change its later turns by what the others
// throw in between (the others are their distributions). Under these
// assumptions the chances are exact.
//
// A shared first place counts 1/k for each of the k players who share it
// (as validate's winner rule and the family's win review count it): the
// chance to "win" is the expected share of the first place.

// WinChance is the chance to finish first with final total x against
// others (their final totals, independent): the expected share of the
// first place.
func WinChance(x int, others []Dist) float64 {
	return winChances(x, 1, others)[0]
}

// winChances is WinChance(total+g, others) for every gain g below n. An
// other's chance of less than x is its chances from Min on added up in
// order: a running sum, made once, holds those very sums.
func winChances(total, n int, others []Dist) []float64 {
	m := len(others)
	size := 0
	for _, o := range others {
		size += len(o.P) + 1
	}
	sums := make([]float64, size+n)
	below := make([][]float64, m) // below[i][k]: P[0] + … + P[k-1]
	for i, o := range others {
		c := sums[:len(o.P)+1]
		sums = sums[len(o.P)+1:]
		less := 0.0
		for k, p := range o.P {
			c[k] = less
			less += p
		}
		c[len(o.P)] = less
		below[i] = c
	}
	out := sums[:n]
	// poly[k]: the chance that exactly k others reach x and none passes it.
	var small [8]float64
	poly := small[:]
	if m+1 > len(small) {
		poly = make([]float64, m+1)
	}
	for g := range out {
		x := total + g
		poly[0] = 1
		for i, o := range others {
			less, eq := 0.0, 0.0
			if j := x - o.Min; j >= 0 {
				less = below[i][min(j, len(o.P))]
				if j < len(o.P) {
					eq = o.P[j]
				}
			}
			// k = i+1 first: its old value is 0.
			poly[i+1] = float64(0*less) + float64(poly[i]*eq)
			for k := i; k > 0; k-- {
				poly[k] = float64(poly[k]*less) + float64(poly[k-1]*eq)
			}
			poly[0] *= less
		}
		w := 0.0
		for k, p := range poly[:m+1] {
			w += p / float64(k+1)
		}
		out[g] = w
	}
	return out
}

// WinTurn is one turn of the end game valued by the chance to finish
// first: every throw, hold and box, as Turn values them by points. It is
// not safe for concurrent use (Boxes may value sheets after the turn).
type WinTurn struct {
	e         *endgame
	st        state
	turnTable // under play to win: Value, ThrowValue, RollValue
}

// WinHold is a hold with the chance to finish first after it.
type WinHold struct {
	Dice validate.Counts // all five: standing on them
	Win  float64
}

// WinBox is a box with the chance to finish first after writing in it.
type WinBox struct {
	Category validate.Category
	Points   int // what the box gets, bonuses not included
	Win      float64
}

// endgame is one question of the end game: the chance to finish first by
// the points the player on turn still gains, and the turns valued so far.
type endgame struct {
	s *Solver
	// win[g]: the chance to finish first when the player gains g more points.
	win []float64
	// same[g]: the first gain above g with another chance (len(win) if none).
	same []int
	memo map[int64]float64 // made by fill for the nodes it values
	// filled: how many nodes fill values.
	filled int
	bufs   [EndgameBoxes]*WinTurn // per open boxes: the turns being valued
	sc     *fillScratch           // while fill works (fillPool)
	root   *gainTable             // the gain table of the sheet with three open boxes
	dc     *restDists             // s.dists(), once asked
}

// WinTurn values the turn that starts on sheet b (at most EndgameBoxes
// open boxes) of the player on turn, whose total is total now (bonuses
// included), against the others' final totals (FinalDist of each).
func (s *Solver) WinTurn(b validate.KniffelBoxes, total int, others []Dist) (*WinTurn, error) {
	if err := CheckSheet(b); err != nil {
		return nil, err
	}
	st := stateOf(b)
	if n := openBoxes(st.mask); n > EndgameBoxes {
		return nil, &EndgameError{Open: n}
	}
	n := maxGain(st) + 1
	e := &endgame{s: s, win: winChances(total, n, others), same: make([]int, n)}
	e.same[n-1] = n
	for g := n - 2; g >= 0; g-- {
		e.same[g] = g + 1
		if e.win[g+1] == e.win[g] {
			e.same[g] = e.same[g+1]
		}
	}
	t := &WinTurn{e: e, st: st}
	e.sc = fillPool.Get().(*fillScratch)
	sc, k := e.sc, openBoxes(st.mask)-1
	clear(sc.queued)
	sc.kids[k] = e.children(node{st, 0}, sc.queued, sc.kids[k][:0])
	e.fill(sc.kids[k]) // the sheets after this turn, eight at a time
	fillPool.Put(sc)
	e.sc = nil
	e.solve(t, 0)
	return t, nil
}

// maxGain bounds the points still to come on st: every open box at its
// most, a Kniffel bonus in each, the upper bonus.
func maxGain(st state) int {
	g := int(maxGains()[st.mask])
	if st.upper < upperThreshold {
		g += upperBonus
	}
	return g
}

// maxGains is, by filled boxes, what the open ones bring at most with a
// Kniffel bonus in each (maxGain without the upper bonus).
var maxGains = sync.OnceValue(func() *[allFilled + 1]int16 {
	most := [validate.NumCategories]int{5, 10, 15, 20, 25, 30, 30, 30, 25, 30, 40, 50, 30}
	var t [allFilled + 1]int16
	for mask := range t {
		for c := range most {
			if mask&(1<<c) == 0 {
				t[mask] += int16(most[c] + 100)
			}
		}
	}
	return &t
})

// value is the chance to finish first from the start of a turn on st after
// gaining g points.
func (e *endgame) value(st state, g int) float64 {
	if st.mask == allFilled || e.same[g] > g+maxGain(st) {
		return e.win[g] // nothing still to come changes the chance
	}
	key := nodeKey(st, g)
	if v, ok := e.memo[key]; ok {
		return v
	}
	if e.memo == nil {
		e.memo = map[int64]float64{}
	}
	n := openBoxes(st.mask) - 1
	t := e.bufs[n]
	if t == nil {
		t = &WinTurn{e: e}
		e.bufs[n] = t
	}
	t.st = st
	e.solve(t, g)
	v := t.Value()
	e.memo[key] = v
	return v
}

// gainOf is what writing throw r in box c on st brings and the sheet after
// it; ok is false where the box may not take the throw.
func (s *Solver) gainOf(st state, r int, c validate.Category) (gain int, next state, ok bool) {
	pts, kb, ok := s.v.place(st.mask, st.kniffel50, r, c)
	if !ok {
		return 0, state{}, false
	}
	b := BoxValue{Category: c, Points: pts}
	if c.Upper() && st.upper < upperThreshold && st.upper+pts >= upperThreshold {
		b.UpperBonus = upperBonus
	}
	return pts + b.UpperBonus + kb, st.after(b), true
}

// maxBoxGain bounds what one box brings: a Kniffel of sixes as a joker
// in the Sechser with the upper bonus (30 + 35 + 100).
const maxBoxGain = 165

// solve values turn t (its sheet set) after gaining g points so far.
func (e *endgame) solve(t *WinTurn, g int) {
	tb := tables()
	st := t.st
	// What each open box is worth by its gain (which fixes the sheet after
	// it); a box's gains are few. -1: not asked yet.
	var open [EndgameBoxes]validate.Category
	var seen [EndgameBoxes][maxBoxGain + 1]float64
	n := 0
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if st.mask&(1<<c) == 0 {
			open[n] = c
			for i := range seen[n] {
				seen[n][i] = -1
			}
			n++
		}
	}
	for r := range numRolls {
		best := 0.0
		for i, c := range open[:n] {
			var gain int
			var next state
			if tb.kniffelFace[r] != 0 { // bonus and joker: the rules decide
				var ok bool
				if gain, next, ok = e.s.gainOf(st, r, c); !ok {
					continue
				}
			} else {
				gain, next = st.plainGain(c, int(tb.score[c][r]))
			}
			v := &seen[i][gain]
			if *v < 0 {
				*v = e.value(next, g+gain)
			}
			best = max(best, *v)
		}
		t.v[0][r] = best
	}
	t.lattice()
}

// plainGain is what pts in box c brings on st (a throw that is no Kniffel)
// and the sheet after it.
func (st state) plainGain(c validate.Category, pts int) (int, state) {
	next := st
	next.mask |= 1 << c
	if !c.Upper() {
		return pts, next
	}
	next.upper = min(upperThreshold, st.upper+pts)
	if st.upper < upperThreshold && st.upper+pts >= upperThreshold {
		return pts + upperBonus, next
	}
	return pts, next
}

// Holds lists every hold of five dice with throwsLeft (1 or 2) throws
// still allowed, best first (at equal chance more dice first, then in the
// order Turn.Holds lists them); holding all five is standing.
func (t *WinTurn) Holds(dice validate.Counts, throwsLeft int) []WinHold {
	tb := tables()
	r := tb.holdOf(dice) - firstRoll
	var out []WinHold
	for _, h := range subHolds()[r] {
		x := WinHold{Dice: tb.diceOf(int(h))}
		if int(h) == firstRoll+r {
			x.Win = t.v[0][r]
		} else {
			x.Win = t.hold[throwsLeft-1][h]
		}
		out = append(out, x)
	}
	slices.SortStableFunc(out, func(a, b WinHold) int {
		if c := cmp.Compare(b.Win, a.Win); c != 0 {
			return c
		}
		return cmp.Compare(b.Dice.N(), a.Dice.N())
	})
	return out
}

// Boxes lists every box five dice may go in now (joker rules applied),
// best first (at equal chance in the sheet's order).
func (t *WinTurn) Boxes(dice validate.Counts) []WinBox {
	r := tables().holdOf(dice) - firstRoll
	var out []WinBox
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		gain, next, ok := t.e.s.gainOf(t.st, r, c)
		if !ok {
			continue
		}
		pts, _, _ := t.e.s.v.place(t.st.mask, t.st.kniffel50, r, c)
		out = append(out, WinBox{Category: c, Points: pts, Win: t.e.value(next, gain)})
	}
	slices.SortStableFunc(out, func(a, b WinBox) int { return cmp.Compare(b.Win, a.Win) })
	return out
}
