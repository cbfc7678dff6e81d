package tui

import (
	"fmt"
	"strings"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
)

// bindings is the Zehntausend-family view's table of keys on an empty
// input, with the throws typed as examples: the play screen's handler, its
// help and its hint line are made from it (with the keys every play
// screen has, play.bindings).
func (v *familyView) bindings() bindings {
	if v.pending != nil {
		return v.keepBindings()
	}
	// The example has as many dice as are to be thrown now.
	n := v.rules().Dice()
	if v.rueckwaerts() {
		_, n = v.game().Table()
	} else if t := v.game().Family(); t != nil {
		n = t.DiceToThrow()
	}
	ex := exampleThrow(n)
	bs := bindings{{label: ex + " Enter", typed: ex, footer: v.tr("throw", "Wurf")}}
	if !v.rueckwaerts() {
		bs = append(bs, v.stopBinding())
	}
	if !v.rules().AllScoring() {
		both := ex + "/" + ex[:min(3, len(ex))]
		bs = append(bs, binding{label: both, typed: both, help: v.tr("throw and keep at once", "Wurf und Auswahl auf einmal")})
	}
	return append(bs, v.voidBinding())
}

// stopBinding is s (also w), named only where the rules allow a stop now;
// at a turn's start or while a rule forbids it, s only says why (the
// refusal), unnamed.
func (v *familyView) stopBinding() binding {
	stop := func() { v.p.commit(scoresheet.Entry{Kind: scoresheet.EntryStop}, nil) }
	if t := v.game().Family(); t == nil || len(t.StopBlockers()) > 0 {
		return binding{keys: runeKey('s', 'w'), explains: true, do: stop}
	}
	return binding{keys: runeKey('s', 'w'), label: "s", footer: v.tr("stop (write)", "schreiben"),
		help: v.tr("stop and write the turn's points (also w)", "schreiben: die Punkte des Zugs eintragen (auch w)"),
		do:   stop}
}

// voidBinding is v, a void throw, where Hausbau has them (also while a
// typed throw waits for its keep: it was void after all).
func (v *familyView) voidBinding() binding {
	return binding{keys: runeKey('v'), label: "v", when: func() bool { return v.rules().Options.Hausbau },
		footer: v.tr("void throw (Hausbau)", "Fehlversuch (Hausbau)"),
		do: func() {
			v.pending, v.options = nil, nil
			v.p.commit(scoresheet.Entry{Kind: scoresheet.EntryVoid}, nil)
		}}
}

// keepBindings are the keys while a throw waits for its keep: a letter
// takes its keep, Enter the first (at Rat the coach's advice), ↓/↑ page
// through a list that does not fit.
func (v *familyView) keepBindings() bindings {
	n := len(v.options)
	letters := keepLetterRange(n)
	bs := bindings{}
	for i := range keepLetters {
		// A letter beyond the keeps only says so.
		b := binding{keys: runeKey(rune(keepLetters[i])), explains: i >= n, do: func() { v.pickLetter(i) }}
		if i == 0 {
			b.label, b.footer = letters, v.tr("pick", "nehmen")
			b.help = v.tr("pick that keep (letters without the command keys c q s u v w)",
				"diese Auswahl nehmen (Buchstaben ohne die Befehlstasten c q s u v w)")
		}
		bs = append(bs, b)
	}
	enter, enterHelp := v.enterKeep()
	bs = append(bs,
		binding{keys: specialKey(tcell.KeyEnter), label: "Enter", footer: enter, help: enterHelp,
			do: func() { v.take(keepThrow(v.pending, v.options[v.enterIndex()])) }},
		binding{keys: specialKey(tcell.KeyDown, tcell.KeyPgDn), label: "↓/↑", when: v.keeps.paged,
			help: v.tr("the other keeps, where they do not all fit", "die weiteren Auswahlen, wenn nicht alle passen"),
			do:   func() { v.keeps.scroll(true) }},
		binding{keys: specialKey(tcell.KeyUp, tcell.KeyPgUp), when: v.keeps.paged, do: func() { v.keeps.scroll(false) }},
		// No stop before the throw is taken: say so instead of nothing.
		binding{keys: runeKey('s', 'w'), explains: true, do: func() {
			v.p.say(fmt.Sprintf(v.tr("First choose what goes aside (%s or Enter), then stop with s.",
				"Erst wählen, was zur Seite kommt (%s oder Enter), dann mit s schreiben."), letters))
		}},
	)
	void := v.voidBinding()
	void.footer, void.help = "", v.tr("the throw was void after all (Hausbau)", "der Wurf war doch ein Fehlversuch (Hausbau)")
	return append(bs, void)
}

