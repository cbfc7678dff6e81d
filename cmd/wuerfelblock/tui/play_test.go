package tui

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func totals(t *testing.T, sg *storage.StoredGame, want ...int) {
	t.Helper()
	if got := sg.Game.Totals(); !slices.Equal(got, want) {
		t.Fatalf("stored totals %v, want %v", got, want)
	}
}

// A 5050 game: hot dice, a 1500 that must be confirmed (and a refused stop
// before it is), a bust, a final round and the end.
func Test5050Game(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")

	// Anna: 1 1 1 5 (1050), then 1 5: all six dice aside, a new pass.
	h.typ("111523\n")
	h.see("was kommt zur Seite?", "a   1 1 1 5  1050")
	h.typ("a")
	h.see("Zug 1050", "2 Würfel im Becher", "Du darfst schreiben")
	// The coach: two dice bust 16 times in 36; stopping banks 1050, more
	// than throwing on is worth.
	p := coachAfter(t, validate.MustRules(validate.Game5050, nil), validate.Throw{Roll: []int{1, 1, 1, 5, 2, 3}, Keep: []int{1, 1, 1, 5}})
	h.see(fmt.Sprintf("Weiter: 44,4 %% Fehlwurf, im Schnitt %d", round(p.ThrowValue())), "Schreiben: 1050")
	h.typ("15\n")
	h.typ("a")
	h.see("neuer Durchgang mit 6 Würfeln", "Zug 1200")
	h.typ("s")
	h.see("Anna schreibt 1200", "am Zug: Bob")

	// Bob: the street 1500 must be confirmed.
	h.typ("123456\n")
	h.see("a   1 2 3 4 5 6  1500")
	h.typ("a")
	h.see("Zug 1500")
	h.typ("s")
	h.see("NICHT ÜBERNOMMEN")
	h.refused(validate.CodeConfirm1500)
	h.typ("111234/111\n")
	h.see("Zug 2500", "Du darfst schreiben")
	h.typ("s")
	h.see("Bob schreibt 2500")
	totals(t, h.stored(), 1200, 2500)

	// Round 2: Anna busts, then Bob.
	h.typ("234623\n")
	h.see("FEHLWURF", "Anna: nichts zählt", "am Zug: Bob")
	h.typ("222346/222\n")
	h.see("Zug 200")
	h.typ("634\n")
	h.see("FEHLWURF", "die 200 Punkte")

	// Round 3: Anna passes 5050 and the round is played out.
	h.typ("111555\n\n") // Enter takes the best keep
	h.see("Zug 1500")
	h.typ("111666/111666\n")
	h.see("Zug 3100")
	h.typ("111444\na")
	h.see("Zug 4500")
	h.typ("s")
	h.see("LETZTE RUNDE", "am Zug: Bob", "Anna schreibt 4500 (Stand 5700)")
	// State is shown by attributes too, not only by colour.
	if _, _, attr := h.styleOf("LETZTE RUNDE").Decompose(); attr&tcell.AttrReverse == 0 {
		t.Fatal("the final-round marker is not shown in reverse")
	}
	h.typ("111234/111\n")
	h.typ("s")
	h.see("Spiel zu Ende", "Gewonnen hat: Anna")

	sg := h.stored()
	if sg.Status != storage.Finished {
		t.Fatalf("stored status %q, want finished", sg.Status)
	}
	totals(t, sg, 5700, 3500)
	if w := sg.Game.Winners(); !slices.Equal(w, []int{0}) {
		t.Fatalf("winners %v", w)
	}
	fin := h.games(storage.Finished)
	if len(fin) != 1 || !slices.Equal(fin[0].Winners, []string{"Anna"}) {
		t.Fatalf("finished games %+v", fin)
	}
}

