package family

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// step is the grid of turn points: every combination is worth a multiple of 50.
const step = 50

// outcome is one keep's effect: the points it adds and the state it leads to.
type outcome struct {
	pts int32
	to  int32
}

// throwOf is one multiset of dice a throw can show, with its chance, and
// the outcomes of its legal keeps (none: a bust).
type throwOf struct {
	p      float64
	lo, hi int32 // outcomes[lo:hi]
}

// ctxKey names the keeps a throw allows: the dice thrown and, with
// ergaenzen in the middle of a pass, the combinations that can be doubled.
type ctxKey struct {
	n      int8
	combos [7]int32
}

// Solver holds the state graph of one rule set: every state a turn can
// reach, every throw from it with its chance, every keep's outcome, and the
// values for turn points so high that stopping whenever allowed is best.
// It is immutable once built and safe to share.
type Solver struct {
	g      game
	states []state
	index  map[state]int32
	// throwsOf[s] lists the throws from state s: throws[throwsOf[s]:throwsOf[s+1]].
	throwsOf []int32
	throws   []throwOf
	outcomes []outcome
	// offs[j] is where outcome j's value lies in a table's rows, counted
	// from the row of the points before the keep.
	offs []int32

	rolls   [7][]validate.Counts // the multisets of n dice
	rollKey [7]map[validate.Counts]int32
	keeps   map[ctxKey][][]validate.Keep // per roll of the context's dice; only while building
	// reps are engine turns standing in a pass whose combinations can be
	// doubled (ergaenzen), to ask the engine for that pass's keeps.
	reps     map[ctxKey]*validate.FamilyTurn
	maxPts   int
	minBound int // B: from B turn points on, the lines below are the values

	// Lines: from B turn points on, the value of a state without a stop at
	// T is va·T + vb, per phase of T (5000: T/50 even or odd); a state with
	// a stop is worth T there (va 1, vb 0).
	va, vb [2][]float64

	entry *solverEntry // where its tables are kept (For)

	// The throws of the states without a stop, for high turn points:
	// fast[ph][k] of the state forced[ph][k].
	fast      [2][]fastState
	fastRolls [2][]fastRoll
	fastOuts  [2][]int32 // offsets into a table's fv, counted from the row of the points before the keep
	// fastSkip[ph][j]: from this level on, fastOuts[ph][j] is beaten by its
	// throw's stop (see skipDominated); a throw's keeps are in falling order.
	fastSkip [2][]int32
	// Per phase the states without a stop (high points) but the start.
	forced [2][]int32
	// fidx numbers the states without a stop at high points in some phase
	// (nf of them; -1 for the others); stopsF[ph] are those of them with a
	// stop in phase ph.
	fidx   []int32
	nf     int
	stopsF [2][]int32
}

// newSolver explores every state a turn of r can reach and solves the
// turn for high points.
func newSolver(r *validate.Rules) (*Solver, error) {
	g := newGame(r)
	s := &Solver{g: g, index: map[state]int32{}, keeps: map[ctxKey][][]validate.Keep{}}
	probs := s.rollTables()
	x := &explorer{s: s, r: r, probs: probs, effects: map[ctxKey]*effectSet{}, repOf: map[int32]*validate.FamilyTurn{}}
	s.reps = map[ctxKey]*validate.FamilyTurn{}
	s.intern(state{})
	if g.ergaenzen {
		x.repOf[0] = r.NewFamilyTurn(validate.TurnContext{Entered: true})
	}
	s.freshKeeps(r)
	s.throwsOf = append(s.throwsOf, 0)
	for i := 0; i < len(s.states); i++ {
		if err := x.explore(int32(i)); err != nil {
			return nil, err
		}
	}
	s.keeps = nil // the keeps of a throw are asked again when needed (Position.Keeps)
	s.offs = make([]int32, len(s.outcomes))
	for j, o := range s.outcomes {
		s.offs[j] = o.pts/step*int32(len(s.states)) + o.to
	}
	if err := s.solveLines(); err != nil {
		return nil, err
	}
	return s, nil
}

// rollTables makes the multisets of 1 to g.dice dice, their index, and
// the chance of each (probs[n][i] of rolls[n][i]).
func (s *Solver) rollTables() (probs [7][]float64) {
	for n := 1; n <= s.g.dice; n++ {
		s.rolls[n] = multisets(n)
		s.rollKey[n] = make(map[validate.Counts]int32, len(s.rolls[n]))
		for i, c := range s.rolls[n] {
			s.rollKey[n][c] = int32(i)
			probs[n] = append(probs[n], float64(ways(c))/math.Pow(6, float64(n)))
		}
	}
	return probs
}

