package kniffel

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// The method reproduces the published values of US Yahtzee (Verhoeff 1999,
// Glenn 2006, Woodward 2003): 254.5896 with the 100-point Yahtzee bonus and
// the free-choice joker, 245.8708 with neither bonus nor joker.
func TestLiteratureValues(t *testing.T) {
	for _, tc := range []struct {
		v    variant
		want float64
	}{
		{yahtzeeFree, 254.5896},
		{yahtzeeNoBonus, 245.8708},
	} {
		got := solverFor(t, tc.v).GameValue()
		if !near(got, tc.want, 0.00005) {
			t.Errorf("%s: game value %.6f, the literature says %.4f", tc.v.key(), got, tc.want)
		}
	}
}

// The chance of a Kniffel within three throws, playing for it: 4.6029 %.
// The sheet where only the Kniffel box is free is worth 50 times it.
func TestKniffelChance(t *testing.T) {
	b := sheet(t, map[string]int{"einser": 0, "zweier": 0, "dreier": 0, "vierer": 0, "fuenfer": 0, "sechser": 0,
		"dreierpasch": 0, "viererpasch": 0, "full-house": 0, "kleine-strasse": 0, "grosse-strasse": 0, "chance": 5})
	for _, v := range []variant{kniffelPlain, kniffelJoker} {
		p := solverFor(t, v).Value(b) / 50
		if !near(p, 0.046029, 0.0000005) {
			t.Errorf("%s: chance of a Kniffel in three throws %.7f, want 0.0460286", v.key(), p)
		}
	}
}

// End-of-game sheets whose value can be written out by hand.
func TestOneBoxLeft(t *testing.T) {
	s := solverFor(t, kniffelJoker)
	upperDone := map[string]int{"einser": 3, "zweier": 6, "dreier": 9, "vierer": 12, "fuenfer": 15, "sechser": 18}
	lower := map[string]int{"dreierpasch": 20, "viererpasch": 0, "full-house": 25, "kleine-strasse": 30, "grosse-strasse": 0, "kniffel": 0, "chance": 22}
	with := func(m map[string]int, drop string) map[string]int {
		out := map[string]int{}
		for _, part := range []map[string]int{upperDone, lower, m} {
			for k, v := range part {
				out[k] = v
			}
		}
		delete(out, drop)
		return out
	}
	// One die, kept when it beats the average of throwing it again: three
	// throws are worth 4.25 + (5 + 6 - 2·4.25)/6 … = 14/3 per die.
	chance := 5 * 14.0 / 3
	// Sixes: each die becomes a six within three throws with p = 91/216.
	p := 91.0 / 216
	sixes := 30 * p
	// Sechser with 51 (45) in the upper section: two (three) sixes bring
	// the bonus.
	atLeastTwo := 1 - math.Pow(1-p, 5) - 5*p*math.Pow(1-p, 4)
	atLeastThree := atLeastTwo - 10*p*p*math.Pow(1-p, 3)
	for _, tc := range []struct {
		name  string
		boxes map[string]int
		want  float64
	}{
		{"only Chance", with(nil, "chance"), chance},
		{"only Sechser, bonus secured", with(map[string]int{"einser": 5, "zweier": 10, "dreier": 15, "vierer": 20, "fuenfer": 25}, "sechser"), sixes},
		{"only Sechser, 51 above", with(map[string]int{"einser": 2, "zweier": 6, "dreier": 12, "vierer": 16, "fuenfer": 15}, "sechser"), sixes + 35*atLeastTwo},
		{"only Sechser, 45 above", with(nil, "sechser"), sixes + 35*atLeastThree},
		{"only Sechser, bonus out of reach", with(map[string]int{"einser": 0, "zweier": 0, "dreier": 0, "vierer": 0, "fuenfer": 0}, "sechser"), sixes},
	} {
		b := sheet(t, tc.boxes)
		if got := s.Value(b); !near(got, tc.want, 1e-9) {
			t.Errorf("%s: %.9f, by hand %.9f", tc.name, got, tc.want)
		}
	}
}

