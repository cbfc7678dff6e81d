//go:build !amd64 || purego

package kniffel

var kernelSets []kernelSet

var (
	averageDown = averageDownGo
	bestHolds   = bestHoldsGo
	bestBoxes   = bestBoxesGo
)
