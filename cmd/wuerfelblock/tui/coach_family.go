package tui

import (
	"fmt"
	"math"
	"slices"
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

// coachExample is the help's example of the coach line, for the game's
// own house rules and its first turn: the fewest example throws (the dice
// in the cup thrown as 1 1 1 5 2 3 or 5 1 1 5 2 3, each keep in the
// engine's order, no turned fives) after which a stop is allowed, and the
// coach's position there. ok is false where none is found within four
// throws.
func coachExample(r *validate.Rules) (throws []validate.Throw, p family.Position, ok bool) {
	s, err := family.For(r)
	if err != nil {
		return nil, family.Position{}, false
	}
	ctx := validate.TurnContext{}
	tb := s.Table(ctx)
	level := [][]validate.Throw{nil}
	for range 4 {
		var next [][]validate.Throw
		for _, ths := range level {
			p, _, _, err := tb.Replay(ctx, ths)
			if _, over := p.Over(); err != nil || over {
				continue
			}
			if _, can := p.StopValue(); can && len(ths) > 0 {
				return ths, p, true
			}
			for _, ex := range []string{"111523", "511523"} { // with a 5 first: a single die can be a 5
				roll, err := validate.ParseDice(diceExample(ex, p.Dice()))
				if err != nil {
					continue
				}
				ks, _ := p.LegalKeeps(roll)
				for _, k := range ks {
					if k.FivesAsOnes == 0 {
						next = append(next, append(slices.Clone(ths), keepThrow(roll, k)))
					}
				}
			}
		}
		level = next
	}
	return nil, family.Position{}, false
}

// throwsText writes throws as they are typed (and as advise takes them):
// "11152/111 11/11".
func throwsText(ths []validate.Throw) string {
	packed := func(d []int) string { return strings.ReplaceAll(validate.FormatDice(d), " ", "") }
	parts := make([]string, len(ths))
	for i, th := range ths {
		parts[i] = packed(th.Roll) + "/" + packed(th.Keep)
	}
	return strings.Join(parts, " ")
}

// coachHelpNote explains the coach line on the help screen, with an
// example of it under the game's house rules.
func (v *familyView) coachHelpNote() string {
	if !family.Covers(v.rules().Game) {
		return ""
	}
	about := v.tr("The coach (* switches off/odds/advice) counts exactly, under these house rules, what the turn banks on average with best play from here: throwing on (with the bust chance) or stopping now. Advice: which is better (+margin), ⌀ every keep's value, ◀ the best. This turn only, not the totals or the target.",
		"Der Trainer (* schaltet aus/Chancen/Rat) rechnet genau nach diesen Hausregeln, was der Zug bei bestem Spiel von hier an im Schnitt schreibt: weiter (mit Fehlwurf-Chance) oder jetzt schreiben. Rat: was besser ist (+Abstand), ⌀ Wert jeder Auswahl, ◀ die beste. Nur dieser Zug, nicht Stände und Ziel.")
	ths, p, ok := coachExample(v.rules())
	if !ok {
		return about + "\n"
	}
	stop, _ := p.StopValue()
	return "[::b]" + fmt.Sprintf(v.tr("Throw on: %s %% bust, on average %d · Stop: %d", "Weiter: %s %% Fehlwurf, im Schnitt %d · Schreiben: %d"),
		v.dec1(100*p.BustChance()), coachPoints(p.ThrowValue()), stop) + "[::-]\n" + about +
		// The example's throws and position are never split when the text wraps.
		" " + fmt.Sprintf(v.tr("(Example: after %s, turn\u00a0%d, %s in\u00a0the\u00a0cup.)", "(Beispiel: nach %s Zug\u00a0%d, %s im\u00a0Becher.)"),
		nbsp(throwsText(ths)), p.Points(), nbsp(v.dice(p.Dice()))) + "\n"
}
