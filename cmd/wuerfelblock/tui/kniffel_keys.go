package tui

import (
	"fmt"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// bindings is the Kniffel view's table of keys on an empty input, with the
// throws typed as examples: the play screen's handler, its help and its
// hint line are made from it. The hint line leaves out the view's keys
// from its end where it is too narrow, so t, the other entry mode, comes
// right after the first: both modes stay one key away on every screen. At
// the turn's start t comes first (the prompt says how to type the dice).
func (v *kniffelView) bindings() bindings {
	t := v.game().KniffelTurn()
	switch {
	case v.lastThrow(), v.pending == nil && v.canScore():
		return append(v.boxBindings(v.tr("choose box", "Feld wählen")),
			binding{keys: specialKey(tcell.KeyEnter), label: "Enter", footer: v.tr("write it", "eintragen"),
				help: v.tr("write the dice in the box under the cursor", "die Würfel in das Feld unter dem Cursor eintragen"), do: v.score})
	case v.pending != nil:
		return v.holdBindings()
	case v.quick():
		return append(v.toggleBinding(), binding{label: "22456", typed: "22456", footer: v.tr("final dice, Enter", "Endwürfel, Enter")})
	}
	// The example has as many dice as are to be thrown now; the last
	// throw keeps nothing.
	ex := "22456"[:max(1, min(5, t.DiceToThrow()))]
	bs := append(v.toggleBinding(), binding{label: ex, typed: ex, footer: v.tr("throw", "Wurf")})
	if t.ThrowsLeft() > 1 {
		both := ex + "/" + ex[:min(2, len(ex))]
		bs = append(bs, binding{label: both, typed: both, footer: v.tr("keep", "behalten"), help: v.tr("throw/keep", "Wurf/behalten")})
	}
	return bs
}

// holdBindings are the keys while a throw waits for its hold, throws
// left: Enter takes the coach's hold at Rat (else it asks for one), s
// stands on the box under the cursor, n keeps none.
func (v *kniffelView) holdBindings() bindings {
	ex := v.holdExample()
	// An example to type, said as the other screens say theirs ("11152
	// Enter Wurf"): "11 behalten" read as a command.
	keep := binding{label: ex + " Enter", tight: ex, typed: ex, footer: v.tr("keep", "behalten"), help: v.tr("keep these, throw the rest", "behalten, Rest werfen")}
	enter := binding{keys: specialKey(tcell.KeyEnter), label: "Enter", do: v.takeHold,
		help: v.tr("the advised hold (coach: advice); never a box", "das geratene Behalten (Trainer: Rat); nie ein Feld")}
	var bs bindings
	if h, ok := v.advisedHold(); ok {
		enter.footer = fmt.Sprintf(v.tr("%s (advice)", "%s (Rat)"), v.holdName(h, v.pendingDice()))
		enter.help = fmt.Sprintf(v.tr("the coach's advice: %s; never a box", "der Rat des Trainers: %s; nie ein Feld"), v.holdPhrase(h, v.pendingDice()))
		bs = append(append(bindings{enter}, v.toggleBinding()...), keep)
	} else {
		bs = append(append(bindings{keep}, v.toggleBinding()...), enter)
	}
	bs = append(bs,
		binding{keys: runeKey('s'), label: "s", footer: v.tr("stand", "stehen lassen"),
			help: v.tr("stand: write the box under the cursor now", "stehen lassen: das Feld unter dem Cursor jetzt eintragen"), do: v.score},
		binding{keys: runeKey('n'), label: "n", footer: v.tr("keep none", "nichts behalten"), do: func() { v.throw(v.pending, []int{}) }})
	return append(bs, v.boxBindings(v.tr("box for s", "Feld für s"))...)
}

// boxBindings are a–m and ↑/↓, which put the cursor on a free box.
func (v *kniffelView) boxBindings(word string) bindings {
	var bs bindings
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		b := binding{keys: runeKey('a' + rune(c)), do: func() { v.choose(c) }}
		if c == 0 {
			b.label, b.footer = "a–m/↑↓", word
			b.help = v.tr("the box (letter, or the cursor to the next free one)", "das Feld (Buchstabe, oder der Cursor zum nächsten freien)")
		}
		bs = append(bs, b)
	}
	return append(bs,
		binding{keys: specialKey(tcell.KeyDown), do: func() { v.move(true) }},
		binding{keys: specialKey(tcell.KeyUp), do: func() { v.move(false) }})
}

// choose puts the cursor on box c; a filled box is said, and the box
// chosen before stays.
func (v *kniffelView) choose(c validate.Category) {
	if b := v.game().Boxes(v.game().Seat()); b.Filled[c] {
		v.p.say(fmt.Sprintf(v.tr("%s is already filled (%d): choose a free box.", "%s ist schon belegt (%d): ein freies Feld wählen."), c.Name(v.lang), b.Value[c]))
		return
	}
	v.sel = c
}

// toggleBinding is t, the other entry mode, where t switches it: before
// the turn's first throw is stored (a first throw typed throw by throw
// becomes the final dice).
func (v *kniffelView) toggleBinding() bindings {
	if !v.canToggle() {
		return nil
	}
	b := binding{keys: runeKey('t'), label: "t", do: v.toggle}
	switch {
	case v.pending != nil:
		b.footer, b.help = v.tr("final dice", "Endwürfel"), v.tr("these are the final dice (only the box is chosen)", "das sind die Endwürfel (nur das Feld wird gewählt)")
	case v.quick():
		b.footer = v.tr("throw by throw", "Wurf für Wurf")
	default:
		b.footer = v.tr("final dice", "Endwürfel")
	}
	if b.help == "" {
		b.help = v.tr("this turn: throw by throw ↔ final dice", "dieser Zug: Wurf für Wurf ↔ Endwürfel")
	}
	return bindings{b}
}

// toggle is t: a throw typed throw by throw becomes the final dice; else
// the turn's entry mode switches.
func (v *kniffelView) toggle() {
	if v.pending != nil {
		v.finalDice()
		return
	}
	if v.quick() {
		v.byThrow = v.turnNumber()
		v.p.say(v.tr("Entry: throw by throw.", "Eingabe: Wurf für Wurf."))
		return
	}
	v.byThrow = 0
	v.p.say(v.tr("Entry: final dice only.", "Eingabe: nur die Endwürfel."))
}
