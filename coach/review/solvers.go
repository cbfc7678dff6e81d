package review

import (
	"fmt"
	"sync"

	"github.com/wuerfelblock/wuerfelblock/coach/dreissig"
	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/coach/win"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Solvers are the project's exact solvers, as the review asks them. They
// are deterministic (exact backward induction, no randomness, no state
// but tables built from the rules), so a review does not depend on the
// device that computes it.
func Solvers() Valuers {
	return Valuers{Family: familySolver{}, Kniffel: kniffelSolver{kniffel.For}, Win: winSolver{}, Dreissig: dreissig.Shared(),
		KniffelWin: kniffelWin{kniffel.For}}
}

// memDreissig keeps the Dreißig-tot tables of SolversWith in memory, for
// up to three players and hundert: the four-player table takes about 20
// CPU-seconds to build, so that SolversWith reviews four-player games in pips.
var memDreissig = smallDreissig{dreissig.NewCache("")}

type smallDreissig struct{ c *dreissig.Cache }

func (s smallDreissig) Table(n int, hundert bool) *dreissig.Table {
	if n > 3 && !hundert {
		return nil
	}
	return s.c.Table(n, hundert)
}

// SolversWith is Solvers for tests: the Kniffel tables of cache c (a cache
// in memory only), the Dreißig-tot tables in memory up to three players
// (four-player games are reviewed in pips: see memDreissig), and without
// the win solver (see WithWin).
func SolversWith(c *kniffel.Cache) Valuers {
	solver := func(r *validate.Rules) *kniffel.Solver { return c.Solver(r.Options.Joker) }
	return Valuers{Family: familySolver{}, Kniffel: kniffelSolver{solver}, Dreissig: memDreissig, KniffelWin: kniffelWin{solver}}
}

// WithWin is v with win solvers (coach/win) of its own whose tables stay
// in memory, not in the user's cache directory (tests). Their tables take
// seconds to build (5050: about 15 CPU-seconds), so tests that do not look
// at the chance to win leave them out.
func (v Valuers) WithWin() Valuers {
	v.Win = winSolver{mem: &sync.Map{}}
	return v
}

// kniffelSolver asks coach/kniffel.
type kniffelSolver struct {
	solver func(*validate.Rules) *kniffel.Solver
}

func (k kniffelSolver) GameValue(r *validate.Rules) float64 { return k.solver(r).GameValue() }

func (k kniffelSolver) Turn(r *validate.Rules, b validate.KniffelBoxes) KniffelTurn {
	return kniffelTurn{k.solver(r).Turn(b)}
}

type kniffelTurn struct{ *kniffel.Turn }

func (t kniffelTurn) BestHold(dice validate.Counts, throwsLeft int) validate.Counts {
	return t.Turn.BestHold(dice, throwsLeft) // the first of Holds
}

func (t kniffelTurn) Boxes(dice validate.Counts) []KniffelBox {
	bs := t.Turn.Boxes(dice)
	out := make([]KniffelBox, len(bs))
	for i, b := range bs {
		out[i] = KniffelBox{Category: b.Category, Value: b.Expected}
	}
	return out
}

// familySolver asks coach/family.
type familySolver struct{}

func (familySolver) Start(r *validate.Rules, ctx validate.TurnContext) (FamilyPosition, error) {
	s, err := family.For(r)
	if err != nil {
		return nil, err
	}
	return familyPos{s.Table(ctx).Start()}, nil
}

type familyPos struct{ p family.Position }

func (f familyPos) ThrowValue() float64       { return f.p.ThrowValue() }
func (f familyPos) Value() float64            { return f.p.Value() }
func (f familyPos) StopValue() (int, bool)    { return f.p.StopValue() }
func (f familyPos) AfterVoid() FamilyPosition { return familyPos{f.p.AfterVoid()} }
func (f familyPos) After(k validate.Keep) (FamilyPosition, error) {
	q, err := f.p.After(k)
	if err != nil {
		return nil, err
	}
	return familyPos{q}, nil
}

func (f familyPos) Keeps(roll []int) ([]FamilyKeep, error) {
	ks, err := f.p.Keeps(roll)
	if err != nil {
		return nil, err
	}
	out := make([]FamilyKeep, len(ks))
	for i, k := range ks {
		out[i] = FamilyKeep{Keep: k.Keep, Value: k.Value}
	}
	return out, nil
}

// winSolver asks coach/win: the process's shared solvers (their tables
// cached on disk), or with mem solvers of its own kept in memory only.
type winSolver struct{ mem *sync.Map }

func (w winSolver) solver(r *validate.Rules) (*win.Solver, error) {
	if w.mem == nil {
		return win.For(r)
	}
	key := fmt.Sprintf("%s %+v", r.Game, r.Options)
	if s, ok := w.mem.Load(key); ok {
		return s.(*win.Solver), nil
	}
	s, err := win.New(r)
	if err != nil {
		return nil, err
	}
	s.SetDir("")
	got, _ := w.mem.LoadOrStore(key, s)
	return got.(*win.Solver), nil
}

func (w winSolver) Start(r *validate.Rules, totals []int, seat int) (WinPosition, error) {
	s, err := w.solver(r)
	if err != nil {
		return nil, err
	}
	t, err := s.Table()
	if err != nil {
		return nil, err
	}
	p, err := t.Start(totals, seat)
	if err != nil {
		return nil, err
	}
	return winPos{p}, nil
}

// Bind is w for the rules r alone: its table found once, not at every
// turn start (the solver's lookup formats the rules).
func (w winSolver) Bind(r *validate.Rules) Win {
	s, err := w.solver(r)
	if err != nil {
		return boundWin{err: err}
	}
	t, err := s.Table()
	return boundWin{t: t, err: err}
}

// boundWin is winSolver bound to one rule set's table (or its error).
type boundWin struct {
	t   *win.Table
	err error
}

func (b boundWin) Start(_ *validate.Rules, totals []int, seat int) (WinPosition, error) {
	if b.err != nil {
		return nil, b.err
	}
	p, err := b.t.Start(totals, seat)
	if err != nil {
		return nil, err
	}
	return winPos{p}, nil
}

// Starts is Start at many turn starts at once, the final round's of
// three or more players too (Table.StartsAll).
func (b boundWin) Starts(_ *validate.Rules, totals [][]int, seats []int) ([]WinPosition, error) {
	if b.err != nil {
		return nil, b.err
	}
	ps, err := b.t.StartsAll(totals, seats)
	if err != nil {
		return nil, err
	}
	out := make([]WinPosition, len(ps))
	for i, p := range ps {
		if p.Made() {
			out[i] = winPos{p}
		}
	}
	return out, nil
}

// Release is winSolver's Release on the bound table.
func (b boundWin) Release(_ *validate.Rules, p WinPosition) {
	if wp, ok := p.(winPos); ok && b.t != nil {
		b.t.Release(wp.p)
	}
}

type winPos struct{ p win.Position }

func (w winPos) Win() float64             { return w.p.Win() }
func (w winPos) ThrowWin() float64        { return w.p.ThrowWin() }
func (w winPos) StopWin() (float64, bool) { return w.p.StopWin() }
func (w winPos) Exact() bool              { return w.p.Exact() }
func (w winPos) Chances() []float64       { return w.p.Chances() }
func (w winPos) ThrowChances() []float64  { return w.p.ThrowChances() }
func (w winPos) StopChances() ([]float64, bool) {
	return w.p.StopChances()
}
func (w winPos) AfterVoid() WinPosition { return winPos{w.p.AfterVoid()} }
func (w winPos) After(k validate.Keep) (WinPosition, error) {
	q, err := w.p.After(k)
	if err != nil {
		return nil, err
	}
	return winPos{q}, nil
}

func (w winPos) Keeps(roll []int) ([]WinKeep, error) {
	ks, err := w.p.Keeps(roll)
	if err != nil {
		return nil, err
	}
	out := make([]WinKeep, len(ks))
	for i, k := range ks {
		out[i] = WinKeep{Keep: k.Keep, Win: k.Win}
	}
	return out, nil
}

// Release hands p's turn table back to its table for a later Start to
// reuse; p and its turn's positions must not be used after.
func (w winSolver) Release(r *validate.Rules, p WinPosition) {
	wp, ok := p.(winPos)
	s, err := w.solver(r)
	if !ok || err != nil {
		return
	}
	if t := s.Ready(); t != nil {
		t.Release(wp.p)
	}
}

// Ready reports whether the win table of r is there already (built or
// loaded), so that a review will not wait for it.
func (w winSolver) Ready(r *validate.Rules) bool {
	s, err := w.solver(r)
	return err == nil && s.Ready() != nil
}
