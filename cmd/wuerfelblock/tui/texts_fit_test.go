package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// fiveOFiftyToEnd plays a 5050 game of two to its end: Anna banks 2000
// three times, Ben busts every turn (also in the final round).
func fiveOFiftyToEnd(h *harness) {
	h.t.Helper()
	h.newGame('1', "Anna", "Ben")
	for i := 0; i < 3; i++ {
		h.typ("111111/111111\n")
		h.typ("s")
		h.typ("223466\n") // Ben: nothing scores
	}
	h.see("Spiel zu Ende", "Gewonnen hat: Anna")
}

// The keys under the game's end never break inside a key: "u / Ctrl-Z"
// was wrapped after its hyphen ("Ctrl-" at a line's end, "Z" on the next)
// at 80 columns in German.
func TestGameOverKeyNotBrokenAtHyphen(t *testing.T) {
	h := start(t, openDB(t))
	fiveOFiftyToEnd(h)
	h.see("u / Ctrl-Z letzten Eintrag")
	for _, line := range strings.Split(h.screen(), "\n") {
		if strings.HasSuffix(strings.TrimRight(line, " \u00a0"), "Ctrl-") {
			t.Fatalf("a key broken at its hyphen:\n%s", h.screen())
		}
	}
}

// The list of every costly decision of a game with the chance to win
// describes a decision that cost points only by its points: it said
// "schreiben statt schreiben, Gewinnchance 0,0 Prozentpunkte (−61,7
// Punkte)" for a stop at 2000 in 5050 that was best to win, not for the
// points.
func TestReviewPointsOnlyDecisionNotSelfContradicting(t *testing.T) {
	rv := &review.Review{Game: validate.Game5050, Reviewed: true, Finished: true, Win: true, WinExact: true,
		Players: []review.Player{{Name: "Anna"}, {Name: "Ben"}},
		Decisions: []review.Decision{{Player: "Anna", Turn: 2, Kind: review.Stop,
			Chosen: review.Choice{Stop: true}, Best: review.Choice{Stop: false}, Loss: 61.7,
			HasWin: true, WinChosen: 0.9, WinBest: 0.9, WinBestChoice: review.Choice{Stop: true}}}}
	for _, c := range []struct {
		lang      validate.Lang
		want, not string
	}{
		{validate.German, "Anna, Runde 2, 1. Wurf: schreiben statt weiter, 61,7 Punkte verschenkt", "schreiben statt schreiben"},
		{validate.English, "Anna, round 2, throw 1: stop instead of throw on, 61.7 points thrown away", "stop instead of stop"},
	} {
		s := reviewText(text{lang: c.lang}, rv)
		_, every, _ := strings.Cut(s, map[validate.Lang]string{validate.German: "Jede Entscheidung, die etwas kostete", validate.English: "Every decision that cost something"}[c.lang])
		if !strings.Contains(every, c.want) || strings.Contains(s, c.not) {
			t.Errorf("%v: want %q in the list of every decision, no %q:\n%s", c.lang, c.want, c.not, s)
		}
	}
}

// Dreißig tot's review heads its costliest decisions by the unit they are
// counted in: "nach Gewinnchance" with two players (it said "in Punkten"
// over figures in percentage points).
func TestDreissigReviewCostliestTitle(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('7', "Anna", "Ben")
	h.typ("111111/111111\n") // Anna sets all six aside: 6 pips
	h.typ("666666/666666\n") // Ben 36: attacks Anna with 6s
	h.typ("666666\n")        // six 6s: Anna loses 36
	h.see("Spiel zu Ende", "a die Auswertung")
	h.typ("a")
	h.see("Die teuersten Entscheidungen nach Gewinnchance", "1 1 1 1 1 1 zur Seite statt 1, 34,0 Prozentpunkte")
	h.notSee("in Punkten")
}

