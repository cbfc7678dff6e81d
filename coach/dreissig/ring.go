package dreissig

import "math/bits"

// tolerance up to which a play still counts as best for new values (the
// values themselves are exact for the play; below this, ties).
const tolerance = 1e-12

// maxRounds bounds the policy iteration of one ring (it settles after one
// or two rounds; the bound only guards against a cycle of plays).
const maxRounds = 12

// ringSolver solves the ring of the positions x_k = the accounts of x_0
// read from the k-th player on, k = 0 … N−1: with exactly 30 or an attack
// that takes nothing x_k moves to x_{k+1} (x_N = x_0), so
//
//	W_k = r_k + c_k · σ(W_{k+1})
//
// (σ: read one player later) for the play chosen, and
//
//	W_0 = (Σ_k (c_0⋯c_{k−1}) σ^k(r_k)) / (1 − c_0⋯c_{N−1})
//
// exactly. The play of each x_k is then checked to be best for the values
// found; where it is not it is solved again and the ring with it.
type ringSolver struct {
	tb  *Table
	a   [MaxPlayers][MaxPlayers]int
	dup [MaxPlayers]int // the first k with the same position
	o   [MaxPlayers]outcomes
	tn  [MaxPlayers]Turn
	// r, c: each position's chances as r + c × the next one's (linear),
	// for its play now.
	r [MaxPlayers][MaxPlayers]float64
	c [MaxPlayers]float64
	// unsettled: the rings whose plays did not settle.
	unsettled []int
	// resolves counts the turns solved again (benchmarks).
	resolves int
}

func newRingSolver(tb *Table) *ringSolver { return &ringSolver{tb: tb} }

func (rs *ringSolver) solve(idx0 int) int {
	tb, n := rs.tb, rs.tb.N
	tb.accounts(idx0, rs.a[0][:n])
	var idx [MaxPlayers]int
	for k := range n {
		for i := range n {
			rs.a[k][i] = rs.a[0][(i+k)%n]
		}
		idx[k] = tb.index(rs.a[k][:n])
		rs.dup[k] = k
		for m := range k {
			if idx[m] == idx[k] {
				rs.dup[k] = m
				break
			}
		}
	}
	var u Utility
	// The first plays from the last position back: each solved for the
	// value of the next just solved (its linear form, the one after it
	// guessed), so that only x_{N−1} starts from a guess of x_0.
	var solved [MaxPlayers]bool
	for k := n - 1; k >= 0; k-- {
		if rs.dup[k] == k {
			tb.fallingOutcomes(rs.a[k][:n], &rs.o[k])
			rs.o[k].utility(rs.estimate(&solved, (k+1)%n, n-1), &u)
			rs.tn[k].Solve(&u)
			rs.r[k], rs.c[k] = tb.linear(&rs.o[k], &rs.tn[k])
			solved[k] = true
		}
	}
	w := rs.values()
	for round := 1; ; round++ {
		settled := true
		// From the last position back, each checked with the values of
		// the plays as they are now (a play solved again changes them at
		// once for the positions before it).
		for k := n - 1; k >= 0; k-- {
			if rs.dup[k] != k {
				continue
			}
			rs.o[k].utility(w[(k+1)%n][n-1], &u)
			if !rs.tn[k].reevaluate(&u, tolerance) {
				rs.tn[k].resolveCycle(&u)
				rs.r[k], rs.c[k] = tb.linear(&rs.o[k], &rs.tn[k])
				rs.resolves++
				settled = false
				w = rs.values()
			}
		}
		if settled || round == maxRounds {
			if !settled {
				rs.unsettled = append(rs.unsettled, idx0)
			}
			for k := range n {
				if rs.dup[k] == k {
					copy(tb.w[idx[k]*n:(idx[k]+1)*n], w[k][:n])
				}
			}
			return round
		}
	}
}

