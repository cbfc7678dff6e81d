package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The command line says what the score pad says: a Rückwärts bust takes the
// points "als Minuspunkte" (judge said "wirft nichts … als Minus"), a void
// throw is a "Fehlversuch" (games undo said "ungültiger Wurf").
func TestCLIWordsAsTheApp(t *testing.T) {
	rw := `{"game":"zehntausend-rueckwaerts","players":["A","B"],"turns":[` +
		`{"player":"A","throws":[{"roll":[1,2,3,4,6],"keep":[1]}]},` +
		`{"player":"B","throws":[{"roll":[5,5,2,3]}]},` +
		`{"player":"A","throws":[{"roll":[2,3]}]}]}`
	code, out, errs := call(t, rw, "--lang", "de", "judge")
	if code != 0 || !strings.Contains(out, "A: Fehlwurf, bekommt die 200 ausliegenden Punkte als Minuspunkte") || strings.Contains(out, "wirft nichts") {
		t.Errorf("judge Rückwärts: %d %q %q", code, out, errs)
	}

	db := filepath.Join(t.TempDir(), "w.db")
	hb := `{"id":"5e0c2a4e-8c1b-4d6a-9f3e-0a1b2c3d4e51","started":"2024-12-24T19:00:00Z","game":"zehntausend","options":{"hausbau":true},"players":["Anna","Ben"],"turns":[` +
		`{"player":"Anna","throws":[{"void":true}]}]}`
	if code, out, errs := wb(t, db, "import", writeFile(t, "hb.json", "["+hb+"]")); code != 0 {
		t.Fatalf("import: %d %q %q", code, out, errs)
	}
	code, out, errs = wb(t, db, "--lang", "de", "games", "undo", "5e0c2a4e")
	if code != 0 || !strings.Contains(out, "Zurückgenommen: Fehlversuch") {
		t.Errorf("games undo of a void throw: %d %q %q", code, out, errs)
	}
	code, out, _ = call(t, "", "--lang", "de", "advise", "--help")
	if strings.Contains(out, "ungültiger Wurf") || !strings.Contains(out, "Fehlversuch") {
		t.Errorf("advise --help: %d %q", code, out)
	}
}

// Every command the usage lists is in the README's command table, and
// check --help says what it checks (it printed "Usage: wuerfelblock check"
// and nothing else; the README did not name the command).
func TestEveryCommandDocumented(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, usage, _ := call(t, "", "--lang", "en", "--help")
	_, cmds, _ := strings.Cut(usage, "Commands:\n")
	cmds, _, _ = strings.Cut(cmds, "\n\n")
	n := 0
	for _, line := range strings.Split(cmds, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		n++
		found := false
		for _, row := range strings.Split(string(readme), "\n") {
			if strings.HasPrefix(row, "| `wuerfelblock") &&
				(strings.Contains(row, "`wuerfelblock "+f[0]) || strings.Contains(row, "`"+f[0]+" ")) {
				found = true
			}
		}
		if !found {
			t.Errorf("README's command table lacks %q", f[0])
		}
	}
	if n < 10 {
		t.Fatalf("only %d commands found in the usage:\n%s", n, usage)
	}
	for _, c := range []struct{ lang, want string }{{"en", "every game"}, {"de", "jedes Spiel"}} {
		code, out, _ := call(t, "", "--lang", c.lang, "check", "--help")
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("check --help (%s): %d %q", c.lang, code, out)
		}
	}
}

// Without a usable terminal the score pad says why in the user's language
// (it printed tcell's English error alone).
func TestAppWithoutTerminal(t *testing.T) {
	t.Setenv("TERM", "wuerfelblock-no-such-terminal")
	db := filepath.Join(t.TempDir(), "w.db")
	code, _, errs := wb(t, db, "--lang", "de")
	if code != exitFailure || !strings.Contains(errs, "braucht ein Terminal") {
		t.Errorf("de: %d %q", code, errs)
	}
	code, _, errs = wb(t, db, "--lang", "en")
	if code != exitFailure || !strings.Contains(errs, "needs a terminal") {
		t.Errorf("en: %d %q", code, errs)
	}
}
