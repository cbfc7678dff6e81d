package tui

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// text gives a screen the app's language.
type text struct{ lang validate.Lang }

// words is the app's one text layer (internal/say) in this language, with
// names escaped for tview and marks as tview's style tags.
func (t text) words() say.P {
	return say.P{Lang: t.lang, Name: esc,
		Strong: func(s string) string { return "[::b]" + s + "[::-]" },
		Alert:  func(s string) string { return "[::r]" + s + "[::-]" }}
}

func (t text) tr(en, de string) string { return t.words().Tr(en, de) }

// dec1 is a number with one decimal, with a decimal comma in German ("36,0").
func (t text) dec1(v float64) string { return t.words().Dec1(v) }

// dice is "1 die" / "3 dice" ("1 Würfel" / "3 Würfel").
func (t text) dice(n int) string { return t.words().Dice(n) }

// diceWith is dice after "with": "mit 1 Würfel" / "mit 3 Würfeln".
func (t text) diceWith(n int) string { return t.words().DiceWith(n) }

func (t text) gameName(g validate.GameID) string { return t.words().GameName(g) }

// describeEvent says in words what the rules did at the end of a turn.
func (t text) describeEvent(ev scoresheet.Event) string { return t.words().Event(ev) }

// describeEntry says what an entry was, for "taken back: …".
func (t text) describeEntry(e scoresheet.Entry, game validate.GameID) string {
	return t.words().Entry(e, game)
}

// formatValue writes an option value as players read it.
func (t text) formatValue(v any) string { return t.words().Value(v) }

// errText is an error in the players' language, safe for style tags.
func (t text) errText(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		// The database did not answer in time: most likely another program
		// holds it. Nothing was stored; the entry can simply be tried again.
		return t.tr("the database does not answer (another program may be using it); nothing was saved, try again",
			"die Datenbank antwortet nicht (vielleicht benutzt sie gerade ein anderes Programm); nichts gespeichert, bitte nochmal versuchen")
	}
	if storage.ErrorCode(err) == storage.CodeBusy {
		// Another program kept the database locked past storage's wait.
		// storage's words (with the database's path) need more than the
		// message line's two rows at 80 columns, and their useful end
		// (try again once it is done) was cut: the app's own database
		// needs no path, and nothing of the refused entry was stored.
		return t.tr("another program holds the database locked; try again once it is done",
			"die Datenbank ist von einem anderen Programm gesperrt; erneut versuchen, wenn es fertig ist")
	}
	var se *storage.Error
	if errors.As(err, &se) && (se.Code == storage.CodeReadOnly || se.Code == storage.CodeDiskFull) {
		// The same at start: storage's words for a database that can only
		// be read (or whose disk is full) name its path and another file,
		// and were cut at 80 columns before what to do; the reason stays,
		// in the players' language (SQLite's "database or disk is full"
		// too: storage words it).
		reason := t.storageReason(se)
		if se.Code == storage.CodeDiskFull {
			return esc(fmt.Sprintf(t.tr("the database's disk is full%s: nothing was saved, nothing was lost; free some space, then try again",
				"der Datenträger der Datenbank ist voll%s: nichts gespeichert, nichts verloren; erst Platz schaffen"), reason))
		}
		return esc(fmt.Sprintf(t.tr("the database can only be read%s; nothing was saved: quit, allow writing to its file and directory, start again",
			"die Datenbank lässt sich nur lesen%s; nichts gespeichert: beenden, Schreibrechte für Datei und Verzeichnis geben, neu starten"), reason))
	}
	// The operating system's reasons inside (a read-only database's
	// "operation not permitted", "read-only file system") in the players'
	// language too, as on the command line.
	return esc(t.osText(storage.Localize(err, t.lang)))
}

// osText is a message with the operating system's English reasons in it
// said in the players' language (say.OSText).
func (t text) osText(s string) string { return say.OSText(s, t.lang) }

// trailingTags are the style tags at the end of a text.
var trailingTags = regexp.MustCompile(`(\[[^\[\]]*\])+$`)

// sentenceEnd is s ending its sentence, so that another can follow: a
// full stop where s (its closing style tags aside) ends without one
// ("Taken: throw 2 3 4 5" before "Held before, now thrown again: 1.").
func sentenceEnd(s string) string {
	if t := strings.TrimSpace(trailingTags.ReplaceAllString(s, "")); t == "" || strings.ContainsAny(t[len(t)-1:], ".!?:") {
		return s
	}
	return s + "."
}

