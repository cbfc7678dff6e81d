package dreissig

import (
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The game: every player's chance to win from every position between
// turns, under best play by all (each mover maximises their own chance).
// A position is the accounts, read from the player to move on (a[0] the
// mover, a[N−1] their Vordermann). A turn moves to a position with an
// account lower, or, with exactly 30 or an attack that takes nothing, to the
// same accounts with the next player to move: the positions of one ring of
// accounts depend on each other in a cycle, solved exactly as a linear
// fixed point for the play chosen, the play then checked to be best for the
// values found (policy iteration; it settles after one or two rounds).

// MaxPlayers is the most players the chance tables are built for; more
// players get the turn's points view only.
const MaxPlayers = 4

// Start is every account at the start of the game.
const Start = 30

// Target is the account that wins at once with hundert.
const Target = 100

// Table is the solved game: the chance to win of every player from every
// position.
type Table struct {
	N       int
	Hundert bool
	max     int       // accounts are 1 … max between turns
	w       []float64 // chance of the player at offset i from the mover: w[idx*N+i]
	// file: a table loaded from its file keeps the file's chances (float32,
	// little-endian, in the order of w) and w is nil; at reads either.
	file []byte
	// Rounds is the most rounds of policy iteration any ring needed.
	Rounds int
	// Unsettled lists the rings (by their first position) where the policy
	// iteration did not settle on plain plays: each mover's best play
	// changes another's, round after round (a cyclic game, rare; from
	// another start some of them do settle, docs/COACH.md). There the table
	// keeps the plays of the last round, every one the best answer to the
	// round before; the values are exact for those plays.
	Unsettled []int
	// resolves: how many turns the build solved again (benchmarks).
	resolves int
}

// Key names the table's rules (players and variant).
func Key(n int, hundert bool) string {
	if hundert {
		return "hundert"
	}
	return fmt.Sprintf("%dp", n)
}

func (tb *Table) states() int {
	s := 1
	for range tb.N {
		s *= tb.max
	}
	return s
}

func (tb *Table) index(a []int) int {
	idx := 0
	for i := tb.N - 1; i >= 0; i-- {
		idx = idx*tb.max + a[i] - 1
	}
	return idx
}

func (tb *Table) accounts(idx int, a []int) {
	for i := range tb.N {
		a[i] = idx%tb.max + 1
		idx /= tb.max
	}
}

// Chances is every player's chance to win from the position with accounts
// a (a[0] the player to move, then in turn order), indexed like a. Shared
// wins count as a share (two players level at the end: one half each).
// Every account must be 1 … 30 (hundert: 1 … 99).
func (tb *Table) Chances(a []int) []float64 {
	idx := tb.index(a)
	out := make([]float64, tb.N)
	for i := range out {
		out[i] = tb.at(idx*tb.N + i)
	}
	return out
}

// at is w[i], also of a table loaded from its file.
func (tb *Table) at(i int) float64 {
	if tb.w == nil {
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(tb.file[4*i:])))
	}
	return tb.w[i]
}

// Settled reports whether best play by all has a fixed point in the ring
// of position a (see Unsettled): false where the table keeps the plays of
// the last round.
func (tb *Table) Settled(a []int) bool {
	ring := tb.index(a)
	r := make([]int, tb.N)
	for k := 1; k < tb.N; k++ {
		for i := range tb.N {
			r[i] = a[(i+k)%tb.N]
		}
		ring = min(ring, tb.index(r))
	}
	_, found := slices.BinarySearch(tb.Unsettled, ring)
	return !found
}

// Valid reports whether a is a position of the table: N accounts, each
// 1 … 30 (hundert: 1 … 99).
func (tb *Table) Valid(a []int) bool {
	if len(a) != tb.N {
		return false
	}
	for _, x := range a {
		if x < 1 || x > tb.max {
			return false
		}
	}
	return true
}

// after adds p × the chances of the position reached when the turn of
// a[0] ends with accounts b (not yet settled: hundert's additions, the end)
// to out, read from a[0] on.
func (tb *Table) after(b []int, out []float64, p float64) {
	next, shares, over := tb.step(b)
	if over {
		for i, s := range shares[:tb.N] {
			out[i] += float64(p * s)
		}
		return
	}
	for i := range tb.N {
		out[i] += float64(p * tb.at(next*tb.N+(i+tb.N-1)%tb.N))
	}
}

// step settles the accounts b at the end of a[0]'s turn: the game is over
// (each player's share of the win) or the next position's index (read
// from b[1] on: b[0] is its last player).
func (tb *Table) step(b []int) (next int, shares [MaxPlayers]float64, over bool) {
	var c [MaxPlayers]int
	copy(c[:], b)
	acc := c[:tb.N]
	if tb.Hundert {
		topUp(acc)
	}
	if over, shares := tb.ended(acc); over {
		return 0, shares, true
	}
	var n [MaxPlayers]int
	for i := range tb.N {
		n[i] = acc[(i+1)%tb.N]
	}
	return tb.index(n[:tb.N]), shares, false
}

