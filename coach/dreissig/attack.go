package dreissig

import "sync"

// The attack on the Vordermann has no choice: all six dice are thrown, the
// dice showing the target face go aside and count, the rest is thrown again
// until a throw shows no target face or no die is left (validate.DreissigTurn
// .Attack). Hits is its exact distribution: Hits()[m][h] is the chance that
// an attack still throwing m dice sets h more dice aside in all; the pips
// taken are h × the target face.

// binomial chances of k target faces among m dice.
func hitChance(m, k int) float64 {
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(m-k+i) / float64(i)
	}
	for range k {
		c /= 6
	}
	for range m - k {
		c *= 5.0 / 6
	}
	return c
}

var hits = sync.OnceValue(func() [7][7]float64 {
	var d [7][7]float64
	d[0][0] = 1
	for m := 1; m <= 6; m++ {
		d[m][0] = hitChance(m, 0) // no target face: the attack is over
		for k := 1; k <= m; k++ {
			p := hitChance(m, k)
			for h := 0; h <= m-k; h++ {
				d[m][k+h] += float64(p * d[m-k][h])
			}
		}
	}
	return d
})

// Hits is the distribution of the number of dice an attack of six dice
// sets aside: Hits()[h] for h = 0 … 6.
func Hits() [7]float64 { return hits()[6] }

// HitsFrom is that distribution for an attack that still throws m dice.
func HitsFrom(m int) [7]float64 { return hits()[m] }

// ExpectedTaken is the expected pips an attack with target face f takes
// from the Vordermann: f × the expected number of hits.
func ExpectedTaken(f int) float64 {
	e := 0.0
	for h, p := range Hits() {
		e += float64(float64(h) * p)
	}
	return float64(f) * e
}
