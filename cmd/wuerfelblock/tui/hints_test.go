package tui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The empty players list says what to do in full at 80 and 60 columns: it
// was cut to "Noch niemand: unten einen Namen tippe…" at 80.
func TestPlayersEmptyHintWhole(t *testing.T) {
	for _, c := range []struct {
		lang validate.Lang
		want string
	}{{validate.German, "Unten einen Namen tippen."}, {validate.English, "Type a name below."}} {
		for _, w := range []int{80, 60} {
			h := startLang(t, openDB(t), c.lang)
			h.resize(w, 20)
			h.typ("n1")
			h.key(tcell.KeyTab)
			h.see(c.want)
			h.notSee("…")
			h.stop()
		}
	}
}

// In 5000 a stop over 5000 banks nothing; the coach line said "besser
// schreiben (+1368)" under the panel's "Schreiben jetzt: … sie verfallen".
func TestCoachNoStopAdviceWhenStopForfeits(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('2', "Anna", "Ben")
	h.typ("*") // Chancen → Rat
	h.see("Trainer: Rat (* schaltet um)")
	h.typ("11152\n\n") // 1 1 1 5 aside (1150), one die left
	h.typ("1\n")       // 1250, all dice aside
	h.typ("15523\n")   // 1 5 5 aside (1450)
	h.typ("15\n")      // 1600, all dice aside
	h.typ("11111\n")   // 6000, all dice aside
	h.see("Zug 6000", "Anna wäre über 5000", "Schreiben: 6000, zählt aber nicht")
	h.notSee("besser schreiben")
}

// The German screens name the space bar "Leertaste", as the players title
// does; the key hints said "Space".
func TestGermanHintsSayLeertaste(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Ben")
	h.typ("q")
	h.key(tcell.KeyRight)
	h.key(tcell.KeyEnter) // leave
	h.typ("n1")
	h.key(tcell.KeyDown) // the coach (5050's dice are fixed)
	h.see("Leertaste ändern")
	h.notSee("Space")
	h.key(tcell.KeyTab)
	h.see("Leertaste dabei")
	h.notSee("Space")
	h.typ("?")
	h.see("Leertaste/Enter")
	h.notSee("Space")
}

// Hausbau: v on a typed throw waiting for its keep records the void throw
// (v is a command key, never a keep); it did nothing at all.
func TestVoidKeyOnPendingThrow(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n3")
	h.see("Zehntausend: Hausregeln")
	for range 13 {
		h.key(tcell.KeyDown)
	}
	h.see("Hausbau (hausbau):")
	h.typ(" ")
	h.key(tcell.KeyTab)
	h.typ("Anna\nBob\n\n")
	h.see("am Zug: Anna")
	h.typ("12345\n")
	h.see("was kommt zur Seite?")
	h.typ("v")
	h.see("Fehlversuche in Folge: 1 von 3")
	h.notSee("was kommt zur Seite?")
	if n := h.stored().Game.Len(); n != 1 {
		t.Fatalf("stored entries %d, want 1 (the void throw)", n)
	}
}

// The keep list is ordered by points; the coach at "Rat" may prefer another
// keep (5 5 2 3 4: one 5, b). The key hint called a "the best", against
// the coach line just above it; then Enter took the highest keep at Rat,
// against the advice. At Rat Enter takes the advice and says so; below
// Rat it takes the highest keep.
func TestEnterHintDoesNotContradictCoach(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('3', "Anna", "Ben")
	h.typ("55234\n") // Chancen
	h.see("Enter höchste (a)")
	h.key(tcell.KeyEscape) // the throw back in the input
	h.key(tcell.KeyEscape) // cleared
	h.typ("*")             // Chancen → Rat
	h.see("Trainer: Rat")
	h.typ("55234\n")
	h.see("Rat: b (5), dann weiter", "Enter 5 (Rat)")
	h.notSee("höchste (a)")
	h.typ("\n")
	h.see("Übernommen: 5 5 2 3 4, zur Seite 5 (50).")
	if es := h.stored().Game.Entries(); len(es) != 1 || validate.FormatDice(es[0].Keep) != "5" {
		t.Fatalf("stored %+v, want the advised keep 5", es)
	}
}

// Kniffel throw by throw: the key hint's example has as many dice as are to
// be thrown, and the last throw offers no throw/keep (it showed
// "22456 Wurf · 22456/22 Wurf/behalten" for two dice and on the third throw).
func TestKniffelThrowHintFitsTheCup(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.typ("t")
	h.see("t Endwürfel", "22456 Wurf", "22456/22 behalten")
	h.typ("66123\n66\n")
	h.see("Wurf 2 (3 Würfel):", "224 Wurf", "224/22 behalten")
	h.notSee("22456")
	h.typ("664/666\n")
	h.see("Wurf 3 (2 Würfel):", "22 Wurf")
	h.notSee("22/22")
	h.notSee("22456")
}

