package review

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/coach/win"
	"github.com/wuerfelblock/wuerfelblock/internal/cputime"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// checkWinIdentity asserts the win review's identities on one game:
// result = chance at the first turn + Σ luck − Σ loss for each player, the
// results and the starting chances summing to 1, the decisions adding up,
// no negative loss, and the table consistent between a stop and the next
// turn's start.
func checkWinIdentity(t testing.TB, name string, g *scoresheet.Game, rv *Review) {
	t.Helper()
	if !rv.Win {
		t.Fatalf("%s: no win review: %s", name, rv.WinNote.EN)
	}
	// A stop's chance against the next turn's start (the win table of
	// 79d0e55 differed by up to 5e-7; b2815b1 fixed it).
	if rv.WinGap() > 1e-9 {
		t.Errorf("%s: a stop and the next turn's start differ by %g", name, rv.WinGap())
	}
	sum := map[string]float64{}
	for _, d := range rv.Decisions {
		if !d.HasWin {
			t.Errorf("%s: a decision without its chance to win: %+v", name, d)
		}
		if d.WinLoss < -1e-12 || math.Abs(d.WinBest-d.WinChosen-d.WinLoss) > 1e-12 {
			t.Errorf("%s: win loss %v of %+v", name, d.WinLoss, d)
		}
		sum[d.Player] += d.WinLoss
	}
	var starts, results float64
	for _, p := range rv.Players {
		if math.Abs(sum[p.Name]-p.WinLoss) > 1e-9 {
			t.Errorf("%s: %s: Σ decisions %v, summary %v", name, p.Name, sum[p.Name], p.WinLoss)
		}
		starts += p.WinStart
		results += p.Result
		if !g.Finished() {
			continue
		}
		if got := p.WinStart + p.WinLuck - p.WinLoss; math.Abs(got-p.Result) > 1e-9 {
			t.Errorf("%s: %s: start %v + luck %v − loss %v = %v, result %v", name, p.Name, p.WinStart, p.WinLuck, p.WinLoss, got, p.Result)
		}
	}
	if len(rv.Players) > 2 && rv.WinExact {
		t.Errorf("%s: %d players reviewed as exact", name, len(rv.Players))
	}
	if math.Abs(starts-1) > 1e-9 || (g.Finished() && math.Abs(results-1) > 1e-12) {
		t.Errorf("%s: starts sum to %v, results to %v", name, starts, results)
	}
}

// BenchmarkWinReviewHistory reviews every game of the Zehntausend family
// of a generated history (5050, 5000, zehntausend with and without house
// rules; two to five players) and checks that the win figures add up; a
// benchmark, not a test, because the five win tables take about 20
// CPU-seconds to build (run with -benchtime 1x). It reports the CPU time
// per game by the number of players (the tables built before).
func BenchmarkWinReviewHistory(b *testing.B) {
	games, err := generate.All(generate.Config{Games: 400, Seed: 23, Players: 5})
	if err != nil {
		b.Fatal(err)
	}
	for _, gm := range games { // the tables first
		if isFamily(gm.Game.Rules.Game) {
			winValuers.Warm(gm.Game.Rules)
		}
	}
	for b.Loop() {
		seen := map[string]int{}
		cpu := map[int]time.Duration{}
		count := map[int]int{}
		for _, gm := range games {
			g := gm.Game
			if !isFamily(g.Rules.Game) {
				continue
			}
			n := min(len(g.Players), 4)
			c0 := cputime.Used()
			rv, err := OfGame(g, winValuers)
			if err != nil {
				b.Fatalf("%s: %v", gm.ID, err)
			}
			cpu[n] += cputime.Used() - c0
			count[n]++
			checkWinIdentity(b, gm.ID+" "+rulesKey(g.Rules), g, rv)
			seen[rulesKey(g.Rules)]++
		}
		if len(seen) < 4 {
			b.Errorf("only %d rule sets seen: %v", len(seen), seen)
		}
		for n := 2; n <= 4; n++ {
			if count[n] > 0 {
				b.ReportMetric(float64(cpu[n].Milliseconds())/float64(count[n]), fmt.Sprintf("cpu-ms/game-%dp", n))
				b.ReportMetric(float64(count[n]), fmt.Sprintf("games-%dp", n))
			}
		}
	}
}

