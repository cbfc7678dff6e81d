package win

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

var ruleSets = []map[string]any{
	nil,
	{"beweisen": false},
	{"wuerfel": 6},
	{"wuerfel": 6, "strasse": 1000, "drei_paare": 1000, "pyramide": 1000},
	{"verdoppeln": true},
	{"fuenfer_drehen": true},
	{"bestaetigen": true},
	{"verschaerft": true},
	{"minus": true},
	{"nix": true},
	{"ergaenzen": true},
	{"hausbau": true},
	{"wuerfel": 6, "bestaetigen": true, "ergaenzen": true, "minus": true},
}

// TestBankedPointsGiveFamilyValues: the win pass with the banked points as
// the end values (a stop worth its points, a bust 0, minus −1000 and nix
// +1000 on the first throw) gives back coach/family's values, at the start
// and along random turns.
func TestBankedPointsGiveFamilyValues(t *testing.T) {
	type set struct {
		g       validate.GameID
		o       map[string]any
		entered bool
	}
	sets := []set{{validate.Game5050, nil, true}, {validate.Game5000, nil, true}, {validate.Game5000, nil, false}}
	for _, o := range ruleSets {
		sets = append(sets, set{validate.GameZehntausend, o, true})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range sets {
		r := rulesOf(t, c.g, c.o)
		fs, err := family.For(r)
		if err != nil {
			t.Fatal(err)
		}
		ctx := validate.TurnContext{Entered: c.entered}
		ft := fs.Table(ctx)
		const top = 4000 // 200,000 points: a turn that gets there is too rare to count
		e := ends{stop: make([]float64, top), top: top, hi: top * step, floor: fs.Floor(ctx), first: float64(fs.BustBanks(0))}
		for lv := range top {
			e.stop[lv] = float64(lv * step)
		}
		tt := newTurnGraph(fs).table(e)
		near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }
		if got, want := tt.throwValue(0, 0), ft.TurnValue(); !near(got, want) {
			t.Errorf("%s %v: the turn is worth %.10f, family %.10f", c.g, c.o, got, want)
		}
		for walk := 0; walk < 200; walk++ {
			p := ft.Start()
			for throw := 0; throw < 12; throw++ {
				roll := make([]int, p.Dice())
				for k := range roll {
					roll[k] = 1 + rng.IntN(6)
				}
				ks, _ := p.LegalKeeps(roll)
				if len(ks) == 0 {
					break
				}
				p, _ = p.After(ks[rng.IntN(len(ks))])
				lv := p.Points() / step
				if got, want := tt.throwValue(p.State(), lv), p.ThrowValue(); !near(got, want) {
					t.Fatalf("%s %v: throwing on at %d points is worth %.10f, family %.10f", c.g, c.o, p.Points(), got, want)
				}
				if got, want := tt.value(p.State(), lv), p.Value(); !near(got, want) {
					t.Fatalf("%s %v: the position at %d points is worth %.10f, family %.10f", c.g, c.o, p.Points(), got, want)
				}
			}
		}
	}
}

var shared5000 = sync.OnceValues(func() (*Table, error) {
	o, _ := validate.MakeOptions(validate.Game5000, nil)
	r, _ := validate.NewRules(validate.Game5000, o)
	s, err := For(r)
	if err != nil {
		return nil, err
	}
	return s.Table()
})

