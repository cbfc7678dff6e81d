package tui

import (
	"context"
	"strings"
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
	h.see("Spiel zu Ende", "Glück", "Verlust", "a die Auswertung")
	for _, p := range rv.Players {
		h.see(review.Number(p.Luck, validate.German), review.Number(-p.Loss, validate.German))
	}
	h.typ("a")
	// The review page says its keys under it (issue 20.11: it had none).
	h.see("Auswertung: Können und Glück", "Geschrieben = Zugwerte + Glück − Verlust", "↑/↓ blättern", "q/Esc zurück")
	if worst := rv.Costliest(1); len(worst) > 0 {
		h.see("Die teuersten Entscheidungen", rv.Where(worst[0], validate.German))
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
	ss.see("Spielstärke", "nach Verlust je Entscheidung", "Verl./Entsch.", "Enter Spieler", "b Liste")
	b := ss.v.byPlay(validate.GameKniffel)
	if len(b) == 0 {
		t.Fatal("nobody on the Kniffel by-play board")
	}
	scr := ss.text()
	prev := -1.0
	for i, pi := range b {
		r := ss.v.figures(pi, validate.GameKniffel).Review
		if r.Games < storage.ByPlayMinGames || r.LossPerDecision < prev {
			t.Errorf("row %d: %+v", i, r)
		}
		prev = r.LossPerDecision
		if !strings.Contains(scr, review.Number(r.LossPerDecision, validate.German)) {
			t.Errorf("the board lacks %s's loss per decision:\n%s", ss.v.all[pi].Name, scr)
		}
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
	// The leaderboard's order differs: the by-play board starts on its first.
	ss.see("↑/↓ wählen Enter Spieler")
	if row := highlightedRow(t, ss); row != 2 {
		t.Fatalf("highlighted row %d, want 2 (the first on the board):\n%s", row, ss.text())
	}
	ss.key(tcell.KeyDown, 0)
	if row := highlightedRow(t, ss); row != 3 {
		t.Fatalf("after ↓ highlighted row %d, want 3:\n%s", row, ss.text())
	}
	ss.key(tcell.KeyEnter, 0)
	if ss.v.mode != modePlayer || ss.v.sel != b[1] {
		t.Fatalf("Enter: mode %d, player %d, want the player page of %d", ss.v.mode, ss.v.sel, b[1])
	}
	ss.see(ss.v.all[b[1]].Name + " · Kniffel")
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
