package tui

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// keepShown reports whether the screen shows keep k under its letter with
// its value, the dice spaced or packed.
func keepShown(screen string, letter byte, k validate.Keep) bool {
	var d []string
	for _, p := range k.Dice {
		d = append(d, fmt.Sprint(p))
	}
	re := regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(string(letter)) + `\s+` + strings.Join(d, ` ?`) + `(\s?\(\d×5→1\))?\s+` + fmt.Sprint(k.Points) + `(\D|$)`)
	for _, line := range strings.Split(screen, "\n") {
		if re.MatchString(line) {
			return true
		}
	}
	return false
}

// Issue 12.1: every keep the engine offers is on the screen with its
// letter and value at 80×24, and no keep letter is a command key.
func TestKeepListShowsEveryKeep(t *testing.T) {
	for _, roll := range []string{"111555", "111552", "113355", "155234", "115555"} {
		t.Run(roll, func(t *testing.T) {
			h := start(t, openDB(t))
			h.newGame('1', "Anna", "Bob")
			h.typ(roll + "\n")
			h.see("was kommt zur Seite?")
			dice, _ := validate.ParseDice(roll)
			keeps := h.stored().Game.Family().LegalKeeps(dice)
			for i, k := range keeps {
				if !keepShown(h.screen(), keepLetters[i], k) {
					t.Fatalf("keep %c (%s = %d) of %s is not shown whole:\n%s", keepLetters[i], validate.FormatDice(k.Dice), k.Points, roll, h.screen())
				}
			}
		})
	}
}

// Issue 12.1: s at the keep prompt never takes a keep; it says to choose first.
func TestKeepLettersAreNoCommands(t *testing.T) {
	for _, c := range "cqsuvw" {
		if strings.ContainsRune(keepLetters, c) {
			t.Errorf("%c is a command key and a keep letter", c)
		}
	}
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111555\n")
	h.see("was kommt zur Seite?")
	h.typ("s")
	h.see("Erst wählen, was zur Seite kommt")
	if n := h.stored().Game.Len(); n != 0 {
		t.Fatalf("s at the keep prompt stored %d entries", n)
	}
	// A letter that names no keep says so.
	h.typ("Z")
	h.see("„Z“ gehört zu keiner Auswahl dieses Wurfs")
	if n := h.stored().Game.Len(); n != 0 {
		t.Fatalf("an unknown letter stored %d entries", n)
	}
}

// Issue 12.1: at 60×20 the best keeps are on screen and every keep can be
// reached by scrolling.
func TestKeepListScrollsAt60x20(t *testing.T) {
	for _, roll := range []string{"155234", "115555"} {
		t.Run(roll, func(t *testing.T) {
			h := start(t, openDB(t))
			h.newGame('1', "Anna", "Bob")
			h.resize(60, 20)
			h.typ(roll + "\n")
			h.see("was kommt zur Seite?")
			dice, _ := validate.ParseDice(roll)
			keeps := h.stored().Game.Family().LegalKeeps(dice)
			for i := 0; i < 2; i++ {
				if !keepShown(h.screen(), keepLetters[i], keeps[i]) {
					t.Fatalf("best keep %c is not on the first page:\n%s", keepLetters[i], h.screen())
				}
			}
			seen := map[int]bool{}
			for range len(keeps) {
				for i, k := range keeps {
					if keepShown(h.screen(), keepLetters[i], k) {
						seen[i] = true
					}
				}
				h.key(tcell.KeyPgDn)
			}
			for i, k := range keeps {
				if !seen[i] {
					t.Fatalf("keep %c (%s) never shown at 60×20", keepLetters[i], validate.FormatDice(k.Dice))
				}
			}
		})
	}
}

// Issue 12.2: at 60×20 the Kniffel sheet keeps every box and the totals,
// and the sums and bonuses stay on the screen (in the turn panel); at
// 80×24 the whole sheet shows.
func TestKniffelSheetAt60x20(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.resize(60, 20)
	h.typ("66666\n")
	h.typ("m")
	h.see("m Chance", "▸30", "Gesamt", "Oben 0", "unten 0", "Kniffel-Bonus 0")
	h.typ("\n")
	h.see("Anna: Chance 30")
	h.resize(80, 24)
	h.see("m Chance", "Summe oben", "Bonus (ab 63)", "Summe unten", "Kniffel-Bonus", "Gesamt")
}

