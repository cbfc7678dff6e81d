package win

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/internal/cputime"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// checkPlainChances: every player's chance from Start is the plain
// recursion's r: the players on the best total its share each, the others
// before the mover 0, the mover and the later seats their own; they add up
// to 1 and the mover's is Win().
func checkPlainChances(t *testing.T, totals []int, seat, best int, tie bool, p Position, r outv) {
	t.Helper()
	want := make([]float64, len(totals))
	held := false
	for k, x := range totals[:seat] {
		if x == best && (tie || !held) {
			want[k], held = r[0], true
		}
	}
	for i := range totals[seat:] {
		want[seat+i] = r[1+i]
	}
	got := p.Chances()
	sum := 0.0
	for k := range want {
		sum += got[k]
		if math.Abs(got[k]-want[k]) > 1e-8 {
			t.Errorf("tie %v, %v seat %d: player %d %.12f, plain %.12f", tie, totals, seat+1, k+1, got[k], want[k])
		}
	}
	if math.Abs(sum-1) > 1e-12 || math.Abs(got[seat]-p.Win()) > 1e-12 {
		t.Errorf("%v seat %d: chances %v add up to %.15f; the mover's %v, Win %v", totals, seat+1, got, sum, got[seat], p.Win())
	}
}

// TestChancesAddUp: at every point of randomly played turns, in and before
// the final round, with 2, 3 and 4 players, every player's chance adds up
// to 1; the mover's is Win() with two players and in the final round, and
// a stop's chances there are the next turn's start's; before the final
// round with three or more the mover's is W/(W + S) with the others' S
// the same all through the turn.
func TestChancesAddUp(t *testing.T) {
	tb := tableOf(t, validate.GameZehntausend, map[string]any{"ziel": 1000})
	rng := rand.New(rand.NewPCG(23, 5))
	for _, c := range []struct {
		totals []int
		seat   int
	}{
		{[]int{300, 650}, 0},
		{[]int{300, 650, 900}, 1},
		{[]int{1100, 650, 900}, 1},
		{[]int{1100, 650, 900, 0}, 1},
		{[]int{1000, 1050, 900, 950}, 2},
		{[]int{300, 650, 900, 450}, 3},
	} {
		final := false
		for _, x := range c.totals[:c.seat] {
			final = final || x >= 1000
		}
		exact := final || len(c.totals) == 2
		for range 40 {
			p, err := tb.Start(c.totals, c.seat)
			if err != nil {
				t.Fatal(err)
			}
			others := -1.0
			checkChances := func(t *testing.T, totals []int, seat int, p Position, cs []float64, mover float64) {
				t.Helper()
				checkSum(t, totals, p, cs)
				if exact {
					if math.Abs(cs[seat]-mover) > 1e-12 {
						t.Fatalf("%v at %d: the mover's chance %v, its table's %v", totals, p.Points(), cs[seat], mover)
					}
					return
				}
				s := mover * (1 - cs[seat]) / cs[seat]
				if others < 0 {
					others = s
				}
				if math.Abs(s-others) > 1e-12 {
					t.Fatalf("%v at %d: the others' sum %v, %v at the turn's start", totals, p.Points(), s, others)
				}
			}
			for !p.Over() {
				checkChances(t, c.totals, c.seat, p, p.Chances(), p.Win())
				checkChances(t, c.totals, c.seat, p, p.ThrowChances(), p.ThrowWin())
				if sc, ok := p.StopChances(); ok {
					sv, _ := p.StopWin()
					checkChances(t, c.totals, c.seat, p, sc, sv)
					if final {
						next := append([]int(nil), c.totals...)
						next[c.seat] += p.Points()
						want := tb.fg.finalChances(next, c.seat+1)
						for k := range want {
							if math.Abs(sc[k]-want[k]) > 1e-12 {
								t.Errorf("%v: a stop at %d: player %d %v, next start %v", c.totals, p.Points(), k+1, sc[k], want[k])
							}
						}
					}
					if rng.IntN(3) == 0 {
						break
					}
				}
				roll := make([]int, p.Family().Dice())
				for i := range roll {
					roll[i] = 1 + rng.IntN(6)
				}
				ks, err := p.Keeps(roll)
				if err != nil {
					t.Fatal(err)
				}
				if len(ks) == 0 {
					p = p.AfterBust()
					checkChances(t, c.totals, c.seat, p, p.Chances(), p.Win())
					break
				}
				if p, err = p.After(ks[rng.IntN(len(ks))].Keep); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func checkSum(t *testing.T, totals []int, p Position, cs []float64) {
	t.Helper()
	if len(cs) != len(totals) {
		t.Fatalf("%v: %d chances", totals, len(cs))
	}
	sum := 0.0
	for _, c := range cs {
		sum += c
		if c < -1e-12 || c > 1+1e-12 {
			t.Fatalf("%v at %d: a chance %v", totals, p.Points(), c)
		}
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Fatalf("%v at %d: chances %v add up to %.15f", totals, p.Points(), cs, sum)
	}
}

// BenchmarkFinalChances: every player's chance in a final round with two
// and three seats still to throw after the one on turn (the way back and
// the mover's turn followed), computed afresh each time.
func BenchmarkFinalChances(b *testing.B) {
	for _, c := range []struct {
		name   string
		g      validate.GameID
		o      map[string]any
		totals []int
		seat   int
	}{
		{"zehntausend1500-4", validate.GameZehntausend, map[string]any{"ziel": 1500}, []int{1550, 1200, 1300, 1000}, 1},
		{"zehntausend-4", validate.GameZehntausend, nil, []int{10300, 8000, 9500, 6000}, 1},
		{"5050-4", validate.Game5050, nil, []int{5400, 4000, 4500, 3000}, 1},
	} {
		b.Run(c.name, func(b *testing.B) {
			tb := chaseTable(b, c.g, c.o, true)
			cpu0 := int64(cputime.Used())
			for b.Loop() {
				tb.fg.many = nil
				p, err := tb.Start(c.totals, c.seat)
				if err != nil {
					b.Fatal(err)
				}
				if len(p.Chances()) != len(c.totals) {
					b.Fatal("no chances")
				}
			}
			b.ReportMetric(float64(int64(cputime.Used())-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

// TestPairWinIsStart: the pairs' chances read from the table are what a
// turn's pass from Start gives (zehntausend to 1000, both seats).
func TestPairWinIsStart(t *testing.T) {
	tb := tableOf(t, validate.GameZehntausend, map[string]any{"ziel": 1000})
	for _, c := range [][3]int{{0, 0, 0}, {300, 650, 0}, {300, 650, 1}, {950, 900, 1}, {500, 0, 0}} {
		w, err := tb.pairWin([2]int{c[0], c[1]}, c[2])
		p, err2 := tb.Start([]int{c[0], c[1]}, c[2])
		if err != nil || err2 != nil || math.Abs(w-p.Win()) > 1e-12 {
			t.Errorf("%v: table %v, Start %v (%v %v)", c, w, p.Win(), err, err2)
		}
	}
}
