package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The small sizes the screen tests use, and the default.
var smallSizes = [][2]int{{60, 20}, {65, 20}, {80, 20}, {80, 24}}

// 5000 with hot dice over 5000: the turn panel says what a stop would do,
// and its last line, the coach, was cut off at 60×20 (both coach lines)
// and at 65×20 (the stop's). The least important lines give way instead:
// the player (the header names them), the new pass (the cup and the message
// say it), "or throw on".
func TestTurnPanelKeepsCoachLine(t *testing.T) {
	for _, c := range []struct {
		lang validate.Lang
		want []string
	}{
		{validate.German, []string{"Zug 6000", "Du darfst schreiben (s).", "Schreiben jetzt:", "Weiter: 7,7 % Fehlwurf,", "im Schnitt", "Schreiben: 6000, zählt"}},
		{validate.English, []string{"Turn 6000", "You may stop (s).", "A stop now:", "Throw on: 7.7 % bust,", "on average", "Stop: 6000, "}},
	} {
		for _, sz := range smallSizes {
			t.Run(fmt.Sprintf("%s/%dx%d", c.lang, sz[0], sz[1]), func(t *testing.T) {
				h := startLang(t, openDB(t), c.lang)
				h.resize(sz[0], sz[1])
				h.typ("n2")
				h.key(tcell.KeyTab)
				h.typ("Anna\nBen\n\n")
				h.typ("*")         // Chancen → Rat
				h.typ("11152\n\n") // 1 1 1 5 aside (1150), one die left
				h.typ("1\n")       // 1250, all dice aside
				h.typ("15523\n")   // 1 5 5 aside (1450)
				h.typ("15\n")      // 1600, all dice aside
				h.typ("11111\n")   // 6000, all dice aside: a stop loses it
				h.see(c.want...)
			})
		}
	}
}

// 5050 at "Rat" on a small screen: the 1500 to confirm with what blocks
// the stop and the coach line, then a throw waiting for its keep: the
// coach's best keep above the list (it was cut where the panel got half
// the rows).
func TestTurnPanelKeepsCoachLineConfirming(t *testing.T) {
	for _, sz := range smallSizes {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			h := start(t, openDB(t))
			h.resize(sz[0], sz[1])
			h.newGame('1', "Anna", "Ben")
			h.typ("*") // Chancen → Rat
			h.typ("111523/1115\n15/15\n")
			h.typ("123456/123456\n")
			h.see("Zug 2700", "Schreiben noch nicht erlaubt:", "• eine 1500er-Kombination muss", "Weiter: 2,3 % Fehlwurf,")
			h.typ("112346\n")
			h.see("Zug 2700", "Rat: b (1), dann weiter", "1 1 200", "1   100")
		})
	}
}

// fitLines shortens the lowest rank first (of equal rank the upper line),
// and only as far as needed.
func TestFitLines(t *testing.T) {
	lines := []panelLine{
		{forms: []string{"aaaa aaaa", ""}, rank: rankRepeat},
		{forms: []string{"bbbb bbbb", "bbbb"}, rank: rankDetail},
		{forms: []string{"cccc cccc", "cccc"}, rank: rankDetail},
		line("dddd dddd", rankCoach),
	}
	for _, c := range []struct {
		rows int
		want string
		fits bool
	}{
		{8, "aaaa\naaaa\nbbbb\nbbbb\ncccc\ncccc\ndddd\ndddd\n", true},
		{7, "bbbb\nbbbb\ncccc\ncccc\ndddd\ndddd\n", true},
		{5, "bbbb\ncccc\ncccc\ndddd\ndddd\n", true},
		{4, "bbbb\ncccc\ndddd\ndddd\n", true},
		{3, "bbbb\ncccc\ndddd\ndddd\n", false},
	} {
		text, fits := fitLines(lines, 5, c.rows)
		got := ""
		for _, l := range splitRows(text, 5) {
			got += l + "\n"
		}
		if got != c.want || fits != c.fits {
			t.Errorf("%d rows: %q %v, want %q %v", c.rows, got, fits, c.want, c.fits)
		}
	}
}

// A line hidden first comes back when a later, longer line gave way and
// left the rows for it (60×20 Kniffel: "Eingabe:" hidden, a row empty).
func TestFitLinesBringsBack(t *testing.T) {
	lines := []panelLine{
		{forms: []string{"aaaa", ""}, rank: rankRepeat},
		{forms: []string{"bbbb bbbb bbbb", ""}, rank: rankDetail},
		line("cccc", rankCoach),
	}
	for _, c := range []struct {
		rows int
		want string
	}{
		{5, "aaaa\nbbbb bbbb bbbb\ncccc\n"},
		{4, "bbbb bbbb bbbb\ncccc\n"},
		{3, "aaaa\ncccc\n"},
		{2, "aaaa\ncccc\n"},
		{1, "cccc\n"},
	} {
		if text, fits := fitLines(lines, 5, c.rows); text != c.want || !fits {
			t.Errorf("%d rows: %q %v, want %q", c.rows, text, fits, c.want)
		}
	}
}

// splitRows is text as the panel shows it wrapped at width.
func splitRows(text string, width int) []string {
	var rows []string
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		for _, r := range tview.WordWrap(l, width) {
			rows = append(rows, strings.TrimSpace(r))
		}
	}
	return rows
}
