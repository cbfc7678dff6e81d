package kniffel

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// EndgameBoxes is how many open boxes the end-game solver takes: the last
// three rounds (11–13). Before them the expected points stand (docs/COACH.md).
const EndgameBoxes = 3

// Dist is a distribution of whole points: P[i] is the chance of Min+i.
type Dist struct {
	Min int
	P   []float64
}

// Point is the distribution that is x for sure.
func Point(x int) Dist { return Dist{Min: x, P: []float64{1}} }

// Max is the largest value the distribution holds a place for.
func (d Dist) Max() int { return d.Min + len(d.P) - 1 }

// At is the chance of x.
func (d Dist) At(x int) float64 {
	if x < d.Min || x > d.Max() {
		return 0
	}
	return d.P[x-d.Min]
}

// Mean is the expected value.
func (d Dist) Mean() float64 {
	m := 0.0
	for i, p := range d.P {
		m += float64(p * float64(d.Min+i))
	}
	return m
}

// EndgameError is a sheet with more open boxes than the end-game solver
// takes.
type EndgameError struct{ Open int }

func (e *EndgameError) Error() string {
	return fmt.Sprintf("%d boxes are open: the chance to win is computed for the last %d rounds (at most %d open boxes)", e.Open, EndgameBoxes, EndgameBoxes)
}

// Text says it in l.
func (e *EndgameError) Text(de bool) string {
	if de {
		return fmt.Sprintf("%d Felder sind offen: die Gewinnchance wird für die letzten %d Runden berechnet (höchstens %d offene Felder)", e.Open, EndgameBoxes, EndgameBoxes)
	}
	return e.Error()
}

func openBoxes(mask int) int { return int(validate.NumCategories) - bits.OnesCount(uint(mask)) }

// FinalDist is the distribution of the final total of a player whose
// sheet is b and whose total (bonuses included) is total now, when they
// play the rest of the game as this solver does: at every step the first
// of Turn.Holds and Turn.Boxes (the best expected points, ties broken as
// those lists order them). A full sheet gives total for sure; a sheet with
// more than EndgameBoxes open boxes gives an *EndgameError.
func (s *Solver) FinalDist(b validate.KniffelBoxes, total int) (Dist, error) {
	st := stateOf(b)
	if st.mask == allFilled {
		return Point(total), nil
	}
	if err := CheckSheet(b); err != nil {
		return Dist{}, err
	}
	if n := openBoxes(st.mask); n > EndgameBoxes {
		return Dist{}, &EndgameError{Open: n}
	}
	d := s.restDist(st)
	return Dist{Min: total + d.Min, P: d.P}, nil
}

// restDists keeps the distributions of the sheets with one or two open
// boxes (at most 13·128 + 78·128 sheets, a few kilobytes each), shared by
// every caller of a solver; a sheet with three is computed each time. The
// end game's gain tables of those sheets (endgame_lanes.go, about a
// kilobyte each) are kept with them, in an array by sheet number (93 KB of
// pointers, read without the lock).
//
// What they hold is bounded (restDistsBudget): a long import reviews
// thousands of Kniffel games under a small memory limit, and a cache that
// grew with every sheet seen filled the Go heap until the collector ran
// without a pause. Past the budget both start empty again; a value is
// computed the same way each time, so only the speed changes. Besides
// them the solver's last eight Turns (about 140 KB).
type restDists struct {
	mu    sync.Mutex
	m     map[int32]Dist                           // by endIndex
	gains *[numEndSheets]atomic.Pointer[gainTable] // by endIndex; read without mu
	bytes int                                      // about what m and gains hold
	turns recentTurns                              // not in the budget: eight turns
}

// restDistsBudget is the most a solver's restDists holds, in bytes.
var restDistsBudget = 6 << 20

// gainTableBytes is about what one kept gain table holds.
const gainTableBytes = 1536

