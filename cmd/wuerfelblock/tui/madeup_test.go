package tui

import (
	"context"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// TestMadeUpGameNeedsOnlyItsDefinition: a new game on the Totwürfeln turn
// engine, made up here (one round, its own names and rules text) and
// defined nowhere but in validate's list of games, is listed on the home
// screen's new-game list and the rules, played to its end, stored with its
// results, charted on the statistics' player page (the chart of its
// definition) and reviewed (luck only, as its definition says), with no
// line of code outside its definition knowing it (issue 21).
func TestMadeUpGameNeedsOnlyItsDefinition(t *testing.T) {
	const id = validate.GameID("totwuerfeln-kurz")
	key := addMadeUp(t, validate.MadeUpGame{
		Info: validate.GameInfo{ID: id, NameEN: "Short Totwürfeln", NameDE: "Kurzes Totwürfeln",
			SummaryE: "Totwürfeln for one round", SummaryD: "Totwürfeln über eine Runde"},
		Like:    validate.GameTotwuerfeln,
		Vary:    func(v *validate.Variant) { v.Rounds = 1 },
		RulesEN: "As Totwürfeln, one round.", RulesDE: "Wie Totwürfeln, eine Runde.",
	})
	db := openDB(t)
	h := startWith(t, db, Config{Lang: validate.German, Stats: NewStatsPage(db)})

	// Listed: the rules list and the new-game list.
	h.typ("r")
	h.see("Kurzes Totwürfeln", "Totwürfeln über eine Runde")
	h.typ(string(key))
	h.see("Wie Totwürfeln, eine Runde.")
	h.typ("q")
	h.typ("q")
	// Played: one round of two players.
	h.newGame(key, "Anna", "Bob")
	h.see("Lebende Würfel: 5")
	h.typ("56641\n")
	h.typ("5555\n")
	h.see("am Zug: Bob")
	h.typ("12345\n")
	h.typ("5555\n")
	h.see("Spiel zu Ende", "Gewonnen hat: Anna")

	// Stored, with its results.
	gs, err := db.Games(context.Background(), storage.GameFilter{Status: storage.Finished})
	if err != nil || len(gs) != 1 || gs[0].Game != string(id) {
		t.Fatalf("stored: %+v, %v", gs, err)
	}
	sg, err := db.LoadGame(context.Background(), gs[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := sg.Game.Totals(); got[0] != 17 || got[1] != 10 {
		t.Fatalf("totals %v, want [17 10]", got)
	}

	// Reviewed: luck only, as its definition says.
	rv, err := review.OfGame(sg.Game, testValuers)
	if err != nil || !rv.Reviewed || rv.Note.DE == "" || rv.Players[0].Turns != 1 {
		t.Fatalf("review %+v, %v", rv, err)
	}

	// Charted: its tab, its leaderboard and the chart of its definition.
	h.key(tcell.KeyEnter) // home
	h.typ("s")
	// The statistics open on the first game anybody finished: this one.
	h.see("Kurzes Totwürfeln ", "Anna", "100\u00a0%")
	h.typ("p")
	h.see("Anna · Kurzes Totwürfeln", "Augen pro Zug", "Endstand des einen Spiels")
}

// TestMadeUpCoachedGameStopsByItsDefinition: a made-up game like 5050
// whose pass needs 300 instead of 350 (its Variant's Stops, issue 21) is
// played and coached by its own stop rule: a pass of 300 may be written
// down and the coach values the stop, a pass of 250 is refused with the
// definition's number and the coach offers no stop.
func TestMadeUpCoachedGameStopsByItsDefinition(t *testing.T) {
	key := addMadeUp(t, validate.MadeUpGame{
		Info: validate.GameInfo{ID: "3030", NameEN: "3030", NameDE: "3030",
			SummaryE: "5050 to 3030, stop from 300 per pass", SummaryD: "5050 bis 3030, schreiben ab 300 je Durchgang"},
		Like: validate.Game5050,
		Vary: func(v *validate.Variant) { v.Target, v.Stops.PassPoints = 3030, 300 },
	})
	h := startWith(t, openDB(t), Config{Lang: validate.German})
	h.newGame(key, "Anna", "Bob")
	h.typ("333246/333\n")
	h.see("Du darfst schreiben (s)", "Schreiben: 300")
	h.typ("s")
	h.see("am Zug: Bob")
	if got := h.stored().Game.Totals(); got[0] != 300 {
		t.Fatalf("totals %v, want Anna's 300", got)
	}
	h.typ("222534/2225\n")
	h.see("Schreiben noch nicht erlaubt", "ab 300 Punkten", "hat 250)")
	h.notSee("Schreiben: ")
}

// addMadeUp adds the made-up game m for the length of the test and returns
// its key on the new-game list (the last game of the list).
func addMadeUp(t *testing.T, m validate.MadeUpGame) rune {
	t.Helper()
	t.Cleanup(validate.AddMadeUpGame(m))
	return rune('0' + len(validate.Games()))
}
