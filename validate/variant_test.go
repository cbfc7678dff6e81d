package validate

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// TestVariants: the game facts of every game, as RULES.md tells them.
func TestVariants(t *testing.T) {
	cases := []struct {
		game GameID
		opts map[string]any
		want Variant
	}{
		{Game5050, nil, Variant{Family: FamilyZehntausend, End: EndFinalRound, Target: 5050, Settle: SettleAdd, EarlierSeatWinsTies: true, WinnerBegins: true, Coached: true, Review: ReviewDecisions,
			Stops: Stops{PassPoints: 350, ConfirmPass: true}}},
		{Game5000, nil, Variant{Family: FamilyZehntausend, End: EndExact, Target: 5000, Settle: SettleExact, AllScoring: true, EntryPoints: 500, Coached: true, Review: ReviewDecisions,
			Stops: Stops{Minimum: 100, RoundHundreds: true}}},
		{GameZehntausend, nil, Variant{Family: FamilyZehntausend, End: EndFinalRound, Target: 10000, Settle: SettleAdd, Coached: true, Review: ReviewDecisions,
			Stops: Stops{Proof: true}}},
		{GameZehntausend, map[string]any{"ziel": 3000}, Variant{Family: FamilyZehntausend, End: EndFinalRound, Target: 3000, Settle: SettleAdd, Coached: true, Review: ReviewDecisions,
			Stops: Stops{Proof: true}}},
		{GameZehntausend, map[string]any{"beweisen": false, "bestaetigen": true, "steigerung": true}, Variant{Family: FamilyZehntausend, End: EndFinalRound, Target: 10000, Settle: SettleAdd,
			Coached: true, Review: ReviewDecisions, Stops: Stops{ConfirmAll: true, AbovePrevious: true}}},
		{GameZehntausend, map[string]any{"beweisen": false, "verschaerft": true}, Variant{Family: FamilyZehntausend, End: EndFinalRound, Target: 10000, Settle: SettleAdd,
			Coached: true, Review: ReviewDecisions, Stops: Stops{TightPoints: 350, TightCup: 2}}},
		{GameRueckwaerts, nil, Variant{Family: FamilyZehntausend, End: EndAtTarget, Target: 10000, Settle: SettleTable, LowerWins: true, AllScoring: true, TableTurns: true}},
		{GameKniffel, nil, Variant{Family: FamilyKniffel, End: EndRounds, Rounds: 13, Settle: SettleSheet, Coached: true, Review: ReviewDecisions}},
		{GameTotwuerfeln, nil, Variant{Family: FamilyTot, End: EndRounds, Rounds: 3, Settle: SettleAdd, Review: ReviewLuck}},
		{GameTotwuerfeln, map[string]any{"runden": 5}, Variant{Family: FamilyTot, End: EndRounds, Rounds: 5, Settle: SettleAdd, Review: ReviewLuck}},
		{GameDreissigTot, nil, Variant{Family: FamilyDreissig, StartTotal: 30, End: EndAtZero, Settle: SettleAccount, Coached: true, Review: ReviewDecisions}},
		{GameDreissigTot, map[string]any{"hundert": true}, Variant{Family: FamilyDreissig, StartTotal: 30, End: EndAtTarget, Target: 100, Settle: SettleAccount, Players: 2, Coached: true, Review: ReviewDecisions}},
	}
	for _, c := range cases {
		r := MustRules(c.game, c.opts)
		if got := r.Variant(); got != c.want {
			t.Errorf("%s %v: variant\n %+v, want\n %+v", c.game, c.opts, got, c.want)
		}
		if c.opts == nil && VariantOf(c.game) != c.want {
			t.Errorf("VariantOf(%s) = %+v", c.game, VariantOf(c.game))
		}
	}
	if got := VariantOf("skat"); got != (Variant{}) {
		t.Errorf("VariantOf(skat) = %+v, want the zero Variant", got)
	}
	if got := MustRules(GameTotwuerfeln, map[string]any{"runden": 4}).Variant().FixedRounds(); got != 4 {
		t.Errorf("Totwürfeln runden 4: FixedRounds %d", got)
	}
	if got := MustRules(Game5050, nil).Variant().FixedRounds(); got != 0 {
		t.Errorf("5050: FixedRounds %d, want 0", got)
	}
}

