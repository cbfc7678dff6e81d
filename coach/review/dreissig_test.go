package review

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/dreissig"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// checkDreissig: in chances, result = start + luck − loss, the result the
// share of the win when the game is over, the starts adding up to 100; in
// pips, the turns' pips = turn values + luck − loss.
func checkDreissig(t *testing.T, name string, g *scoresheet.Game, rv *Review, seat int) {
	t.Helper()
	p := rv.Players[seat]
	if !rv.Chances {
		if got := p.TurnValueSum + p.Luck - p.Loss; math.Abs(got-float64(p.Banked)) > tol {
			t.Errorf("%s: %s: turn values %v + luck %v − loss %v = %v, pips %d", name, p.Name, p.TurnValueSum, p.Luck, p.Loss, got, p.Banked)
		}
		return
	}
	if got := p.ChanceStart + p.Luck - p.Loss; math.Abs(got-p.ChanceResult) > tol {
		t.Errorf("%s: %s: start %v + luck %v − loss %v = %v, result %v", name, p.Name, p.ChanceStart, p.Luck, p.Loss, got, p.ChanceResult)
	}
	if g.Finished() {
		share := 0.0
		for _, w := range g.Winners() {
			if w == seat {
				share = 100 / float64(len(g.Winners()))
			}
		}
		if math.Abs(p.ChanceResult-share) > tol {
			t.Errorf("%s: %s: result %v, share of the win %v", name, p.Name, p.ChanceResult, share)
		}
	}
	if seat == 0 {
		sum := 0.0
		for _, q := range rv.Players {
			sum += q.ChanceStart
		}
		if math.Abs(sum-100) > 1e-3 {
			t.Errorf("%s: the starts add up to %v", name, sum)
		}
	}
}

// randomDreissig plays a game of Dreißig tot with random keeps.
func randomDreissig(t *testing.T, n int, hundert bool, rng *rand.Rand, maxTurns int) *scoresheet.Game {
	t.Helper()
	r := rules(t, validate.GameDreissigTot, map[string]any{"hundert": hundert})
	names := []string{"Anna", "Ben", "Cem", "Dora", "Ede"}[:n]
	g, err := scoresheet.New(r, names)
	if err != nil {
		t.Fatal(err)
	}
	for !g.Finished() && g.NumTurns() < maxTurns {
		dt := g.DreissigTurn()
		if dt.Attacking() {
			if err := g.Apply(scoresheet.Entry{Kind: scoresheet.EntryAttack, Roll: rollDice(rng, dt.AttackLive())}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		roll := rollDice(rng, dt.InCup())
		keep := []int{roll[0]}
		for _, d := range roll[1:] {
			if rng.IntN(3) == 0 {
				keep = append(keep, d)
			}
		}
		if err := g.Apply(scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: keep}); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// Random games of two and three players, hundert, five players (pips), one
// player (pips, the attack on oneself), also cut off while running: every
// review adds up.
func TestIdentitiesRandomDreissig(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 24))
	for _, c := range []struct {
		n       int
		hundert bool
		chances bool
	}{{2, false, true}, {3, false, true}, {2, true, true}, {5, false, false}, {1, false, false}} {
		for i := range 4 {
			g := randomDreissig(t, c.n, c.hundert, rng, 60+i*7)
			rv, err := OfGame(g, testValuers(t))
			if err != nil {
				t.Fatal(err)
			}
			if rv.Chances != c.chances || len(rv.Decisions) == 0 {
				t.Fatalf("%+v: chances %v, %d decisions", c, rv.Chances, len(rv.Decisions))
			}
			checkIdentities(t, "random dreissig", g, rv)
		}
	}
}

// A keep by hand: two players at 30, the first throw 665544 with 66 kept;
// the loss is what the coach says the best keep is worth more, and the
// throw's luck is the best keep's chance against the chance before.
func TestDreissigKeepByHand(t *testing.T) {
	g := randomDreissig(t, 2, false, rand.New(rand.NewPCG(1, 1)), 0)
	if err := g.Apply(scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: []int{6, 6, 5, 5, 4, 4}, Keep: []int{6, 6}}); err != nil {
		t.Fatal(err)
	}
	rv, err := OfGame(g, testValuers(t))
	if err != nil {
		t.Fatal(err)
	}
	c := testValuers(t).Dreissig.Table(2, false).For([]int{30, 30})
	ks := c.Keeps(6, 0, []int{6, 6, 5, 5, 4, 4})
	var chosen dreissig.Keep
	for _, k := range ks {
		if len(k.Dice) == 2 && k.Dice[0] == 6 && k.Dice[1] == 6 {
			chosen = k
		}
	}
	d := rv.Decisions[0]
	if math.Abs(d.Loss-100*(ks[0].Value-chosen.Value)) > 1e-9 {
		t.Fatalf("loss %v, coach %v", d.Loss, 100*(ks[0].Value-chosen.Value))
	}
	if luck := rv.Players[0].Luck; math.Abs(luck-100*(ks[0].Value-c.Value(6, 0))) > 1e-9 {
		t.Fatalf("luck %v, coach %v", luck, 100*(ks[0].Value-c.Value(6, 0)))
	}
	if math.Abs(rv.Players[0].ChanceStart-100*c.Value(6, 0)) > 1e-9 {
		t.Fatalf("start %v", rv.Players[0].ChanceStart)
	}
}