// Issue 12.2: at 60 columns the head-to-head bars are whole, not cut at
// the screen's edge.
func TestVersusBarsAt60(t *testing.T) {
	db := statsHistory(t, 40)
	ss := newStatsScreen(t, db, validate.English)
	ss.s.SetSize(60, 20)
	ss.v.SetRect(0, 0, 60, 20)
	ss.key(tcell.KeyRune, 'v')
	scr := ss.see("Head-to-head", "all games")
	found := false
	for _, line := range strings.Split(scr, "\n") {
		if !strings.Contains(line, "all games") {
			continue
		}
		found = true
		bar := strings.Count(line, "█") + strings.Count(line, "░")
		// A bar that reaches the edge with fewer than its 20 blocks was cut.
		if w := len([]rune(strings.TrimRight(line, " "))); bar < 6 || w >= 60 && bar < 20 {
			t.Fatalf("the bar of %q has %d blocks and the line is %d wide (cut at 60?):\n%s", line, bar, w, scr)
		}
	}
	if !found {
		t.Fatalf("no total line:\n%s", scr)
	}
}

// Issue 12.5: after the third Kniffel throw only boxes are offered: no
// invitation to keep dice, in the message, the prompt or the hint line.
func TestKniffelThirdThrowOffersOnlyBoxes(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.typ("t")
	h.typ("66123\n66\n")
	h.typ("664/666\n")
	h.typ("12\n")
	h.see("Wurf 3 von 3", "Würfel: 1 2 6 6 6")
	for _, s := range []string{"Zu behaltende Würfel", "behalten, Rest werfen", "behalten (Würfel)"} {
		h.notSee(s)
	}
	h.see("Feld wählen")
	h.typ("f\n")
	h.see("Anna: Sechser 18")
}

// Issue 12.6: a Kniffel game resumed in the middle of a throw-by-throw
// turn asks for the next throw as such: mode, prompt and "Wurf n von 3".
func TestKniffelResumeMidTurnThrowByThrow(t *testing.T) {
	db := openDB(t)
	h := start(t, db)
	h.newGame('5', "Anna", "Bob")
	h.typ("t")
	h.typ("66123\n66\n")
	h.typ("664/666\n")
	h.see("Wurf 3 (2 Würfel):")
	h.stop()

	h = start(t, db) // a new program: the entry mode is not remembered
	h.typ("1")
	h.see("am Zug: Anna")
	h.see("Eingabe: Wurf für Wurf", "Wurf 3 (2 Würfel):", " von 3", "Behalten: 6 6 6")
	h.notSee("Endwürfel")
	h.typ("12\n")
	h.see("Wurf 3 von 3", "Würfel: 1 2 6 6 6")
}

// Issue 12.7: the letter of a filled Kniffel box says so, with its value,
// and the box chosen before stays chosen.
func TestKniffelFilledBoxLetter(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.typ("66612\nf\n")
	h.see("Anna: Sechser 18")
	h.typ("12345\nk\n")
	h.see("Bob: Große Straße 40")
	h.typ("66666\n")
	h.see("▸ Kniffel 50")
	h.typ("f")
	h.see("Sechser", "schon belegt (18)", "▸ Kniffel 50")
	h.typ("\n")
	h.see("Anna: Kniffel 50")
}

// Issue 12.8: u at the keep prompt takes back the throw just typed, not
// the previous player's stop; on a turn without a pending throw it takes
// back the last stored entry.
func TestUndoAtKeepPromptDropsPendingThrow(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111234\na")
	h.see("Zug 1000")
	h.typ("s")
	h.see("Anna schreibt 1000", "am Zug: Bob")
	h.typ("111523\n")
	h.see("was kommt zur Seite?")
	h.typ("u")
	h.notSee("was kommt zur Seite?")
	h.see("am Zug: Bob")
	sg := h.stored()
	if n := sg.Game.Len(); n != 2 {
		t.Fatalf("stored entries %d after u at the keep prompt, want Anna's throw and stop", n)
	}
	totals(t, sg, 1000, 0)
	// Now the turn is empty: u takes back Anna's stop.
	h.typ("u")
	h.see("Zurückgenommen: das Schreiben", "am Zug: Anna")
}