// smallWinSets are rule sets whose win tables build in a fraction of a second.
var smallWinSets = []map[string]any{
	{"ziel": 1500},
	{"ziel": 2000, "verdoppeln": true},
	{"ziel": 1000, "wuerfel": 6, "strasse": 1000, "drei_paare": 1000},
	{"ziel": 1500, "fuenfer_drehen": true, "nix": true},
}

// TestWinIdentity: randomly played two-player games (random keeps, random
// stops) of several rule sets have win reviews that add up.
func TestWinIdentity(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 1))
	for _, opts := range smallWinSets {
		r := rules(t, validate.GameZehntausend, opts)
		for range 6 {
			g := playWin(t, r, rng, randomChoice(rng))
			rv, err := OfGame(g, winValuers)
			if err != nil {
				t.Fatal(err)
			}
			checkIdentities(t, rulesKey(r), g, rv)
			checkWinIdentity(t, rulesKey(r), g, rv)
		}
	}
}

// chooser picks a keep (an index into the keeps, best first for the win)
// and whether to stop after it (used only where a stop is allowed).
type chooser struct {
	keep func(turn, throw int, p win.Position, ks []win.KeepWin) int
	stop func(q win.Position) bool
}

func randomChoice(rng *rand.Rand) chooser {
	return chooser{func(_, _ int, _ win.Position, ks []win.KeepWin) int { return rng.IntN(len(ks)) },
		func(win.Position) bool { return rng.IntN(3) == 0 }}
}

var bestWinChoice = chooser{func(_, _ int, _ win.Position, _ []win.KeepWin) int { return 0 }, win.Position.ShouldStop}

func rulesKey(r *validate.Rules) string { return fmt.Sprintf("%s %+v", r.Game, r.Options) }

// playWin plays a two-player game under r to its end with dice from rng,
// choices from c (a stop only where allowed; the chance of q after the keep).
func playWin(t testing.TB, r *validate.Rules, rng *rand.Rand, c chooser) *scoresheet.Game {
	t.Helper()
	return playWinN(t, r, rng, c, 2)
}

// playWinN is playWin with n players.
func playWinN(t testing.TB, r *validate.Rules, rng *rand.Rand, c chooser, n int) *scoresheet.Game {
	t.Helper()
	tb := testWin(t, r)
	g, err := scoresheet.New(r, generate.Names[:n])
	if err != nil {
		t.Fatal(err)
	}
	for !g.Finished() && g.NumTurns() < 400 {
		p, err := tb.Start(g.Totals(), g.Seat())
		if err != nil {
			t.Fatal(err)
		}
		playWinTurn(t, g, p, rng, c)
	}
	return g
}

func playWinTurn(t testing.TB, g *scoresheet.Game, p win.Position, rng *rand.Rand, c chooser) {
	t.Helper()
	turn := g.NumTurns()
	for throw := 0; g.NumTurns() == turn && !g.Finished(); throw++ {
		roll := make([]int, p.Family().Dice())
		for i := range roll {
			roll[i] = 1 + rng.IntN(6)
		}
		ks, err := p.Keeps(roll)
		if err != nil {
			t.Fatal(err)
		}
		e := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: []int{}}
		stop := false
		if len(ks) > 0 {
			i := c.keep(turn, throw, p, ks)
			e.Keep, e.FivesAsOnes = ks[i].Keep.Dice, ks[i].Keep.FivesAsOnes
			if p, err = p.After(ks[i].Keep); err != nil {
				t.Fatal(err)
			}
			stop = c.stop(p)
		}
		if err := g.Apply(e); err != nil {
			t.Fatalf("%v: %v", e, err)
		}
		if _, ok := p.StopWin(); ok && stop && g.NumTurns() == turn && !g.Finished() {
			if err := g.Apply(scoresheet.Entry{Kind: scoresheet.EntryStop}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestWinBestPlayLosesNothing: games played by the win solver's own choices
// lose no chance to win at any decision.
func TestWinBestPlayLosesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 2))
	for _, opts := range smallWinSets {
		r := rules(t, validate.GameZehntausend, opts)
		g := playWin(t, r, rng, bestWinChoice)
		rv, err := OfGame(g, winValuers)
		if err != nil {
			t.Fatal(err)
		}
		checkWinIdentity(t, rulesKey(r), g, rv)
		if len(rv.Decisions) == 0 {
			t.Fatalf("%s: no decisions", rulesKey(r))
		}
		for _, d := range rv.Decisions {
			if d.WinLoss > 1e-12 {
				t.Errorf("%s: best play lost %v: %+v", rulesKey(r), d.WinLoss, d)
			}
		}
	}
}

