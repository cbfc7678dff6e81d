package tui

import (
	"fmt"
	"math"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The coach in the Zehntausend-family turn panel: at the level "odds" the
// chance that the next throw scores nothing, what stopping banks now and
// what throwing on is worth under best play; at "advice" also stop or
// throw on with the margin, and the best keep of a throw with every keep's
// value. The values are the turn's expected banked points (coach/family);
// the game's totals and target are not part of them.

// coachPosition is the coach's position of the turn on screen, from the
// entries of the turn so far; ok is false where the coach says nothing.
func (v *familyView) coachPosition() (family.Position, bool) {
	if v.p.coach() == storage.CoachOff || !family.Covers(v.rules().Game) {
		return family.Position{}, false
	}
	s, err := family.For(v.rules())
	if err != nil {
		return family.Position{}, false
	}
	g := v.game()
	ctx := validate.TurnContext{Entered: g.Totals()[g.Seat()] > 0}
	if last, ok := g.LastTurn(); ok {
		ctx.Previous = max(last.Points, 0) // steigerung: the turn just before
	}
	es := g.Entries()
	var throws []validate.Throw
	for _, e := range es[len(es)-g.TurnEntries():] {
		switch e.Kind {
		case scoresheet.EntryThrow:
			throws = append(throws, validate.Throw{Roll: e.Roll, Keep: e.Keep, FivesAsOnes: e.FivesAsOnes})
		case scoresheet.EntryVoid:
			throws = append(throws, validate.Throw{Void: true})
		}
	}
	p, _, _, err := s.Table(ctx).Replay(ctx, throws)
	if err != nil {
		return family.Position{}, false
	}
	if _, over := p.Over(); over {
		return family.Position{}, false
	}
	return p, true
}

// points writes expected points rounded to whole points.
func coachPoints(x float64) int { return int(math.Round(x)) }

// coachLines are what the coach says before the next throw: the bust
// chance and the value of throwing on; where a stop is allowed, what it
// banks; at "advice" which is better and by how much.
func (v *familyView) coachLines() []panelLine {
	p, ok := v.coachPosition()
	if !ok {
		return nil
	}
	// Non-breaking spaces keep "7,7 % Fehlwurf" and "im Schnitt 1218"
	// whole when the line wraps.
	pct := v.dec1(100 * p.BustChance())
	throw := coachPoints(p.ThrowValue())
	ls := []panelLine{{rank: rankCoach, forms: []string{
		fmt.Sprintf(v.tr("Throw on: %s\u00a0%%\u00a0bust, on\u00a0average\u00a0%d", "Weiter: %s\u00a0%%\u00a0Fehlwurf, im\u00a0Schnitt\u00a0%d"), pct, throw),
		fmt.Sprintf(v.tr("Throw on: %s\u00a0%%\u00a0bust, ⌀%d", "Weiter: %s\u00a0%%\u00a0Fehlwurf, ⌀%d"), pct, throw)}}}
	stop, can := p.StopValue()
	if !can {
		return ls
	}
	if v.stopForfeits() {
		// The coach counts the turn alone; here the game takes the points
		// away (5000: over the target), so it must not advise the stop.
		return append(ls, panelLine{rank: rankCoach, forms: []string{
			fmt.Sprintf(v.tr("Stop: %d, but not banked (see\u00a0above)", "Schreiben: %d, zählt aber nicht (siehe\u00a0oben)"), stop),
			fmt.Sprintf(v.tr("Stop: %d, not banked", "Schreiben: %d, zählt nicht"), stop)}})
	}
	s := fmt.Sprintf(v.tr("Stop: %d", "Schreiben: %d"), stop)
	if v.p.coach() == storage.CoachAdvice {
		d := p.ThrowValue() - float64(stop)
		if p.ShouldStop() {
			s += fmt.Sprintf(" [::b]%s[::-]", fmt.Sprintf(v.tr("→\u00a0better\u00a0stop\u00a0(+%d)", "→\u00a0besser\u00a0schreiben\u00a0(+%d)"), coachPoints(-d)))
		} else {
			s += fmt.Sprintf(" [::b]%s[::-]", fmt.Sprintf(v.tr("→\u00a0better\u00a0throw\u00a0on\u00a0(+%d)", "→\u00a0besser\u00a0weiter\u00a0(+%d)"), coachPoints(d)))
		}
	}
	return append(ls, line(s, rankCoach))
}

// stopForfeits is whether a stop now would not bank the turn's points for
// the player (5000: over 5000, the points go to another player or are lost).
func (v *familyView) stopForfeits() bool {
	res, ok := v.game().StopPreview()
	if !ok {
		return false
	}
	for _, ev := range res.Events {
		if ev.Kind == scoresheet.EventLost || ev.Kind == scoresheet.EventTransfer {
			return true
		}
	}
	return false
}

// coachKeeps is the coach's value of each listed keep of the pending throw
// (by position in v.options) and the best one; nil below "advice".
func (v *familyView) coachKeeps() (values []family.KeepAdvice, best int) {
	if v.pending == nil || v.p.coach() != storage.CoachAdvice {
		return nil, -1
	}
	p, ok := v.coachPosition()
	if !ok {
		return nil, -1
	}
	advice, err := p.Keeps(v.pending)
	if err != nil || len(advice) == 0 {
		return nil, -1
	}
	byKeep := adviceByKeep(advice)
	values = make([]family.KeepAdvice, len(v.options))
	best = -1
	for i, k := range v.options {
		a, ok := byKeep[keyOf(k)]
		if !ok {
			return nil, -1
		}
		values[i] = a
		if best < 0 || a.Value > values[best].Value {
			best = i
		}
	}
	return values, best
}

// keepKey names a keep by its dice and turned fives.
type keepKey struct {
	dice  validate.Counts
	fives int
}

func keyOf(k validate.Keep) keepKey { return keepKey{validate.CountsOf(k.Dice), k.FivesAsOnes} }

// adviceByKeep is the coach's advice on each keep.
func adviceByKeep(advice []family.KeepAdvice) map[keepKey]family.KeepAdvice {
	byKeep := make(map[keepKey]family.KeepAdvice, len(advice))
	for _, a := range advice {
		byKeep[keyOf(a.Keep)] = a
	}
	return byKeep
}

// coachValueOf is the coach's value of each keep of roll, for ordering keeps
// of equal points; nil where the coach is off or says nothing, or does not
// know one of the keeps.
func (v *familyView) coachValueOf(roll []int, ks []validate.Keep) map[keepKey]float64 {
	if v.p.coach() == storage.CoachOff {
		return nil
	}
	p, ok := v.coachPosition()
	if !ok {
		return nil
	}
	advice, err := p.Keeps(roll)
	if err != nil {
		return nil
	}
	byKeep := adviceByKeep(advice)
	out := make(map[keepKey]float64, len(ks))
	for _, k := range ks {
		a, ok := byKeep[keyOf(k)]
		if !ok {
			return nil
		}
		out[keyOf(k)] = a.Value
	}
	return out
}

// coachKeepNote is the coach's note on keep i of the list: its value, and
// a mark on the best.
func coachKeepNote(values []family.KeepAdvice, best, i int) string {
	if values == nil {
		return ""
	}
	note := fmt.Sprintf("⌀%d", coachPoints(values[i].Value))
	if i == best {
		note = "[::b]" + note + " ◀[::-]"
	}
	return note
}

// coachPendingLine names the best keep of the pending throw at "advice",
// longest form first: where the best is not the keep of the most points,
// with one short reason (coachWhy).
func (v *familyView) coachPendingLine() []string {
	values, best := v.coachKeeps()
	if values == nil || best >= len(keepLetters) {
		return nil
	}
	then := v.tr("then throw on", "dann weiter")
	if values[best].Stop {
		then = v.tr("then stop", "dann schreiben")
	}
	s := fmt.Sprintf(v.tr("Advice: %c (%s), %s, ⌀%d", "Rat: %c (%s), %s, ⌀%d"),
		keepLetters[best], nbsp(v.keepDice(v.options[best], true)), then, coachPoints(values[best].Value))
	short := "[::b]" + s + "[::-]"
	if why := v.coachWhy(best); why != "" {
		return []string{short + " · " + why, short}
	}
	return []string{short}
}

// coachWhy is the reason the coach prefers keep best to the first keep of
// the list (the most points), from facts of the rules in this order: the
// first must be confirmed, or proved, and the best need not; the best gives
// hot dice; the best leaves more dice in the cup. "" when best is first or
// none applies.
func (v *familyView) coachWhy(best int) string {
	if best <= 0 || best >= len(v.options) {
		return ""
	}
	t := v.game().Family()
	top, adv := v.options[0], v.options[best]
	nt, na := t.NoteOf(top), t.NoteOf(adv)
	left := func(k validate.Keep) int { return len(v.pending) - len(k.Dice) }
	w := v.words()
	switch {
	case nt.NeedsConfirm && !na.NeedsConfirm:
		return w.CoachWhy(say.WhyConfirm, nbsp(v.keepDice(top, true)), 0)
	case nt.NeedsProof && !na.NeedsProof:
		return w.CoachWhy(say.WhyProof, nbsp(validate.FormatDice(ofAKind(top.Dice))), 0)
	case v.givesHotDice(v.pending, adv) && !v.givesHotDice(v.pending, top):
		return w.CoachWhy(say.WhyHotDice, "", v.rules().Dice())
	case left(adv) > left(top):
		return w.CoachWhy(say.WhyCup, "", left(adv))
	}
	return ""
}

// ofAKind are the dice of a keep that make its of-a-kind combinations
// (faces three times or more); the whole keep where there are none.
func ofAKind(dice []int) []int {
	c := validate.CountsOf(dice)
	var out []int
	for _, d := range dice {
		if c[d] >= 3 {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return dice
	}
	return out
}

// nbsp keeps dice ("1 1 5") whole when a line wraps.
func nbsp(s string) string { return strings.ReplaceAll(s, " ", "\u00a0") }

// coachExample is a coach line of the basic game, as the help shows it:
// the turn's points and dice in the cup after the example's throws, and
// what the coach says there (checked against the coach by the tests).
type coachExample struct {
	throws           string // as advise takes them
	turn, dice       int
	bust             float64 // per cent
	throwValue, stop int
}

var coachExamples = map[validate.GameID]coachExample{
	validate.Game5050:        {"111523/1115 15/15", 1200, 6, 2.3, 1447, 1200},
	validate.Game5000:        {"11152/1115 5/5", 1200, 5, 7.7, 1136, 1200},
	validate.GameZehntausend: {"11123/111 15/15", 1150, 5, 7.7, 1218, 1150},
}

// coachHelpNote explains the coach line on the help screen.
func (v *familyView) coachHelpNote() string {
	ex, ok := coachExamples[v.rules().Game]
	if !ok {
		return ""
	}
	return "[::b]" + fmt.Sprintf(v.tr("Throw on: %s %% bust, on average %d · Stop: %d", "Weiter: %s %% Fehlwurf, im Schnitt %d · Schreiben: %d"),
		v.dec1(ex.bust), ex.throwValue, ex.stop) + "[::-]\n" +
		v.tr("The coach (* switches off/odds/advice) counts exactly, under these house rules, what the turn banks on average with best play from here: throwing on (with the bust chance) or stopping now. Advice: which is better (+margin), ⌀ every keep's value, ◀ the best. This turn only, not the totals or the target.",
			"Der Trainer (* schaltet aus/Chancen/Rat) rechnet genau nach diesen Hausregeln, was der Zug bei bestem Spiel von hier an im Schnitt schreibt: weiter (mit Fehlwurf-Chance) oder jetzt schreiben. Rat: was besser ist (+Abstand), ⌀ Wert jeder Auswahl, ◀ die beste. Nur dieser Zug, nicht Stände und Ziel.") +
		// The example's position is never split when the text wraps.
		" " + strings.ReplaceAll(fmt.Sprintf(v.tr("(The example: the basic game, turn %d, %s in the cup.)", "(Das Beispiel: Grundspiel, Zug %d, %s im Becher.)"), ex.turn, v.dice(ex.dice)), " ", "\u00a0") + "\n"
}