// topUp is hundert's addition: while an account is at 0 or below and none
// has reached 100, both get 30 (scoresheet's dreissigTurn.finish).
func topUp(a []int) {
	for {
		low, high := false, false
		for _, x := range a {
			low = low || x <= 0
			high = high || x >= Target
		}
		if !low || high {
			return
		}
		for i := range a {
			a[i] += Start
		}
	}
}

// ended reports whether accounts a end the game, and then each player's
// share of the win (the highest account; equal ones share).
func (tb *Table) ended(a []int) (bool, [MaxPlayers]float64) {
	var sh [MaxPlayers]float64
	over := false
	best := a[0]
	for _, x := range a {
		if tb.Hundert {
			over = over || x >= Target
		} else {
			over = over || x <= 0
		}
		best = max(best, x)
	}
	if !over {
		return false, sh
	}
	k := 0
	for _, x := range a {
		if x == best {
			k++
		}
	}
	for i, x := range a {
		if x == best {
			sh[i] = 1 / float64(k)
		}
	}
	return true, sh
}

// outcomes of one position: for each sum, the chances reached without the
// cycle (vec, read from the mover on) and the chance of the cycle (the same
// accounts, the next player to move: cyc).
type outcomes struct {
	vec [MaxSum + 1][MaxPlayers]float64
	cyc [MaxSum + 1]float64
}

func (tb *Table) outcomesOf(a []int, o *outcomes) {
	*o = outcomes{}
	var b [MaxPlayers]int
	for s := Dice; s <= MaxSum; s++ {
		copy(b[:], a)
		switch {
		case s < 30:
			b[0] -= 30 - s
			tb.after(b[:tb.N], o.vec[s][:tb.N], 1)
		case s == 30:
			o.cyc[s] = 1
		default:
			f := s - 30
			for h, p := range Hits() {
				if h == 0 {
					o.cyc[s] += p
					continue
				}
				b[tb.N-1] = a[tb.N-1] - f*h
				tb.after(b[:tb.N], o.vec[s][:tb.N], p)
			}
		}
	}
}

// fallingOutcomes is outcomesOf for the game without hundert, where no
// account rises (the ring solver's): the next position's index is the
// accounts' with one changed, and the end the same for all of one kind.
func (tb *Table) fallingOutcomes(a []int, o *outcomes) {
	*o = outcomes{}
	n, last := tb.N, tb.N-1
	// The next position reads a[1], …, a[N−1], a[0]: a[0] counts most.
	top := tb.states() / tb.max
	rest := 0
	for i := last; i >= 1; i-- {
		rest = rest*tb.max + a[i] - 1
	}
	var b [MaxPlayers]int
	copy(b[:], a)
	b[0] = 0
	_, lost := tb.ended(b[:n]) // the mover's account at 0 or below
	copy(b[:], a)
	b[last] = 0
	_, hit := tb.ended(b[:n])  // the Vordermann's
	vordermann := top / tb.max // the weight of a[N−1] in the next index
	for s := Dice; s < validate.DreissigLine; s++ {
		out := &o.vec[s]
		if x := a[0] - (validate.DreissigLine - s); x <= 0 {
			for i := range n {
				out[i] += lost[i]
			}
		} else {
			rotateAdd(out[:n], tb.w[(rest+(x-1)*top)*n:][:n], 1)
		}
	}
	o.cyc[validate.DreissigLine] = 1
	hits := Hits()
	for s := validate.DreissigLine + 1; s <= MaxSum; s++ {
		f, out := s-validate.DreissigLine, &o.vec[s]
		o.cyc[s] += hits[0]
		for h := 1; h < len(hits); h++ {
			p := hits[h]
			if x := a[last] - f*h; x <= 0 {
				for i := range n {
					out[i] += float64(p * hit[i])
				}
			} else {
				next := rest + (x-a[last])*vordermann + (a[0]-1)*top
				rotateAdd(out[:n], tb.w[next*n:][:n], p)
			}
		}
	}
}

// rotateAdd adds p × w read one player later (w[N−1], w[0], …, w[N−2])
// to out (p = 1: w itself, exactly), without a division per chance.
func rotateAdd(out, w []float64, p float64) {
	last := len(out) - 1
	out[0] += float64(p * w[last])
	for i := 1; i <= last; i++ {
		out[i] += float64(p * w[i-1])
	}
}

// utility is what each sum is worth to the mover when the cycle's position
// gives the mover g.
func (o *outcomes) utility(g float64, u *Utility) {
	for s := Dice; s <= MaxSum; s++ {
		u[s] = o.vec[s][0] + float64(o.cyc[s]*g)
	}
}

// linear is a position's chances as r + c × (the next position's, rotated).
func (tb *Table) linear(o *outcomes, tn *Turn) (r [MaxPlayers]float64, c float64) {
	p := tn.Outcomes(Dice, 0)
	for s := Dice; s <= MaxSum; s++ {
		if p[s] == 0 {
			continue
		}
		c += float64(p[s] * o.cyc[s])
		for i := range tb.N {
			r[i] += float64(p[s] * o.vec[s][i])
		}
	}
	return r, c
}

