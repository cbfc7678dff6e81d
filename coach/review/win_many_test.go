package review

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/win"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// manyWinSets are rule sets for three and four players: small targets
// (their tables build in a fraction of a second), and 5000 (two seconds),
// which has no final round (approximated throughout).
var manyWinSets = []struct {
	g    validate.GameID
	opts map[string]any
}{
	{validate.GameZehntausend, map[string]any{"ziel": 1500}},
	{validate.GameZehntausend, map[string]any{"ziel": 2000, "verdoppeln": true}},
	{validate.GameZehntausend, map[string]any{"ziel": 1500, "fuenfer_drehen": true, "nix": true}},
	{validate.Game5000, nil},
}

// TestWinIdentityMany: randomly played games of three and four players
// (random keeps and stops, and the win solver's own play) have win reviews
// that add up for every player: result = chance at the first turn + Σ
// luck − Σ loss, the chances summing to 1 at the start and the results at
// the end, a stop in the final round worth exactly the next turn's start;
// not exact (the turns before the final round are approximated).
func TestWinIdentityMany(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 21))
	final := 0
	for _, ws := range manyWinSets {
		r := rules(t, ws.g, ws.opts)
		for _, n := range []int{3, 4} {
			for k := range 5 - n { // four players' final rounds cost about a second each
				c := randomChoice(rng)
				if k == 0 {
					c = bestWinChoice
				}
				g := playWinN(t, r, rng, c, n)
				rv, err := OfGame(g, winValuers)
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%s, %d players, game %d", rulesKey(r), n, k)
				checkIdentities(t, name, g, rv)
				checkWinIdentity(t, name, g, rv)
				if !strings.Contains(rv.WinNote.EN, "final round") || rv.WinNote.DE == "" {
					t.Errorf("%s: note %+v", name, rv.WinNote)
				}
				if k == 0 {
					for _, d := range rv.Decisions {
						if d.WinLoss > 1e-12 {
							t.Errorf("%s: best play lost %v: %+v", name, d.WinLoss, d)
						}
					}
				}
				if validate.VariantOf(ws.g).End != validate.EndExact {
					final++
				}
			}
		}
	}
	if final == 0 {
		t.Fatal("no game with a final round")
	}
}

// TestOneFinalRoundMistake: four players of zehntausend to 1500, played by
// the win solver except for one keep in the final round, the worst of a
// throw: the review charges exactly that keep's difference in the exact
// final-round chances, and nothing else.
func TestOneFinalRoundMistake(t *testing.T) {
	r := rules(t, validate.GameZehntausend, map[string]any{"ziel": 1500})
	for seed := uint64(1); seed < 40; seed++ {
		rng := rand.New(rand.NewPCG(23, 30+seed))
		wantTurn, wantThrow := -1, -1
		var want float64
		c := chooser{func(turn, throw int, p win.Position, ks []win.KeepWin) int {
			final := p.Exact() && strings.HasPrefix(p.Method(), "final round")
			if wantTurn < 0 && final && len(ks) > 1 && ks[0].Win-ks[len(ks)-1].Win > 0.01 {
				wantTurn, wantThrow, want = turn, throw, ks[0].Win-ks[len(ks)-1].Win
				return len(ks) - 1
			}
			return 0
		}, win.Position.ShouldStop}
		g := playWinN(t, r, rng, c, 4)
		if wantTurn < 0 {
			continue
		}
		rv, err := OfGame(g, winValuers)
		if err != nil {
			t.Fatal(err)
		}
		checkWinIdentity(t, "one final-round mistake", g, rv)
		found := 0
		for _, d := range rv.Decisions {
			if d.Turn == wantTurn && d.Throw == wantThrow && d.Kind == Keep {
				found++
				if math.Abs(d.WinLoss-want) > 1e-12 {
					t.Errorf("the mistake lost %v, want %v", d.WinLoss, want)
				}
			} else if d.WinLoss > 1e-12 {
				t.Errorf("a decision played best lost %v: %+v", d.WinLoss, d)
			}
		}
		if found != 1 {
			t.Fatalf("%d decisions at turn %d throw %d", found, wantTurn, wantThrow)
		}
		return
	}
	t.Fatal("no game with a final-round keep worth a mistake")
}

// TestWin5000TransferReview: issue 22's 5000 transfer in the review. Anna
// has 3500, Ben 2000; Anna throws 1 1 1 5 5 and 1 1 1 (2300) and would
// pass 5000: the stop hands her turn's points to Ben (4300). The points coach stops; the
// chance to win throws on (66.0 % against 37.7 %). Stopping is charged
// about 28 percentage points and no points; throwing on the reverse; both
// carry differs.
func TestWin5000TransferReview(t *testing.T) {
	r := rules(t, validate.Game5000, nil)
	th := func(roll, keep []int) scoresheet.Entry {
		return scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: keep}
	}
	stop := scoresheet.Entry{Kind: scoresheet.EntryStop}
	all := []int{1, 1, 1, 5, 5} // 1200, hot dice
	start := []scoresheet.Entry{
		th(all, all), th(all, all), th([]int{1, 1, 1, 2, 3}, []int{1, 1, 1}), stop, // Anna 3500
		th(all, all), th([]int{6, 6, 6, 2, 3}, []int{6, 6, 6}), th([]int{1, 1}, []int{1, 1}), stop, // Ben 2000
		th(all, all), th([]int{1, 1, 1, 2, 3}, []int{1, 1, 1}), // Anna: 2300 in the turn
	}
	if g, err := scoresheet.FromEntries(r, []string{"Anna", "Ben"}, start); err != nil || !slices.Equal(g.Totals(), []int{3500, 2000}) {
		t.Fatalf("the position: %v %v", g.Totals(), err)
	}
	for _, c := range []struct {
		name string
		next scoresheet.Entry
		stop bool
	}{
		{"stop", stop, true},
		{"throw on", th([]int{2, 3}, []int{}), false},
	} {
		g, err := scoresheet.FromEntries(r, []string{"Anna", "Ben"}, append(slices.Clone(start), c.next))
		if err != nil {
			t.Fatal(err)
		}
		if tot := g.Totals(); c.stop && tot[1] <= 2000 {
			t.Fatalf("the stop handed nothing over: %v", tot)
		}
		rv, err := OfGame(g, winValuers)
		if err != nil {
			t.Fatal(err)
		}
		checkWinIdentity(t, c.name, g, rv)
		var d Decision
		for _, x := range rv.Decisions {
			if x.Player == "Anna" && x.Turn == 2 && x.Kind == Stop {
				d = x
			}
		}
		if d.Kind != Stop || d.Chosen.Stop != c.stop {
			t.Fatalf("%s: no stop decision of Anna's second turn: %+v", c.name, rv.Decisions)
		}
		if !d.Best.Stop || d.WinBestChoice.Stop || !d.Differs {
			t.Errorf("%s: points best stop %v, win best stop %v, differs %v", c.name, d.Best.Stop, d.WinBestChoice.Stop, d.Differs)
		}
		if math.Abs(d.WinBest-0.660) > 0.001 {
			t.Errorf("%s: throwing on is worth %v, want 66.0 %%", c.name, d.WinBest)
		}
		switch {
		case c.stop && (math.Abs(d.WinChosen-0.377) > 0.001 || d.Loss != 0):
			t.Errorf("stop: chance after %v (want 37.7 %%), points loss %v (want 0)", d.WinChosen, d.Loss)
		case !c.stop && (d.WinLoss != 0 || d.Loss <= 0):
			t.Errorf("throw on: loss %v by the chance to win (want 0), %v points (want > 0)", d.WinLoss, d.Loss)
		}
	}
}
