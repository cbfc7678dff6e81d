package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/internal/examples"
)

// call runs the command in-process.
func call(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestJudgeExamples(t *testing.T) {
	all, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range all {
		f := ex.Name
		code, out, errs := call(t, string(ex.Record), "--lang", "en", "judge", "--json")
		want := 0
		if !ex.Verdict.Valid {
			want = 1
		}
		if code != want || errs != "" {
			t.Errorf("%s: exit %d (stderr %q), want %d", filepath.Base(f), code, errs, want)
		}
		var v struct {
			Valid  bool           `json:"valid"`
			Totals map[string]int `json:"totals"`
		}
		if err := json.Unmarshal([]byte(out), &v); err != nil || v.Valid != ex.Verdict.Valid || len(v.Totals) != len(ex.Verdict.Totals) {
			t.Errorf("%s: output %s (%v)", filepath.Base(f), out, err)
		}
		// The text form for people has the same exit status.
		tcode, tout, _ := call(t, string(ex.Record), "--lang", "de", "judge")
		if tcode != want || !strings.Contains(tout, "Spieler") {
			t.Errorf("%s: text judge exit %d:\n%s", filepath.Base(f), tcode, tout)
		}
	}
}

func TestJudgeNotARecord(t *testing.T) {
	for _, c := range []struct{ name, in, mention string }{
		{"not JSON", `{"game":`, "JSON"},
		{"unknown field", `{"game":"5050","options":{},"players":["A"],"turns":[],"extra":1}`, "extra"},
		{"unknown game", `{"game":"yahtzee","options":{},"players":["A"],"turns":[]}`, "yahtzee"},
		{"unknown option", `{"game":"5050","options":{"joker":true},"players":["A"],"turns":[]}`, "joker"},
		{"bad option value", `{"game":"zehntausend","options":{"strasse":900,"wuerfel":6},"players":["A"],"turns":[]}`, "strasse"},
		{"contradicting options", `{"game":"zehntausend","options":{"minus":true,"nix":true},"players":["A"],"turns":[]}`, "nix"},
		{"street with 5 dice", `{"game":"zehntausend","options":{"strasse":1000},"players":["A"],"turns":[]}`, "6 dice"},
		{"pip 7", `{"game":"5050","options":{},"players":["A"],"turns":[{"player":"A","throws":[{"roll":[7,1,1,1,1,1]}]}]}`, "7"},
		{"pip 1.5", `{"game":"5050","options":{},"players":["A"],"turns":[{"player":"A","throws":[{"roll":[1.5]}]}]}`, "roll"},
		{"duplicate players", `{"game":"5050","options":{},"players":["A","A"],"turns":[]}`, "twice"},
		{"empty player", `{"game":"5050","options":{},"players":[""],"turns":[]}`, "empty"},
		{"no players", `{"game":"5050","options":{},"players":[],"turns":[]}`, "player"},
		{"missing turns", `{"game":"5050","options":{},"players":["A"]}`, "turns"},
		{"hundert with three", `{"game":"dreissig-tot","options":{"hundert":true},"players":["A","B","C"],"turns":[]}`, "two players"},
		{"killer 7", `{"game":"totwuerfeln","options":{"killer":[7]},"players":["A"],"turns":[]}`, "killer"},
		{"three killers", `{"game":"totwuerfeln","options":{"killer":[1,2,3]},"players":["A"],"turns":[]}`, "killer"},
		{"trailing data", `{"game":"5050","options":{},"players":["A"],"turns":[]} {}`, "more data"},
	} {
		code, out, errs := call(t, c.in, "--lang", "en", "judge", "--json")
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.mention) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2, nothing, one line naming %q", c.name, code, out, errs, c.mention)
		}
	}
}