// A 5000 game: Bob reaches Anna's total and sends her back to 0.
func Test5000SameScoreReset(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('2', "Anna", "Bob")
	h.typ("11155\n")
	h.see("Zug 1200", "Übernommen: 1 1 1 5 5 (1200)")
	h.typ("s")
	h.see("Anna schreibt 1200")
	h.typ("11155\n")
	// The mover is named as the one who reaches, Anna as the one sent back
	// (it said "Anna hätte denselben Stand wie Bob", as if Anna moved).
	h.see("Schreiben jetzt: Bob käme auf den Stand von", "Anna (1200): Anna fiele auf 0")
	h.typ("s")
	h.see("Bob hat den Stand von Anna erreicht (1200): Anna fällt auf 0. Weiter: Anna")
	totals(t, h.stored(), 0, 1200)
	// The table shows who is in: Bob is, Anna must enter again.
	h.see("Drin")
	turns := h.stored().Game.Turns()
	last := turns[len(turns)-1]
	if len(last.Events) != 1 || last.Events[0].Kind != scoresheet.EventReset || last.Events[0].Player != "Anna" {
		t.Fatalf("stored events %+v", last.Events)
	}
}

// Undo takes back entries across a turn boundary and says what it took back.
func TestUndoAcrossTurns(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111523/1115\n")
	h.typ("s")
	h.see("am Zug: Bob", "Anna schreibt 1050")
	h.typ("u")
	h.see("Zurückgenommen: das Schreiben", "am Zug: Anna", "Zug 1050")
	if n := h.stored().Game.Len(); n != 1 {
		t.Fatalf("stored entries %d, want 1", n)
	}
	h.key(tcell.KeyCtrlZ)
	h.see("Zurückgenommen: Wurf 1 1 1 5 2 3, zur Seite 1 1 1 5", "was kommt zur Seite?")
	h.notSee("Zug 1050") // nothing is counted of the turn any more
	if n := h.stored().Game.Len(); n != 0 {
		t.Fatalf("stored entries %d, want 0", n)
	}
	// The throw taken back waits for its keep again; u drops it, then
	// there is nothing left.
	h.typ("u")
	h.see("Zurückgenommen: der Wurf 1 1 1 5 2 3")
	h.typ("u")
	h.see("Nichts zurückzunehmen")
}

// A refused entry keeps what was typed, says why, and changes nothing.
func TestRefusalKeepsInput(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("11152\n")
	h.see("NICHT ÜBERNOMMEN", "Wurf (6 Würfel): 11152")
	h.refused(validate.CodeDiceCount)
	h.typ("3/22\n")
	h.see("NICHT ÜBERNOMMEN", "2 2")
	h.refused(validate.CodeKeepNotThrown)
	h.see("Wurf (6 Würfel): 111523/22")
	if n := h.stored().Game.Len(); n != 0 {
		t.Fatalf("stored entries %d after refusals", n)
	}
	h.key(tcell.KeyEscape) // clears the input
	h.notSee("111523/22")
	h.typ("7\n")
	h.see("kein Würfel")
}

// Leaving in the middle of a turn, even closing the program, loses nothing:
// "continue" brings the game back at the same throw.
func TestQuitAndResumeMidTurn(t *testing.T) {
	db := openDB(t)
	h := start(t, db)
	h.newGame('1', "Anna", "Bob")
	h.typ("111523\n")
	h.typ("a")
	h.see("Zug 1050")
	h.typ("q")
	h.see("Spiel verlassen?")
	h.key(tcell.KeyTab) // to "Verlassen"
	h.key(tcell.KeyEnter)
	h.see("Weiterspielen: 5050 · Anna 0, Bob 0")
	h.stop()

	h2 := start(t, db)
	h2.see("Weiterspielen: 5050")
	h2.typ("1")
	h2.see("am Zug: Anna", "Zug 1050", "Zur Seite: 1 1 1 5", "2 Würfel im Becher")
	h2.typ("15\n")
	h2.typ("a")
	h2.see("Zug 1200")
}

// A Dreißig-tot attack on the Vordermann.
func TestDreissigTotAttack(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('7', "Anna", "Bob")
	h.typ("666665\n")
	h.see("welche Würfel kommen zur Seite")
	h.typ("\n") // all of them
	h.see("35 Augen: Angriff!", "ANGRIFF auf Bob", "Zielzahl 5", "Angriffswurf (6 Würfel)")
	// The hints offer no keep: the target faces go aside by rule.
	h.see("654321 der Angriffswurf, Enter")
	h.notSee("Wurf/zur")
	h.typ("555123\n")
	h.see("15 Augen genommen", "3 Würfel")
	h.typ("512\n")
	h.see("20 Augen genommen")
	h.typ("34\n")
	h.see("Anna nimmt Bob 20 Augen ab", "am Zug: Bob")
	totals(t, h.stored(), 30, 10)
}

