package kniffel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// full is a sheet with every box filled but open (upper boxes add to 63
// so the bonus is earned; the Kniffel box holds 0: no Kniffel bonus).
func endSheet(t testing.TB, open ...string) validate.KniffelBoxes {
	t.Helper()
	boxes := map[string]int{"einser": 3, "zweier": 6, "dreier": 9, "vierer": 12, "fuenfer": 15, "sechser": 18,
		"dreierpasch": 20, "viererpasch": 0, "full-house": 25, "kleine-strasse": 30, "grosse-strasse": 0, "kniffel": 0, "chance": 22}
	for _, o := range open {
		delete(boxes, o)
	}
	return sheet(t, boxes)
}

// The Kniffel box alone: 50 with the chance of a Kniffel within three
// throws playing for it, 2783176/60466176 = 0.0460286, else 0.
func TestRestDistKniffelAlone(t *testing.T) {
	const p = 2783176.0 / 60466176
	for _, v := range []variant{kniffelPlain, kniffelJoker} {
		d, err := solverFor(t, v).FinalDist(endSheet(t, "kniffel"), 200)
		if err != nil {
			t.Fatal(err)
		}
		if d.Min != 200 || d.Max() != 250 || !near(d.At(250), p, 1e-12) || !near(d.At(200), 1-p, 1e-12) {
			t.Errorf("%s: %d … %d, P(250) %.10f, P(200) %.10f; want %.10f and its complement", v.key(), d.Min, d.Max(), d.At(250), d.At(200), p)
		}
		for x := 201; x < 250; x++ {
			if d.At(x) != 0 {
				t.Errorf("%s: P(%d) = %g, want 0", v.key(), x, d.At(x))
			}
		}
	}
}

