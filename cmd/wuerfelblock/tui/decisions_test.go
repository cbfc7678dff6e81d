package tui

import (
	"context"
	"fmt"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Dreißig tot at Rat: Enter sets aside the coach's best keep of the throw,
// as in the other games, and the hint line, the prompt and the panel say
// so (it set all six aside, whatever the advice). Below Rat Enter is "all".
func TestDreissigEnterTakesAdviceAtRat(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('7', "Anna", "Bob")
	h.typ("665544\n") // Chancen
	h.see("Enter alle zur Seite", "zur Seite (Enter = alle):", "(Enter: alle)")
	h.typ("u")
	h.typ("*") // Rat
	h.see("Trainer: Rat")
	tb := dreissigCache.Table(2, false)
	ks := tb.For([]int{30, 30}).Keeps(6, 0, []int{6, 6, 5, 5, 4, 4})
	best := validate.FormatDice(ks[0].Dice)
	if len(ks[0].Dice) == 6 {
		t.Fatalf("the advice is all six (%s): the test needs a throw where it is not", best)
	}
	h.typ("665544\n")
	h.see("Enter "+best+" (Rat)", "zur Seite (Enter = Rat):", "(Enter: der Rat "+best+")")
	h.typ("\n")
	h.see("Zur Seite: " + fmt.Sprint(len(ks[0].Dice)) + " Würfel")
	es := h.stored().Game.Entries()
	if len(es) != 1 || validate.FormatDice(es[0].Keep) != best {
		t.Fatalf("stored %+v, want the advised keep %s", es, best)
	}
}

// 5050's last round: a tie for the win goes to the earlier seat; the turn
// panel of the player on turn says so, and what they need to win (nothing
// said it before the game was over).
func TestTieRuleInFinalRound(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	r := validate.MustRules(validate.Game5050, nil)
	sg, err := db.CreateGame(ctx, r, []string{"Anna", "Ben", "Cem"})
	if err != nil {
		t.Fatal(err)
	}
	// Anna reaches 5050 in one turn: 111111 is 2000, twice with new passes, then 1111 = 1100.
	var es []scoresheet.Entry
	for range 2 {
		es = append(es, entryThrow([]int{1, 1, 1, 1, 1, 1}, []int{1, 1, 1, 1, 1, 1}))
	}
	es = append(es, entryThrow([]int{1, 1, 1, 5, 2, 3}, []int{1, 1, 1, 5}), entryStop())
	for _, e := range es {
		if err := db.Append(ctx, sg, e); err != nil {
			t.Fatal(err)
		}
	}
	if !sg.Game.LastRound() || sg.Game.Totals()[0] < 5050 {
		t.Fatalf("totals %v, final round %v", sg.Game.Totals(), sg.Game.LastRound())
	}
	h := start(t, db)
	h.resize(240, 30) // the panel's line unwrapped
	h.typ("1")
	h.see("am Zug: Ben", "LETZTE RUNDE")
	lead := sg.Game.Totals()[0]
	h.see("Letzte Runde: bei Gleichstand mit Anna ("+fmt.Sprint(lead)+") gewinnt Anna (sitzt früher).", "Zum Sieg: mehr als "+fmt.Sprint(lead)+" in diesem Zug.")

	// Cem after Ben's bust: the same (Anna leads, she sits earlier).
	h.typ("223346\n")
	h.see("am Zug: Cem", "gewinnt Anna (sitzt früher)")

	// Not in the rounds before, and not in a game without the rule.
	h2 := start(t, openDB(t))
	h2.newGame('1', "Anna", "Ben")
	h2.notSee("Gleichstand")
}

// A house rule with a single allowed value (5050's six dice) is not
// offered to change: no "Leertaste ändern" on its row, "fest" instead of
// the values, and Space leaves it; d (default) only where a value differs
// from its default. Zehntausend's dice (5 or 6) are offered.
func TestFixedHouseRuleNotOffered(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n1")
	h.see("5050: Hausregeln", "in diesem Spiel fest: 6")
	h.notSee("Leertaste ändern")
	h.notSee("d Vorgabe")
	h.typ(" ")
	h.see("  Würfel        6       (Vorgabe 6)") // unchanged, not marked *
	h.key(tcell.KeyEscape)
	h.typ("3")
	h.see("Zehntausend: Hausregeln", "Leertaste ändern", "Werte: 5, 6")
	h.notSee("d Vorgabe")
	h.typ(" ")
	h.see("d Vorgabe")
	h.typ("d")
	h.notSee("d Vorgabe")
}

// The home footer names c (all running games) once a game runs.
func TestHomeFooterNamesAllRunning(t *testing.T) {
	h := start(t, openDB(t))
	h.notSee("c alle laufenden")
	h.newGame('1', "Anna", "Ben")
	h.typ("q")
	h.see("Spiel verlassen?")
	h.key(tcell.KeyTab)
	h.key(tcell.KeyEnter)
	h.see("1 weiterspielen", "c alle laufenden")
	h.typ("c")
	h.see("Laufende Spiele")
}