// TestDreissigJSONAsTheFamily: a review of Dreißig tot in chances carries
// the family's win fields in their unit (0 … 1: win_start, win_luck,
// win_loss, result = win_start + win_luck − win_loss), "win": true and
// "exact": true, beside its own chance_start/chance_result in percentage
// points; in pips neither. Before, it said "win": false with no exact,
// and only percentage points.
func TestDreissigJSONAsTheFamily(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, n := range []int{2, 5} {
		g := randomDreissig(t, n, false, rng, 400)
		rv, err := OfGame(g, testValuers(t))
		if err != nil {
			t.Fatal(err)
		}
		var out struct {
			Win     bool  `json:"win"`
			Exact   *bool `json:"exact"`
			Players map[string]struct {
				ChanceStart  *float64 `json:"chance_start"`
				ChanceResult *float64 `json:"chance_result"`
				WinStart     *float64 `json:"win_start"`
				WinLuck      *float64 `json:"win_luck"`
				WinLoss      *float64 `json:"win_loss"`
				Result       *float64 `json:"result"`
			} `json:"players"`
			Decisions []struct {
				Loss    float64  `json:"loss"`
				WinLoss *float64 `json:"win_loss"`
			} `json:"decisions"`
		}
		b, err := json.Marshal(rv)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatal(err)
		}
		if !rv.Chances {
			if out.Win || out.Exact != nil {
				t.Fatalf("%d players in pips: win %v exact %v\n%s", n, out.Win, out.Exact, b)
			}
			continue
		}
		if !out.Win || out.Exact == nil || !*out.Exact || !g.Finished() {
			t.Fatalf("%d players in chances: win %v exact %v finished %v\n%s", n, out.Win, out.Exact, g.Finished(), b)
		}
		for name, p := range out.Players {
			if p.WinStart == nil || p.WinLuck == nil || p.WinLoss == nil || p.Result == nil || p.ChanceStart == nil {
				t.Fatalf("%s: a field missing\n%s", name, b)
			}
			if math.Abs(*p.WinStart-*p.ChanceStart/100) > 1e-4 || math.Abs(*p.Result-*p.ChanceResult/100) > 1e-4 {
				t.Errorf("%s: win_start %v result %v against chance_start %v chance_result %v", name, *p.WinStart, *p.Result, *p.ChanceStart, *p.ChanceResult)
			}
			if got := *p.WinStart + *p.WinLuck - *p.WinLoss; math.Abs(got-*p.Result) > 1e-5 || *p.Result != 0 && *p.Result != 0.5 && *p.Result != 1 {
				t.Errorf("%s: %v + %v − %v = %v, result %v", name, *p.WinStart, *p.WinLuck, *p.WinLoss, got, *p.Result)
			}
		}
		for _, d := range out.Decisions {
			if d.WinLoss == nil || math.Abs(*d.WinLoss-d.Loss/100) > 1e-4 {
				t.Fatalf("decision loss %v, win_loss %v\n%s", d.Loss, d.WinLoss, b)
			}
		}
	}
}