func newTable(n int, hundert bool) *Table {
	tb := &Table{N: n, Hundert: hundert, max: Start}
	if hundert {
		tb.max = hundertMax
	}
	tb.w = make([]float64, tb.states()*n)
	return tb
}

// Solve builds the table for n players (2 … MaxPlayers), or hundert.
func Solve(n int, hundert bool) *Table {
	if hundert {
		return solveHundert()
	}
	if n < 2 || n > MaxPlayers {
		panic(fmt.Sprintf("dreissig: no table for %d players", n))
	}
	tb := solveFalling(n, n*Start)
	tb.round()
	return tb
}

// solveFalling solves the game of n players without hundert for the
// positions whose accounts add up to at most total (the others stay 0), not
// rounded.
func solveFalling(n, total int) *Table { return solveFallingTimed(n, total, nil) }

// buildClock, given to a build (benchmarks), reads the CPU time of the
// calling thread. The build adds up every ring's CPU time (total) and, sum
// by sum, how long the rings take when each goes to the first of workers
// free cores as they come free, as the build hands them out (critical: the
// sums are solved one after the other). Unlike the wall time on a shared
// machine, this does not count the time a worker waits for a core.
type buildClock struct {
	thread          func() time.Duration
	workers         int
	critical, total time.Duration
}

// add counts the rings of one sum, which took cost each.
func (clk *buildClock) add(cost []time.Duration) {
	free := make([]time.Duration, clk.workers) // when each core is free
	for _, c := range cost {
		k := 0
		for w := range free {
			if free[w] < free[k] {
				k = w
			}
		}
		free[k] += c
		clk.total += c
	}
	clk.critical += slices.Max(free)
}

// solveFallingTimed is solveFalling, timed by clk unless it is nil.
func solveFallingTimed(n, total int, clk *buildClock) *Table {
	tb := newTable(n, false)
	workers := runtime.GOMAXPROCS(0)
	// Positions by the sum of their accounts: every turn that changes an
	// account leads to a lower sum, so each sum's rings are independent.
	bySum := tb.ringsBySum(total, workers)
	rs := make([]*ringSolver, workers)
	rounds := make([]int, workers)
	for w := range workers {
		rs[w] = newRingSolver(tb)
	}
	var cost []time.Duration
	for _, ring := range bySum {
		if clk != nil {
			cost = append(cost[:0], make([]time.Duration, len(ring))...)
		}
		// Each worker takes the next ring not yet taken (rings differ in
		// cost: an unsettled one takes 12 rounds).
		var next atomic.Int64
		var wg sync.WaitGroup
		for w := range min(workers, len(ring)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if clk != nil {
					runtime.LockOSThread()
					defer runtime.UnlockOSThread()
				}
				for i := int(next.Add(1) - 1); i < len(ring); i = int(next.Add(1) - 1) {
					if clk == nil {
						rounds[w] = max(rounds[w], rs[w].solve(ring[i]))
						continue
					}
					start := clk.thread()
					rounds[w] = max(rounds[w], rs[w].solve(ring[i]))
					cost[i] = clk.thread() - start
				}
			}()
		}
		wg.Wait()
		if clk != nil {
			clk.add(cost)
		}
	}
	for w := range workers {
		tb.Rounds = max(tb.Rounds, rounds[w])
		tb.Unsettled = append(tb.Unsettled, rs[w].unsettled...)
		tb.resolves += rs[w].resolves
	}
	slices.Sort(tb.Unsettled)
	return tb
}

// ringsBySum lists the rings (by their least position) whose accounts add
// up to at most total, by that sum, each sum's in increasing order; the
// positions are gone through in parts, in parallel.
func (tb *Table) ringsBySum(total, parts int) [][]int {
	states := tb.states()
	found := make([][][]int, parts)
	var wg sync.WaitGroup
	for p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bySum := make([][]int, total+1)
			a := make([]int, tb.N)
			for idx := p * states / parts; idx < (p+1)*states/parts; idx++ {
				tb.accounts(idx, a)
				t := 0
				for _, x := range a {
					t += x
				}
				if t <= total && tb.ringStart(a) {
					bySum[t] = append(bySum[t], idx)
				}
			}
			found[p] = bySum
		}()
	}
	wg.Wait()
	bySum := make([][]int, total+1)
	for _, f := range found {
		for t, r := range f {
			bySum[t] = append(bySum[t], r...)
		}
	}
	return bySum
}

// round rounds the chances to float32, as the cache file keeps them (a
// loaded table is the solved one), and into [0, 1].
func (tb *Table) round() {
	for i, x := range tb.w {
		tb.w[i] = float64(float32(min(1, max(0, x))))
	}
}

// ringStart reports whether a is the least index of its ring (rotations).
func (tb *Table) ringStart(a []int) bool {
	idx := tb.index(a)
	var r [MaxPlayers]int
	for k := 1; k < tb.N; k++ {
		for i := range tb.N {
			r[i] = a[(i+k)%tb.N]
		}
		if tb.index(r[:tb.N]) < idx {
			return false
		}
	}
	return true
}
