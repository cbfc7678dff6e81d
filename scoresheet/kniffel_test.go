package scoresheet

import (
	"reflect"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

type kturn struct {
	dice []int
	cat  string
}

// TestKniffelFourPlayers plays a whole four-player game: A earns both
// bonuses, B strikes boxes and misses the upper bonus, C earns two Kniffel
// bonuses and the upper bonus, D strikes almost everything.
func TestKniffelFourPlayers(t *testing.T) {
	d := func(p ...int) []int { return p }
	plays := map[string][]kturn{
		"A": {
			{d(1, 1, 1, 2, 3), "einser"}, {d(2, 2, 2, 1, 3), "zweier"}, {d(3, 3, 3, 1, 2), "dreier"},
			{d(4, 4, 4, 1, 2), "vierer"}, {d(5, 5, 5, 1, 2), "fuenfer"}, {d(6, 6, 6, 1, 2), "sechser"},
			{nil, "kniffel"}, // thrown throw by throw below
			{d(5, 5, 5, 5, 5), "chance"}, {d(3, 3, 3, 4, 5), "dreierpasch"}, {d(2, 2, 2, 2, 6), "viererpasch"},
			{d(2, 2, 3, 3, 3), "full-house"}, {d(1, 2, 3, 4, 6), "kleine-strasse"}, {d(1, 2, 3, 4, 5), "grosse-strasse"},
		},
		"B": {
			{d(1, 1, 2, 3, 4), "einser"}, {d(2, 2, 1, 3, 4), "zweier"}, {d(3, 3, 1, 2, 4), "dreier"},
			{d(4, 4, 1, 2, 3), "vierer"}, {d(5, 5, 1, 2, 3), "fuenfer"}, {d(6, 6, 1, 2, 3), "sechser"},
			{d(1, 1, 1, 2, 3), "dreierpasch"}, {d(1, 2, 3, 4, 5), "viererpasch"}, {d(1, 1, 2, 2, 3), "full-house"},
			{d(2, 3, 4, 5, 5), "kleine-strasse"}, {d(1, 1, 2, 3, 4), "grosse-strasse"}, {d(1, 2, 3, 4, 6), "kniffel"},
			{d(6, 6, 6, 5, 5), "chance"},
		},
		"C": {
			{d(1, 1, 1, 1, 1), "kniffel"}, {d(1, 1, 1, 1, 1), "einser"}, {d(2, 2, 2, 2, 2), "zweier"},
			{d(3, 3, 3, 3, 1), "dreier"}, {d(4, 4, 4, 4, 1), "vierer"}, {d(5, 5, 5, 5, 1), "fuenfer"},
			{d(6, 6, 6, 6, 1), "sechser"}, {d(6, 6, 6, 1, 2), "dreierpasch"}, {d(6, 6, 6, 6, 2), "viererpasch"},
			{d(6, 6, 6, 5, 5), "full-house"}, {d(3, 4, 5, 6, 6), "kleine-strasse"}, {d(2, 3, 4, 5, 6), "grosse-strasse"},
			{d(1, 1, 2, 2, 3), "chance"},
		},
		"D": {},
	}
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		plays["D"] = append(plays["D"], kturn{d(3, 3, 4, 4, 6), c.ID()})
	}
	g, err := New(validate.MustRules(validate.GameKniffel, nil), []string{"A", "B", "C", "D"})
	if err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 13; round++ {
		for _, p := range []string{"A", "B", "C", "D"} {
			kt := plays[p][round]
			if g.Current() != p {
				t.Fatalf("round %d: %s's turn, want %s", round+1, g.Current(), p)
			}
			var es []Entry
			if kt.dice == nil {
				es = []Entry{
					{Kind: EntryThrow, Roll: d(6, 6, 1, 2, 3), Keep: d(6, 6)},
					{Kind: EntryThrow, Roll: d(6, 6, 4), Keep: d(6, 6, 6, 6)},
					{Kind: EntryThrow, Roll: d(6)},
				}
			} else {
				es = []Entry{{Kind: EntryDice, Roll: kt.dice}}
			}
			es = append(es, Entry{Kind: EntryScore, Category: kt.cat})
			for _, e := range es {
				if err := g.Apply(e); err != nil {
					t.Fatalf("round %d, %s, %+v: %v", round+1, p, e, err)
				}
			}
		}
		if round == 5 {
			// After the upper section: A has exactly 63 and the bonus, B lacks 21.
			if m := UpperMissing(g.Boxes(0)); m != 0 {
				t.Errorf("A still lacks %d for the bonus", m)
			}
			if m := UpperMissing(g.Boxes(1)); m != 21 {
				t.Errorf("B lacks %d for the bonus, want 21", m)
			}
		}
	}
	want := []int{400, 108, 523, 40}
	if got := g.Totals(); !reflect.DeepEqual(got, want) {
		t.Errorf("totals %v, want %v", got, want)
	}
	for seat, w := range []struct{ upper, kniffel int }{{35, 100}, {0, 0}, {35, 200}, {0, 0}} {
		u, k := g.KniffelBonuses(seat)
		if u != w.upper || k != w.kniffel {
			t.Errorf("%s bonuses %d/%d, want %d/%d", g.Players[seat], u, k, w.upper, w.kniffel)
		}
	}
	if !g.Finished() || !reflect.DeepEqual(g.Winners(), []int{2}) {
		t.Errorf("finished=%v winners=%v, want C", g.Finished(), g.Winners())
	}
	if err := g.Apply(Entry{Kind: EntryDice, Roll: d(1, 2, 3, 4, 5)}); err == nil {
		t.Error("an entry after the end was accepted")
	}
	// The game as a record judges to the same result.
	v, err := Judge(g.Record(), validate.English)
	if err != nil || !v.Valid || v.Totals["C"] != 523 || !reflect.DeepEqual(v.Winners, []string{"C"}) {
		t.Errorf("record of the game: %v %+v", err, v)
	}
}

