package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/internal/reviewer"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// testValuers are the solvers of the tests' reviews (on the game-over
// screen and stored): the Kniffel tables kept in memory, not in the
// user's cache.
var testValuers = review.SolversWith(kniffel.NewCache(""))

// openReviewed opens the database at path as the program does: with a
// reviewer of finished games.
func openReviewed(path string) (*storage.DB, error) {
	return storage.OpenWith(path, storage.Options{Reviewer: reviewer.New(testValuers)})
}

// storeAllButLast stores a generated 5050 game that ends with a stop, without
// that stop, and returns it.
func storeAllButLast(t *testing.T, db *storage.DB) *scoresheet.Game {
	t.Helper()
	games, err := generate.All(generate.Config{Games: 40, Seed: 31, Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, gm := range games {
		g := gm.Game
		es := g.Entries()
		if g.Rules.Game != validate.Game5050 || es[len(es)-1].Kind != scoresheet.EntryStop {
			continue
		}
		ctx := context.Background()
		sg, err := db.CreateGame(ctx, g.Rules, g.Players)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es[:len(es)-1] {
			if err := db.Append(ctx, sg, e); err != nil {
				t.Fatal(err)
			}
		}
		return g
	}
	t.Fatal("no 5050 game ending with a stop")
	return nil
}

// TestGameOverShowsReview: the game-over screen shows each player's luck
// and loss, and a opens the full review.
func TestGameOverShowsReview(t *testing.T) {
	db := openDB(t)
	g := storeAllButLast(t, db)
	rv, err := review.OfGame(g, testValuers)
	if err != nil {
		t.Fatal(err)
	}
	h := start(t, db)
	h.typ("1") // continue the stored game
	h.see("am Zug")
	h.typ("s") // the stop that ends it
	h.see("Spiel zu Ende", "Glück", "Verlust", "a die Auswertung", "Verlust: gegen bestes Spiel verschenkte Punkte (nie negativ)")
	tx := text{lang: validate.German}
	for _, p := range rv.Players {
		// One decimal and a unit; the loss never negative, as in the statistics.
		h.see(tx.signedPts(p.Luck, rv), review.Number1(p.Loss, validate.German)+" Pkt.")
	}
	h.notSee("−" + review.Number1(rv.Players[0].Loss, validate.German))
	h.typ("a")
	h.see("Auswertung: Können und Glück", "Verlust: was eine Entscheidung", "Glück: was die Würfel",
		"Geschrieben = Zugwerte (was jeder Zug zu Beginn wert war)", "Zugwerte", "Geschrieben")
	for _, p := range rv.Players {
		h.see(review.Number1(p.TurnValueSum, validate.German), fmt.Sprint(p.Banked))
	}
	// The review page says its keys under it (issue 20.11: it had none).
	h.see("↑/↓ blättern", "q/Esc zurück")
	if worst := rv.Costliest(1); len(worst) > 0 {
		h.see("Die teuersten Entscheidungen in Punkten", rv.Where(worst[0], validate.German))
	} else {
		h.see("Keine Entscheidung hat etwas gekostet")
	}
	h.key(tcell.KeyEscape)
	h.see("Spiel zu Ende")
}

// TestGameOverWithoutReview: a game without decisions shows no review key.
func TestGameOverWithoutReview(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('4', "Anna", "Ben", "Clara")
	h.typ("11112\n")
	h.typ("3\n")
	h.see("Spiel zu Ende", "r Revanche")
	h.notSee("Auswertung")
	h.notSee("Glück")
}

// TestStatsScreenByPlay: y shows the "by play" leaderboard, ranked by loss
// per decision with the figures of the statistics; the player page charts
// the loss per game.
func TestStatsScreenByPlay(t *testing.T) {
	db := statsHistory(t, 120)
	ss := newStatsScreen(t, db, validate.German)
	for ss.v.gameID() != validate.GameKniffel {
		ss.key(tcell.KeyRight, 0)
	}
	ss.key(tcell.KeyRune, 'y')
	// Kniffel's games of 2+ players carry the chance to win of their last
	// three rounds: the board ranks by it first (storage.CompareByPlay).
	ss.see("Spielstärke", "nach verschenkter Gewinnchance je Entscheidung", "Pp./Entsch.", "Verl./Entsch.", "Enter Spieler", "b Bestenliste")
	b := ss.v.byPlay(validate.GameKniffel)
	if len(b) == 0 {
		t.Fatal("nobody on the Kniffel by-play board")
	}
	scr := ss.text()
	var prev *storage.ByPlayRow
	for i, pi := range b {
		r := ss.v.figures(pi, validate.GameKniffel).Review
		row := storage.ByPlayRow{Name: ss.v.all[pi].Name, ReviewFigures: *r}
		if r.Games < storage.ByPlayMinGames || prev != nil && storage.CompareByPlay(*prev, row) > 0 {
			t.Errorf("row %d: %+v", i, r)
		}
		prev = &row
		if !strings.Contains(scr, review.Number1(r.LossPerDecision, validate.German)) {
			t.Errorf("the board lacks %s's loss per decision:\n%s", ss.v.all[pi].Name, scr)
		}
	}
	// 5050's (no chance to win in the tests' reviews) ranks by the points.
	for ss.v.gameID() != validate.Game5050 {
		ss.key(tcell.KeyRight, 0)
	}
	ss.see("nach Verlust je Entscheidung", "Verl./Entsch.")
	for ss.v.gameID() != validate.GameKniffel {
		ss.key(tcell.KeyRight, 0)
	}
	// The first on the board: the player page with the loss chart.
	ss.v.sel = b[0]
	ss.key(tcell.KeyRune, 'p')
	ss.see("Verlust/Entsch.", "Verlust je Spiel gegen bestes Spiel")
	// Totwürfeln has no review.
	for ss.v.gameID() != validate.GameTotwuerfeln {
		ss.key(tcell.KeyRight, 0)
	}
	ss.key(tcell.KeyRune, 'y')
	ss.see("wird nicht ausgewertet")
}

// Totwürfeln's game-over screen shows every player's luck (no loss: there
// is no decision) and a opens the review; it showed neither. The review
// has luck only.
func TestGameOverTotLuck(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('6', "Anna")
	for range 3 {
		h.typ("55555\n")
	}
	h.see("Spiel zu Ende", "Glück", "a die Auswertung: das Glück jedes Spielers")
	h.notSee("Verlust")
	h.typ("a")
	// Nor does the review speak of decisions: it had a column of 0
	// decisions and one of 0,0 loss under "Zugwerte + Glück − Verlust".
	h.see("Auswertung: Können und Glück", "Punkte: Geschrieben = Zugwerte + Glück.", "Zugwerte", "Glück", "Geschrieben")
	h.notSee("Verlust")
	h.notSee("Entsch.")
}

// Dreißig tot's game-over screen shows luck and loss, in percentage
// points of the chance to win, and a the review (it was "not reviewed").
func TestGameOverDreissigReview(t *testing.T) {
	db := openDB(t)
	h := start(t, db)
	h.newGame('7', "Anna", "Ben")
	h.typ("111111/111111\n")
	h.typ("111111/111111\n")
	h.typ("111112/111112\n")
	h.see("Spiel zu Ende", "Glück", "Verlust", "a die Auswertung")
	rv, err := review.OfGame(h.stored().Game, testValuers)
	if err != nil {
		t.Fatal(err)
	}
	if !rv.Chances {
		t.Fatal("two players: the review is in chances")
	}
	for _, p := range rv.Players {
		_, luck, _, _ := chanceRow(p)
		h.see(text{lang: validate.German}.ppN(luck, true))
	}
	h.typ("a")
	// The review's table in whole percentage points with their unit, as
	// the game-over screen: the start chance had two decimals, luck and
	// loss one and no unit.
	de := text{lang: validate.German}
	h.see("In Prozentpunkten der Gewinnchance", "Ergebnis (100 gewonnen, 50 geteilt, 0 verloren) = Start + Glück − Verlust",
		"Start "+de.pp(rv.Players[0].ChanceStart/100, false)+" → 0 Pp.")
	for _, p := range rv.Players {
		_, luck, loss, _ := chanceRow(p)
		h.see(de.ppN(luck, true) + " " + de.ppN(loss, false))
	}
	h.notSee(review.Number(rv.Players[0].ChanceStart, validate.German))
}

// TestGameOverShowsWinReview: a two-player game shows the chance to win
// thrown away and the luck in whole percentage points with their unit, the
// loss never negative; the review shows both identities and the costliest
// decisions by the chance to win.
func TestGameOverShowsWinReview(t *testing.T) {
	db := openDB(t)
	o, _ := validate.MakeOptions(validate.GameZehntausend, map[string]any{"ziel": 1000, "beweisen": false})
	r, err := validate.NewRules(validate.GameZehntausend, o)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	sg, err := db.CreateGame(ctx, r, []string{"Anna", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []scoresheet.Entry{
		{Kind: scoresheet.EntryThrow, Roll: []int{1, 1, 1, 5, 2}, Keep: []int{5}},
		{Kind: scoresheet.EntryThrow, Roll: []int{1, 1, 1, 3}, Keep: []int{1, 1, 1}},
		{Kind: scoresheet.EntryStop},
	} {
		if err := db.Append(ctx, sg, e); err != nil {
			t.Fatal(err)
		}
	}
	v := testValuers.WithWin()
	if _, err := v.Win.Start(r, []int{0, 0}, 0); err != nil { // the table built (the screen does not wait for it)
		t.Fatal(err)
	}
	h := startWith(t, db, Config{Lang: validate.German, Review: v})
	h.typ("1")
	h.see("am Zug")
	h.typ("23466\n") // Ben's one turn of the final round: nothing
	h.see("Spiel zu Ende", "Pp.", "Verlust: gegen bestes Spiel verschenkte Gewinnchance")
	g, _ := scoresheet.FromEntries(r, []string{"Anna", "Ben"}, append(sg.Game.Entries(), scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: []int{2, 3, 4, 6, 6}, Keep: []int{}}))
	rv, err := review.OfGame(g, v)
	if err != nil || !rv.Win {
		t.Fatalf("no win review: %v", err)
	}
	tx := text{lang: validate.German}
	for _, p := range rv.Players {
		_, luck, loss, _ := winRow(p, true) // as the review screen (they add up)
		h.see(tx.ppN(luck, true), tx.ppN(loss, false))
	}
	h.typ("a")
	h.see("Gewinnchance: Ergebnis (100 gewonnen", "zu Beginn", "Ergebnis", "Die teuersten Entscheidungen nach Gewinnchance",
		"Anna, Runde 1, 1. Wurf: 5 zur Seite statt 1115, ", "Gewinnchance verschenkt (")
	h.notSee("Gewinnchance −") // a loss is never negative on this screen
	for range 12 {
		h.key(tcell.KeyDown)
	}
	h.see("Die teuersten Entscheidungen in Punkten")
}

// TestStatsHelpExplainsColumns: ? on every page of the statistics explains
// every column it shows (before: only q/Esc and ?).
func TestStatsHelpExplainsColumns(t *testing.T) {
	db := statsHistory(t, 40)
	h := startWith(t, db, Config{Lang: validate.German, Stats: NewStatsPage(db)})
	h.typ("s")
	h.see("Anna") // the figures read (off the UI goroutine): the player keys apply
	for _, page := range []struct {
		key         string
		want, below []string // below: after scrolling the help down
	}{
		{"b", []string{"Quote", "Siege von den Spielen", "Serie", "die längste Siegesserie", "Mittel", "mittlerer Endstand"}, nil},
		{"p", []string{"Fehlwürfe", "Verlust/Entsch.", "verschenkte Punkte je Entscheidung"}, []string{"Gewinnch. verl.", "Prozentpunkten"}},
		{"y", []string{"Verl./Entsch.", "Verl./Spiel"}, []string{"Glück/Spiel", "Pp./Entsch.", "Prozentpunkten"}},
		{"v", []string{"gleich", "vorn", "öfter vor dem anderen"}, nil},
	} {
		h.typ(page.key)
		h.typ("?")
		h.see(append([]string{"Was die Spalten bedeuten"}, page.want...)...)
		if page.below != nil {
			for range 12 {
				h.key(tcell.KeyDown)
			}
			h.see(page.below...)
		}
		h.key(tcell.KeyEscape)
		h.notSee("Was die Spalten bedeuten")
	}
}

// TestByPlayBoardChoosesAndOpens: on the "by play" board the chosen player
// is highlighted, ↑/↓ move the highlight over its rows and Enter opens
// that player's page, as the footer says (issue 20.10: no highlight, and
// Enter did nothing).
func TestByPlayBoardChoosesAndOpens(t *testing.T) {
	db := statsHistory(t, 120)
	ss := newStatsScreen(t, db, validate.German)
	for ss.v.gameID() != validate.GameKniffel {
		ss.key(tcell.KeyRight, 0)
	}
	ss.key(tcell.KeyRune, 'y')
	b := ss.v.byPlay(validate.GameKniffel)
	if len(b) < 2 {
		t.Fatalf("%d players on the Kniffel by-play board: need two", len(b))
	}
	// The chosen player stays chosen where they are on the board (else
	// the board starts on its first).
	ss.see("↑/↓ wählen Enter Spieler")
	i := slices.Index(b, ss.v.sel)
	// The board's rows start under its head (the order above it wraps
	// where it is long).
	first := 0
	for y, l := range strings.Split(ss.text(), "\n")[3:] {
		if strings.HasPrefix(l, " #  Spieler") {
			first = y + 1
			break
		}
	}
	if row := highlightedRow(t, ss); i < 0 || first == 0 || row != i+first {
		t.Fatalf("highlighted row %d, want %d (the chosen player's):\n%s", row, i+first, ss.text())
	}
	key, j := tcell.KeyDown, i+1
	if i == len(b)-1 {
		key, j = tcell.KeyUp, i-1
	}
	ss.key(key, 0)
	if row := highlightedRow(t, ss); row != j+first {
		t.Fatalf("after ↑/↓ highlighted row %d, want %d:\n%s", row, j+first, ss.text())
	}
	ss.key(tcell.KeyEnter, 0)
	if ss.v.mode != modePlayer || ss.v.sel != b[j] {
		t.Fatalf("Enter: mode %d, player %d, want the player page of %d", ss.v.mode, ss.v.sel, b[j])
	}
	ss.see(ss.v.all[b[j]].Name + " · Kniffel")
}

// highlightedRow is the one body row (from the board's first line: 0 is
// the title, 1 its header) drawn selected, or -1.
func highlightedRow(t *testing.T, ss *statsScreen) int {
	t.Helper()
	ss.text()
	cells, w, h := ss.s.GetContents()
	found := -1
	for y := 3; y < h-1; y++ {
		c := cells[y*w+4]
		if c.Style == styleSelected {
			if found >= 0 {
				t.Fatalf("rows %d and %d both highlighted", found, y-3)
			}
			found = y - 3
		}
	}
	return found
}

// gatedFamily is the review's family solver that, once armed, answers only
// when the test opens its gate.
type gatedFamily struct {
	review.Family
	armed atomic.Bool
	gate  chan struct{}
}

func (f *gatedFamily) Start(r *validate.Rules, ctx validate.TurnContext) (review.FamilyPosition, error) {
	if f.armed.Load() {
		<-f.gate
	}
	return f.Family.Start(r, ctx)
}

// TestGameOverReviewOffTheUIGoroutine: the game-over screen computes its
// review off the UI goroutine (with three or more players a final round's
// chances take seconds): the screen shows at once, says the review is
// being computed, answers keys meanwhile, and shows luck and loss once the
// review is there. Before, the UI did not answer until the review was done.
func TestGameOverReviewOffTheUIGoroutine(t *testing.T) {
	db := openDB(t)
	storeAllButLast(t, db)
	fam := &gatedFamily{Family: testValuers.Family, gate: make(chan struct{})}
	v := testValuers
	v.Family = fam
	h := startWith(t, db, Config{Lang: validate.German, Review: v})
	h.typ("1") // continue the stored game
	h.see("am Zug")
	// The screen's warm-up asks the family solver too: armed before it
	// has, the gate would hold the warm-up and with it the last entry's
	// write (a race the tests lost under load).
	h.waitWarm()
	fam.armed.Store(true)
	h.typ("s") // the stop that ends it
	h.see("Spiel zu Ende", "Die Auswertung wird berechnet")
	h.notSee("Verlust:")
	h.typ("?") // the UI answers while the review is computed
	h.see("Revanche")
	h.key(tcell.KeyEscape)
	h.typ("a") // asked for meanwhile: it opens once it is there
	h.see("Spiel zu Ende")
	close(fam.gate)
	h.see("Auswertung: Können und Glück", "Verlust: was eine Entscheidung")
	h.key(tcell.KeyEscape)
	h.see("Spiel zu Ende", "Glück", "Verlust", "a die Auswertung")
	h.notSee("wird berechnet")
}
