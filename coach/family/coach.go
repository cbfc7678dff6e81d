package family

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// ErrNotCovered is returned for games the coach does not cover: everything
// but 5050, 5000 and zehntausend (Zehntausend Rückwärts has no stop to
// choose: a turn is one throw).
var ErrNotCovered = errors.New("the coach covers 5050, 5000 and zehntausend")

// Covers reports whether the coach covers the game: a coached game
// (validate.Variant.Coached) of the Zehntausend turn engine.
func Covers(g validate.GameID) bool {
	v := validate.VariantOf(g)
	return v.Family == validate.FamilyZehntausend && v.Coached
}

// The process-wide cache: one solver per rule set, one table per stop floor.
var cache struct {
	sync.Mutex
	solvers map[string]*solverEntry
	byRules sync.Map // *validate.Rules → *Solver, the look-up without a key to build
}

type solverEntry struct {
	once sync.Once
	s    *Solver
	err  error

	mu     sync.Mutex
	tables map[int]*tableEntry
}

type tableEntry struct {
	once sync.Once
	t    *Table
}

// rulesKey names a rule set by what matters for a turn (not the target).
func rulesKey(r *validate.Rules) string {
	o := r.Options
	o.Ziel = 0
	return fmt.Sprintf("%s %+v", r.Game, o)
}

// For returns the solver of r's rule set, built on first use and kept for
// the life of the process.
func For(r *validate.Rules) (*Solver, error) {
	if r == nil {
		return nil, ErrNotCovered
	}
	if s, ok := cache.byRules.Load(r); ok { // rules are immutable: the same pointer, the same solver (of a game covered)
		return s.(*Solver), nil
	}
	if !Covers(r.Game) {
		return nil, ErrNotCovered
	}
	key := rulesKey(r)
	cache.Lock()
	if cache.solvers == nil {
		cache.solvers = map[string]*solverEntry{}
	}
	e := cache.solvers[key]
	if e == nil {
		e = &solverEntry{tables: map[int]*tableEntry{}}
		cache.solvers[key] = e
	}
	cache.Unlock()
	e.once.Do(func() {
		e.s, e.err = newSolver(r)
		if e.s != nil {
			e.s.entry = e
		}
	})
	if e.err == nil {
		cache.byRules.Store(r, e.s)
	}
	return e.s, e.err
}

// Table returns the values of a turn in the given context (5000: entered or
// not; steigerung: the previous result), built on first use and kept.
func (s *Solver) Table(ctx validate.TurnContext) *Table {
	floor := s.g.floor(ctx)
	e := s.entry
	if e == nil { // a solver made outside For: no sharing
		return s.newTable(floor)
	}
	e.mu.Lock()
	te := e.tables[floor]
	if te == nil {
		te = &tableEntry{}
		e.tables[floor] = te
	}
	e.mu.Unlock()
	te.once.Do(func() { te.t = s.newTable(floor) })
	return te.t
}

// Rules are the solver's rule set.
func (s *Solver) Rules() *validate.Rules { return s.g.rules }

// States is the number of states of a turn besides its points.
func (s *Solver) States() int { return len(s.states) }

// Bound is the turn points from which on stopping whenever allowed is best
// (in every state, for every stop floor up to it).
func (s *Solver) Bound() int { return s.minBound }

// Bytes is about how much memory the table takes.
func (t *Table) Bytes() int { return 8 * (len(t.q) + len(t.v) + len(t.fv)) }

// Bound is the turn points up to which the table stores values; above them
// the solver's lines give them.
func (t *Table) Bound() int { return t.bound }

// Start is the position before a turn's first throw.
func (t *Table) Start() Position { return Position{t: t} }

// TurnValue is the expected banked points of a whole turn under best play.
func (t *Table) TurnValue() float64 { return t.Start().ThrowValue() }

// StopAt is the least turn points from which on stopping is best whenever
// n dice are in the cup (n = all dice: after hot dice) with nothing to
// prove, confirm or reach (5050: the pass holds 350; ergaenzen: nothing to
// double in the pass). ok is false where stopping is never allowed there.
func (t *Table) StopAt(n int) (points int, ok bool) {
	g := &t.s.g
	if n < 1 || n > g.dice {
		return 0, false
	}
	st := g.ready(n)
	i, found := t.s.index[st]
	if !found {
		return 0, false
	}
	least := g.stops.PassPoints
	// From stopAll on, stopping is best wherever allowed (the table
	// checked it); walk down.
	found = false
	for pts := min(t.stopAll+step, t.bound+100); pts >= max(least, step); pts -= step {
		if !g.canStop(st, pts, t.floor) {
			continue
		}
		if float64(pts) < t.throwValue(i, pts) {
			break
		}
		points, found = pts, true
	}
	return points, found
}

// Position is a point of a turn: its points and state, as after the
// throws so far. The zero Position is not usable; see Table.Start.
type Position struct {
	t      *Table
	pts    int
	st     int32
	void   bool // the last throw was void (hausbau): no stop now
	voids  int  // void throws in a row
	over   bool
	banked int
}

// Points are the turn's points so far.
func (p Position) Points() int { return p.pts }

// Dice is how many dice the next throw uses.
func (p Position) Dice() int { return p.t.s.g.cup(p.t.s.states[p.st]) }

