package win

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// ErrNotCovered is returned for games without a win solver (all but 5050,
// 5000 and zehntausend).
var ErrNotCovered = errors.New("the win solver covers 5050, 5000 and zehntausend")

// MaxZiel is the largest target the two-player table is built for: its
// work grows with the cube of the target (10,000: seconds).
const MaxZiel = 20000

// MaxMinusZiel is the largest target with minus: its totals below 0 and
// its sweeps make the table dearer (ziel 1000: 10 s of CPU, 2000: about 25).
const MaxMinusZiel = 2000

// minusDepth is how far below 0 the table follows a total with minus;
// lower totals are counted as this one.
const minusDepth = 2000

// Unsupported says why a rule set has no win table (the state space is too
// large): the caller falls back to the turn's points.
type Unsupported struct{ EN, DE string }

func (u *Unsupported) Error() string { return u.EN }

// Text is the reason in German (de) or English.
func (u *Unsupported) Text(de bool) string {
	if de {
		return u.DE
	}
	return u.EN
}

// Solver is the win solver of one rule set: its table is built on first
// use (Table) and kept.
type Solver struct {
	rules  *validate.Rules
	fs     *family.Solver
	tg     *turnGraph
	tgOnce sync.Once
	exact  bool
	note   string // what is not exact

	once   sync.Once
	table  *Table
	err    error
	ready  atomic.Pointer[Table]
	dir    string // the cache directory, when dirSet
	dirSet bool
}

var solvers sync.Map // rules key → *Solver

// For returns the win solver of r's rule set (shared by the process). For a
// rule set whose state space is too large it returns an *Unsupported.
func For(r *validate.Rules) (*Solver, error) {
	if r == nil || !family.Covers(r.Game) {
		return nil, ErrNotCovered
	}
	if err := supported(r); err != nil {
		return nil, err
	}
	key := rulesKey(r)
	if s, ok := solvers.Load(key); ok {
		return s.(*Solver), nil
	}
	s, err := New(r)
	if err != nil {
		return nil, err
	}
	got, _ := solvers.LoadOrStore(key, s)
	return got.(*Solver), nil
}

// New is a solver of its own for r, not shared with For's (tests, and a
// caller that wants its own cache directory: SetDir).
func New(r *validate.Rules) (*Solver, error) {
	if r == nil || !family.Covers(r.Game) {
		return nil, ErrNotCovered
	}
	if err := supported(r); err != nil {
		return nil, err
	}
	fs, err := family.For(r)
	if err != nil {
		return nil, err
	}
	s := &Solver{rules: r, fs: fs, exact: true}
	if r.Options.Minus {
		s.exact = false
		s.note = fmt.Sprintf("minus: totals below −%d are counted as −%d", minusDepth, minusDepth)
	}
	return s, nil
}

// supported says why r has no win table: a stop above the previous result
// (the game's stop rules, validate.Stops) or minus with a high target (house
// rules of zehntausend only: false, or 0, in the other games).
func supported(r *validate.Rules) error {
	if r.Variant().Stops.AbovePrevious {
		return &Unsupported{
			EN: "steigerung: a stop depends on the turn before, so the chance to win would need every previous result in its state; the coach shows the turn's points",
			DE: "Steigerung: ob geschrieben werden darf, hängt vom Zug davor ab, die Gewinnchance bräuchte jedes Ergebnis davor im Zustand; der Trainer zeigt die Punkte des Zugs",
		}
	}
	if r.Options.Minus && r.Options.Ziel > MaxMinusZiel {
		return &Unsupported{
			EN: fmt.Sprintf("minus with ziel %d: totals fall below 0 without bound, and the table of the chance to win with minus is built up to a target of %d; the coach shows the turn's points", r.Options.Ziel, MaxMinusZiel),
			DE: fmt.Sprintf("minus mit Ziel %d: die Stände fallen ohne Grenze unter 0, die Tabelle der Gewinnchancen mit minus gibt es bis zum Ziel %d; der Trainer zeigt die Punkte des Zugs", r.Options.Ziel, MaxMinusZiel),
		}
	}
	if r.Options.Ziel > MaxZiel {
		return &Unsupported{
			EN: fmt.Sprintf("ziel %d: the table of the chance to win is built up to a target of %d; the coach shows the turn's points", r.Options.Ziel, MaxZiel),
			DE: fmt.Sprintf("Ziel %d: die Tabelle der Gewinnchancen gibt es bis zum Ziel %d; der Trainer zeigt die Punkte des Zugs", r.Options.Ziel, MaxZiel),
		}
	}
	return nil
}