// whole is x rounded to a whole number (half to even) as players write it:
// say.Int's minus sign (−) before a negative one, not a hyphen ("−17",
// Dreißig tot's accounts).
func whole(x float64) string { return say.Int(int(math.RoundToEven(x))) }

// esc makes a player name safe for the terminal (scoresheet.SafeText, as
// every output of the command line) and for tview's style tags.
func esc(s string) string { return tview.Escape(scoresheet.SafeText(s)) }

// Styles: state is shown by attributes, so it survives NO_COLOR and light
// or dark terminals; colour only adds to it.
var (
	styleNormal   = tcell.StyleDefault
	styleSelected = tcell.StyleDefault.Reverse(true)
	styleCurrent  = tcell.StyleDefault.Bold(true)
	stylePreview  = tcell.StyleDefault.Underline(true).Foreground(tcell.ColorTeal)
	styleDim      = tcell.StyleDefault.Dim(true)
)

// setTheme makes tview draw on the terminal's own colours.
func setTheme() {
	tview.Styles = tview.Theme{
		PrimitiveBackgroundColor:    tcell.ColorDefault,
		ContrastBackgroundColor:     tcell.ColorDefault,
		MoreContrastBackgroundColor: tcell.ColorDefault,
		BorderColor:                 tcell.ColorDefault,
		TitleColor:                  tcell.ColorDefault,
		GraphicsColor:               tcell.ColorDefault,
		PrimaryTextColor:            tcell.ColorDefault,
		SecondaryTextColor:          tcell.ColorDefault,
		TertiaryTextColor:           tcell.ColorDefault,
		InverseTextColor:            tcell.ColorDefault,
		ContrastSecondaryTextColor:  tcell.ColorDefault,
	}
}

func newList() *tview.List {
	l := tview.NewList()
	l.SetSelectedStyle(styleSelected)
	l.SetMainTextStyle(styleNormal)
	l.SetSecondaryTextStyle(styleDim)
	l.SetShortcutStyle(styleCurrent)
	l.SetHighlightFullLine(true)
	l.SetWrapAround(false)
	return l
}

func newTable() *tview.Table {
	t := tview.NewTable()
	t.SetSelectedStyle(styleSelected)
	return t
}

// nameTable is a score table whose column of player names is shortened
// when it is drawn, so that every other column (totals, last turn) stays
// whole however narrow the screen and however long the names.
type nameTable struct {
	*tview.Table
	nameCol int // the column of the names
	nameMax int // letters of a name at most
}

func newNameTable(nameCol, nameMax int) *nameTable {
	return &nameTable{Table: newTable(), nameCol: nameCol, nameMax: nameMax}
}

// widths are the columns' widths but the names' (with a space between
// columns), the names' (their header's included) and their header's.
func (t *nameTable) widths() (others, names, header int) {
	rows, cols := t.GetRowCount(), t.GetColumnCount()
	others = cols - 1 // one column of space between columns
	for c := 0; c < cols; c++ {
		w := 0
		for r := 0; r < rows; r++ {
			if cell := t.GetCell(r, c); cell != nil {
				w = max(w, tview.TaggedStringWidth(cell.Text))
			}
		}
		if c == t.nameCol {
			names = w
		} else {
			others += w
		}
	}
	if cell := t.GetCell(0, t.nameCol); cell != nil {
		header = tview.TaggedStringWidth(cell.Text)
	}
	return others, names, header
}

// needs is the width (border included) at which the column of names is at
// least as wide as its header ("Spieler" stays whole, not "Spiel…").
func (t *nameTable) needs() int {
	others, names, header := t.widths()
	return others + min(names, max(header, 4)) + 2
}

func (t *nameTable) Draw(screen tcell.Screen) {
	_, _, width, _ := t.GetInnerRect()
	rows := t.GetRowCount()
	others, names, _ := t.widths()
	nameW := max(min(names, t.nameMax, width-others), 4)
	for r := 0; r < rows; r++ {
		if cell := t.GetCell(r, t.nameCol); cell != nil {
			cell.SetMaxWidth(nameW)
		}
	}
	t.Table.Draw(screen)
}