// freshKeeps asks the engine for the keeps of a fresh pass for every
// number of dice, on two cores.
func (s *Solver) freshKeeps(r *validate.Rules) {
	lists := make([][][]validate.Keep, s.g.dice+1)
	type job struct{ n, ri int }
	var jobs []job
	for n := 1; n <= s.g.dice; n++ {
		lists[n] = make([][]validate.Keep, len(s.rolls[n]))
		for ri := range s.rolls[n] {
			jobs = append(jobs, job{n, ri})
		}
	}
	// A turn at its start asks the engine for the keeps of a fresh pass
	// without the copy that Rules.LegalKeeps hands out of its cache.
	starter := r.NewFamilyTurn(validate.TurnContext{Entered: true})
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := w; j < len(jobs); j += 2 {
				jb := jobs[j]
				lists[jb.n][jb.ri] = starter.LegalKeeps(s.rolls[jb.n][jb.ri].Pips())
			}
		}()
	}
	wg.Wait()
	for n := 1; n <= s.g.dice; n++ {
		s.keeps[ctxKey{n: int8(n)}] = lists[n]
	}
}

// explorer walks the state graph of a solver as newSolver builds it.
type explorer struct {
	s       *Solver
	r       *validate.Rules
	probs   [7][]float64
	effects map[ctxKey]*effectSet
	// repOf are engine turns standing in each state, to ask the engine
	// for the keeps of a pass whose combinations can be doubled (ergaenzen).
	repOf map[int32]*validate.FamilyTurn
}

// explore adds the throws of state i: the states its keeps lead to (new
// ones are explored later) and its throws with their outcomes.
func (x *explorer) explore(i int32) error {
	s := x.s
	st := s.states[i]
	n := s.g.cup(st)
	key := s.ctxOf(st)
	ks, ok := s.keeps[key]
	if !ok {
		ks = s.keepLists(x.r, s.reps[key], n)
		s.keeps[key] = ks
	}
	es := x.effects[key]
	if es == nil {
		es = s.g.effects(ks, s.rolls[n])
		x.effects[key] = es
	}
	succ, err := x.successors(i, es)
	if err != nil {
		return err
	}
	s.addThrows(n, es, succ, x.probs[n])
	s.throwsOf = append(s.throwsOf, int32(len(s.throws)))
	return nil
}

// successors is the state after each effect of es from state i, worked out
// once for all throws.
func (x *explorer) successors(i int32, es *effectSet) ([]int32, error) {
	s, g := x.s, x.s.g
	st := s.states[i]
	succ := make([]int32, len(es.keeps))
	for e, k := range es.keeps {
		st2, pts := g.next(st, k)
		if pts <= 0 || pts%step != 0 {
			return nil, fmt.Errorf("keep %v of %v is worth %d, not a positive multiple of %d", k.Dice, es.rolls[e], pts, step)
		}
		j, isNew := s.intern(st2)
		succ[e] = j
		s.maxPts = max(s.maxPts, pts)
		if isNew && g.ergaenzen {
			rep := x.repOf[i].Clone()
			if err := rep.Throw(validate.Throw{Roll: es.rolls[e].Pips(), Keep: k.Dice, FivesAsOnes: k.FivesAsOnes}); err != nil {
				return nil, fmt.Errorf("engine refused its own keep %v of %v: %w", k.Dice, es.rolls[e], err)
			}
			x.repOf[j] = rep
			if k2 := s.ctxOf(st2); !g.fresh(st2) && s.reps[k2] == nil && k2.combos != ([7]int32{}) {
				s.reps[k2] = rep
			}
		}
	}
	return succ, nil
}

// addThrows adds the throws of n dice from a state whose effects es lead
// to succ. Throws with the same outcomes are one throw with their chances
// added up (a bust included).
func (s *Solver) addThrows(n int, es *effectSet, succ []int32, probs []float64) {
	same := map[string]int32{}
	base := int32(len(s.throws))
	for ri := range s.rolls[n] {
		lo := int32(len(s.outcomes))
		for _, e := range es.byRoll[ri] {
			s.addOutcome(lo, outcome{pts: int32(es.keeps[e].Points), to: succ[e]})
		}
		outs := s.outcomes[lo:]
		slices.SortFunc(outs, func(a, b outcome) int {
			if a.to != b.to {
				return int(a.to - b.to)
			}
			return int(a.pts - b.pts)
		})
		sig := outcomeKey(outs)
		if k, ok := same[sig]; ok {
			s.throws[base+k].p += probs[ri]
			s.outcomes = s.outcomes[:lo]
			continue
		}
		same[sig] = int32(len(s.throws)) - base
		s.throws = append(s.throws, throwOf{p: probs[ri], lo: lo, hi: int32(len(s.outcomes))})
	}
}

