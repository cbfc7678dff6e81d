package win

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// throwOnKeep is throwOn's keep of a throw (throwOnRows' loop): of its
// outcomes the first of the greatest value, NaN never taken.
func throwOnKeep(own []float64, offs []int32) int {
	best, bk := math.Inf(-1), -1
	for _, off := range offs {
		if o := own[off]; o > best {
			best, bk = o, int(off)
		}
	}
	return bk
}

// TestBestKeepsAreThrowOnKeeps: for the graphs of every game and many
// house rules, every throw of a planned state keeps, by bestKeeps, the
// outcome throwOn's loop keeps (of equal values the first in the throw's
// order), on rows of random chances, of a few values that tie often (−0
// among them), below 0 and with NaN; a row bestKeeps refuses has a set
// whose best value is NaN or −Inf.
func TestBestKeepsAreThrowOnKeeps(t *testing.T) {
	sets := graphSets()
	rng := rand.New(rand.NewPCG(31, 37))
	few := []float64{0, 0.25, 0.5, 1}
	negZero := append([]float64{math.Copysign(0, -1)}, few...)
	rows := map[string]func(x float64) float64{
		"random": func(x float64) float64 { return x },
		"ties":   func(x float64) float64 { return few[int(x*float64(len(few)))] },
		"−0":     func(x float64) float64 { return negZero[int(x*float64(len(negZero)))] },
		"below 0": func(x float64) float64 {
			return x - 0.5
		},
		"NaN": func(x float64) float64 {
			if x < 0.02 {
				return math.NaN()
			}
			return x
		},
	}
	tied, ranked := 0, 0
	for _, c := range sets {
		fs, err := family.For(rulesOf(t, c.g, c.o))
		if err != nil {
			t.Fatal(err)
		}
		tg := newTurnGraph(fs)
		pl := tg.plan
		if pl == nil || pl.rank == nil {
			t.Fatalf("%s %v: no plan (%v) or no order of the keeps", c.g, c.o, pl != nil)
		}
		kp := newKeeps(pl.sets())
		for name, row := range rows {
			for range 20 {
				own := make([]float64, pl.reach)
				for i := range own {
					own[i] = row(rng.Float64())
				}
				ok := pl.bestKeeps(own, kp)
				if !ok {
					if name != "NaN" {
						t.Fatalf("%s %v, %s: bestKeeps refuses a row without NaN", c.g, c.o, name)
					}
					continue
				}
				if raw := name == "random" || name == "ties"; kp.raw != raw && name != "NaN" {
					t.Fatalf("%s %v, %s: raw %v", c.g, c.o, name, kp.raw)
				}
				for k, m := range kp.m[:pl.sets()] { // raw: the greatest value's bits (plannedOwn reads them)
					if at := int(uint32(m.lo)); kp.raw && m.hi != math.Float64bits(own[at]) {
						t.Fatalf("%s %v, %s: set %d: %#x, its keep %d's value %v", c.g, c.o, name, k, m.hi, at, own[at])
					}
				}
				for s := range tg.ns {
					if tg.fresh[s] || int(tg.sameQ[s]) != s {
						continue
					}
					throws := tg.throws[tg.throwsOf[s]:tg.throwsOf[s+1]]
					terms := pl.terms[pl.termLo[s]:pl.termLo[s+1]]
					if len(terms) != len(throws) {
						t.Fatalf("%s %v: state %d has %d throws, %d terms", c.g, c.o, s, len(throws), len(terms))
					}
					for i, th := range throws {
						offs := tg.offs[th.Lo:th.Hi]
						want := throwOnKeep(own, offs)
						got := int(uint32(kp.m[terms[i].k/8].lo))
						if got != want {
							t.Fatalf("%s %v, %s: state %d throw %d %v: keep %d (%v), throwOn's %d (%v)", c.g, c.o, name, s, i, offs, got, own[got], want, own[want])
						}
						if n := equalBest(own, offs); n > 1 {
							tied++
						}
					}
				}
				if name == "ties" || name == "−0" {
					ranked++
				}
			}
		}
	}
	if tied < 1000 || ranked == 0 {
		t.Fatalf("only %d throws with two keeps of the best value (%d rows of ties)", tied, ranked)
	}
}

// equalBest is how many of offs have the greatest value.
func equalBest(own []float64, offs []int32) int {
	bk := throwOnKeep(own, offs)
	n := 0
	for _, off := range offs {
		if bk >= 0 && own[off] == own[bk] {
			n++
		}
	}
	return n
}

// TestKeyOfOrders: keyOf orders chances as the numbers do, −0 as +0.
func TestKeyOfOrders(t *testing.T) {
	xs := []float64{math.Inf(-1), -1, -1e-300, math.Copysign(0, -1), 0, 1e-300, 0.5, 1, math.Inf(1)}
	for i, x := range xs {
		for j, y := range xs {
			if (keyOf(x) < keyOf(y)) != (x < y) || (keyOf(x) == keyOf(y)) != (x == y) {
				t.Errorf("keyOf(%v) %#x, keyOf(%v) %#x (%d, %d)", x, keyOf(x), y, keyOf(y), i, j)
			}
		}
	}
}

