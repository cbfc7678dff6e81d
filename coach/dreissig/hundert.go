package dreissig

import "math"

// hundert ("Von dreißig auf hundert", two players): accounts do not only
// fall, an account at 0 or below gives both 30, and the game ends when an
// account reaches 100. Positions (accounts 1 … 99) depend on each other in
// cycles beyond the ring of 30s, so the table is a fixed point found by
// policy iteration: for the plays chosen, the values are iterated (the ring
// of the two players' positions solved exactly each time) until no value
// moves by more than 1e-15; then every play is solved again for those
// values, until no play changes. The values are exact to about 1e-13.

const hundertMax = Target - 1

// evalTol: the evaluation stops when no value moves by more than this.
const evalTol = 1e-15

func solveHundert() *Table {
	tb := newTable(2, true)
	n := tb.states()
	for i := range n {
		tb.w[2*i], tb.w[2*i+1] = 0.5, 0.5
	}
	// The chances of the six dice's sums under each position's play.
	plays := make([][MaxSum + 1]float64, n)
	order := hundertOrder(tb)
	var tn Turn
	var o outcomes
	var u Utility
	a := make([]int, 2)
	for round := 1; round <= maxRounds; round++ {
		changed := 0
		for _, idx := range order {
			tb.accounts(idx, a)
			tb.outcomesOf(a, &o)
			rot := tb.index([]int{a[1], a[0]})
			o.utility(tb.w[rot*2+1], &u)
			tn.Solve(&u)
			// Only a better play replaces the one valued (ties stay).
			old := 0.0
			for s := Dice; s <= MaxSum; s++ {
				old += float64(plays[idx][s] * u[s])
			}
			if round == 1 || tn.Value() > old+tolerance {
				changed++
				plays[idx] = tn.Outcomes(Dice, 0)
			}
		}
		tb.Rounds = round
		if changed == 0 {
			break
		}
		tb.evaluate(order, plays)
	}
	tb.round()
	return tb
}

// hundertOrder lists the positions by the sum of their accounts (a turn
// without an addition lowers it), a position next to its ring partner.
func hundertOrder(tb *Table) []int {
	var order []int
	for t := 2; t <= 2*hundertMax; t++ {
		for x := max(1, t-hundertMax); x <= min(hundertMax, t-1); x++ {
			order = append(order, tb.index([]int{x, t - x}))
		}
	}
	return order
}

// links is a position's chances under a fixed play: term (the game over)
// plus, for each link, p × the chances of position to (read one player
// later), plus c × those of its partner (the same accounts, the other to
// move).
type links struct {
	term [2]float64
	c    float64
	to   []int32
	p    []float64
}

func (tb *Table) linksOf(a []int, play *[MaxSum + 1]float64, rot int, l *links) {
	*l = links{to: l.to[:0], p: l.p[:0]}
	add := func(b []int, p float64) {
		next, sh, over := tb.step(b)
		switch {
		case over:
			l.term[0] += float64(p * sh[0])
			l.term[1] += float64(p * sh[1])
		case next == rot:
			l.c += p
		default:
			l.to = append(l.to, int32(next))
			l.p = append(l.p, p)
		}
	}
	for s := Dice; s <= MaxSum; s++ {
		q := play[s]
		if q == 0 {
			continue
		}
		b := []int{a[0], a[1]}
		switch {
		case s < 30:
			b[0] -= 30 - s
			add(b, q)
		case s == 30:
			add(b, q)
		default:
			for h, p := range Hits() {
				b[1] = a[1] - (s-30)*h
				add(b, float64(q*p))
			}
		}
	}
}

func (tb *Table) linkValue(l *links) (r [2]float64) {
	r = l.term
	for i, y := range l.to {
		r[0] += float64(l.p[i] * tb.w[int(y)*2+1])
		r[1] += float64(l.p[i] * tb.w[int(y)*2])
	}
	return r
}

// evaluate iterates the values of fixed plays to their fixed point; the
// two positions of one pair of accounts are solved together, exactly.
func (tb *Table) evaluate(order []int, plays [][MaxSum + 1]float64) {
	ls := make([]links, tb.states())
	a := make([]int, 2)
	for _, idx := range order {
		tb.accounts(idx, a)
		tb.linksOf(a, &plays[idx], tb.index([]int{a[1], a[0]}), &ls[idx])
	}
	for range 100000 {
		moved := 0.0
		for _, idx := range order {
			tb.accounts(idx, a)
			if a[0] > a[1] {
				continue // solved with its partner
			}
			rot := tb.index([]int{a[1], a[0]})
			r0, c0 := tb.linkValue(&ls[idx]), ls[idx].c
			r1, c1 := tb.linkValue(&ls[rot]), ls[rot].c
			// W0 = r0 + c0 σ(W1), W1 = r1 + c1 σ(W0); σ swaps for two players.
			den := 1 - float64(c0*c1)
			w0 := [2]float64{(r0[0] + float64(c0*r1[1])) / den, (r0[1] + float64(c0*r1[0])) / den}
			w1 := [2]float64{r1[0] + float64(c1*w0[1]), r1[1] + float64(c1*w0[0])}
			for i := range 2 {
				moved = max(moved, math.Abs(tb.w[idx*2+i]-w0[i]), math.Abs(tb.w[rot*2+i]-w1[i]))
				tb.w[idx*2+i], tb.w[rot*2+i] = w0[i], w1[i]
			}
		}
		if moved <= evalTol {
			return
		}
	}
}