// Sheets with one or two boxes left, against a plain evaluation of the
// turns that throws the missing dice all at once, tries every hold of
// every throw, and places by validate.Rules.Place.
func TestFewBoxesLeftAgainstBruteForce(t *testing.T) {
	base := map[string]int{"einser": 3, "zweier": 6, "dreier": 9, "vierer": 12, "fuenfer": 10, "sechser": 12,
		"dreierpasch": 20, "viererpasch": 0, "full-house": 25, "kleine-strasse": 30, "grosse-strasse": 0, "kniffel": 50, "chance": 22}
	cases := []struct {
		name string
		free []string
		set  map[string]int
	}{
		{"Sechser and Kniffel, bonus in play", []string{"sechser", "kniffel"}, nil},
		{"Vierer and Full House, Kniffel holds 50", []string{"vierer", "full-house"}, nil},
		{"Einser and Große Straße, Kniffel holds 0", []string{"einser", "grosse-strasse"}, map[string]int{"kniffel": 0}},
		{"Dreier and Chance, Kniffel holds 50", []string{"dreier", "chance"}, nil},
		{"only Kleine Straße, Kniffel holds 50", []string{"kleine-strasse"}, nil},
	}
	for _, joker := range []bool{false, true} {
		rules := validate.MustRules(validate.GameKniffel, map[string]any{"joker": joker})
		s := solverFor(t, variantOf(joker))
		for _, tc := range cases {
			boxes := map[string]int{}
			for k, v := range base {
				boxes[k] = v
			}
			for k, v := range tc.set {
				boxes[k] = v
			}
			for _, f := range tc.free {
				delete(boxes, f)
			}
			b := sheet(t, boxes)
			want := bruteValue(rules, b)
			if got := s.Value(b); !near(got, want, 1e-9) {
				t.Errorf("joker=%v %s: solver %.9f, brute force %.9f", joker, tc.name, got, want)
			}
		}
	}
}

