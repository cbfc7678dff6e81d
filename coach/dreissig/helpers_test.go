package dreissig

import "math"

// slowTurn solves the turn for u the plain way: every throw of the cup,
// every keep of it (the reference for Turn.Solve).
func slowTurn(u *Utility) [cellCount]float64 {
	var g [cellCount]float64
	for s := Dice; s <= MaxSum; s++ {
		g[cell(0, s)] = u[s]
	}
	for n := 1; n <= Dice; n++ {
		lv := levels()[n]
		lo, hi := sumRange(n)
		for s := lo; s <= hi; s++ {
			v := 0.0
			for i, r := range lv.rolls {
				best := math.Inf(-1)
				eachKeep(r, func(_ [Dice + 1]int8, j, t int) {
					best = math.Max(best, g[cell(n-j, s+t)])
				})
				v += float64(lv.prob[i] * best)
			}
			g[cell(n, s)] = v
		}
	}
	return g
}
