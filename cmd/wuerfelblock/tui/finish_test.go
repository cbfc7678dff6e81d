package tui

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// footerLine is the screen's last two rows: the footer of keys.
func (h *harness) footerLine() string {
	lines := strings.Split(h.screen(), "\n")
	return strings.ReplaceAll(lines[h.h-2]+"\n"+lines[h.h-1], "\u00a0", " ")
}

// ssFooter is the statistics view's footer: its last two rows.
func (ss *statsScreen) footer() string {
	lines := strings.Split(ss.text(), "\n")
	return lines[len(lines)-3] + "\n" + lines[len(lines)-2]
}

// At a game's start there is nothing to take back: the footer offered
// "u zurück" (a key that only says "Nichts zurückzunehmen."). It is
// offered once a throw waits or an entry is stored; u still answers.
func TestUndoOfferedOnlyWithSomethingToTakeBack(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Ben")
	if f := h.footerLine(); strings.Contains(f, "u zurück") {
		t.Fatalf("at the start the footer offers undo: %q", f)
	}
	h.typ("?")
	h.see("Tasten auf diesem Bild")
	h.notSee("u / Ctrl-Z")
	h.key(tcell.KeyEscape)
	h.typ("u")
	h.see("Nichts zurückzunehmen.")
	h.typ("111523\n")
	if f := h.footerLine(); !strings.Contains(f, "u zurück") {
		t.Fatalf("with a throw waiting the footer does not offer undo: %q", f)
	}
	h.typ("a")
	if f := h.footerLine(); !strings.Contains(f, "u zurück") {
		t.Fatalf("after a keep the footer does not offer undo: %q", f)
	}
}

// The statistics footer names the pages as their tabs do: it said "b
// Liste", "v Duell", "y Stärke" under the tabs "Bestenliste", "Direkter
// Vergleich", "Spielstärke" (English "board", "versus").
func TestStatsFooterNamesTheTabs(t *testing.T) {
	db := statsHistory(t, 40)
	for _, c := range []struct {
		lang validate.Lang
		want []string
		not  []string
	}{
		{validate.German, []string{"b Bestenliste", "v Direkter Vergleich", "y Spielstärke"}, []string{"b Liste", "v Duell", "y Stärke"}},
		{validate.English, []string{"b Leaderboard", "v Head-to-head", "y By play"}, []string{"b board", "v versus", "y by play"}},
	} {
		ss := newStatsScreen(t, db, c.lang)
		ss.key(tcell.KeyRune, 'p') // the player page: b, v and y are offered
		f := ss.footer()
		for _, w := range c.want {
			if !strings.Contains(f, w) {
				t.Errorf("%s: the footer lacks %q:\n%s", c.lang, w, f)
			}
		}
		for _, w := range c.not {
			if strings.Contains(f, w) {
				t.Errorf("%s: the footer says %q:\n%s", c.lang, w, f)
			}
		}
		ss.key(tcell.KeyRune, 'b')
		if f := ss.footer(); !strings.Contains(f, "p "+map[validate.Lang]string{validate.German: "Spieler", validate.English: "Player"}[c.lang]) {
			t.Errorf("%s: the board's footer does not name the player tab:\n%s", c.lang, f)
		}
	}
}

// On a narrow screen the tabs take shorter forms ("Besten", "Vergleich"):
// the footer names each page as its tab shows it then.
func TestStatsFooterNamesTheTabsAsShownAt60(t *testing.T) {
	ss := newStatsScreen(t, statsHistory(t, 40), validate.German)
	ss.s.SetSize(60, 24)
	ss.v.SetRect(0, 0, 60, 24)
	ss.key(tcell.KeyRune, 'p')
	scr := ss.text()
	row, _ := strings.CutPrefix(strings.Split(scr, "\n")[0], "Statistik:")
	tabs := regexp.MustCompile(` {2,}`).Split(strings.TrimSpace(row), -1)
	if len(tabs) != 4 || tabs[0] == "Bestenliste" && tabs[2] == "Direkter Vergleich" {
		t.Fatalf("at 60 columns the tabs are %q: want the shorter forms", tabs)
	}
	f := strings.Join(strings.Fields(ss.footer()), " ")
	for key, tab := range map[string]string{"b": tabs[0], "v": tabs[2], "y": tabs[3]} {
		if !strings.Contains(f+" ", " "+key+" "+tab+" ") {
			t.Errorf("the footer does not name %s as its tab %q: %s", key, tab, f)
		}
	}
}