// TestOptionsBound: every house rule of every game is bound to its own
// field: setting it to a value other than the default changes exactly that
// option, Get reads it back and Map lists only it.
func TestOptionsBound(t *testing.T) {
	other := func(s OptionSpec) any {
		switch s.Kind {
		case KindBool:
			return !s.Default.(bool)
		case KindFaces:
			return []int{2, 3}
		}
		for _, v := range s.Values {
			if v != s.Default.(int) {
				return v
			}
		}
		if s.Step > 0 {
			return s.Default.(int) + s.Step
		}
		return s.Default.(int) + 1
	}
	for _, g := range Games() {
		for _, s := range OptionSpecs(g.ID) {
			if len(s.Values) == 1 {
				continue // nothing else to choose
			}
			values := map[string]any{s.ID: other(s)}
			if s.sixDice {
				values["wuerfel"] = 6
			}
			o, err := MakeOptions(g.ID, values)
			if err != nil {
				t.Errorf("%s %v: %v", g.ID, values, err)
				continue
			}
			if got := o.Get(s.ID); fmt.Sprint(got) != fmt.Sprint(values[s.ID]) {
				t.Errorf("%s: %s = %v after setting %v", g.ID, s.ID, got, values[s.ID])
			}
			m := o.Map(g.ID)
			for id := range m {
				if _, asked := values[id]; !asked && !(id == "beweisen" && len(s.switchesOff) > 0) {
					t.Errorf("%s: setting %s changed %s too (%v)", g.ID, s.ID, id, m)
				}
			}
		}
	}
	if got := (Options{}).Get("no-such-option"); got != nil {
		t.Errorf("Get of an unknown option = %v", got)
	}
}

// TestParseRulesIsTheOldRoute: ParseRules gives what LookupGame +
// ParseRawOptions + NewRules gave, errors included.
func TestParseRulesIsTheOldRoute(t *testing.T) {
	cases := []struct {
		game string
		raw  RawOptions
		code Code
	}{
		{"5050", nil, ""},
		{"zehntausend", RawOptions{"wuerfel": []byte("6"), "strasse": []byte("1250")}, ""},
		{"zehntausend", RawOptions{"minus": []byte("true"), "nix": []byte("true")}, CodeOptionConflict},
		{"zehntausend", RawOptions{"strasse": []byte("1000")}, CodeOptionSixDice},
		{"zehntausend", RawOptions{"minus": []byte("1")}, CodeOptionType},
		{"kniffel", RawOptions{"ziel": []byte("1000")}, CodeUnknownOption},
		{"skat", nil, CodeUnknownGame},
	}
	for _, c := range cases {
		r, err := ParseRules(c.game, c.raw)
		var e *Error
		switch {
		case c.code == "" && err != nil:
			t.Errorf("%s %v: %v", c.game, c.raw, err)
		case c.code != "" && (!errors.As(err, &e) || e.Code != c.code):
			t.Errorf("%s %v: error %v, want %s", c.game, c.raw, err, c.code)
		case c.code == "":
			o, _ := ParseRawOptions(GameID(c.game), c.raw)
			if r.Game != GameID(c.game) || !reflect.DeepEqual(r.Options, o) {
				t.Errorf("%s %v: rules %s %+v, want %+v", c.game, c.raw, r.Game, r.Options, o)
			}
		}
	}
	vals := map[string]any{"killer": []int{1, 6}, "runden": 2, "killerwurf_zaehlt_nicht": true}
	r, err := ParseRules("totwuerfeln", RawOptionsOf(vals))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := MakeOptions(GameTotwuerfeln, vals)
	if !reflect.DeepEqual(r.Options, want) {
		t.Errorf("RawOptionsOf round trip: %+v, want %+v", r.Options, want)
	}
}

