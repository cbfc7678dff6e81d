package family

import (
	"errors"
	"fmt"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Step is the grid of turn points: every keep is worth a multiple of it.
const Step = step

// Graph is a turn's state graph, read-only, for solvers that value the end
// of a turn by something other than its points (coach/win: the chance to
// win the game). Its states are the Solver's (state 0 is the turn's start);
// a table of values by turn points and state has a row of States values
// per Step points, and outcome j of a throw, taken at the row of the turn
// points before it, lands Offs[j] values further on.
//
// Of two keeps of one throw that lead to the same state (with the same
// phase of the turn points) only the one worth more points is listed: a
// solver using the graph must value more turn points at least as high.
type Graph struct {
	States   int
	ThrowsOf []int32     // the throws of state s: Throws[ThrowsOf[s]:ThrowsOf[s+1]]
	Throws   []ThrowEdge // chance and outcomes Offs[Lo:Hi] (none: a bust)
	Offs     []int32     // Pts[j]/Step*States + To[j]
	Pts, To  []int32     // outcome j: the points it adds and the state it leads to
	MaxPts   int         // the most points one keep adds
	Period   int         // 5000: 2 (no stop on a 50), else 1
	// Reach[ph][s] is the highest chance, for turn points far above any
	// floor of phase ph (T/Step mod Period), of reaching an allowed stop
	// from state s (1 where a stop is allowed there).
	Reach [2][]float64
}

// ThrowEdge is one throw of a state (throws with the same outcomes are
// one): its chance and its outcomes.
type ThrowEdge struct {
	P      float64
	Lo, Hi int32
}

// Graph is the solver's state graph (shared, not to be changed).
func (s *Solver) Graph() *Graph {
	g := &Graph{States: len(s.states), ThrowsOf: s.throwsOf, Offs: s.offs, MaxPts: s.maxPts, Period: s.g.period()}
	g.Throws = make([]ThrowEdge, len(s.throws))
	for i, th := range s.throws {
		g.Throws[i] = ThrowEdge{P: th.p, Lo: th.lo, Hi: th.hi}
	}
	g.Pts, g.To = make([]int32, len(s.outcomes)), make([]int32, len(s.outcomes))
	for j, o := range s.outcomes {
		g.Pts[j], g.To[j] = o.pts, o.to
	}
	for ph := 0; ph < g.Period; ph++ {
		g.Reach[ph] = s.va[ph]
	}
	return g
}

// CanStop reports whether the rules allow a stop in state st with pts turn
// points, where floor is the least turn points a stop needs (Floor).
func (s *Solver) CanStop(st int32, pts, floor int) bool {
	return s.g.canStop(s.states[st], pts, floor)
}

// Floor is the least turn points a stop needs in the turn context ctx
// (5000's entry, verschaerft's 350, steigerung's previous result).
func (s *Solver) Floor(ctx validate.TurnContext) int { return s.g.floor(ctx) }

// BustBanks is what a bust in state st banks (minus: −1000 and nix: +1000
// on the turn's first throw, else 0).
func (s *Solver) BustBanks(st int32) int { return s.g.bust(s.states[st]) }

// Fresh reports whether st is the turn's start (no throw yet).
func (s *Solver) Fresh(st int32) bool { return s.states[st].aside == 0 }

// State is the position's state in the solver's graph.
func (p Position) State() int32 { return p.st }

// Voided reports whether the last throw was void (hausbau): no stop now.
func (p Position) Voided() bool { return p.void }

// Floor is the least turn points a stop needs in this table's context.
func (t *Table) Floor() int { return t.floor }

// Solver is the table's solver.
func (t *Table) Solver() *Solver { return t.s }

// LegalKeeps lists the legal keeps of roll (the dice of the next throw) in
// the engine's order; a bust gives none.
func (p Position) LegalKeeps(roll []int) ([]validate.Keep, error) {
	if p.over {
		return nil, errors.New("the turn is over")
	}
	s := p.t.s
	n := p.Dice()
	if len(roll) != n {
		return nil, fmt.Errorf("the next throw has %d dice, not %d", n, len(roll))
	}
	if _, ok := s.rollKey[n][validate.CountsOf(roll)]; !ok {
		return nil, fmt.Errorf("%v are not dice", roll)
	}
	if rep := s.reps[s.ctxOf(s.states[p.st])]; rep != nil {
		return rep.LegalKeeps(roll), nil
	}
	return s.g.rules.LegalKeeps(roll), nil
}

// Table is the table the position belongs to.
func (p Position) Table() *Table { return p.t }

// Dominates reports whether state a is worth at least as much as state b
// at the same turn points for any values of a turn's ends that do not fall
// with more points: the same dice aside (and ergaenzen's combinations), and
// nothing a can still do that b could not (5050's pass points at least b's,
// no proof, confirmation or 1500 pending that b has not). Every keep keeps
// that order, and a stop allowed in b is allowed in a.
func (s *Solver) Dominates(a, b int32) bool {
	x, y := s.states[a], s.states[b]
	return x.aside == y.aside && x.combos == y.combos && x.pass >= y.pass &&
		(!x.proof || y.proof) && (!x.confirm || y.confirm) && (!x.c1500 || y.c1500)
}