// Issue 12.9: an entry refused as stale (the game changed in another
// terminal) leaves no typed dice behind that the next Enter would enter
// for the next player.
func TestStaleRefusalClearsInput(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	other := h.stored() // a second terminal: Anna throws and stops there
	for _, e := range []scoresheet.Entry{entryThrow([]int{1, 1, 1, 2, 3, 4}, []int{1, 1, 1}), entryStop()} {
		if err := h.db.Append(context.Background(), other, e); err != nil {
			t.Fatal(err)
		}
	}
	h.typ("111523/1115\n")
	h.see("NICHT ÜBERNOMMEN", "anderswo geändert", "am Zug: Bob", "111523/1115")
	_, y := h.find("Wurf (6 Würfel):")
	if line := strings.Split(h.screen(), "\n")[y]; strings.Contains(line, "111523") {
		t.Fatalf("the refused dice stay in the input: %q", line)
	}
	h.typ("\n")
	if n := h.stored().Game.Len(); n != 2 {
		t.Fatalf("stored entries %d, want Anna's throw and stop only", n)
	}
}

// Issue 12.10: in 5000 the turn panel says before the stop that it would
// pass the points on; the stop still takes one key.
func TestStopPreviewShown5000(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('2', "Ann", "Bob")
	h.typ("11111\ns")
	h.see("Ann schreibt 4400")
	h.typ("66655\ns")
	h.see("Bob schreibt 700")
	h.typ("66655\n")
	h.see("Du darfst schreiben", "Schreiben jetzt: Ann wäre über 5000: die 700", "Punkte gehen an Bob")
	h.typ("s")
	h.see("700 Punkte gehen an Bob")
	totals(t, h.stored(), 4400, 1400)
}

// Issue 12.11: the house-rule form names the rules (the id only in the
// detail line), shows beweisen off while bestaetigen switches it off, and
// refuses minus with nix as soon as the second is switched on.
func TestHouseRuleFormNames(t *testing.T) {
	h := startLang(t, openDB(t), validate.English)
	h.typ("n3")
	h.see("Zehntausend: house rules", "turn fives", "three pairs", "proving")
	h.notSee("fuenfer_drehen")
	h.notSee("drei_paare")
	for range 6 {
		h.key(tcell.KeyDown)
	}
	h.see("turn fives (fuenfer_drehen):")
	h.key(tcell.KeyDown) // bestaetigen
	h.typ(" ")
	h.see("* confirming", "* proving no (off: confirming)")
	h.key(tcell.KeyDown)
	h.key(tcell.KeyDown) // minus
	h.typ(" ")
	h.key(tcell.KeyDown) // nix
	h.typ(" ")
	h.see("contradict", "* minus yes", "  nix no")
}

// Issue 12.12: the family turn panel: passes apart in "Zur Seite", the 1500
// named through its whole confirmation pass, the pass points of a throw
// waiting for its keep, keeps marked (to confirm, proves, to prove), and a
// turned five typed as 5*.
func TestFamilyTurnPanelWords(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("113355\n")
	h.see("a  1 1 3 3 5 5", "1500 bestätigen")
	h.typ("a")
	h.see("Zug 1500")
	h.typ("155234\n") // the new pass: its points start at 0
	h.see("Zug 1500 · neuer Durchgang 0 ·")
	h.typ("15\n")
	h.see("Zur Seite: 1 1 3 3 5 5 ‖ 1 5", "Die 1500 wird bestätigt", "braucht 350 (jetzt 150)")
	h.typ("5523/5*\n") // a turned five typed: one 5 as a 1, the other thrown again
	h.see("Zug 1750", "Zur Seite: 1 1 3 3 5 5 ‖ 1 5 | 5 (1×5→1)")
	if es := h.stored().Game.Entries(); es[len(es)-1].FivesAsOnes != 1 {
		t.Fatalf("the typed turned five was stored as %+v", es[len(es)-1])
	}

	// Zehntausend with beweisen: a triple is marked to prove, a 1 after it proves.
	h = start(t, openDB(t))
	h.newGame('3', "Anna", "Bob")
	h.typ("22215\n")
	h.see("2 2 2", "200 beweisen")
	h.typ("222\n")
	h.typ("15\n")
	h.see("1 5", "150 beweist")
}