// TestVecPlannedSame: the final round's every-player pass of the mover's
// turn by the plan (vec_plan.go) has every value of the pass state by
// state (throwOn), bit for bit, at every state and level, with three to
// five players, for house rules with ties and without (5050), nix and
// six dice.
func TestVecPlannedSame(t *testing.T) {
	for _, c := range []struct {
		g      validate.GameID
		o      map[string]any
		totals []int
		seat   int
	}{
		{validate.GameZehntausend, map[string]any{"ziel": 2000}, []int{2100, 650, 1900}, 1},
		{validate.GameZehntausend, map[string]any{"ziel": 2000}, []int{2100, 650, 900, 0}, 1},
		{validate.GameZehntausend, map[string]any{"ziel": 2000}, []int{2100, 650, 900, 0}, 2},
		{validate.GameZehntausend, map[string]any{"ziel": 2000}, []int{2100, 2100, 900, 100, 1900}, 2},
		{validate.GameZehntausend, map[string]any{"ziel": 2000, "nix": true}, []int{2050, 1000, 1500, 300}, 1},
		{validate.GameZehntausend, map[string]any{"ziel": 2000, "wuerfel": 6}, []int{2200, 1200, 0}, 1},
		{validate.Game5050, nil, []int{5100, 3000, 4500, 200}, 1},
	} {
		t.Run(fmt.Sprint(c.g, c.o, c.totals, c.seat), func(t *testing.T) {
			tb := tableOf(t, c.g, c.o)
			follow := func(planned bool) *vecTurn {
				vecPlanned = planned
				defer func() { vecPlanned = true }()
				p, err := tb.Start(c.totals, c.seat)
				if err != nil {
					t.Fatal(err)
				}
				if !p.Exact() || p.sh == nil || p.sh.build == nil {
					t.Fatalf("not a final round's exact start")
				}
				p.Chances()
				return p.sh.table().vt
			}
			got, want := follow(true), follow(false)
			if got.byPlanLevels < got.top/2 || want.byPlanLevels != 0 {
				t.Fatalf("%d and %d of %d levels by the plan", got.byPlanLevels, want.byPlanLevels, got.top)
			}
			if i := sameBits(got.own, want.own); i >= 0 {
				t.Fatalf("own[%d]: %v, state by state %v", i, got.own[i], want.own[i])
			}
			if i := sameBits(got.v, want.v); i >= 0 {
				t.Fatalf("v[%d]: %v, state by state %v", i, got.v[i], want.v[i])
			}
		})
	}
}

// TestPlannedOwnsAreThrowOn: plannedOwns' value me of every state that
// throws on its own (two states side by side) is throwOn's value me, bit
// for bit, for the graphs of every game and many house rules, on random
// rows, rows that tie often and rows below 0 (keeps by their rows'
// values, not their sets' greatest), three and four values a state.
func TestPlannedOwnsAreThrowOn(t *testing.T) {
	sets := graphSets()
	rng := rand.New(rand.NewPCG(41, 43))
	few := []float64{0, 0.25, 0.5, 1}
	rows := []func(x float64) float64{
		func(x float64) float64 { return x },
		func(x float64) float64 { return few[int(x*float64(len(few)))] },
		func(x float64) float64 { return x - 0.5 },
	}
	pairs := 0
	for _, c := range sets {
		fs, err := family.For(rulesOf(t, c.g, c.o))
		if err != nil {
			t.Fatal(err)
		}
		tg := newTurnGraph(fs)
		pl := tg.plan
		kp := newKeeps(pl.sets())
		pairs += len(pl.owns) / 2
		for k, row := range rows {
			for w := 3; w <= 4; w++ {
				me := rng.IntN(w)
				vt := &vecTurn{tg: tg, w: w, me: me, bust: make([]float64, w)}
				for i := range w {
					vt.bust[i] = row(rng.Float64())
				}
				n := tg.ns + pl.reach + 1 // level 1 and the rows its keeps reach
				vt.own, vt.v = make([]float64, n), make([]float64, n*w)
				for i := range vt.v {
					vt.v[i] = row(rng.Float64())
				}
				for i := range vt.own {
					vt.own[i] = vt.v[i*w+me]
				}
				if !pl.bestKeeps(vt.own[tg.ns:], kp) {
					t.Fatalf("%s %v: bestKeeps refuses row %d", c.g, c.o, k)
				}
				qs := make([]float64, tg.ns*w)
				vt.plannedOwns(qs, 1, kp)
				q := make([]float64, w)
				for _, s := range pl.owns {
					vt.throwOn(q, int(s), 1)
					if got := qs[int(s)*w+me]; math.Float64bits(got) != math.Float64bits(q[me]) {
						t.Fatalf("%s %v, row %d, %d values: state %d: %v, throwOn %v", c.g, c.o, k, w, s, got, q[me])
					}
				}
			}
		}
	}
	if pairs == 0 {
		t.Fatal("no two states side by side")
	}
}
