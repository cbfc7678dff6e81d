package dreissig

import (
	"math"
	"math/rand"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func newGame(t *testing.T, n int, hundert bool) *scoresheet.Game {
	t.Helper()
	raw := validate.RawOptions{}
	if hundert {
		raw["hundert"] = []byte("true")
	}
	r, err := validate.ParseRules(string(validate.GameDreissigTot), raw)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"A", "B", "C", "D", "E", "F"}[:n]
	g, err := scoresheet.New(r, names)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func throwDice(rng *rand.Rand, n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = rng.Intn(6) + 1
	}
	return d
}

// rotated is the engine's accounts read from the player to move on.
func rotated(g *scoresheet.Game) []int {
	tot, n := g.Totals(), len(g.Players)
	a := make([]int, n)
	for i := range a {
		a[i] = tot[(g.Seat()+i)%n]
	}
	return a
}

// playTurn plays one turn through the engine with the coach's best keeps;
// it returns the sum of the six dice and the pips the attack took.
func playTurn(t *testing.T, rng *rand.Rand, g *scoresheet.Game, c *Coach) (sum, taken int) {
	t.Helper()
	turns := g.NumTurns()
	for g.NumTurns() == turns && !g.Finished() {
		dt := g.DreissigTurn()
		if dt.Attacking() {
			if err := g.Apply(scoresheet.Entry{Kind: scoresheet.EntryAttack, Roll: throwDice(rng, dt.AttackLive())}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		roll := throwDice(rng, dt.InCup())
		best := c.Best(dt.InCup(), dt.Sum(), roll)
		if err := g.Apply(scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: best.Dice}); err != nil {
			t.Fatalf("the engine refuses the coach's keep %v of %v: %v", best.Dice, roll, err)
		}
	}
	last := g.Turns()[len(g.Turns())-1]
	return last.Points, last.Attack
}

// simulate plays whole games with the table's play through the engine and
// checks, turn by turn, that the engine's accounts and end are what the
// table's settling says; it returns the first player's mean share of wins.
func simulate(t *testing.T, tb *Table, games int, seed int64) (mean, se float64) {
	rng := rand.New(rand.NewSource(seed))
	coaches := map[int]*Coach{}
	var sum, sq float64
	for range games {
		g := newGame(t, tb.N, tb.Hundert)
		for !g.Finished() {
			a := rotated(g)
			if !tb.Valid(a) {
				t.Fatalf("position %v outside the table", a)
			}
			idx := tb.index(a)
			c := coaches[idx]
			if c == nil {
				c = tb.For(a)
				coaches[idx] = c
			}
			s, taken := playTurn(t, rng, g, c)
			b := append([]int(nil), a...)
			if out := validate.DreissigResult(s); out.Cost > 0 {
				b[0] -= out.Cost
			} else {
				b[tb.N-1] -= taken
			}
			checkSettle(t, tb, g, b)
		}
		share := 0.0
		for _, w := range g.Winners() {
			if w == 0 {
				share = 1 / float64(len(g.Winners()))
			}
		}
		sum += share
		sq += share * share
	}
	mean = sum / float64(games)
	return mean, math.Sqrt((sq/float64(games) - mean*mean) / float64(games))
}

// checkSettle: the table's end of a turn (hundert's additions, the end,
// the winners, the next position) against the engine's.
func checkSettle(t *testing.T, tb *Table, g *scoresheet.Game, b []int) {
	t.Helper()
	next, shares, over := tb.step(b)
	if over != g.Finished() {
		t.Fatalf("accounts %v: table says over=%v, engine %v (totals %v)", b, over, g.Finished(), g.Totals())
	}
	if over {
		n := len(g.Winners())
		got := 0
		for _, s := range shares[:tb.N] {
			if s > 0 {
				got++
			}
		}
		if got != n {
			t.Fatalf("accounts %v: table %d winners, engine %v", b, got, g.Winners())
		}
		return
	}
	if want := tb.index(rotated(g)); next != want {
		t.Fatalf("accounts %v: table's next position %d, engine's totals %v", b, next, g.Totals())
	}
}

// A simulation of the table's own play agrees with its chance to win
// within three standard errors (two and three players), and the engine
// settles every turn as the table does.
func TestSimulationAgrees(t *testing.T) {
	for _, c := range []struct{ n, games int }{{2, 2000}, {3, 800}} {
		tb := table(c.n)
		mean, se := simulate(t, tb, c.games, int64(c.n))
		want := tb.Chances(make30(c.n))[0]
		if math.Abs(mean-want) > 3*se {
			t.Errorf("%d players: simulated %.4f ± %.4f, table %.4f", c.n, mean, se, want)
		}
	}
}

func make30(n int) []int {
	a := make([]int, n)
	for i := range a {
		a[i] = Start
	}
	return a
}

// The points view: the mean of single turns played through the engine
// with its keeps (pips taken minus pips lost) within three standard errors
// of the turn's value.
func TestSimulationPoints(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	c := Points(5)
	const turns = 10000
	var sum, sq float64
	for range turns {
		g := newGame(t, 5, false)
		s, taken := playTurn(t, rng, g, c)
		x := float64(taken)
		if out := validate.DreissigResult(s); out.Cost > 0 {
			x = -float64(out.Cost)
		}
		sum += x
		sq += x * x
	}
	mean := sum / turns
	se := math.Sqrt((sq/turns - mean*mean) / turns)
	if want := c.Value(Dice, 0); math.Abs(mean-want) > 3*se {
		t.Fatalf("simulated %.3f ± %.3f pips, value %.3f", mean, se, want)
	}
}

// hundert: the table's additions and end agree with the engine's over
// simulated games, its play agrees with its chance within three standard
// errors, and the chances add up to 1.
func TestHundert(t *testing.T) {
	tb := Solve(2, true)
	for idx := range tb.states() {
		if s := tb.w[2*idx] + tb.w[2*idx+1]; math.Abs(s-1) > 1e-6 {
			t.Fatalf("position %d: chances add up to %v", idx, s)
		}
	}
	mean, se := simulate(t, tb, 150, 11)
	if want := tb.Chances(make30(2))[0]; math.Abs(mean-want) > 3*se {
		t.Errorf("simulated %.4f ± %.4f, table %.4f", mean, se, want)
	}
	// The end of a turn by hand: 90 against 6, an attack of 36 takes the
	// account to −30: one addition, 120 : 0, the first player has won.
	if _, sh, over := tb.step([]int{90, -30}); !over || sh[0] != 1 {
		t.Fatalf("90 against −30: over %v, shares %v", over, sh)
	}
	// 20 against −5: both get 30, 50 : 25, the game goes on with the
	// second to move.
	if next, _, over := tb.step([]int{20, -5}); over || next != tb.index([]int{25, 50}) {
		t.Fatalf("20 against −5: over %v, next %d", over, next)
	}
}