func TestJudgeRuleBroken(t *testing.T) {
	rec := `{"game":"5050","options":{},"players":["A","B"],"turns":[{"player":"A","throws":[{"roll":[1,1,1,5,2],"keep":[1]}]}]}`
	code, out, _ := call(t, rec, "--lang", "en", "judge")
	if code != 1 || !strings.Contains(out, "wrong number of dice: 6 to throw now") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, out, _ = call(t, rec, "--lang", "de", "judge")
	if code != 1 || !strings.Contains(out, "falsche Zahl von Würfeln: jetzt 6 zu werfen") {
		t.Errorf("German: exit %d:\n%s", code, out)
	}
}

func TestScore(t *testing.T) {
	code, out, _ := call(t, "", "--lang", "en", "score", "--json", "5050", "111523")
	var sf struct {
		Best  int `json:"best"`
		Keeps []struct {
			Keep   []int `json:"keep"`
			Points int   `json:"points"`
		} `json:"keeps"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &sf) != nil || sf.Best != 1050 || len(sf.Keeps) != 7 {
		t.Fatalf("score 5050 111523: exit %d %s", code, out)
	}
	code, out, _ = call(t, "", "--lang", "en", "score", "5050", "1", "1", "1", "5", "2", "3")
	if code != 0 || !strings.Contains(out, "1 1 1 5") || !strings.Contains(out, "1050") {
		t.Errorf("text score: %d\n%s", code, out)
	}
	code, out, _ = call(t, "", "score", "--json", "5050", "223466")
	if code != 0 || !strings.Contains(out, `"best":0`) || !strings.Contains(out, `"keeps":[]`) {
		t.Errorf("bust: %d %s", code, out)
	}
	code, out, _ = call(t, "", "score", "--json", "zehntausend", "--option", "fuenfer_drehen=true", "55234")
	if code != 0 || !strings.Contains(out, `"fives_as_ones":1`) {
		t.Errorf("fives as ones: %d %s", code, out)
	}
	code, out, _ = call(t, "", "score", "--json", "kniffel", "66655")
	if code != 0 || !strings.Contains(out, `"full-house":25`) || !strings.Contains(out, `"chance":28`) {
		t.Errorf("kniffel: %d %s", code, out)
	}
	for _, args := range [][]string{
		{"score", "kniffel", "6665"},
		{"score", "5050", "1111111"},
		{"score", "5000", "111111"},
		{"score", "5050", "11a"},
		{"score", "5050", "117"},
		{"score", "yahtzee", "11"},
		{"score", "zehntausend", "--option", "strasse=1000", "123456"},
		{"score", "5050"},
	} {
		code, out, errs := call(t, "", args...)
		if code != 2 || out != "" || errs == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

func TestRulesAndHelp(t *testing.T) {
	code, out, _ := call(t, "", "--lang", "de", "rules", "5000")
	if code != 0 || !strings.Contains(out, "Einstieg") {
		t.Errorf("rules 5000 de: %d\n%s", code, out)
	}
	code, out, _ = call(t, "", "--lang", "en", "rules", "zehntausend")
	for _, id := range []string{"verdoppeln", "strasse", "drei_paare", "pyramide", "fuenfer_drehen", "bestaetigen", "verschaerft", "minus", "nix", "ergaenzen", "steigerung", "hausbau", "beweisen", "ziel"} {
		if !strings.Contains(out, id) {
			t.Errorf("rules zehntausend does not explain %s", id)
		}
	}
	if code != 0 {
		t.Errorf("rules exit %d", code)
	}
	if code, _, errs := call(t, "", "rules", "yahtzee"); code != 2 || errs == "" {
		t.Errorf("unknown game: %d", code)
	}
	for _, args := range [][]string{{"--help"}, {"judge", "--help"}, {"score", "--help"}, {"rules", "--help"}} {
		code, out, _ := call(t, "", args...)
		if code != 0 || !strings.Contains(out, "wuerfelblock") {
			t.Errorf("%v: exit %d\n%s", args, code, out)
		}
	}
	if code, _, _ := call(t, "", "frobnicate"); code != 2 {
		t.Errorf("unknown command exit %d", code)
	}
}

func TestOdds(t *testing.T) {
	code, out, _ := call(t, "", "odds", "--json", "5050")
	var rows []struct {
		Dice       int     `json:"dice"`
		BustChance float64 `json:"bust_chance"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 6 || rows[1].BustChance != 16.0/36 {
		t.Errorf("odds 5050: %d %s", code, out)
	}
	if code, _, _ := call(t, "", "odds", "kniffel"); code != 2 {
		t.Errorf("odds kniffel exit %d, want 2", code)
	}
}

// Percentages are written as each language writes them, and one die is one die.
func TestOddsText(t *testing.T) {
	_, de, _ := call(t, "", "--lang", "de", "odds", "5050")
	if !strings.Contains(de, "1 Würfel      66,7 %             25") || strings.Contains(de, "66.7") {
		t.Errorf("odds in German:\n%s", de)
	}
	_, en, _ := call(t, "", "--lang", "en", "odds", "5050")
	if !strings.Contains(en, "1 die         66.7 %             25") || !strings.Contains(en, "2 dice        44.4 %             50") {
		t.Errorf("odds in English:\n%s", en)
	}
}

func TestScoreTotSingular(t *testing.T) {
	_, out, _ := call(t, "", "--lang", "de", "score", "totwuerfeln", "12345")
	if !strings.Contains(out, "10 Punkte; 1 Würfel scheidet aus, 4 leben noch") {
		t.Errorf("score totwuerfeln: %q", out)
	}
	_, out, _ = call(t, "", "--lang", "en", "score", "totwuerfeln", "55")
	if !strings.Contains(out, "0 points; 2 dice out, 0 still alive") {
		t.Errorf("score totwuerfeln: %q", out)
	}
}

func TestAppRefusesDamagedDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.db")
	if err := os.WriteFile(path, []byte("not a database at all, just text"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := call(t, "", "--lang", "en", "--db", path)
	if code != 3 || out != "" || !strings.HasPrefix(errs, "wuerfelblock: ") || !strings.Contains(errs, "untouched") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if data, _ := os.ReadFile(path); string(data) != "not a database at all, just text" {
		t.Error("the damaged file was changed")
	}
}

// A Dreißig-tot sum of six dice says what it means for the turn.
func TestScoreDreissigMeaning(t *testing.T) {
	for _, c := range []struct{ dice, want string }{
		{"666666", "36 Augen: über 30, Angriff auf den Vordermann mit Zielzahl 6"},
		{"555555", "30 Augen: genau 30, nichts passiert"},
		{"111234", "12 Augen: unter 30, 18 vom eigenen Konto"},
		{"66", "12 Augen\n"},
	} {
		if _, out, _ := call(t, "", "--lang", "de", "score", "dreissig-tot", c.dice); !strings.Contains(out, c.want) {
			t.Errorf("score dreissig-tot %s: %q, want %q", c.dice, out, c.want)
		}
	}
}

// A wrong --lang is refused in the language of the environment.
func TestBadLangInEnvironmentLanguage(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "de_DE.UTF-8")
	code, _, stderr := call(t, "", "--lang", "fr", "rules")
	if code != exitInput || !strings.Contains(stderr, `--lang nimmt de oder en, nicht "fr"`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// A mistyped option is named in the user's language, on one line, and
// nothing goes to standard output (the usage went there with status 2).
func TestUnknownOptionLocalized(t *testing.T) {
	code, stdout, stderr := call(t, "", "--lang", "de", "score", "--jsn", "5050", "111523")
	if code != exitInput || stdout != "" || stderr != "wuerfelblock score: unbekannte Option \"--jsn\" (wuerfelblock score --help nennt die Optionen)\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, stderr = call(t, "", "--lang", "en", "odds", "--option")
	if code != exitInput || stdout != "" || stderr != "wuerfelblock odds: option \"--option\" needs a value\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, _ = call(t, "", "--lang", "en", "games", "--limit", "x")
	if code != exitInput || stdout != "" {
		t.Errorf("a bad value: exit %d, stdout %q", code, stdout)
	}
	if code, stdout, _ = call(t, "", "--lang", "en", "score", "--help"); code != exitOK || !strings.HasPrefix(stdout, "Usage: wuerfelblock score") {
		t.Errorf("--help: exit %d, stdout %q", code, stdout)
	}
	t.Setenv("LC_ALL", "de_DE.UTF-8")
	if code, _, stderr = call(t, "", "--sprache", "de", "rules"); code != exitInput || !strings.HasPrefix(stderr, "wuerfelblock: unbekannte Option \"--sprache\"\n") {
		t.Errorf("global option: exit %d, stderr %q", code, stderr)
	}
}

// Files that cannot be read or written are named as the user gave them,
// with the reason in the user's language.
func TestFileProblemsLocalized(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "fehlt.json")
	_, _, stderr := call(t, "", "--lang", "de", "judge", missing)
	if stderr != "wuerfelblock judge: die Datei "+missing+" gibt es nicht\n" {
		t.Errorf("judge: %q", stderr)
	}
	db := filepath.Join(dir, "w.db")
	_, _, stderr = call(t, "", "--lang", "de", "--db", db, "import", missing)
	if stderr != "wuerfelblock import: die Datei "+missing+" gibt es nicht\n" {
		t.Errorf("import: %q", stderr)
	}
	out := filepath.Join(dir, "nein", "x.json")
	_, _, stderr = call(t, "", "--lang", "de", "--db", db, "export", "--all", out)
	if stderr != "wuerfelblock export: "+out+" lässt sich nicht schreiben: das Verzeichnis "+filepath.Dir(out)+" gibt es nicht (nichts geschrieben; erst anlegen)\n" {
		t.Errorf("export: %q", stderr)
	}
}

func TestJudgeNotARecordInGerman(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"game":"5050","options":{},"players":["A"],"turns":[],"x":1}`, `kein Spielbericht: unbekanntes Feld "x"`},
		{`{"game":"5050","options":{},"players":["A"]}`, `das Feld "turns" fehlt`},
		{`{"game":"5050","options":{},"players":[""],"turns":[]}`, "er ist leer"},
		{`{"game":"zehntausend","options":{"ziel":75},"players":["A"],"turns":[]}`, "Vielfaches von 50"},
	} {
		code, _, errs := call(t, c.in, "--lang", "de", "judge")
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, %q; want 2 and %q", c.in, code, errs, c.want)
		}
	}
}

// odds points to advise, which gives the exact best choice: for Kniffel
// (odds has none) the hold and box, for the family games the whole turn
// under the same house rules; Rückwärts has nothing to advise.
func TestOddsPointsToAdvise(t *testing.T) {
	for _, lang := range []string{"en", "de"} {
		code, _, errs := call(t, "", "--lang", lang, "odds", "kniffel")
		if code != exitInput || !strings.Contains(errs, "'wuerfelblock advise kniffel'") {
			t.Errorf("%s: odds kniffel: exit %d, stderr %q", lang, code, errs)
		}
		if _, out, _ := call(t, "", "--lang", lang, "odds", "--help"); !strings.Contains(out, "'wuerfelblock advise kniffel'") {
			t.Errorf("%s: odds --help:\n%s", lang, out)
		}
		if _, out, _ := call(t, "", "--lang", lang, "odds", "5050"); !strings.HasSuffix(out, ": wuerfelblock advise 5050\n") {
			t.Errorf("%s: odds 5050:\n%s", lang, out)
		}
		if _, out, _ := call(t, "", "--lang", lang, "odds", "zehntausend", "--option", "wuerfel=6"); !strings.HasSuffix(out, ": wuerfelblock advise zehntausend --option wuerfel=6\n") {
			t.Errorf("%s: odds zehntausend --option wuerfel=6:\n%s", lang, out)
		}
		if _, out, _ := call(t, "", "--lang", lang, "odds", "zehntausend-rueckwaerts"); strings.Contains(out, "advise") {
			t.Errorf("%s: odds zehntausend-rueckwaerts points to advise, which has no coach for it:\n%s", lang, out)
		}
	}
}