// bruteValue is the expected points still to come on sheet b.
func bruteValue(rules *validate.Rules, b validate.KniffelBoxes) float64 {
	full := true
	for _, f := range b.Filled {
		full = full && f
	}
	if full {
		return 0
	}
	upper := 0
	for c := validate.Einser; c <= validate.Sechser; c++ {
		upper += b.Value[c]
	}
	best := map[validate.Counts]float64{} // after the last throw
	for _, d := range allRolls() {
		v := -1.0
		for c := validate.Category(0); c < validate.NumCategories; c++ {
			p, err := rules.Place(b, d, c)
			if err != nil {
				continue
			}
			x := float64(p.Points + p.Bonus)
			if c.Upper() && upper < 63 && upper+p.Points >= 63 {
				x += 35
			}
			nb := b
			nb.Filled[c], nb.Value[c] = true, p.Points
			x += bruteValueMemo(rules, nb)
			v = max(v, x)
		}
		best[d] = v
	}
	for range 2 {
		next := map[validate.Counts]float64{}
		for _, d := range allRolls() {
			v := best[d] // standing
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
	return e
}

var bruteMemo = map[string]float64{}

func bruteValueMemo(rules *validate.Rules, b validate.KniffelBoxes) float64 {
	key := fmt.Sprint(rules.Options.Joker, b)
	if v, ok := bruteMemo[key]; ok {
		return v
	}
	v := bruteValue(rules, b)
	bruteMemo[key] = v
	return v
}

func subMultisets(d validate.Counts) []validate.Counts {
	out := []validate.Counts{{}}
	for f := 1; f <= 6; f++ {
		var next []validate.Counts
		for _, h := range out {
			for k := 0; k <= d[f]; k++ {
				h[f] = k
				next = append(next, h)
			}
		}
		out = next
	}
	return out
}

type outcome struct {
	d validate.Counts
	p float64
}

var outcomeMemo [6][]outcome

// outcomes of throwing n dice, by multiset, from all 6^n sequences.
func outcomes(n int) []outcome {
	if outcomeMemo[n] != nil {
		return outcomeMemo[n]
	}
	m := map[validate.Counts]float64{}
	total := int(math.Pow(6, float64(n)))
	for i := 0; i < total; i++ {
		var d validate.Counts
		x := i
		for range n {
			d[x%6+1]++
			x /= 6
		}
		m[d] += 1 / float64(total)
	}
	out := make([]outcome, 0, len(m))
	for d, p := range m {
		out = append(out, outcome{d, p})
	}
	outcomeMemo[n] = out
	return out
}

// The value of a sheet from the table equals its turn worked out afresh,
// and the best hold or box of any throw is worth the throw's value.
func TestTurnAgreesWithTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, v := range []variant{kniffelPlain, kniffelJoker} {
		s := solverFor(t, v)
		for range 150 {
			b := randomSheet(rng)
			tn := s.Turn(b)
			if got, want := tn.Value(), s.Value(b); !near(got, want, 1e-9) {
				t.Fatalf("%s sheet %+v: turn %.12f, table %.12f", v.key(), b, got, want)
			}
			d := randomDice(rng)
			for k := 1; k <= 2; k++ {
				holds := tn.Holds(d, k)
				n := 1
				for f := 1; f <= 6; f++ {
					n *= d[f] + 1
				}
				if len(holds) != n {
					t.Fatalf("%v: %d holds, want %d", d, len(holds), n)
				}
				if !near(holds[0].Expected, tn.RollValue(d, k), 1e-9) {
					t.Fatalf("%v with %d throws left: best hold %v %.9f, throw worth %.9f", d, k, holds[0].Dice, holds[0].Expected, tn.RollValue(d, k))
				}
				for i := 1; i < len(holds); i++ {
					if holds[i].Expected > holds[i-1].Expected {
						t.Fatalf("holds not best first: %v", holds)
					}
				}
			}
			boxes := tn.Boxes(d)
			if len(boxes) == 0 || !near(boxes[0].Expected, tn.RollValue(d, 0), 1e-9) {
				t.Fatalf("%v: best box %+v, throw worth %.9f", d, boxes, tn.RollValue(d, 0))
			}
			// Standing on the dice is worth their best box.
			for _, h := range tn.Holds(d, 2) {
				if h.Dice == d && !near(h.Expected, boxes[0].Expected, 1e-12) {
					t.Fatalf("standing on %v: %.9f, best box %.9f", d, h.Expected, boxes[0].Expected)
				}
			}
		}
	}
}

// randomSheet fills a random set of boxes (not all) with possible points.
func randomSheet(rng *rand.Rand) validate.KniffelBoxes {
	var b validate.KniffelBoxes
	mask := rng.IntN(allFilled)
	rolls := allRolls()
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if mask&(1<<c) != 0 {
			b.Filled[c] = true
			b.Value[c] = validate.KniffelScore(c, rolls[rng.IntN(numRolls)])
		}
	}
	return b
}

func randomDice(rng *rand.Rand) validate.Counts {
	var d validate.Counts
	for range 5 {
		d[rng.IntN(6)+1]++
	}
	return d
}

// The assembly kernels (SSE2, and AVX where the processor has it) and the
// portable ones give the same table, bit for bit.
func TestKernelsAgree(t *testing.T) {
	s := solverFor(t, kniffelJoker)
	goSet := kernelSet{"go", averageDownGo, bestHoldsGo, bestBoxesGo}
	saved := kernelSet{"default", averageDown, bestHolds, bestBoxes}
	defer func() { averageDown, bestHolds, bestBoxes = saved.averageDown, saved.bestHolds, saved.bestBoxes }()
	// A sheet's entries depend only on the sheets with more boxes filled.
	val := append([]float64(nil), s.val...)
	w := &worker{v: s.v, t: tables(), val: val, reach: reachableSums()}
	solveWith := func(k kernelSet, mask int) []float64 {
		averageDown, bestHolds, bestBoxes = k.averageDown, k.bestHolds, k.bestBoxes
		w.solveMask(mask)
		return append([]float64(nil), val[mask<<7:(mask+1)<<7]...)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 150 {
		mask := rng.IntN(allFilled)
		want := solveWith(goSet, mask)
		for _, k := range append(kernelSets, saved) {
			got := solveWith(k, mask)
			for i := range want {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("sheet %013b entry %d: %s kernels %v, portable %v", mask, i, k.name, got[i], want[i])
				}
			}
		}
	}
	t.Logf("compared: %d assembly kernel sets", len(kernelSets))
}