// Issue 12.12: a Hausbau void throw is counted as a Fehlversuch, never
// listed as set aside.
func TestVoidThrowIsFehlversuch(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n3")
	h.see("Zehntausend: Hausregeln")
	for range 13 {
		h.key(tcell.KeyDown)
	}
	h.typ(" ")
	h.key(tcell.KeyTab)
	h.typ("Anna\nBob\n\n")
	h.typ("11523\na")
	h.typ("v")
	h.see("Fehlversuche in Folge: 1 von 3", "Zur Seite: 1 1 5")
	h.notSee("ungültig")
}

// Issue 12.13: Kniffel throw by throw: a keep that lets held dice go is
// warned about; the throw counter and the prompt agree; after an undo of a
// box the best box is chosen again; t and the slash form are on the 80×24
// hint line.
func TestKniffelThrowWords(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.see("t Wurf für Wurf")
	h.typ("t")
	h.see("22456/22")
	h.typ("66612\n666\n")
	h.see("Wurf 2 (2 Würfel):", "Wurf 2 von 3")
	h.notSee("Wurf 1 von 3")
	h.typ("45\n")
	h.see("Wurf 2 von 3")
	h.typ("5\n")
	h.see("6 6 6", "wieder geworfen")
	h.see("Wurf 3 (4 Würfel):", "Wurf 3 von 3")

	h = start(t, openDB(t))
	h.newGame('5', "Anna", "Bob")
	h.typ("66666\n\n")
	h.see("Anna: Kniffel 50")
	h.typ("u")
	h.see("▸ Kniffel 50", "Enter trägt ein")
}

// Issue 12.14: in Dreißig tot the last single die goes aside by itself.
func TestDreissigLastDieAsideByItself(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('7', "Anna", "Bob")
	h.typ("555554/55555\n")
	h.see("Wurf (1 Würfel):")
	h.typ("5\n")
	h.notSee("welche Würfel kommen zur Seite")
	h.see("Anna: 30 Augen")
	if n := h.stored().Game.Len(); n != 2 {
		t.Fatalf("stored entries %d, want 2", n)
	}
}

// Issue 12.15: the statistics say what they count: which Kniffels, the
// house rules in words, what "Serie" means, and why the players screen
// counts more games.
func TestStatsWords(t *testing.T) {
	db := statsHistory(t, 60)
	ss := newStatsScreen(t, db, validate.German)
	ss.see("Serie: Siege in Folge jetzt / längste", "Spiele: beendete Spiele")
	for i, g := range ss.v.games {
		if g == validate.GameKniffel {
			ss.v.game = i
		}
	}
	if len(ss.v.sets(validate.GameKniffel)) < 2 {
		t.Fatal("the history has fewer than two Kniffel house-rule sets")
	}
	for range 2 {
		ss.key(tcell.KeyRune, 'o')
		scr := ss.text()
		if strings.Contains(scr, "joker=") || strings.Contains(scr, "=true") || strings.Contains(scr, "=false") {
			t.Fatalf("raw house rules on the page:\n%s", scr)
		}
	}
	ss.v.set = 0
	ss.key(tcell.KeyRune, 'p')
	for i := range ss.v.all {
		if ss.v.figures(i, validate.GameKniffel) != nil {
			ss.v.sel = i
			break
		}
	}
	ss.see("Kniffel-Feld mit 50", "weitere Kniffel (+100 Bonus)")

	h := start(t, openDB(t))
	h.typ("p")
	h.see("die Statistik zählt beendete")
}

