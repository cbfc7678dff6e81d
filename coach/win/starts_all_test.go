package win

import (
	"math/rand/v2"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// TestStartsAllAreStart: Table.StartsAll gives at every turn start, the
// final round's of three, four and five players too (last seat, one and
// more seats still to throw, ties), mixed with two players' and with
// starts before the final round, the position Start gives on a table of
// its own: its method, turn table and every player's chances bit for bit,
// at the start and along random turns; twice, the second time in the
// buffers the first one's released positions left.
func TestStartsAllAreStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	for _, c := range []struct {
		g validate.GameID
		o map[string]any
	}{{validate.GameZehntausend, map[string]any{"ziel": 1500}}, {validate.GameZehntausend, map[string]any{"ziel": 1500, "nix": true}},
		{validate.GameZehntausend, map[string]any{"ziel": 1000, "wuerfel": 6, "strasse": 1000, "drei_paare": 1000}}, {validate.Game5050, nil}, {validate.Game5000, nil}} {
		r := rulesOf(t, c.g, c.o)
		fresh := func() *Table {
			s, err := New(r)
			if err != nil {
				t.Fatal(err)
			}
			s.SetDir("")
			tb, err := s.Table()
			if err != nil {
				t.Fatal(err)
			}
			return tb
		}
		tb, one := fresh(), fresh()
		target := r.Variant().Target
		finals := 0
		for round := range 2 {
			var totals [][]int
			var seats []int
			for len(totals) < 13 {
				n := 2 + rng.IntN(4)
				tot := make([]int, n)
				for i := range tot {
					tot[i] = step * rng.IntN(target/step)
				}
				seat := rng.IntN(n)
				if c.g != validate.Game5000 && seat > 0 && rng.IntN(4) != 0 {
					tot[0] = target + step*rng.IntN(6) // the final round
					if seat > 1 && rng.IntN(2) == 0 {
						tot[seat-1] = tot[0] // a tie on the best total
					}
				}
				if c.g == validate.Game5000 {
					for i := range tot { // no two on one total, none below the entry
						tot[i] = 500 + step*(i+n*rng.IntN((target-500)/step/n))
					}
				}
				totals, seats = append(totals, tot), append(seats, seat)
			}
			got, err := tb.StartsAll(totals, seats)
			if err != nil {
				t.Fatal(err)
			}
			for k := range totals {
				name := string(c.g)
				want, err := one.Start(totals[k], seats[k])
				if err != nil {
					t.Fatal(err)
				}
				p := got[k]
				if !p.Made() {
					t.Fatalf("%s %v at %v seat %d: not made", name, c.o, totals[k], seats[k])
				}
				if p.Method() != want.Method() || p.Exact() != want.Exact() {
					t.Fatalf("%s %v at %v seat %d: %q %v, Start %q %v", name, c.o, totals[k], seats[k], p.Method(), p.Exact(), want.Method(), want.Exact())
				}
				if want.Method() == methodLastSeat || want.Method() == methodOneLater || want.Method() == methodMany {
					finals++
				}
				if i := sameBits(p.tt.v, want.tt.v); i >= 0 {
					t.Fatalf("%s %v at %v seat %d: v[%d] differs", name, c.o, totals[k], seats[k], i)
				}
				if i := sameBits(p.tt.q, want.tt.q); i >= 0 {
					t.Fatalf("%s %v at %v seat %d: q[%d] differs", name, c.o, totals[k], seats[k], i)
				}
				walk := func(p Position, picks uint64, rolls [][]int) [][]float64 {
					out := [][]float64{p.Chances(), p.ThrowChances(), {p.Win(), float64(p.Points())}}
					for i, roll := range rolls {
						ks, err := p.Keeps(roll[:p.Family().Dice()])
						if err != nil || len(ks) == 0 {
							break
						}
						if p, err = p.After(ks[(picks>>(4*i))%uint64(len(ks))].Keep); err != nil {
							t.Fatal(err)
						}
						out = append(out, p.Chances(), p.ThrowChances(), []float64{p.Win()})
						if sc, ok := p.StopChances(); ok {
							out = append(out, sc)
						}
					}
					return out
				}
				rolls := make([][]int, 5)
				for i := range rolls {
					rolls[i] = make([]int, 6)
					for d := range rolls[i] {
						rolls[i][d] = 1 + rng.IntN(6)
					}
				}
				picks := rng.Uint64()
				a, b := walk(p, picks, rolls), walk(want, picks, rolls)
				if len(a) != len(b) {
					t.Fatalf("%s %v at %v seat %d: %d points along the turn, Start %d", name, c.o, totals[k], seats[k], len(a), len(b))
				}
				for i := range a {
					if j := sameBits(a[i], b[i]); j >= 0 {
						t.Fatalf("%s %v at %v seat %d, point %d of the turn: %v, Start %v (round %d)", name, c.o, totals[k], seats[k], i, a[i], b[i], round)
					}
				}
				tb.Release(p)
				one.Release(want)
			}
		}
		if c.g != validate.Game5000 && finals < 8 {
			t.Errorf("%s %v: only %d final-round starts", c.g, c.o, finals)
		}
	}
}
