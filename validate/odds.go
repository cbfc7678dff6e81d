package validate

// Exact odds from the rules: the chance that a throw scores nothing.

// multisets calls fn for every multiset of n dice with the number of ordered
// throws that show it (the multinomial coefficient).
func multisets(n int, fn func(c Counts, ways int)) {
	fact := [7]int{1, 1, 2, 6, 24, 120, 720}
	var c Counts
	var walk func(f, left int)
	walk = func(f, left int) {
		if f == 6 {
			c[6] = left
			ways := fact[n]
			for g := 1; g <= 6; g++ {
				ways /= fact[c[g]]
			}
			fn(c, ways)
			return
		}
		for k := 0; k <= left; k++ {
			c[f] = k
			walk(f+1, left-k)
		}
		c[f] = 0
	}
	walk(1, n)
}

// BustChance is the exact chance that a throw of n dice (1–6) scores nothing
// in a game of the Zehntausend family, at the start of a pass.
func (r *Rules) BustChance(n int) float64 {
	return r.bustChance(n, nil)
}

func (r *Rules) bustChance(n int, pass *[7]int) float64 {
	if r.fam == nil || n < 1 || n > maxFamilyDice {
		return 0
	}
	busts, all := 0, 0
	multisets(n, func(c Counts, ways int) {
		all += ways
		if !r.scores(c, pass) {
			busts += ways
		}
	})
	return float64(busts) / float64(all)
}

// BustChance is the exact chance that the next throw of this turn scores nothing.
func (t *FamilyTurn) BustChance() float64 {
	return t.rules.bustChance(t.DiceToThrow(), t.currentPass())
}