func table5000(t *testing.T) *Table {
	t.Helper()
	tb, err := shared5000()
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// play walks a random turn from p (keeps chosen at random) and returns the
// positions where a stop was allowed.
func stopsOf(rng *rand.Rand, p Position) []Position {
	var out []Position
	for range 10 {
		roll := make([]int, p.fp.Dice())
		for k := range roll {
			roll[k] = 1 + rng.IntN(6)
		}
		ks, _ := p.fp.LegalKeeps(roll)
		if len(ks) == 0 {
			return out
		}
		p, _ = p.After(ks[rng.IntN(len(ks))])
		if _, ok := p.StopWin(); ok {
			out = append(out, p)
		}
	}
	return out
}

// TestStopIsTheOthersComplement: a stop (or a bust) is worth 1 − the
// other player's chance before the next turn, with the totals settled by
// the rules as written out here; in the final round the leader's stop and
// the chaser's chance add up to 1 (a tie half to each).
func TestStopIsTheOthersComplement(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tb := tableOf(t, validate.GameZehntausend, map[string]any{"ziel": 1000})
	const target = 1000
	for n := 0; n < 300; n++ {
		seat := rng.IntN(2)
		totals := []int{50 * rng.IntN(20), 50 * rng.IntN(20)}
		p, err := tb.Start(totals, seat)
		if err != nil {
			t.Fatal(err)
		}
		next := func(tot []int) float64 {
			if seat == 1 && tot[1] >= target || seat == 0 && tot[1] >= target {
				return math.NaN()
			}
			q, err := tb.Start(tot, 1-seat)
			if err != nil {
				t.Fatal(err)
			}
			return q.Win()
		}
		if got, want := p.AfterBust().Win(), 1-next(totals); math.Abs(got-want) > 1e-12 {
			t.Fatalf("%v seat %d: a bust is worth %.14f, the other's 1 − %.14f", totals, seat+1, got, 1-want)
		}
		for _, q := range stopsOf(rng, p) {
			after := append([]int{}, totals...)
			after[seat] += q.Points()
			got, _ := q.StopWin()
			var want float64
			switch {
			case seat == 1 && after[1] >= target: // the round is over: the highest wins
				want = 1
			default:
				want = 1 - next(after)
			}
			if math.Abs(got-want) > 1e-12 {
				t.Fatalf("%v seat %d, stop with %d: %.14f, want %.14f", totals, seat+1, q.Points(), got, want)
			}
		}
	}
}

// settle5000 is a 5000 stop of pts by the player on turn (index 0 of two
// totals), written out from docs/RULES.md: the totals after it, with the
// player on turn still first, and whether someone won (+1 the mover, -1
// the other).
func settle5000(tot [2]int, pts int) ([2]int, int) {
	if x := tot[0] + pts; x <= 5000 {
		tot[0] = x
		if x == 5000 {
			return tot, 1
		}
		if tot[1] == x {
			tot[1] = 0
		}
		return tot, 0
	}
	if tot[1] < 500 || tot[1]+pts > 5000 {
		return tot, 0 // lost
	}
	tot[1] += pts
	if tot[1] == 5000 {
		return tot, -1
	}
	if tot[0] == tot[1] {
		tot[0] = 0
	}
	return tot, 0
}

func TestStopIsTheOthersComplement5000(t *testing.T) {
	tb := table5000(t)
	rng := rand.New(rand.NewPCG(5, 6))
	valid := func(x int) bool { return x == 0 || x >= 500 && x < 5000 }
	for n := 0; n < 400; n++ {
		tot := [2]int{50 * rng.IntN(100), 50 * rng.IntN(100)}
		if !valid(tot[0]) || !valid(tot[1]) || tot[0] == tot[1] && tot[0] > 0 {
			if _, err := tb.Start(tot[:], 0); err == nil {
				t.Fatalf("%v: no error for a state no game reaches", tot)
			}
			continue
		}
		p, err := tb.Start(tot[:], 0)
		if err != nil {
			t.Fatal(err)
		}
		other := func(a [2]int) float64 {
			q, err := tb.Start([]int{a[0], a[1]}, 1)
			if err != nil {
				t.Fatal(err)
			}
			return q.Win()
		}
		if got, want := p.AfterBust().Win(), 1-other(tot); math.Abs(got-want) > 1e-12 {
			t.Fatalf("%v: a bust is worth %.14f, want %.14f", tot, got, want)
		}
		for _, q := range stopsOf(rng, p) {
			after, won := settle5000(tot, q.Points())
			want := map[int]float64{1: 1, -1: 0}[won]
			if won == 0 {
				want = 1 - other(after)
			}
			if got, _ := q.StopWin(); math.Abs(got-want) > 1e-12 {
				t.Fatalf("%v, stop with %d (→ %v): %.14f, want %.14f", tot, q.Points(), after, got, want)
			}
		}
	}
}

// throwsTo replays keeps: each roll with the keep that takes the given dice.
func throwsTo(t *testing.T, p Position, steps ...[2][]int) Position {
	t.Helper()
	for _, st := range steps {
		ks, err := p.fp.LegalKeeps(st[0])
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, k := range ks {
			if validate.CountsOf(k.Dice) == validate.CountsOf(st[1]) && k.FivesAsOnes == 0 {
				p, err = p.After(k)
				if err != nil {
					t.Fatal(err)
				}
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("no keep %v of %v", st[1], st[0])
		}
	}
	return p
}

// TestIssueExamples: the three decisions of issue 22 that the points coach
// gets wrong are advised the right way.
func TestIssueExamples(t *testing.T) {
	// 5050, the last round: Ben (4500, second seat) must pass Anna's 5750.
	// After 1 1 1 5 (1050) stopping banks 5550 and loses; throwing on is right.
	s, err := For(rulesOf(t, validate.Game5050, nil))
	if err != nil {
		t.Fatal(err)
	}
	fg := &finalGame{tg: s.graph(), floor: 0, m: 5050 / step} // the chase alone
	fg.solveChase(workers(fg.tg))
	fg.buildTail()
	chase := &Table{s: s, fg: fg}
	p, err := chase.Start([]int{5750, 4500}, 1)
	if err != nil {
		t.Fatal(err)
	}
	p = throwsTo(t, p, [2][]int{{1, 1, 1, 5, 2, 3}, {1, 1, 1, 5}})
	if w, ok := p.StopWin(); !ok || w != 0 || p.ThrowWin() <= 0.1 || p.ShouldStop() || !p.fp.ShouldStop() {
		t.Errorf("5050 chase: stop %v (allowed %v), throw %v; the points coach stops: %v", w, ok, p.ThrowWin(), p.fp.ShouldStop())
	}
	tb := table5000(t)
	// 5000: 3500 against 2000 with 2300 in the turn: the stop hands them
	// to the other (4300); the points coach stops, the win throws on.
	p, _ = tb.Start([]int{3500, 2000}, 0)
	p = throwsTo(t, p, [2][]int{{1, 1, 1, 5, 5}, {1, 1, 1, 5, 5}}, [2][]int{{1, 1, 1, 2, 3}, {1, 1, 1}})
	if w, _ := p.StopWin(); w >= p.ThrowWin() || !p.fp.ShouldStop() {
		t.Errorf("5000 transfer: stop %v, throw %v; points coach stops: %v", w, p.ThrowWin(), p.fp.ShouldStop())
	}
	// 5000: 4700 against 4000 with 200 and three dice: the points coach
	// stops (4900), the win throws on for exactly 5000.
	p, _ = tb.Start([]int{4700, 4000}, 0)
	p = throwsTo(t, p, [2][]int{{1, 1, 2, 3, 4}, {1, 1}})
	if w, _ := p.StopWin(); w >= p.ThrowWin() || !p.fp.ShouldStop() {
		t.Errorf("5000 exact: stop %v, throw %v; points coach stops: %v", w, p.ThrowWin(), p.fp.ShouldStop())
	}
	// And a stop on exactly 5000 wins.
	p, _ = tb.Start([]int{4500, 4000}, 0)
	p = throwsTo(t, p, [2][]int{{5, 5, 5, 2, 3}, {5, 5, 5}})
	if w, ok := p.StopWin(); !ok || w != 1 {
		t.Errorf("5000: a stop on 5000 is worth %v (allowed %v), want 1", w, ok)
	}
}

// TestUnreachable: states no game reaches are refused with their reason.
func TestUnreachable(t *testing.T) {
	tb := tableOf(t, validate.GameZehntausend, map[string]any{"ziel": 1000})
	for _, c := range []struct {
		totals []int
		seat   int
	}{
		{[]int{125, 0}, 0}, {[]int{-50, 0}, 0}, {[]int{1000, 0}, 0}, {[]int{0, 1000}, 1}, {[]int{0, 1000}, 0}, {[]int{0}, 0}, {[]int{0, 0}, 2},
	} {
		if _, err := tb.Start(c.totals, c.seat); err == nil {
			t.Errorf("%v seat %d: no error", c.totals, c.seat+1)
		}
	}
	tb5 := table5000(t)
	for _, tot := range [][]int{{250, 0}, {5000, 0}, {5050, 0}, {1000, 1000}} {
		if _, err := tb5.Start(tot, 0); err == nil {
			t.Errorf("5000 %v: no error", tot)
		}
	}
	if _, err := tb5.Start([]int{0, 0}, 0); err != nil {
		t.Errorf("5000 0:0: %v", err)
	}
}

// TestManyPlayers: the last seat in the final round is exact (against one
// leader the chase; a tie with two leaders is worth less than with one);
// with later seats exact too; before the final round an approximation.
func TestManyPlayers(t *testing.T) {
	tb := tableOf(t, validate.GameZehntausend, map[string]any{"ziel": 1000})
	p, err := tb.Start([]int{1200, 800, 950}, 2)
	if err != nil || !p.Exact() || math.Abs(p.Win()-tb.fg.chaseAt(5)) > 1e-12 {
		t.Fatalf("last seat: %v %v, chase %v (err %v)", p.Win(), p.Exact(), tb.fg.chaseAt(5), err)
	}
	one, _ := tb.Start([]int{1200, 800, 950}, 2)
	two, _ := tb.Start([]int{1200, 1200, 950}, 2)
	if !(two.Win() < one.Win()) {
		t.Errorf("a tie with two leaders is worth %v, with one %v", two.Win(), one.Win())
	}
	// One seat still to throw: exact; its tie pass with no earlier tie is
	// the two-player chase.
	for dq := 1; dq < 60; dq += 7 {
		if got, want := tb.fg.tieWithOneLater(dq, 0), 1-tb.fg.chaseAt(dq); math.Abs(got-want) > 1e-12 {
			t.Errorf("tie pass %d: %.14f, 1 − chase %.14f", dq, got, want)
		}
	}
	if p, err := tb.Start([]int{1200, 800, 950}, 1); err != nil || !p.Exact() || p.Win() <= 0 {
		t.Errorf("one later seat: %v exact %v (err %v)", p.Win(), p.Exact(), err)
	}
	for _, c := range []struct {
		totals []int
		seat   int
	}{{[]int{200, 800, 950}, 0}, {[]int{0, 0, 0, 0}, 3}} {
		p, err := tb.Start(c.totals, c.seat)
		if err != nil || p.Exact() || p.Method() == "" || p.Win() <= 0 || p.Win() >= 1 {
			t.Errorf("%v seat %d: %v exact %v %q (err %v)", c.totals, c.seat+1, p.Win(), p.Exact(), p.Method(), err)
		}
	}
	// Two seats still to throw: exact too (many.go).
	if p, err := tb.Start([]int{1200, 800, 950, 300}, 1); err != nil || !p.Exact() || p.Method() != methodMany || p.Win() <= 0 || p.Win() >= 1 {
		t.Errorf("two later seats: %v exact %v %q (err %v)", p.Win(), p.Exact(), p.Method(), err)
	}
	if _, err := tb.Start([]int{0, 1200, 0}, 1); err == nil {
		t.Error("a target reached by a seat not before the one on turn: no error")
	}
}