// Equal totals share a place on the game-over screen (scoresheet.Ranks):
// two players with 293 behind the winner were shown as 2. and 3.
func TestGameOverSharedPlace(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob", "Cem")
	boxes := "abcdefghijklm"
	dice := []string{"11123", "22234", "33345", "44456", "55561", "66612", "33312", "44442", "22333", "12346", "23456", "55555", "65432"}
	for i, box := range boxes {
		for p := range 3 {
			d := dice[i]
			if p == 0 && box == 'm' {
				d = "66665" // Anna wins by the Chance
			}
			h.typ(d + "\n" + string(box) + "\n")
		}
	}
	h.see("Spiel zu Ende", "Gewonnen hat: Anna")
	h.see("2. Bob", "2. Cem")
	h.notSee("3.")
}

// Totwürfeln and Dreißig tot: the key hint's example throw has as many dice
// as are in the cup (it showed five dice with four live ones, six with four
// in the cup, and "654321/66" where the throw has one 6).
func TestTotThrowHintFitsTheCup(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('6', "Anna", "Bob")
	h.see("42613 der Wurf")
	h.typ("66512\n")
	h.see("Lebende Würfel: 4", "4261 der Wurf")
	h.notSee("42613")

	h = start(t, openDB(t))
	h.newGame('7', "Anna", "Bob")
	h.see("654321 der Wurf", "654321/6 Wurf/zur Seite")
	h.typ("665432\n66\n")
	h.see("im Becher: 4", "6543 der Wurf", "6543/6 Wurf/zur Seite")
	h.notSee("654321")
}

// A key hint with a slash is never split when the hint line wraps: at 60
// columns the game-over keys ended "… · Enter/" with "q Hauptmenü" below.
func TestHintWithSlashNotSplit(t *testing.T) {
	h := start(t, openDB(t))
	h.resize(60, 20)
	h.newGame('6', "Anna", "Dora")
	for range 3 {
		h.typ("55555\n55555\n")
	}
	h.see("Spiel zu Ende")
	s := h.screen()
	if strings.Contains(s, "Enter/ ") || strings.Contains(s, "Enter/\n") {
		t.Fatalf("the hint Enter/q is split:\n%s", s)
	}
	h.see("Enter/q")
}

// The message after a keep with a turned five names the turn, as the
// panel does: it said "zur Seite 5 (100)" for the 5 that counts as a 1.
func TestTakenMessageShowsTurnedFive(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("552346\n5*\n")
	h.see("Zur Seite: 5 (1×5→1)", "Übernommen: 5 5 2 3 4 6, zur Seite 5 (1×5→1) (100).")
}

// On the list of known players a name typed at once ("Dora") becomes a new
// player: its capital starts the name. The letters were swallowed ("a" went
// to the name field, the rest was lost).
func TestPlayersNameTypedOnList(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Ben")
	h.typ("q")
	h.key(tcell.KeyRight)
	h.key(tcell.KeyEnter) // leave
	h.typ("n1")
	h.key(tcell.KeyTab)
	h.see("[ ] Anna")
	h.typ("Dora\n")
	h.see("[1] Dora", "1. Dora")
}

// The example throw has as many dice as the house rule wuerfel gives
// Totwürfeln, also more than five.
func TestDiceExampleCounts(t *testing.T) {
	for _, c := range []struct {
		ex   string
		n    int
		want string
	}{{"42613", 1, "4"}, {"42613", 4, "4261"}, {"42613", 5, "42613"}, {"42613", 6, "426134"}, {"42613", 12, "426134261342"}, {"42613", 36, "42613"}, {"654321", 6, "654321"}, {"654321", 2, "65"}} {
		if got := diceExample(c.ex, c.n); got != c.want {
			t.Errorf("diceExample(%q, %d) = %q, want %q", c.ex, c.n, got, c.want)
		}
	}
}

// On a narrow screen a running game's line on the home screen drops the
// time when the names cannot get shorter, instead of cutting it ("· 12:"
// at 60 columns in English, "· 1" at 65 in German).
func TestHomeRunningLineDropsTimeWhole(t *testing.T) {
	h := start(t, openDB(t))
	h.resize(65, 20)
	h.newGame('7', "Anna", "Benedikt")
	h.typ("q")
	h.key(tcell.KeyRight)
	h.key(tcell.KeyEnter) // leave
	h.see("Weiterspielen: Dreißig tot")
	for _, line := range strings.Split(h.screen(), "\n") {
		if strings.Contains(line, "Weiterspielen: Dreißig tot") && !regexp.MustCompile(`Runde 1( · \d\d:\d\d)? *║$`).MatchString(line) {
			t.Fatalf("the line is cut: %q", line)
		}
	}
}

// The English house-rule form writes the coach's row in lower case like
// every house rule ("dice", "target"); it said "Coach".
func TestEnglishFormCoachRowLowerCase(t *testing.T) {
	h := startLang(t, openDB(t), validate.English)
	h.typ("n3")
	h.see("  dice ", "  coach ")
	h.notSee("Coach")
}