func code(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// TestCheckRoll: the throw before its keep, in every turn engine.
func TestCheckRoll(t *testing.T) {
	z := MustRules(GameZehntausend, nil)
	ft := z.NewFamilyTurn(TurnContext{})
	if err := ft.CheckRoll([]int{1, 2, 3, 4, 6}); err != nil {
		t.Errorf("five dice at the start: %v", err)
	}
	if c := code(ft.CheckRoll([]int{1, 2, 3, 4})); c != CodeDiceCount {
		t.Errorf("four dice at the start: %s", c)
	}
	if c := code(ft.CheckRoll([]int{1, 2, 3, 4, 7})); c != CodeBadPipValue {
		t.Errorf("a 7: %s", c)
	}
	if err := ft.Throw(Throw{Roll: []int{1, 2, 3, 4, 6}, Keep: []int{1}}); err != nil {
		t.Fatal(err)
	}
	if c := code(ft.CheckRoll([]int{1, 2, 3, 4, 6})); c != CodeDiceCount {
		t.Errorf("five dice with one aside: %s", c)
	}
	if err := ft.Throw(Throw{Roll: []int{2, 3, 4, 6}}); err != nil { // a bust
		t.Fatal(err)
	}
	if c := code(ft.CheckRoll([]int{1, 2, 3, 4})); c != CodeTurnOver {
		t.Errorf("after the bust: %s", c)
	}

	kt := MustRules(GameKniffel, nil).NewKniffelTurn()
	for i, th := range []struct{ roll, keep []int }{{[]int{1, 1, 2, 3, 4}, []int{1, 1}}, {[]int{1, 5, 6}, []int{1, 1, 1}}} {
		if err := kt.CheckRoll(th.roll); err != nil {
			t.Errorf("Kniffel throw %d: %v", i+1, err)
		}
		if err := kt.Throw(th.roll, th.keep); err != nil {
			t.Fatal(err)
		}
	}
	if !kt.LastThrow() {
		t.Error("Kniffel: the third throw is the last")
	}
	if c := code(kt.CheckRoll([]int{1, 2, 3})); c != CodeDiceCount {
		t.Errorf("Kniffel: three dice with three held: %s", c)
	}
	if err := kt.Throw([]int{1, 1}, nil); err != nil {
		t.Fatal(err)
	}
	if c := code(kt.CheckRoll([]int{1, 1})); c != CodeKniffelThrows {
		t.Errorf("Kniffel: a fourth throw: %s", c)
	}

	tt := MustRules(GameTotwuerfeln, nil).NewTotTurn()
	if c := code(tt.CheckRoll([]int{1, 2, 3})); c != CodeDiceCount {
		t.Errorf("Totwürfeln: three of five dice: %s", c)
	}
	dt := MustRules(GameDreissigTot, nil).NewDreissigTurn()
	if err := dt.Throw([]int{6, 6, 6, 6, 6, 6}, []int{6, 6, 6, 6, 6, 6}); err != nil {
		t.Fatal(err)
	}
	if dt.InCup() != 0 {
		t.Errorf("Dreißig tot: %d in the cup after six aside", dt.InCup())
	}
	if c := code(dt.CheckRoll([]int{6})); c != CodeTurnOver {
		t.Errorf("Dreißig tot: own throw after six aside: %s", c)
	}
}

// TestKniffelTurnDice: which dice a box takes, and when.
func TestKniffelTurnDice(t *testing.T) {
	kt := MustRules(GameKniffel, nil).NewKniffelTurn()
	if _, ok := kt.ScoreDice(); ok {
		t.Error("a box before the first throw")
	}
	if err := kt.Throw([]int{6, 6, 2, 3, 4}, []int{6, 6}); err != nil {
		t.Fatal(err)
	}
	if _, ok := kt.ScoreDice(); ok {
		t.Error("a box while two dice are held for the next throw")
	}
	if got := kt.After([]int{6, 1, 1}); got != CountsOf([]int{6, 6, 6, 1, 1}) {
		t.Errorf("After = %s", got)
	}
	if err := kt.Throw([]int{6, 1, 1}, nil); err != nil {
		t.Fatal(err)
	}
	if d, ok := kt.ScoreDice(); !ok || d != CountsOf([]int{6, 6, 6, 1, 1}) {
		t.Errorf("ScoreDice = %s %v, want the full house", d, ok)
	}
}

func TestDreissigResult(t *testing.T) {
	for _, c := range []struct{ sum, cost, target int }{{6, 24, 0}, {29, 1, 0}, {30, 0, 0}, {31, 0, 1}, {36, 0, 6}} {
		if got := DreissigResult(c.sum); got.Cost != c.cost || got.Target != c.target {
			t.Errorf("sum %d: %+v, want cost %d target %d", c.sum, got, c.cost, c.target)
		}
	}
}

// TestScoreDice: what the score command shows, per turn engine, and its refusals.
func TestScoreDice(t *testing.T) {
	s, err := MustRules(Game5050, nil).ScoreDice([]int{1, 1, 1, 5, 2, 3})
	if err != nil || len(s.Keeps) == 0 || s.Keeps[0].Points != 1050 {
		t.Errorf("5050 111523: %+v %v, want best 1050", s.Keeps, err)
	}
	s, _ = MustRules(GameKniffel, nil).ScoreDice([]int{2, 2, 3, 3, 3})
	if s.Categories[FullHouse] != 25 || s.Categories[Dreier] != 9 {
		t.Errorf("Kniffel 22333: %v", s.Categories)
	}
	s, _ = MustRules(GameTotwuerfeln, nil).ScoreDice([]int{1, 5, 6})
	if s.Points != 7 || s.Killed != 1 || s.Live != 2 {
		t.Errorf("Totwürfeln 156: %+v", s)
	}
	s, _ = MustRules(GameDreissigTot, nil).ScoreDice([]int{6, 6, 6, 6, 6, 5})
	if s.Sum != 35 || !s.AllSix || s.Dreissig.Target != 5 {
		t.Errorf("Dreißig tot 666665: %+v", s)
	}
	for _, c := range []struct {
		game GameID
		dice []int
		code Code
	}{
		{GameKniffel, []int{1, 1, 1, 1}, CodeKniffelFive},
		{GameDreissigTot, []int{1, 1, 1, 1, 1, 1, 1}, CodeTooManyDice},
		{GameTotwuerfeln, []int{1, 1, 1, 1, 1, 1}, CodeTooManyDice},
		{Game5000, []int{1, 1, 1, 1, 1, 1}, CodeTooManyDice},
		{Game5050, []int{}, CodeNoDice},
	} {
		if _, err := MustRules(c.game, nil).ScoreDice(c.dice); code(err) != c.code {
			t.Errorf("%s %v: %v, want %s", c.game, c.dice, err, c.code)
		}
	}
}
