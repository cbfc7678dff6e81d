package tui

import (
	"fmt"
	"strings"
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

// pipsIn is a points-view value as the panel writes it ("+1.5", "−9,2").
func pipsIn(lang validate.Lang, x float64) string {
	s := fmt.Sprintf("%.1f", x)
	if lang == validate.German {
		s = strings.Replace(s, ".", ",", 1)
	}
	if r, ok := strings.CutPrefix(s, "-"); ok {
		return "−" + r
	}
	return "+" + s
}

// Five players (the points view), a throw waiting for its keep: "with this
// throw the turn is worth" said the value before the throw (+1.1 after
// 654321, where its best keep 6 is worth +1.5; −4.6 after 1 aside and
// 11111, where it is −9.2), at Chancen and at Rat; it is the best keep's
// value of the throw, the advice's figure.
func TestDreissigPointsCoachWithThisThrow(t *testing.T) {
	pc := dreissig.Points(5)
	for _, c := range []struct {
		lang      validate.Lang
		with, rat string
	}{{validate.English, "Coach: with this throw the turn is worth %s pips", "Advice: %s aside (%s)"},
		{validate.German, "Trainer: mit diesem Wurf ist der Zug bei bester Auswahl %s Augen wert", "Rat: %s zur Seite (%s)"}} {
		h := newDreissigGame(t, c.lang, "Anna", "Bob", "Cem", "Dora", "Ede")
		h.typ("654321\n")
		best := pc.Keeps(6, 0, []int{6, 5, 4, 3, 2, 1})[0]
		h.see(fmt.Sprintf(c.with, pipsIn(c.lang, best.Value)))
		if best.Value == pc.Value(6, 0) {
			t.Fatalf("the test needs a throw whose best keep differs from the turn's value")
		}
		h.typ("*") // Rat: the advice's figure is the line's
		h.see(fmt.Sprintf(c.with, pipsIn(c.lang, best.Value)), fmt.Sprintf(c.rat, validate.FormatDice(best.Dice), pipsIn(c.lang, best.Value)))
		h.typ("1\n11111\n")
		best = pc.Keeps(5, 1, []int{1, 1, 1, 1, 1})[0]
		h.see(fmt.Sprintf(c.with, pipsIn(c.lang, best.Value)), fmt.Sprintf(c.rat, validate.FormatDice(best.Dice), pipsIn(c.lang, best.Value)))
		h.stop()
	}
}

// Five players during an attack: the turn's value is what the attack has
// taken and is expected to take still, not its value before the first
// attack throw (the line kept that after 3 pips taken).
func TestDreissigPointsCoachDuringAttack(t *testing.T) {
	pc := dreissig.Points(5)
	for _, c := range []struct {
		lang validate.Lang
		line string
	}{{validate.English, "Coach: the turn is worth %s pips with best play"}, {validate.German, "Trainer: der Zug ist bei bestem Spiel %s Augen wert"}} {
		h := newDreissigGame(t, c.lang, "Anna", "Bob", "Cem", "Dora", "Ede")
		h.typ("645321/6\n55555/55555\n") // 31: target face 1
		h.see(fmt.Sprintf(c.line, pipsIn(c.lang, pc.AttackValue(1, 0, 6))))
		h.typ("111223\n") // 3 pips taken, 3 dice on
		want := pc.AttackValue(1, 3, 3)
		if pipsIn(c.lang, want) == pipsIn(c.lang, pc.AttackValue(1, 0, 6)) {
			t.Fatalf("the test needs an attack whose value has changed")
		}
		h.see(fmt.Sprintf(c.line, pipsIn(c.lang, want)))
		h.stop()
	}
}
