package win

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// TestRobustPassesAreExact: the final round with two and three seats still
// to throw after the mover, on the real rules (zehntausend and 5050
// defaults, zehntausend with verschaerft's floor and with nix): every
// player's chance from Start and at every point of randomly played turns
// is what the passes that compare every keep and solve every bar give
// (fg.noRobust, fg.noClosed), to 1e-12; so is the mover's W.
func TestRobustPassesAreExact(t *testing.T) {
	for _, c := range []struct {
		g      validate.GameID
		o      map[string]any
		totals []int
		seat   int
	}{
		{validate.GameZehntausend, nil, []int{10300, 8000, 9500, 6000}, 1},
		{validate.GameZehntausend, nil, []int{10000, 500, 9950, 3000, 9000}, 1},
		{validate.Game5050, nil, []int{5400, 4000, 4500, 3000}, 1},
		{validate.Game5050, nil, []int{5050, 1000, 5000, 2000, 4950}, 1},
		{validate.GameZehntausend, map[string]any{"verschaerft": true, "nix": true}, []int{10000, 9000, 9950, 0}, 1},
	} {
		fast := chaseTable(t, c.g, c.o, true)
		full := chaseTable(t, c.g, c.o, true)
		full.fg.noRobust, full.fg.noClosed = true, true
		rng := rand.New(rand.NewPCG(uint64(len(c.totals)), 7))
		p, err := fast.Start(c.totals, c.seat)
		if err != nil {
			t.Fatal(err)
		}
		q, err := full.Start(c.totals, c.seat)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; !p.Over() && step < 12; step++ {
			same(t, c.totals, "chances", p.Chances(), q.Chances())
			same(t, c.totals, "throw on", p.ThrowChances(), q.ThrowChances())
			same(t, c.totals, "win", []float64{p.Win(), p.ThrowWin()}, []float64{q.Win(), q.ThrowWin()})
			if sc, ok := p.StopChances(); ok {
				sq, _ := q.StopChances()
				same(t, c.totals, "stop", sc, sq)
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
				break
			}
			k := ks[rng.IntN(len(ks))].Keep
			if p, err = p.After(k); err != nil {
				t.Fatal(err)
			}
			if q, err = q.After(k); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func same(t *testing.T, totals []int, what string, got, want []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%v %s: %d chances, %d", totals, what, len(got), len(want))
	}
	for i := range got {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Errorf("%v %s: player %d %.15f, every keep and bar solved %.15f", totals, what, i+1, got[i], want[i])
		}
	}
}
