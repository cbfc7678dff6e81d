package win

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// sim plays two-player games of zehntausend (final round: the second seat
// answers the first seat's target; a tie is half) with random dice.
type sim struct {
	tb     *Table
	target int
	rng    *rand.Rand
	starts map[[3]int]Position
}

func newSim(t testing.TB, opts map[string]any, seed uint64) *sim {
	tb := tableOf(t, validate.GameZehntausend, opts)
	return &sim{tb: tb, target: tb.s.rules.Variant().Target, rng: rand.New(rand.NewPCG(seed, 7)), starts: map[[3]int]Position{}}
}

func (sm *sim) start(totals [2]int, seat int) Position {
	key := [3]int{totals[0], totals[1], seat}
	if p, ok := sm.starts[key]; ok {
		return p
	}
	p, err := sm.tb.Start(totals[:], seat)
	if err != nil {
		panic(err)
	}
	sm.starts[key] = p
	return p
}

// turn plays one turn; points reports whether the player plays for the
// expected points (coach/family) instead of the win. It returns what the
// turn banks.
func (sm *sim) turn(totals [2]int, seat int, points bool) int {
	p := sm.start(totals, seat)
	for {
		roll := make([]int, p.fp.Dice())
		for k := range roll {
			roll[k] = 1 + sm.rng.IntN(6)
		}
		var keep validate.Keep
		if points {
			ks, _ := p.fp.Keeps(roll)
			if len(ks) == 0 {
				return 0
			}
			keep = ks[0].Keep
		} else {
			ks, _ := p.Keeps(roll)
			if len(ks) == 0 {
				return 0
			}
			keep = ks[0].Keep
		}
		p, _ = p.After(keep)
		if points && p.fp.ShouldStop() || !points && p.ShouldStop() {
			return p.Points()
		}
	}
}

// game plays one game and returns the first seat's score (1, 1/2, 0).
func (sm *sim) game(points [2]bool) float64 {
	var totals [2]int
	for {
		for seat := range 2 {
			totals[seat] += sm.turn(totals, seat, points[seat])
			if seat == 1 && (totals[0] >= sm.target || totals[1] >= sm.target) {
				switch {
				case totals[0] > totals[1]:
					return 1
				case totals[0] == totals[1]:
					return 0.5
				}
				return 0
			}
		}
	}
}

// selfPlay is the first seat's mean score over n games of the win policy
// against itself, with its standard error.
func selfPlay(sm *sim, n int, points [2]bool) (mean, se float64) {
	var sum, sq float64
	for range n {
		x := sm.game(points)
		sum += x
		sq += x * x
	}
	mean = sum / float64(n)
	return mean, math.Sqrt((sq/float64(n) - mean*mean) / float64(n))
}

// TestSelfPlay: the policy against itself wins as often as W(0, 0) says
// (within 3 standard errors); BenchmarkSelfPlay plays 200,000 games.
func TestSelfPlay(t *testing.T) {
	sm := newSim(t, map[string]any{"ziel": 500}, 1)
	w := sm.start([2]int{}, 0).Win()
	mean, se := selfPlay(sm, 10000, [2]bool{})
	if math.Abs(mean-w) > 3*se {
		t.Errorf("the first seat scores %.4f ± %.4f, W(0, 0) = %.4f", mean, se, w)
	}
}

// TestAgainstPointsPlayer: the win policy against the expected-points
// coach, each in both seats: it scores at least what the table guarantees
// in each seat (W(0, 0) first, 1 − W(0, 0) second; a player not playing to
// win can only do worse against it), and more than half over both.
func TestAgainstPointsPlayer(t *testing.T) {
	sm := newSim(t, map[string]any{"ziel": 500}, 2)
	w := sm.start([2]int{}, 0).Win()
	const n = 6000
	first, se1 := selfPlay(sm, n, [2]bool{false, true})
	second, se2 := selfPlay(sm, n, [2]bool{true, false})
	second = 1 - second
	if first < w-3*se1 || second < 1-w-3*se2 {
		t.Errorf("the win policy scores %.4f ± %.4f first (guaranteed %.4f) and %.4f ± %.4f second (guaranteed %.4f)", first, se1, w, second, se2, 1-w)
	}
	both, se := (first+second)/2, math.Hypot(se1, se2)/2
	if both <= 0.5+2*se {
		t.Errorf("the win policy scores %.4f ± %.4f against the points coach, not more than half", both, se)
	}
	t.Logf("win policy vs points coach: %.4f first, %.4f second, %.4f ± %.4f over both (W(0,0) = %.4f)", first, second, both, se, w)
}

func BenchmarkSelfPlay(b *testing.B) {
	for b.Loop() {
		sm := newSim(b, map[string]any{"ziel": 500}, 3)
		w := sm.start([2]int{}, 0).Win()
		mean, se := selfPlay(sm, 200000, [2]bool{})
		b.ReportMetric(mean, "first-seat")
		b.ReportMetric(w, "W00")
		b.ReportMetric((mean-w)/se, "z")
	}
}

// manyGame plays one game of n players of zehntausend: the win policy in
// seat me, the points coach elsewhere; it returns the win policy's share.
func (sm *sim) manyGame(n, me int, starts map[string]Position) float64 {
	totals := make([]int, n)
	final := false
	for {
		for seat := range n {
			var got int
			if seat == me {
				got = sm.manyTurn(totals, seat, starts)
			} else {
				got = sm.turn([2]int{totals[seat], 0}, 0, true) // the points coach ignores the totals
			}
			totals[seat] += got
			if totals[seat] >= sm.target {
				final = true
			}
		}
		if final {
			best := slices.Max(totals)
			if totals[me] != best {
				return 0
			}
			k := 0
			for _, x := range totals {
				if x == best {
					k++
				}
			}
			return 1 / float64(k)
		}
	}
}

func (sm *sim) manyTurn(totals []int, seat int, starts map[string]Position) int {
	key := fmt.Sprint(totals, seat)
	p, ok := starts[key]
	if !ok {
		var err error
		if p, err = sm.tb.Start(totals, seat); err != nil {
			panic(err)
		}
		starts[key] = p
	}
	for {
		roll := make([]int, p.fp.Dice())
		for k := range roll {
			roll[k] = 1 + sm.rng.IntN(6)
		}
		ks, _ := p.Keeps(roll)
		if len(ks) == 0 {
			return 0
		}
		p, _ = p.After(ks[0].Keep)
		if p.ShouldStop() {
			return p.Points()
		}
	}
}

// BenchmarkManyPlayers measures the 3- and 4-player approximation: the
// win policy in each seat in turn against players of the points coach
// (zehntausend, ziel 2000); share-B is its mean share of wins, fair-B 1/n,
// se-B the standard error.
func BenchmarkManyPlayers(b *testing.B) {
	for _, n := range []int{3, 4} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				sm := newSim(b, map[string]any{"ziel": 2000}, uint64(n))
				starts := map[string]Position{}
				const games = 4000
				var sum, sq float64
				for g := range games {
					x := sm.manyGame(n, g%n, starts)
					sum += x
					sq += x * x
				}
				mean := sum / games
				b.ReportMetric(mean, "share")
				b.ReportMetric(1/float64(n), "fair")
				b.ReportMetric(math.Sqrt((sq/games-mean*mean)/games), "se")
			}
		})
	}
}