// Playing the computed best holds and boxes, scored by validate, averages
// the game value (within three standard errors).
func TestSimulatedPlayMeetsGameValue(t *testing.T) {
	const games = 2000
	for _, joker := range []bool{false, true} {
		s := solverFor(t, variantOf(joker))
		rules := validate.MustRules(validate.GameKniffel, map[string]any{"joker": joker})
		rng := rand.New(rand.NewPCG(7, uint64(len(fmt.Sprint(joker)))))
		var sum, sumSq float64
		for range games {
			x := float64(playGame(t, s, rules, rng))
			sum += x
			sumSq += x * x
		}
		mean := sum / games
		sd := math.Sqrt((sumSq - sum*sum/games) / (games - 1))
		se := sd / math.Sqrt(games)
		if math.Abs(mean-s.GameValue()) > 3*se {
			t.Errorf("joker=%v: %d games average %.2f (SE %.2f), game value %.4f", joker, games, mean, se, s.GameValue())
		}
	}
}

func playGame(t *testing.T, s *Solver, rules *validate.Rules, rng *rand.Rand) int {
	var b validate.KniffelBoxes
	total, upper := 0, 0
	for range validate.NumCategories {
		tn := s.Turn(b)
		d := randomDice(rng)
		for k := 2; k >= 1; k-- {
			h := tn.Holds(d, k)[0].Dice
			if h == d {
				break
			}
			d = h
			for d.N() < 5 {
				d[rng.IntN(6)+1]++
			}
		}
		best := tn.Boxes(d)[0]
		p, err := rules.Place(b, d, best.Category)
		if err != nil {
			t.Fatalf("the coach chose %s for %v, which the rules refuse: %v", best.Category.ID(), d, err)
		}
		total += p.Points + p.Bonus
		if best.Category.Upper() {
			if upper < 63 && upper+p.Points >= 63 {
				total += 35
			}
			upper += p.Points
		}
		b.Filled[best.Category], b.Value[best.Category] = true, p.Points
	}
	return total
}

// docs/COACH.md states the computed game values.
func TestDocsStateGameValues(t *testing.T) {
	doc, err := os.ReadFile("../../docs/COACH.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []variant{kniffelPlain, kniffelJoker, yahtzeeFree, yahtzeeNoBonus} {
		want := fmt.Sprintf("%.4f", solverFor(t, v).GameValue())
		if !strings.Contains(string(doc), want) {
			t.Errorf("docs/COACH.md does not state %s (%s)", want, v.key())
		}
	}
}

// The best hold and the best box cost nothing; every other choice costs
// the difference to them.
func TestLosses(t *testing.T) {
	s := solverFor(t, kniffelJoker)
	rng := rand.New(rand.NewPCG(8, 9))
	for range 50 {
		tn := s.Turn(randomSheet(rng))
		d := randomDice(rng)
		for k := 1; k <= 2; k++ {
			holds := tn.Holds(d, k)
			if l := tn.HoldLoss(d, holds[0].Dice, k); l != 0 {
				t.Fatalf("best hold %v costs %v", holds[0].Dice, l)
			}
			for _, h := range holds[1:] {
				if l := tn.HoldLoss(d, h.Dice, k); !near(l, holds[0].Expected-h.Expected, 1e-9) {
					t.Fatalf("hold %v of %v: loss %v, want %v", h.Dice, d, l, holds[0].Expected-h.Expected)
				}
			}
		}
		boxes := tn.Boxes(d)
		for i, b := range boxes {
			l, ok := tn.BoxLoss(d, b.Category)
			if !ok || !near(l, boxes[0].Expected-b.Expected, 1e-9) || (i == 0 && l != 0) {
				t.Fatalf("box %s for %v: loss %v %v, want %v", b.Category.ID(), d, l, ok, boxes[0].Expected-b.Expected)
			}
		}
	}
}
