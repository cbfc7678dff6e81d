package dreissig

import (
	"slices"
	"sync"
	"testing"
)

// A coach solved on the buffers another position's coach left in the pool
// (choicePool) is the coach solved on new, zeroed buffers, to the bit.
func TestCoachOnReusedBuffersIsTheFreshOne(t *testing.T) {
	tb := table(3)
	positions := [][]int{{30, 22, 14}, {5, 29, 30}, {17, 17, 17}, {1, 2, 3}, {29, 1, 30}, {12, 25, 8}}
	fresh := make([]*Coach, len(positions))
	for i, a := range positions {
		choicePool = sync.Pool{} // nothing to reuse: new buffers
		fresh[i] = tb.For(a)
	}
	// Now each coach gets the buffers of the one before (and the last of
	// the fresh ones): other positions' choices are in them.
	for round := range 2 {
		for i := len(positions) - 1; i >= 0; i-- {
			c := tb.For(positions[i])
			f := fresh[i]
			if c.tn.G != f.tn.G || c.tn.recFrom != f.tn.recFrom || c.tn.recTo != f.tn.recTo ||
				!slices.Equal(c.tn.recCell, f.tn.recCell) || !slices.Equal(c.tn.recW, f.tn.recW) ||
				c.vec != f.vec || c.leaf != f.leaf {
				t.Fatalf("round %d, position %v: the coach on reused buffers differs", round, positions[i])
			}
		}
	}
}