// TestOneWinMistake: a game played by the win solver except for one keep,
// the worst of a throw, shows exactly that keep's loss: in chance to win
// as the win table values the two keeps, in points as the turn solver does.
func TestOneWinMistake(t *testing.T) {
	r := rules(t, validate.GameZehntausend, map[string]any{"ziel": 1500})
	rng := rand.New(rand.NewPCG(23, 3))
	var want float64
	var wantTurn, wantThrow = -1, -1
	var wantKeeps []win.KeepWin
	c := chooser{func(turn, throw int, _ win.Position, ks []win.KeepWin) int {
		if wantTurn < 0 && len(ks) > 2 && ks[0].Win-ks[len(ks)-1].Win > 0.01 {
			wantTurn, wantThrow, wantKeeps = turn, throw, ks
			want = ks[0].Win - ks[len(ks)-1].Win
			return len(ks) - 1
		}
		return 0
	}, win.Position.ShouldStop}
	g := playWin(t, r, rng, c)
	if wantTurn < 0 {
		t.Fatal("no keep worth a mistake")
	}
	rv, err := OfGame(g, winValuers)
	if err != nil {
		t.Fatal(err)
	}
	checkWinIdentity(t, "one mistake", g, rv)
	found := 0
	for _, d := range rv.Decisions {
		if d.Turn != wantTurn || d.Throw != wantThrow || d.Kind != Keep {
			if d.WinLoss > 1e-12 {
				t.Errorf("a decision played best lost %v: %+v", d.WinLoss, d)
			}
			continue
		}
		found++
		if math.Abs(d.WinLoss-want) > 1e-12 {
			t.Errorf("the mistake lost %v, want %v", d.WinLoss, want)
		}
		// In points: the turn solver's values of the same two keeps.
		pts := pointsOfKeeps(t, g, d, wantKeeps)
		if math.Abs(d.Loss-pts) > 1e-9 {
			t.Errorf("the mistake lost %v points, want %v", d.Loss, pts)
		}
	}
	if found != 1 {
		t.Fatalf("%d decisions at turn %d throw %d", found, wantTurn, wantThrow)
	}
}

// pointsOfKeeps replays d's turn with the turn solver: the best keep's value
// by points minus the value of the keep taken (the win-worst).
func pointsOfKeeps(t *testing.T, g *scoresheet.Game, d Decision, ks []win.KeepWin) float64 {
	t.Helper()
	s, err := family.For(g.Rules)
	if err != nil {
		t.Fatal(err)
	}
	// The mistake's turn: find its throw among the entries.
	h, err := scoresheet.New(g.Rules, g.Players)
	if err != nil {
		t.Fatal(err)
	}
	es := g.Entries()
	k := 0
	for h.NumTurns() < d.Turn {
		if err := h.Apply(es[k]); err != nil {
			t.Fatal(err)
		}
		k++
	}
	pos := s.Table(h.TurnContext()).Start()
	for th := 0; th < d.Throw; th++ {
		e := es[k+th]
		if pos, err = pos.After(validate.Keep{Dice: e.Keep, FivesAsOnes: e.FivesAsOnes}); err != nil {
			t.Fatal(err)
		}
	}
	adv, err := pos.Keeps(es[k+d.Throw].Roll)
	if err != nil {
		t.Fatal(err)
	}
	taken, err := pos.After(ks[len(ks)-1].Keep)
	if err != nil {
		t.Fatal(err)
	}
	return adv[0].Value - taken.Value()
}

