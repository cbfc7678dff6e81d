package main

import (
	"strings"
	"testing"
)

// Five players: Anna attacks Ede (3 pips), Ede sets 6 5 4 and 5 4 3 aside
// (24 pips: −6), Bob loses 24 twice.
const dreissigFiveRecord = `{"id":"333a9b3f-788d-47ef-b577-8745df3355d3","status":"finished","started":"2026-12-02T02:18:52.843Z","game":"dreissig-tot","options":{},"players":["Anna","Bob","Cem","Dora","Ede"],"turns":[` +
	`{"player":"Anna","throws":[{"roll":[6,4,5,3,2,1],"keep":[6]},{"roll":[5,5,5,5,5],"keep":[5,5,5,5,5]}],"attack":[{"roll":[1,1,1,2,2,3]},{"roll":[2,3,4]}]},` +
	`{"player":"Bob","throws":[{"roll":[1,1,1,1,1,1],"keep":[1,1,1,1,1,1]}]},` +
	`{"player":"Cem","throws":[{"roll":[5,5,5,5,5,5],"keep":[5,5,5,5,5,5]}]},` +
	`{"player":"Dora","throws":[{"roll":[5,5,5,5,5,5],"keep":[5,5,5,5,5,5]}]},` +
	`{"player":"Ede","throws":[{"roll":[6,5,4,3,2,1],"keep":[6,5,4]},{"roll":[5,4,3],"keep":[5,4,3]}]},` +
	`{"player":"Anna","throws":[{"roll":[5,5,5,5,5,5],"keep":[5,5,5,5,5,5]}]},` +
	`{"player":"Bob","throws":[{"roll":[1,1,1,1,1,1],"keep":[1,1,1,1,1,1]}]}]}`

// Three players: Bob loses 12 and 24, Anna and Cem end level at 30.
const dreissigSharedRecord = `{"id":"444a9b3f-788d-47ef-b577-8745df3355d3","status":"finished","started":"2026-12-02T02:18:52.843Z","game":"dreissig-tot","options":{},"players":["Anna","Bob","Cem"],"turns":[` +
	`{"player":"Anna","throws":[{"roll":[5,5,5,5,5,5],"keep":[5,5,5,5,5,5]}]},` +
	`{"player":"Bob","throws":[{"roll":[6,5,4,3,2,1],"keep":[6,5,4]},{"roll":[1,1,1],"keep":[1,1,1]}]},` +
	`{"player":"Cem","throws":[{"roll":[5,5,5,5,5,5],"keep":[5,5,5,5,5,5]}]},` +
	`{"player":"Anna","throws":[{"roll":[5,5,5,5,5,5],"keep":[5,5,5,5,5,5]}]},` +
	`{"player":"Bob","throws":[{"roll":[1,1,1,1,1,1],"keep":[1,1,1,1,1,1]}]}]}`

func contains(t *testing.T, what, out string, want, not []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("%s: no %q in:\n%s", what, w, out)
		}
	}
	for _, n := range not {
		if strings.Contains(out, n) {
			t.Errorf("%s: %q in:\n%s", what, n, out)
		}
	}
}

// advise dreissig-tot with five players: the value in pips with a true
// minus ("-0.74" before), the best-count line ends in a full stop (it
// ended "…of throws;"); JSON keeps its plain numbers.
func TestAdviseDreissigPipsWords(t *testing.T) {
	for _, c := range []struct {
		lang      string
		want, not []string
	}{
		{"en", []string{"Value for seat 1: 1.10 pips.", "6 dice in 0.3 % of throws.\n", "the turn's value in pips"}, []string{"of throws;\n", "turn's points"}},
		{"de", []string{"Wert für Sitz 1: 1,10 Augen.", "6 Würfel in 0,3 % der Würfe.\n", "Wert des Zugs in Augen"}, []string{"der Würfe;\n", "Punkte des Zugs"}},
	} {
		code, out, errs := call(t, "", "--lang", c.lang, "advise", "dreissig-tot", "--accounts", "30,22,5,6,7")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		contains(t, "advise --lang "+c.lang, out, c.want, c.not)
		_, out, _ = call(t, "", "--lang", c.lang, "advise", "dreissig-tot", "--accounts", "30,22,5,6,7", "645321")
		contains(t, "advise --lang "+c.lang+" 645321", out, []string{"−0"}, []string{"-0", " -"})
	}
	_, out, _ := call(t, "", "advise", "--json", "dreissig-tot", "--accounts", "30,22,5,6,7", "645321")
	contains(t, "advise --json", out, []string{`"value": -0.74`}, []string{"−"})
}

