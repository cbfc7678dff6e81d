package scoresheet

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

func mustApply(t *testing.T, g *Game, es ...Entry) {
	t.Helper()
	for _, e := range es {
		if err := g.Apply(e); err != nil {
			t.Fatalf("%+v: %v", e, err)
		}
	}
}

func throwE(roll []int, keep ...int) Entry {
	e := Entry{Kind: EntryThrow, Roll: roll}
	if keep != nil {
		e.Keep = keep
	}
	return e
}

// TestThrowSteps: the dice each throw of the running turn set aside, also
// where the game chose them, and void throws.
func TestThrowSteps(t *testing.T) {
	g, _ := New(validate.MustRules(validate.GameZehntausend, map[string]any{"hausbau": true}), []string{"A", "B"})
	mustApply(t, g, throwE([]int{1, 1, 1, 2, 3}, 1, 1, 1), Entry{Kind: EntryVoid}, throwE([]int{5, 3}, 5))
	st := g.ThrowSteps()
	if len(st) != 3 || !st[1].Void || st[0].Keep.Points != 1000 || len(st[2].Keep.Dice) != 1 || st[2].Keep.Dice[0] != 5 {
		t.Fatalf("steps %+v", st)
	}
	if g.Family().VoidsInRow() != 0 {
		t.Errorf("a scoring throw ends the void throws in a row")
	}
	mustApply(t, g, Entry{Kind: EntryVoid}, Entry{Kind: EntryVoid})
	if n := g.Family().VoidsInRow(); n != 2 {
		t.Errorf("%d void throws in a row, want 2", n)
	}
	mustApply(t, g, Entry{Kind: EntryVoid}) // the third ends the turn
	if g.Seat() != 1 || len(g.ThrowSteps()) != 0 {
		t.Errorf("after three void throws: seat %d, steps %+v", g.Seat(), g.ThrowSteps())
	}

	g, _ = New(validate.MustRules(validate.Game5000, nil), []string{"A", "B"})
	mustApply(t, g, throwE([]int{1, 5, 2, 3, 6}))
	if st := g.ThrowSteps(); len(st) != 1 || len(st[0].Keep.Dice) != 2 || st[0].Keep.Points != 150 {
		t.Errorf("5000: the engine sets 1 and 5 aside, got %+v", st)
	}
}

// TestRoundsAndLastRound: the header's "round n of m" and "final round".
func TestRoundsAndLastRound(t *testing.T) {
	g, _ := New(validate.MustRules(validate.GameTotwuerfeln, map[string]any{"runden": 2, "wuerfel": 1}), []string{"A", "B"})
	if g.Rounds() != 2 || g.LastRound() {
		t.Fatalf("round 1 of %d, last %v", g.Rounds(), g.LastRound())
	}
	mustApply(t, g, throwE([]int{5}), throwE([]int{5}))
	if !g.LastRound() {
		t.Errorf("round %d of 2 is the last", g.Round())
	}
	g, _ = New(validate.MustRules(validate.GameZehntausend, map[string]any{"ziel": 1000}), []string{"A", "B"})
	if g.Rounds() != 0 || g.LastRound() {
		t.Fatalf("Zehntausend: rounds %d, last %v", g.Rounds(), g.LastRound())
	}
	mustApply(t, g, throwE([]int{1, 1, 1, 2, 3}, 1, 1, 1), throwE([]int{1, 3}, 1), Entry{Kind: EntryStop})
	if !g.LastRound() || g.Finished() {
		t.Errorf("A reached the target: the round is played out (last %v, finished %v)", g.LastRound(), g.Finished())
	}
}

