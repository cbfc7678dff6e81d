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

// ExpectedKeep is the average value of the best keep of a throw of n dice
// at the start of a pass, a bust counting 0.
func (r *Rules) ExpectedKeep(n int) float64 {
	if r.fam == nil || n < 1 || n > maxFamilyDice {
		return 0
	}
	var all, points float64
	multisets(n, func(c Counts, ways int) {
		all += float64(ways)
		points += float64(float64(ways) * float64(r.bestKeepPoints(c, nil)))
	})
	return points / all
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

// OneMore is what throwing once more and then stopping is worth on average.
type OneMore struct {
	Dice       int     // dice the throw uses
	BustChance float64 // the chance of a bust
	// Gain is the expected change of the turn's points: the best keep's value
	// when the throw scores, minus the turn's points lost on a bust.
	Gain float64
}

// OneMore computes the exact odds of one more throw from this point of the
// turn, taking the keep worth the most points.
func (t *FamilyTurn) OneMore() OneMore {
	n := t.DiceToThrow()
	om := OneMore{Dice: n}
	if t.end != Running || n < 1 || n > maxFamilyDice {
		return om
	}
	pass := t.currentPass()
	var all, busts, points float64
	multisets(n, func(c Counts, ways int) {
		w := float64(ways)
		all += w
		if !t.rules.scores(c, pass) {
			busts += w
			return
		}
		points += float64(w * float64(t.rules.bestKeepPoints(c, pass)))
	})
	om.BustChance = busts / all
	om.Gain = (points - float64(busts*float64(t.turnPoints))) / all
	return om
}

// bestKeepPoints is the value of the best legal keep of roll (0 for a bust),
// like the first of legalKeeps but without listing them.
func (r *Rules) bestKeepPoints(roll Counts, pass *[7]int) int {
	if r.AllScoring() {
		k, _ := r.allScoring(roll)
		return k.Points
	}
	doubling := false
	if pass != nil && r.Options.Ergaenzen {
		for f := 1; f <= 6; f++ {
			doubling = doubling || pass[f] > 0
		}
	}
	best := 0
	var m Counts
	for {
		maxFives := 0
		if r.Options.FuenferDrehen {
			maxFives = min(m[5], roll[5]-m[5])
		}
		for n := 0; n <= maxFives && m.N() > 0; n++ {
			if doubling {
				if k, ok := r.keepEval(m, n, pass); ok && k.Points > best {
					best = k.Points
				}
			} else if v, ok := r.KeepValue(m, n); ok && v > best {
				best = v
			}
		}
		f := 1
		for ; f <= 6; f++ {
			if m[f] < roll[f] {
				m[f]++
				break
			}
			m[f] = 0
		}
		if f > 6 {
			return best
		}
	}
}
