package tui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// lineWith is the screen line that shows every text (the first one that
// shows the first); "" when none does.
func lineWith(h *harness, texts ...string) string {
	for _, l := range strings.Split(h.screen(), "\n") {
		if strings.Contains(l, texts[0]) {
			for _, s := range texts[1:] {
				if !strings.Contains(l, s) {
					return ""
				}
			}
			return l
		}
	}
	return ""
}

// On a 60×20 screen the review's table of points wrapped: its head put
// "Geschrieben" on a line of its own, every player's row its total. The
// table fits now (its columns as wide as their cells; the number of
// decisions goes first where that is not enough).
func TestReviewTableFitsSixtyColumns(t *testing.T) {
	h := start(t, openDB(t))
	h.resize(60, 20)
	fiveOFiftyToEnd(h)
	h.typ("a")
	h.see("Auswertung: Können und Glück")
	for range 6 {
		if lineWith(h, "Spieler") != "" {
			break
		}
		h.key(tcell.KeyDown)
	}
	if lineWith(h, "Spieler", "Zugwerte", "Glück", "Verlust", "Geschrieben") == "" ||
		lineWith(h, "Anna ", "6000") == "" || lineWith(h, "Ben ", " 0") == "" {
		t.Fatalf("the points table wraps or lacks a column:\n%s", h.screen())
	}
}

// Every table of the review fits the page at 58 cells (60 columns inside
// the border), in both languages and every currency: no table row wraps.
func TestReviewTablesFitWidth(t *testing.T) {
	players := []review.Player{{Name: "Annabella-Maria", Decisions: 123, TurnValueSum: 12345.6, Luck: -1234.5, Loss: 987.6, Banked: 10050,
		WinStart: 0.5, WinLuck: -0.25, WinLoss: 0.25, Result: 0, ChanceStart: 0.4912, ChanceResult: 1}, {Name: "Ben"}}
	for _, rv := range []*review.Review{
		{Game: validate.Game5050, Reviewed: true, Finished: true, Win: true, WinExact: true, Players: players},
		{Game: validate.GameKniffel, Reviewed: true, Finished: true, WholeGame: true, GameValue: 245.9, Players: players},
		{Game: validate.GameDreissigTot, Reviewed: true, Finished: true, Chances: true, Unit: review.UnitPercent, Players: players},
	} {
		for _, lang := range []validate.Lang{validate.German, validate.English} {
			for _, l := range strings.Split(reviewTextAt(text{lang: lang}, rv, 58), "\n") {
				table := strings.HasPrefix(l, "[::b]"+text{lang: lang}.tr("Player", "Spieler")) || strings.HasPrefix(l, "Annabella") || strings.HasPrefix(l, "Ben ")
				if w := tview.TaggedStringWidth(l); table && w > 58 {
					t.Errorf("%v %v: a table row %d wide: %q", rv.Game, lang, w, l)
				}
			}
		}
	}
}