// addOutcome adds o to the outcomes of a throw (from lo). A state's value
// never falls with more points (of the same phase), so of two keeps
// leading to one state only the one worth more counts.
func (s *Solver) addOutcome(lo int32, o outcome) {
	for x := lo; x < int32(len(s.outcomes)); x++ {
		if p := &s.outcomes[x]; p.to == o.to && s.phase(int(p.pts)) == s.phase(int(o.pts)) {
			p.pts = max(p.pts, o.pts)
			return
		}
	}
	s.outcomes = append(s.outcomes, o)
}

// keepLists asks the engine for the legal keeps of every throw of n dice,
// in a fresh pass (rep nil) or in rep's pass, on two cores (asking the
// engine only reads).
func (s *Solver) keepLists(r *validate.Rules, rep *validate.FamilyTurn, n int) [][]validate.Keep {
	ks := make([][]validate.Keep, len(s.rolls[n]))
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ri := w; ri < len(ks); ri += 2 {
				if rep != nil {
					ks[ri] = rep.LegalKeeps(s.rolls[n][ri].Pips())
				} else {
					ks[ri] = r.LegalKeeps(s.rolls[n][ri].Pips())
				}
			}
		}()
	}
	wg.Wait()
	return ks
}

// effectSet is the keeps of every throw in one context grouped by what
// they do to any state (see next): the same dice count, points and reading
// flags (and with ergaenzen the doubled and kept combinations).
type effectSet struct {
	keeps  []validate.Keep   // one keep per effect
	rolls  []validate.Counts // a throw that allows it
	byRoll [][]int32         // per throw, its effects
}

func (g *game) effects(ks [][]validate.Keep, rolls []validate.Counts) *effectSet {
	type effect struct {
		n, pts                   int
		proves, ofAKind, confirm bool
		doubled, values          [7]int
	}
	es := &effectSet{byRoll: make([][]int32, len(ks))}
	ids := map[effect]int32{}
	for ri, list := range ks {
		for _, k := range list {
			e := effect{n: len(k.Dice), pts: k.Points, proves: k.Reading.Proves, ofAKind: k.Reading.OfAKind, confirm: k.Reading.Confirm}
			if g.ergaenzen {
				e.doubled, e.values = k.Doubled, k.Reading.OfAKindValue
			}
			id, ok := ids[e]
			if !ok {
				id = int32(len(es.keeps))
				ids[e] = id
				es.keeps = append(es.keeps, k)
				es.rolls = append(es.rolls, rolls[ri])
			}
			if !slices.Contains(es.byRoll[ri], id) {
				es.byRoll[ri] = append(es.byRoll[ri], id)
			}
		}
	}
	return es
}

func (s *Solver) intern(st state) (int32, bool) {
	if i, ok := s.index[st]; ok {
		return i, false
	}
	i := int32(len(s.states))
	s.states = append(s.states, st)
	s.index[st] = i
	return i, true
}

// ctxOf is the keep context of a state's next throw.
func (s *Solver) ctxOf(st state) ctxKey {
	k := ctxKey{n: int8(s.g.cup(st))}
	if s.g.ergaenzen && !s.g.fresh(st) {
		k.combos = st.combos
	}
	return k
}

// phase of t for the lines.
func (s *Solver) phase(t int) int { return (t / step) % s.g.period() }

// huge is turn points far above any floor, of phase 0.
const huge = 1_000_000_000_000

// lineStop reports whether a stop is allowed at s for high points of phase ph.
func (s *Solver) lineStop(st state, ph int) bool {
	return s.g.canStop(st, huge+ph*step, 0)
}

// better orders two lines a·T+b for T → ∞: the higher slope, then the
// higher intercept. Slopes within slopeTol are taken as equal (they are
// chances computed in floating point).
func better(a1, b1, a2, b2 float64) bool {
	if math.Abs(a1-a2) > slopeTol {
		return a1 > a2
	}
	return b1 > b2
}

const slopeTol = 1e-12