// Over reports whether the turn has ended (a bust, nix, three void
// throws), and what it banked.
func (p Position) Over() (banked int, over bool) { return p.banked, p.over }

// CanStop reports whether the rules allow a stop now.
func (p Position) CanStop() bool {
	return !p.over && !p.void && p.t.s.g.canStop(p.t.s.states[p.st], p.pts, p.t.floor)
}

// StopValue is what stopping banks now; ok is false where it is not allowed.
func (p Position) StopValue() (points int, ok bool) {
	if !p.CanStop() {
		return 0, false
	}
	return p.pts, true
}

// ThrowValue is the expected banked points of throwing on now and playing
// best from then on: the value before the next throw.
func (p Position) ThrowValue() float64 {
	if p.over {
		return float64(p.banked)
	}
	return p.t.throwValue(p.st, p.pts)
}

// Value is the expected banked points from here under best play: the best
// of stopping (where allowed) and throwing on.
func (p Position) Value() float64 {
	v := p.ThrowValue()
	if s, ok := p.StopValue(); ok {
		v = max(v, float64(s))
	}
	return v
}

// ShouldStop reports whether stopping now is best (allowed, and worth at
// least as much as throwing on).
func (p Position) ShouldStop() bool {
	s, ok := p.StopValue()
	return ok && float64(s) >= p.ThrowValue()
}

// BustChance is the exact chance that the next throw scores nothing.
func (p Position) BustChance() float64 {
	if p.over {
		return 0
	}
	s := p.t.s
	var c float64
	for _, th := range s.throws[s.throwsOf[p.st]:s.throwsOf[p.st+1]] {
		if th.lo == th.hi {
			c += th.p
		}
	}
	return c
}

// After is the position after a scoring throw whose keep the engine
// accepted (validate.FamilyTurn.LastKeep).
func (p Position) After(k validate.Keep) (Position, error) {
	if p.over {
		return p, errors.New("the turn is over")
	}
	s := p.t.s
	st, pts := s.g.next(s.states[p.st], k)
	i, ok := s.index[st]
	if !ok {
		return p, fmt.Errorf("keep %v leads to a state the solver does not know", k.Dice)
	}
	return Position{t: p.t, pts: p.pts + pts, st: i}, nil
}

// AfterVoid is the position after a void throw (hausbau).
func (p Position) AfterVoid() Position {
	p.void = true
	p.voids++
	if p.voids == 3 {
		p.over, p.banked = true, 0
	}
	return p
}

// AfterBust is the position after a throw that scored nothing.
func (p Position) AfterBust() Position {
	p.over, p.banked = true, p.s().g.bust(p.s().states[p.st])
	return p
}

func (p Position) s() *Solver { return p.t.s }

// KeepAdvice is one legal keep of a throw with the value of the turn after it.
type KeepAdvice struct {
	Keep  validate.Keep
	Value float64 // expected banked points after this keep under best play
	Stop  bool    // after this keep, stopping is best
}

// Keeps lists every legal keep of roll (the dice of the next throw) with
// its value, best first (at equal values in the engine's order). A bust
// gives none.
func (p Position) Keeps(roll []int) ([]KeepAdvice, error) {
	ks, err := p.LegalKeeps(roll)
	if err != nil {
		return nil, err
	}
	out := make([]KeepAdvice, 0, len(ks))
	for _, k := range ks {
		q, err := p.After(k)
		if err != nil {
			return nil, err
		}
		out = append(out, KeepAdvice{Keep: k, Value: q.Value(), Stop: q.ShouldStop()})
	}
	slices.SortStableFunc(out, func(a, b KeepAdvice) int {
		switch {
		case a.Value > b.Value:
			return -1
		case a.Value < b.Value:
			return 1
		}
		return 0
	})
	return out, nil
}

// ThrowOutcome is the value right after the throw roll under best play:
// the best keep's value, or what a bust banks. With ThrowValue (the value
// before the throw) it measures the luck of a throw.
func (p Position) ThrowOutcome(roll []int) (float64, error) {
	ks, err := p.Keeps(roll)
	if err != nil {
		return 0, err
	}
	if len(ks) == 0 {
		return float64(p.s().g.bust(p.s().states[p.st])), nil
	}
	return ks[0].Value, nil
}

// Replay plays the throws of a turn so far through a fresh engine turn in
// ctx and follows them. On a throw the engine refuses it returns the
// refusal and the index of that throw; the position is the one before it.
func (t *Table) Replay(ctx validate.TurnContext, throws []validate.Throw) (Position, *validate.FamilyTurn, int, error) {
	ft := t.s.g.rules.NewFamilyTurn(ctx)
	p := t.Start()
	for i, th := range throws {
		if err := ft.Throw(th); err != nil {
			return p, ft, i, err
		}
		switch ft.End() {
		case validate.Running:
			if th.Void {
				p = p.AfterVoid()
				continue
			}
			q, err := p.After(ft.LastKeep)
			if err != nil {
				return p, ft, i, err
			}
			p = q
		case validate.Voided:
			p = p.AfterVoid()
		default: // a bust or nix
			p = p.AfterBust()
			p.banked = ft.Result()
		}
	}
	return p, ft, -1, nil
}
