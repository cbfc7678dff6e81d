package review

import (
	"fmt"
	"slices"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// familyTurn reviews one turn of 5050, 5000 or zehntausend: by points
// (the turn solver) and, where the game has one, by the chance to win
// (w.wp, the win position of the turn; nil: none).
func (w *walker) familyTurn(turn, seat int) error {
	g := w.g
	ft := g.Family().Clone()
	pos, err := w.v.Family.Start(g.Rules, g.TurnContext()) // as scoresheet started the turn
	if err != nil {
		return err
	}
	p := &w.rv.Players[seat]
	p.TurnValueSum += pos.ThrowValue()
	w.wp = w.winTurnStart(turn, seat)
	throw := -1
	ended, stopped := false, false // the turn's last entry, a stop
	for w.pos < len(w.entries) && g.NumTurns() == turn && !g.Finished() {
		e, err := w.apply()
		if err != nil {
			return err
		}
		ended, stopped = g.NumTurns() > turn || g.Finished(), e.Kind == scoresheet.EntryStop
		switch e.Kind {
		case scoresheet.EntryStop:
			if err := ft.Stop(); err != nil {
				return fmt.Errorf("review: turn %d: the engine refuses a stop the game took: %w", turn, err)
			}
			p.Banked += ft.Result()
			continue
		case scoresheet.EntryThrow, scoresheet.EntryVoid:
		default:
			return fmt.Errorf("review: turn %d: unexpected entry %q", turn, e.Kind)
		}
		throw++
		if pos, err = w.familyThrow(ft, pos, e, Decision{Seat: seat, Turn: turn, Throw: throw}); err != nil {
			return err
		}
	}
	if ended {
		w.winTurnEnd(seat, stopped)
	}
	return nil
}

// familyThrow reviews throw e of a family turn at pos (at names the seat,
// turn and throw): its luck, its keep and the choice to stop or throw on
// after it. It returns the position after it.
func (w *walker) familyThrow(ft *validate.FamilyTurn, pos FamilyPosition, e scoresheet.Entry, at Decision) (FamilyPosition, error) {
	p := &w.rv.Players[at.Seat]
	before := pos.ThrowValue()
	void := e.Kind == scoresheet.EntryVoid
	th := validate.Throw{Roll: e.Roll, Keep: e.Keep, FivesAsOnes: e.FivesAsOnes, Void: void}
	if void {
		th = validate.Throw{Roll: e.Roll, Void: true}
	}
	if err := ft.Throw(th); err != nil {
		return nil, fmt.Errorf("review: turn %d: the engine refuses a throw the game took: %w", at.Turn, err)
	}
	if ft.End() != validate.Running { // a bust, nix, three void throws
		p.Luck += float64(ft.Result()) - before
		p.Banked += ft.Result()
		return pos, nil
	}
	if void {
		pos = pos.AfterVoid()
		p.Luck += pos.Value() - before
		if w.wp != nil {
			w.wp = w.wp.AfterVoid()
			w.winLuck(w.wp.Chances())
		}
		return pos, nil
	}
	keeps, err := pos.Keeps(e.Roll)
	if err != nil {
		return nil, err
	}
	if len(keeps) == 0 {
		return nil, fmt.Errorf("review: turn %d, throw %d: the solver sees a bust the engine does not", at.Turn, at.Throw)
	}
	q, err := pos.After(ft.LastKeep)
	if err != nil {
		return nil, err
	}
	best := keeps[0]
	p.Luck += best.Value - before
	var dp *Decision
	if len(keeps) > 1 {
		d := at
		d.Kind, d.Chosen, d.Best, d.Loss = Keep, keepChoice(ft.LastKeep), keepChoice(best.Keep), best.Value-q.Value()
		dp = w.decide(d)
	}
	if w.wp != nil {
		if w.wp, err = w.winThrow(at.Seat, w.wp, e.Roll, ft.LastKeep, dp); err != nil {
			return nil, err
		}
	}
	w.stopChoice(q, at)
	return q, nil
}

// stopChoice rates stopping or throwing on at pos after a keep: a decision
// where stopping is allowed, taken by the next entry.
func (w *walker) stopChoice(pos FamilyPosition, at Decision) {
	sv, canStop := pos.StopValue()
	nx, ok := w.next()
	if !canStop || !ok {
		return
	}
	stop := nx.Kind == scoresheet.EntryStop
	chosen := pos.ThrowValue()
	if stop {
		chosen = float64(sv)
	}
	at.Kind, at.Chosen, at.Best = Stop, Choice{Stop: stop}, Choice{Stop: float64(sv) >= pos.ThrowValue()}
	at.Loss = pos.Value() - chosen
	d := w.decide(at)
	if w.wp != nil {
		w.winStop(at.Seat, w.wp, stop, d)
	}
}

func keepChoice(k validate.Keep) Choice {
	d := slices.Clone(k.Dice)
	slices.Sort(d)
	return Choice{Dice: d, FivesAsOnes: k.FivesAsOnes}
}

// finalDice takes dice named for a box after a throw without a keep, with
// throws left, as final dice entered without their holds (the table may
// have thrown on): as in quick entry, only the box is a decision, and what
// lies between the value after the throw and the value of these dice is
// luck. A first throw so entered is a quick-entry turn. Standing on a
// throw is a hold of all five (keep = the five dice).
func finalDice(p *Player, t KniffelTurn, dice validate.Counts, left, throw int) {
	p.Luck += t.RollValue(dice, 0) - t.RollValue(dice, left)
	if throw == 0 {
		p.QuickTurns++
	}
}

// kniffelTurn reviews one Kniffel turn.
func (w *walker) kniffelTurn(turn, seat int) error {
	g := w.g
	t := w.v.Kniffel.Turn(g.Rules, g.Boxes(seat))
	wt := w.kniffelWinTurn(seat) // nil before round 11
	p := &w.rv.Players[seat]
	var held, dice validate.Counts
	throw := -1
	final := false // dice are the turn's final dice, entered without their holds
	for w.pos < len(w.entries) && g.NumTurns() == turn && !g.Finished() {
		e, err := w.apply()
		if err != nil {
			return err
		}
		switch e.Kind {
		case scoresheet.EntryThrow:
			throw++
			left := 2 - throw // throws still allowed after this one
			before := t.ThrowValue(held, left)
			dice = held.Plus(validate.CountsOf(e.Roll))
			after := t.RollValue(dice, left)
			p.Luck += after - before
			if left == 0 {
				continue
			}
			// The hold: the keep given (all five: standing), else what the
			// next entry says (another throw: nothing held; the box: these
			// were the final dice, entered without a hold).
			var hold validate.Counts
			switch nx, ok := w.next(); {
			case e.Keep != nil:
				hold = validate.CountsOf(e.Keep)
			case !ok:
				continue // the open turn's hold is not chosen yet
			case nx.Kind == scoresheet.EntryScore:
				finalDice(p, t, dice, left, throw)
				final = true
				continue
			}
			chosen := t.RollValue(dice, 0)
			if hold != dice {
				chosen = t.ThrowValue(hold, left-1)
			}
			d := w.decide(Decision{Seat: seat, Turn: turn, Throw: throw, Kind: Hold,
				Chosen: Choice{Dice: hold.Pips()}, Best: Choice{Dice: t.BestHold(dice, left).Pips()}, Loss: after - chosen})
			if wt != nil {
				w.kniffelWinHold(d, wt, dice, hold, left)
			}
			held = hold
		case scoresheet.EntryDice:
			throw++
			dice = validate.CountsOf(e.Roll)
			p.Luck += t.RollValue(dice, 0) - t.Value()
			p.QuickTurns++
			final = true
		case scoresheet.EntryScore:
			at := Decision{Seat: seat, Turn: turn, Throw: max(throw, 0), Kind: Box, FinalDice: final}
			if err := w.kniffelBox(t, wt, at, dice, e.Category); err != nil {
				return err
			}
		default:
			return fmt.Errorf("review: turn %d: unexpected entry %q", turn, e.Kind)
		}
	}
	if g.NumTurns() > turn {
		p.Banked = g.Totals()[seat]
	}
	return nil
}

// kniffelBox reviews the box of a Kniffel turn written from dice: a
// decision (at: its seat, turn, throw and whether the dice were entered
// as final dice) where more than one box is free; wt the turn by the
// chance to win (nil before round 11).
func (w *walker) kniffelBox(t KniffelTurn, wt KniffelWinTurn, at Decision, dice validate.Counts, category string) error {
	boxes := t.Boxes(dice)
	c, err := validate.ParseCategory(category)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(boxes, func(b KniffelBox) bool { return b.Category == c })
	if i < 0 {
		return fmt.Errorf("review: turn %d: the solver does not allow box %s", at.Turn, category)
	}
	if len(boxes) > 1 {
		at.Chosen, at.Best, at.Loss = Choice{Box: c.ID()}, Choice{Box: boxes[0].Category.ID()}, boxes[0].Value-boxes[i].Value
		d := w.decide(at)
		if wt != nil {
			w.kniffelWinBox(d, wt, dice, c)
		}
	}
	if wt != nil {
		w.kniffelWinScored(at.Seat, wt, dice, c)
	}
	return nil
}
