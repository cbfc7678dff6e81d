package review

import (
	"fmt"
	"slices"

	"github.com/wuerfelblock/wuerfelblock/coach/dreissig"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Dreißig tot is reviewed in the chance to win where the coach has it
// (2 … 4 players, hundert), in percentage points: every player's chance is
// followed through the game; a keep's loss is what it cost its mover
// against the best keep; every other change of a player's chance (their
// throws, the attacks, the other players' throws and keeps) is that
// player's luck, so that for each player
//
//	result (100 for a win, 50 for a shared one between two, 0) = the chance at the start + Σ luck − Σ loss.
//
// With other numbers of players it is reviewed in pips, turn by turn, like
// the Zehntausend family: the turn's points (taken from the Vordermann
// minus lost) = the turn's value + Σ luck − Σ loss.

// DreissigTables is what a review needs of the Dreißig-tot tables
// (coach/dreissig's Cache); nil for a table it declines (the review is then
// in pips).
type DreissigTables interface {
	Table(n int, hundert bool) *dreissig.Table
}

// dreissigNote says how a game of Dreißig tot is reviewed: in chances where
// the coach has a table (a valuer may decline one: nil), else in pips.
func dreissigNote(players []string, rules *validate.Rules, v Valuers) (bool, Note) {
	n, hundert := len(players), rules.Options.Hundert
	if dreissig.Covers(n, hundert) && v.Dreissig != nil && v.Dreissig.Table(n, hundert) != nil {
		return true, Note{"Luck and loss in percentage points of the chance to win (exact, best play by all): result = start + luck − loss.",
			"Glück und Verlust in Prozentpunkten der Gewinnchance (genau, bestes Spiel aller): Ergebnis = Start + Glück − Verlust."}
	}
	return false, Note{"Luck and loss in pips of the turn (no chances to win for this number of players): pips = turn values + luck − loss.",
		"Glück und Verlust in Augen des Zugs (keine Gewinnchancen bei dieser Spielerzahl): Augen = Zugwerte + Glück − Verlust."}
}

// dreissigState is the review's state in a game of Dreißig tot: every
// player's chance now, by seat, in percentage points.
type dreissigState struct {
	cur []float64
}

// dreissigCoach is the coach of the position before the current turn.
func (w *walker) dreissigCoach() *dreissig.Coach {
	g := w.g
	n, hundert := len(g.Players), g.Rules.Options.Hundert
	if w.rv.Chances {
		a := make([]int, n)
		for i := range a {
			a[i] = g.Totals()[(g.Seat()+i)%n]
		}
		if tb := w.v.Dreissig.Table(n, hundert); tb.Valid(a) {
			return tb.For(a)
		}
	}
	return dreissig.Points(n)
}

// pct is a coach's chances (from the mover on) by seat in percentage points.
func pct(v []float64, seat int) []float64 {
	out := dreissig.BySeat(v, seat)
	for i := range out {
		out[i] *= 100
	}
	return out
}

// chanceTo moves every player's chance to next: the change is luck, but
// the mover's where skip is their seat (their decision's loss says it).
func (w *walker) chanceTo(next []float64, skip int) {
	st := &w.dreissig
	if st.cur == nil {
		st.cur = slices.Clone(next)
		for i := range w.rv.Players {
			w.rv.Players[i].ChanceStart = next[i]
		}
	}
	for i := range w.rv.Players {
		if i != skip {
			w.rv.Players[i].Luck += next[i] - st.cur[i]
		}
		st.cur[i] = next[i]
		w.rv.Players[i].ChanceResult = next[i]
	}
}

// dreissigTurn reviews one turn of Dreißig tot.
func (w *walker) dreissigTurn(turn, seat int) error {
	g := w.g
	c := w.dreissigCoach()
	t := g.DreissigTurn().Clone()
	p := &w.rv.Players[seat]
	if w.rv.Chances {
		w.chanceTo(pct(c.Chances(dreissig.Dice, 0), seat), -1)
	}
	value := c.Value(dreissig.Dice, 0)
	if !w.rv.Chances {
		p.TurnValueSum += value
	}
	throw := -1
	for w.pos < len(w.entries) && g.NumTurns() == turn && !g.Finished() {
		e, err := w.apply()
		if err != nil {
			return err
		}
		throw++
		switch e.Kind {
		case scoresheet.EntryThrow:
			value, err = w.dreissigKeep(c, t, e, turn, throw, seat, value)
		case scoresheet.EntryAttack:
			value, err = w.dreissigAttack(c, t, e, turn, seat, value)
		default:
			err = fmt.Errorf("review: turn %d: unexpected entry %q", turn, e.Kind)
		}
		if err != nil {
			return err
		}
	}
	if g.NumTurns() > turn {
		if !w.rv.Chances {
			pts := dreissigPoints(t, len(g.Players))
			p.Luck += float64(pts) - value
			p.Banked += pts
		}
	}
	if g.Finished() && w.rv.Chances {
		shares := make([]float64, len(g.Players))
		for _, x := range g.Winners() {
			shares[x] = 100 / float64(len(g.Winners()))
		}
		w.chanceTo(shares, -1)
	}
	return nil
}

// dreissigPoints is what the turn t brought its mover in pips: the attack's
// pips, or minus the pips lost (alone at the table the attack is on
// oneself).
func dreissigPoints(t *validate.DreissigTurn, players int) int {
	out := validate.DreissigResult(t.Sum())
	switch {
	case out.Cost > 0:
		return -out.Cost
	case players == 1:
		return -t.Taken()
	}
	return t.Taken()
}

// dreissigKeep reviews an own throw and its keep: the throw's luck (the
// best keep's value against the value before), the keep's loss.
func (w *walker) dreissigKeep(c *dreissig.Coach, t *validate.DreissigTurn, e scoresheet.Entry, turn, throw, seat int, before float64) (float64, error) {
	keeps := c.Keeps(t.InCup(), t.Sum(), e.Roll)
	if err := t.Throw(e.Roll, e.Keep); err != nil {
		return 0, fmt.Errorf("review: turn %d: the engine refuses a throw the game took: %w", turn, err)
	}
	kept := slices.Clone(e.Keep)
	slices.Sort(kept)
	slices.Reverse(kept)
	i := slices.IndexFunc(keeps, func(k dreissig.Keep) bool { return slices.Equal(k.Dice, kept) })
	if i < 0 {
		return 0, fmt.Errorf("review: turn %d: the coach does not know the keep %v of %v", turn, e.Keep, e.Roll)
	}
	best, chosen := keeps[0], keeps[i]
	scale := 1.0
	if w.rv.Chances {
		scale = 100
		w.chanceTo(pct(best.Chances, seat), -1)
	} else {
		w.rv.Players[seat].Luck += best.Value - before
	}
	if len(keeps) > 1 {
		w.decide(Decision{Seat: seat, Turn: turn, Throw: throw, Kind: Keep,
			Chosen: ascending(chosen.Dice), Best: ascending(best.Dice), Loss: scale * (best.Value - chosen.Value)})
	}
	if w.rv.Chances {
		w.chanceTo(pct(chosen.Chances, seat), seat)
	}
	return chosen.Value, nil
}

func ascending(d []int) Choice {
	c := slices.Clone(d)
	slices.Sort(c)
	return Choice{Dice: c}
}

// dreissigAttack reviews an attack throw: luck only.
func (w *walker) dreissigAttack(c *dreissig.Coach, t *validate.DreissigTurn, e scoresheet.Entry, turn, seat int, before float64) (float64, error) {
	if err := t.Attack(e.Roll); err != nil {
		return 0, fmt.Errorf("review: turn %d: the engine refuses an attack the game took: %w", turn, err)
	}
	live := t.AttackLive()
	if !t.Attacking() {
		live = 0
	}
	f := t.Target()
	after := c.AttackValue(f, t.Taken(), live)
	if w.rv.Chances {
		w.chanceTo(pct(c.AttackChances(f, t.Taken(), live), seat), -1)
	} else {
		w.rv.Players[seat].Luck += after - before
	}
	return after, nil
}