// TestWinChaseNotAMistake: the final round's chase (issue 22's 5050 case,
// here in zehntausend to 1000 for a small table): Anna has 1050; Ben, with
// his last turn, has 500 in the turn and two dice left. Stopping at 500
// loses for sure, so throwing on is no mistake by the chance to win though
// it costs points; stopping costs all the chance there was. Both carry
// differs.
func TestWinChaseNotAMistake(t *testing.T) {
	r := rules(t, validate.GameZehntausend, map[string]any{"ziel": 1000, "beweisen": false})
	start := []scoresheet.Entry{
		{Kind: scoresheet.EntryThrow, Roll: []int{1, 1, 1, 5, 2}, Keep: []int{1, 1, 1, 5}},
		{Kind: scoresheet.EntryStop},
		{Kind: scoresheet.EntryThrow, Roll: []int{5, 5, 5, 2, 3}, Keep: []int{5, 5, 5}},
	}
	for _, c := range []struct {
		name string
		next []scoresheet.Entry
		stop bool
	}{
		{"throw on", []scoresheet.Entry{{Kind: scoresheet.EntryThrow, Roll: []int{2, 3}, Keep: []int{}}}, false},
		{"stop", []scoresheet.Entry{{Kind: scoresheet.EntryStop}}, true},
	} {
		g, err := scoresheet.FromEntries(r, []string{"Anna", "Ben"}, append(slices.Clone(start), c.next...))
		if err != nil {
			t.Fatal(err)
		}
		rv, err := OfGame(g, winValuers)
		if err != nil {
			t.Fatal(err)
		}
		checkWinIdentity(t, c.name, g, rv)
		d := rv.Decisions[len(rv.Decisions)-1]
		if d.Player != "Ben" || d.Kind != Stop || d.Chosen.Stop != c.stop {
			t.Fatalf("%s: last decision %+v", c.name, d)
		}
		if d.WinBestChoice.Stop || !d.Differs || !d.Best.Stop {
			t.Errorf("%s: points best stop %v, win best stop %v, differs %v", c.name, d.Best.Stop, d.WinBestChoice.Stop, d.Differs)
		}
		if c.stop && (d.WinChosen != 0 || d.WinLoss <= 0.01 || d.Loss != 0) {
			t.Errorf("stop: chance after %v, loss %v (points %v): stopping at 500 behind 1050 loses for sure", d.WinChosen, d.WinLoss, d.Loss)
		}
		if !c.stop && (d.WinLoss != 0 || d.Loss <= 0) {
			t.Errorf("throw on: loss %v by the chance to win (want 0), %v points (want > 0)", d.WinLoss, d.Loss)
		}
	}
}

// TestWithoutWaiting: a win table not built yet is not waited for; once
// built it is used.
func TestWithoutWaiting(t *testing.T) {
	r := rules(t, validate.GameZehntausend, map[string]any{"ziel": 1200})
	v := SolversWith(memCache).WithWin()
	if v.WithoutWaiting(r).Win != nil {
		t.Fatal("a table not yet built is waited for")
	}
	if _, err := v.Win.Start(r, []int{0, 0}, 0); err != nil {
		t.Fatal(err)
	}
	if v.WithoutWaiting(r).Win == nil {
		t.Fatal("a built table is not used")
	}
}