// TestTieBrokenBySeat: 5050 gives a tie to the earlier seat and says so.
func TestTieBrokenBySeat(t *testing.T) {
	play := func(b []int) *Game {
		g, _ := New(validate.MustRules(validate.Game5050, nil), []string{"A", "B"})
		six := []int{1, 1, 1, 1, 1, 1}
		// A: 111 111 is 2000, hot dice; a new pass of 350 confirms nothing needed.
		for range 3 {
			mustApply(t, g, throwE(six, six...))
		}
		mustApply(t, g, throwE([]int{1, 1, 1, 5, 2, 3}, 1, 1, 1, 5), Entry{Kind: EntryStop})
		for range 3 {
			mustApply(t, g, throwE(six, six...))
		}
		mustApply(t, g, throwE([]int{1, 1, 1, b[0], 2, 3}, append([]int{1, 1, 1}, b[1:]...)...), Entry{Kind: EntryStop})
		return g
	}
	g := play([]int{5, 5})
	if !g.Finished() || g.Totals()[0] != g.Totals()[1] || !g.TieBrokenBySeat() {
		t.Errorf("tie: finished %v totals %v winners %v broken %v", g.Finished(), g.Totals(), g.Winners(), g.TieBrokenBySeat())
	}
	g = play([]int{6})
	if !g.Finished() || g.TieBrokenBySeat() {
		t.Errorf("no tie: totals %v broken %v", g.Totals(), g.TieBrokenBySeat())
	}
}

// TestTurnResultKinds: what statistics count as a bust and as an attack.
func TestTurnResultKinds(t *testing.T) {
	g, _ := New(validate.MustRules(validate.GameZehntausend, map[string]any{"nix": true}), []string{"A", "B"})
	mustApply(t, g, throwE([]int{2, 3, 4, 6, 6}))
	if r, _ := g.LastTurn(); r.End != validate.NixEnd || !r.Busted() {
		t.Errorf("nix counts as a bust: %+v", r)
	}
	mustApply(t, g, throwE([]int{1, 2, 3, 4, 6}, 1), Entry{Kind: EntryStop})
	if r, _ := g.LastTurn(); r.Busted() {
		t.Errorf("a stop is no bust: %+v", r)
	}
	g, _ = New(validate.MustRules(validate.GameDreissigTot, nil), []string{"A", "B"})
	six := []int{6, 6, 6, 6, 6, 6}
	mustApply(t, g, throwE(six, six...), Entry{Kind: EntryAttack, Roll: []int{1, 1, 1, 1, 1, 1}})
	if r, _ := g.LastTurn(); !r.Attacked() || r.Attack != 0 {
		t.Errorf("36 attacks even when it takes nothing: %+v", r)
	}
	thirty := []int{5, 5, 5, 5, 5, 5}
	mustApply(t, g, throwE(thirty, thirty...))
	if r, _ := g.LastTurn(); r.Attacked() {
		t.Errorf("exactly 30 is no attack: %+v", r)
	}
}

func TestUpperBonusReachable(t *testing.T) {
	var b validate.KniffelBoxes
	if !UpperBonusReachable(b) {
		t.Error("an empty column can reach the bonus")
	}
	for c := validate.Vierer; c <= validate.Sechser; c++ {
		b.Filled[c] = true // struck: 0
	}
	if UpperBonusReachable(b) { // at best 5 + 10 + 15 = 30
		t.Error("ones to threes alone cannot reach 63")
	}
}

// TestCheckRollAgreesWithApply: over a random walk through every game, a
// throw that CheckRoll refuses is refused by Apply with the same code.
func TestCheckRollAgreesWithApply(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, game := range validate.Games() {
		g, _ := New(validate.MustRules(game.ID, nil), []string{"A", "B"})
		for step := 0; step < 3000 && !g.Finished(); step++ {
			roll := make([]int, rng.IntN(7))
			for i := range roll {
				roll[i] = 1 + rng.IntN(6)
			}
			e := Entry{Kind: EntryThrow, Roll: roll, Keep: roll}
			if f := g.Family(); f != nil {
				e.Keep = nil
				if ks := f.LegalKeeps(roll); len(ks) > 0 && !g.Rules.AllScoring() {
					e.Keep = ks[0].Dice
				}
			}
			if g.KniffelTurn() != nil || g.TotTurn() != nil {
				e.Keep = nil
			}
			checked := g.CheckRoll(roll)
			err := g.Apply(e)
			var ce, ae *validate.Error
			if checked != nil && (!errors.As(checked, &ce) || !errors.As(err, &ae) || ce.Code != ae.Code) {
				t.Fatalf("%s: throw %v: CheckRoll says %v, Apply %v", game.ID, roll, checked, err)
			}
			if k := g.KniffelTurn(); k != nil && err == nil && k.Throws() == 3 {
				mustApply(t, g, Entry{Kind: EntryScore, Category: firstFree(g.Boxes(g.Seat())).ID()})
			}
			if s := g.Family(); s != nil && err == nil && len(s.StopBlockers()) == 0 && rng.IntN(3) == 0 {
				mustApply(t, g, Entry{Kind: EntryStop})
			}
		}
	}
}

