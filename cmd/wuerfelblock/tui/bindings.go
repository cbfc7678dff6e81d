package tui

import (
	"github.com/gdamore/tcell/v2"
)

// binding is one key of a screen with what it does and what it is called:
// a screen keeps one table of them, and its key handler, its help and its
// footer are all made from that table, so that no key is offered that does
// nothing and no key works unsaid (lazygit's controllers do the same).
type binding struct {
	keys []keyPress // the keys that do it; the first ones are named in label
	// label is how the keys are written in the help and the footer
	// ("←/→", "Enter", "o").
	label string
	// footer is the short word of the footer ("" : help only); help the
	// longer line of the help screen. Both in the screen's language.
	footer, help string
	// when, if set, says whether the binding applies now; one that does
	// not is neither handled nor shown.
	when func() bool
	do   func()
	// short is the keys' name in the footer when shorter than label
	// ("Space" for "Space/Enter").
	short string
	// tight is the keys' name in a play screen's footer where the line is
	// too narrow for label: an example without its Enter ("11" for "11
	// Enter"), so that it stays on the line rather than gives way.
	tight string
	// footerOnly: the footer names it, the help does not (the help has
	// its own line for ?).
	footerOnly bool
	// menu, if set, is the binding's line in a screen that lists its
	// keys as a menu (the home screen).
	menu string
	// typed, if set, is what a player types for it on a play screen (dice
	// and then Enter: "111523", "22456/22"); label shows it. Such a binding
	// has no keys of its own: the input takes what is typed.
	typed string
	// explains: the binding only says why its key does nothing now ("first
	// choose what goes aside"); the help need not list it.
	explains bool
}

// keyPress is a key: a rune (key tcell.KeyRune) or a special key.
type keyPress struct {
	key tcell.Key
	r   rune
}

// runeKey and specialKey make keyPresses.
func runeKey(rs ...rune) []keyPress {
	out := make([]keyPress, len(rs))
	for i, r := range rs {
		out[i] = keyPress{tcell.KeyRune, r}
	}
	return out
}

func specialKey(ks ...tcell.Key) []keyPress {
	out := make([]keyPress, len(ks))
	for i, k := range ks {
		out[i] = keyPress{key: k}
	}
	return out
}

func (b binding) active() bool { return b.when == nil || b.when() }

func (b binding) matches(ev *tcell.EventKey) bool {
	for _, k := range b.keys {
		if ev.Key() == k.key && (k.key != tcell.KeyRune || ev.Rune() == k.r) {
			return true
		}
	}
	return false
}

// bindings is a screen's table of keys.
type bindings []binding

// handle runs the first active binding of ev's key; false when none has it.
func (bs bindings) handle(ev *tcell.EventKey) bool {
	for _, b := range bs {
		if b.matches(ev) && b.active() {
			b.do()
			return true
		}
	}
	return false
}

// footerHelp is the footer as keys and words (hintLine): every active
// binding with a footer word.
func (bs bindings) footerHelp() []keyHelp {
	var out []keyHelp
	for _, b := range bs {
		if b.footer != "" && b.active() {
			label := b.label
			if b.short != "" {
				label = b.short
			}
			out = append(out, keyHelp{label, b.footer})
		}
	}
	return out
}

// keyHelp is the help screen's list: every active binding with a label
// (a binding without one is the other half of the one before: ← of ←/→).
func (bs bindings) keyHelp() []keyHelp {
	var out []keyHelp
	for _, b := range bs {
		if b.label != "" && !b.footerOnly && b.active() {
			what := b.help
			if what == "" {
				what = b.footer
			}
			out = append(out, keyHelp{b.label, what})
		}
	}
	return out
}

// keyHelper is a page built elsewhere (the statistics page) that says its
// keys for the help screen.
type keyHelper interface {
	keyHelp() []keyHelp
}