// The Chance box alone is five independent dice: each is kept from the
// first throw on a 5 or 6, from the second on a 4 or more, so it ends 1, 2
// or 3 with 1/18 each, 4 with 1/6, 5 and 6 with 1/3 each (mean 14/3); the
// sum has mean 70/3.
func TestRestDistChanceAlone(t *testing.T) {
	die := Dist{Min: 1, P: []float64{1.0 / 18, 1.0 / 18, 1.0 / 18, 1.0 / 6, 1.0 / 3, 1.0 / 3}}
	want := Point(0)
	for range 5 {
		want = convolve(want, die)
	}
	d, err := solverFor(t, kniffelJoker).FinalDist(endSheet(t, "chance"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if d.Min != 5 || d.Max() != 30 {
		t.Fatalf("Chance alone from %d to %d, want 5 to 30", d.Min, d.Max())
	}
	for x := 5; x <= 30; x++ {
		if !near(d.At(x), want.At(x), 1e-12) {
			t.Errorf("P(%d) = %.12f, by hand %.12f", x, d.At(x), want.At(x))
		}
	}
	if !near(d.Mean(), 70.0/3, 1e-12) {
		t.Errorf("mean %.12f, want 70/3", d.Mean())
	}
}

func convolve(a, b Dist) Dist {
	out := Dist{Min: a.Min + b.Min, P: make([]float64, len(a.P)+len(b.P)-1)}
	for i, p := range a.P {
		for j, q := range b.P {
			out.P[i+j] += p * q
		}
	}
	return out
}

// randomEndSheet is a random sheet with 1 to 3 open boxes (the boxes
// filled with what a throw could give).
func randomEndSheet(rng *rand.Rand) validate.KniffelBoxes {
	var b validate.KniffelBoxes
	open := 1 + rng.IntN(EndgameBoxes)
	perm := rng.Perm(int(validate.NumCategories))
	for _, c := range perm[open:] {
		cat := validate.Category(c)
		b.Filled[cat] = true
		b.Value[cat] = validate.KniffelScore(cat, randomDice(rng))
	}
	return b
}

// The distribution's mean is the solver's expected value, its chances add
// to 1, and it has no negative chance.
func TestRestDistMeanIsValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, v := range []variant{kniffelPlain, kniffelJoker} {
		s := solverFor(t, v)
		for range 60 {
			b := randomEndSheet(rng)
			d, err := s.FinalDist(b, 0)
			if err != nil {
				t.Fatal(err)
			}
			sum := 0.0
			for _, p := range d.P {
				if p < 0 {
					t.Fatalf("%s %v: a negative chance", v.key(), b)
				}
				sum += p
			}
			if !near(sum, 1, 1e-12) || !near(d.Mean(), s.Value(b), 1e-9) {
				t.Errorf("%s %v: chances add to %.15f, mean %.9f, solver %.9f", v.key(), b, sum, d.Mean(), s.Value(b))
			}
		}
	}
}

// policyHold and policyBox are the first of Holds and Boxes.
func TestPolicyIsFirstOfLists(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, v := range []variant{kniffelPlain, kniffelJoker} {
		s := solverFor(t, v)
		for range 20 {
			tn := s.Turn(randomEndSheet(rng))
			for r, d := range allRolls() {
				for left := 1; left <= 2; left++ {
					if got, want := tables().diceOf(tn.policyHold(r, left)), tn.Holds(d, left)[0].Dice; got != want {
						t.Fatalf("%v, %d left: policy holds %v, Holds lists %v first", d, left, got, want)
					}
				}
				if got, want := tn.policyBox(r).Category, tn.Boxes(d)[0].Category; got != want {
					t.Fatalf("%v: policy writes %v, Boxes lists %v first", d, got, want)
				}
			}
		}
	}
}

// simulate plays sheet b to its end as the coach advises (the first of
// Holds and Boxes) and returns the points it brought.
func simulate(s *Solver, rules *validate.Rules, b validate.KniffelBoxes, turns map[validate.KniffelBoxes]*Turn, rng *rand.Rand) int {
	gained := 0
	for {
		full := true
		for _, f := range b.Filled {
			full = full && f
		}
		if full {
			return gained
		}
		tn := turns[b]
		if tn == nil {
			tn = s.Turn(b)
			turns[b] = tn
		}
		var held validate.Counts
		var d validate.Counts
		for left := 2; ; left-- {
			d = held
			for range 5 - held.N() {
				d[1+rng.IntN(6)]++
			}
			if left == 0 {
				break
			}
			if held = tn.Holds(d, left)[0].Dice; held == d {
				break
			}
		}
		box := tn.Boxes(d)[0]
		p, err := rules.Place(b, d, box.Category)
		if err != nil {
			panic(err)
		}
		gained += p.Points + p.Bonus + box.UpperBonus
		b.Filled[box.Category], b.Value[box.Category] = true, p.Points
	}
}

// A simulation of the coach's own play meets the distribution: its mean
// and the chance of every tenth of the distribution within 3 standard
// errors (checked on a sheet with three boxes, bonus and Kniffel bonus in play).
func TestRestDistSimulation(t *testing.T) {
	rules := validate.MustRules(validate.GameKniffel, map[string]any{"joker": true})
	s := solverFor(t, kniffelJoker)
	b := sheet(t, map[string]int{"einser": 3, "zweier": 6, "dreier": 9, "vierer": 12,
		"dreierpasch": 20, "viererpasch": 0, "full-house": 25, "kleine-strasse": 30, "grosse-strasse": 40, "kniffel": 50})
	d, err := s.FinalDist(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	const n = 20000
	rng := rand.New(rand.NewPCG(15, 16))
	turns := map[validate.KniffelBoxes]*Turn{}
	got := make([]int, n)
	sum, sq := 0.0, 0.0
	for i := range got {
		got[i] = simulate(s, rules, b, turns, rng)
		sum += float64(got[i])
		sq += float64(got[i]) * float64(got[i])
	}
	mean := sum / n
	se := math.Sqrt((sq/n - mean*mean) / n)
	if math.Abs(mean-d.Mean()) > 3*se {
		t.Errorf("simulated mean %.3f, distribution %.3f (3 SE %.3f)", mean, d.Mean(), 3*se)
	}
	cdf := 0.0
	for x := d.Min; x <= d.Max(); x++ {
		prev := cdf
		cdf += d.At(x)
		if int(prev*10) == int(cdf*10) || cdf > 0.999 {
			continue
		}
		k := 0
		for _, g := range got {
			if g <= x {
				k++
			}
		}
		frac, se := float64(k)/n, math.Sqrt(cdf*(1-cdf)/n)
		if math.Abs(frac-cdf) > 3*se {
			t.Errorf("P(≤ %d): simulated %.4f, distribution %.4f (3 SE %.4f)", x, frac, cdf, 3*se)
		}
	}
}

// Where every player plays by the expected points, their chances to
// finish first (a shared first place shared) add to 1.
func TestWinChancesAddToOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	s := solverFor(t, kniffelJoker)
	for players := 2; players <= 5; players++ {
		for range 6 {
			ds := make([]Dist, players)
			for i := range ds {
				var err error
				if ds[i], err = s.FinalDist(randomEndSheet(rng), 150+rng.IntN(40)); err != nil {
					t.Fatal(err)
				}
			}
			total := 0.0
			for i, d := range ds {
				others := append(append([]Dist{}, ds[:i]...), ds[i+1:]...)
				for j, p := range d.P {
					total += p * WinChance(d.Min+j, others)
				}
			}
			if !near(total, 1, 1e-12) {
				t.Errorf("%d players: the chances add to %.15f", players, total)
			}
		}
	}
}

// A tie for first place is shared: two others on 200 for sure, the mover
// on 200 gets a third, above it all, below it nothing.
func TestWinChanceTies(t *testing.T) {
	others := []Dist{Point(200), Point(200)}
	for _, tc := range []struct {
		x    int
		want float64
	}{{199, 0}, {200, 1.0 / 3}, {201, 1}} {
		if got := WinChance(tc.x, others); !near(got, tc.want, 1e-15) {
			t.Errorf("%d against two 200: %.6f, want %.6f", tc.x, got, tc.want)
		}
	}
	// One other 200 or 210 half and half: 205 wins half.
	if got := WinChance(205, []Dist{{Min: 200, P: []float64{0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5}}}); !near(got, 0.5, 1e-15) {
		t.Errorf("205 against 200/210: %.6f, want 0.5", got)
	}
}

// One box left: the Kniffel box, 30 points behind a finished other: the
// chance to win is the chance of a Kniffel; the Chance box needing 25 or
// more: what a brute force over every hold finds.
func TestWinOneBoxByHand(t *testing.T) {
	s := solverFor(t, kniffelJoker)
	w, err := s.WinTurn(endSheet(t, "kniffel"), 200, []Dist{Point(230)})
	if err != nil {
		t.Fatal(err)
	}
	if p := 2783176.0 / 60466176; !near(w.Value(), p, 1e-12) {
		t.Errorf("Kniffel box, 30 behind: %.10f, want %.10f", w.Value(), p)
	}
	rules := validate.MustRules(validate.GameKniffel, map[string]any{"joker": true})
	b := endSheet(t, "chance")
	others := []Dist{Point(224)}
	w, err = s.WinTurn(b, 200, others)
	if err != nil {
		t.Fatal(err)
	}
	want := bruteWin(rules, b, 0, func(g int) float64 { return WinChance(200+g, others) }, map[string]float64{})
	if !near(w.Value(), want, 1e-12) {
		t.Errorf("Chance box needing 25: %.12f, brute force %.12f", w.Value(), want)
	}
	// Playing to win beats playing for points here: 23.3 on average is
	// not enough.
	d, _ := s.FinalDist(b, 200)
	if pts := chanceOf(d, others); pts >= want-0.01 {
		t.Errorf("the points play wins %.4f, the play to win %.4f: it should be clearly more", pts, want)
	}
}

func chanceOf(d Dist, others []Dist) float64 {
	w := 0.0
	for j, p := range d.P {
		w += p * WinChance(d.Min+j, others)
	}
	return w
}

// Two and three boxes left against the others' distributions: the solver
// agrees with a brute force over the rules (validate.Rules.Place), and
// beats (or ties) the chance of the points play.
func TestWinAgainstBruteForce(t *testing.T) {
	for _, joker := range []bool{false, true} {
		rules := validate.MustRules(validate.GameKniffel, map[string]any{"joker": joker})
		s := solverFor(t, variantOf(joker))
		other, err := s.FinalDist(endSheet(t, "sechser", "full-house"), 190)
		if err != nil {
			t.Fatal(err)
		}
		for _, open := range [][]string{{"sechser", "kniffel"}, {"dreier", "chance"}, {"fuenfer", "grosse-strasse"}} {
			b := endSheet(t, open...)
			total := 180
			others := []Dist{other}
			w, err := s.WinTurn(b, total, others)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteWin(rules, b, 0, func(g int) float64 { return WinChance(total+g, others) }, map[string]float64{})
			if !near(w.Value(), want, 1e-12) {
				t.Errorf("joker=%v open %v: %.12f, brute force %.12f", joker, open, w.Value(), want)
			}
			d, _ := s.FinalDist(b, total)
			if pts := chanceOf(d, others); pts > w.Value()+1e-12 {
				t.Errorf("joker=%v open %v: the points play wins %.6f, more than the play to win %.6f", joker, open, pts, w.Value())
			}
		}
	}
}

// bruteWin is the chance to finish first on sheet b having gained g, win
// giving the chance by the final gain: every hold tried, every box placed
// by the rules.
func bruteWin(rules *validate.Rules, b validate.KniffelBoxes, g int, win func(int) float64, memo map[string]float64) float64 {
	full := true
	for _, f := range b.Filled {
		full = full && f
	}
	if full {
		return win(g)
	}
	key := fmt.Sprint(b, g)
	if v, ok := memo[key]; ok {
		return v
	}
	upper := 0
	for c := validate.Einser; c <= validate.Sechser; c++ {
		upper += b.Value[c]
	}
	best := map[validate.Counts]float64{}
	for _, d := range allRolls() {
		v := -1.0
		for c := validate.Category(0); c < validate.NumCategories; c++ {
			p, err := rules.Place(b, d, c)
			if err != nil {
				continue
			}
			gain := p.Points + p.Bonus
			if c.Upper() && upper < 63 && upper+p.Points >= 63 {
				gain += 35
			}
			nb := b
			nb.Filled[c], nb.Value[c] = true, p.Points
			v = max(v, bruteWin(rules, nb, g+gain, win, memo))
		}
		best[d] = v
	}
	for range 2 {
		next := map[validate.Counts]float64{}
		for _, d := range allRolls() {
			v := best[d]
			for _, keep := range subMultisets(d) {
				if keep == d {
					continue
				}
				e := 0.0
				for _, o := range outcomes(5 - keep.N()) {
					e += o.p * best[keep.Plus(o.d)]
				}
				v = max(v, e)
			}
			next[d] = v
		}
		best = next
	}
	e := 0.0
	for _, o := range outcomes(5) {
		e += o.p * best[o.d]
	}
	memo[key] = e
	return e
}

// A simulation of the play to win meets its chance: the mover plays each
// turn by the best hold and box of WinTurn, the others' totals are drawn
// from their distributions.
func TestWinSimulation(t *testing.T) {
	rules := validate.MustRules(validate.GameKniffel, map[string]any{"joker": true})
	s := solverFor(t, kniffelJoker)
	o1, _ := s.FinalDist(endSheet(t, "viererpasch", "chance"), 205)
	o2, _ := s.FinalDist(endSheet(t, "kniffel", "sechser"), 185)
	others := []Dist{o1, o2}
	b := endSheet(t, "vierer", "fuenfer", "kniffel")
	total := 210 - 27
	root, err := s.WinTurn(b, total, others)
	if err != nil {
		t.Fatal(err)
	}
	const n = 6000
	rng := rand.New(rand.NewPCG(19, 20))
	turns := map[string]*WinTurn{}
	sum, sq := 0.0, 0.0
	for range n {
		final := playToWin(t, s, rules, b, total, others, turns, rng)
		w := WinChance(final, sampleEach(others, rng))
		sum += w
		sq += w * w
	}
	mean := sum / n
	se := math.Sqrt((sq/n - mean*mean) / n)
	if math.Abs(mean-root.Value()) > 3*se {
		t.Errorf("simulated share of the win %.4f, solver %.4f (3 SE %.4f)", mean, root.Value(), 3*se)
	}
}

// sampleEach draws a total from each distribution (a point each).
func sampleEach(ds []Dist, rng *rand.Rand) []Dist {
	out := make([]Dist, len(ds))
	for i, d := range ds {
		u, x := rng.Float64(), d.Max()
		for j, p := range d.P {
			if u -= p; u < 0 {
				x = d.Min + j
				break
			}
		}
		out[i] = Point(x)
	}
	return out
}

func playToWin(t *testing.T, s *Solver, rules *validate.Rules, b validate.KniffelBoxes, total int, others []Dist, turns map[string]*WinTurn, rng *rand.Rand) int {
	for {
		full := true
		for _, f := range b.Filled {
			full = full && f
		}
		if full {
			return total
		}
		key := fmt.Sprint(b, total)
		tn := turns[key]
		if tn == nil {
			var err error
			if tn, err = s.WinTurn(b, total, others); err != nil {
				t.Fatal(err)
			}
			turns[key] = tn
		}
		var held, d validate.Counts
		for left := 2; ; left-- {
			d = held
			for range 5 - held.N() {
				d[1+rng.IntN(6)]++
			}
			if left == 0 {
				break
			}
			if held = tn.Holds(d, left)[0].Dice; held == d {
				break
			}
		}
		c := tn.Boxes(d)[0].Category
		upper := 0
		for u := validate.Einser; u <= validate.Sechser; u++ {
			upper += b.Value[u]
		}
		p, err := rules.Place(b, d, c)
		if err != nil {
			t.Fatal(err)
		}
		total += p.Points + p.Bonus
		if c.Upper() && upper < 63 && upper+p.Points >= 63 {
			total += 35
		}
		b.Filled[c], b.Value[c] = true, p.Points
	}
}

// More than three open boxes are refused with a clear error.
func TestEndgameRefusesEarlierRounds(t *testing.T) {
	s := solverFor(t, kniffelJoker)
	b := endSheet(t, "einser", "zweier", "dreier", "vierer")
	if _, err := s.FinalDist(b, 0); err == nil {
		t.Error("FinalDist took four open boxes")
	}
	if _, err := s.WinTurn(b, 0, nil); err == nil {
		t.Error("WinTurn took four open boxes")
	}
}

// winChanceByLoop is WinChance as it was before winChances (each other's
// chance below x added up anew for every x): the reference of
// TestWinChancesAsBefore.
func winChanceByLoop(x int, others []Dist) float64 {
	poly := make([]float64, 1, len(others)+1)
	poly[0] = 1
	for _, o := range others {
		less, eq := 0.0, o.At(x)
		for y := o.Min; y < x && y <= o.Max(); y++ {
			less += o.P[y-o.Min]
		}
		poly = append(poly, 0)
		for k := len(poly) - 1; k >= 0; k-- {
			v := float64(poly[k] * less)
			if k > 0 {
				v += float64(poly[k-1] * eq)
			}
			poly[k] = v
		}
	}
	w := 0.0
	for k, p := range poly {
		w += p / float64(k+1)
	}
	return w
}

// winChances (running sums) gives every chance bit for bit as the loop
// did, below, inside and above the others' ranges.
func TestWinChancesAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	s := solverFor(t, kniffelJoker)
	for players := 2; players <= 5; players++ {
		for range 4 {
			others := make([]Dist, players-1)
			for i := range others {
				var err error
				if others[i], err = s.FinalDist(randomEndSheet(rng), 150+rng.IntN(40)); err != nil {
					t.Fatal(err)
				}
			}
			total := 100 + rng.IntN(60)
			got := winChances(total, 400, others)
			for g, w := range got {
				if want := winChanceByLoop(total+g, others); math.Float64bits(w) != math.Float64bits(want) {
					t.Fatalf("%d players, total %d: %v, the loop %v", players, total+g, w, want)
				}
			}
		}
	}
}

