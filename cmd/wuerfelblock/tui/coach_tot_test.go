package tui

import (
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/dreissig"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The tests keep the Dreißig-tot tables in memory, not in the user's cache
// directory.
func init() { dreissigCache = dreissig.NewCache("") }

// * switches the coach in Dreißig tot too (it did nothing): at Chancen
// every player's exact chance to win from the table, at Rat the best keep
// of the typed throw and the other keeps' values, from the coach.
func TestDreissigCoach(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('7', "Anna", "Bob") // a new game's coach: Chancen
	tb := dreissigCache.Table(2, false)
	c := tb.For([]int{30, 30})
	win := c.Chances(6, 0)
	h.see("Trainer: Gewinnchance Anna " + de(100*win[0]) + " % · Bob " + de(100*win[1]) + " %")
	h.notSee("Rat:")
	h.typ("*")
	h.see("Trainer: Rat")
	h.typ("665544\n")
	ks := c.Keeps(6, 0, []int{6, 6, 5, 5, 4, 4})
	h.see("Rat: "+validate.FormatDice(ks[0].Dice)+" zur Seite ("+de(100*ks[0].Value)+" %)", "sonst:")
	// Keep one 6: the chances of the position after it.
	h.typ("6\n")
	after := c.Chances(5, 6)
	h.see("Gewinnchance Anna " + de(100*after[0]) + " %")
	h.typ("*")
	h.see("Trainer: aus")
	h.notSee("Gewinnchance")
}

// Five players: no table, the turn's value in pips, said so.
func TestDreissigCoachPoints(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('7', "Anna", "Bob", "Cem", "Dora", "Ede")
	h.see("Trainer: der Zug ist bei bestem Spiel +"+de(dreissig.Points(5).Value(6, 0))+" Augen wert", "keine Chancen bei 5 Spielern")
}
