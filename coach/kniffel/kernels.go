package kniffel

// kernelSet is one implementation of the solver's three inner loops.
type kernelSet struct {
	name        string
	averageDown func(b *[numHolds]vec, ch *[firstRoll][6]int16)
	bestHolds   func(b *[numHolds]vec, start *[numHolds + 1]int16, first *int16)
	bestBoxes   func(out *[numRolls]vec, boxv *[numBoxVecs]vec, start *[numRolls + 1]int32, first *boxOp)
}
