package tui

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// showHelp shows the keys of s and, in a game, its rules with the active
// house rules, above the screen. Any of Esc, q, ?, F1 or Enter closes it.
func (ui *UI) showHelp(s screen) {
	keys, rules := s.help()
	tv := &hangView{TextView: newTextView().SetScrollable(true), width: -1, more: ui.tr(" ↓ more: ↑/↓ ", " ↓ weiter: ↑/↓ ")}
	tv.build = func(width int) string {
		text := ui.helpText(keys, rules, width)
		if n, ok := s.(helpNoter); ok {
			if note := n.helpNote(); note != "" {
				// What the screen shows, after the keys and before the rules.
				k, r, found := strings.Cut(text, "\n\n")
				text = k + "\n\n" + note
				if found {
					text += "\n" + r
				}
			}
		}
		return text
	}
	tv.SetBorder(true).SetTitle(" " + ui.tr("Help", "Hilfe") + " ")
	tv.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		switch {
		case ev.Key() == tcell.KeyEscape, ev.Key() == tcell.KeyEnter, ev.Key() == tcell.KeyF1,
			ev.Key() == tcell.KeyRune && (ev.Rune() == 'q' || ev.Rune() == '?'):
			ui.closeOverlay()
			return nil
		}
		return ev
	})
	ui.showOverlay(tv)
}

// helpNoter is a screen whose help explains what it shows.
type helpNoter interface {
	helpNote() string
}

// hangView is a text view whose text is made for the width it is drawn
// with (build), so that wrapped lines can keep their indent.
type hangView struct {
	*tview.TextView
	build func(width int) string
	width int    // the width the text was made for
	more  string // on the bottom border while text is below it
}

func (v *hangView) Draw(screen tcell.Screen) {
	x, y, w, h := v.GetInnerRect()
	if w != v.width {
		v.width = w
		v.SetText(hangLines(v.build(w), w))
	}
	v.TextView.Draw(screen)
	// A help taller than the screen says that it goes on (80×24 cut a
	// game's house rules off without a word).
	if row, _ := v.GetScrollOffset(); v.more != "" && row+h < v.GetWrappedLineCount() {
		tview.Print(screen, v.more, x, y+h, w, tview.AlignRight, tview.Styles.BorderColor)
	}
}

// hangLabel is a line's label ("  [::b]Spiele[::-]  "): a bold word after
// the indent and two spaces after it, as the keys and the columns of a
// help are written.
var hangLabel = regexp.MustCompile(`^ *\[::b\][^\[\]]*\[::-\]  +`)

// hangBullet is a bulleted line's head ("• "): its wrapped part goes on
// under the text, not under the bullet.
var hangBullet = regexp.MustCompile(`^ *• +`)

// hangLines wraps every line of text wider than width (tagged text) so
// that its wrapped part hangs under its text: under the text after a
// label ("  s  schreiben …") or a bullet ("• schreiben erst …"), else
// under the line's own indent ("  Straße …"). Where that leaves too little
// room the view wraps the line itself.
func hangLines(text string, width int) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if width <= 0 || tview.TaggedStringWidth(l) <= width {
			continue
		}
		head := len(l) - len(strings.TrimLeft(l, " "))
		if m := hangLabel.FindString(l); m != "" {
			head = len(m)
		} else if m := hangBullet.FindString(l); m != "" {
			head = len(m)
		}
		indent := tview.TaggedStringWidth(l[:head])
		if width-indent < 12 {
			continue
		}
		rest := tview.WordWrap(l[head:], width-indent)
		for j := range rest {
			rest[j] = strings.TrimRight(rest[j], " ")
		}
		lines[i] = l[:head] + strings.Join(rest, "\n"+strings.Repeat(" ", indent))
	}
	return strings.Join(lines, "\n")
}

// helpText is the help of a screen's keys and rules, for a view width
// wide (0: not known): a key's text too long for its line goes on under
// itself, not under the keys.
func (ui *UI) helpText(keys []keyHelp, rules *validate.Rules, width int) string {
	var b strings.Builder
	b.WriteString("[::b]" + ui.tr("Keys on this screen", "Tasten auf diesem Bild") + "[::-]\n")
	w := 6 // "? / F1"
	for _, k := range keys {
		w = max(w, len([]rune(k.key)))
	}
	hang := func(what string) string {
		if width-w-4 < 12 {
			return what // too narrow to indent: the view wraps it
		}
		return strings.Join(tview.WordWrap(what, width-w-4), "\n"+strings.Repeat(" ", w+4))
	}
	for _, k := range keys {
		fmt.Fprintf(&b, "  [::b]%s[::-]%s  %s\n", k.key, strings.Repeat(" ", w-len([]rune(k.key))), hang(k.what))
	}
	fmt.Fprintf(&b, "  [::b]?[::-] / [::b]F1[::-]%s  %s\n", strings.Repeat(" ", max(w-6, 0)), hang(ui.tr("this help (Esc closes it)", "diese Hilfe (Esc schließt sie)")))
	if rules == nil {
		return b.String()
	}
	b.WriteString("\n[::b]" + ui.tr("Rules: ", "Regeln: ") + esc(ui.gameName(rules.Game)) + "[::-]\n")
	if changed := rules.Options.Map(rules.Game); len(changed) > 0 {
		var ids []string
		for _, s := range validate.OptionSpecs(rules.Game) {
			if _, ok := changed[s.ID]; ok {
				ids = append(ids, s.Name(ui.lang))
			}
		}
		b.WriteString("[::b]" + esc(fmt.Sprintf(ui.tr("Played with house rules that change what follows: %s (see below).",
			"Gespielt mit Hausregeln, die das Folgende ändern: %s (siehe unten)."), strings.Join(ids, ", "))) + "[::-]\n")
	}
	b.WriteString(esc(reflow(validate.RulesText(rules.Game, ui.lang))) + "\n")
	b.WriteString(ui.houseRulesText(rules))
	return b.String()
}