// With hundert the rule is named in the user's language and explained
// where advise states the position ("Von dreißig auf hundert" stood in
// English text, explained nowhere).
func TestAdviseDreissigHundertNamed(t *testing.T) {
	dreissigCache(t)
	code, out, errs := call(t, "", "--lang", "en", "advise", "dreissig-tot", "--option", "hundert=true", "--accounts", "60,40")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	contains(t, "en", out, []string{"Dreißig tot, thirty to a hundred (at 0 or below both accounts get 30; first to 100 wins), accounts 60 40"}, []string{"Von dreißig"})
	_, out, _ = call(t, "", "--lang", "de", "advise", "dreissig-tot", "--option", "hundert=true", "--accounts", "60,40")
	contains(t, "de", out, []string{"Dreißig tot, Von dreißig auf hundert (bei 0 oder darunter bekommen beide Konten 30; wer zuerst 100 hat, gewinnt), Konten 60 40"}, nil)
	_, _, errs = call(t, "", "--lang", "en", "advise", "dreissig-tot", "--option", "hundert=true", "--accounts", "30,30,30")
	contains(t, "en error", errs, []string{`"thirty to a hundred" (hundert: at 0 or below both accounts get 30; first to 100 wins) is for exactly two players, not 3`}, []string{"Von dreißig"})
}

// review of five players counts pips: "pips" (not "banked", a true minus
// in it: "-48" before), the costliest decisions what they threw away,
// never negative (the table's loss 38.89 beside "−19.44"), the keeps as
// the game writes dice ("6 5 4", not "456").
func TestReviewDreissigPipsWords(t *testing.T) {
	path := writeFile(t, "five.json", dreissigFiveRecord)
	for _, c := range []struct {
		lang      string
		want, not []string
	}{
		{"en", []string{"turn values  pips", "−48", "Pips (taken from the Vordermann minus lost, per turn) = turn values + luck − loss, all in pips.",
			"The costliest decisions in pips:", "set aside 6 5 4 instead of 6", "19.44 thrown away"}, []string{"banked", "-48", "−19.44", "456"}},
		{"de", []string{"Zugwerte  Augen", "−48", "Augen (dem Vordermann genommene minus verlorene, je Zug) = Zugwerte + Glück − Verlust, alles in Augen.",
			"6 5 4 zur Seite statt 6", "19,44 verschenkt"}, []string{"geschrieben", "Geschrieben", "-48", "−19,44", "456"}},
	} {
		code, out, errs := call(t, "", "--lang", c.lang, "review", path)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		contains(t, "review --lang "+c.lang, out, c.want, c.not)
	}
}

// review says who shares a win and what the 50 is.
func TestReviewDreissigSharedWinSaid(t *testing.T) {
	dreissigCache(t)
	path := writeFile(t, "shared.json", dreissigSharedRecord)
	for _, c := range []struct{ lang, want string }{
		{"en", "Anna, Cem: a shared win, 50.00 each."},
		{"de", "Anna, Cem: ein geteilter Sieg, je 50,00."},
	} {
		code, out, errs := call(t, "", "--lang", c.lang, "review", path)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		contains(t, "review --lang "+c.lang, out, []string{c.want}, nil)
	}
}

// judge (and games show, which prints the same table) counts a
// Dreißig-tot turn in pips, and the attack takes pips.
func TestJudgeDreissigPips(t *testing.T) {
	path := writeFile(t, "five.json", dreissigFiveRecord)
	for _, c := range []struct {
		lang      string
		want, not []string
	}{
		{"en", []string{"#  player  pips", "turn 1: Anna takes 3 pips from Ede"}, []string{"points"}},
		{"de", []string{"#  Spieler  Augen", "Zug 1: Anna nimmt Ede 3 Augen ab"}, []string{"Punkte"}},
	} {
		_, out, _ := call(t, "", "--lang", c.lang, "judge", path)
		contains(t, "judge --lang "+c.lang, out, c.want, c.not)
	}
}