// solveLines finds, for turn points so high that stopping whenever allowed
// is best, each state's value as a line a·T+b (a: the chance to reach a
// stop, b: the points expected to be added on the way), and the least B
// from which on those lines are the exact values (see docs/COACH.md).
func (s *Solver) solveLines() error {
	ns := len(s.states)
	per := s.g.period()
	for ph := 0; ph < per; ph++ {
		s.va[ph], s.vb[ph] = make([]float64, ns), make([]float64, ns)
		for i, st := range s.states {
			if s.lineStop(st, ph) {
				s.va[ph][i] = 1
			}
		}
	}
	// Value iteration on the forced states (Gauss–Seidel); each throw busts
	// with a positive chance, so it converges geometrically.
	for iter := 0; ; iter++ {
		if iter > 100000 {
			return fmt.Errorf("the high-points lines of %s do not converge", s.g.id)
		}
		change := 0.0
		for ph := 0; ph < per; ph++ {
			for i, st := range s.states {
				if s.lineStop(st, ph) || st.aside == 0 {
					continue // stops (or is the turn's start, with no points)
				}
				qa, qb := s.qLine(int32(i), ph)
				change = max(change, math.Abs(qa-s.va[ph][i]), math.Abs(qb-s.vb[ph][i])/1e4)
				s.va[ph][i], s.vb[ph][i] = qa, qb
			}
		}
		if change < 1e-15 {
			break
		}
	}
	// The least B on the 100-point grid from which the lines hold: they hold
	// from every B above one where they hold.
	lo, hi := 0, 1000
	for !s.linesHold(hi) {
		lo, hi = hi, hi*2
		if hi > 1<<22 {
			return fmt.Errorf("no bound found for %s", s.g.id)
		}
	}
	for hi-lo > 100 {
		mid := (lo + hi) / 2 / 100 * 100
		if s.linesHold(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	s.minBound = hi
	s.buildFast()
	return nil
}

// qLine is the line of throwing on from state i at phase ph, every keep
// chosen by better.
func (s *Solver) qLine(i int32, ph int) (float64, float64) {
	per := s.g.period()
	var qa, qb float64
	for _, th := range s.throws[s.throwsOf[i]:s.throwsOf[i+1]] {
		if th.lo == th.hi {
			qb += float64(th.p * float64(s.g.bust(s.states[i])))
			continue
		}
		ba, bb := math.Inf(-1), 0.0
		for _, o := range s.outcomes[th.lo:th.hi] {
			ph2 := (ph + int(o.pts)/step) % per
			a := s.va[ph2][o.to]
			b := float64(a*float64(o.pts)) + s.vb[ph2][o.to]
			if better(a, b, ba, bb) {
				ba, bb = a, b
			}
		}
		qa += float64(th.p * ba)
		qb += float64(th.p * bb)
	}
	return qa, qb
}

// linesHold checks the Bellman equation of the lines at every T ≥ b in
// the states where no stop is allowed: in each throw the keep that better
// chooses is worth at least every other at T = b (and b+50), so at every
// higher T too, its slope being the highest. (Where a stop is allowed, the
// table checks that stopping is best; see newTable.)
func (s *Solver) linesHold(b int) bool {
	const tol = 1e-7
	per := s.g.period()
	for d := 0; d < per; d++ {
		t := b + d*step
		ph := s.phase(t)
		for i, st := range s.states {
			if s.lineStop(st, ph) || st.aside == 0 {
				continue
			}
			for _, th := range s.throws[s.throwsOf[i]:s.throwsOf[i+1]] {
				if th.lo == th.hi {
					continue
				}
				ba, bb := math.Inf(-1), 0.0
				best := 0.0
				for _, o := range s.outcomes[th.lo:th.hi] {
					ph2 := (ph + int(o.pts)/step) % per
					a := s.va[ph2][o.to]
					bv := float64(a*float64(o.pts)) + s.vb[ph2][o.to]
					if better(a, bv, ba, bb) {
						ba, bb = a, bv
						best = float64(a*float64(t)) + bv
					}
				}
				for _, o := range s.outcomes[th.lo:th.hi] {
					ph2 := (ph + int(o.pts)/step) % per
					v := float64(s.va[ph2][o.to]*float64(t+int(o.pts))) + s.vb[ph2][o.to]
					if v > best+tol {
						return false
					}
				}
			}
		}
	}
	return true
}

// vLine is the value of state i at t ≥ B.
func (s *Solver) vLine(i int32, t int) float64 {
	ph := s.phase(t)
	return float64(s.va[ph][i]*float64(t)) + s.vb[ph][i]
}

// fastRoll is a throw from a state without a stop, for turn points where
// every state with a stop stops: the best keep leading to a stop (its
// points, or -1) and the keeps leading to states without one.
type fastRoll struct {
	p      float64
	stop   int32
	lo, hi int32 // fastOuts[lo:hi]
}

// fastState sums up the throws of a state without a stop whose keeps all
// lead to a stop: they are worth a·T + c together.
type fastState struct {
	a, c   float64
	lo, hi int32 // fastRolls[lo:hi]
}

// buildFast prepares the throws of the states without a stop at phase ph.
func (s *Solver) buildFast() {
	per := s.g.period()
	// The states without a stop at high points in some phase, numbered.
	s.fidx = make([]int32, len(s.states))
	for i, st := range s.states {
		s.fidx[i] = -1
		for ph := 0; ph < per; ph++ {
			if !s.lineStop(st, ph) && st.aside != 0 && s.fidx[i] < 0 {
				s.fidx[i] = int32(s.nf)
				s.nf++
			}
		}
	}
	for ph := 0; ph < per; ph++ {
		for i, st := range s.states {
			if s.fidx[i] >= 0 && s.lineStop(st, ph) {
				s.stopsF[ph] = append(s.stopsF[ph], s.fidx[i])
			}
			if s.lineStop(st, ph) || st.aside == 0 {
				continue
			}
			s.forced[ph] = append(s.forced[ph], int32(i))
			fs := fastState{lo: int32(len(s.fastRolls[ph]))}
			same := map[string]int32{} // throws alike here are one, their chances added
			for _, th := range s.throws[s.throwsOf[i]:s.throwsOf[i+1]] {
				if th.lo == th.hi {
					fs.c += float64(th.p * float64(s.g.bust(st)))
					continue
				}
				fr := fastRoll{p: th.p, stop: -1, lo: int32(len(s.fastOuts[ph]))}
				for _, o := range s.outcomes[th.lo:th.hi] {
					if s.lineStop(s.states[o.to], (ph+int(o.pts)/step)%per) {
						fr.stop = max(fr.stop, o.pts)
					} else {
						s.fastOuts[ph] = append(s.fastOuts[ph], o.pts/step*int32(s.nf)+s.fidx[o.to])
					}
				}
				fr.hi = int32(len(s.fastOuts[ph]))
				if fr.lo == fr.hi {
					fs.a += th.p
					fs.c += float64(th.p * float64(fr.stop))
					continue
				}
				key := offsKey(fr.stop, s.fastOuts[ph][fr.lo:fr.hi])
				if k, ok := same[key]; ok {
					s.fastRolls[ph][k].p += fr.p
					s.fastOuts[ph] = s.fastOuts[ph][:fr.lo]
					continue
				}
				same[key] = int32(len(s.fastRolls[ph]))
				s.fastRolls[ph] = append(s.fastRolls[ph], fr)
			}
			fs.hi = int32(len(s.fastRolls[ph]))
			s.fast[ph] = append(s.fast[ph], fs)
		}
		s.fastSkip[ph] = make([]int32, len(s.fastOuts[ph]))
		for j := range s.fastSkip[ph] {
			s.fastSkip[ph][j] = math.MaxInt32
		}
	}
	if per == 1 {
		s.skipDominated()
	}
}

// skipDominated finds, for each keep of a throw from a state without a
// stop that could also stop, the level from which on stopping beats it at
// every level (fastSkip), so that fastLevel need not look it up there.
//
// With every allowed stop taken (the fast levels), the value of a state f
// is the best of the lines a·T + b of the ways to play on, each with
// a ≤ α(f) and b ≤ β(f) for any α, β that satisfy with ≥ the recursions of
// the steepest slope and of the most points added (a keep of o points to
// f' adds at most α(f')·o + β(f')): a super-solution of a monotone
// contraction bounds every way's a and b. Both are checked as such.
// So a keep of o points to f is worth at most α(f)·(T+o) + β(f), which the
// stop's T + s beats from T = (α(f)·o + β(f) − s)/(1 − α(f)) on. Taking
// the maximum without keeps that the stop beats changes no value: the
// golden tables pin every bit.
func (s *Solver) skipDominated() {
	alpha, ok := s.slopeBounds()
	if !ok {
		return // not a super-solution: no keep is skipped
	}
	beta, ok := s.pointBounds(alpha)
	if !ok {
		return
	}
	outs, skip := s.fastOuts[0], s.fastSkip[0]
	nf := int32(s.nf)
	for _, fr := range s.fastRolls[0] {
		if fr.stop < 0 {
			continue
		}
		for j := fr.lo; j < fr.hi; j++ {
			off := outs[j]
			fi, o := off%nf, float64(off/nf*step)
			a := alpha[fi]
			if a >= 1 {
				continue
			}
			x := (float64(a*o) + beta[fi] - float64(fr.stop)) / (1 - a)
			if lv := math.Floor(x/step) + 2; lv < math.MaxInt32/2 {
				skip[j] = int32(max(lv, 0))
			}
		}
		s.sortBySkip(fr)
	}
}

// slopeBounds is α: the lines' slopes with a margin, checked to be a
// super-solution of the slope recursion (ok false when they are not).
func (s *Solver) slopeBounds() (alpha []float64, ok bool) {
	alpha = make([]float64, s.nf)
	for _, i := range s.forced[0] {
		alpha[s.fidx[i]] = s.va[0][i]
	}
	for fi := range alpha {
		alpha[fi] = min(1, alpha[fi]+1e-9)
	}
	for k, i := range s.forced[0] {
		if alpha[s.fidx[i]] < s.boundRHS(k, true, alpha, alpha) {
			return nil, false
		}
	}
	return alpha, true
}

// pointBounds is β for slopes alpha: the recursion of the points added
// iterated to its fixed point, with a margin, checked to be a
// super-solution (ok false when it is not, or does not settle).
func (s *Solver) pointBounds(alpha []float64) (beta []float64, ok bool) {
	beta = make([]float64, s.nf)
	for sweep := 0; ; sweep++ {
		if sweep > 10000 {
			return nil, false
		}
		change := 0.0
		for k, i := range s.forced[0] {
			fi := s.fidx[i]
			v := s.boundRHS(k, false, alpha, beta)
			change = max(change, math.Abs(v-beta[fi]))
			beta[fi] = v
		}
		if change < 1e-9 {
			break
		}
	}
	for fi := range beta {
		beta[fi] = float64(beta[fi]*(1+1e-6)) + 1
	}
	for k, i := range s.forced[0] {
		if beta[s.fidx[i]] < s.boundRHS(k, false, alpha, beta) {
			return nil, false
		}
	}
	return beta, true
}

// boundRHS is the recursion's right side at state k of forced[0] for a
// (slope: the slope's, from x = α) or b (the points added, from x = β
// with slopes alpha).
func (s *Solver) boundRHS(k int, slope bool, alpha, x []float64) float64 {
	nf := int32(s.nf)
	outs := s.fastOuts[0]
	fs := s.fast[0][k]
	sum := fs.c
	if slope {
		sum = fs.a
	}
	for _, fr := range s.fastRolls[0][fs.lo:fs.hi] {
		best := math.Inf(-1)
		if fr.stop >= 0 {
			best = float64(fr.stop)
			if slope {
				best = 1
			}
		}
		for _, off := range outs[fr.lo:fr.hi] {
			fi := off % nf
			v := x[fi]
			if !slope {
				v += float64(alpha[fi] * float64(off/nf*step)) // a·o ≤ α·o
			}
			best = max(best, v)
		}
		sum += float64(fr.p * best)
	}
	return sum
}

// sortBySkip orders the keeps of throw fr so that those that stay longest
// come first: a level looks up keeps until the first one skipped.
func (s *Solver) sortBySkip(fr fastRoll) {
	outs, skip := s.fastOuts[0], s.fastSkip[0]
	idx := make([]int32, fr.hi-fr.lo)
	for j := range idx {
		idx[j] = fr.lo + int32(j)
	}
	slices.SortStableFunc(idx, func(a, b int32) int { return int(skip[b]) - int(skip[a]) })
	o2, s2 := make([]int32, len(idx)), make([]int32, len(idx))
	for j, x := range idx {
		o2[j], s2[j] = outs[x], skip[x]
	}
	copy(outs[fr.lo:fr.hi], o2)
	copy(skip[fr.lo:fr.hi], s2)
}

// Table holds the values of every state of a turn for every turn points
// below its bound, for one rule set and one stop floor. Immutable; safe to
// share.
type Table struct {
	s     *Solver
	floor int
	bound int // from here on the solver's lines hold
	// From stopAll on, every state with a stop allowed stops (checked).
	stopAll int
	// fastFrom: from here up to the bound, the values of the states without
	// a stop are in fv (the others are worth their points); below it in v.
	// It is stopAll once the table is built.
	fastFrom int
	// By [level*len(states)+state], below stopAll (v: and up to the
	// largest keep above it, for the look-ups of the levels below): v the
	// best of stopping and throwing on, q throwing on.
	q, v []float64
	// By [level*s.nf+s.fidx[state]]: from fastFrom up to the bound (and
	// the largest keep above it, from the lines) the values of the states
	// that may have no stop allowed at high points.
	fv []float64
}

// newTable computes the values by backward induction over the turn points,
// from the bound down. Between the bound and stopAll only the states without
// a stop need computing: the others are worth their points. stopAll is
// found on the way: where stopping beats throwing on in every state with a
// stop at T, it does at every higher T too (docs/COACH.md).
func (s *Solver) newTable(floor int) *Table { return s.tableWith(floor, s.minBound, true) }

// tableWith builds a table whose lines start at minBound or above; without
// fast, every level is computed with every keep (for tests).
func (s *Solver) tableWith(floor, minBound int, fast bool) *Table {
	bound := max(minBound, (floor+99)/100*100)
	t := &Table{s: s, floor: floor}
	// Stopping must be best wherever allowed at the bound; else move it up.
	for {
		t.bound, t.stopAll, t.fastFrom = bound, bound, bound
		if t.stopsBestAt(bound) {
			break
		}
		bound += 1000
	}
	levels := bound / step
	lowest := levels // the lowest level computed fast
	if fast {
		lowest = t.fastLevels(levels)
	}
	t.findStopAll(lowest)
	t.fullLevels()
	return t
}

// fastLevels computes the fast levels from the bound (levels) down as far
// as every state with a stop allowed stops, and returns the lowest level
// computed. Where stopping beats throwing on at a level, it does at every
// level above: it checks every 100 levels (findStopAll halves the last gap).
func (t *Table) fastLevels(levels int) (lowest int) {
	s := t.s
	lowest = levels
	if nf, above := s.nf, s.maxPts/step+1; nf > 0 {
		// Rows above the bound hold the lines' values, so that a keep's
		// value is one look-up.
		t.fv = make([]float64, (levels+above)*nf)
		for lv := levels; lv < levels+above; lv++ {
			for i, fi := range s.fidx {
				if fi >= 0 {
					t.fv[lv*nf+int(fi)] = t.value(int32(i), lv*step)
				}
			}
		}
	}
	const every = 100
	for lv := levels - 1; lv >= 0; lv-- {
		pts := lv * step
		if pts < t.floor+2*step {
			break
		}
		t.fastLevel(lv)
		lowest = lv
		t.fastFrom = pts
		if lv%every == 0 {
			if !t.stopsBestAt(pts) {
				break
			}
			t.stopAll = pts
		}
	}
	return lowest
}

// findStopAll narrows stopAll down to the lowest fast level computed: the
// levels down to it hold the values that a stop in every state with one
// allowed gives, which is all a check needs.
func (t *Table) findStopAll(lowest int) {
	lo, hi := lowest, t.stopAll/step
	if lo >= hi {
		return
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if t.stopsBestAt(mid * step) {
			hi = mid
		} else {
			lo = mid
		}
	}
	if t.stopsBestAt(lo * step) {
		hi = lo
	}
	t.stopAll = hi * step
}

// fullLevels computes every state and every keep below stopAll, from the
// rows from stopAll up to the largest keep above it (for the look-ups of
// the levels below).
func (t *Table) fullLevels() {
	s := t.s
	ns := len(s.states)
	nan := math.NaN()
	top := t.stopAll/step + s.maxPts/step + 1
	t.v = make([]float64, top*ns)
	for lv := t.stopAll / step; lv < top; lv++ {
		for i, st := range s.states {
			if st.aside == 0 {
				t.v[lv*ns+i] = nan
			} else {
				t.v[lv*ns+i] = t.value(int32(i), lv*step)
			}
		}
	}
	t.fastFrom = t.stopAll
	t.q = make([]float64, t.stopAll/step*ns)
	for lv := t.stopAll/step - 1; lv >= 0; lv-- {
		t.fullLevel(lv)
	}
}

// fastLevel computes level lv where every state with a stop stops: the
// states without one, into fv.
func (t *Table) fastLevel(lv int) {
	s := t.s
	nf := s.nf
	pts := lv * step
	ph := s.phase(pts)
	row := lv * nf
	fv := t.fv[row : row+nf]
	for _, fi := range s.stopsF[ph] {
		fv[fi] = float64(pts)
	}
	above := t.fv[row:] // the values a keep leads to, by offset
	rolls, outs, skip := s.fastRolls[ph], s.fastOuts[ph], s.fastSkip[ph]
	for k, i := range s.forced[ph] {
		fs := &s.fast[ph][k]
		sum := float64(fs.a*float64(pts)) + fs.c
		for _, fr := range rolls[fs.lo:fs.hi] {
			best := math.Inf(-1)
			if fr.stop >= 0 {
				best = float64(pts + int(fr.stop))
			}
			for j := fr.lo; j < fr.hi && skip[j] > int32(lv); j++ {
				if x := above[outs[j]]; x > best {
					best = x
				}
			}
			sum += float64(fr.p * best)
		}
		fv[s.fidx[i]] = sum
	}
}

// fullLevel computes level lv with every keep of every state.
func (t *Table) fullLevel(lv int) {
	s := t.s
	ns := len(s.states)
	pts := lv * step
	row := lv * ns
	for i := range ns {
		if lv > 0 && s.states[i].aside == 0 {
			t.v[row+i], t.q[row+i] = math.NaN(), math.NaN() // the turn's start has no points
			continue
		}
		q := t.throwAtLevel(int32(i), lv)
		t.q[row+i] = q
		if s.g.canStop(s.states[i], pts, t.floor) {
			q = max(q, float64(pts))
		}
		t.v[row+i] = q
	}
}

// throwAt computes the value of throwing on from state i at pts from the
// values above.
func (t *Table) throwAt(i int32, pts int) float64 {
	s := t.s
	q := 0.0
	for _, th := range s.throws[s.throwsOf[i]:s.throwsOf[i+1]] {
		if th.lo == th.hi {
			q += float64(th.p * float64(s.g.bust(s.states[i])))
			continue
		}
		best := math.Inf(-1)
		for _, o := range s.outcomes[th.lo:th.hi] {
			best = max(best, t.value(o.to, pts+int(o.pts)))
		}
		q += float64(th.p * best)
	}
	return q
}

// throwAtLevel is throwAt for a level of the table, its rows above filled.
func (t *Table) throwAtLevel(i int32, lv int) float64 {
	s := t.s
	row := lv * len(s.states)
	q := 0.0
	for _, th := range s.throws[s.throwsOf[i]:s.throwsOf[i+1]] {
		if th.lo == th.hi {
			q += float64(th.p * float64(s.g.bust(s.states[i])))
			continue
		}
		best := math.Inf(-1)
		for _, off := range s.offs[th.lo:th.hi] {
			if x := t.v[row+int(off)]; x > best {
				best = x
			}
		}
		q += float64(th.p * best)
	}
	return q
}

// stopsBestAt reports whether at pts (and pts+50) stopping is worth at
// least throwing on in every state where a stop is allowed.
func (t *Table) stopsBestAt(pts int) bool {
	for d := 0; d < t.s.g.period(); d++ {
		for i, st := range t.s.states {
			if t.s.g.canStop(st, pts+d*step, t.floor) && t.throwAt(int32(i), pts+d*step) > float64(pts+d*step)+1e-7 {
				return false
			}
		}
	}
	return true
}

// value is the value of state i with pts turn points: the best of stopping
// (where allowed) and throwing on.
func (t *Table) value(i int32, pts int) float64 {
	s := t.s
	if pts < t.fastFrom {
		if t.v != nil {
			return t.v[(pts/step)*len(s.states)+int(i)]
		}
	} else if pts < t.bound && t.fv != nil {
		st := s.states[i]
		switch {
		case s.g.canStop(st, pts, t.floor):
			return float64(pts)
		case st.aside == 0:
			return math.NaN() // the turn's start has no points
		}
		return t.fv[(pts/step)*s.nf+int(s.fidx[i])]
	}
	if s.g.canStop(s.states[i], pts, t.floor) {
		return float64(pts)
	}
	return s.vLine(i, pts)
}

// throwValue is the value of throwing on from state i with pts turn points.
func (t *Table) throwValue(i int32, pts int) float64 {
	switch {
	case pts < t.stopAll && t.q != nil:
		return t.q[(pts/step)*len(t.s.states)+int(i)]
	case pts < t.bound && !t.s.g.canStop(t.s.states[i], pts, t.floor):
		return t.value(i, pts)
	}
	return t.throwAt(i, pts)
}

// outcomeKey and offsKey name a list of outcomes (offsets) as a map key.
func outcomeKey(outs []outcome) string {
	b := make([]byte, 0, 8*len(outs))
	for _, o := range outs {
		b = binary.LittleEndian.AppendUint32(b, uint32(o.pts))
		b = binary.LittleEndian.AppendUint32(b, uint32(o.to))
	}
	return string(b)
}

func offsKey(stop int32, offs []int32) string {
	b := binary.LittleEndian.AppendUint32(make([]byte, 0, 4+4*len(offs)), uint32(stop))
	for _, o := range offs {
		b = binary.LittleEndian.AppendUint32(b, uint32(o))
	}
	return string(b)
}

// multisets lists every multiset of n dice.
func multisets(n int) []validate.Counts {
	var out []validate.Counts
	var c validate.Counts
	var walk func(f, left int)
	walk = func(f, left int) {
		if f == 6 {
			c[6] = left
			out = append(out, c)
			return
		}
		for k := 0; k <= left; k++ {
			c[f] = k
			walk(f+1, left-k)
		}
		c[f] = 0
	}
	walk(1, n)
	return out
}

// ways is how many ordered throws show the multiset c.
func ways(c validate.Counts) int {
	fact := [7]int{1, 1, 2, 6, 24, 120, 720}
	w := fact[c.N()]
	for f := 1; f <= 6; f++ {
		w /= fact[c[f]]
	}
	return w
}
