package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// A long name in the score table is shortened, never the last turn beside
// it: "Fehlwurf" was cut to "ehlwur…" with a 26-letter name at 80 columns.
func TestScoreTableLastTurnWhole(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Jürgen Müller-Lüdenscheidt", "Oma Gertrud", "Anna")
	h.typ("234623\n")
	h.see("FEHLWURF", "am Zug: Oma Gertrud")
	h.see("Jürgen Müll", "0 Fehlwurf")
}

// Dreißig tot and Totwürfeln tables keep their numbers whole too.
func TestTotTableNumbersWhole(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('7', "Jürgen Müller-Lüdenscheidt", "Oma Gertrud")
	h.typ("666655\n\n")
	h.see("Zielzahl 4")
	h.typ("444411\n") // four 4s taken, two dice thrown again
	h.typ("12\n")
	h.see("Jürgen Müll", "34 Augen, 16 Augen genommen")
}

// After an undo offers the throw again, typing the whole corrected throw
// with its keep ("ROLL/KEEP") takes it instead of refusing the "/" as a die.
func TestThrowAndKeepTypedOverOfferedThrow(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111234\nd")
	h.see("Zug 100")
	h.typ("u")
	h.see("Wurf 1 1 1 2 3 4: was kommt zur Seite?")
	h.typ("111523/1115\n") // the throw itself was wrong
	h.see("Zug 1050", "2 Würfel im Becher")
	h.notSee("NICHT ÜBERNOMMEN")
	totals(t, h.stored(), 0, 0)
	if n := h.stored().Game.Len(); n != 1 {
		t.Fatalf("stored entries %d, want 1", n)
	}
}

