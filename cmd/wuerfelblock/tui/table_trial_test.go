package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// totThreeRounds plays a Totwürfeln game of three rounds: Anna 4 points a
// round, Bob 0, Cleo 8. Cleo wins; Anna finishes ahead of Bob without
// winning.
func totThreeRounds(h *harness) {
	h.t.Helper()
	h.newGame('6', "Anna", "Bob", "Cleo")
	for range 3 {
		h.typ("11115\n5555\n") // Anna: 4
		h.typ("55555\n")       // Bob: 0
		h.typ("22225\n5555\n") // Cleo: 8
	}
	h.see("Spiel zu Ende", "Gewonnen hat: Cleo")
}

// Head-to-head counts under each name the games that one finished ahead
// of the other; the wins are the line below the table. The help said the
// columns were the games each of them won: Anna – Bob showed "1 0" beside
// "Anna gewann 0".
func TestVersusColumnsAreAheadNotWon(t *testing.T) {
	db := openDB(t)
	h := startWith(t, db, Config{Lang: validate.German, Stats: NewStatsPage(db)})
	totThreeRounds(h)
	h.typ("q")
	h.see("Neues Spiel")
	h.typ("s")
	h.see("Anna", "Bob")
	h.typ("v")
	h.see("Anna – Bob", "Anna gewann 0, Bob gewann 0 von 1 gemeinsamen Spiel")
	_, y := h.find("alle Spiele")
	if row := strings.Fields(strings.Split(h.screen(), "\n")[y]); len(row) < 6 || strings.Join(row[2:6], " ") != "1 1 0 0" {
		t.Fatalf("the head-to-head total: %q, want games 1, Anna ahead 1, Bob 0, level 0\n%s", row, h.screen())
	}
	h.typ("?")
	h.see("(Namen)", "Spiele, in denen jeder vor dem anderen lag")
	h.notSee("Spiele, die jeder von beiden gewann")
}

// The rules in the help run on where a sentence goes on: a line of the
// rules text that ends in a comma or a semicolon continues on the next
// also where that starts with a capital (German nouns, Kniffel's
// "Chance"). At 80 columns "werden addiert;" stood alone on a line and
// "Würfel mit Killerzahl" began the next; Kniffel's "(fünf Gleiche) 50,"
// likewise before "Chance: Summe.".
func TestRulesSentencesRunOn(t *testing.T) {
	for _, c := range []struct {
		game validate.GameID
		lang validate.Lang
		want string
	}{
		{validate.GameTotwuerfeln, validate.German, "werden addiert; Würfel mit Killerzahl scheiden aus."},
		{validate.GameKniffel, validate.German, "Kniffel (fünf Gleiche) 50, Chance: Summe."},
		{validate.GameKniffel, validate.English, "Kniffel (five alike) 50, Chance: sum."},
		{validate.Game5050, validate.German, "aufnehmen; der neue Durchgang"}, // a small letter, as before
	} {
		if got := reflow(validate.RulesText(c.game, c.lang)); !strings.Contains(got, c.want) {
			t.Errorf("%s (%s): the help's rules do not say %q:\n%s", c.game, c.lang, c.want, got)
		}
	}
	// The lists of combinations keep a line each.
	if got := reflow(validate.RulesText(validate.Game5000, validate.English)); !strings.Contains(got, "= 1100,\n  four of a kind") {
		t.Errorf("5000's list of combinations was joined:\n%s", got)
	}
	h := start(t, openDB(t))
	h.newGame('6', "Anna", "Bob")
	h.typ("?")
	h.see("Regeln: Totwürfeln")
	_, y := h.find("werden addiert;")
	if line := strings.Split(h.screen(), "\n")[y]; !strings.Contains(line, "werden addiert; Würfel") {
		t.Fatalf("at 80 columns the sentence breaks after \"werden addiert;\": %q\n%s", line, h.screen())
	}
}

// Kniffel's review sums the chance to win from its table's first column,
// round 11: "= Runde 11 + Glück − Verlust" (it said "= zu Beginn" above a
// column "Runde 11"); a game reviewed from its start still says "zu Beginn".
func TestReviewWinSumFromItsColumn(t *testing.T) {
	rv := &review.Review{Game: validate.GameKniffel, Reviewed: true, Finished: true, Win: true, WinExact: true, WinFrom: 11,
		Players: []review.Player{{Name: "Anna", Result: 1}, {Name: "Ben", Result: 0}}}
	for _, c := range []struct {
		lang      validate.Lang
		from      int
		want, not string
	}{
		{validate.German, 11, "= Runde 11 + Glück − Verlust", "= zu Beginn"},
		{validate.English, 11, "= round 11 + luck − loss", "= at the start"},
		{validate.German, 0, "= zu Beginn + Glück − Verlust", "= Runde"},
	} {
		rv.WinFrom = c.from
		s := reviewText(text{lang: c.lang}, rv)
		if !strings.Contains(s, c.want) || strings.Contains(s, c.not) {
			t.Errorf("%v, from round %d: want %q, not %q:\n%s", c.lang, c.from, c.want, c.not, s)
		}
	}
}

