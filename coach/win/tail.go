package win

import (
	"math"
	"sort"
)

// The chase and the tail (5050, zehntausend).
//
// In the final round the second seat needs more than d levels (a tie: half
// in zehntausend) in one turn: chance C(d). With r = d − T levels still to
// make up, a state's value R(s, r) depends on r alone wherever the floor
// (verschaerft's 350) is met, so one pass over r gives every C(d).
//
// The first seat's stop over the target is worth 1 − C(d), d its lead. For
// leads where C is small, every allowed stop is best and in the states
// without a stop the play that most likely reaches a stop is best: their
// values are a + (1−a)·b − E(d), a the chance to reach a stop and E the
// chase the stops leave, E computed once for every d. tail.from(1−b) is the
// least lead from which both hold for a bust worth b, checked by bounds:
// a stop gives up C(d), throwing on risks at least the chance of a bust
// times 1 − b; a keep of lower reach loses at least its gap in reach times
// 1 − b and gains at most E.
type tail struct {
	tg    *turnGraph
	c     []float64   // C(d), 0 beyond
	e     [][]float64 // per state E(d) (states with a stop: C(d))
	reach []float64
	stop  []bool
	// need[d]: the least 1 − b for which the tail holds from lead d on
	// (falling in d).
	need []float64
}

func (t *tail) chase(d int) float64 {
	if d < len(t.c) {
		return t.c[d]
	}
	return 0
}

// from is the least lead from which the tail holds for a bust worth 1 − lose.
func (t *tail) from(lose float64) int {
	return sort.Search(len(t.need), func(d int) bool { return t.need[d] <= lose })
}

// value is a state's value (and its derivative by b) at lead d in the tail.
func (t *tail) value(s, d int, b float64) (float64, float64) {
	if t.stop[s] {
		return 1 - t.chase(d), 0
	}
	a := t.reach[s]
	e := 0.0
	if d < len(t.e[s]) {
		e = t.e[s][d]
	}
	return a + (1-a)*b - e, 1 - a
}

// solveChase computes C(d) for every d until it falls below chaseEps.
func (fg *finalGame) solveChase(ws []*worker) {
	tg := fg.tg
	ns, above := tg.ns, tg.above
	g := tg.g
	fl := (fg.floor + step - 1) / step // below it, a pass per d
	// R by [(r+above)*ns + s]; r < 0: made it.
	var r []float64
	for rr := -above; rr < 0; rr++ {
		for s := range ns {
			v := tg.g.Reach[0][s]
			if tg.stopPh[0][s] {
				v = 1
			}
			r = append(r, v)
		}
	}
	at := func(s int32, rr int) float64 { return r[(rr+above)*ns+int(s)] }
	fg.chase = []float64{1}
	for rr := 0; ; rr++ {
		for s := range ns {
			v := math.NaN()
			if !tg.fresh[s] {
				v = 0
				for _, th := range tg.throws[tg.throwsOf[s]:tg.throwsOf[s+1]] {
					best := 0.0
					for j := th.Lo; j < th.Hi; j++ {
						best = max(best, at(g.To[j], rr-int(g.Pts[j])/step))
					}
					v += th.P * best
				}
				if tg.stopPh[0][s] && rr == 0 {
					v = max(v, fg.tie)
				}
			}
			r = append(r, v)
		}
		if rr == 0 {
			continue
		}
		// C(rr) from the start.
		d := rr
		var c float64
		if d < fl {
			fg.chaseEnds(&ws[0].ea, d)
			c, _ = ws[0].a.run(&ws[0].ea, false)
		} else {
			for _, th := range tg.throws[tg.throwsOf[0]:tg.throwsOf[1]] {
				best := 0.0
				for j := th.Lo; j < th.Hi; j++ {
					best = max(best, at(g.To[j], d-int(g.Pts[j])/step))
				}
				c += th.P * best
			}
			if fg.nix {
				c += tg.bustP[0] * fg.nixChase(d)
			}
		}
		if c < chaseEps {
			break
		}
		fg.chase = append(fg.chase, c)
	}
}

// nixChase is what nix's 1000 are worth to the chaser with d to make up.
func (fg *finalGame) nixChase(d int) float64 {
	switch {
	case nixLevels > d:
		return 1
	case nixLevels == d:
		return fg.tie
	}
	return 0
}

// reachTie: reach chances closer than this are one (value iteration noise).
const reachTie = 1e-14

// buildTail computes E for every state and lead, and where the tail holds.
func (fg *finalGame) buildTail() {
	tg := fg.tg
	ns := tg.ns
	g := tg.g
	t := &tail{tg: tg, c: fg.chase, reach: g.Reach[0], stop: tg.stopPh[0]}
	nd := len(t.c) + 1
	t.e = make([][]float64, ns)
	for s := range ns {
		t.e[s] = make([]float64, nd)
	}
	eAt := func(s int32, d int) float64 {
		if t.stop[s] {
			return t.chase(d)
		}
		if d < nd {
			return t.e[s][d]
		}
		return 0
	}
	delta := math.Inf(1) // the least gap in reach between two keeps of a throw
	pbMin := 1.0
	for d := nd - 1; d >= 0; d-- {
		for s := range ns {
			if tg.fresh[s] {
				continue
			}
			if t.stop[s] {
				t.e[s][d] = t.chase(d)
				pbMin = min(pbMin, tg.bustP[s])
				continue
			}
			sum := 0.0
			for _, th := range tg.throws[tg.throwsOf[s]:tg.throwsOf[s+1]] {
				bestA, bestE := -1.0, 0.0
				for j := th.Lo; j < th.Hi; j++ {
					a := t.reach[g.To[j]]
					if t.stop[g.To[j]] {
						a = 1
					}
					ev := eAt(g.To[j], d+int(g.Pts[j])/step)
					switch {
					case a > bestA+reachTie:
						if bestA >= 0 && d == 0 {
							delta = min(delta, a-bestA)
						}
						bestA, bestE = a, ev
					case a >= bestA-reachTie:
						bestE = min(bestE, ev)
					case d == 0:
						delta = min(delta, bestA-a)
					}
				}
				sum += th.P * bestE
			}
			t.e[s][d] = sum
		}
	}
	t.need = make([]float64, nd+1)
	worst := 0.0
	for d := nd; d >= 0; d-- {
		if d < nd {
			for s := range ns {
				if !tg.fresh[s] && !t.stop[s] {
					worst = max(worst, t.e[s][d]/delta)
				}
			}
			worst = max(worst, t.chase(d)/pbMin, t.chase(d)/delta)
		}
		t.need[d] = worst * (1 + 1e-9)
	}
	fg.tail = t
}