func newInput(label string) *tview.InputField {
	in := tview.NewInputField().SetLabel(label)
	in.SetLabelStyle(styleCurrent)
	in.SetFieldStyle(tcell.StyleDefault.Underline(true))
	in.SetPlaceholderStyle(styleDim)
	in.SetFieldWidth(0)
	in.SetAcceptanceFunc(shownText)
	return in
}

// shownText is an input field's acceptance of r typed (or, r 0, of text
// pasted): a control character or another rune that does not print is
// refused, as scoresheet.CleanName drops it. The terminal would show it as
// something else or not at all: U+0085 (a line break to the field) hid
// the letters before it ("Neuer Spieler: rl" for "Ca", U+0085, "rl",
// stored "Carl"). What the field shows is what is stored.
func shownText(text string, r rune) bool {
	if r != 0 {
		return printable(r)
	}
	for _, r := range text {
		if !printable(r) {
			return false
		}
	}
	return true
}

func printable(r rune) bool { return r == ' ' || !unicode.IsControl(r) && unicode.IsPrint(r) }

func newTextView() *tview.TextView {
	tv := tview.NewTextView().SetDynamicColors(true).SetWrap(true).SetWordWrap(true)
	return tv
}

// cell makes a table cell.
func cell(s string, style tcell.Style, align int) *tview.TableCell {
	return tview.NewTableCell(s).SetStyle(style).SetAlign(align)
}

// hintLine formats key hints: "key what · key what". A hint is never
// split when the line wraps: its spaces are non-breaking.
func hintLine(keys []keyHelp) string {
	// A word joiner after "/" keeps "Enter/q" whole too (UAX #14 allows a
	// break after a slash), and after a hyphen "Ctrl-Z" (not in a style
	// tag's "-:" or "-]"), and after the dash of a range "a–m".
	nb := strings.NewReplacer(" ", "\u00a0", "/", "/\u2060", "–", "–\u2060")
	whole := func(s string) string {
		s = nb.Replace(s)
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			b.WriteByte(s[i])
			if s[i] == '-' && i+1 < len(s) && s[i+1] != ':' && s[i+1] != ']' {
				b.WriteString("\u2060")
			}
		}
		return b.String()
	}
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, "[::b]"+whole(k.key)+"[::-]\u00a0"+whole(k.what))
	}
	return strings.Join(parts, "\u00a0· ")
}

// Cutting and wrapping. A line that does not fit is shortened by one
// helper, clipTagged, that marks the cut with an ellipsis; dice that
// belong together ("1 1 5", "5 (1×5→1)") never wrap apart (wholeDice).

// clipTagged shortens a style-tagged line to width cells; an ellipsis marks
// the cut. A line that fits is returned as it is.
func clipTagged(s string, width int) string {
	if tview.TaggedStringWidth(s) <= width {
		return s
	}
	if width <= 0 {
		return ""
	}
	// The longest head that leaves a cell for the ellipsis and does not end
	// inside a style tag (that would print as text; its width is no
	// guide, so every rune boundary is tried).
	cut := 0
	for i := range s {
		head := s[:i]
		if open := strings.LastIndexByte(head, '['); open > strings.LastIndexByte(head, ']') {
			continue
		}
		if tview.TaggedStringWidth(head) <= width-1 {
			cut = i
		}
	}
	return strings.TrimRight(s[:cut], " \u00a0") + "…"
}

// diceGroup is a run of dice written apart by single spaces, with turned
// fives: "1 1 5", "5 (1×5→1)", "1 5*".
var diceGroup = regexp.MustCompile(`[1-6]\*?(?: (?:[1-6]\*?|\(\d+×5→1\)))+`)