// keep makes room for size more bytes, emptying both maps when they would
// pass the budget; c.mu is held.
func (c *restDists) keep(size int) {
	if c.bytes+size > restDistsBudget {
		clear(c.m)
		for i := range c.gains {
			c.gains[i].Store(nil)
		}
		c.bytes = 0
	}
	c.bytes += size
}

var distCaches sync.Map // *Solver → *restDists

func (s *Solver) dists() *restDists {
	if c, ok := distCaches.Load(s); ok {
		return c.(*restDists)
	}
	c, _ := distCaches.LoadOrStore(s, &restDists{m: map[int32]Dist{}, gains: new([numEndSheets]atomic.Pointer[gainTable])})
	return c.(*restDists)
}

// numEndSheets is how many sheets have one or two open boxes: 13 + 78
// sets of open boxes, each with 64 upper sums and the Kniffel box's 50 or
// not.
const numEndSheets = (int(validate.NumCategories) + endPairs) * (upperThreshold + 1) * 2

const endPairs = int(validate.NumCategories) * (int(validate.NumCategories) - 1) / 2

// endPairID numbers the pairs of boxes i < j from 0.
var endPairID = func() (id [validate.NumCategories][validate.NumCategories]int16) {
	n := int16(0)
	for i := range id {
		for j := i + 1; j < len(id); j++ {
			id[i][j] = n
			n++
		}
	}
	return id
}()

// endIndex numbers st, a sheet with one or two open boxes, below
// numEndSheets.
func endIndex(st state) int32 {
	open := uint(allFilled &^ st.mask)
	i := bits.TrailingZeros(open)
	id := i
	if rest := open & (open - 1); rest != 0 {
		id = int(validate.NumCategories) + int(endPairID[i][bits.TrailingZeros(rest)])
	}
	k := 0
	if st.kniffel50 {
		k = 1
	}
	return int32((id*(upperThreshold+1)+st.upper)*2 + k)
}

// restDist is the distribution of the points still to come on st.
func (s *Solver) restDist(st state) Dist {
	if st.mask == allFilled {
		return Point(0)
	}
	cache := openBoxes(st.mask) < EndgameBoxes
	if cache {
		c := s.dists()
		c.mu.Lock()
		d, ok := c.m[endIndex(st)]
		c.mu.Unlock()
		if ok {
			return d
		}
	}
	d := s.turnOf(st).restDist()
	if cache {
		c := s.dists()
		c.mu.Lock()
		if _, ok := c.m[endIndex(st)]; !ok {
			c.keep(64 + 8*len(d.P))
			c.m[endIndex(st)] = d
		}
		c.mu.Unlock()
	}
	return d
}

// turnEnd is where a turn ends: the sheet after it and the points it
// brought (box, upper bonus, Kniffel bonus).
type turnEnd struct {
	next state
	gain int
	p    float64
}

// restDist is the distribution of the points still to come from the start
// of t's turn: the chance of every final throw under the solver's play,
// each ending in the box the solver picks, then the rest of the game.
func (t *Turn) restDist() Dist {
	fin := t.finalMass()
	var outs []turnEnd // in the order first met: the sums are reproducible
	for r, m := range fin {
		if m == 0 {
			continue
		}
		b := t.policyBox(r)
		next := t.st.after(b)
		gain := b.Points + b.UpperBonus + b.KniffelBonus
		i := 0
		for i < len(outs) && (outs[i].next != next || outs[i].gain != gain) {
			i++
		}
		if i == len(outs) {
			outs = append(outs, turnEnd{next: next, gain: gain})
		}
		outs[i].p += m
	}
	lo, hi := 1<<30, -1
	rests := make([]Dist, len(outs))
	for i, o := range outs {
		rests[i] = t.s.restDist(o.next)
		lo, hi = min(lo, o.gain+rests[i].Min), max(hi, o.gain+rests[i].Max())
	}
	d := Dist{Min: lo, P: make([]float64, hi-lo+1)}
	for i, o := range outs {
		off := o.gain + rests[i].Min - lo
		for j, p := range rests[i].P {
			d.P[off+j] += float64(o.p * p)
		}
	}
	return d
}