// rulesKey names a rule set by everything that matters for the game.
func rulesKey(r *validate.Rules) string { return fmt.Sprintf("%s %+v", r.Game, r.Options) }

// Rules are the solver's rule set.
func (s *Solver) Rules() *validate.Rules { return s.rules }

// Exact reports whether the solver's chances are exact; Note says what is not.
func (s *Solver) Exact() bool  { return s.exact }
func (s *Solver) Note() string { return s.note }

// Table returns the two-player table, on first use loaded from the cache
// directory or built (and written there); callers wait for the same one.
func (s *Solver) Table() (*Table, error) {
	s.once.Do(func() {
		s.table, s.err = s.loadOrBuild()
		if s.table != nil {
			s.ready.Store(s.table)
		}
	})
	return s.table, s.err
}

// Ready returns the table if it is there already (nil while it is built).
func (s *Solver) Ready() *Table { return s.ready.Load() }

// SetDir makes the solver keep its table in dir ("" for memory only)
// instead of DefaultDir; before the first Table.
func (s *Solver) SetDir(dir string) { s.dir, s.dirSet = dir, true }

func (s *Solver) graph() *turnGraph {
	s.tgOnce.Do(func() { s.tg = newTurnGraph(s.fs) })
	return s.tg
}

// emptyTable is the table's game with its rules but no values yet.
func (s *Solver) emptyTable() (*Table, error) {
	tg := s.graph()
	t := &Table{s: s}
	v := s.rules.Variant()
	if v.End == validate.EndExact {
		if err := checkOneKeep(tg); err != nil {
			return nil, err
		}
		t.xg = &exactGame{tg: tg, n: v.Target / step, entry: v.EntryPoints / step}
		t.xg.floors = [2]int{floorOf(s.fs, false), floorOf(s.fs, true)}
		return t, nil
	}
	fg := &finalGame{tg: tg, floor: floorOf(s.fs, true), m: v.Target / step}
	if !v.EarlierSeatWinsTies {
		fg.tie = 0.5 // a shared win
	}
	fg.nix, fg.minus = s.rules.Options.Nix, s.rules.Options.Minus
	if fg.minus {
		fg.lo = -minusDepth / step
		fg.m -= fg.lo
	}
	t.fg = fg
	return t, nil
}

// build solves the two-player game.
func (s *Solver) build() (*Table, error) {
	defer counted()()
	t, err := s.emptyTable()
	if err != nil {
		return nil, err
	}
	ws := workers(s.graph())
	if t.xg != nil {
		err = t.xg.solve(ws)
		t.Sweeps = t.xg.sweeps
	} else {
		err = t.fg.solve(ws)
		t.Sweeps = t.fg.sweeps
	}
	if err != nil {
		return nil, err
	}
	for _, w := range ws {
		t.Passes += w.passes
	}
	return t, nil
}

// checkOneKeep: in 5000 every throw has one keep (all scoring dice), so
// the state graph lists every keep however its points are worth.
func checkOneKeep(tg *turnGraph) error {
	for _, th := range tg.throws {
		if th.Hi-th.Lo > 1 {
			return errors.New("a 5000 throw with two keeps: the graph would merge keeps by their points")
		}
	}
	return nil
}

// Table is the two-player table of a rule set: the chance to win of the
// player on turn before every turn. Immutable; safe to share.
type Table struct {
	s  *Solver
	fg *finalGame
	xg *exactGame
	// Sweeps is how many times the pairs were solved (more than one where
	// a total can fall: 5000's resets, minus); Passes how many turns.
	Sweeps, Passes int
	Loaded         bool // read from the cache file
	// spare: turn tables released (Release) for Start to reuse.
	spare sync.Pool
	plain bool // turn tables state by state (StateByState)
}

// Solver is the table's solver.
func (t *Table) Solver() *Solver { return t.s }

// Bytes is how much memory the values take.
func (t *Table) Bytes() int {
	if t.xg != nil {
		return 8 * len(t.xg.w)
	}
	return 8 * (len(t.fg.w[0]) + len(t.fg.w[1]) + len(t.fg.chase))
}

// StateError is a state no game can reach, named in both languages.
type StateError struct{ EN, DE string }

func (e *StateError) Error() string { return e.EN }

// Text is the message in German (de) or English.
func (e *StateError) Text(de bool) string {
	if de {
		return e.DE
	}
	return e.EN
}

