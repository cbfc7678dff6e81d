//go:build !amd64 || purego

package kniffel

var (
	averageDown = averageDownGo
	bestHolds   = bestHoldsGo
)

var bestBoxes = bestBoxesGo
