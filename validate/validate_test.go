package validate

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseDice(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []int
		code Code
	}{
		{"111523", []int{1, 1, 1, 5, 2, 3}, ""},
		{"1 1 1 5 2 3", []int{1, 1, 1, 5, 2, 3}, ""},
		{"1,1,1,5,2,3", []int{1, 1, 1, 5, 2, 3}, ""},
		{"[1, 1; 6]", []int{1, 1, 6}, ""},
		{"", []int{}, ""},
		{"1170", nil, CodeBadPip},
		{"12a", nil, CodeBadDiceChar},
		{"1 8", nil, CodeBadPip},
	} {
		got, err := ParseDice(c.in)
		if c.code != "" {
			var e *Error
			if err == nil || !errorsAs(err, &e) || e.Code != c.code || !e.Input() {
				t.Errorf("ParseDice(%q) error %v, want %s", c.in, err, c.code)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseDice(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

func FuzzParseDice(f *testing.F) {
	for _, s := range []string{"111523", "1 1 1 5 2 3", "1,1,1,5,2,3", "", "x", "0", "ä6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pips, err := ParseDice(s)
		if err != nil {
			if !IsInput(err) || err.Error() == "" {
				t.Fatalf("ParseDice(%q): error %v is not an input error with a message", s, err)
			}
			return
		}
		if CheckPips(pips) != nil {
			t.Fatalf("ParseDice(%q) = %v has a bad pip", s, pips)
		}
		// What was read writes back and reads the same.
		again, err := ParseDice(FormatDice(pips))
		if err != nil || !reflect.DeepEqual(again, pips) {
			t.Fatalf("round trip of %v: %v, %v", pips, again, err)
		}
	})
}

func TestOptions(t *testing.T) {
	for _, c := range []struct {
		game   GameID
		values map[string]any
		code   Code
	}{
		{GameZehntausend, map[string]any{"minus": true, "nix": true}, CodeOptionConflict},
		{GameZehntausend, map[string]any{"strasse": 1000}, CodeOptionSixDice},
		{GameZehntausend, map[string]any{"drei_paare": 1000, "wuerfel": 5}, CodeOptionSixDice},
		{GameZehntausend, map[string]any{"pyramide": 1000}, CodeOptionSixDice},
		{GameZehntausend, map[string]any{"strasse": 900, "wuerfel": 6}, CodeOptionValue},
		{GameZehntausend, map[string]any{"ziel": 1020}, CodeOptionValue},
		{GameZehntausend, map[string]any{"ziel": 0}, CodeOptionValue},
		{GameZehntausend, map[string]any{"joker": true}, CodeUnknownOption},
		{Game5050, map[string]any{"wuerfel": 5}, CodeOptionValue},
		{Game5000, map[string]any{"wuerfel": 6}, CodeOptionValue},
		{GameTotwuerfeln, map[string]any{"killer": []int{1, 2, 3}}, CodeOptionValue},
		{GameTotwuerfeln, map[string]any{"killer": []int{7}}, CodeOptionValue},
		{GameTotwuerfeln, map[string]any{"killer": []int{2, 2}}, CodeOptionValue},
		{GameTotwuerfeln, map[string]any{"runden": 0}, CodeOptionValue},
		{GameTotwuerfeln, map[string]any{"wuerfel": 0}, CodeOptionValue},
		{GameKniffel, map[string]any{"joker": 1}, CodeOptionType},
		{GameZehntausend, map[string]any{"bestaetigen": true, "beweisen": true}, ""},
		{GameZehntausend, map[string]any{"wuerfel": 6, "strasse": 1250, "drei_paare": 1000, "pyramide": 1000}, ""},
		{GameTotwuerfeln, map[string]any{"killer": []int{6, 1}, "wuerfel": 8, "runden": 5}, ""},
	} {
		o, err := MakeOptions(c.game, c.values)
		if c.code == "" {
			if err != nil {
				t.Errorf("%s %v: %v", c.game, c.values, err)
			}
			if c.values["bestaetigen"] == true && o.Beweisen {
				t.Errorf("bestaetigen must switch proving off")
			}
			continue
		}
		var e *Error
		if !errorsAs(err, &e) || e.Code != c.code || !e.Input() {
			t.Errorf("%s %v: error %v, want %s", c.game, c.values, err, c.code)
		}
	}
	if _, err := MakeOptions("yahtzee", nil); !IsInput(err) {
		t.Errorf("unknown game: %v", err)
	}
}

func TestOptionFlags(t *testing.T) {
	for _, c := range []struct {
		kv   string
		id   string
		want any
	}{
		{"fuenfer_drehen=true", "fuenfer_drehen", true},
		{"fuenfer_drehen", "fuenfer_drehen", true},
		{"wuerfel=6", "wuerfel", 6},
	} {
		id, v, err := ParseOptionFlag(GameZehntausend, c.kv)
		if err != nil || id != c.id || !reflect.DeepEqual(v, c.want) {
			t.Errorf("ParseOptionFlag(%q) = %s %v %v", c.kv, id, v, err)
		}
	}
	id, v, err := ParseOptionFlag(GameTotwuerfeln, "killer=1,6")
	if err != nil || id != "killer" || !reflect.DeepEqual(v, []int{1, 6}) {
		t.Errorf("killer flag: %s %v %v", id, v, err)
	}
	if _, _, err := ParseOptionFlag(GameZehntausend, "wuerfel=six"); !IsInput(err) {
		t.Errorf("bad int accepted: %v", err)
	}
}

// keepsOf writes keeps as "dice=points" for easy comparison.
func keepsOf(ks []Keep) []string {
	var out []string
	for _, k := range ks {
		s := FormatDice(k.Dice)
		if k.FivesAsOnes > 0 {
			s += "*" + string(rune('0'+k.FivesAsOnes))
		}
		out = append(out, s+"="+itoa(k.Points))
	}
	return out
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	if neg {
		return "-" + string(b)
	}
	return string(b)
}

func TestLegalKeeps(t *testing.T) {
	for _, c := range []struct {
		game GameID
		opts map[string]any
		roll []int
		want []string
	}{
		{Game5050, nil, []int{1, 1, 1, 5, 2, 3},
			[]string{"1 1 1 5=1050", "1 1 1=1000", "1 1 5=250", "1 1=200", "1 5=150", "1=100", "5=50"}},
		{Game5050, nil, []int{5, 5, 3, 3, 3, 4},
			[]string{"3 3 3 5*1=400", "3 3 3 5 5=400", "3 3 3 5=350", "3 3 3=300", "5*1=100", "5 5=100", "5=50"}},
		{Game5050, nil, []int{2, 3, 4, 6, 6, 2}, nil},
		{Game5050, nil, []int{1, 2, 3, 4, 5, 6},
			[]string{"1 2 3 4 5 6=1500", "1 5=150", "1=100", "5=50"}},
		{Game5000, nil, []int{1, 1, 5, 6, 4}, []string{"1 1 5=250"}},
		{Game5000, nil, []int{2, 3, 4, 5, 6}, []string{"2 3 4 5 6=1500"}},
		{GameRueckwaerts, map[string]any{"wuerfel": 6}, []int{1, 2, 3, 4, 5, 6}, []string{"1 2 3 4 5 6=1100"}},
		{GameZehntausend, nil, []int{5, 5, 5, 5, 5}, []string{"5 5 5 5 5=5050", "5 5 5 5=5000", "5 5 5=500", "5 5=100", "5=50"}},
	} {
		r := MustRules(c.game, c.opts)
		got := keepsOf(r.LegalKeeps(c.roll))
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s %v: keeps\n got %v\nwant %v", c.game, c.roll, got, c.want)
		}
	}
}

func TestKeepValueTable(t *testing.T) {
	for _, c := range []struct {
		game GameID
		opts map[string]any
		dice string
		want int // -1: not all dice score
	}{
		{Game5050, nil, "1111", 1100},
		{Game5050, nil, "4444", -1},
		{Game5050, nil, "5555", 550},
		{Game5050, nil, "111555", 1500},
		{Game5050, nil, "111111", 2000},
		{Game5050, nil, "444466", 1500},
		{Game5050, nil, "113355", 1500},
		{Game5000, nil, "111", 1100},
		{Game5000, nil, "2222", 400},
		{Game5000, nil, "11111", 4400},
		{Game5000, nil, "55555", 2000},
		{Game5000, nil, "12345", 1500},
		{Game5000, nil, "23456", 1500},
		{GameZehntausend, nil, "2222", 2000},
		{GameZehntausend, nil, "1111", 10000},
		{GameZehntausend, nil, "22222", -1},
		{GameZehntausend, map[string]any{"verdoppeln": true}, "22222", 800},
		{GameZehntausend, map[string]any{"verdoppeln": true}, "11111", 4000},
		{GameZehntausend, map[string]any{"verdoppeln": true, "wuerfel": 6}, "222222", 1600},
		{GameZehntausend, map[string]any{"wuerfel": 6}, "222222", 400},
		{GameZehntausend, map[string]any{"wuerfel": 6, "strasse": 1000}, "123456", 1000},
		{GameZehntausend, map[string]any{"wuerfel": 6, "drei_paare": 1000}, "224466", 1000},
		{GameZehntausend, map[string]any{"wuerfel": 6, "drei_paare": 1000}, "666666", 1200},
		{GameZehntausend, map[string]any{"wuerfel": 6, "drei_paare": 1000}, "222222", 1000},
		{GameZehntausend, map[string]any{"wuerfel": 6, "pyramide": 1000}, "122333", 1000},
		{GameZehntausend, map[string]any{"wuerfel": 6, "pyramide": 1000}, "244666", 1000},
		{GameRueckwaerts, nil, "12345", 1000},
		{GameRueckwaerts, map[string]any{"wuerfel": 6}, "224466", 1500},
		{GameRueckwaerts, map[string]any{"wuerfel": 6}, "333355", 3100},
	} {
		r := MustRules(c.game, c.opts)
		d, _ := ParseDice(c.dice)
		v, ok := r.KeepValue(CountsOf(d), 0)
		if !ok {
			v = -1
		}
		if v != c.want {
			t.Errorf("%s %v: %s is worth %d, want %d", c.game, c.opts, c.dice, v, c.want)
		}
	}
}

func TestKniffelScore(t *testing.T) {
	for _, c := range []struct {
		dice string
		want map[Category]int
	}{
		{"11122", map[Category]int{Einser: 3, Zweier: 4, Dreierpasch: 7, Viererpasch: 0, FullHouse: 25, Chance: 7}},
		{"66666", map[Category]int{Sechser: 30, Dreierpasch: 30, Viererpasch: 30, FullHouse: 0, Kniffel: 50, KleineStrasse: 0}},
		{"12346", map[Category]int{KleineStrasse: 30, GrosseStrasse: 0, Chance: 16}},
		{"23456", map[Category]int{KleineStrasse: 30, GrosseStrasse: 40}},
		{"34345", map[Category]int{KleineStrasse: 0, FullHouse: 0}},
		{"33345", map[Category]int{Dreierpasch: 18, Dreier: 9}},
	} {
		d, _ := ParseDice(c.dice)
		for cat, want := range c.want {
			if got := KniffelScore(cat, CountsOf(d)); got != want {
				t.Errorf("%s in %s = %d, want %d", c.dice, cat.ID(), got, want)
			}
		}
	}
}

func TestJoker(t *testing.T) {
	joker := MustRules(GameKniffel, map[string]any{"joker": true})
	plain := MustRules(GameKniffel, nil)
	var b KniffelBoxes
	b.Filled[Kniffel], b.Value[Kniffel] = true, 50
	four := CountsOf([]int{4, 4, 4, 4, 4})
	if _, err := joker.Place(b, four, Chance); err == nil || err.(*Error).Code != CodeJokerUpper {
		t.Errorf("joker: upper box must be used first, got %v", err)
	}
	p, err := joker.Place(b, four, Vierer)
	if err != nil || p.Points != 20 || p.Bonus != 100 {
		t.Errorf("joker in vierer: %+v %v", p, err)
	}
	b.Filled[Vierer] = true
	p, err = joker.Place(b, four, FullHouse)
	if err != nil || p.Points != 25 || p.Bonus != 100 {
		t.Errorf("joker full house: %+v %v", p, err)
	}
	p, err = plain.Place(b, four, FullHouse)
	if err != nil || p.Points != 0 || p.Bonus != 100 {
		t.Errorf("no joker, full house: %+v %v", p, err)
	}
	if _, err := joker.Place(b, four, Einser); err == nil || err.(*Error).Code != CodeJokerLower {
		t.Errorf("joker: lower before upper, got %v", err)
	}
	for c := Dreierpasch; c < NumCategories; c++ {
		b.Filled[c] = true
	}
	if p, err := joker.Place(b, four, Einser); err != nil || p.Points != 0 {
		t.Errorf("joker: all lower filled, upper with 0: %+v %v", p, err)
	}
	// A struck Kniffel box: no bonus, but the joker still applies.
	var s KniffelBoxes
	s.Filled[Kniffel] = true
	if p, err := joker.Place(s, four, Vierer); err != nil || p.Bonus != 0 {
		t.Errorf("struck Kniffel box: %+v %v", p, err)
	}
}

func TestMessagesInBothLanguages(t *testing.T) {
	for c, m := range catalog {
		if m.en == "" || m.de == "" || m.en == m.de && !strings.Contains(m.en, "%") {
			t.Errorf("%s: message missing in a language: %q / %q", c, m.en, m.de)
		}
		if strings.Count(m.en, "%") != strings.Count(m.de, "%") {
			t.Errorf("%s: English and German take different arguments: %q / %q", c, m.en, m.de)
		}
	}
	for p, t2 := range phrases {
		if t2[0] == "" || t2[1] == "" {
			t.Errorf("phrase %s missing a language", p)
		}
	}
	e := &Error{Code: CodeHurdle350, Args: []any{350, 100}}
	if !strings.Contains(e.Message(German), "350") || !strings.Contains(e.Message(German), "Durchgang") {
		t.Errorf("German message: %s", e.Message(German))
	}
}

func FuzzOptionFlag(f *testing.F) {
	for _, s := range []string{"wuerfel=6", "killer=1,6", "fuenfer_drehen", "ziel=x", "=", "strasse=1250"} {
		f.Add(uint8(2), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, kv string) {
		g := defs[int(which)%len(defs)].info.ID
		id, v, err := ParseOptionFlag(g, kv)
		if err != nil {
			if !IsInput(err) {
				t.Fatalf("%q: %v is not an input error", kv, err)
			}
			return
		}
		if _, err := MakeOptions(g, map[string]any{id: v}); err != nil && !IsInput(err) {
			t.Fatalf("%q: MakeOptions: %v", kv, err)
		}
	})
}

func FuzzRawOptions(f *testing.F) {
	f.Add(uint8(2), "wuerfel", []byte("6"))
	f.Add(uint8(5), "killer", []byte("[1,6]"))
	f.Add(uint8(2), "minus", []byte("true"))
	f.Fuzz(func(t *testing.T, which uint8, id string, raw []byte) {
		g := defs[int(which)%len(defs)].info.ID
		o, err := ParseRawOptions(g, RawOptions{id: raw})
		if err != nil {
			if !IsInput(err) {
				t.Fatalf("%s=%s: %v is not an input error", id, raw, err)
			}
			return
		}
		if _, err := NewRules(g, o); err != nil {
			t.Fatalf("accepted options make no rules: %v", err)
		}
	})
}

func TestBustChance(t *testing.T) {
	r := MustRules(Game5050, nil)
	// One die: only 1 and 5 score.
	if got := r.BustChance(1); got != 4.0/6 {
		t.Errorf("one die: %v", got)
	}
	// Two dice: neither shows 1 or 5: (4/6)².
	if got := r.BustChance(2); got != 16.0/36 {
		t.Errorf("two dice: %v", got)
	}
	// Three dice: no 1, no 5, and not three of 2, 3, 4 or 6: (64 − 4)/216.
	if got := r.BustChance(3); got != 60.0/216 {
		t.Errorf("three dice: %v", got)
	}
	// One die: a 1 (100) or a 5 (50) in six.
	if got := r.ExpectedKeep(1); got != 25 {
		t.Errorf("expected keep of one die: %v, want 25", got)
	}
	// With ergaenzen a 3 after a kept triple of 3s scores too.
	z := MustRules(GameZehntausend, map[string]any{"ergaenzen": true})
	turn := z.NewFamilyTurn(TurnContext{})
	if err := turn.Throw(Throw{Roll: []int{3, 3, 3, 2, 4}, Keep: []int{3, 3, 3}}); err != nil {
		t.Fatal(err)
	}
	if got := turn.BustChance(); got != 9.0/36 {
		t.Errorf("two dice after 3 3 3 with ergaenzen: %v, want 9/36", got)
	}
}

func TestSummariesFit80Columns(t *testing.T) {
	for _, g := range Games() {
		for _, l := range []Lang{English, German} {
			if n := len([]rune(g.Summary(l))); n > 72 {
				t.Errorf("%s %s summary is %d characters: %q", g.ID, l, n, g.Summary(l))
			}
		}
	}
}

func TestOneMore(t *testing.T) {
	r := MustRules(Game5050, nil)
	turn := r.NewFamilyTurn(TurnContext{})
	if err := turn.Throw(Throw{Roll: []int{1, 1, 1, 2, 3, 4}, Keep: []int{1, 1, 1}}); err != nil {
		t.Fatal(err)
	}
	// Three dice left: a bust (60 of 216) loses 1000. Otherwise the best keep
	// counts; check against a direct enumeration of all 216 ordered throws.
	var want float64
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				ks := r.LegalKeeps([]int{a, b, c})
				if len(ks) == 0 {
					want -= 1000
				} else {
					want += float64(ks[0].Points)
				}
			}
		}
	}
	want /= 216
	om := turn.OneMore()
	if om.Dice != 3 || om.BustChance != 60.0/216 || om.Gain-want > 1e-9 || want-om.Gain > 1e-9 {
		t.Errorf("one more with 3 dice after 1000: %+v, want gain %.3f", om, want)
	}
	if om.Gain >= 0 {
		t.Errorf("risking 1000 with three dice should not pay: %+v", om)
	}
}