// after is the sheet after box b was written on st.
func (st state) after(b BoxValue) state {
	next := state{mask: st.mask | 1<<b.Category, upper: st.upper, kniffel50: st.kniffel50}
	if b.Category.Upper() {
		next.upper = min(upperThreshold, st.upper+b.Points)
	}
	if b.Category == validate.Kniffel && b.Points == 50 {
		next.kniffel50 = true
	}
	return next
}

// policyBox is the box the solver writes throw r in: the first of Boxes
// (the best value, at equal value the first box).
func (t *Turn) policyBox(r int) BoxValue {
	var best BoxValue
	found := false
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if t.st.mask&(1<<c) != 0 {
			continue // filled: boxValue refuses it
		}
		if b, ok := t.boxValue(r, c); ok && (!found || b.Expected > best.Expected) {
			best, found = b, true
		}
	}
	return best
}

// policyHold is the hold the solver takes of throw r with throwsLeft (1 or
// 2) throws still allowed, as a hold number (r's own: standing): the first
// of Holds (the best value, at equal value more dice, then the order Holds
// lists them in).
func (t *Turn) policyHold(r, throwsLeft int) int {
	return t.policyHoldIn(tables(), subHolds(), r, throwsLeft)
}

// policyHoldIn is policyHold with the hold tables at hand.
func (t *Turn) policyHoldIn(tb *holdTables, subs *[numRolls][]int16, r, throwsLeft int) int {
	roll := firstRoll + r
	best, bestV, bestN := -1, 0.0, int8(0)
	hold := &t.hold[throwsLeft-1]
	for _, h := range subs[r] {
		v := hold[h]
		if int(h) == roll {
			v = t.v[0][r]
		}
		if n := tb.size[h]; best < 0 || v > bestV || (v == bestV && n > bestN) {
			best, bestV, bestN = int(h), v, n
		}
	}
	return best
}

// BestHold is the hold Holds lists first (policyHold, without the list):
// the best value, at equal value more dice, then in Holds' order.
func (t *Turn) BestHold(dice validate.Counts, throwsLeft int) validate.Counts {
	tb := tables()
	return tb.diceOf(t.policyHold(tb.holdOf(dice)-firstRoll, throwsLeft))
}

// finalMass is the chance of each throw the turn ends with under the
// solver's holds.
func (t *Turn) finalMass() [numRolls]float64 {
	tb, subs := tables(), subHolds()
	var fin [numRolls]float64
	cur := tb.prob
	var node [numHolds]float64
	for k := 2; k >= 1; k-- {
		clear(node[:])
		for r, m := range cur {
			if m == 0 {
				continue
			}
			if h := t.policyHoldIn(tb, subs, r, k); h == firstRoll+r {
				fin[r] += m
			} else {
				node[h] += m
			}
		}
		// The dice a hold lacks are thrown one at a time.
		for h := 0; h < firstRoll; h++ {
			if m := node[h]; m != 0 {
				p := float64(m * sixth)
				for _, c := range tb.child[h] {
					node[c] += p
				}
			}
		}
		copy(cur[:], node[firstRoll:])
	}
	for r, m := range cur {
		fin[r] += m
	}
	return fin
}

// subHolds lists, for each throw, its holds in the order Turn.Holds
// enumerates them (the throw itself first).
var subHolds = sync.OnceValue(func() *[numRolls][]int16 {
	tb := tables()
	var out [numRolls][]int16
	for r := range numRolls {
		dice := tb.counts[firstRoll+r]
		var h [7]int8
		var rec func(f int)
		rec = func(f int) {
			if f == 7 {
				out[r] = append(out[r], tb.index[h])
				return
			}
			for k := dice[f]; k >= 0; k-- {
				h[f] = k
				rec(f + 1)
			}
			h[f] = 0
		}
		rec(1)
	}
	return &out
})
