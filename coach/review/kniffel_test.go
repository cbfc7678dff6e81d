package review

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func rollDice(rng *rand.Rand, n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = 1 + rng.IntN(6)
	}
	return d
}

// bestKniffelTurn plays one Kniffel turn by the solver's best choices;
// box, when not nil, picks the box instead (index into the boxes, best
// first). quick enters only the final dice.
func bestKniffelTurn(t testing.TB, g *scoresheet.Game, rng *rand.Rand, quick bool, box func(bs []KniffelBox) int) {
	t.Helper()
	kt := memCache.Solver(g.Rules.Options.Joker).Turn(g.Boxes(g.Seat()))
	var held validate.Counts
	var dice validate.Counts
	for throw := 0; throw < 3; throw++ {
		roll := rollDice(rng, 5-held.N())
		dice = held.Plus(validate.CountsOf(roll))
		left := 2 - throw
		e := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll}
		if left > 0 {
			h := kt.Holds(dice, left)[0].Dice
			if !quick {
				e.Keep = h.Pips()
			}
			held = h
		}
		if !quick {
			if err := g.Apply(e); err != nil {
				t.Fatalf("%+v: %v", e, err)
			}
		}
		if held == dice {
			break // standing
		}
	}
	if quick {
		if err := g.Apply(scoresheet.Entry{Kind: scoresheet.EntryDice, Roll: dice.Pips()}); err != nil {
			t.Fatal(err)
		}
	}
	bs := kniffelTurn{kt}.Boxes(dice)
	i := 0
	if box != nil {
		i = box(bs)
	}
	if err := g.Apply(scoresheet.Entry{Kind: scoresheet.EntryScore, Category: bs[i].Category.ID()}); err != nil {
		t.Fatal(err)
	}
}

// TestBestKniffelPlayLosesNothing: games played by the solver's own best
// holds and boxes have loss 0 at every decision, with and without joker.
func TestBestKniffelPlayLosesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 15))
	for _, joker := range []bool{false, true} {
		for range 3 {
			g, err := scoresheet.New(rules(t, validate.GameKniffel, map[string]any{"joker": joker}), []string{"Anna", "Ben"})
			if err != nil {
				t.Fatal(err)
			}
			for !g.Finished() {
				bestKniffelTurn(t, g, rng, false, nil)
			}
			rv, err := OfGame(g, testValuers(t))
			if err != nil {
				t.Fatal(err)
			}
			holds := 0
			for _, d := range rv.Decisions {
				if math.Abs(d.Loss) > tol {
					t.Errorf("joker %v: best play lost %v: %+v", joker, d.Loss, d)
				}
				if d.Kind == Hold {
					holds++
				}
			}
			if holds < 26 || rv.Players[0].Decisions < 13+13 {
				t.Errorf("joker %v: %d holds, %+v", joker, holds, rv.Players[0])
			}
			checkIdentities(t, "best kniffel", g, rv)
		}
	}
}

// TestOneKniffelMistake: one box chosen worse than best shows exactly the
// difference of the two boxes' values; quick-entry turns are counted and
// only their boxes are decisions.
func TestOneKniffelMistake(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	g, err := scoresheet.New(rules(t, validate.GameKniffel, nil), []string{"Anna"})
	if err != nil {
		t.Fatal(err)
	}
	var want float64
	var wrongTurn int
	for !g.Finished() {
		turn := g.NumTurns()
		var pick func(bs []KniffelBox) int
		if turn == 4 {
			pick = func(bs []KniffelBox) int {
				want = bs[0].Value - bs[len(bs)-1].Value
				wrongTurn = turn
				return len(bs) - 1
			}
		}
		bestKniffelTurn(t, g, rng, turn%3 == 1, pick)
	}
	if want <= 0 {
		t.Fatalf("the worst box cost nothing (%v)", want)
	}
	rv, err := OfGame(g, testValuers(t))
	if err != nil {
		t.Fatal(err)
	}
	var costly []Decision
	for _, d := range rv.Decisions {
		if d.Loss > tol {
			costly = append(costly, d)
		}
		if d.Turn%3 == 1 && d.Kind != Box {
			t.Errorf("a quick-entry turn has a %s decision: %+v", d.Kind, d)
		}
	}
	if len(costly) != 1 || costly[0].Kind != Box || costly[0].Turn != wrongTurn || math.Abs(costly[0].Loss-want) > tol {
		t.Fatalf("want one box decision at turn %d losing %v, got %+v", wrongTurn, want, costly)
	}
	if q := rv.Players[0].QuickTurns; q != 4 { // turns 1, 4, 7, 10
		t.Errorf("quick turns %d, want 4", q)
	}
	checkIdentities(t, "kniffel mistake", g, rv)
}

