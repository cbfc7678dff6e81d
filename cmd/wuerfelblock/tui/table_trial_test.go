package tui

import (
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// totThreeRounds plays a Totwürfeln game of three rounds: Anna 4 points a
// round, Bob 0, Cleo 8. Cleo wins; Anna finishes ahead of Bob without
// winning.
func totThreeRounds(h *harness) {
	h.t.Helper()
	h.newGame('6', "Anna", "Bob", "Cleo")
	for range 3 {
		h.typ("11115\n5555\n") // Anna: 4
		h.typ("55555\n")       // Bob: 0
		h.typ("22225\n5555\n") // Cleo: 8
	}
	h.see("Spiel zu Ende", "Gewonnen hat: Cleo")
}

// Head-to-head counts under each name the games that one finished ahead
// of the other; the wins are the line below the table. The help said the
// columns were the games each of them won: Anna – Bob showed "1 0" beside
// "Anna gewann 0".
func TestVersusColumnsAreAheadNotWon(t *testing.T) {
	db := openDB(t)
	h := startWith(t, db, Config{Lang: validate.German, Stats: NewStatsPage(db)})
	totThreeRounds(h)
	h.typ("q")
	h.see("Neues Spiel")
	h.typ("s")
	h.see("Anna", "Bob")
	h.typ("v")
	h.see("Anna – Bob", "Anna gewann 0, Bob gewann 0 von 1 gemeinsamen Spiel")
	_, y := h.find("alle Spiele")
	if row := strings.Fields(strings.Split(h.screen(), "\n")[y]); len(row) < 6 || strings.Join(row[2:6], " ") != "1 1 0 0" {
		t.Fatalf("the head-to-head total: %q, want games 1, Anna ahead 1, Bob 0, level 0\n%s", row, h.screen())
	}
	h.typ("?")
	h.see("(Namen)", "Spiele, in denen jeder vor dem anderen lag")
	h.notSee("Spiele, die jeder von beiden gewann")
}
