package tui

import (
	"context"
	"errors"
	"strings"

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
	return esc(storage.Localize(err, t.lang))
}

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
	// fit, where set, adjusts the table to its width before it is drawn.
	fit func(t *nameTable, width int)
}

func newNameTable(nameCol, nameMax int) *nameTable {
	return &nameTable{Table: newTable(), nameCol: nameCol, nameMax: nameMax}
}

func (t *nameTable) Draw(screen tcell.Screen) {
	_, _, width, _ := t.GetInnerRect()
	if t.fit != nil {
		t.fit(t, width)
	}
	rows, cols := t.GetRowCount(), t.GetColumnCount()
	others, names := cols-1, 0 // one column of space between columns
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
	return in
}

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
	// break after a slash).
	nb := strings.NewReplacer(" ", "\u00a0", "/", "/\u2060")
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, "[::b]"+nb.Replace(k.key)+"[::-]\u00a0"+nb.Replace(k.what))
	}
	return strings.Join(parts, "\u00a0· ")
}
