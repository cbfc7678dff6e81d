package dreissig

import (
	"slices"
	"sync"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// A Coach answers for one position between turns: the turn of the player
// to move solved for their chance to win (a Table) or for the turn's points
// (Points: more than MaxPlayers players, or no table), and, with a table,
// every player's chance at every point of the turn.
type Coach struct {
	tb   *Table // nil: the points view
	n    int
	a    []int // accounts read from the mover on
	tn   Turn
	leaf [MaxSum + 1][MaxPlayers]float64
	vec  [cellCount][MaxPlayers]float64
}

// Exact reports whether the values are chances to win (else the turn's
// points: pips taken from the Vordermann minus pips lost).
func (c *Coach) Exact() bool { return c.tb != nil }

// Settled reports whether best play by all has a fixed point in this
// position's ring (Table.Settled; always true in the points view).
func (c *Coach) Settled() bool { return c.tb == nil || c.tb.Settled(c.a) }

// Players is the number of players.
func (c *Coach) Players() int { return c.n }

// Turn is the solved turn of the mover: Value is the mover's chance to win
// (or expected points) with six dice in the cup.
func (c *Coach) Turn() *Turn { return &c.tn }

// For is the coach of the position with accounts a read from the mover on
// (a[0] the player to move, a[len−1] their Vordermann) under table tb.
func (tb *Table) For(a []int) *Coach {
	c := &Coach{tb: tb, n: tb.N, a: slices.Clone(a)}
	var o outcomes
	tb.outcomesOf(a, &o)
	rot := make([]int, tb.N)
	for i := range tb.N {
		rot[i] = a[(i+1)%tb.N]
	}
	next := tb.index(rot) * tb.N
	var u Utility
	for s := Dice; s <= MaxSum; s++ {
		for i := range tb.N {
			c.leaf[s][i] = o.vec[s][i] + float64(o.cyc[s]*tb.at(next+(i+tb.N-1)%tb.N))
		}
		u[s] = c.leaf[s][0]
	}
	c.tn.Solve(&u)
	c.vectors()
	c.tn.compact()
	return c
}

// vectors carries every player's chance through the solved play.
func (c *Coach) vectors() {
	for s := Dice; s <= MaxSum; s++ {
		c.vec[cell(0, s)] = c.leaf[s]
	}
	tn := &c.tn
	for n := 1; n <= Dice; n++ {
		lo, hi := sumRange(n)
		for s := lo; s <= hi; s++ {
			x := cell(n, s)
			var v [MaxPlayers]float64
			for i := tn.recFrom[x]; i < tn.recTo[x]; i++ {
				for p := range c.n {
					v[p] += float64(tn.recW[i] * c.vec[tn.recCell[i]][p])
				}
			}
			c.vec[x] = v
		}
	}
}

// Points is the coach of the turn's points for n players: under 30 the
// pips lost count against, over 30 the expected pips the attack takes
// (with one player the attack is on oneself: against too).
func Points(n int) *Coach {
	if n <= 1 {
		return pointsSolo()
	}
	return pointsMany()
}

var pointsMany = sync.OnceValue(func() *Coach { return newPoints(2) })
var pointsSolo = sync.OnceValue(func() *Coach { return newPoints(1) })

func newPoints(n int) *Coach {
	c := &Coach{n: n}
	var u Utility
	for s := Dice; s <= MaxSum; s++ {
		out := validate.DreissigResult(s)
		switch {
		case out.Cost > 0:
			u[s] = -float64(out.Cost)
		case out.Target > 0 && n == 1:
			u[s] = -ExpectedTaken(out.Target)
		case out.Target > 0:
			u[s] = ExpectedTaken(out.Target)
		}
	}
	c.tn.Solve(&u)
	c.tn.compact()
	return c
}

// Value is the mover's value with inCup dice to throw and sum pips aside.
func (c *Coach) Value(inCup, sum int) float64 { return c.tn.At(inCup, sum) }

// Chances is every player's chance (read from the mover on) with inCup
// dice to throw and sum pips aside; nil in the points view.
func (c *Coach) Chances(inCup, sum int) []float64 {
	if c.tb == nil {
		return nil
	}
	return slices.Clone(c.vec[cell(inCup, sum)][:c.n])
}

// AttackChances is every player's chance (read from the mover on) while the
// attack with target face f has taken pips so far and throws live dice
// next; nil in the points view.
func (c *Coach) AttackChances(f, taken, live int) []float64 {
	if c.tb == nil {
		return nil
	}
	out := make([]float64, c.n)
	b := slices.Clone(c.a)
	for h, p := range HitsFrom(live) {
		if p == 0 {
			continue
		}
		b[c.n-1] = c.a[c.n-1] - taken - f*h
		c.tb.after(b, out, p)
	}
	return out
}

// AttackValue is the mover's value of an attack under way (the points view:
// the pips taken so far and expected still).
func (c *Coach) AttackValue(f, taken, live int) float64 {
	if c.tb != nil {
		return c.AttackChances(f, taken, live)[0]
	}
	e := float64(taken)
	for h, p := range HitsFrom(live) {
		e += float64(p * float64(f*h))
	}
	if c.n == 1 {
		return -e
	}
	return e
}

// Keep is one keep of a throw: the dice set aside and what they are worth
// to the mover (and every player's chance, with a table).
type Keep struct {
	Dice    []int
	Value   float64
	Chances []float64
}

// Keeps is every keep of the throw roll with inCup dice thrown and sum
// pips aside before it, best first (equal values: fewer dice first, then
// more pips; Best picks the same).
func (c *Coach) Keeps(inCup, sum int, roll []int) []Keep {
	var r [Dice + 1]int8
	for _, d := range roll {
		r[d]++
	}
	var out []Keep
	eachKeep(r, func(k [Dice + 1]int8, j, t int) {
		var dice []int
		for f := Dice; f >= 1; f-- {
			for range k[f] {
				dice = append(dice, f)
			}
		}
		x := cell(inCup-j, sum+t)
		kp := Keep{Dice: dice, Value: c.tn.G[x]}
		if c.tb != nil {
			kp.Chances = slices.Clone(c.vec[x][:c.n])
		}
		out = append(out, kp)
	})
	slices.SortStableFunc(out, func(a, b Keep) int {
		switch {
		case a.Value > b.Value:
			return -1
		case a.Value < b.Value:
			return 1
		case len(a.Dice) != len(b.Dice):
			return len(a.Dice) - len(b.Dice)
		}
		return sumOf(b.Dice) - sumOf(a.Dice)
	})
	return out
}

// Best is the best keep of the throw (as Keeps()[0], without the others).
func (c *Coach) Best(inCup, sum int, roll []int) Keep {
	var r [Dice + 1]int8
	for _, d := range roll {
		r[d]++
	}
	var best [Dice + 1]int8
	bj, bt, bv := 0, 0, 0.0
	eachKeep(r, func(k [Dice + 1]int8, j, t int) {
		v := c.tn.G[cell(inCup-j, sum+t)]
		if bj == 0 || v > bv || (v == bv && (j < bj || (j == bj && t > bt))) {
			best, bj, bt, bv = k, j, t, v
		}
	})
	var dice []int
	for f := Dice; f >= 1; f-- {
		for range best[f] {
			dice = append(dice, f)
		}
	}
	kp := Keep{Dice: dice, Value: bv}
	if c.tb != nil {
		kp.Chances = slices.Clone(c.vec[cell(inCup-bj, sum+bt)][:c.n])
	}
	return kp
}

// BestCount is the best number of dice to set aside of a throw of inCup dice
// with sum pips aside: for each count, the chance (over the throw) that the
// best keep has that many dice.
func (c *Coach) BestCount(inCup, sum int) [Dice + 1]float64 {
	var out [Dice + 1]float64
	x := cell(inCup, sum)
	for i := c.tn.recFrom[x]; i < c.tn.recTo[x]; i++ {
		out[inCup-int(c.tn.recCell[i])/(MaxSum+1)] += c.tn.recW[i]
	}
	return out
}

func sumOf(d []int) int {
	s := 0
	for _, x := range d {
		s += x
	}
	return s
}

// ForPosition is the coach of a game's position between turns: accounts
// by seat, seat the player to move. With 2 … MaxPlayers players (hundert:
// two) it is the exact chance to win from the process-wide table; with
// other numbers of players the turn's points.
func ForPosition(hundert bool, accounts []int, seat int) *Coach {
	n := len(accounts)
	a := make([]int, n)
	for i := range a {
		a[i] = accounts[(seat+i)%n]
	}
	if tb := TableFor(n, hundert); tb != nil && tb.Valid(a) {
		return tb.For(a)
	}
	return Points(n)
}

// BySeat turns chances read from the mover on into chances by seat.
func BySeat(v []float64, seat int) []float64 {
	if v == nil {
		return nil
	}
	n := len(v)
	out := make([]float64, n)
	for i, x := range v {
		out[(seat+i)%n] = x
	}
	return out
}

// Covers reports whether n players (with hundert or not) get chances to
// win (else the points view).
func Covers(n int, hundert bool) bool {
	if hundert {
		return n == 2
	}
	return n >= 2 && n <= MaxPlayers
}
