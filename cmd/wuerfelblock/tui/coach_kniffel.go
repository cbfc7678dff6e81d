package tui

import (
	"fmt"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// kniffelCache holds the Kniffel coach's tables (the process-wide one, with
// its file in the user's cache directory; tests keep theirs in memory).
var kniffelCache kniffelTables = kniffel.Shared()

// kniffelTables is what the view needs of a kniffel.Cache.
type kniffelTables interface {
	// Solver builds or loads the table; it may take a second.
	Solver(joker bool) *kniffel.Solver
	// Ready returns the table if it is there now.
	Ready(joker bool) (*kniffel.Solver, bool)
}

// kniffelCoach is the coach's state in a Kniffel view: the table is built
// (or loaded) in the background, never in the UI's goroutine.
type kniffelCoach struct {
	started bool
	level   storage.CoachLevel // the level the view last drew with
	win     kniffelWinCache    // rounds 11–13 (coach_kniffel_win.go)
}

// coachSolver is the table for this game's rules, nil while it is being
// built; the first call starts building it.
func (v *kniffelView) coachSolver() *kniffel.Solver {
	joker := v.game().Rules.Options.Joker
	if s, ok := kniffelCache.Ready(joker); ok {
		return s
	}
	if !v.coachState.started {
		v.coachState.started = true
		app, tables := v.p.ui.app, kniffelCache
		go func() {
			tables.Solver(joker)
			app.QueueUpdateDraw(func() {
				if p, ok := v.p.ui.top().(*play); ok && p == v.p {
					v.selectBest() // with Rat, the cursor goes to the advised box
					p.refresh()    // the hint line too (Enter takes the advised hold)
				}
			})
		}()
	}
	return nil
}

// coachTurn is the analysis of the current player's turn, nil when the
// coach is off or its table is not ready.
func (v *kniffelView) coachTurn() (*kniffel.Turn, bool) {
	if v.p.coach() == storage.CoachOff {
		return nil, false
	}
	s := v.coachSolver()
	if s == nil {
		return nil, true
	}
	g := v.game()
	b := g.Boxes(g.Seat())
	if kniffel.CheckSheet(b) != nil {
		return nil, false // the game is over
	}
	return s.Turn(b), true
}

// coachBestBox is the box the coach advises for the dice on the table
// (level Rat only); ok is false when it has no advice.
func (v *kniffelView) coachBestBox(d validate.Counts) (validate.Category, bool) {
	if v.p.coach() != storage.CoachAdvice {
		return -1, false
	}
	tn, _ := v.coachTurn()
	if tn == nil {
		return -1, false
	}
	return tn.Boxes(d)[0].Category, true
}

// coachLines are the coach's lines of the turn panel: the expected final
// score (Chancen), the best hold and box with what the alternatives cost,
// and what the last turn's choices cost (Rat).
func (v *kniffelView) coachLines() []panelLine {
	level := v.p.coach()
	if level == storage.CoachOff {
		return nil
	}
	tn, on := v.coachTurn()
	if !on {
		return nil
	}
	if tn == nil {
		return []panelLine{line("[::d]"+v.tr("Computing advice…", "Der Trainer rechnet…")+"[::-]", rankCoach)}
	}
	var ls []panelLine
	add := func(s string) {
		if s != "" {
			ls = append(ls, line(s, rankCoach))
		}
	}
	d, have := v.dice()
	if level == storage.CoachAdvice && !have {
		add(v.lastTurnCost()) // until the dice of the next turn are in
		add(v.holdCost(tn))   // right after a keep, until the next throw
	}
	left := v.throwsLeft()
	add(fmt.Sprintf(v.tr("Expected total: %s", "Erwarteter Endstand: %s"), v.num(float64(v.game().Totals()[v.game().Seat()])+v.positionValue(tn, d, have, left))))
	winNow, winDiffer := v.winLines(tn, d, have, left) // from round 11, at Rat
	add(winNow)
	if level != storage.CoachAdvice || !have {
		return ls
	}
	// The best hold and, named as such, the next best with their cost (a
	// bare "  5 −0,6" under the best box read as the box's), the best box
	// (to stand on the dice), what the box under the cursor costs.
	var holds []kniffel.HoldValue
	if left > 0 {
		holds = tn.Holds(d, left)
		add(fmt.Sprintf(v.tr("Advice: %s", "Rat: %s"), v.holdPhrase(holds[0].Dice, d)))
		var next []string
		for _, h := range holds[min(1, len(holds)):min(3, len(holds))] {
			next = append(next, fmt.Sprintf("%s\u00a0−%s", v.holdName(h.Dice, d), v.num(holds[0].Expected-h.Expected)))
		}
		if len(next) > 0 {
			add(v.tr("Next best: ", "Nächstbeste: ") + strings.Join(next, " · "))
		}
	}
	boxes := tn.Boxes(d)
	if left > 0 {
		add(fmt.Sprintf(v.tr("Best box if you stand now: %s", "Bestes Feld, wenn du jetzt stehen lässt: %s"), boxes[0].Category.Name(v.lang)))
	} else {
		add(fmt.Sprintf(v.tr("Best box: %s", "Bestes Feld: %s"), boxes[0].Category.Name(v.lang)))
	}
	for _, s := range winDiffer {
		add(s)
	}
	if v.sel >= 0 && v.sel != boxes[0].Category {
		if loss, ok := tn.BoxLoss(d, v.sel); ok {
			add(fmt.Sprintf(v.tr("%s costs %s points", "%s kostet %s Punkte"), v.sel.Name(v.lang), v.num(loss)))
		}
	}
	return ls
}

// throwsLeft is how many throws are still allowed after the dice on the
// table (0 once they stand).
func (v *kniffelView) throwsLeft() int {
	if v.pending == nil {
		return 0
	}
	return 2 - v.game().KniffelTurn().Throws()
}

// positionValue is the expected points still to come from this moment:
// before a throw, after one, with dice held, or with the dice in.
func (v *kniffelView) positionValue(tn *kniffel.Turn, d validate.Counts, have bool, left int) float64 {
	t := v.game().KniffelTurn()
	switch {
	case v.pending != nil:
		return tn.RollValue(d, left)
	case have:
		return tn.RollValue(d, 0)
	case t.Throws() > 0:
		k, _ := t.Kept()
		return tn.ThrowValue(k, 2-t.Throws())
	}
	return tn.Value()
}

// advisedHold is the coach's best hold for the throw waiting for its hold
// (level Rat, throws left); ok is false when it gives no advice.
func (v *kniffelView) advisedHold() (validate.Counts, bool) {
	if v.p.coach() != storage.CoachAdvice || !v.early() {
		return validate.Counts{}, false
	}
	tn, _ := v.coachTurn()
	if tn == nil {
		return validate.Counts{}, false
	}
	return tn.Holds(v.pendingDice(), v.throwsLeft())[0].Dice, true
}

// holdCost says what the dice just kept cost against the best hold of the
// throw they came from (empty before a keep and after the last throw).
func (v *kniffelView) holdCost(tn *kniffel.Turn) string {
	t := v.game().KniffelTurn()
	held, kept := t.Kept()
	left := validate.KniffelThrows - t.Throws()
	if !kept || t.Throws() == 0 || left <= 0 {
		return ""
	}
	dice := t.Dice()
	loss := tn.HoldLoss(dice, held, left)
	if loss < 0.05 {
		return fmt.Sprintf(v.tr("Kept %s: the best hold", "%s behalten: das beste Halten"), v.holdName(held, dice))
	}
	best := tn.Holds(dice, left)[0]
	return fmt.Sprintf(v.tr("Kept %s: costs %s points (best: %s)", "%s behalten: kostet %s Punkte (am besten: %s)"),
		v.holdName(held, dice), v.num(loss), v.holdName(best.Dice, dice))
}

// holdName says a hold of dice: the pips, "stand" for all five, "none".
func (v *kniffelView) holdName(h, dice validate.Counts) string {
	switch {
	case h == dice:
		return v.tr("stand", "stehen lassen")
	case h.N() == 0:
		return v.tr("none", "keine")
	}
	return strings.ReplaceAll(h.String(), " ", "")
}

// holdPhrase says a hold as advice: "hold 66", "stand", "hold none"
// ("66 behalten", "stehen lassen", "keine behalten").
func (v *kniffelView) holdPhrase(h, dice validate.Counts) string {
	if h == dice {
		return v.holdName(h, dice)
	}
	return fmt.Sprintf(v.tr("hold %s", "%s behalten"), v.holdName(h, dice))
}

// num writes expected points with one decimal (a decimal comma in German).
func (v *kniffelView) num(x float64) string { return v.dec1(x) }

// lastTurnCost says what the choices of the turn just finished cost in
// expected points against the coach's best (0 when every choice was best);
// shown until the next turn's first entry.
func (v *kniffelView) lastTurnCost() string {
	g := v.game()
	lt, ok := g.LastTurn()
	if !ok || g.TurnEntries() > 0 {
		return ""
	}
	loss, ok := kniffelTurnLoss(kniffelCache, g, lt)
	if !ok {
		return ""
	}
	if loss < 0.05 {
		return fmt.Sprintf(v.tr("%s's turn: best play (cost 0)", "Zug von %s: bestes Spiel (kostet 0)"), esc(lt.Player))
	}
	return fmt.Sprintf(v.tr("%s's turn cost %s points", "Zug von %s kostete %s Punkte"), esc(lt.Player), v.num(loss))
}

// kniffelTurnLoss is the expected points the choices of finished turn lt
// lost against the best (holds between throws, then the box). Turns entered
// as final dice have only the box as a choice.
func kniffelTurnLoss(c kniffelTables, g *scoresheet.Game, lt scoresheet.TurnResult) (float64, bool) {
	s, ok := c.Ready(g.Rules.Options.Joker)
	if !ok {
		return 0, false
	}
	cat, err := validate.ParseCategory(lt.Category)
	if err != nil {
		return 0, false
	}
	before := g.Boxes(lt.Seat)
	before.Filled[cat], before.Value[cat] = false, 0
	tn := s.Turn(before)
	all := g.Entries()
	es := all[len(all)-lt.Entries:]
	var held, dice validate.Counts
	throws, loss := 0, 0.0
	for i, e := range es {
		switch e.Kind {
		case scoresheet.EntryDice:
			dice = validate.CountsOf(e.Roll)
		case scoresheet.EntryThrow:
			dice = held.Plus(validate.CountsOf(e.Roll))
			throws++
			held = validate.Counts{}
			nextThrow := i+1 < len(es) && es[i+1].Kind == scoresheet.EntryThrow
			if left := 3 - throws; left > 0 && (e.Keep != nil || nextThrow) {
				held = validate.CountsOf(e.Keep) // no keep before a throw: none held
				loss += tn.HoldLoss(dice, held, left)
			}
		case scoresheet.EntryScore:
			l, ok := tn.BoxLoss(dice, cat)
			if !ok {
				return 0, false
			}
			loss += l
		}
	}
	return loss, true
}