// wholeDice joins the dice of every group in s with non-breaking spaces, so
// that a wrapped line never splits a keep or a throw ("1 1 5" stays whole).
// A group inside a longer number or word is left alone.
func wholeDice(s string) string {
	idx := diceGroup.FindAllStringIndex(s, -1)
	if idx == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range idx {
		if !diceApart(s, m[0], m[1]) {
			continue
		}
		b.WriteString(s[last:m[0]])
		b.WriteString(strings.ReplaceAll(s[m[0]:m[1]], " ", "\u00a0"))
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// diceApart is whether s[from:to] stands apart: no letter or digit right
// before or after it ("12 3" or "1 2x" are no dice).
func diceApart(s string, from, to int) bool {
	wordy := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	if r, _ := utf8.DecodeLastRuneInString(s[:from]); from > 0 && wordy(r) {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(s[to:]); to < len(s) && wordy(r) {
		return false
	}
	return true
}

// lineView is one line of style-tagged text, shortened with an ellipsis
// (clipTagged) where the screen is too narrow: a header never ends in the
// middle of a word without saying so.
type lineView struct {
	*tview.Box
	text string
}

func newLineView() *lineView { return &lineView{Box: tview.NewBox()} }

func (l *lineView) SetText(s string) *lineView { l.text = s; return l }

func (l *lineView) GetText(bool) string { return l.text }

func (l *lineView) Draw(screen tcell.Screen) {
	l.DrawForSubclass(screen, l)
	x, y, w, h := l.GetInnerRect()
	if h > 0 {
		tview.Print(screen, clipTagged(l.text, w), x, y, w, tview.AlignLeft, tcell.ColorDefault)
	}
}

// fitView is a wrapping text view of a few rows (the message line) that
// keeps dice whole and, where its text needs more rows than it has, ends
// its last row with an ellipsis instead of dropping the rest unsaid.
type fitView struct {
	*tview.TextView
	full string
}

func newFitView() *fitView { return &fitView{TextView: newTextView()} }

// SetText sets the whole text; Draw shows as much of it as fits.
func (f *fitView) SetText(s string) *fitView {
	f.full = s
	f.TextView.SetText(wholeDice(noLoneWord(s)))
	return f
}

// GetText is the whole text, also where the screen shows less of it.
func (f *fitView) GetText(bool) string { return f.full }

func (f *fitView) Draw(screen tcell.Screen) {
	_, _, w, h := f.GetInnerRect()
	f.TextView.SetText(fitRows(wholeDice(noLoneWord(f.full)), w, h))
	f.TextView.Draw(screen)
}

// loneWord is the longest last word (in cells) that noLoneWord keeps with
// the word before it.
const loneWord = 10

// noLoneWord joins the short last word of each line of s to the word
// before it with a non-breaking space, so that a wrapped message never
// ends with a row of one short word ("…, nicht" and "6" alone below it).
// A last word with a style tag is left alone.
func noLoneWord(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		j := strings.LastIndexByte(strings.TrimRight(l, " "), ' ')
		if j <= 0 || l[j-1] == ' ' {
			continue
		}
		last := l[j+1:]
		if strings.ContainsAny(last, "[]") || tview.TaggedStringWidth(last) > loneWord {
			continue
		}
		lines[i] = l[:j] + "\u00a0" + last
	}
	return strings.Join(lines, "\n")
}

// fitRows is s shortened by whole words from its end, with an ellipsis,
// until it wraps into rows rows at width; s itself where it fits.
func fitRows(s string, width, rows int) string {
	if width <= 0 || rows <= 0 || textRows(s, width) <= rows {
		return s
	}
	words := strings.Split(s, " ")
	for n := len(words) - 1; n > 0; n-- {
		t := strings.TrimRight(strings.Join(words[:n], " "), " \u00a0,;:·") + "…"
		if textRows(t, width) <= rows {
			return t
		}
	}
	return clipTagged(s, width)
}

// clipWords cuts a plain line to width cells after its last whole word
// that leaves room for "…" ("1500er bestä…" read as a word cut); a line
// with style tags or without a space to cut at is cut as clipTagged does.
func clipWords(s string, width int) string {
	if tview.TaggedStringWidth(s) <= width || strings.ContainsAny(s, "[]") {
		return clipTagged(s, width)
	}
	r := []rune(s)
	for end := min(len(r), width-1); end > 0; end-- {
		if end < len(r) && r[end] == ' ' && tview.TaggedStringWidth(string(r[:end]))+1 <= width {
			return strings.TrimRight(string(r[:end]), " ;,") + "…"
		}
	}
	return clipTagged(s, width)
}

// clipList draws a list whose second lines are shortened with an
// ellipsis (clipTagged) to the width it is drawn with; tview's list cuts
// them without a mark. second are the full second lines, by item.
type clipList struct {
	*tview.List
	second []string
}

func (c *clipList) Draw(screen tcell.Screen) {
	_, _, w, _ := c.GetInnerRect()
	w -= 4 // the shortcut column: "(1) "
	for i := 0; i < c.GetItemCount() && i < len(c.second); i++ {
		main, _ := c.GetItemText(i)
		c.SetItemText(i, main, clipWords(c.second[i], w))
	}
	c.List.Draw(screen)
}
