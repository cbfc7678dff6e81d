package validate

import (
	"fmt"
	"testing"
	"time"
)

// sixDiceThrows is every throw of six dice, as a sorted multiset: 462.
func sixDiceThrows() [][]int {
	var out [][]int
	var walk func(from int, cur []int)
	walk = func(from int, cur []int) {
		if len(cur) == 6 {
			out = append(out, append([]int(nil), cur...))
			return
		}
		for f := from; f <= 6; f++ {
			walk(f, append(cur, f))
		}
	}
	walk(1, nil)
	return out
}

// Target: the legal keeps of EVERY six-dice throw in under 5 µs (the
// slowest one is reported as max-ns/throw), for the plain game and for the
// house rules that add the most keeps.
//
//	go test ./validate -run '^$' -bench LegalKeepsAllSixDice
func BenchmarkLegalKeepsAllSixDiceThrows(b *testing.B) {
	throws := sixDiceThrows()
	if len(throws) != 462 {
		b.Fatalf("%d throws", len(throws))
	}
	for _, c := range []struct {
		name  string
		rules *Rules
	}{
		{"5050", MustRules(Game5050, nil)},
		{"zehntausend-6-all-house-rules", MustRules(GameZehntausend, map[string]any{
			"wuerfel": 6, "fuenfer_drehen": true, "strasse": 1000, "drei_paare": 1000, "pyramide": 1000})},
	} {
		b.Run(c.name, func(b *testing.B) {
			// Each throw's cost is the best of b.N batches of 20 calls: a
			// pause of the garbage collector or of the machine is not the
			// throw's cost.
			const batch = 20
			per := make([]time.Duration, len(throws))
			b.ReportAllocs()
			for b.Loop() {
				for i, t := range throws {
					t0 := time.Now()
					for range batch {
						c.rules.LegalKeeps(t)
					}
					if d := time.Since(t0) / batch; per[i] == 0 || d < per[i] {
						per[i] = d
					}
				}
			}
			worst := 0
			for i := range per {
				if per[i] > per[worst] {
					worst = i
				}
			}
			b.ReportMetric(float64(per[worst].Nanoseconds()), "max-ns/throw")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(throws)*batch), "avg-ns/throw")
			b.Logf("slowest throw: %s", fmt.Sprint(throws[worst]))
		})
	}
}

// The keeps kept per rule set are the keeps computed afresh, for every
// throw of up to six dice, and a caller changing them changes nothing kept.
func TestLegalKeepsKeptAreFresh(t *testing.T) {
	r := MustRules(GameZehntausend, map[string]any{"wuerfel": 6, "fuenfer_drehen": true, "strasse": 1000})
	for _, roll := range sixDiceThrows() {
		for n := 1; n <= 6; n++ {
			sub := roll[:n]
			fresh := r.legalKeeps(CountsOf(sub), nil)
			first := r.LegalKeeps(sub)
			if len(first) > 0 {
				first[0].Dice[0] = 9
				first[0].Points = -1
			}
			again := r.LegalKeeps(sub)
			if fmt.Sprint(again) != fmt.Sprint(fresh) {
				t.Fatalf("%v: kept %v, fresh %v", sub, again, fresh)
			}
		}
	}
}