// bestKeepPoints agrees with the first legal keep for every throw of up to six dice.
func TestBestKeepPointsAgreesWithLegalKeeps(t *testing.T) {
	for _, r := range []*Rules{MustRules(Game5050, nil), MustRules(Game5000, nil),
		MustRules(GameZehntausend, map[string]any{"wuerfel": 6, "strasse": 1250, "drei_paare": 1000, "pyramide": 1000, "fuenfer_drehen": true}),
		MustRules(GameRueckwaerts, map[string]any{"wuerfel": 6})} {
		for n := 1; n <= r.Dice(); n++ {
			multisets(n, func(c Counts, _ int) {
				want := 0
				if ks := r.legalKeeps(c, nil); len(ks) > 0 {
					want = ks[0].Points
				}
				if got := r.bestKeepPoints(c, nil); got != want {
					t.Errorf("%s %v: best %d, legal keeps say %d", r.Game, c.Pips(), got, want)
				}
			})
		}
	}
}

func TestOptionMessagesInGerman(t *testing.T) {
	_, err := MakeOptions(GameZehntausend, map[string]any{"ziel": 75})
	if msg := Localize(err, German); !strings.Contains(msg, "Vielfaches von 50") || strings.Contains(msg, "multiple") {
		t.Errorf("ziel=75 in German: %s", msg)
	}
	_, _, err = ParseOptionFlag(GameZehntausend, "beweisen=vielleicht")
	if msg := Localize(err, German); !strings.Contains(msg, "ja oder nein") {
		t.Errorf("bool in German: %s", msg)
	}
	for _, yes := range []string{"ja", "Ja", "yes", "an", "true", "1"} {
		if _, v, err := ParseOptionFlag(GameZehntausend, "minus="+yes); err != nil || v != true {
			t.Errorf("minus=%s: %v %v", yes, v, err)
		}
	}
	if _, v, err := ParseOptionFlag(GameZehntausend, "beweisen=nein"); err != nil || v != false {
		t.Errorf("beweisen=nein: %v %v", v, err)
	}
	var b KniffelBoxes
	b.Filled[Kniffel], b.Value[Kniffel] = true, 50
	_, err = MustRules(GameKniffel, map[string]any{"joker": true}).Place(b, CountsOf([]int{3, 3, 3, 3, 3}), Chance)
	if msg := Localize(err, German); !strings.Contains(msg, "(Dreier)") {
		t.Errorf("joker message names the box: %s", msg)
	}
}