// pickLetter takes keep i of the list, or says that its letter names none.
func (v *familyView) pickLetter(i int) {
	if i < len(v.options) {
		v.take(keepThrow(v.pending, v.options[i]))
		return
	}
	v.noKeep(rune(keepLetters[i]))
}

// noKeep says that letter r is none of the waiting throw's keeps, naming
// their letters (a keep letter past them, or a letter that is no keep
// letter: c, a command letter elsewhere); false where no throw waits.
func (v *familyView) noKeep(r rune) bool {
	if v.pending == nil {
		return false
	}
	v.p.say(fmt.Sprintf(v.tr("'%c' is not among the keeps of this throw (%s).", "„%c“ gehört zu keiner Auswahl dieses Wurfs (%s)."),
		r, keepLetterRange(len(v.options))))
	return true
}

// enterIndex is the keep Enter takes: at Rat the coach's advice (the keep
// marked ◀: for the win where that coach speaks, else for the points),
// else the first of the list, the most points.
func (v *familyView) enterIndex() int {
	if v.p.coach() != storage.CoachAdvice {
		return 0
	}
	if wk := v.winKeeps(); wk.wins != nil && wk.best >= 0 {
		return wk.best
	}
	if values, best := v.coachKeeps(); values != nil && best >= 0 {
		return best
	}
	return 0
}

// enterKeep says what Enter takes, for the hint line and the help: "1 5
// (Rat)" at Rat, else the highest keep.
func (v *familyView) enterKeep() (footer, help string) {
	i := v.enterIndex()
	if v.p.coach() == storage.CoachAdvice && i < len(v.options) && i < len(keepLetters) {
		dice := v.keepDice(v.options[i], true)
		return fmt.Sprintf(v.tr("%s (advice)", "%s (Rat)"), dice),
			fmt.Sprintf(v.tr("the coach's advice: %c (%s)", "der Rat des Trainers: %c (%s)"), keepLetters[i], dice)
	}
	return v.tr("highest (a)", "höchste (a)"), v.tr("the highest keep (a), or the dice typed", "die höchste Auswahl (a), oder die getippten Würfel")
}

// typingNote is the help on typing turned fives and on the marks in the
// list of keeps (text, not keys: it goes with the help's notes).
func (v *familyView) typingNote() string {
	if v.rueckwaerts() || v.rules().AllScoring() {
		return ""
	}
	var lines []string
	if v.rules().Options.FuenferDrehen {
		lines = append(lines, v.tr("5* is a turned five (counts as a 1): 115*, 155523/15*.", "5* ist eine gedrehte Fünf (zählt als 1): 115*, 155523/15*."))
	}
	// Only the marks this game's keeps can carry: 5050 has nothing to
	// prove, and proving is off where confirming is on.
	var marks []string
	if v.confirmsKeeps() {
		marks = append(marks, v.tr("! to confirm", "! bestätigen"))
	}
	if v.rules().Variant().Stops.Proof {
		marks = append(marks, v.tr("✓ proves", "✓ beweist"), v.tr("? to prove", "? beweisen"))
	}
	if len(marks) > 0 {
		lines = append(lines, v.tr("Marks in the keeps: ", "Zeichen bei den Auswahlen: ")+strings.Join(marks, " · ")+".")
	}
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}