// The end game's sheets may be valued in any order (eight at a time, each
// lane on its own): shuffled, every value is the same bit for bit.
func TestEndgameFillOrderFree(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	s := solverFor(t, kniffelJoker)
	for range 6 {
		other, err := s.FinalDist(randomEndSheet(rng), 170+rng.IntN(40))
		if err != nil {
			t.Fatal(err)
		}
		b, total := randomEndSheet(rng), 160+rng.IntN(40)
		w, err := s.WinTurn(b, total, []Dist{other})
		if err != nil {
			t.Fatal(err)
		}
		e := &endgame{s: s, win: w.e.win, same: w.e.same, memo: map[int64]float64{}, sc: fillPool.Get().(*fillScratch)}
		kids := e.children(node{stateOf(b), 0}, map[int64]bool{}, nil)
		if old := e.childrenByThrow(node{stateOf(b), 0}); !sameNodes(kids, old) {
			t.Fatalf("children by the gain table %v, by every throw %v", kids, old)
		}
		e.fillShuffled(kids, rng)
		if len(e.memo) != len(w.e.memo) {
			t.Fatalf("%d sheets valued shuffled, %d in order", len(e.memo), len(w.e.memo))
		}
		for k, v := range e.memo {
			if math.Float64bits(v) != math.Float64bits(w.e.memo[k]) {
				t.Fatalf("sheet %x: %v shuffled, %v in order", k, v, w.e.memo[k])
			}
		}
	}
}

