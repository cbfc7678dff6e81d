package win

import (
	"fmt"
	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

func TestZZStats(t *testing.T) {
	for _, o := range []map[string]any{{"beweisen": true}, {"beweisen": true, "verdoppeln": true}, {"beweisen": true, "wuerfel": 6, "ziel": 5000, "strasse": 1000, "drei_paare": 1000}} {
		s, _ := New(rulesOf(t, validate.GameZehntausend, o))
		tg := s.graph()
		pl := tg.plan
		ns := int32(tg.ns)
		// rebuild members
		var members [][]int32
		for k := range pl.parent {
			var set []int32
			for kk := k; kk >= 0; kk = int(pl.parent[kk]) {
				set = append(set, pl.offs[pl.lo[kk]:pl.lo[kk+1]]...)
			}
			slices.Sort(set)
			members = append(members, set)
		}
		shift := func(set []int32, d int32) []int32 {
			out := make([]int32, len(set))
			for i, x := range set {
				out[i] = x + d*ns
			}
			return out
		}
		cur, withShift, exact := 0, 0, 0
		maxd := int32(0)
		for k, set := range members {
			cur += len(pl.offs[pl.lo[k]:pl.lo[k+1]])
			best := 0
			isExact := false
			for k2, c := range members {
				for d := int32(0); d < 60; d++ {
					if d == 0 && k2 == k {
						continue
					}
					sh := shift(c, d)
					if len(sh) <= len(set) && len(sh) > best && subset(sh, set) && (d > 0 || len(sh) < len(set)) {
						best = len(sh)
						if len(sh) == len(set) {
							isExact = true
						}
						if d > maxd && len(sh) > 1 {
							maxd = d
						}
					}
				}
			}
			if best == 0 {
				withShift += len(set)
			} else {
				withShift += max(len(set)-best, 1)
			}
			if isExact {
				exact++
			}
		}
		fmt.Println(o, "sets", len(members), "offs ops", cur, "with shifts", withShift, "exact shifts", exact, "maxd", maxd)
	}
}

func BenchmarkZZStart(b *testing.B) {
	for _, o := range []map[string]any{{"beweisen": true, "ziel": 4000}, {"beweisen": true, "wuerfel": 6, "ziel": 4000, "strasse": 1000, "drei_paare": 1000}} {
		tb := tableOf(b, validate.GameZehntausend, o)
		b.Run(fmt.Sprint(o["wuerfel"]), func(b *testing.B) {
			for b.Loop() {
				for _, st := range [][3]int{{0, 0, 0}, {1000, 500, 1}, {2000, 3000, 0}, {3500, 3000, 1}} {
					p, err := tb.Start([]int{st[0], st[1]}, st[2])
					if err != nil {
						b.Fatal(err)
					}
					tb.Release(p)
				}
			}
		})
	}
}

func BenchmarkZZTableIn(b *testing.B) {
	for _, o := range []map[string]any{{"beweisen": true}, {"beweisen": true, "wuerfel": 6, "ziel": 5000, "strasse": 1000, "drei_paare": 1000}} {
		fs, err := family.For(rulesOf(b, validate.GameZehntausend, o))
		if err != nil {
			b.Fatal(err)
		}
		tg := newTurnGraph(fs)
		rng := rand.New(rand.NewPCG(5, 8))
		var es []ends
		for range 8 {
			es = append(es, randomEnds(rng, fs, 200))
		}
		b.Run(fmt.Sprint(o["wuerfel"]), func(b *testing.B) {
			var buf []float64
			for b.Loop() {
				for _, e := range es {
					tt := tg.tableIn(e, buf, true)
					buf = tt.buf
				}
			}
		})
	}
}

func TestZZStates(t *testing.T) {
	for _, o := range []map[string]any{{"beweisen": true}, {"beweisen": true, "wuerfel": 6, "ziel": 5000, "strasse": 1000, "drei_paare": 1000}} {
		fs, _ := family.For(rulesOf(t, validate.GameZehntausend, o))
		tg := newTurnGraph(fs)
		for s := range tg.ns {
			fmt.Println(s, tg.fresh[s], tg.stopPh[0][s], tg.bustP[s], tg.sameQ[s], tg.throwsOf[s+1]-tg.throwsOf[s], tg.plan.termLo[s+1]-tg.plan.termLo[s])
		}
		fmt.Println("floor", fs.Floor(validate.TurnContext{Entered: true}))
	}
}

func BenchmarkZZLanesTables(b *testing.B) {
	fs, _ := family.For(rulesOf(b, validate.GameZehntausend, map[string]any{"beweisen": true}))
	tg := newTurnGraph(fs)
	rng := rand.New(rand.NewPCG(5, 8))
	var es []ends
	for range 4 {
		es = append(es, randomEnds(rng, fs, 150+rng.IntN(10)))
	}
	b.Run("one", func(b *testing.B) {
		bufs := make([][]float64, 4)
		for b.Loop() {
			for l, e := range es {
				bufs[l] = tg.tableIn(e, bufs[l], true).buf
			}
		}
	})
	b.Run("lanes", func(b *testing.B) {
		bufs := make([][]float64, 4)
		for b.Loop() {
			for l, tt := range tg.tablesIn(es, bufs) {
				bufs[l] = tt.buf
			}
		}
	})
}
