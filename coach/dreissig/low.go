package dreissig

import (
	"sync"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The states of a turn that cannot reach 30 (s + 6n < 30: n dice in the
// cup, s pips aside) reach only sums where the mover's own account falls:
// the sum S is worth what the position with the mover's account
// a0 − (30 − S) and the other accounts as they are is worth to the mover.
// So the state of n dice and s pips in the position with the mover's account
// a0 is the state of n dice and s + 1 pips in the position with a0 − 1 and
// the same other accounts, moved by one pip: the same values of the sums it
// reaches, one pip later, so the same value to the last bit, the same throws
// to the same cells (one pip later), in the same order (cells of equal value
// go by their number, which moves by one for all of them). The positions of
// one sum of accounts are solved after those of the sum below, so the
// position with a0 − 1 is solved before the one with a0; its first solve's
// low states are kept (lowPlay) and the next one fills them in instead of
// solving them again: of two to four dice in the cup, 24 of the 27 states
// that cannot reach 30 (one dice is cheap and solved again).

// lowFrom is the sum a state must be able to reach to be solved when the
// states that cannot reach 30 are filled in: all but those of the most pips
// (s + 6n = 29), whose state one pip later is not kept.
const lowFrom = validate.DreissigLine - 1

// lowStates is how many states a lowPlay keeps: of n = 2, 3, 4 dice in the
// cup, s from the least of sumRange(n) plus one to lowFrom − 6n.
const lowStates = 13 + 8 + 3

// lowPlay is the play of a first solve's states that cannot reach 30, of
// two to four dice in the cup but the fewest pips: state i (n, s) at index
// i, going up by n, then s. A choice's cell is kept less s (a cell of m
// dice in the cup and s + t pips: 37m + t, under 256).
type lowPlay struct {
	a0    int // the mover's account of the position solved
	g     [lowStates]float64
	to    [lowStates]int32 // state i's choices end at to[i]
	cells []uint8
	ws    []float64
}

var lowPool = sync.Pool{New: func() any { return new(lowPlay) }}

// lowRange is the states kept of n dice in the cup: s from lo to hi.
func lowRange(n int) (lo, hi int) {
	lo, _ = sumRange(n)
	return lo + 1, lowFrom - Dice*n
}

// keep copies the low states of the solved turn into lp.
func (lp *lowPlay) keep(tn *Turn, a0 int) {
	lp.a0, lp.cells, lp.ws = a0, lp.cells[:0], lp.ws[:0]
	i := 0
	for n := 2; n <= 4; n++ {
		lo, hi := lowRange(n)
		for s := lo; s <= hi; s++ {
			c := cell(n, s)
			lp.g[i] = tn.G[c]
			for k := tn.recFrom[c]; k < tn.recTo[c]; k++ {
				lp.cells = append(lp.cells, uint8(int(tn.recCell[k])-s))
			}
			lp.ws = append(lp.ws, tn.recW[tn.recFrom[c]:tn.recTo[c]]...)
			lp.to[i] = int32(len(lp.ws))
			i++
		}
	}
}

// fill sets the low states of tn, one pip less than those kept in lp:
// every state of two to four dice that cannot reach 29.
func (tn *Turn) fill(lp *lowPlay) {
	i, from := 0, int32(0)
	for n := 2; n <= 4; n++ {
		lo, hi := lowRange(n)
		for s := lo - 1; s < hi; s++ {
			c := cell(n, s)
			at := recBase[c]
			tn.G[c] = lp.g[i]
			cells, ws := lp.cells[from:lp.to[i]], lp.ws[from:lp.to[i]]
			dst := tn.recCell[at : at+int32(len(cells))]
			for k, x := range cells {
				dst[k] = int16(int(x) + s)
			}
			copy(tn.recW[at:], ws)
			tn.recFrom[c], tn.recTo[c] = at, at+int32(len(ws))
			from = lp.to[i]
			i++
		}
	}
}

// solveFilled is Solve for u where the states that cannot reach 29 are
// those of lp one pip later (the position with the mover's account one
// less and the other accounts the same): they are filled in, the rest is
// solved. The turn is Solve's to the last bit.
func (tn *Turn) solveFilled(u *Utility, lp *lowPlay) {
	if tn.recCell == nil {
		tn.recCell, tn.recW = choiceBuffers()
	}
	tn.fill(lp)
	tn.replayed, tn.filled, tn.from = false, true, lowFrom
	tn.Solve(u)
	tn.filled, tn.from = false, 0
}