// TestWinNotRated: games the win review does not cover keep the points
// review and say why: steigerung (no win table), three players.
func TestWinNotRated(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 9))
	for _, c := range []struct {
		opts    map[string]any
		players []string
		note    string
	}{
		{map[string]any{"ziel": 1000, "steigerung": true}, []string{"Anna", "Ben"}, "steigerung"},
	} {
		r := rules(t, validate.GameZehntausend, c.opts)
		g, err := scoresheet.New(r, c.players)
		if err != nil {
			t.Fatal(err)
		}
		for !g.Finished() && g.NumTurns() < 200 {
			bestFamilyTurn(t, g, rng, nil)
		}
		rv, err := OfGame(g, winValuers)
		if err != nil {
			t.Fatal(err)
		}
		if rv.Win || !strings.Contains(rv.WinNote.EN, c.note) || rv.WinNote.DE == "" || len(rv.Decisions) == 0 {
			t.Errorf("%v %v: win %v, note %+v, %d decisions", c.opts, c.players, rv.Win, rv.WinNote, len(rv.Decisions))
		}
		for _, d := range rv.Decisions {
			if d.HasWin {
				t.Fatalf("%v: a decision with a chance to win: %+v", c.opts, d)
			}
		}
		checkIdentities(t, fmt.Sprint(c.opts), g, rv)
	}
}

// countedWin counts the turn starts a review asks of the win solver.
type countedWin struct {
	Win
	calls *int
}

func (c countedWin) Start(r *validate.Rules, totals []int, seat int) (WinPosition, error) {
	*c.calls++
	return c.Win.Start(r, totals, seat)
}

// TestWinStartsTakenAgain: where both players bust, a turn starts where the
// same seat's turn two turns before did; the review takes that position
// again instead of asking the solver (a pass of the turn) anew, and its
// figures are the same as with a solver asked at every start.
func TestWinStartsTakenAgain(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 2))
	r := rules(t, validate.GameZehntausend, smallWinSets[0])
	total := 0
	for range 4 {
		g := playWin(t, r, rng, randomChoice(rng))
		// The distinct starts a review of g needs at most (seat, totals),
		// and how many come back within the last three.
		h, err := scoresheet.New(r, g.Players)
		if err != nil {
			t.Fatal(err)
		}
		type start struct{ seat, a, b int }
		var seen []start
		again := 0
		add := func() {
			s := start{h.Seat(), h.Totals()[0], h.Totals()[1]}
			if len(seen) > 0 && seen[len(seen)-1] == s {
				return // the same turn's start
			}
			if slices.Contains(seen[max(len(seen)-3, 0):], s) {
				again++
			}
			seen = append(seen, s)
		}
		add()
		for _, e := range g.Entries() {
			if err := h.Apply(e); err != nil {
				t.Fatal(err)
			}
			if !h.Finished() {
				add()
			}
		}
		calls := 0
		v := winValuers
		v.Win = countedWin{winValuers.Win, &calls}
		rv, err := OfGame(g, v)
		if err != nil {
			t.Fatal(err)
		}
		if want := len(seen) - again; calls != want {
			t.Errorf("%d turn starts, %d of them again: the solver asked %d times, want %d", len(seen), again, calls, want)
		}
		checkWinIdentity(t, rulesKey(r), g, rv)
		total += again
	}
	if total == 0 {
		t.Fatal("no turn start came back: play more games")
	}
}

// The review hands the turn tables of its old turn starts back for later
// starts to reuse (coach/win's Table.Release): randomly played two-player
// games give the same review, bit for bit, as with new tables for every
// start.
func TestWinReleasedStartsSame(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 38))
	for _, opts := range smallWinSets {
		r := rules(t, validate.GameZehntausend, opts)
		for range 4 {
			g := playWin(t, r, rng, randomChoice(rng))
			reused, err := OfGame(g, winValuers)
			if err != nil {
				t.Fatal(err)
			}
			releaseStarts = false
			fresh, err := OfGame(g, winValuers)
			releaseStarts = true
			if err != nil {
				t.Fatal(err)
			}
			a, b := must(json.Marshal(reused)), must(json.Marshal(fresh))
			if !reused.Win || string(a) != string(b) {
				t.Errorf("%s: with released tables\n%s\nwith new ones\n%s", rulesKey(r), a, b)
			}
		}
	}
}