func firstFree(b validate.KniffelBoxes) validate.Category {
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if !b.Filled[c] {
			return c
		}
	}
	return 0
}

// TestKniffelSheet: the sheet model holds every box, the sums, both
// bonuses and the total, in sheet order, by seat.
func TestKniffelSheet(t *testing.T) {
	g, _ := New(validate.MustRules(validate.GameKniffel, nil), []string{"A", "B"})
	score := func(dice []int, c validate.Category) {
		mustApply(t, g, Entry{Kind: EntryDice, Roll: dice}, Entry{Kind: EntryScore, Category: c.ID()})
	}
	score([]int{6, 6, 6, 6, 6}, validate.Kniffel)     // A: 50
	score([]int{1, 2, 3, 4, 6}, validate.Sechser)     // B: 6
	score([]int{6, 6, 6, 6, 6}, validate.Sechser)     // A: 30 + Kniffel bonus 100
	score([]int{1, 2, 3, 4, 6}, validate.Viererpasch) // B: struck
	rows := g.KniffelSheet()
	if len(rows) != int(validate.NumCategories)+5 {
		t.Fatalf("%d rows", len(rows))
	}
	kinds := []SheetRowKind{RowBox, RowBox, RowBox, RowBox, RowBox, RowBox, RowUpperSum, RowUpperBonus,
		RowBox, RowBox, RowBox, RowBox, RowBox, RowBox, RowBox, RowLowerSum, RowKniffelBonus, RowTotal}
	for i, r := range rows {
		if r.Kind != kinds[i] {
			t.Errorf("row %d is %d, want %d", i, r.Kind, kinds[i])
		}
	}
	byKind := func(k SheetRowKind, c validate.Category) SheetRow {
		for _, r := range rows {
			if r.Kind == k && (k != RowBox || r.Category == c) {
				return r
			}
		}
		t.Fatalf("no row %d %v", k, c)
		return SheetRow{}
	}
	if c := byKind(RowBox, validate.Sechser).Cells; c[0] != (SheetCell{Value: 30, Filled: true}) || c[1] != (SheetCell{Value: 6, Filled: true}) {
		t.Errorf("Sechser %+v", c)
	}
	if c := byKind(RowBox, validate.Viererpasch).Cells[1]; c != (SheetCell{Value: 0, Filled: true}) {
		t.Errorf("B's struck Viererpasch %+v", c)
	}
	if c := byKind(RowBox, validate.Einser).Cells[0]; c.Filled {
		t.Errorf("A's Einser is free: %+v", c)
	}
	if c := byKind(RowUpperBonus, 0).Cells[0]; c.Filled || c.Missing != 33 || !c.Reachable {
		t.Errorf("A's upper bonus %+v, want 33 missing, reachable", c)
	}
	if c := byKind(RowKniffelBonus, 0).Cells[0]; c.Value != 100 {
		t.Errorf("A's Kniffel bonus %+v", c)
	}
	if c := byKind(RowTotal, 0).Cells; c[0].Value != 180 || c[1].Value != 6 {
		t.Errorf("totals %+v, want 180 and 6", c)
	}
}
