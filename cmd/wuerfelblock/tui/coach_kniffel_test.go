package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The tests keep the Kniffel coach's tables in memory, shared by all of
// them, not in the user's cache directory.
var testKniffelTables = kniffel.NewCache("")

func init() { kniffelCache = testKniffelTables }

// useTables puts tables in place for one test.
func useTables(t *testing.T, c kniffelTables) {
	saved := kniffelCache
	kniffelCache = c
	t.Cleanup(func() { kniffelCache = saved })
}

// waitCoach waits until the coach's table for the rules is ready.
func waitCoach(t *testing.T, joker bool) *kniffel.Solver {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		if s, ok := kniffelCache.Ready(joker); ok {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatal("the coach's table was not ready within a minute")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// de writes expected points as the German panel does.
func de(x float64) string { return strings.Replace(fmt.Sprintf("%.1f", x), ".", ",", 1) }

// Rat, throw by throw: the best hold and the next ones with their cost,
// the advised box under the cursor, the cost of another box, and after the
// turn what its choices cost — all from the solver.
func TestKniffelCoachAdviceThrowByThrow(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Ben")
	h.typ("*")
	h.see("Trainer: Rat")
	s := waitCoach(t, false)
	tn := s.Turn(validate.KniffelBoxes{})
	h.see("Erwarteter Endstand: " + de(s.GameValue()))

	h.typ("t66612\n")
	d := validate.CountsOf([]int{6, 6, 6, 1, 2})
	holds := tn.Holds(d, 2)
	if holds[0].Dice != validate.CountsOf([]int{6, 6, 6}) {
		t.Fatalf("the solver's best hold of 66612 is %v", holds[0].Dice)
	}
	second := strings.ReplaceAll(holds[1].Dice.String(), " ", "")
	h.see("Rat: 666 behalten", second+" −"+de(holds[0].Expected-holds[1].Expected),
		"Erwarteter Endstand: "+de(tn.RollValue(d, 2)))
	// Standing, the best box would be Sechser: the cursor is on it.
	best := tn.Boxes(d)[0]
	h.see("Bestes Feld, wenn du jetzt stehen lässt: "+best.Category.Name(validate.German), "▸ "+best.Category.Name(validate.German))
	// The advice fits the smallest screen the table plays on, too.
	h.resize(60, 20)
	h.see("Rat: 666 behalten", second+" −", "stehen lässt: "+best.Category.Name(validate.German))
	h.resize(80, 24)

	// Anna keeps only 66, then keeps 3456 of 66345, throws a 1 and writes
	// Chance instead of the Kleine Straße.
	h.typ("66\n")
	// Right after the keep: what it cost against the best hold.
	h.see("66 behalten: kostet "+de(tn.HoldLoss(d, validate.CountsOf([]int{6, 6}), 2)), "(am besten: 666)")
	h.typ("345\n")
	h.see("Rat: 3456 behalten")
	h.typ("3456\n")
	h.see("3456 behalten: das beste Halten")
	h.typ("1\n")
	h.see("Bestes Feld: Kleine Straße")
	last := validate.CountsOf([]int{1, 3, 4, 5, 6})
	boxLoss, _ := tn.BoxLoss(last, validate.Chance)
	h.typ("m")
	h.see("Chance kostet " + de(boxLoss))
	h.typ("\n")
	want := tn.HoldLoss(d, validate.CountsOf([]int{6, 6}), 2) +
		tn.HoldLoss(validate.CountsOf([]int{6, 6, 3, 4, 5}), validate.CountsOf([]int{3, 4, 5, 6}), 1) + boxLoss
	h.see("am Zug: Ben", "Zug von Anna kostete "+de(want))

	// Ben plays the advice: his turn costs nothing.
	h.typ("t12345\n") // each turn starts with the final dice: t again
	h.see("Rat: stehen lassen")
	h.resize(60, 20)
	h.see("Rat: stehen lassen", "stehen lässt: Große Straße")
	h.resize(80, 24)
	h.typ("12345\n")
	h.see("Bestes Feld: Große Straße", "▸ Große Straße 40")
	h.typ("\n")
	h.see("Zug von Ben: bestes Spiel (kostet 0)")
}

// Rat with quick entry: only the box is advised; Chancen shows the expected
// final score only; aus shows nothing of the coach; English too.
func TestKniffelCoachLevels(t *testing.T) {
	h := startLang(t, openDB(t), validate.English)
	h.typ("n5")
	h.see("house rules")
	h.key(tcell.KeyTab)
	h.typ("Anna\n\n")
	h.see("turn: Anna")
	s := waitCoach(t, false)
	tn := s.Turn(validate.KniffelBoxes{})
	h.see("Expected total: " + fmt.Sprintf("%.1f", s.GameValue()))
	h.typ("22666\n")
	h.see("Expected total: " + fmt.Sprintf("%.1f", tn.RollValue(validate.CountsOf([]int{2, 2, 6, 6, 6}), 0)))
	h.notSee("Advice:")
	h.notSee("Best box")
	h.typ("*") // odds → advice
	h.see("Best box: " + tn.Boxes(validate.CountsOf([]int{2, 2, 6, 6, 6}))[0].Category.Name(validate.English))
	h.notSee("Advice: hold") // quick entry: no holds
	// Writing 2 2 6 6 6 in Chance: the box is the turn's only choice.
	d := validate.CountsOf([]int{2, 2, 6, 6, 6})
	loss, _ := tn.BoxLoss(d, validate.Chance)
	h.typ("m")
	h.see(fmt.Sprintf("Chance costs %.1f", loss))
	h.typ("\n")
	h.see(fmt.Sprintf("Anna's turn cost %.1f", loss))
	h.typ("*") // advice → off
	h.see("Coach: off")
	h.notSee("Expected total")
	h.notSee("Best box")
}

// blockedTables are tables that are not ready until release is closed.
type blockedTables struct {
	release chan struct{}
}

func (b *blockedTables) Solver(joker bool) *kniffel.Solver {
	<-b.release
	return testKniffelTables.Solver(joker)
}

func (b *blockedTables) Ready(joker bool) (*kniffel.Solver, bool) {
	select {
	case <-b.release:
		return testKniffelTables.Ready(joker)
	default:
		return nil, false
	}
}

// While the table is being built the game goes on: the panel says so, and
// entries are taken; once it is ready the advice appears by itself.
func TestKniffelCoachWhileComputing(t *testing.T) {
	testKniffelTables.Solver(false)
	b := &blockedTables{release: make(chan struct{})}
	useTables(t, b)
	h := start(t, openDB(t))
	h.newGame('5', "Anna")
	h.see("Der Trainer rechnet…")
	h.typ("12345\n")
	h.see("▸40", "Der Trainer rechnet…")
	h.typ("\n")
	h.see("Große Straße") // taken while the coach computes
	close(b.release)
	h.see("Erwarteter Endstand:")
	h.notSee("Der Trainer rechnet…")
}

// Enter at the hold prompt takes the advised hold in the order the dice
// were typed (the throw's), and undoing it says so; a stand undone reads
// as a stand, not as a hold of the five dice sorted.
func TestKniffelAdvisedHoldInTypedOrder(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Ben")
	h.typ("*")
	h.see("Trainer: Rat")
	s := waitCoach(t, false)
	roll := []int{6, 4, 3, 5, 1}
	best := s.Turn(validate.KniffelBoxes{}).Holds(validate.CountsOf(roll), 2)[0].Dice
	var typed []int
	left := best
	for _, d := range roll {
		if left[d] > 0 {
			left[d]--
			typed = append(typed, d)
		}
	}
	if validate.FormatDice(typed) == validate.FormatDice(best.Pips()) {
		t.Fatalf("the best hold %v of %v reads the same sorted: no test", best, roll)
	}
	h.typ("t64351\n")
	h.see("Rat: " + strings.ReplaceAll(best.String(), " ", "") + " behalten")
	// The footer's example of a hold is of dice that lie there.
	h.see("· 6 behalten ·")
	h.notSee("22 behalten")
	h.typ("\n")
	h.see("Übernommen: Wurf 6 4 3 5 1, behalten " + validate.FormatDice(typed))
	h.typ("u")
	h.see("Zurückgenommen: Wurf 6 4 3 5 1, behalten " + validate.FormatDice(typed))
	// The throw is back at the hold prompt: s stands on it; undone (the
	// box and the stand together), it reads as a stand.
	h.typ("s")
	h.see("am Zug: Ben")
	h.typ("u")
	h.see("Zurückgenommen: Wurf 6 4 3 5 1, stehen lassen")
}