// ↑/↓ is offered only where there is someone to choose: an empty by-play
// board (Totwürfeln has no review) offered "↑/↓ wählen".
func TestStatsChooseOnlyWithSomeoneToChoose(t *testing.T) {
	db := statsHistory(t, 40)
	ss := newStatsScreen(t, db, validate.German)
	if f := ss.footer(); !strings.Contains(f, "↑/↓ wählen") {
		t.Fatalf("the 5050 board does not offer ↑/↓:\n%s", ss.text())
	}
	for ss.v.gameID() != validate.GameTotwuerfeln {
		ss.key(tcell.KeyRight, 0)
	}
	ss.key(tcell.KeyRune, 'y')
	ss.see("wird nicht ausgewertet")
	if f := ss.footer(); strings.Contains(f, "↑/↓") {
		t.Errorf("the empty by-play board offers ↑/↓:\n%s", f)
	}
	if keys := ss.v.keyHelp(); strings.Contains(hintLine(keys), "↑/↓") {
		t.Errorf("the help of the empty by-play board lists ↑/↓: %s", hintLine(keys))
	}
}

// The player page's charts of one reviewed game say "last game", not
// "letzte 1 Spiele" / "last 1 games"; with more, "letzte 3 Spiele".
func TestLossChartTitlesCountGames(t *testing.T) {
	win := 0.02
	for _, c := range []struct {
		lang       validate.Lang
		n          int
		want, none []string
	}{
		{validate.German, 1, []string{"Verlust gegen bestes Spiel, letztes Spiel", "verschenkte Gewinnchance (Prozentpunkte), letztes Spiel"}, []string{"letzte 1", "ältestes links"}},
		{validate.German, 3, []string{"letzte 3 Spiele (ältestes links)", "Prozentpunkte), letzte 3 Spiele"}, []string{"letztes Spiel"}},
		{validate.English, 1, []string{"loss against best play, last game", "chance to win thrown away (percentage points), last game"}, []string{"last 1", "oldest left"}},
		{validate.English, 3, []string{"last 3 games (oldest left)", "points), last 3 games"}, []string{"last game"}},
	} {
		ss := newStatsScreen(t, openDB(t), c.lang)
		ss.v.losses = nil
		for range c.n {
			ss.v.losses = append(ss.v.losses, storage.ReviewPoint{Loss: 3, WinLoss: &win})
		}
		ss.s.Clear()
		ss.v.drawLosses(canvas{ss.s, 0, 0, 80, 24}, 0)
		ss.s.Show()
		scr := screenText(ss.s)
		for _, w := range c.want {
			if !strings.Contains(scr, w) {
				t.Errorf("%s, %d games: lacks %q:\n%s", c.lang, c.n, w, scr)
			}
		}
		for _, w := range c.none {
			if strings.Contains(scr, w) {
				t.Errorf("%s, %d games: says %q:\n%s", c.lang, c.n, w, scr)
			}
		}
	}
}

