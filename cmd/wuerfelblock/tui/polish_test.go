package tui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// At the start of a turn nothing is counted yet: the panel does not say
// "Zug 0 · Durchgang 0" (read as "turn 0, pass 0"), neither before the
// throw nor while it waits for its keep; once dice are aside it says the
// turn's and the pass's points.
func TestTurnStartShowsNoZeroCounts(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.see("6 Würfel werfen und eintippen")
	h.notSee("Zug 0")
	h.notSee("Durchgang 0")
	h.typ("115234\n")
	h.see("was kommt zur Seite?")
	h.notSee("Zug 0")
	h.typ("a")
	h.see("Zug 250 · Durchgang 250 · 3 Würfel im Becher")
	h.typ("155\na")
	h.see("Zug 450 · neuer Durchgang 0")
	h.typ("s")
	h.see("am Zug: Bob", "6 Würfel werfen und eintippen")
	h.notSee("Zug 0")
}

// What forbids a stop is a bulleted line; where it wraps, its second row
// goes on under its text, not under the bullet (as help and rules pages
// hang their lines).
func TestTurnPanelBulletHangs(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("222346\n")
	h.see("Schreiben noch nicht erlaubt:", "• schreiben erst ab 350 Punkten")
	lines := strings.Split(h.screen(), "\n")
	for y, l := range lines {
		x := strings.Index(l, "• schreiben erst ab 350")
		if x < 0 {
			continue
		}
		next := []rune(lines[y+1])
		col := len([]rune(l[:x]))
		if next[col] != ' ' || next[col+1] != ' ' || next[col+2] == ' ' {
			t.Fatalf("the bullet's second row does not hang under its text:\n%s\n%s", l, lines[y+1])
		}
		return
	}
	t.Fatalf("no wrapped bullet line:\n%s", h.screen())
}

// NICHT ÜBERNOMMEN stands while the refused entry does: Esc that clears
// it, a key that changes it, and Esc that goes back to correct a typed
// throw take it away; a key that changes nothing (an arrow) leaves it.
func TestRefusalGoesWithTheEntry(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("222346\n") // one keep only: taken at once, 3 dice in the cup
	h.see("Zug 200")

	h.typ("6\n")
	h.see("NICHT ÜBERNOMMEN", "falsche Zahl von Würfeln")
	h.key(tcell.KeyEscape)
	h.notSee("NICHT ÜBERNOMMEN")
	h.notSee("falsche Zahl von Würfeln")
	h.see("Zug 200") // Esc cleared the input and did not leave
	h.notSee("Spiel verlassen?")

	h.typ("6\n")
	h.see("NICHT ÜBERNOMMEN", "Wurf (3 Würfel): 6")
	h.key(tcell.KeyLeft)
	h.key(tcell.KeyBackspace2) // at the start: deletes nothing
	h.see("NICHT ÜBERNOMMEN", "Wurf (3 Würfel): 6")
	h.key(tcell.KeyDelete)
	h.notSee("NICHT ÜBERNOMMEN")

	h.typ("6\n")
	h.see("NICHT ÜBERNOMMEN")
	h.typ("5")
	h.notSee("NICHT ÜBERNOMMEN")
	h.key(tcell.KeyEscape)

	// A keep refused, then Esc twice: the keep cleared, then the throw
	// back in the input to correct it.
	h.typ("555\n")
	h.see("was kommt zur Seite?")
	h.typ("6\n")
	h.see("NICHT ÜBERNOMMEN")
	h.key(tcell.KeyEscape)
	h.notSee("NICHT ÜBERNOMMEN")
	h.typ("6\n")
	h.see("NICHT ÜBERNOMMEN")
	h.key(tcell.KeyBackspace2)
	h.notSee("NICHT ÜBERNOMMEN")
	h.typ("6\n")
	h.see("NICHT ÜBERNOMMEN")
	h.key(tcell.KeyBackspace2)
	h.key(tcell.KeyEscape)
	h.see("Wurf korrigieren und Enter drücken.", "Wurf (3 Würfel): 555")
	h.notSee("NICHT ÜBERNOMMEN")
	h.refused("")
}

// The Kniffel hint line wraps to a second row at 100 columns (at Rat,
// throw by throw); it split the box range "a–m" there ("… · a–" / "m/↑↓ Feld für s"). A range of
// letters stays whole at every width.
func TestHintLineKeepsARangeWhole(t *testing.T) {
	line := hintLine([]keyHelp{{"s", "stehen lassen"}, {"n", "nichts behalten"}, {"a–m/↑↓", "Feld für s"}, {"Esc", "korrigieren"}})
	for w := 20; w <= 100; w++ {
		for _, row := range tview.WordWrap(line, w) {
			if strings.HasSuffix(strings.TrimRight(row, " \u00a0"), "–") || strings.HasSuffix(row, "–\u2060") {
				t.Fatalf("at width %d the range is split: %q", w, row)
			}
		}
	}
}

