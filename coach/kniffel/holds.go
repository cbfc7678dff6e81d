package kniffel

import (
	"sync"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The dice of a turn are handled as multisets ("holds") of 0 to 5 dice,
// numbered 0–461 in order of size: the empty hold first, the 252 throws of
// five dice last. Throwing the dice a hold lacks is done one die at a time,
// so that every value is an average over the six faces of a hold one die
// larger (Verhoeff's and Glenn's method).
const (
	numHolds = 462
	numRolls = 252
	// firstRoll is the number of the first hold of five dice.
	firstRoll = numHolds - numRolls
)

// holdTables are the index tables of the hold lattice.
type holdTables struct {
	counts  [numHolds][7]int8   // the dice of each hold
	size    [numHolds]int8      // how many dice
	child   [firstRoll][6]int16 // hold plus one die of face f+1
	parents [numHolds][]int16   // hold minus one die, for each face it has
	// The same flattened: the parents of h are edges[edgeStart[h]:edgeStart[h+1]].
	edgeStart [numHolds + 1]int16
	edges     []int16
	index     map[[7]int8]int16 // a hold's number from its dice
	prob      [numRolls]float64 // chance of each throw of five dice
	// score[c][r] is what throw r scores in box c by the plain rules
	// (validate.KniffelScore).
	score [validate.NumCategories][numRolls]int16
	// kniffelFace[r] is the face of throw r when it is a Kniffel, else 0.
	kniffelFace [numRolls]int8
	kniffelRoll [7]int // the throw of five dice of each face
}

var tables = sync.OnceValue(buildHoldTables)

func buildHoldTables() *holdTables {
	t := &holdTables{index: map[[7]int8]int16{}}
	n := 0
	for size := 0; size <= 5; size++ {
		var c [7]int8
		var rec func(f, left int)
		rec = func(f, left int) {
			if f == 6 {
				c[6] = int8(left)
				t.counts[n] = c
				t.size[n] = int8(size)
				t.index[c] = int16(n)
				n++
				return
			}
			for k := left; k >= 0; k-- {
				c[f] = int8(k)
				rec(f+1, left-k)
			}
			c[f] = 0
		}
		rec(1, size)
	}
	for h := 0; h < numHolds; h++ {
		c := t.counts[h]
		if h < firstRoll {
			for f := 1; f <= 6; f++ {
				d := c
				d[f]++
				t.child[h][f-1] = t.index[d]
			}
		}
		for f := 1; f <= 6; f++ {
			if c[f] > 0 {
				d := c
				d[f]--
				t.parents[h] = append(t.parents[h], t.index[d])
			}
		}
	}
	for h := 0; h < numHolds; h++ {
		t.edgeStart[h] = int16(len(t.edges))
		t.edges = append(t.edges, t.parents[h]...)
	}
	t.edgeStart[numHolds] = int16(len(t.edges))
	fact := [6]float64{1, 1, 2, 6, 24, 120}
	for r := 0; r < numRolls; r++ {
		c := t.counts[firstRoll+r]
		p := fact[5] / 7776
		var dice validate.Counts
		for f := 1; f <= 6; f++ {
			p /= fact[c[f]]
			dice[f] = int(c[f])
			if c[f] == 5 {
				t.kniffelFace[r] = int8(f)
				t.kniffelRoll[f] = r
			}
		}
		t.prob[r] = p
		for cat := validate.Category(0); cat < validate.NumCategories; cat++ {
			t.score[cat][r] = int16(validate.KniffelScore(cat, dice))
		}
	}
	return t
}

// holdOf is the number of the hold with dice d (at most five).
func (t *holdTables) holdOf(d validate.Counts) int {
	var c [7]int8
	for f := 1; f <= 6; f++ {
		c[f] = int8(d[f])
	}
	return int(t.index[c])
}

// diceOf are the dice of hold h.
func (t *holdTables) diceOf(h int) validate.Counts {
	var d validate.Counts
	for f := 1; f <= 6; f++ {
		d[f] = int(t.counts[h][f])
	}
	return d
}