// screenText is a simulation screen's text, one line per row.
func screenText(s tcell.SimulationScreen) string {
	cells, w, h := s.GetContents()
	var b strings.Builder
	for y := range h {
		for x := range w {
			c := cells[y*w+x]
			if len(c.Runes) == 0 || c.Runes[0] == 0 {
				b.WriteByte(' ')
			} else {
				b.WriteString(string(c.Runes))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Dreißig tot in English counts the dice aside: "Aside: 1 dice" after one
// die went aside.
func TestDreissigAsideCountsDice(t *testing.T) {
	h := startLang(t, openDB(t), validate.English)
	h.typ("n7")
	h.see("house rules")
	h.key(tcell.KeyTab)
	h.typ("Ann\nBen\n\n")
	h.see("turn: Ann")
	h.typ("645321/6\n")
	h.see("Aside: 1 die,")
	h.notSee("1 dice")
	h.typ("43221/43\n")
	h.see("Aside: 3 dice,")
}

// The help's wrapped lines hang under their text: a rule line indented in
// the rules text ("  einzelne 5 = 50, …") went on at the left edge, a
// column's explanation of the statistics under its name.
func TestHelpWrapsUnderTheText(t *testing.T) {
	h := start(t, openDB(t))
	h.resize(60, 60)
	h.newGame('1', "Anna", "Ben")
	h.typ("?")
	h.see("Regeln: 5050")
	lines := strings.Split(h.screen(), "\n")
	in := false
	checked := 0
	for i, l := range lines {
		body := strings.Trim(l, "║")
		if strings.HasPrefix(body, "  einzelne 5 = 50") {
			in = true
			continue
		}
		if !in {
			continue
		}
		if !strings.HasPrefix(body, "  ") {
			t.Fatalf("line %d of the indented rule does not hang under it:\n%s", i, h.screen())
		}
		checked++
		if strings.Contains(body, "bestätigt") {
			break
		}
	}
	if checked == 0 {
		t.Fatalf("the rule line did not wrap at 60 columns:\n%s", h.screen())
	}

	// The statistics' columns: the text of each starts in one column and
	// its wrapped lines under it.
	db := statsHistory(t, 40)
	h = startWith(t, db, Config{Lang: validate.German, Stats: NewStatsPage(db)})
	h.resize(60, 60)
	h.typ("s")
	h.see("Anna")
	h.typ("p?")
	h.see("Was die Spalten bedeuten")
	x, _ := h.find("beendete Spiele, gewonnene")
	_, y := h.find("gegen bestes Spiel verschenkte Punkte")
	lines = strings.Split(h.screen(), "\n")
	next := []rune(lines[y+1])
	if x2, _ := h.find("Verlust/Entsch."); x2 >= x || len(next) <= x || next[x-1] != ' ' || next[x] == ' ' {
		t.Errorf("the wrapped explanation does not start under the texts (column %d):\n%s", x, h.screen())
	}
}

// Kniffel's coach at Rat names the next best holds as such: they stood
// bare under the best box ("  5 −0,6"), read as the box's figures.
func TestKniffelNextBestHoldsNamed(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Ben")
	h.typ("*")
	h.see("Trainer: Rat")
	s := waitCoach(t, false)
	tn := s.Turn(validate.KniffelBoxes{})
	h.typ("t66612\n")
	holds := tn.Holds(validate.CountsOf([]int{6, 6, 6, 1, 2}), 2)
	second := strings.ReplaceAll(holds[1].Dice.String(), " ", "")
	h.see("Rat: 666 behalten", "Nächstbeste: "+second+" −"+de(holds[0].Expected-holds[1].Expected))
	for _, l := range strings.Split(h.screen(), "\n") {
		if i := strings.Index(l, "│  "+second+" −"); i >= 0 {
			t.Fatalf("a bare hold line: %q", l)
		}
	}
}

// The rules page (r from the home screen) wraps as the help does: the
// indented lines of a rules text went on at the left edge.
func TestRulesPageWrapsUnderTheText(t *testing.T) {
	h := startLang(t, openDB(t), validate.English)
	h.typ("r3")
	h.see("Five dice (or six)", "smaller combinations")
	_, y := h.find("smaller combinations")
	line := strings.Split(h.screen(), "\n")[y]
	if !strings.HasPrefix(line, "║  smaller") {
		t.Fatalf("the wrapped rule line does not hang under its text: %q\n%s", line, h.screen())
	}
	h.resize(60, 24)
	h.see("Five dice (or six)")
	for i, l := range strings.Split(h.screen(), "\n") {
		if strings.HasPrefix(l, "║  single 1 = 100") {
			if next := strings.Split(h.screen(), "\n")[i+1]; !strings.HasPrefix(next, "║  ") {
				t.Fatalf("at 60 columns the rule line does not hang: %q\n%s", next, h.screen())
			}
		}
	}
}

// One turn, one game together: "Fehlwürfe 1 von 1 Zug", "von 1
// gemeinsamen Spiel" (they said "1 von 1 Zügen", "of 1 games"); with two
// players head-to-head has no other opponent, so its hint does not offer
// ↑/↓.
func TestStatsCountsOfOne(t *testing.T) {
	for _, c := range []struct {
		lang validate.Lang
		want string
	}{{validate.German, "Fehlwürfe 1 von 1 Zug (100\u00a0%)"}, {validate.English, "busts 1 of 1 turn (100\u00a0%)"}} {
		v := newStatsView(openDB(t), c.lang)
		if got := v.familyLines(&storage.FamilyFigures{Turns: 1, Busts: 1, BustRate: 1}, validate.ObligeConfirm); !slices.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.lang, got, c.want)
		}
	}
	db := openDB(t)
	h := startWith(t, db, Config{Lang: validate.German, Stats: NewStatsPage(db)})
	finishedGame(h)
	h.typ("q")
	h.see("Neues Spiel")
	h.typ("s")
	h.see("Anna", "Bob")
	h.typ("v")
	h.see("Direkter Vergleich", "Anna gewann 1, Bob gewann 0 von 1 gemeinsamen Spiel", "p Spielerseite")
	h.notSee("gemeinsamen Spielen")
	h.notSee("Gegner wählen")
}

// dreissigPlayerPage opens Anna's player page of Dreißig tot (German) on
// a generated history.
func dreissigPlayerPage(t *testing.T) *harness {
	t.Helper()
	db := statsHistory(t, 40)
	h := startWith(t, db, Config{Lang: validate.German, Stats: NewStatsPage(db)})
	h.resize(100, 40)
	h.typ("s")
	h.see("Anna")
	for range 6 {
		h.key(tcell.KeyRight)
	}
	h.typ("p")
	h.see("Dreißig tot", "Angriffe")
	return h
}

// The help of the player page explains the figures of the game shown:
// Dreißig tot's page shows attacks and pips per turn, but its help
// explained busts and hot dice, which it does not have.
func TestPlayerPageHelpOfTheGameShown(t *testing.T) {
	h := dreissigPlayerPage(t)
	h.typ("?")
	h.see("Was die Spalten bedeuten", "pro Zug", "Augen, die ein Zug zählte", "angegriffen", "erlittene Angriffe")
	h.notSee("alle raus")
	h.notSee("Fehlwürfe")
	h.key(tcell.KeyEscape)
	h.key(tcell.KeyLeft) // Totwürfeln: no attacks, no review
	h.typ("?")
	h.see("Was die Spalten bedeuten", "pro Zug")
	h.notSee("Angriffe")
	h.notSee("Verlust/Entsch.")
	h.key(tcell.KeyEscape)
	h.key(tcell.KeyLeft) // Kniffel
	h.typ("?")
	h.see("Bonus oben", "Kniffel-Feld mit 50", "Verlust/Entsch.")
	h.notSee("Fehlwürfe")
}

// Negative totals (Dreißig tot's accounts) are written with a minus sign
// on the leaderboard and the player page, as everywhere else ("−17"); the
// statistics wrote "-17".
func TestStatsNegativeTotalsWithMinusSign(t *testing.T) {
	db := openDB(t)
	h := startWith(t, db, Config{Lang: validate.German, Stats: NewStatsPage(db)})
	h.newGame('7', "Anna", "Ben")
	h.typ("111111/111111\n111111/111111\n111112/111112\n")
	h.see("Spiel zu Ende", "−17")
	h.typ("q")
	h.see("Neues Spiel")
	h.typ("s")
	h.see("Anna")
	for i := 0; i < 7 && !strings.Contains(h.screen(), "17 "); i++ {
		h.key(tcell.KeyRight) // to Dreißig tot's board
	}
	h.see("−17    −17")
	h.notSee("-17")
	h.typ("p")
	h.see("Schnitt −17, bester −17")
	h.notSee("-17")
	if whole(-0.4) != "0" || whole(-16.6) != "−17" || whole(4243.5) != "4244" && whole(4243.5) != "4243" {
		t.Errorf("whole: %q %q %q", whole(-0.4), whole(-16.6), whole(4243.5))
	}
}

// The Kniffel coach's costs say their unit: "Sixes costs 39.9" left a new
// player asking 39.9 what; they are expected points.
func TestKniffelCostsInPoints(t *testing.T) {
	h := startLang(t, openDB(t), validate.English)
	h.typ("n5")
	h.see("house rules")
	h.key(tcell.KeyTab)
	h.typ("Ann\nBen\n\n")
	h.see("turn: Ann")
	h.typ("*")
	h.see("Coach: advice")
	waitCoach(t, false)
	h.typ("66666\n")
	h.see("Best box: Kniffel")
	h.typ("f")
	h.see("Sixes costs ")
	h.seeRE(`Sixes costs \d+\.\d points`)
	h.typ("\n")
	h.see("turn: Ben", "Ann's turn cost ")
	h.seeRE(`Ann's turn cost \d+\.\d points`)
}

// seeRE checks that the screen (its words joined by single spaces)
// matches re.
func (h *harness) seeRE(re string) {
	h.t.Helper()
	flat := strings.Join(strings.Fields(h.screen()), " ")
	if !regexp.MustCompile(re).MatchString(flat) {
		h.t.Fatalf("the screen does not match %s:\n%s", re, h.screen())
	}
}

// Dreißig tot's review is stored in percentage points of the chance to
// win: the player page gave its loss and luck as points ("Verlust/Entsch.
// 0,1 Pkt."); Kniffel's stay in points.
func TestPlayerPageDreissigReviewInPercentagePoints(t *testing.T) {
	h := dreissigPlayerPage(t)
	h.seeRE(`Verlust/Entsch\. [0-9]+,[0-9] Pp\.`)
	h.seeRE(`Glück/Spiel [−+]?[0-9]+,[0-9] Pp\.`)
	h.key(tcell.KeyLeft) // Totwürfeln
	h.key(tcell.KeyLeft) // Kniffel: points
	h.see("Bonus oben")
	h.seeRE(`Verlust/Entsch\. [0-9]+,[0-9] Pkt\.`)
}
