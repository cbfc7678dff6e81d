package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// endgameEntries are twelve rounds of Anna and Ben (final dice and box):
// both fill every box but one the same way (213 with the upper bonus);
// Anna leaves the Chance open, Ben writes 26 there and leaves the Kniffel
// box open (he may still throw a Kniffel: 50 more).
func endgameEntries() []scoresheet.Entry {
	same := []struct {
		box  string
		dice []int
	}{
		{"einser", []int{1, 1, 1, 2, 3}}, {"zweier", []int{2, 2, 2, 1, 3}}, {"dreier", []int{3, 3, 3, 1, 2}},
		{"vierer", []int{4, 4, 4, 1, 2}}, {"fuenfer", []int{5, 5, 5, 1, 2}}, {"sechser", []int{6, 6, 6, 1, 2}},
		{"dreierpasch", []int{6, 6, 6, 1, 1}}, {"viererpasch", []int{1, 2, 3, 4, 6}}, {"full-house", []int{2, 2, 3, 3, 3}},
		{"kleine-strasse", []int{1, 2, 3, 4, 6}}, {"grosse-strasse", []int{1, 2, 3, 4, 5}},
	}
	var es []scoresheet.Entry
	turn := func(box string, dice []int) {
		es = append(es, scoresheet.Entry{Kind: scoresheet.EntryDice, Roll: dice}, scoresheet.Entry{Kind: scoresheet.EntryScore, Category: box})
	}
	for _, s := range same {
		turn(s.box, s.dice)
		turn(s.box, s.dice)
	}
	turn("kniffel", []int{1, 2, 3, 4, 6})
	turn("chance", []int{6, 6, 6, 4, 4})
	return es
}

// From round 11 the coach at Rat gives the chance to finish first and,
// where the best hold for the win is not the best on points, both: Anna
// needs 27 in the Chance to pass Ben's 26; with 4 5 6 6 6 the points say
// hold 5666, the win says stand (27 wins unless Ben throws a Kniffel).
func TestKniffelCoachWinEndgame(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	r := validate.MustRules(validate.GameKniffel, nil)
	sg, err := db.CreateGame(ctx, r, []string{"Anna", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range endgameEntries() {
		if err := db.Append(ctx, sg, e); err != nil {
			t.Fatal(err)
		}
	}
	h := start(t, db)
	h.typ("1")
	h.see("am Zug: Anna")
	h.typ("*")
	h.see("Trainer: Rat")
	s := waitCoach(t, false)

	g, err := scoresheet.FromEntries(r, []string{"Anna", "Ben"}, endgameEntries())
	if err != nil {
		t.Fatal(err)
	}
	ben, err := s.FinalDist(g.Boxes(1), g.Totals()[1])
	if err != nil {
		t.Fatal(err)
	}
	wt, err := s.WinTurn(g.Boxes(0), g.Totals()[0], []kniffel.Dist{ben})
	if err != nil {
		t.Fatal(err)
	}
	w := say.New(validate.German)
	h.see("Gewinnchance " + w.Percent(wt.Value(), false))

	h.typ("t45666\n")
	d := validate.CountsOf([]int{4, 5, 6, 6, 6})
	points := s.Turn(g.Boxes(0)).Holds(d, 2)[0].Dice
	hs := wt.Holds(d, 2)
	if hs[0].Dice != d || points == d {
		t.Fatalf("the solvers: to win %v, on points %v; want stand and a hold", hs[0].Dice, points)
	}
	var pointsWin float64
	for _, x := range hs {
		if x.Dice == points {
			pointsWin = x.Win
		}
	}
	h.see("Gewinnchance "+w.Percent(wt.RollValue(d, 2), false),
		"Auf Punkte: "+strings.ReplaceAll(points.String(), " ", "")+" behalten ("+w.Percent(pointsWin, false)+"); auf Sieg:",
		"stehen lassen ("+w.Percent(hs[0].Win, false)+")")
	// The smallest screen the table plays on still shows the chance.
	h.resize(60, 20)
	h.see("Gewinnchance "+w.Percent(wt.RollValue(d, 2), false), "Rat: ")
	h.resize(80, 24)
	h.typ("s")
	h.see("am Zug: Ben")
}

// Before round 11 the coach gives no chance to win.
func TestKniffelCoachNoWinBeforeRound11(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('5', "Anna", "Ben")
	h.typ("*")
	h.see("Trainer: Rat")
	waitCoach(t, false)
	h.typ("t66612\n")
	h.see("Rat: 666 behalten")
	h.notSee("Gewinnchance")
}

// The game over screen of that game keeps Kniffel's points (the whole
// game); the review screen adds the chance to win from round 11: its
// assumption, the identity from round 11 and the costliest decisions by it.
func TestKniffelGameOverWinReview(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	r := validate.MustRules(validate.GameKniffel, nil)
	sg, err := db.CreateGame(ctx, r, []string{"Anna", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range endgameEntries() {
		if err := db.Append(ctx, sg, e); err != nil {
			t.Fatal(err)
		}
	}
	h := startWith(t, db, Config{Lang: validate.German, Review: testValuers})
	h.typ("1")
	h.see("am Zug: Anna")
	waitCoach(t, false)
	h.typ("t45666\n")
	h.typ("5666\n") // on points, not to win
	h.typ("1\ns")   // 1 5 6 6 6: stand, 24 in the Chance: Ben wins
	h.see("am Zug: Ben")
	h.typ("12346\n\n")
	h.see("Spiel zu Ende")
	h.notSee("Pp.")
	h.typ("a")
	h.see("Ab Runde 11 werden", "Spieler          Runde 11")
	for range 12 {
		h.key(tcell.KeyDown)
	}
	h.see("Die teuersten Entscheidungen nach Gewinnchance", "Anna, Runde 13, 1. Wurf: 5666 behalten statt stehen lassen")
}