// Issue 12.11: every house rule has a name for players in both languages.
func TestOptionNames(t *testing.T) {
	for _, g := range Games() {
		for _, s := range OptionSpecs(g.ID) {
			for _, l := range []Lang{English, German} {
				if n := s.Name(l); n == "" || n == s.ID && s.ID != "minus" && s.ID != "nix" && s.ID != "joker" {
					t.Errorf("%s %s: name %q in %v", g.ID, s.ID, n, l)
				}
			}
		}
	}
	if n := OptionSpecs(GameZehntausend)[6].Name(German); n != "Fünfer drehen" {
		t.Errorf("fuenfer_drehen is called %q", n)
	}
}

// ParseThrowText: "1x0" and the like name the bad character with its
// position in the whole throw and say what a throw is typed with; the
// dice and the keep as ParseDice and ParseKeep read them.
func TestParseThrowText(t *testing.T) {
	for _, c := range []struct {
		in     string
		turned bool
		code   Code
		pos    int
	}{
		{"1x0", true, CodeBadThrowChar, 2},
		{"x", false, CodeBadThrowChar, 1},
		{"0", true, CodeBadPip, 1},
		{"7", true, CodeBadPip, 1},
		{"111/1x", true, CodeBadThrowChar, 6},
		{"111//1", true, CodeBadThrowChar, 5},
		{"5*/5", true, CodeBadThrowChar, 2},
		{"115/1*", true, CodeTurnedNotFive, 6},
		{"115/5**", true, CodeTurnedNotFive, 7},
		{"645321/5*", false, CodeBadThrowChar, 9},
		{"ä1x", true, CodeBadThrowChar, 1},
		{"1ä", true, CodeBadThrowChar, 2},
	} {
		_, _, _, _, err := ParseThrowText(c.in, c.turned)
		var e *Error
		if !errors.As(err, &e) || e.Code != c.code || len(e.Args) < 2 || e.Args[1] != c.pos {
			t.Errorf("ParseThrowText(%q): %v, want %s at position %d", c.in, err, c.code, c.pos)
		}
	}
	_, _, _, _, err := ParseThrowText("1x0", true)
	for _, l := range []Lang{English, German} {
		if m := Localize(err, l); !strings.Contains(m, `"x"`) || !strings.Contains(m, "1 ") || !strings.Contains(m, "5*") || !strings.Contains(m, "/") {
			t.Errorf("%s: %q names neither the x nor what a throw is typed with", l, m)
		}
	}
	roll, keep, fives, has, err := ParseThrowText("552346/5*5", true)
	if err != nil || FormatDice(roll) != "5 5 2 3 4 6" || FormatDice(keep) != "5 5" || fives != 1 || !has {
		t.Errorf("552346/5*5: %v %v %d %v %v", roll, keep, fives, has, err)
	}
	if roll, keep, _, has, err := ParseThrowText("1 1 1", false); err != nil || len(roll) != 3 || keep != nil || has {
		t.Errorf("1 1 1: %v %v %v %v", roll, keep, has, err)
	}
}
