package kniffel

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/internal/cputime"
	"github.com/wuerfelblock/wuerfelblock/internal/tablefile"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The whole table with the joker, on all processors (GOMAXPROCS): the
// issue's target is under a second on two cores and at most 50 MB (peak:
// /usr/bin/time -v go test -run '^$' -bench 'Solve$' -benchtime 5x, see
// docs/COACH.md).
// cpu-ns/op is the process's CPU time per build, which the other work on a
// shared machine disturbs less than the wall time.
func BenchmarkSolve(b *testing.B) {
	cpu0 := int64(cputime.Used())
	for b.Loop() {
		Solve(true)
	}
	b.ReportMetric(float64(int64(cputime.Used())-cpu0)/float64(b.N), "cpu-ns/op")
}

// One worker, to see how the work splits over two.
func BenchmarkSolveOneCore(b *testing.B) {
	cpu0 := int64(cputime.Used())
	for b.Loop() {
		solveVariant(kniffelJoker, 1)
	}
	b.ReportMetric(float64(int64(cputime.Used())-cpu0)/float64(b.N), "cpu-ns/op")
}

// The whole table on one core with each set of kernels.
func BenchmarkSolveKernels(b *testing.B) {
	saved := kernelSet{"default", averageDown, bestHolds, bestBoxes}
	defer func() { averageDown, bestHolds, bestBoxes = saved.averageDown, saved.bestHolds, saved.bestBoxes }()
	for _, k := range append([]kernelSet{{"go", averageDownGo, bestHoldsGo, bestBoxesGo}}, kernelSets...) {
		b.Run(k.name, func(b *testing.B) {
			averageDown, bestHolds, bestBoxes = k.averageDown, k.bestHolds, k.bestBoxes
			for b.Loop() {
				solveVariant(kniffelJoker, 1)
			}
		})
	}
}

// One question on a mid-game sheet: the turn's analysis and every hold of
// a throw (what the app asks after each throw).
func BenchmarkHoldValues(b *testing.B) {
	s := solverFor(b, kniffelJoker)
	rng := rand.New(rand.NewPCG(1, 1))
	sheets := make([]validate.KniffelBoxes, 64)
	for i := range sheets {
		sheets[i] = randomSheet(rng)
	}
	d := dice(6, 6, 5, 2, 1)
	i := 0
	for b.Loop() {
		s.HoldValues(sheets[i%len(sheets)], d, 2)
		i++
	}
}

// Every box for a throw on a mid-game sheet.
func BenchmarkBoxValues(b *testing.B) {
	s := solverFor(b, kniffelJoker)
	rng := rand.New(rand.NewPCG(1, 1))
	sheets := make([]validate.KniffelBoxes, 64)
	for i := range sheets {
		sheets[i] = randomSheet(rng)
	}
	d := dice(6, 6, 6, 2, 1)
	i := 0
	for b.Loop() {
		s.BoxValues(sheets[i%len(sheets)], d)
		i++
	}
}

// Loading the table from the cache file (the app's start after the first).
func BenchmarkLoadCache(b *testing.B) {
	s := solverFor(b, kniffelJoker)
	dir := b.TempDir()
	path := NewCache(dir).path(kniffelJoker)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		b.Fatal(err)
	}
	tablefile.Write(path, "kniffel", encodeTable(s.val, kniffelJoker))
	for b.Loop() {
		c := &Cache{Dir: dir, build: func(variant) []float64 { b.Fatal("rebuilt"); return nil }}
		c.Solver(true)
	}
}

// endgameWorst is the worst case of the end game: four players, each with
// three open boxes; the mover's include the Fünfer and the Sechser, needed
// for the upper bonus (28 more), and the Kniffel box holds 50 (Kniffel
// bonus and joker in play).
func endgameWorst(b *testing.B) (*Solver, validate.KniffelBoxes, []validate.KniffelBoxes) {
	s := solverFor(b, kniffelJoker)
	mover := sheet(b, map[string]int{"einser": 2, "zweier": 6, "dreier": 9, "vierer": 16,
		"dreierpasch": 22, "viererpasch": 18, "full-house": 25, "kleine-strasse": 30, "grosse-strasse": 40, "kniffel": 50})
	others := []validate.KniffelBoxes{
		sheet(b, map[string]int{"einser": 3, "zweier": 6, "dreier": 9, "fuenfer": 15, "sechser": 18,
			"dreierpasch": 20, "full-house": 25, "kleine-strasse": 30, "grosse-strasse": 40, "kniffel": 50}),
		sheet(b, map[string]int{"einser": 3, "zweier": 6, "dreier": 12, "vierer": 12, "fuenfer": 15,
			"dreierpasch": 20, "viererpasch": 0, "full-house": 25, "grosse-strasse": 40, "chance": 22}),
		sheet(b, map[string]int{"einser": 3, "zweier": 4, "vierer": 12, "fuenfer": 20, "sechser": 24,
			"viererpasch": 17, "full-house": 25, "kleine-strasse": 30, "kniffel": 50, "chance": 22}),
	}
	return s, mover, others
}

// BenchmarkEndgameDists is the others' final distributions of the worst
// case (three sheets with three open boxes; the sheets with one or two
// open boxes cached as in use).
func BenchmarkEndgameDists(b *testing.B) {
	s, _, others := endgameWorst(b)
	cpu0 := cputime.Used()
	defer func() { b.ReportMetric((cputime.Used()-cpu0).Seconds()*1000/float64(b.N), "cpu-ms/op") }()
	for b.Loop() {
		for _, o := range others {
			if _, err := s.FinalDist(o, 200); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkEndgameWin is the mover's turn of the worst case valued by the
// chance to finish first, the others' distributions given.
func BenchmarkEndgameWin(b *testing.B) {
	s, mover, others := endgameWorst(b)
	ds := make([]Dist, len(others))
	for i, o := range others {
		ds[i], _ = s.FinalDist(o, 200)
	}
	cpu0 := cputime.Used()
	for b.Loop() {
		if _, err := s.WinTurn(mover, 190, ds); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cputime.Used()-cpu0).Seconds()*1000/float64(b.N), "cpu-ms/op")
}