// On a 60×20 screen the leaderboard's legend wraps instead of being cut
// ("…, dann mehr Spi…").
func TestStatsBoardLegendWrapsOnSmallScreen(t *testing.T) {
	db := openDB(t)
	h := startWith(t, db, Config{Lang: validate.German, Stats: NewStatsPage(db)})
	fiveOFiftyToEnd(h)
	h.key(tcell.KeyEnter) // home
	h.resize(60, 20)
	h.typ("s")
	h.see("Bestenliste", "Serie: Siege in Folge jetzt / längste", "Reihenfolge: Siege je Spiel, dann das höchste Mittel, dann mehr Spiele")
}

// On a 60×20 screen the player page's figures wrap within their column
// instead of losing their numbers ("final total: avg 5050, best …").
func TestStatsPlayerFiguresWholeOnSmallScreen(t *testing.T) {
	db := openDB(t)
	h := startWith(t, db, Config{Lang: validate.German, Stats: NewStatsPage(db)})
	fiveOFiftyToEnd(h)
	h.key(tcell.KeyEnter) // home
	h.resize(60, 20)
	h.typ("s")
	h.see("Bestenliste", "6000")
	h.typ("p")
	h.see("Anna · 5050", "Endstand: Schnitt 6000,", "bester 6000", "Bestätigung", "verfehlt 0", "Endstand des einen Spiels")
	// The figures (the rows under the tabs, cut to fit by design, down to
	// the charts) keep every word.
	lines := strings.Split(h.screen(), "\n")
	for _, line := range lines[2:slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "Endstand des") })] {
		if strings.Contains(line, "…") {
			t.Fatalf("a figure cut:\n%s", h.screen())
		}
	}
}

// The score table's Sieg column never rounds a chance that is not certain
// to 100 % or 0 %: Ben (0) to throw in the final round against Anna's
// 6000 has a small chance, shown "<1 %", Anna's ">99 %".
func TestWinColumnNeverRoundsToCertain(t *testing.T) {
	w := useWin(t)
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Ben")
	for i := 0; i < 3; i++ {
		h.typ("111111/111111\n")
		h.typ("s")
		if i < 2 {
			h.typ("223466\n") // Ben: nothing scores
		}
	}
	h.see("LETZTE RUNDE", "am Zug: Ben")
	tb := waitWin(t, h, w)
	p := winAt(t, tb, h.ui.top().(*play).game())
	if x := p.Win(); x <= 0 || x >= 0.005 {
		t.Fatalf("Ben's chance %v: not the case of this test", x)
	}
	h.see("<1\u00a0%", ">99\u00a0%")
	h.notSee("100 %")
}

// Dreißig tot on a 60×20 screen shows every player's account: the turn
// panel's fixed ten rows left the table room for one of two players.
func TestDreissigAccountsAllShownOnSmallScreen(t *testing.T) {
	h := start(t, openDB(t))
	h.resize(60, 20)
	h.newGame('7', "Anna", "Ben")
	h.see("Konten", "Das Spiel endet, sobald ein Konto auf 0 oder darunter ist.", "Trainer: Gewinnchance")
	accounts(t, h, "Anna", "Ben")
	// At Rat a throw's list of keeps fills the panel: the accounts stay.
	h.typ("*654321\n")
	h.see("Rat: 6 zur Seite")
	accounts(t, h, "Anna", "Ben")
}

// accounts checks that the accounts table has a row of each name (at 30).
func accounts(t *testing.T, h *harness, names ...string) {
	t.Helper()
	for _, name := range names {
		row := false
		for _, line := range strings.Split(h.screen(), "\n") {
			if f := strings.Fields(strings.Trim(line, "│ ")); len(f) >= 2 && f[len(f)-2] == name && f[len(f)-1] == "30" {
				row = true
			}
		}
		if !row {
			t.Fatalf("no account row of %s:\n%s", name, h.screen())
		}
	}
}

// The by-play board's help says in plain German who is ranked by the
// chance to win (it read "wer 5 danach ausgewertete Spiele hat").
func TestByPlayPlaceHelpReads(t *testing.T) {
	v := &statsView{text: text{lang: validate.German}}
	place := v.byPlayColumns()[0][1]
	if !strings.Contains(place, "(wer 5 Spiele mit Gewinnchance ausgewertet hat)") || strings.Contains(place, "danach") {
		t.Errorf("place: %q", place)
	}
}
