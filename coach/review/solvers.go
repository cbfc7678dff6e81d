package review

import (
	"github.com/wuerfelblock/wuerfelblock/coach/dreissig"
	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Solvers are the project's exact solvers, as the review asks them. They
// are deterministic (exact backward induction, no randomness, no state
// but tables built from the rules), so a review does not depend on the
// device that computes it.
func Solvers() Valuers {
	return Valuers{Family: familySolver{}, Kniffel: kniffelSolver{kniffel.For}, Dreissig: dreissig.Shared()}
}

// memDreissig keeps the Dreißig-tot tables of SolversWith in memory, for
// up to three players and hundert: the four-player table takes half a
// minute to build, so that SolversWith reviews four-player games in pips.
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
// (four-player games are reviewed in pips: see memDreissig).
func SolversWith(c *kniffel.Cache) Valuers {
	return Valuers{Family: familySolver{}, Kniffel: kniffelSolver{func(r *validate.Rules) *kniffel.Solver {
		return c.Solver(r.Options.Joker)
	}}, Dreissig: memDreissig}
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
	return t.Holds(dice, throwsLeft)[0].Dice
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