// Issue 12.16: 5050 game over names the winner and no further places;
// help lists Esc once; Ctrl-C in a running game asks like q.
func TestGameOverPlacesHelpEscCtrlC(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob", "Cem")
	h.scr.InjectKey(tcell.KeyCtrlC, 0, tcell.ModNone)
	h.sync()
	h.see("Spiel verlassen?")
	h.key(tcell.KeyEnter) // keep playing
	h.notSee("Spiel verlassen?")
	h.typ("?")
	if n := strings.Count(h.screen(), "  Esc"); n != 1 {
		t.Fatalf("help lists Esc %d times:\n%s", n, h.screen())
	}
	h.typ("q")
	h.typ("111523\n")
	h.typ("?")
	if n := strings.Count(h.screen(), "  Esc"); n != 1 {
		t.Fatalf("help at the keep prompt lists Esc %d times:\n%s", n, h.screen())
	}
	h.typ("q")
	h.key(tcell.KeyEscape)
	// Anna passes 5050 at once; Bob and Cem score less.
	sg := h.stored()
	for _, e := range []scoresheet.Entry{
		entryThrow([]int{1, 1, 3, 3, 5, 5}, []int{1, 1, 3, 3, 5, 5}), entryThrow([]int{1, 1, 1, 2, 3, 4}, []int{1, 1, 1}),
		entryThrow([]int{6, 6, 6}, []int{6, 6, 6}), entryThrow([]int{1, 1, 3, 3, 5, 5}, []int{1, 1, 3, 3, 5, 5}),
		entryThrow([]int{2, 2, 2, 1, 1, 1}, []int{2, 2, 2, 1, 1, 1}), entryThrow([]int{1, 2, 3, 4, 5, 6}, []int{1, 2, 3, 4, 5, 6}),
		entryThrow([]int{1, 1, 1, 2, 3, 4}, []int{1, 1, 1}), entryStop(),
		entryThrow([]int{1, 1, 1, 2, 3, 4}, []int{1, 1, 1}), entryStop(),
		entryThrow([]int{1, 1, 1, 5, 3, 4}, []int{1, 1, 1, 5}), entryStop(),
	} {
		if err := h.db.Append(context.Background(), sg, e); err != nil {
			t.Fatal(err)
		}
	}
	// The places after the winner, as in 5000 (issue 20.11: 5050 had none).
	h.see("Spiel zu Ende", "Gewonnen hat: Anna", "2.", "3.")
}

// Issue 12.17: Rückwärts says which dice scored and what they were worth,
// and a bust reads as a bust with minus points.
func TestRueckwaertsWords(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('4', "Anna", "Bob")
	h.typ("11234\n")
	h.see("Anna: 1 1 zählen 200", "200 Punkte liegen aus")
	h.typ("234\n")
	h.see("FEHLWURF", "Bob bekommt die 200 ausliegenden Punkte als Minuspunkte")
	h.notSee("wirft nichts")
}

// Issue 12.2: the players step keeps its title whole at 60×20.
func TestPlayersStepTitleAt60x20(t *testing.T) {
	h := start(t, openDB(t))
	h.resize(60, 20)
	h.typ("n3")
	h.key(tcell.KeyTab)
	h.see("Spieler (Leertaste)", "Sitzordnung")
	h.notSee("…┐")
}

// Issue 12.12: help at the keep prompt says how to type a turned five and
// what the marks of the keeps mean.
func TestHelpExplainsTurnedFivesAndMarks(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("155234\n")
	h.typ("?")
	h.see("5* ist eine gedrehte Fünf", "Zeichen bei den Auswahlen: ! bestätigen.")
}

// Issue 12.11: the house-rule form keeps its detail lines and keys whole,
// also under a long description at 60×20.
func TestHouseRuleFormDetailWhole(t *testing.T) {
	h := start(t, openDB(t))
	h.resize(60, 20)
	h.typ("n3")
	for range 13 {
		h.key(tcell.KeyDown) // hausbau: the longest description
	}
	h.see("Hausbau (hausbau):", "drei hintereinander beenden den Zug ohne Punkte", "Vorgabe nein · Werte: nein, ja", "Tab Spieler")
}