// fillShuffled is fill with the nodes of every level in a random order.
func (e *endgame) fillShuffled(nodes []node, rng *rand.Rand) {
	if len(nodes) == 0 {
		return
	}
	rng.Shuffle(len(nodes), func(i, j int) { nodes[i], nodes[j] = nodes[j], nodes[i] })
	if openBoxes(nodes[0].st.mask) > 1 {
		queued := map[int64]bool{}
		var kids []node
		for _, n := range nodes {
			kids = e.children(n, queued, kids)
		}
		e.fillShuffled(kids, rng)
	}
	e.fillLevel(nodes)
}

// childrenByThrow is children as it was before the gain tables: every
// throw in every open box (the reference of TestEndgameFillOrderFree).
func (e *endgame) childrenByThrow(n node) []node {
	var out []node
	queued := map[int64]bool{}
	var seen [validate.NumCategories][maxBoxGain + 1]bool
	for r := range numRolls {
		for c := validate.Category(0); c < validate.NumCategories; c++ {
			if n.st.mask&(1<<c) != 0 {
				continue
			}
			gain, next, ok := e.s.boxGain(n.st, r, c)
			if !ok || seen[c][gain] {
				continue
			}
			seen[c][gain] = true
			g := n.g + gain
			if k := nodeKey(next, g); !e.settled(next, g) && !queued[k] {
				queued[k] = true
				out = append(out, node{next, g})
			}
		}
	}
	return out
}