func TestKniffelTurnRules(t *testing.T) {
	k := "kniffel"
	runCases(t, []rc{
		{name: "keep dice kept before and rethrow others", game: k, players: `"A"`,
			turns:  `{"player":"A","throws":[{"roll":[1,1,2,3,4],"keep":[1,1]},{"roll":[1,5,6],"keep":[1,1,1]},{"roll":[1,1]}],"score":"einser"}`,
			totals: tot("A", 5)},
		{name: "keep not among the five", game: k, players: `"A"`,
			turns: `{"player":"A","throws":[{"roll":[1,1,2,3,4],"keep":[6]}]}`, code: validate.CodeKniffelKeep, errThrow: 0},
		{name: "wrong number of dice after a keep", game: k, players: `"A"`,
			turns: `{"player":"A","throws":[{"roll":[1,1,2,3,4],"keep":[1,1]},{"roll":[1,5]}]}`, code: validate.CodeDiceCount, errThrow: 1},
		{name: "keep on the last throw", game: k, players: `"A"`,
			turns: `{"player":"A","throws":[{"roll":[1,1,2,3,4],"keep":[1,1]}],"score":"einser"}`, code: validate.CodeKniffelKeepLast, errThrow: 0},
		{name: "keep on the third throw of an open last turn", game: k, players: `"A"`,
			turns: `{"player":"A","throws":[{"roll":[1,2,3,4,5],"keep":[1,2]},{"roll":[3,3,3],"keep":[1,2]},{"roll":[6,6,6],"keep":[6,6]}]}`,
			code:  validate.CodeKniffelKeepLast, errThrow: 2},
		{name: "keep of all five on the third throw is standing", game: k, players: `"A"`,
			turns:  `{"player":"A","throws":[{"roll":[1,2,3,4,5],"keep":[1,2]},{"roll":[3,3,3],"keep":[1,2]},{"roll":[6,6,6],"keep":[1,2,6,6,6]}],"score":"chance"}`,
			totals: tot("A", 21)},
		{name: "empty keep on the third throw", game: k, players: `"A"`,
			turns:  `{"player":"A","throws":[{"roll":[1,2,3,4,5],"keep":[1,2]},{"roll":[3,3,3],"keep":[1,2]},{"roll":[6,6,6],"keep":[]}],"score":"chance"}`,
			totals: tot("A", 21)},
		{name: "unknown category", game: k, players: `"A"`,
			turns: `{"player":"A","dice":[1,1,2,3,4],"score":"yahtzee"}`, code: validate.CodeKniffelCategory, errThrow: -1},
		{name: "box already filled", game: k, players: `"A"`,
			turns: `{"player":"A","dice":[1,1,2,3,4],"score":"einser"},{"player":"A","dice":[1,1,2,3,4],"score":"einser"}`,
			code:  validate.CodeKniffelFilled, errTurn: 1, errThrow: -1},
		{name: "dice and throws together", game: k, players: `"A"`,
			turns: `{"player":"A","dice":[1,1,2,3,4],"throws":[{"roll":[1,1,2,3,4]}],"score":"einser"}`, code: validate.CodeKniffelBoth, errThrow: -1},
		{name: "four dice in quick entry", game: k, players: `"A"`,
			turns: `{"player":"A","dice":[1,1,2,3],"score":"einser"}`, code: validate.CodeDiceCount, errThrow: -1},
		{name: "open last turn with dice", game: k, players: `"A"`,
			turns: `{"player":"A","dice":[1,1,2,3,4]}`, totals: tot("A", 0)},
		{name: "stop is not Kniffel", game: k, players: `"A"`,
			turns: `{"player":"A","dice":[1,1,2,3,4],"stop":true}`, code: validate.CodeFieldForGame, errThrow: -1},
		{name: "upper bonus counts as soon as 63 is reached", game: k, players: `"A"`,
			turns:  `{"player":"A","dice":[6,6,6,6,6],"score":"sechser"},{"player":"A","dice":[5,5,5,5,5],"score":"fuenfer"},{"player":"A","dice":[4,4,4,1,1],"score":"vierer"}`,
			totals: tot("A", 102)},
	})
}

