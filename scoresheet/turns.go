package scoresheet

import (
	"slices"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// turn is the current turn of a game, one implementation per turn engine
// (validate.Family). The score sheet asks it instead of asking the game.
type sheetTurn interface {
	// apply enters e. stored is false for an entry that is accepted but
	// changes nothing and is not kept (a Rückwärts stop).
	apply(g *Game, e Entry) (stored bool, err error)
	// checkRoll checks a throw before its keep is known.
	checkRoll(roll []int) error
	over() bool
	// finish writes the consequences of the ended turn into g and res.
	finish(g *Game, res *TurnResult)
	// missing says what an unfinished turn lacks.
	missing() validate.Phrase
	// finishedWhy says why an entry e comes after the turn res that ended
	// by itself (End Finished); err, when not nil, says it all.
	finishedWhy(res TurnResult, e Entry) (why validate.Phrase, err error)
	clone() sheetTurn
}

// newTurn starts the turn of the current seat.
func (g *Game) newTurn() sheetTurn {
	r := g.Rules
	switch r.TurnEngine() {
	case validate.FamilyKniffel:
		return &kniffelTurn{r.NewKniffelTurn()}
	case validate.FamilyTot:
		return &totTurn{r.NewTotTurn()}
	case validate.FamilyDreissig:
		return &dreissigTurn{r.NewDreissigTurn()}
	}
	t := r.NewFamilyTurn(g.TurnContext())
	// The ended turn belongs to this game alone (a clone has its own): its
	// wrapper and step list are used again.
	if f, ok := g.turn.(*famTurn); ok {
		f.t, f.steps = t, f.steps[:0]
		return f
	}
	return &famTurn{t: t}
}

// TurnContext is what the game gives the current seat's turn of the
// Zehntausend family (the turn starts in it): 5000's entry, steigerung's
// previous result, the dice and points Rückwärts leaves on the table. The
// review and the coach ask it here instead of rebuilding it.
func (g *Game) TurnContext() validate.TurnContext {
	return validate.TurnContext{
		Entered:     g.totals[g.seat] > 0,
		Previous:    g.prevResult,
		TableDice:   g.tableDice,
		TablePoints: g.tablePoints,
	}
}

// notInGame refuses an entry kind the game does not have.
func notInGame(g *Game, e Entry) error {
	if e.Kind == EntryVoid {
		return &validate.Error{Code: validate.CodeVoidNotAllowed}
	}
	return fieldErr(string(e.Kind), g.Rules.Game)
}

// famTurn is a turn of the Zehntausend family.
type famTurn struct {
	t *validate.FamilyTurn
	// steps are the turn's throws as taken, for the screens.
	steps []ThrowStep
}

// ThrowStep is one throw of the current turn as the engine took it.
type ThrowStep struct {
	Void bool
	Bust bool
	Keep validate.Keep // what went aside (empty for a void throw or a bust)
}

func (f *famTurn) apply(g *Game, e Entry) (bool, error) {
	var err error
	switch e.Kind {
	case EntryThrow:
		err = f.t.Throw(validate.Throw{Roll: e.Roll, Keep: e.Keep, FivesAsOnes: e.FivesAsOnes})
	case EntryVoid:
		err = f.t.Throw(validate.Throw{Roll: e.Roll, Void: true})
	case EntryStop:
		// Where the throw itself ended the turn (Rückwärts) a stop changes
		// nothing; it is not stored.
		ended := f.t.End() != validate.Running
		if err := f.t.Stop(); err != nil {
			return false, err
		}
		return !ended, nil
	default:
		return false, notInGame(g, e)
	}
	if err != nil {
		return false, err
	}
	step := ThrowStep{Void: e.Kind == EntryVoid}
	if !step.Void {
		step.Bust = f.t.End() == validate.Bust || f.t.End() == validate.NixEnd
		if !step.Bust {
			step.Keep = f.t.LastKeep
		}
	}
	f.steps = append(f.steps, step)
	return true, nil
}

func (f *famTurn) checkRoll(roll []int) error { return f.t.CheckRoll(roll) }
func (f *famTurn) over() bool                 { return f.t.End() != validate.Running }

func (f *famTurn) missing() validate.Phrase {
	if f.t.Throws() == 0 {
		return validate.PhraseNoThrowYet
	}
	return validate.PhraseNoStop
}

func (f *famTurn) finishedWhy(TurnResult, Entry) (validate.Phrase, error) {
	return validate.PhraseOneThrow, nil
}

func (f *famTurn) clone() sheetTurn {
	return &famTurn{t: f.t.Clone(), steps: slices.Clone(f.steps)}
}

func (f *famTurn) finish(g *Game, res *TurnResult) {
	t := f.t
	res.End, res.Throws, res.HotDice = t.End(), t.Throws(), t.HotDice
	res.DiceLeft = t.DiceToThrow()
	res.ByDice = t.ByDice
	res.LastKeep = t.LastKeep
	if t.End() == validate.Bust {
		res.FailedObligation = t.ProofPending() || t.MustConfirm()
	}
	switch g.Rules.Variant().Settle {
	case validate.SettleTable:
		g.settleTable(t, res)
	case validate.SettleExact:
		g.settleExact(t, res)
	default:
		res.Points = t.Result()
		g.totals[g.seat] += t.Result()
		g.prevResult = max(t.Result(), 0)
	}
}

// kniffelTurn is a Kniffel turn.
type kniffelTurn struct{ t *validate.KniffelTurn }

func (k *kniffelTurn) apply(g *Game, e Entry) (bool, error) {
	switch e.Kind {
	case EntryThrow:
		return true, k.t.Throw(e.Roll, e.Keep)
	case EntryDice:
		if k.t.Throws() > 0 {
			return false, &validate.Error{Code: validate.CodeKniffelBoth}
		}
		return true, k.t.SetDice(e.Roll)
	case EntryScore:
		c, err := validate.ParseCategory(e.Category)
		if err != nil {
			return false, err
		}
		t := k.t.Clone()
		p, err := g.Rules.Score(t, g.boxes[g.seat], c)
		if err != nil {
			return false, err
		}
		k.t = t
		g.place(p)
		return true, nil
	}
	return false, notInGame(g, e)
}

func (k *kniffelTurn) checkRoll(roll []int) error { return k.t.CheckRoll(roll) }
func (k *kniffelTurn) over() bool                 { return k.t.Done() }
func (k *kniffelTurn) missing() validate.Phrase   { return validate.PhraseNoCategory }
func (k *kniffelTurn) clone() sheetTurn           { return &kniffelTurn{k.t.Clone()} }

func (k *kniffelTurn) finishedWhy(TurnResult, Entry) (validate.Phrase, error) {
	return validate.PhraseScored, nil
}

func (k *kniffelTurn) finish(g *Game, res *TurnResult) {
	s := g.seat
	p := g.lastPlacement
	res.End, res.Throws = validate.Finished, k.t.Throws()
	res.Points, res.Category = p.Points, p.Category.ID()
	if p.Bonus > 0 {
		g.bonus[s] += p.Bonus
		res.Bonus += p.Bonus
		res.Events = append(res.Events, Event{Kind: EventKniffelBonus, Player: g.Players[s], Points: p.Bonus})
	}
	if !g.upperBonus[s] && UpperSum(g.boxes[s]) >= UpperBonusAt {
		g.upperBonus[s] = true
		g.bonus[s] += UpperBonusPoints
		res.Bonus += UpperBonusPoints
		res.Events = append(res.Events, Event{Kind: EventUpperBonus, Player: g.Players[s], Points: UpperBonusPoints})
	}
	g.totals[s] = KniffelTotal(g.boxes[s]) + g.bonus[s]
}

// totTurn is a Totwürfeln turn.
type totTurn struct{ t *validate.TotTurn }

func (k *totTurn) apply(g *Game, e Entry) (bool, error) {
	if e.Kind != EntryThrow {
		return false, notInGame(g, e)
	}
	if e.Keep != nil {
		return false, fieldErr("keep", g.Rules.Game)
	}
	return true, k.t.Throw(e.Roll)
}

func (k *totTurn) checkRoll(roll []int) error { return k.t.CheckRoll(roll) }
func (k *totTurn) over() bool                 { return k.t.Done() }
func (k *totTurn) missing() validate.Phrase   { return validate.PhraseLiveDice }
func (k *totTurn) clone() sheetTurn           { return &totTurn{k.t.Clone()} }

func (k *totTurn) finishedWhy(TurnResult, Entry) (validate.Phrase, error) {
	return validate.PhraseAllDiceOut, nil
}

func (k *totTurn) finish(g *Game, res *TurnResult) {
	res.End, res.Throws, res.Points = validate.Finished, k.t.Throws(), k.t.Points()
	g.totals[g.seat] += k.t.Points()
}

// dreissigTurn is a Dreißig-tot turn.
type dreissigTurn struct{ t *validate.DreissigTurn }

func (k *dreissigTurn) apply(g *Game, e Entry) (bool, error) {
	switch e.Kind {
	case EntryThrow:
		return true, k.t.Throw(e.Roll, e.Keep)
	case EntryAttack:
		return true, k.t.Attack(e.Roll)
	}
	return false, notInGame(g, e)
}

func (k *dreissigTurn) checkRoll(roll []int) error { return k.t.CheckRoll(roll) }
func (k *dreissigTurn) over() bool                 { return k.t.Done() }
func (k *dreissigTurn) clone() sheetTurn           { return &dreissigTurn{k.t.Clone()} }

func (k *dreissigTurn) missing() validate.Phrase {
	if k.t.Attacking() {
		return validate.PhraseAttackLeft
	}
	return validate.PhraseDiceLeft
}

func (k *dreissigTurn) finishedWhy(res TurnResult, e Entry) (validate.Phrase, error) {
	if res.Attack > 0 || slices.ContainsFunc(res.Events, func(ev Event) bool { return ev.Kind == EventAttack }) {
		return "", &validate.Error{Code: validate.CodeAttackOver, Args: []any{validate.DreissigResult(res.Points).Target}}
	}
	if e.Kind == EntryAttack {
		return "", &validate.Error{Code: validate.CodeAttackNotDue, Args: []any{res.Points}}
	}
	return validate.PhraseSixAside, nil
}

func (k *dreissigTurn) finish(g *Game, res *TurnResult) {
	t, s := k.t, g.seat
	res.End, res.Throws, res.Points = validate.Finished, t.Throws()+t.Attacks(), t.Sum()
	switch out := validate.DreissigResult(t.Sum()); {
	case out.Cost > 0:
		g.totals[s] -= out.Cost
	case out.Target > 0:
		v := g.Vordermann()
		res.Attack = t.Taken()
		g.totals[v] -= t.Taken()
		res.Events = append(res.Events, Event{Kind: EventAttack, Player: g.Players[v], Points: t.Taken(), From: g.Players[s]})
	}
	if g.Rules.Options.Hundert {
		// While an account is at 0 or below, and none has reached 100 yet
		// (the first to 100 wins at once: no further addition).
		for slices.ContainsFunc(g.totals, func(a int) bool { return a <= 0 }) &&
			!slices.ContainsFunc(g.totals, func(a int) bool { return a >= 100 }) {
			for i := range g.totals {
				g.totals[i] += 30
			}
			res.Events = append(res.Events, Event{Kind: EventTopUp, Points: 30})
		}
	}
}