// values solves the ring's linear fixed point for the plays chosen.
func (rs *ringSolver) values() [MaxPlayers][MaxPlayers]float64 {
	n := rs.tb.N
	var r [MaxPlayers][MaxPlayers]float64
	var c [MaxPlayers]float64
	for k := range n {
		r[k], c[k] = rs.r[rs.dup[k]], rs.c[rs.dup[k]]
	}
	var w [MaxPlayers][MaxPlayers]float64
	prod := 1.0
	for k := range n {
		for i := range n {
			w[0][i] += float64(prod * r[k][(i-k+n*n)%n])
		}
		prod *= c[k]
	}
	for i := range n {
		w[0][i] /= 1 - prod
	}
	for k := n - 1; k >= 1; k-- {
		next := w[(k+1)%n]
		for i := range n {
			w[k][i] = r[k][i] + float64(c[k]*next[(i+n-1)%n])
		}
	}
	return w
}

// estimate is the chance of player i (counted from the mover) in x_k:
// from its linear form where x_k is solved, else guessed.
func (rs *ringSolver) estimate(solved *[MaxPlayers]bool, k, i int) float64 {
	n := rs.tb.N
	if d := rs.dup[k]; solved[d] {
		// W_k[i] = r_k[i] + c_k · W_{k+1}[i−1].
		return rs.r[d][i] + float64(rs.c[d]*rs.estimate(solved, (k+1)%n, (i+n-1)%n))
	}
	return rs.guessAt(rs.a[k][:n], i)
}

// guessAt is a first value of the chance of player i (counted from y's
// mover) in position y, from the neighbours with fewer pips, which are
// solved already: the value multilinear in three accounts (two players:
// both) through the neighbours one pip less in some of them,
//
//	Σ_{∅≠S⊆T} (−1)^{|S|+1} W(y − e_S),
//
// averaged over every set T of three accounts above 1 (with only two such
// accounts, over them). The average of the sets keeps the pips' unevenness
// out of the guess: of the four-player build's first solves for it, a
// third as many need solving again as with the straight line through two
// neighbours of one account (docs/COACH.md). With one account above 1 that
// straight line, or the one neighbour.
func (rs *ringSolver) guessAt(y []int, i int) float64 {
	tb := rs.tb
	var z [MaxPlayers]int
	copy(z[:], y)
	var dirs [MaxPlayers]int
	nd := 0
	for p := range tb.N {
		if z[p] > 1 {
			dirs[nd] = p
			nd++
		}
	}
	if k := min(3, nd); k >= 2 {
		return min(1, max(0, rs.multilinear(&z, dirs[:nd], k, i)))
	}
	at := func() float64 { return tb.w[tb.index(z[:tb.N])*tb.N+i] }
	for p := range tb.N {
		if z[p] > 2 {
			// Straight on from two neighbours.
			z[p]--
			g1 := at()
			z[p]--
			return min(1, max(0, 2*g1-at()))
		}
	}
	for p := range tb.N {
		if z[p] > 1 {
			z[p]--
			return at()
		}
	}
	return 1 / float64(tb.N)
}

// multilinear is the average over the sets T of k of the accounts dirs of
// Σ_{∅≠S⊆T} (−1)^{|S|+1} W(z − e_S) for player i (z as it was on return):
// each S of j accounts is in C(d−j, k−j) of the C(d, k) sets, so it is read
// once, with that weight.
func (rs *ringSolver) multilinear(z *[MaxPlayers]int, dirs []int, k, i int) float64 {
	tb, d := rs.tb, len(dirs)
	v := 0.0
	for s := 1; s < 1<<d; s++ {
		j := bits.OnesCount(uint(s))
		if j > k {
			continue
		}
		for b, p := range dirs {
			if s>>b&1 != 0 {
				z[p]--
			}
		}
		w := float64(float64(choose(d-j, k-j)) * tb.w[tb.index(z[:tb.N])*tb.N+i])
		if j%2 == 1 {
			v += w
		} else {
			v -= w
		}
		for b, p := range dirs {
			if s>>b&1 != 0 {
				z[p]++
			}
		}
	}
	return v / float64(choose(d, k))
}

// choose is the binomial coefficient n over k (0 ≤ k ≤ n ≤ MaxPlayers).
func choose(n, k int) int {
	c := 1
	for i := range k {
		c = c * (n - i) / (i + 1)
	}
	return c
}