// The review's decision lines give what a decision threw away as the
// tables and the game-over screen give the loss: never negative (they
// said "Gewinnchance −6,2 Prozentpunkte (−30,0 Punkte)" beside a Verlust
// of 6 Pp. and 30,0); and Kniffel's note on its last rounds stands once,
// not above and again below the table.
func TestReviewLossNeverNegativeAndNoteOnce(t *testing.T) {
	note := review.Note{EN: "From round 11 on the decisions are rated by the chance to finish first too.",
		DE: "Ab Runde 11 werden die Entscheidungen auch nach der Chance bewertet, als Erster zu enden."}
	rv := &review.Review{Game: validate.GameKniffel, Reviewed: true, Finished: true, Win: true, WinExact: true, WinFrom: 11, WinNote: note,
		Players: []review.Player{{Name: "Anna", Loss: 30, Result: 1}, {Name: "Ben", Result: 0}},
		Decisions: []review.Decision{{Player: "Anna", Turn: 12, Kind: review.Stop,
			Chosen: review.Choice{Stop: true}, Best: review.Choice{Stop: false}, Loss: 30,
			HasWin: true, WinChosen: 0.5, WinBest: 0.562, WinLoss: 0.062, WinBestChoice: review.Choice{Stop: false}}}}
	for _, c := range []struct {
		lang       validate.Lang
		want, note string
	}{
		{validate.German, "6,2 Prozentpunkte Gewinnchance verschenkt (30,0 Punkte)", note.DE},
		{validate.English, "6.2 percentage points of the chance to win thrown away (30.0 points)", note.EN},
	} {
		s := reviewText(text{lang: c.lang}, rv)
		if !strings.Contains(s, c.want) || strings.Contains(s, "−6") || strings.Contains(s, "−30") {
			t.Errorf("%v: want %q and no negative loss:\n%s", c.lang, c.want, s)
		}
		if n := strings.Count(s, c.note); n != 1 {
			t.Errorf("%v: the note on the last rounds stands %d times:\n%s", c.lang, n, s)
		}
	}
}

// Dreißig tot's panel, before any die is aside, says what is in the cup,
// not "Zur Seite: 0 Würfel, 0 Augen"; once dice are aside it counts them.
func TestDreissigTurnStartShowsNoZeroCounts(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('7', "Anna", "Ben")
	h.see("Im Becher: 6 Würfel")
	h.notSee("0 Würfel, 0 Augen")
	h.typ("665544\n")
	h.see("welche kommen zur Seite?", "Im Becher: 6 Würfel")
	h.typ("66\n")
	h.see("Zur Seite: 2 Würfel, 12 Augen · im Becher: 4")
}

// The player page gives luck per game twice, in points and in chance to
// win: the second line was also "Glück/Spiel", told apart only by its
// unit; it is named as the chance line above it.
func TestPlayerPageLuckLinesNamedApart(t *testing.T) {
	r := &storage.ReviewFigures{Games: 5, LossPerDecision: 30.9, LuckPerGame: 12.5, WinGames: 5, WinLossPerGame: 0.137, WinLuckPerGame: -0.34}
	for _, c := range []struct {
		lang        validate.Lang
		luck, cluck string
	}{
		{validate.German, "Glück/Spiel +12,5 Pkt.", "Gewinnch. Glück/Spiel −34,0 Pp."},
		{validate.English, "luck/game +12.5 pts", "chance luck/game −34.0 pp"},
	} {
		v := &statsView{text: text{lang: c.lang}}
		lines := v.reviewLines(r, validate.Game5050)
		if len(lines) != 4 || lines[1] != c.luck || lines[3] != c.cluck {
			t.Errorf("%v: the luck lines are %q, want %q and %q", c.lang, lines, c.luck, c.cluck)
		}
	}
}

// The list of the games' rules and the new game's list of games had no
// line of keys at the bottom (every other screen has one): a new user saw
// no way back. Both name their keys, in both languages.
func TestListPagesShowTheirKeys(t *testing.T) {
	for _, c := range []struct {
		lang              validate.Lang
		key               string
		rules, game, back string
	}{
		{validate.German, "r", "Regeln zeigen", "Spiel wählen", "q/Esc zurück · ? Hilfe"},
		{validate.English, "r", "show the rules", "choose the game", "q/Esc back · ? help"},
	} {
		h := startLang(t, openDB(t), c.lang)
		h.typ(c.key)
		h.see(c.rules, c.back)
		h.key(tcell.KeyEscape)
		h.typ("n")
		h.see(c.game, c.back)
		rows := strings.Split(strings.TrimRight(h.screen(), "\n"), "\n")
		if last := strings.ReplaceAll(rows[len(rows)-1], "\u00a0", " "); !strings.Contains(last, c.game) {
			t.Errorf("%v: the keys are not on the last row %q:\n%s", c.lang, last, h.screen())
		}
		h.stop()
	}
}

// Dreißig tot's advice before a throw says how many dice the best keep
// sets aside; with one die in the cup there is no choice, and it said
// "legt in 100 % der Würfe 1 Würfel zur Seite".
func TestDreissigNoAdviceForTheLastDie(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('7', "Anna", "Ben")
	h.typ("*") // the coach from Chancen to Rat
	h.see("Rat: die beste Auswahl legt in")
	h.typ("665544/66\n")
	h.typ("6543/6\n")
	h.typ("666/66\n")
	h.see("Zur Seite: 5 Würfel, 30 Augen · im Becher: 1", "Trainer: Gewinnchance")
	h.notSee("Rat: die beste Auswahl")
}

// A letter that is no key does not pass without a word: at the keep
// prompt "a–f nehmen" leaves out c (a command letter once), and c did
// nothing; elsewhere a letter that is no command says so too.
func TestLetterThatIsNoKeySays(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("x")
	h.see("„x“ ist hier keine Taste: ? zeigt die Tasten.")
	h.typ("115234\n")
	h.see("a–f nehmen")
	h.typ("c")
	h.see("„c“ gehört zu keiner Auswahl dieses Wurfs", "was kommt zur Seite?")
	h.typ("g")
	h.see("„g“ gehört zu keiner Auswahl dieses Wurfs (a–f).")
	h.typ("a")
	h.see("Zug 250")
}