// The turn panel is never cut at 80×24: after all six dice go aside it
// still says in full what the player may do and what blocks a stop.
func TestTurnPanelNotCut(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111222/111222\n")
	h.see("Zug 1200", "neuer Durchgang mit 6")
	h.see("Du darfst schreiben (s)", "weiterwürfeln.")
	h.typ("s")
	h.typ("123456/123456\n")
	h.see("Zug 1500", "Schreiben noch nicht erlaubt:", "1500er-Kombination muss")
	h.see("350 erreichen")
}

// The key hints are never cut at 80 columns: a long hint line wraps to a
// second row, so "? help" and "q leave" stay visible.
func TestHintLineNotCut(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111523\n")
	h.see("was kommt zur Seite?", "Esc korrigieren", "? Hilfe", "q verlassen")
	h.typ("a")
	h.see("Zug 1050", "s schreiben", "q verlassen")
}

// The typing example has as many dice as the game throws: a 5000 table is
// not shown six dice.
func TestThrowExampleMatchesDice(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('2', "Anna", "Bob")
	h.see("5 Würfel werfen und eintippen, z. B. 11152.", "11152 Enter Wurf")
	h.notSee("111523")
}

// Undoing a throw whose keep was wrong offers the same throw again: only
// the keep is chosen anew, the dice need not be typed twice.
func TestUndoReoffersKeep(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111234\n")
	h.see("a   1 1 1  1000")
	h.typ("d") // meant a: kept a single 1
	h.see("Zug 100")
	h.typ("u")
	h.see("Zurückgenommen: Wurf 1 1 1 2 3 4, zur Seite 1", "Auswahl neu treffen", "Wurf 1 1 1 2 3 4: was kommt zur Seite?", "a   1 1 1  1000")
	h.typ("a")
	h.see("Zug 1000", "3 Würfel im Becher")
	// Esc on the offered throw puts its dice in the input to correct them.
	h.typ("u")
	h.key(tcell.KeyEscape)
	h.see("Wurf (6 Würfel): 111234")
	if n := h.stored().Game.Len(); n != 0 {
		t.Fatalf("stored entries %d, want 0", n)
	}
}

// A command letter typed after dice is not swallowed silently: the screen
// says to finish the dice first, and the dice stay in the input.
func TestCommandLetterAfterDice(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111523/111\n")
	h.see("Zug 1000")
	h.typ("15s")
	h.see(`„s“ ist ein Befehl: erst die getippten Würfel mit Enter übernehmen`, "Wurf (3 Würfel): 15")
	if n := h.stored().Game.Len(); n != 1 {
		t.Fatalf("stored entries %d, want 1", n)
	}
}

// "Von dreißig auf hundert": the top-up is told as a sentence of its own.
func TestDreissigHundertTopUp(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n7")
	h.see("Dreißig tot: Hausregeln")
	h.key(tcell.KeyDown) // hundert
	h.typ(" ")
	h.see("* Von dreißig auf hundert")
	h.key(tcell.KeyTab)
	h.typ("Anna\nBob\n\n")
	h.see("am Zug: Anna", "Von dreißig auf hundert: wer zuerst 100 hat, gewinnt", "Genau 30: nichts · weniger: Differenz abziehen · mehr: Vordermann angreifen.")
	for range 3 {
		h.typ("111111/111111\n")
	}
	// What the turn cost, with a real minus (issue 20.11).
	h.see("Anna: 6 Augen (−24), Konto 12. Ein Konto hat 0 erreicht: beide Konten bekommen 30.")
	totals(t, h.stored(), 12, 36)
}

