package validate

import "testing"

// TestStopFloor: the least turn points a stop needs, from each game's
// Stops: 5000's entry and minimum, verschaerft's 350, steigerung's next 50
// above the previous result, nothing in 5050 (its floor is the pass).
func TestStopFloor(t *testing.T) {
	cases := []struct {
		game GameID
		opts map[string]any
		ctx  TurnContext
		want int
	}{
		{Game5050, nil, TurnContext{}, 0},
		{Game5000, nil, TurnContext{}, 500},
		{Game5000, nil, TurnContext{Entered: true}, 100},
		{GameZehntausend, nil, TurnContext{Previous: 650}, 0},
		{GameZehntausend, map[string]any{"verschaerft": true}, TurnContext{Previous: -1}, 350},
		{GameZehntausend, map[string]any{"steigerung": true}, TurnContext{Previous: 650}, 700},
		{GameZehntausend, map[string]any{"steigerung": true}, TurnContext{Previous: 600}, 650},
		{GameZehntausend, map[string]any{"steigerung": true}, TurnContext{Previous: -1}, 0},
		{GameZehntausend, map[string]any{"steigerung": true, "verschaerft": true}, TurnContext{Previous: 100}, 350},
		{GameRueckwaerts, nil, TurnContext{}, 0},
	}
	for _, c := range cases {
		if got := MustRules(c.game, c.opts).StopFloor(c.ctx); got != c.want {
			t.Errorf("%s %v %+v: floor %d, want %d", c.game, c.opts, c.ctx, got, c.want)
		}
	}
}

// TestMadeUpStopsComeFromTheDefinition: a made-up game's stop rules and
// the words of its refusals are those of its Variant's Stops, not of the
// game it was made like.
func TestMadeUpStopsComeFromTheDefinition(t *testing.T) {
	t.Cleanup(AddMadeUpGame(MadeUpGame{
		Info: GameInfo{ID: "3030", NameEN: "3030", NameDE: "3030", SummaryE: "made up", SummaryD: "ausgedacht"},
		Like: Game5050, Vary: func(v *Variant) { v.Target, v.Stops.PassPoints = 3030, 300 },
	}))
	t.Cleanup(AddMadeUpGame(MadeUpGame{
		Info: GameInfo{ID: "6000", NameEN: "6000", NameDE: "6000", SummaryE: "made up", SummaryD: "ausgedacht"},
		Like: Game5000, Vary: func(v *Variant) { v.Target, v.EntryPoints, v.Stops.Minimum = 6000, 750, 200 },
	}))
	cases := []struct {
		game   GameID
		ctx    TurnContext
		throws []Throw
		want   string // the first refusal in German, "" for a stop allowed
	}{
		{"3030", TurnContext{}, []Throw{{Roll: []int{2, 2, 2, 5, 3, 4}, Keep: []int{2, 2, 2, 5}}}, "schreiben erst ab 300 Punkten im laufenden Durchgang (dieser Durchgang hat 250)"},
		{"3030", TurnContext{}, []Throw{{Roll: []int{3, 3, 3, 2, 4, 6}, Keep: []int{3, 3, 3}}}, ""},
		{Game5050, TurnContext{}, []Throw{{Roll: []int{3, 3, 3, 2, 4, 6}, Keep: []int{3, 3, 3}}}, "schreiben erst ab 350 Punkten im laufenden Durchgang (dieser Durchgang hat 300)"},
		{"6000", TurnContext{}, []Throw{{Roll: []int{6, 6, 6, 2, 3}}}, "zum Einstieg muss man mit mindestens 750 Punkten im Zug schreiben (dieser Zug hat 600)"},
		{"6000", TurnContext{Entered: true}, []Throw{{Roll: []int{1, 5, 2, 3, 3}}}, "schreiben erst ab 200 Punkten im Zug (dieser Zug hat 150)"},
		{Game5000, TurnContext{Entered: true}, []Throw{{Roll: []int{1, 5, 2, 3, 3}}}, "bei Punkten, die auf 50 enden (150), darf man nicht aufhören: weiterwürfeln zum Aufrunden"},
	}
	for _, c := range cases {
		ft := MustRules(c.game, nil).NewFamilyTurn(c.ctx)
		for _, th := range c.throws {
			if err := ft.Throw(th); err != nil {
				t.Fatalf("%s %v: %v", c.game, th, err)
			}
		}
		got := ""
		if b := ft.StopBlockers(); len(b) > 0 {
			got = b[0].Message(German)
		}
		if got != c.want {
			t.Errorf("%s %v: refusal %q, want %q", c.game, c.throws, got, c.want)
		}
	}
	if s := VariantOf("3030").Stops; s != (Stops{PassPoints: 300, ConfirmPass: true}) {
		t.Errorf("3030's stops %+v", s)
	}
}