// Issue 20.3: five dice entered throw by throw as one throw without a keep
// and then a box are the final dice, as in quick entry: only the box is a
// decision (it must not read "stood on throw 1"), the turn counts as quick.
// A keep of all five is standing: that hold is rated.
func TestKniffelFinalDiceWithoutKeep(t *testing.T) {
	g, err := scoresheet.New(rules(t, validate.GameKniffel, nil), []string{"Anna"})
	if err != nil {
		t.Fatal(err)
	}
	apply := func(es ...scoresheet.Entry) {
		for _, e := range es {
			if err := g.Apply(e); err != nil {
				t.Fatalf("%+v: %v", e, err)
			}
		}
	}
	// 2 5 5 5 5 in Fünfer: a stand on the first throw would cost much.
	apply(scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: []int{2, 5, 5, 5, 5}},
		scoresheet.Entry{Kind: scoresheet.EntryScore, Category: "fuenfer"})
	// The same dice kept whole: a stand, rated.
	apply(scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: []int{2, 5, 5, 5, 5}, Keep: []int{2, 5, 5, 5, 5}},
		scoresheet.Entry{Kind: scoresheet.EntryScore, Category: "dreierpasch"})
	rv, err := OfGame(g, testValuers(t))
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, d := range rv.Decisions {
		kinds = append(kinds, fmt.Sprintf("%d:%s", d.Turn, d.Kind))
		if d.Turn == 1 && d.Kind == Hold && d.Loss < 1 {
			t.Errorf("standing on 25555 costs nothing? %+v", d)
		}
	}
	if got := strings.Join(kinds, " "); got != "0:box 1:hold 1:box" {
		t.Fatalf("decisions %s, want the first turn's box only, then the stand and the box", got)
	}
	if q := rv.Players[0].QuickTurns; q != 1 {
		t.Errorf("quick turns %d, want 1", q)
	}
	checkIdentities(t, "final dice without keep", g, rv)
}

// Issue 20.3: a hold of all five reads "stehen lassen" ("stand").
func TestDescribeStand(t *testing.T) {
	rv := &Review{}
	stood := Decision{Kind: Hold, Chosen: Choice{Dice: []int{2, 5, 5, 5, 5}}, Best: Choice{Dice: []int{5, 5, 5, 5}}}
	kept := Decision{Kind: Hold, Chosen: Choice{Dice: []int{5, 5}}, Best: Choice{Dice: []int{1, 2, 3, 4, 5}}}
	for _, c := range []struct {
		d    Decision
		l    validate.Lang
		want string
	}{
		{stood, validate.German, "stehen lassen statt 5555 behalten"},
		{stood, validate.English, "stood instead of holding 5555"},
		{kept, validate.German, "55 behalten statt stehen lassen"},
		{kept, validate.English, "held 55 instead of standing"},
		{Decision{Kind: Hold, Chosen: Choice{Dice: []int{6, 6}}, Best: Choice{Dice: []int{6, 6, 6}}}, validate.German, "66 behalten statt 666"},
		// A keep of the family (and Dreißig tot) is set aside, as play says.
		{Decision{Kind: Keep, Chosen: Choice{Dice: []int{1, 1, 1, 5}}, Best: Choice{Dice: []int{1, 5}}}, validate.German, "1115 zur Seite statt 15"},
		{Decision{Kind: Keep, Chosen: Choice{Dice: []int{1, 1, 1, 5}}, Best: Choice{Dice: []int{1, 5}}}, validate.English, "set aside 1115 instead of 15"},
	} {
		if got := rv.Describe(c.d, c.l); got != c.want {
			t.Errorf("Describe = %q, want %q", got, c.want)
		}
	}
}