func sameNodes(a, b []node) bool {
	in := map[node]bool{}
	for _, n := range a {
		in[n] = true
	}
	for _, n := range b {
		if !in[n] {
			return false
		}
	}
	return len(a) == len(b) && len(in) == len(a)
}

// BestHold is the first of Holds on every throw, on sheets of every stage
// of the game.
func TestBestHoldIsFirstOfHolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, v := range []variant{kniffelPlain, kniffelJoker} {
		s := solverFor(t, v)
		for range 12 {
			var b validate.KniffelBoxes
			perm := rng.Perm(int(validate.NumCategories))
			for _, c := range perm[1+rng.IntN(int(validate.NumCategories)):] {
				b.Filled[c], b.Value[c] = true, validate.KniffelScore(validate.Category(c), randomDice(rng))
			}
			tn := s.Turn(b)
			for _, d := range allRolls() {
				for left := 1; left <= 2; left++ {
					if got, want := tn.BestHold(d, left), tn.Holds(d, left)[0].Dice; got != want {
						t.Fatalf("%v, %d left: BestHold %v, Holds lists %v first", d, left, got, want)
					}
				}
			}
		}
	}
}

// The distributions and gain tables a solver keeps stay within
// restDistsBudget (an import reviews thousands of games under a small
// memory limit), and a cache emptied on the way gives the same
// distributions to the bit.
func TestRestDistsStayWithinBudget(t *testing.T) {
	s := solverFor(t, kniffelPlain)
	rng := rand.New(rand.NewPCG(29, 30))
	var sheets []validate.KniffelBoxes
	for range 40 {
		sheets = append(sheets, randomEndSheet(rng))
	}
	want := make([]Dist, len(sheets))
	for i, b := range sheets {
		d, err := s.FinalDist(b, 0)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = d
	}
	defer func(n int) { restDistsBudget = n }(restDistsBudget)
	restDistsBudget = 8 << 10
	c := s.dists()
	c.mu.Lock()
	clear(c.m)
	for i := range c.gains {
		c.gains[i].Store(nil)
	}
	c.bytes = 0
	c.mu.Unlock()
	peak := 0
	for i, b := range sheets {
		d, err := s.FinalDist(b, 0)
		if err != nil {
			t.Fatal(err)
		}
		if d.Min != want[i].Min || !slices.Equal(d.P, want[i].P) {
			t.Fatalf("%v: another distribution from an emptied cache", b)
		}
		c.mu.Lock()
		peak = max(peak, c.bytes)
		kept := 0
		for _, d := range c.m {
			kept += 64 + 8*len(d.P)
		}
		for i := range c.gains {
			if c.gains[i].Load() != nil {
				kept += gainTableBytes
			}
		}
		over := kept
		c.mu.Unlock()
		if over > restDistsBudget {
			t.Fatalf("the cache holds %d bytes, over its budget of %d", over, restDistsBudget)
		}
	}
	if peak == 0 {
		t.Fatal("nothing was kept")
	}
}

