package review

import (
	"fmt"
	"slices"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// familyContext is the context the game gives the seat's next turn (as
// scoresheet starts it): 5000's entry, steigerung's previous result.
func (w *walker) familyContext(seat int) validate.TurnContext {
	ctx := validate.TurnContext{Entered: w.g.Totals()[seat] > 0}
	if last, ok := w.g.LastTurn(); ok && w.g.Rules.Game != validate.Game5000 {
		ctx.Previous = max(last.Points, 0)
	}
	return ctx
}

// familyTurn reviews one turn of 5050, 5000 or zehntausend: by points
// (the turn solver) and, where the game has one, by the chance to win.
func (w *walker) familyTurn(turn, seat int) error {
	g := w.g
	ft := g.Family().Clone()
	pos, err := w.v.Family.Start(g.Rules, w.familyContext(seat))
	if err != nil {
		return err
	}
	t := &familyTurnState{turn: turn, seat: seat, ft: ft, pos: pos, wp: w.winTurnStart(turn, seat), throw: -1}
	w.rv.Players[seat].TurnValueSum += pos.ThrowValue()
	for w.pos < len(w.entries) && g.NumTurns() == turn && !g.Finished() {
		e, err := w.apply()
		if err != nil {
			return err
		}
		ended := g.NumTurns() > turn || g.Finished()
		if err := w.familyEntry(t, e); err != nil {
			return err
		}
		if ended && t.wp != nil {
			w.winTurnEnd(seat, e.Kind == scoresheet.EntryStop)
		}
	}
	return nil
}

// familyTurnState is a turn under review.
type familyTurnState struct {
	turn, seat, throw int
	ft                *validate.FamilyTurn
	pos               FamilyPosition
	wp                WinPosition // nil: no win review
}

// familyEntry reviews one entry of the turn.
func (w *walker) familyEntry(t *familyTurnState, e scoresheet.Entry) error {
	p := &w.rv.Players[t.seat]
	switch e.Kind {
	case scoresheet.EntryStop:
		if err := t.ft.Stop(); err != nil {
			return fmt.Errorf("review: turn %d: the engine refuses a stop the game took: %w", t.turn, err)
		}
		p.Banked += t.ft.Result()
		return nil
	case scoresheet.EntryThrow, scoresheet.EntryVoid:
	default:
		return fmt.Errorf("review: turn %d: unexpected entry %q", t.turn, e.Kind)
	}
	t.throw++
	before := t.pos.ThrowValue()
	void := e.Kind == scoresheet.EntryVoid
	th := validate.Throw{Roll: e.Roll, Keep: e.Keep, FivesAsOnes: e.FivesAsOnes, Void: void}
	if void {
		th = validate.Throw{Roll: e.Roll, Void: true}
	}
	if err := t.ft.Throw(th); err != nil {
		return fmt.Errorf("review: turn %d: the engine refuses a throw the game took: %w", t.turn, err)
	}
	if t.ft.End() != validate.Running { // a bust, nix, three void throws
		p.Luck += float64(t.ft.Result()) - before
		p.Banked += t.ft.Result()
		return nil
	}
	if void {
		t.pos = t.pos.AfterVoid()
		p.Luck += t.pos.Value() - before
		if t.wp != nil {
			t.wp = t.wp.AfterVoid()
			w.winLuck(t.seat, t.wp.Win())
		}
		return nil
	}
	return w.familyKeep(t, e, before)
}

// familyKeep reviews the keep of a scoring throw and the stop or throw on
// after it (a decision where stopping is allowed, taken by the next entry).
func (w *walker) familyKeep(t *familyTurnState, e scoresheet.Entry, before float64) error {
	keeps, err := t.pos.Keeps(e.Roll)
	if err != nil {
		return err
	}
	if len(keeps) == 0 {
		return fmt.Errorf("review: turn %d, throw %d: the solver sees a bust the engine does not", t.turn, t.throw)
	}
	q, err := t.pos.After(t.ft.LastKeep)
	if err != nil {
		return err
	}
	best := keeps[0]
	w.rv.Players[t.seat].Luck += best.Value - before
	var d *Decision
	if len(keeps) > 1 {
		d = w.decide(Decision{Seat: t.seat, Turn: t.turn, Throw: t.throw, Kind: Keep,
			Chosen: keepChoice(t.ft.LastKeep), Best: keepChoice(best.Keep), Loss: best.Value - q.Value()})
	}
	if t.wp != nil {
		if t.wp, err = w.winThrow(t.seat, t.wp, e.Roll, t.ft.LastKeep, d); err != nil {
			return err
		}
	}
	t.pos = q
	sv, canStop := q.StopValue()
	nx, ok := w.next()
	if !canStop || !ok {
		return nil
	}
	stop := nx.Kind == scoresheet.EntryStop
	chosen := q.ThrowValue()
	if stop {
		chosen = float64(sv)
	}
	bestStop := float64(sv) >= q.ThrowValue()
	d = w.decide(Decision{Seat: t.seat, Turn: t.turn, Throw: t.throw, Kind: Stop,
		Chosen: Choice{Stop: stop}, Best: Choice{Stop: bestStop}, Loss: q.Value() - chosen})
	if t.wp != nil {
		w.winStop(t.seat, t.wp, stop, d)
	}
	return nil
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
	p := &w.rv.Players[seat]
	var held, dice validate.Counts
	throw := -1
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
				continue
			}
			chosen := t.RollValue(dice, 0)
			if hold != dice {
				chosen = t.ThrowValue(hold, left-1)
			}
			w.decide(Decision{Seat: seat, Turn: turn, Throw: throw, Kind: Hold,
				Chosen: Choice{Dice: hold.Pips()}, Best: Choice{Dice: t.BestHold(dice, left).Pips()}, Loss: after - chosen})
			held = hold
		case scoresheet.EntryDice:
			throw++
			dice = validate.CountsOf(e.Roll)
			p.Luck += t.RollValue(dice, 0) - t.Value()
			p.QuickTurns++
		case scoresheet.EntryScore:
			boxes := t.Boxes(dice)
			c, err := validate.ParseCategory(e.Category)
			if err != nil {
				return err
			}
			i := slices.IndexFunc(boxes, func(b KniffelBox) bool { return b.Category == c })
			if i < 0 {
				return fmt.Errorf("review: turn %d: the solver does not allow box %s", turn, e.Category)
			}
			if len(boxes) > 1 {
				w.decide(Decision{Seat: seat, Turn: turn, Throw: max(throw, 0), Kind: Box,
					Chosen: Choice{Box: c.ID()}, Best: Choice{Box: boxes[0].Category.ID()}, Loss: boxes[0].Value - boxes[i].Value})
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