// When another device wrote to the game meanwhile, the entry is refused and
// the game is loaded again at once: the table sees the stored state and
// enters again; the typed throw is named and dropped from the input.
func TestConflictReloads(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	other := h.stored() // a second device
	if err := h.db.Append(context.Background(), other, entryThrow([]int{1, 1, 1, 2, 3, 4}, []int{1, 1, 1})); err != nil {
		t.Fatal(err)
	}
	h.typ("155234/15\n")
	h.see("NICHT ÜBERNOMMEN", "Das Spiel wurde inzwischen anderswo geändert und neu geladen", "Zug 1000", "3 Würfel im Becher",
		"Das Getippte (155234/15) ist verworfen")
	h.typ("155/15\n")
	h.see("Zug 1150")
	if n := h.stored().Game.Len(); n != 2 {
		t.Fatalf("stored entries %d, want 2", n)
	}
	// An undo that meets a change from elsewhere reloads as well.
	other = h.stored()
	if err := h.db.Append(context.Background(), other, entryThrow([]int{1}, []int{1})); err != nil {
		t.Fatal(err)
	}
	h.typ("u")
	h.see("anderswo geändert und neu geladen", "Zug 1250")
}

// s while a throw waits for its keep says what to do first.
func TestStopBeforeKeepIsExplained(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111523\n")
	h.see("was kommt zur Seite?")
	h.typ("s")
	h.see("Erst wählen, was zur Seite kommt (a–h oder Enter), dann mit s schreiben.")
	if n := h.stored().Game.Len(); n != 0 {
		t.Fatalf("stored entries %d, want 0", n)
	}
}

// A five turned into a one is shown as such among the dice set aside.
func TestTurnedFiveShownAside(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("552346\n")
	h.see("5 (1×5→1)")
	h.typ("a")
	h.see("Zur Seite: 5 (1×5→1)", "Zug 100")
}

// Hausbau: the panel counts the void throws in a row before the third ends
// the turn.
func TestVoidThrowsCounted(t *testing.T) {
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
	h.typ("v")
	h.see("Fehlversuche in Folge: 1 von 3")
	h.typ("v")
	h.see("Fehlversuche in Folge: 2 von 3")
	h.typ("15234/1\n")
	h.notSee("Fehlversuche in Folge")
}

// The header names the house rules that differ from the basic game, after
// whose turn it is.
func TestHeaderShowsHouseRules(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n3")
	h.see("Zehntausend: Hausregeln")
	h.typ(" ") // wuerfel 6
	h.key(tcell.KeyDown)
	h.key(tcell.KeyDown)
	h.key(tcell.KeyDown) // strasse
	h.typ(" ")
	h.key(tcell.KeyTab)
	h.typ("Anna\nBob\n\n")
	h.see("Zehntausend · Runde 1 · am Zug: Anna · Würfel 6, Straße 1000")
	// The basic game shows none.
	h2 := start(t, openDB(t))
	h2.newGame('1', "Anna", "Bob")
	h2.see("5050 · Runde 1 · am Zug: Anna")
	h2.notSee("wuerfel")
}

// Leaving with a throw typed but not taken says that it is not saved.
func TestLeaveWarnsOfTypedThrow(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111523\n")
	h.see("was kommt zur Seite?")
	h.typ("q")
	h.see("Spiel verlassen?", "Der Wurf 1 1 1 5 2 3 ist noch nicht übernommen")
	h.key(tcell.KeyEscape)
	h.see("a   1 1 1 5  1050")
	h.typ("a1")
	h.typ("q")
	h.see("Das Getippte (1) ist noch nicht übernommen")
}

// A game changed in another terminal shows its new state here by itself
// within the watch interval, keeping what was typed.
func TestGameChangedElsewhereIsShown(t *testing.T) {
	db := openDB(t)
	h := startWith(t, db, Config{Lang: validate.German, Watch: 20 * time.Millisecond})
	h.newGame('1', "Anna", "Bob")
	h.see("am Zug: Anna")
	h.typ("12")
	other, err := db.LoadGame(context.Background(), h.stored().ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Append(context.Background(), other, scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: []int{1, 1, 1, 2, 3, 4}, Keep: []int{1, 1, 1}}); err != nil {
		t.Fatal(err)
	}
	h.see("Anderswo geändert", "Zug 1000", "3 Würfel im Becher", "Wurf (3 Würfel): 12")
	// The next entry here goes on from the stored state.
	h.key(tcell.KeyBackspace2)
	h.key(tcell.KeyBackspace2)
	h.typ("s")
	h.see("Anna schreibt 1000")
}