// A help taller than the screen says on its bottom border that it goes on
// ("↓ weiter: ↑/↓"), and no longer once scrolled to its end; a help that
// fits does not say it. At 80×24 a game's help cut its house rules off
// without a word.
func TestHelpSaysItGoesOn(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('6', "Anna", "Bob")
	h.typ("?")
	h.see("Regeln: Totwürfeln")
	_, y := h.find("↓ weiter: ↑/↓")
	if !strings.Contains(strings.Split(h.screen(), "\n")[y], "╚") {
		t.Fatalf("the hint is not on the help's bottom border:\n%s", h.screen())
	}
	for range 30 {
		h.key(tcell.KeyDown)
	}
	h.notSee("↓ weiter")
	h.see("Killerwurf zählt nicht")
	h.key(tcell.KeyEscape)
	h.resize(100, 60)
	h.typ("?")
	h.see("Regeln: Totwürfeln", "Killerwurf zählt nicht")
	h.notSee("↓ weiter")
}

// 5050's help says that a tie goes to the earlier seat where it explains
// the chance to win (it said "Gleichstand halb", as for Zehntausend).
func TestWinHelp5050Tie(t *testing.T) {
	w := useWin(t)
	h := start(t, openDB(t))
	h.resize(100, 60)
	h.newGame('1', "Anna", "Ben")
	waitWin(t, h, w)
	h.typ("111523/1115\n")
	h.typ("?")
	h.see("Gewinnchance (Sieg in der Tabelle)", "(bei Gleichstand gewinnt, wer früher dran war)")
	h.notSee("Gleichstand halb")
}

// The game-over legend of a game of three by the chance to win speaks of
// the others' mistakes (it said "the other's", "des Gegners", as for two).
func TestLegendOthersOfThree(t *testing.T) {
	rv := &review.Review{Game: validate.Game5050, Reviewed: true, Finished: true, Win: true,
		Players: []review.Player{{Name: "Emma"}, {Name: "Ida"}, {Name: "Anna"}}}
	for _, c := range []struct {
		lang      validate.Lang
		players   int
		want, not string
	}{
		{validate.English, 3, "the dice and the others' mistakes brought", "other's"},
		{validate.German, 3, "Würfel und Fehler der anderen brachten", "Gegners"},
		{validate.English, 2, "the dice and the other's mistakes brought", "others'"},
		{validate.German, 2, "Würfel und Fehler des Gegners brachten", "anderen"},
	} {
		r := *rv
		r.Players = rv.Players[:c.players]
		if got := lossLuckLegend(text{lang: c.lang}, &r); !strings.Contains(got, c.want) || strings.Contains(got, c.not) {
			t.Errorf("%v, %d players: %q, want %q", c.lang, c.players, got, c.want)
		}
	}
	// The statistics count games of two and of more: the other players.
	for _, lang := range []validate.Lang{validate.English, validate.German} {
		v := newStatsView(openDB(t), lang)
		for _, c := range v.byPlayColumns() {
			if strings.Contains(c[1], "other's") || strings.Contains(c[1], "Gegners") {
				t.Errorf("%v: the column %s speaks of one opponent: %q", lang, c[0], c[1])
			}
		}
	}
}

// The home screen and the players page say an earlier day in the
// player's language: English wrote the German "01.12.26" (read as January
// 12); today they give the time alone.
func TestWhenInTheLanguage(t *testing.T) {
	day := time.Date(2024, 12, 1, 23, 9, 0, 0, time.Local)
	for _, c := range []struct {
		lang validate.Lang
		want string
	}{{validate.English, "2024-12-01 23:09"}, {validate.German, "01.12.24 23:09"}} {
		if got := (text{lang: c.lang}).when(day); got != c.want {
			t.Errorf("%v: %q, want %q", c.lang, got, c.want)
		}
		if got := (text{lang: c.lang}).when(time.Now()); len(got) != 5 {
			t.Errorf("%v, today: %q, want the time alone", c.lang, got)
		}
	}
}
