//go:build amd64 && !purego

package kniffel

import "golang.org/x/sys/cpu"

// The three inner loops of the solver in assembly: eight sheets at once,
// two per instruction with SSE2 (every amd64 processor has it), four with
// AVX where the processor has it. All give the same table as the portable
// Go, bit for bit (TestKernelsAgree).

//go:noescape
func averageDownSSE2(b *[numHolds]vec, ch *[firstRoll][6]int16)

//go:noescape
func bestHoldsSSE2(b *[numHolds]vec, start *[numHolds + 1]int16, first *int16)

//go:noescape
func bestBoxesSSE2(out *[numRolls]vec, boxv *[numBoxVecs]vec, start *[numRolls + 1]int32, first *boxOp)

//go:noescape
func averageDownAVX(b *[numHolds]vec, ch *[firstRoll][6]int16)

//go:noescape
func bestHoldsAVX(b *[numHolds]vec, start *[numHolds + 1]int16, first *int16)

//go:noescape
func bestBoxesAVX(out *[numRolls]vec, boxv *[numBoxVecs]vec, start *[numRolls + 1]int32, first *boxOp)

var kernelSets = func() []kernelSet {
	sets := []kernelSet{{"sse2", averageDownSSE2, bestHoldsSSE2, bestBoxesSSE2}}
	// AVX where the processor has it and the system saves its registers
	// (x/sys/cpu checks OSXSAVE and XCR0).
	if cpu.X86.HasAVX {
		sets = append(sets, kernelSet{"avx", averageDownAVX, bestHoldsAVX, bestBoxesAVX})
	}
	return sets
}()

// The fastest set this processor has.
var (
	averageDown = kernelSets[len(kernelSets)-1].averageDown
	bestHolds   = kernelSets[len(kernelSets)-1].bestHolds
	bestBoxes   = kernelSets[len(kernelSets)-1].bestBoxes
)
