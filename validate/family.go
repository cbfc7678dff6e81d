package validate

// The Zehntausend family (5050, 5000, zehntausend, zehntausend-rueckwaerts)
// shares one engine: a combination table built from the game and its
// options, and the best reading of every multiset of up to six dice,
// computed once when the rules are made.

import "sync/atomic"

// ComboKind says what kind of combination a reading uses.
type ComboKind uint8

// The combination kinds.
const (
	ComboSingle ComboKind = iota + 1 // a single 1 or 5
	ComboOfAKind
	ComboStreet
	ComboThreePairs
	ComboPyramid
)

type combo struct {
	dice    Counts
	value   int
	kind    ComboKind
	face    int  // of-a-kind face
	confirm bool // 5050: a 1500 combination that must be confirmed
}

// Reading is the best way to split a set of dice into combinations that
// cover them all.
type Reading struct {
	OK      bool // all dice covered
	Value   int
	Confirm bool // uses a combination that must be confirmed (5050)
	OfAKind bool // uses an of-a-kind combination (must be proved under beweisen)
	Proves  bool // has a single 1 or 5 outside of-a-kind combinations
	// OfAKindValue[f] is the value of the highest of-a-kind combination of face f.
	OfAKindValue [7]int
}

// better reports whether r beats s: higher value; on a tie the reading that
// is kinder to the player (no confirmation, nothing to prove, proves).
func (r Reading) better(s Reading) bool {
	if !s.OK {
		return r.OK
	}
	if !r.OK {
		return false
	}
	if r.Value != s.Value {
		return r.Value > s.Value
	}
	if r.Confirm != s.Confirm {
		return !r.Confirm
	}
	if r.OfAKind != s.OfAKind {
		return !r.OfAKind
	}
	return r.Proves && !s.Proves
}

const maxFamilyDice = 6

// key packs a multiset of at most six dice into an index (base 7).
func key(c Counts) int {
	return c[1] + 7*(c[2]+7*(c[3]+7*(c[4]+7*(c[5]+7*c[6]))))
}

const keySpace = 7 * 7 * 7 * 7 * 7 * 7

type table struct {
	combos []combo
	index  []uint16 // key → 1 + position in readings; 0 = more than six dice
	read   []Reading
	// keeps holds the legal keeps of a fresh throw by position, computed
	// on first use: the TUI and the coaches ask for the same throws again
	// and again.
	keeps []atomic.Pointer[[]Keep]
}

// buildCombos is the combination table of game g: the single 1 and 5, the
// game's of-a-kind combinations, then its other combinations.
func buildCombos(g GameID, o Options) []combo {
	d := def(g)
	var one, five Counts
	one[1], five[5] = 1, 1
	cs := []combo{
		{dice: one, value: 100, kind: ComboSingle, face: 1},
		{dice: five, value: 50, kind: ComboSingle, face: 5},
	}
	for f := 1; f <= 6; f++ {
		for n := 3; n <= o.Wuerfel; n++ {
			if v := d.ofAKind(o, f, n); v > 0 {
				var dice Counts
				dice[f] = n
				cs = append(cs, combo{dice: dice, value: v, kind: ComboOfAKind, face: f})
			}
		}
	}
	return append(cs, d.special(o)...)
}

// threePairs lists every six-dice multiset in which each face shows an even
// number of times: three pairs, four of a kind plus a pair, six of a kind.
func threePairs() []Counts {
	var out []Counts
	var walk func(f int, c Counts, left int)
	walk = func(f int, c Counts, left int) {
		if left == 0 {
			out = append(out, c)
			return
		}
		if f > 6 {
			return
		}
		for n := 0; n <= left; n += 2 {
			c[f] = n
			walk(f+1, c, left-n)
		}
		c[f] = 0
	}
	walk(1, Counts{}, 6)
	return out
}

func newTable(g GameID, o Options) *table {
	t := &table{combos: buildCombos(g, o), index: make([]uint16, keySpace)}
	// Enumerate all multisets of up to six dice by size, so that every
	// smaller multiset is read before a larger one needs it.
	bySize := make([][]Counts, maxFamilyDice+1)
	var walk func(f int, c Counts, n int)
	walk = func(f int, c Counts, n int) {
		if f > 6 {
			bySize[n] = append(bySize[n], c)
			return
		}
		for k := 0; n+k <= maxFamilyDice; k++ {
			c[f] = k
			walk(f+1, c, n+k)
		}
	}
	walk(1, Counts{}, 0)
	for _, level := range bySize {
		for _, c := range level {
			t.read = append(t.read, t.best(c))
			t.index[key(c)] = uint16(len(t.read))
		}
	}
	t.keeps = make([]atomic.Pointer[[]Keep], len(t.read))
	return t
}

// best reads c from the readings of smaller multisets: the combination that
// covers c's lowest face, plus the best reading of the rest.
func (t *table) best(c Counts) Reading {
	if c.N() == 0 {
		return Reading{OK: true}
	}
	low := 1
	for c[low] == 0 {
		low++
	}
	var best Reading
	for i := range t.combos {
		cb := &t.combos[i]
		if cb.dice[low] == 0 || !c.Contains(cb.dice) {
			continue
		}
		rest := t.reading(c.Minus(cb.dice))
		if !rest.OK {
			continue
		}
		r := rest
		r.Value += cb.value
		switch cb.kind {
		case ComboSingle:
			r.Proves = true
		case ComboOfAKind:
			r.OfAKind = true
			if cb.value > r.OfAKindValue[cb.face] {
				r.OfAKindValue[cb.face] = cb.value
			}
		}
		if cb.confirm {
			r.Confirm = true
		}
		if r.better(best) {
			best = r
		}
	}
	return best
}

// reading looks up the best reading of c (at most six dice).
func (t *table) reading(c Counts) Reading {
	if c.N() > maxFamilyDice {
		return Reading{}
	}
	i := t.index[key(c)]
	if i == 0 {
		return Reading{}
	}
	return t.read[i-1]
}
