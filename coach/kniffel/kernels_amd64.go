//go:build amd64 && !purego

package kniffel

// The two inner loops of the solver in SSE2 (every amd64 processor has it):
// eight sheets at once, two per instruction.

//go:noescape
func averageDownSSE2(b *[numHolds]vec, ch *[firstRoll][6]int16)

//go:noescape
func bestHoldsSSE2(b *[numHolds]vec, start *[numHolds + 1]int16, first *int16)

var (
	averageDown = averageDownSSE2
	bestHolds   = bestHoldsSSE2
)

//go:noescape
func bestBoxesSSE2(out *[numRolls]vec, boxv *[numBoxVecs]vec, start *[numRolls + 1]int32, first *boxOp)

var bestBoxes = bestBoxesSSE2
