package tui

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// coachAfter is the solver's position after the given throws of a turn's
// start (no game around it: the first turn).
func coachAfter(t testing.TB, r *validate.Rules, throws ...validate.Throw) family.Position {
	t.Helper()
	s, err := family.For(r)
	if err != nil {
		t.Fatal(err)
	}
	ctx := validate.TurnContext{}
	p, _, bad, err := s.Table(ctx).Replay(ctx, throws)
	if err != nil {
		t.Fatalf("throw %d: %v", bad, err)
	}
	return p
}

func pctDE(x float64) string { return strings.Replace(fmt.Sprintf("%.1f", 100*x), ".", ",", 1) }

func round(x float64) int { return int(math.Round(x)) }

// The coach line through a Zehntausend turn: "Chancen" gives the bust
// chance, the value of throwing on and, where allowed, of stopping;
// "Rat" adds which is better by how much and marks the best keep with
// every keep's value; "aus" says nothing.
func TestFamilyCoachLine(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('3', "Anna", "Ben")
	r := validate.MustRules(validate.GameZehntausend, nil)
	if got := h.stored().Coach; got != storage.CoachOdds {
		t.Fatalf("default coach level %q", got)
	}
	p := coachAfter(t, r)
	h.see(fmt.Sprintf("Weiter: %s %% Fehlwurf, im Schnitt %d", pctDE(p.BustChance()), round(p.ThrowValue())))

	// A triple to prove: no stop to value.
	th1 := validate.Throw{Roll: []int{1, 1, 1, 2, 3}, Keep: []int{1, 1, 1}}
	h.typ("11123/111\n")
	p = coachAfter(t, r, th1)
	h.see(fmt.Sprintf("Weiter: %s %% Fehlwurf, im Schnitt %d", pctDE(p.BustChance()), round(p.ThrowValue())))
	h.notSee("Schreiben: ")

	// Proved, all dice back: stop 1150 or throw on.
	th2 := validate.Throw{Roll: []int{1, 5}, Keep: []int{1, 5}}
	h.typ("15/15\n")
	p = coachAfter(t, r, th1, th2)
	h.see("Schreiben: 1150", fmt.Sprintf("im Schnitt %d", round(p.ThrowValue())))
	h.notSee("besser")

	// Rat: throwing on is better, by the difference.
	h.typ("*")
	if p.ShouldStop() {
		t.Fatal("at 1150 with all five dice back throwing on is better")
	}
	h.see(fmt.Sprintf("besser weiter (+%d)", round(p.ThrowValue()-1150)))

	// A throw waiting for its keep: the best keep by the coach, named and
	// marked, every keep with its value.
	roll := []int{1, 1, 1, 5, 2}
	h.typ("11152\n")
	ks, err := p.Keeps(roll)
	if err != nil {
		t.Fatal(err)
	}
	best := ks[0]
	pos := -1
	for i, k := range h.ui.top().(*play).view.(*familyView).options {
		if validate.FormatDice(k.Dice) == validate.FormatDice(best.Keep.Dice) && k.FivesAsOnes == best.Keep.FivesAsOnes {
			pos = i
		}
	}
	then := "dann weiter"
	if best.Stop {
		then = "dann schreiben"
	}
	h.see(fmt.Sprintf("Rat: %c (%s), %s, ⌀%d", keepLetters[pos], validate.FormatDice(best.Keep.Dice), then, round(best.Value)),
		fmt.Sprintf("⌀%d ◀", round(best.Value)))
	for _, k := range ks[1:] {
		h.see(fmt.Sprintf("%s %*d", validate.FormatDice(k.Keep.Dice), 0, k.Keep.Points), fmt.Sprintf("⌀%d", round(k.Value)))
	}

	// aus: nothing.
	h.typ("*")
	h.notSee("im Schnitt")
	h.notSee("⌀")
	h.notSee(fmt.Sprintf("Rat: %c (", keepLetters[pos]))
}

// English, 5050: the stop is valued only where the pass holds 350.
func TestFamilyCoachLineEnglish5050(t *testing.T) {
	h := startLang(t, openDB(t), validate.English)
	h.typ("n1")
	h.see("5050: house rules")
	h.key(tcell.KeyTab)
	h.see("Nobody yet")
	h.typ("Anna\nBen\n\n")
	h.see("Anna's turn")
	r := validate.MustRules(validate.Game5050, nil)
	h.typ("152346/15\n")
	p := coachAfter(t, r, validate.Throw{Roll: []int{1, 5, 2, 3, 4, 6}, Keep: []int{1, 5}})
	h.see(fmt.Sprintf("Throw on: %.1f %% bust, on average %d", 100*p.BustChance(), round(p.ThrowValue())))
	h.notSee("Stop: ")
	h.typ("1114/111\n")
	p = coachAfter(t, r, validate.Throw{Roll: []int{1, 5, 2, 3, 4, 6}, Keep: []int{1, 5}}, validate.Throw{Roll: []int{1, 1, 1, 4}, Keep: []int{1, 1, 1}})
	h.see("Stop: 1150", fmt.Sprintf("on average %d", round(p.ThrowValue())))
}

// Target: the coach adds well under 1 ms to a key press: the turn panel
// and keep list drawn with the coach at "Rat" against "aus", the table
// already built.
func BenchmarkFamilyCoachRefresh(b *testing.B) {
	h := start(b, openDB(b))
	h.newGame('3', "Anna", "Ben")
	h.typ("11123/111\n15/15\n*11152\n") // Rat, a throw waiting for its keep
	v := h.ui.top().(*play).view.(*familyView)
	if v.pending == nil {
		b.Fatalf("no throw waiting for its keep:\n%s", h.screen())
	}
	h.stop() // the view alone from here: nothing else draws
	for _, level := range []storage.CoachLevel{storage.CoachOff, storage.CoachAdvice} {
		b.Run(string(level), func(b *testing.B) {
			v.p.sg.Coach = level
			for b.Loop() {
				v.refreshTurn()
				v.refreshKeeps()
			}
		})
	}
}