func TestKniffelKeepAllFive(t *testing.T) {
	runCases(t, []rc{
		{name: "keeping all five is standing", game: "kniffel", players: `"A"`,
			turns:  `{"player":"A","throws":[{"roll":[6,6,6,6,6],"keep":[6,6,6,6,6]}],"score":"kniffel"}`,
			totals: tot("A", 50)},
		{name: "no throw of zero dice", game: "kniffel", players: `"A"`,
			turns: `{"player":"A","throws":[{"roll":[6,6,6,6,6],"keep":[6,6,6,6,6]},{"roll":[]}],"score":"kniffel"}`,
			code:  validate.CodeKniffelAllKept, errThrow: 1},
	})
}

func TestCloneIsIndependent(t *testing.T) {
	for _, info := range validate.Games() {
		g, _ := New(validate.MustRules(info.ID, nil), []string{"A", "B"})
		c := g.Clone()
		es := map[validate.GameID]Entry{
			validate.GameKniffel:     {Kind: EntryDice, Roll: []int{1, 2, 3, 4, 5}},
			validate.GameTotwuerfeln: {Kind: EntryThrow, Roll: []int{5, 5, 5, 5, 5}},
			validate.GameDreissigTot: {Kind: EntryThrow, Roll: []int{1, 2, 3, 4, 5, 6}, Keep: []int{1, 2, 3, 4, 5, 6}},
			validate.Game5000:        {Kind: EntryThrow, Roll: []int{2, 2, 3, 4, 6}},
			validate.GameRueckwaerts: {Kind: EntryThrow, Roll: []int{2, 2, 3, 4, 6}},
		}
		e, ok := es[info.ID]
		if !ok {
			e = Entry{Kind: EntryThrow, Roll: []int{2, 3, 4, 6, 2, 3}[:g.Rules.Dice()]} // a bust
		}
		before := g.Verdict()
		if err := c.Apply(e); err != nil {
			t.Fatalf("%s: %v", info.ID, err)
		}
		if !reflect.DeepEqual(before, g.Verdict()) || g.Len() != 0 {
			t.Errorf("%s: applying to the clone changed the original", info.ID)
		}
	}
}
