package tui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// At equal points Enter takes the keep players take: in 5050 the two 5s
// of a throw of two dice (hot dice: all six dice again), not one 5 turned
// into a 1 with a die left (issue 20, item 6).
func TestEqualKeepsHotDiceFirst(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111523/1115\n")
	h.see("2 Würfel im Becher")
	h.typ("55\n")
	h.see("a   5 5", "b   5 (1×5→1)")
	h.key(tcell.KeyEnter)
	h.see("neuer Durchgang mit 6 Würfeln", "Zug 1150")
}

// Where the coach is on, keeps of equal points are in the coach's order:
// after 2 2 2 in 5050, of 2 5 5 the coach takes 5 5 rather than a turned
// five; with the coach off the engine's order (fewer dice first) stays.
func TestEqualKeepsCoachOrder(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("222463/222\n")
	h.typ("255\n")
	h.see("a   5 5  100", "b   5 (1×5→1)  100")
	h.key(tcell.KeyEnter)
	h.see("Zug 300", "1 Würfel im Becher")
	h.typ("3\n") // a bust
	h.see("am Zug: Bob")
	h.typ("**") // odds → advice → off
	h.see("Trainer: aus")
	h.typ("222463/222\n")
	h.typ("255\n")
	h.see("a   5 (1×5→1)  100", "b   5 5  100")
}

// After hot dice, before the new pass's first throw, the panel shows the
// new pass at 0 (its 350 start there), not the finished pass; what blocks
// a stop is headed as a ban, not as advice (issue 20, item 5).
func TestHotDicePanelShowsNewPass(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111555/111555\n")
	h.see("Zug 1500 · neuer Durchgang 0 · 6 Würfel", "Du darfst schreiben (s)")
	h.notSee("Durchgang 1500")
	h.typ("s")
	h.typ("123456/123456\n")
	h.see("Zug 1500 · neuer Durchgang 0 · 6 Würfel", "Schreiben noch nicht erlaubt:", "• eine 1500er-Kombination muss")
	h.notSee("Weiterwürfeln:")

	h = startLang(t, openDB(t), validate.English)
	h.typ("n1")
	h.key(tcell.KeyTab)
	h.typ("Ann\nBen\n\n")
	h.typ("123456/123456\n")
	h.see("Turn 1500 · new pass 0 · 6 dice", "You may not stop yet:")
	h.notSee("Throw on:\n")
}

// Where the coach's best keep is not the one of the most points, the Rat
// line gives one short reason from the rules' facts (issue 20, item 7).
func TestCoachAdviceSaysWhy(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("*") // Chancen → Rat
	h.typ("116435\n")
	seeWrapped(h, "Rat: e (1), dann weiter, ⌀382 · 5 Würfel bleiben im Becher")

	h = start(t, openDB(t))
	h.newGame('3', "Anna", "Bob")
	h.typ("*")
	h.typ("22213\n")
	seeWrapped(h, "(1), dann weiter, ⌀246 · 2 2 2 muss bewiesen werden")
	h.typ("d") // 1 aside
	h.typ("1115\n")
	// The best is the keep of the most points: nothing to explain.
	seeWrapped(h, "Rat: a (1 1 1 5), dann")
	h.notSee("Becher ·")
	h.notSee("muss bewiesen")

	h = startLang(t, openDB(t), validate.English)
	h.typ("n1")
	h.key(tcell.KeyTab)
	h.typ("Ann\nBen\n\n*")
	h.typ("116435\n")
	seeWrapped(h, "Advice: e (1), then throw on, ⌀382 · 5 dice stay in the cup")
}

// seeWrapped checks that the screen shows text, also where it wraps inside
// a bordered panel: the rows are read without their frames, as one text.
func seeWrapped(h *harness, text string) {
	h.t.Helper()
	h.sync()
	frame := strings.NewReplacer("│", " ", "┌", " ", "┐", " ", "└", " ", "┘", " ", "─", " ")
	var rows []string
	for _, row := range strings.Split(h.screen(), "\n") {
		// The right-hand panel: what is right of the last frame on the row.
		if i := strings.LastIndex(row, "││"); i >= 0 {
			row = row[i:]
		}
		rows = append(rows, frame.Replace(row))
	}
	flat := strings.Join(strings.Fields(strings.Join(rows, " ")), " ")
	if !strings.Contains(flat, strings.Join(strings.Fields(text), " ")) {
		h.t.Fatalf("the screen does not show %q:\n%s", text, h.screen())
	}
}

// At 60×20 the family score table keeps its header whole ("Spieler", it
// was "Spiel…"), and the message after hot dice says the whole sentence
// (it was cut to "Alle Würfel liegen: a"): issue 20, item 12.
func TestSmallScreenHeaderAndHotDiceMessage(t *testing.T) {
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		h := startLang(t, openDB(t), lang)
		h.resize(60, 20)
		h.typ("n1")
		h.key(tcell.KeyTab)
		h.typ("Annemarie\nBen\n\n")
		h.typ("111555/111555\n")
		if lang == validate.German {
			h.see("Spieler ", "Übernommen: 1 1 1 5 5 5 (1500). Alle Würfel liegen: neuer Durchgang mit 6 Würfeln!")
			h.notSee("Spiel…")
		} else {
			h.see("Player ", "Taken: 1 1 1 5 5 5 (1500). All dice set aside: a new pass with 6 dice!")
			h.notSee("Play…")
		}
	}
}

// The player page at 60×20 and 80×24 shows the luck per game whole (it was
// cut to "Glück/Spiel 4379…"): issue 20, item 12.
func TestPlayerPageLuckWhole(t *testing.T) {
	db := statsHistory(t, 40)
	for _, sz := range [][2]int{{60, 20}, {80, 24}} {
		ss := newStatsScreen(t, db, validate.German)
		ss.s.SetSize(sz[0], sz[1])
		ss.v.SetRect(0, 0, sz[0], sz[1])
		ss.key(tcell.KeyEnter, 0)
		scr := ss.text()
		p := ss.v.all[ss.v.sel].Games[string(ss.v.gameID())]
		if p == nil || p.Figures.Review == nil {
			t.Fatalf("no review figures for the player page:\n%s", scr)
		}
		want := "Glück/Spiel " + plus(review.Number1(p.Figures.Review.LuckPerGame, validate.German)) + " Pkt." // one decimal, a unit (issue 23)
		if !strings.Contains(scr, want) {
			t.Errorf("%dx%d: the player page lacks %q:\n%s", sz[0], sz[1], want, scr)
		}
	}
}

// 5000 has a fifth column ("Drin"): at 60×20 the header is whole too.
func TestSmallScreenHeader5000(t *testing.T) {
	h := start(t, openDB(t))
	h.resize(60, 20)
	h.typ("n2")
	h.key(tcell.KeyTab)
	h.typ("Annemarie\nBen\n\n")
	h.see("Spieler ", "Stand Zuletzt Drin", "Annema…") // the name is shortened, not the header
	h.notSee("Spi…")
}
