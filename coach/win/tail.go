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
	return a + float64((1-a)*b) - e, 1 - a
}

// solveChase computes C(d) for every d until it falls below chaseEps.
func (fg *finalGame) solveChase(ws []*worker) { fg.chase = fg.chaseWith(ws, fg.tie) }

// chaseWith is the chase with a tie worth tie (the last of several seats
// in the final round: 1/(k+1) with k on the best total).
func (fg *finalGame) chaseWith(ws []*worker, tie float64) []float64 {
	tg := fg.tg
	ns, above := tg.ns, tg.above
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
	chase := []float64{1}
	for rr := 0; ; rr++ {
		for s := range ns {
			v := math.NaN()
			if !tg.fresh[s] {
				v = 0
				for _, th := range tg.throws[tg.throwsOf[s]:tg.throwsOf[s+1]] {
					best := 0.0
					for j := th.Lo; j < th.Hi; j++ {
						best = max(best, at(tg.to[j], rr-int(tg.pts[j])/step))
					}
					v += float64(th.P * best)
				}
				if tg.stopPh[0][s] && rr == 0 {
					v = max(v, tie)
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
			fg.chaseEndsWith(&ws[0].ea, d, tie)
			c, _ = ws[0].a.run(&ws[0].ea)
		} else {
			for _, th := range tg.throws[tg.throwsOf[0]:tg.throwsOf[1]] {
				best := 0.0
				for j := th.Lo; j < th.Hi; j++ {
					best = max(best, at(tg.to[j], d-int(tg.pts[j])/step))
				}
				c += float64(th.P * best)
			}
			if fg.nix {
				c += float64(tg.bustP[0] * nixChase(d, tie))
			}
		}
		if c < chaseEps {
			break
		}
		chase = append(chase, c)
	}
	return chase
}

// nixChase is what nix's 1000 are worth to the chaser with d to make up.
func nixChase(d int, tie float64) float64 {
	switch {
	case nixLevels > d:
		return 1
	case nixLevels == d:
		return tie
	}
	return 0
}

// reachTie: reach chances closer than this are one (value iteration noise).
const reachTie = 1e-14

// buildTail computes E for every state and lead, and where the tail holds:
// need[d] is the least 1 − b for which, at every lead from d on, each
// throw's keep of the highest reach beats every other keep (with a + (1−a)·b
// − E for each, the one of higher reach wins while (a1 − a2)(1 − b) ≥
// E1 − E2), and stopping beats throwing on in each state with a stop
// (1 − C(d) against A + (1−A)·b − E′, A and E′ of the throw: while
// (1 − A)(1 − b) ≥ C(d) − E′).
func (fg *finalGame) buildTail() {
	tg := fg.tg
	ns := tg.ns
	t := &tail{tg: tg, c: fg.chase, reach: tg.g.Reach[0], stop: tg.stopPh[0]}
	nd := len(t.c) + 1
	t.e = make([][]float64, ns)
	for s := range ns {
		t.e[s] = make([]float64, nd)
	}
	t.need = make([]float64, nd+1)
	worst := 0.0
	for d := nd - 1; d >= 0; d-- {
		for s := range ns {
			if tg.fresh[s] {
				continue
			}
			a, e, need := t.throwTail(s, d)
			worst = max(worst, need)
			if t.stop[s] {
				t.e[s][d] = t.chase(d)
				if q := 1 - a; q > 0 {
					worst = max(worst, (t.chase(d)-e)/q)
				}
				continue
			}
			t.e[s][d] = e
		}
		t.need[d] = float64(worst*(1+1e-9)) + 1e-15
	}
	fg.tail = t
}

// throwTail is state s's throw at lead d in the tail: the chance A of
// reaching a stop after it and the chase E′ its stops leave, each throw
// taking the keep of the highest reach (of equal reach the least E), and
// the least 1 − b for which those keeps are best.
func (t *tail) throwTail(s, d int) (a, e, need float64) {
	tg := t.tg
	reachOf := func(to int32) float64 {
		if t.stop[to] {
			return 1
		}
		return t.reach[to]
	}
	eOf := func(to int32, d2 int) float64 {
		if t.stop[to] {
			return t.chase(d2)
		}
		if d2 < len(t.e[to]) {
			return t.e[to][d2]
		}
		return 0
	}
	for _, th := range tg.throws[tg.throwsOf[s]:tg.throwsOf[s+1]] {
		bestA, bestE := -1.0, 0.0
		for j := th.Lo; j < th.Hi; j++ {
			ra, ev := reachOf(tg.to[j]), eOf(tg.to[j], d+int(tg.pts[j])/step)
			switch {
			case ra > bestA+reachTie:
				bestA, bestE = ra, ev
			case ra >= bestA-reachTie:
				bestE = min(bestE, ev)
			}
		}
		for j := th.Lo; j < th.Hi; j++ {
			ra, ev := reachOf(tg.to[j]), eOf(tg.to[j], d+int(tg.pts[j])/step)
			if ra < bestA-reachTie && ev < bestE {
				need = max(need, (bestE-ev)/(bestA-ra))
			}
		}
		a += float64(th.P * bestA)
		e += float64(th.P * bestE)
	}
	return a, e, need
}