// houseRulesText lists every house rule of the game with its value; the
// ones that differ from the basic game are bold and marked.
func (ui *UI) houseRulesText(rules *validate.Rules) string {
	specs := validate.OptionSpecs(rules.Game)
	if len(specs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\n[::b]" + ui.tr("House rules of this game", "Hausregeln dieses Spiels") + "[::-] (" +
		ui.tr("* = not the default", "* = nicht die Vorgabe") + ")\n")
	changed := rules.Options.Map(rules.Game)
	for _, s := range specs {
		v := rules.Options.Get(s.ID)
		mark, on, off := " ", "", ""
		if _, ok := changed[s.ID]; ok {
			mark, on, off = "*", "[::b]", "[::-]"
		}
		fmt.Fprintf(&b, "%s %s%s (%s) = %s%s  (%s %s)\n    %s\n", mark, on, esc(s.Name(ui.lang)), s.ID, ui.formatValue(v), off,
			ui.tr("default", "Vorgabe"), ui.formatValue(s.Default), esc(s.Describe(ui.lang)))
	}
	return b.String()
}

// textPage is a scrollable page of text (rules, placeholders).
type textPage struct {
	ui     *UI
	tv     *tview.TextView
	layout *fitFlex // the text and its footer of keys
	keys   []keyHelp
	rules  *validate.Rules
}

// newTextPage is a page of text (the rules, the review, the final sheet)
// with its keys in a footer under it.
func newTextPage(ui *UI, title, body string) *textPage {
	tv := newTextView().SetScrollable(true)
	tv.SetText(body)
	tv.SetBorder(true).SetTitle(" " + title + " ")
	keys := []keyHelp{{"↑/↓", ui.tr("scroll", "blättern")}, {"q/Esc", ui.tr("back", "zurück")}, {"?", ui.tr("help", "Hilfe")}}
	footer := newTextView().SetText(hintLine(keys))
	layout := &fitFlex{Flex: tview.NewFlex().SetDirection(tview.FlexRow).AddItem(tv, 0, 1, true).AddItem(footer, 1, 0, false),
		fit: func(int, int) {}}
	return &textPage{ui: ui, tv: tv, layout: layout, keys: keys[:2]}
}

// newFitTextPage is a text page laid out for its width (the review's
// tables drop columns where the page is narrow), again whenever the
// width changes.
func newFitTextPage(ui *UI, title string, body func(width int) string) *textPage {
	p := newTextPage(ui, title, "")
	width := -1
	p.layout.fit = func(w, _ int) {
		if w != width {
			width = w
			row, col := p.tv.GetScrollOffset()
			p.tv.SetText(body(w-2)).ScrollTo(row, col) // inside the border
		}
	}
	return p
}

func (p *textPage) root() tview.Primitive                  { return p.layout }
func (p *textPage) focus() tview.Primitive                 { return p.tv }
func (p *textPage) key(ev *tcell.EventKey) *tcell.EventKey { return ev }
func (p *textPage) typing() bool                           { return false }
func (p *textPage) back()                                  { p.ui.pop() }
func (p *textPage) help() ([]keyHelp, *validate.Rules)     { return p.keys, p.rules }
func (p *textPage) refresh()                               {}

// reflow joins the lines of a rules text that continue a sentence (they
// start with a small letter, or the line before ends in a comma or a
// semicolon: "werden addiert;" / "Würfel mit Killerzahl …", German nouns
// are capitalised), so the help can wrap them to the screen. An indented
// line (a list of combinations) stays a line of its own.
func reflow(s string) string {
	lines := strings.Split(s, "\n")
	out := lines[:1]
	for _, l := range lines[1:] {
		if continues(out[len(out)-1], l) {
			out[len(out)-1] += " " + l
			continue
		}
		out = append(out, l)
	}
	return wholeDice(strings.Join(out, "\n")) // no keep split when it wraps
}

// continues: line l of a rules text goes on with the sentence of prev.
func continues(prev, l string) bool {
	r := []rune(l)
	switch {
	case len(r) == 0 || unicode.IsSpace(r[0]):
		return false
	case unicode.IsLower(r[0]):
		return true
	}
	return strings.HasSuffix(prev, ",") || strings.HasSuffix(prev, ";")
}