// The players screen deletes a player without games (after asking) and
// refuses one with games at once, saying why.
func TestPlayersDelete(t *testing.T) {
	db := openDB(t)
	h := start(t, db)
	h.newGame('1', "Anna", "Bob")
	h.typ("q")
	h.key(tcell.KeyRight)
	h.key(tcell.KeyEnter) // leave
	h.typ("pa")
	h.typ("Zoë\n")
	h.see("Zoë")
	h.typ("?")
	h.see("d / Del", "Spieler löschen")
	h.key(tcell.KeyEscape)
	h.key(tcell.KeyUp)
	h.key(tcell.KeyUp)
	h.key(tcell.KeyUp) // Anna
	h.typ("d")
	// Refused at once, with the reason: it asked "Spieler Anna löschen?"
	// only to refuse after the yes.
	h.see("Anna hat Spiele (1) und kann nicht gelöscht werden: stattdessen umbenennen (Enter).")
	h.notSee("Spieler Anna löschen?")
	h.key(tcell.KeyDown)
	h.key(tcell.KeyDown) // Zoë
	h.key(tcell.KeyDelete)
	h.see("Spieler Zoë löschen?")
	h.key(tcell.KeyRight)
	h.key(tcell.KeyEnter)
	h.see("Zoë gelöscht.")
	ps, err := db.Players(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 {
		t.Fatalf("players %v, want Anna and Bob", ps)
	}
}

// The home screen's line of a running game shortens long names so that
// every player, the round and the time stay on it (the fourth player and
// the round fell off with one 26-letter name).
func TestHomeRunningGameLineFits(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Jürgen Müller-Lüdenscheidt", "Oma Gertrud", "Anna", "Björn")
	h.typ("q")
	h.key(tcell.KeyRight)
	h.key(tcell.KeyEnter)
	h.see("Weiterspielen: 5050", "Björn 0 · Runde 1")
	h.typ("c")
	h.see("Laufende Spiele", "Björn 0 · Runde 1")
}

// The keep typed before the throw ("115/11523") is explained with the
// right order instead of "wrong number of dice: 5, not 3".
func TestKeepTypedBeforeThrow(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('3', "Anna", "Bob")
	h.typ("115/11523\n")
	h.see("NICHT ÜBERNOMMEN", "erst der Wurf (5 Würfel), dann nach / was zur Seite kommt: 11523/115")
	h.key(tcell.KeyEscape)
	h.typ("11523/115\n")
	h.see("Zug 250")
}

// Kniffel: the upper bonus row says "–" once 63 cannot be reached any more
// (it kept showing what was "missing"), and the turn panel says how many
// points the upper section still needs while it can.
func TestKniffelUpperBonusMissedForGood(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna")
	h.see("Bonus (ab 63)", "(63)", "Oben: noch 63 bis zum Bonus.")
	for _, box := range "abcd" {
		h.typ("12346\n" + string(box) + "\n")
	}
	h.see("Oben: noch 53 bis zum Bonus.", "(53)")
	h.typ("12346\ne\n") // no five: 0, and 63 is out of reach
	h.see("Summe oben        10")
	h.notSee("(53)")
	h.notSee("bis zum Bonus")
	_, y := h.find("Bonus (ab 63)")
	if line := strings.Split(h.screen(), "\n")[y]; !strings.Contains(line, "–") {
		t.Fatalf("bonus row %q, want –", line)
	}
}

// The hint line's example throw has as many dice as are to be thrown now
// (Rückwärts with one die left showed "11152 Enter").
func TestHintExampleFollowsDiceInCup(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('4', "Anna", "Bob")
	h.typ("11523\n")
	h.see("Wurf (2 Würfel):", "11 Enter Wurf")
	h.notSee("11152 Enter")
}

// In 5050 the example for throw and keep at once follows the dice too.
func TestHelpExampleFollowsDiceInCup(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111234/111\n")
	h.see("Wurf (3 Würfel):", "111 Enter Wurf")
	h.typ("?")
	h.see("111/111", "Wurf und Auswahl auf einmal")
}

// Totwürfeln and Kniffel name their number of rounds and mark the last one,
// like the Zehntausend family's final round.
func TestFixedRoundsFinalRoundMarked(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('6', "Anna", "Bob")
	h.see("Runde 1 von 3")
	h.notSee("LETZTE RUNDE")
	for i := 0; i < 4; i++ {
		h.typ("55555\n")
	}
	h.see("Runde 3 von 3", "LETZTE RUNDE", "am Zug: Anna")
}

// One die left is "1 die" / "mit 1 Würfel", not "1 dice" / "mit 1 Würfeln".
func TestOneDieWording(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111552/11155\n")
	h.see("Wurf (1 Würfel):", "Oder mit 1 Würfel ")
	h.notSee("1 Würfeln")

	e := startLang(t, openDB(t), validate.English)
	e.typ("n1")
	e.see("house rules")
	e.key(tcell.KeyTab)
	e.typ("Anna\nBob\n\n")
	e.see("turn: Anna")
	e.typ("111552/11155\n")
	e.see("throw (1 die):", "Or throw 1 die on.")
	e.notSee("1 dice")
}

// The help of the Zehntausend family explains the coach line of the turn
// panel, in both languages.
func TestHelpExplainsOddsLine(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("?")
	// 1 1 1 5 = 1050 with two dice left, which bust 16 of 36 times.
	h.see("Weiter: 44,4 % Fehlwurf, im Schnitt ", "Schreiben: 1050", "was der Zug bei bestem Spiel", "Nur dieser Zug, nicht Stände", "(Beispiel: nach 111523/1115 Zug 1050, 2 Würfel im Becher.)", "Regeln: 5050")

	e := startLang(t, openDB(t), validate.English)
	e.typ("n3")
	e.see("house rules")
	e.key(tcell.KeyTab)
	e.typ("Anna\n\n")
	e.see("turn: Anna")
	e.typ("?")
	// 1 1 5 = 250 (the triple 1 1 1 would have to be proved: no stop after it).
	e.see("Throw on: 44.4 % bust, on average ", "Stop: 250", "what the turn banks on average", "This turn only, not the totals or the target", "(Example: after 11152/115, turn 250, 2 dice in the cup.)", "Rules: Zehntausend")
}

// 5050: a tie on the top total says why the earlier seat wins, and the
// rematch says that the winner begins.
func Test5050TieAndRematchSayWhy(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob", "Cleo")
	h.typ("234623\n") // Anna busts
	for i := 0; i < 3; i++ {
		h.typ("111111/111111\n")
	}
	h.typ("s")
	h.see("LETZTE RUNDE", "am Zug: Cleo")
	for i := 0; i < 3; i++ {
		h.typ("111111/111111\n")
	}
	h.typ("s")
	h.see("Spiel zu Ende", "Gewonnen hat: Bob (Gleichstand: wer früher dran war, gewinnt)")
	h.typ("r")
	h.see("Revanche: Bob hat gewonnen und beginnt.", "am Zug: Bob")
}

// The home screen offers the numbers of the running games it lists (it
// said "1–9" with none or two listed, and only six are ever listed); its
// help too, which named "1–6" with no game to continue.
func TestHomeContinueKeysMatchList(t *testing.T) {
	h := start(t, openDB(t))
	h.see("n neues Spiel · ? Hilfe")
	h.notSee("1–9")
	h.typ("?")
	h.see("Tasten auf diesem Bild")
	h.notSee("1–6")
	h.notSee("ein laufendes Spiel fortsetzen")
	h.key(tcell.KeyEscape)
	h.newGame('1', "Anna", "Bob")
	h.typ("q")
	h.key(tcell.KeyRight)
	h.key(tcell.KeyEnter)
	h.see("n neues Spiel · 1 weiterspielen")
	h.typ("?")
	h.see("ein laufendes Spiel fortsetzen")
	h.notSee("1–6")
}

// Game over keeps its keys on the screen when the last turn's note and the
// winners' names take two lines each.
func TestGameOverKeysNotCutByLongNote(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('4', "Jürgen Müller-Lüdenscheidt", "Ein sehr langer Name mit vielen Buchstab", "Anna Maria Magdalena Schmidt")
	h.typ("11112\n") // four 1s: 10000 on the table, one die left
	h.typ("3\n")     // nothing: 10000 minus points, the game is over
	h.see("Spiel zu Ende", "Gewonnen haben:", "r Revanche", "Enter/q Hauptmenü")
}

// A name typed too long is stored cut to 40 characters, and the screen says so.
func TestLongNameIsCutWithANote(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n1")
	h.key(tcell.KeyTab)
	long := "Annegret-Wilhelmine von Hohenzollern-Sig" + "maringen"
	h.typ(long + "\n")
	h.see("Gespeichert als", "höchstens 40 Zeichen")
	ps, err := h.db.Players(context.Background())
	if err != nil || len(ps) != 1 || len([]rune(ps[0].Name)) != 40 {
		t.Fatalf("players %+v, %v", ps, err)
	}
}