func stateErr(en, de string, args ...any) error {
	return &StateError{EN: fmt.Sprintf(en, args...), DE: fmt.Sprintf(de, args...)}
}

// W is the chance to win of the player on turn before a turn of two
// players, the first seat to move (seat 0) or the second, with the totals
// of the player on turn (mine) and of the other (theirs).
func (t *Table) W(seat, mine, theirs int) (float64, error) {
	totals := []int{mine, theirs}
	if seat == 1 {
		totals = []int{theirs, mine}
	}
	p, err := t.Start(totals, seat)
	if err != nil {
		return 0, err
	}
	return p.Win(), nil
}

// KeepWin is one legal keep of a throw with the chance to win after it.
type KeepWin struct {
	Keep validate.Keep
	Win  float64
	Stop bool // after this keep, stopping is best
}

// Position is a point of a turn with the game around it: the chance to win
// of the player on turn from here, and of each choice. The zero Position
// is not usable; see Table.Start.
type Position struct {
	tt    *turnTable
	fp    family.Position
	ended bool
	endV  float64
	exact bool
	note  string
	// endFirst: the turn ended on its first throw with nix's or minus's 1000
	endFirst bool
	sh       *shares // every player's chance (many_chances.go); nil: none
	own      *Table  // the table whose Start made tt (Release)
}

// Family is the same point of the turn in the points coach.
func (p Position) Family() family.Position { return p.fp }

// Exact reports whether the chances are exact; Method says how they were found.
func (p Position) Exact() bool { return p.exact }

// Method names how the chances were found.
func (p Position) Method() string {
	if p.note != "" {
		return p.note
	}
	return "exact two-player table"
}

// Points are the turn's points so far.
func (p Position) Points() int { return p.fp.Points() }

func (p Position) level() int { return p.fp.Points() / step }

// Over reports whether the turn has ended.
func (p Position) Over() bool { return p.ended }

// StopWin is the chance to win after stopping now; ok is false where a
// stop is not allowed.
func (p Position) StopWin() (float64, bool) {
	if p.ended || !p.fp.CanStop() {
		return 0, false
	}
	return p.tt.stopValue(p.level()), true
}

// ThrowWin is the chance to win after throwing on now and playing best.
func (p Position) ThrowWin() float64 {
	if p.ended {
		return p.endV
	}
	return p.tt.throwValue(p.fp.State(), p.level())
}

// Win is the chance to win from here under best play by both.
func (p Position) Win() float64 {
	v := p.ThrowWin()
	if s, ok := p.StopWin(); ok {
		v = max(v, s)
	}
	return v
}

// ShouldStop reports whether stopping now is best for the win.
func (p Position) ShouldStop() bool {
	s, ok := p.StopWin()
	return ok && s >= p.ThrowWin()
}

// At is the position at fp, a point of the same turn (family's Replay
// from p's Family table).
func (p Position) At(fp family.Position) Position {
	p.fp = fp
	if banked, over := fp.Over(); over {
		p.ended = true
		p.endV = p.tt.e.b
		if banked != 0 {
			p.endV = p.tt.e.first + float64(p.tt.e.firstB*p.tt.e.b)
			p.endFirst = banked > 0
		}
	}
	return p
}

// After is the position after a keep the engine accepted.
func (p Position) After(k validate.Keep) (Position, error) {
	fp, err := p.fp.After(k)
	if err != nil {
		return p, err
	}
	return p.At(fp), nil
}

// AfterBust is the position after a throw that scored nothing.
func (p Position) AfterBust() Position { return p.At(p.fp.AfterBust()) }

// AfterVoid is the position after a void throw (hausbau).
func (p Position) AfterVoid() Position { return p.At(p.fp.AfterVoid()) }

// Keeps lists every legal keep of roll with the chance to win after it,
// best first (at equal chances in the engine's order). A bust gives none.
func (p Position) Keeps(roll []int) ([]KeepWin, error) {
	ks, err := p.fp.LegalKeeps(roll)
	if err != nil {
		return nil, err
	}
	out := make([]KeepWin, 0, len(ks))
	for _, k := range ks {
		q, err := p.After(k)
		if err != nil {
			return nil, err
		}
		out = append(out, KeepWin{Keep: k, Win: q.Win(), Stop: q.ShouldStop()})
	}
	slices.SortStableFunc(out, func(a, b KeepWin) int {
		switch {
		case a.Win > b.Win:
			return -1
		case a.Win < b.Win:
			return 1
		}
		return 0
	})
	return out, nil
}