// finalDiceEntries are three Kniffel turns of one player: the final dice
// only (quick entry), a box chosen after a second throw without a hold
// (final dice entered without their holds), and three throws; each box
// worse than the best.
func finalDiceEntries() []scoresheet.Entry {
	th := func(roll, keep []int) scoresheet.Entry {
		return scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: keep}
	}
	box := func(c string) scoresheet.Entry { return scoresheet.Entry{Kind: scoresheet.EntryScore, Category: c} }
	return []scoresheet.Entry{
		{Kind: scoresheet.EntryDice, Roll: []int{2, 5, 5, 5, 5}}, box("einser"),
		th([]int{6, 6, 1, 2, 3}, []int{6, 6}), th([]int{6, 1, 2}, nil), box("chance"),
		th([]int{6, 6, 1, 2, 3}, []int{6, 6}), th([]int{6, 1, 2}, []int{}), th([]int{1, 2, 3, 4, 5}, nil), box("sechser"),
		// A stand (a hold of all five) is a throw's hold, not final dice.
		th([]int{3, 3, 3, 4, 4}, []int{3, 3, 3, 4, 4}), box("dreierpasch"),
	}
}

// Kniffel's final dice (quick entry, or a box after a throw without a hold
// with throws left) were said as an ordinary throw ("Runde 1, 1. Wurf");
// the box is chosen on the turn's final dice, which the review values as
// such: the text says "Endwürfel" / "final dice" and the JSON carries
// "final_dice": true (its "throw" stays the entry's index). A box after the
// third throw or after a stand keeps the throw's number.
func TestKniffelFinalDiceSaid(t *testing.T) {
	g, err := scoresheet.New(rules(t, validate.GameKniffel, nil), []string{"Anna"})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range finalDiceEntries() {
		if err := g.Apply(e); err != nil {
			t.Fatalf("%+v: %v", e, err)
		}
	}
	rv, err := OfGame(g, testValuers(t))
	if err != nil {
		t.Fatal(err)
	}
	var de, en []string
	for _, d := range rv.Decisions {
		de = append(de, fmt.Sprintf("%s %s", rv.Where(d, validate.German), d.Kind))
		en = append(en, fmt.Sprintf("%s %s", rv.Where(d, validate.English), d.Kind))
	}
	wantDE := "Runde 1, Endwürfel box|Runde 2, 1. Wurf hold|Runde 2, Endwürfel box|" +
		"Runde 3, 1. Wurf hold|Runde 3, 2. Wurf hold|Runde 3, 3. Wurf box|Runde 4, 1. Wurf hold|Runde 4, 1. Wurf box"
	wantEN := "round 1, final dice box|round 2, throw 1 hold|round 2, final dice box|" +
		"round 3, throw 1 hold|round 3, throw 2 hold|round 3, throw 3 box|round 4, throw 1 hold|round 4, throw 1 box"
	if got := strings.Join(de, "|"); got != wantDE {
		t.Errorf("German:\n got %s\nwant %s", got, wantDE)
	}
	if got := strings.Join(en, "|"); got != wantEN {
		t.Errorf("English:\n got %s\nwant %s", got, wantEN)
	}
	b, err := json.Marshal(rv)
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Decisions []map[string]any `json:"decisions"`
	}
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range out.Decisions {
		fd, has := d["final_dice"]
		if has && fd != true {
			t.Errorf("final_dice %v, want true or absent: %v", fd, d)
		}
		got = append(got, fmt.Sprintf("%v/%v/%v/%v", d["turn"], d["throw"], d["kind"], has))
	}
	want := "0/0/box/true 1/0/hold/false 1/1/box/true 2/0/hold/false 2/1/hold/false 2/2/box/false 3/0/hold/false 3/0/box/false"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("JSON turn/throw/kind/final_dice:\n got %s\nwant %s", s, want)
	}
	checkIdentities(t, "final dice said", g, rv)
}