// The kept distributions, gain tables and turns are shared by every caller
// of a solver and the gain tables are read without the lock: goroutines
// that ask for the same sheets at once, while a small budget empties the
// caches again and again, get the same distributions and turns bit for
// bit as one caller alone (run with -race).
func TestRestDistsConcurrent(t *testing.T) {
	s := solverFor(t, kniffelPlain)
	rng := rand.New(rand.NewPCG(31, 32))
	var sheets []validate.KniffelBoxes
	for range 12 {
		sheets = append(sheets, randomEndSheet(rng))
	}
	want := make([]Dist, len(sheets))
	wantTurn := make([]turnTable, len(sheets))
	for i, b := range sheets {
		d, err := s.FinalDist(b, 0)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = d
		wantTurn[i] = s.Turn(b).turnTable
	}
	defer func(n int) { restDistsBudget = n }(restDistsBudget)
	restDistsBudget = 8 << 10
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 2 * len(sheets) {
				i := (k*(g+1) + g) % len(sheets)
				d, err := s.FinalDist(sheets[i], 0)
				if err != nil || d.Min != want[i].Min || !slices.Equal(d.P, want[i].P) {
					errs <- fmt.Sprintf("goroutine %d, sheet %d: %v %v, alone %v", g, i, d, err, want[i])
					return
				}
				if s.Turn(sheets[i]).turnTable != wantTurn[i] {
					errs <- fmt.Sprintf("goroutine %d, sheet %d: another turn", g, i)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
