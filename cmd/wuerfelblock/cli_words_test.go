package main

import (
	"encoding/csv"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// twoGames is a database with two stored games whose ids share "5e0c".
func twoGames(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "w.db")
	rec := func(id string) string {
		return `{"id":"` + id + `","started":"2024-12-24T19:00:00Z","game":"5050","players":["Anna","Ben"],"turns":[` +
			`{"player":"Anna","throws":[{"roll":[1,1,1,5,2,3],"keep":[1,1,1,5]}],"stop":true}]}`
	}
	f := writeFile(t, "two.json", "["+rec("5e0c2a4e-8c1b-4d6a-9f3e-0a1b2c3d4e51")+","+rec("5e0c3b5f-8c1b-4d6a-9f3e-0a1b2c3d4e52")+"]")
	if code, out, errs := wb(t, db, "import", f); code != 0 {
		t.Fatalf("import: %d %q %q", code, out, errs)
	}
	return db
}

// review ARG that is no file and no path is a game id, said as games says
// it: "zzzz" is no id, "d" too short, "5e0c" fits two games, "abcd" none.
// It said "die Datei zzzz gibt es nicht" for all of them.
func TestReviewIDWordsAsGames(t *testing.T) {
	db := twoGames(t)
	for _, lang := range []string{"en", "de"} {
		for _, arg := range []string{"zzzz", "d", "5e0c", "abcd"} {
			gc, _, gerr := wb(t, db, "--lang", lang, "games", "show", arg)
			rc, _, rerr := wb(t, db, "--lang", lang, "review", arg)
			want := strings.TrimPrefix(gerr, "wuerfelblock games: ")
			if rc != gc || strings.TrimPrefix(rerr, "wuerfelblock review: ") != want || strings.Contains(rerr, "Datei") || strings.Contains(rerr, "file") {
				t.Errorf("%s review %s: %d %q; games show says %d %q", lang, arg, rc, rerr, gc, gerr)
			}
		}
		// A path is still a file.
		code, _, errs := wb(t, db, "--lang", lang, "review", "nope.json")
		if code != exitInput || !strings.Contains(errs, "nope.json") || !strings.Contains(errs, map[string]string{"en": "no file", "de": "Datei"}[lang]) {
			t.Errorf("%s review nope.json: %d %q", lang, code, errs)
		}
	}
}

// odds GAME DICE says odds takes no dice (it said "give one game of the
// Zehntausend family, e.g. odds 5050" to one who gave one), and odds
// dreissig-tot points to its coach as odds kniffel does.
func TestOddsWords(t *testing.T) {
	for _, c := range []struct {
		lang string
		args []string
		want []string
		not  string
	}{
		{"en", []string{"odds", "5050", "111"}, []string{"odds takes no dice", "score 5050 DICE", "advise 5050 DICE"}, "give one game"},
		{"de", []string{"odds", "5050", "111"}, []string{"odds nimmt keine Würfel", "score 5050 WÜRFEL", "advise 5050 WÜRFEL"}, "angeben"},
		{"en", []string{"odds", "dreissig-tot"}, []string{"Zehntausend family", "'wuerfelblock advise dreissig-tot'"}, "\x00"},
		{"de", []string{"odds", "dreissig-tot"}, []string{"Zehntausend-Familie", "'wuerfelblock advise dreissig-tot'"}, "\x00"},
		{"en", []string{"odds", "kniffel"}, []string{"'wuerfelblock advise kniffel'"}, "\x00"},
	} {
		code, out, errs := call(t, "", append([]string{"--lang", c.lang}, c.args...)...)
		ok := code == exitInput && out == "" && !strings.Contains(errs, c.not)
		for _, w := range c.want {
			ok = ok && strings.Contains(errs, w)
		}
		if !ok {
			t.Errorf("%s %v: %d %q %q", c.lang, c.args, code, out, errs)
		}
	}
}

// immutableDir is a directory nobody may write to, root included (chattr
// +i); the test is skipped where chattr is refused.
func immutableDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("chattr", "+i", dir).CombinedOutput(); err != nil {
		t.Skipf("chattr +i: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", dir).Run() })
	return dir
}

// The operating system's reasons inside a German message are German:
// judge on a directory said "… lassen sich nicht lesen: read /tmp: is a
// directory", --db and sync in an immutable directory "…: operation not
// permitted".
func TestOSErrorsInGerman(t *testing.T) {
	dir := t.TempDir()
	english := []string{"is a directory", "operation not permitted", "permission denied", "read " + dir}
	check := func(what string, code int, errs string, want string) {
		t.Helper()
		bad := code == exitOK || !strings.Contains(errs, want)
		for _, en := range english {
			bad = bad || strings.Contains(errs, en)
		}
		if bad {
			t.Errorf("%s: %d %q", what, code, errs)
		}
	}
	code, _, errs := call(t, "", "--lang", "de", "judge", dir)
	check("judge DIR", code, errs, dir+": ist ein Verzeichnis")
	if code, _, errs := call(t, "", "--lang", "en", "judge", dir); !strings.Contains(errs, "is a directory") {
		t.Errorf("judge DIR in English: %d %q", code, errs)
	}
	code, _, errs = call(t, "", "--lang", "de", "review", dir)
	check("review DIR", code, errs, "ist ein Verzeichnis")

	ro := immutableDir(t)
	code, _, errs = wb(t, filepath.Join(ro, "new.db"), "--lang", "de", "games")
	check("--db in an immutable directory", code, errs, "nicht erlaubt")
	code, _, errs = wb(t, filepath.Join(t.TempDir(), "w.db"), "--lang", "de", "sync", ro)
	check("sync into an immutable directory", code, errs, "nicht erlaubt")
}

// Every command that takes a fixed number of arguments refuses more, with
// exit status 2 and a line on stderr (rules 5050 extra printed the rules
// and exited 0; help games extra printed the usage).
func TestExtraArguments(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	for _, args := range [][]string{
		{"rules", "5050", "extra"},
		{"help", "games", "extra"},
		{"help", "nope"},
		{"odds", "5050", "6"},
		{"judge", "a.json", "b.json"},
		{"review", "a.json", "b.json"},
		{"import", "a.json", "b.json"},
		{"export", "a.json", "b.json"},
		{"backup", "a.db", "b.db"},
		{"restore", "a.db", "b.db"},
		{"check", "extra"},
		{"stats", "extra"},
		{"sync", "a", "b"},
		{"games", "show", "5e0c", "extra"},
		{"players", "add", "Anna", "Ben"},
		{"players", "delete", "Anna", "Ben"},
		{"players", "rename", "Anna", "Ben", "Cem"},
		{"generate", "--games", "1", "extra"},
	} {
		for _, lang := range []string{"en", "de"} {
			code, out, errs := wb(t, db, append([]string{"--lang", lang}, args...)...)
			if code != exitInput || out != "" || !strings.HasPrefix(errs, "wuerfelblock ") || strings.Count(errs, "\n") != 1 {
				t.Errorf("%s %v: %d %q %q", lang, args, code, out, errs)
			}
		}
	}
	code, _, errs := call(t, "", "--lang", "de", "rules", "5050", "extra")
	if !strings.Contains(errs, `nicht auch "extra"`) {
		t.Errorf("rules 5050 extra: %d %q", code, errs)
	}
	code, out, _ := call(t, "", "--lang", "en", "help", "rules")
	if code != exitOK || !strings.Contains(out, "Usage: wuerfelblock rules") {
		t.Errorf("help rules: %d %q", code, out)
	}
}

// A program option after the command ("games --db X") is refused with
// where it goes: before the command.
func TestGlobalOptionAfterCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--lang", "de", "games", "--db", "X"}, "stehen vor dem Befehl: wuerfelblock --db X games"},
		{[]string{"--lang", "en", "stats", "--lang=de"}, `unknown option "--lang=de"; the program's options (--db, --lang, --no-backup) go before the command: wuerfelblock --lang=de stats`},
		{[]string{"--lang", "en", "players", "--no-backup"}, "go before the command: wuerfelblock --no-backup players"},
	} {
		code, _, errs := call(t, "", c.args...)
		if code != exitInput || !strings.Contains(errs, c.want) {
			t.Errorf("%v: %d %q", c.args, code, errs)
		}
	}
	// An option no level knows gets no such hint.
	if _, _, errs := call(t, "", "--lang", "en", "games", "--bogus"); strings.Contains(errs, "before the command") {
		t.Errorf("games --bogus: %q", errs)
	}
}

// import of an SQLite file (a backup) points to restore (it said "not a
// JSON array of game records"); judge and review of text that is no JSON
// say what they read (they said the same words, which speak of a list).
func TestRecordInputWords(t *testing.T) {
	db := twoGames(t)
	backup := filepath.Join(t.TempDir(), "backup.db")
	if code, _, errs := wb(t, db, "backup", backup); code != 0 {
		t.Fatalf("backup: %d %q", code, errs)
	}
	notJSON := writeFile(t, "notes.txt", "not json\n")
	for _, c := range []struct {
		lang string
		args []string
		want []string
	}{
		{"en", []string{"import", backup}, []string{"is an SQLite database", "'wuerfelblock restore " + backup + "'"}},
		{"de", []string{"import", backup}, []string{"ist eine SQLite-Datenbank", "'wuerfelblock restore " + backup + "'"}},
		{"en", []string{"judge", backup}, []string{"is an SQLite database", "restore", "export"}},
		{"de", []string{"review", backup}, []string{"ist eine SQLite-Datenbank", "restore", "export"}},
		{"en", []string{"judge", notJSON}, []string{"is not JSON: judge reads a game record (a JSON object"}},
		{"de", []string{"judge", notJSON}, []string{"ist kein JSON: judge liest einen Spielbericht (ein JSON-Objekt"}},
		{"en", []string{"review", notJSON}, []string{"is not JSON: review reads a game record"}},
		{"de", []string{"review", notJSON}, []string{"ist kein JSON: review liest einen Spielbericht"}},
		{"en", []string{"import", notJSON}, []string{"is not JSON: import reads an export"}},
		{"de", []string{"import", notJSON}, []string{"ist kein JSON: import liest einen Export"}},
	} {
		code, out, errs := wb(t, db, append([]string{"--lang", c.lang}, c.args...)...)
		ok := code == exitInput && out == "" && !strings.Contains(errs, "JSON array") && !strings.Contains(errs, "JSON-Liste von Spielberichten\n")
		for _, w := range c.want {
			ok = ok && strings.Contains(errs, w)
		}
		if !ok {
			t.Errorf("%s %v: %d %q %q", c.lang, c.args, code, out, errs)
		}
	}
	// Standard input too; a record still is judged.
	var out, errb strings.Builder
	if code := run([]string{"--lang", "en", "judge"}, strings.NewReader("  not json"), &out, &errb); code != exitInput || !strings.Contains(errb.String(), "the standard input is not JSON") {
		t.Errorf("judge < not json: %d %q", code, errb.String())
	}
	if code, _, errs := call(t, ` {"game":"5050","players":["A"],"turns":[]}`, "judge"); code != 0 {
		t.Errorf("judge of a record after a space: %d %q", code, errs)
	}
}

// stats --csv says which row is all house rules together ("all"; it was
// "" beside "{}", the default rules' set), and the head-to-head's row of
// all games is "all" too; a player who does not exist is bad input (2),
// as the other bad options of stats are (it was 1).
func TestStatsCSVAllAndUnknownPlayer(t *testing.T) {
	db := knownDB(t)
	code, out, _ := call(t, "", "--db", db, "stats", "--csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(rows) < 2 {
		t.Fatalf("%d %v\n%s", code, err, out)
	}
	all := 0
	for _, r := range rows[1:] {
		switch {
		case r[2] == "all":
			all++
		case !strings.HasPrefix(r[2], "{"):
			t.Errorf("options %q: neither all nor a house-rule set", r[2])
		}
	}
	if all == 0 || all*3 != len(rows)-1 {
		t.Errorf("%d rows of all house rules:\n%s", all, out)
	}
	code, out, _ = call(t, "", "--db", db, "stats", "--csv", "--player", "Anna", "--vs", "Ben")
	if code != 0 || !strings.Contains(out, "\nAnna,Ben,all,") {
		t.Errorf("head-to-head csv: %d\n%s", code, out)
	}
	for _, lang := range []string{"en", "de"} {
		for _, args := range [][]string{{"stats", "--player", "Zoe"}, {"stats", "--player", "Anna", "--vs", "Zoe"}, {"stats", "--csv", "--player", "Zoe"}} {
			code, out, errs := call(t, "", append([]string{"--db", db, "--lang", lang}, args...)...)
			if code != exitInput || out != "" || !strings.Contains(errs, `"Zoe"`) || !strings.Contains(errs, "'wuerfelblock players'") {
				t.Errorf("%s %v: %d %q %q", lang, args, code, out, errs)
			}
		}
	}
}

// A negative total is written with a true minus in the text of games,
// judge and stats ("Anna −18", as the app and review write it; it was
// "Anna -18"); JSON and CSV keep the hyphen-minus, for programs.
func TestTrueMinusInText(t *testing.T) {
	rec := `{"id":"0b6f1c2d-8c1b-4d6a-9f3e-0a1b2c3d4e53","started":"2024-12-24T19:00:00Z","game":"dreissig-tot","players":["Anna","Ben"],"turns":[` +
		`{"player":"Anna","throws":[{"roll":[1,1,1,1,1,1],"keep":[1,1,1,1,1,1]}]},` +
		`{"player":"Ben","throws":[{"roll":[5,5,5,5,5,5],"keep":[5,5,5,5,5,5]}]},` +
		`{"player":"Anna","throws":[{"roll":[1,1,1,1,1,1],"keep":[1,1,1,1,1,1]}]}]}`
	db := filepath.Join(t.TempDir(), "w.db")
	if code, out, errs := wb(t, db, "import", writeFile(t, "neg.json", "["+rec+"]")); code != 0 {
		t.Fatalf("import: %d %q %q", code, out, errs)
	}
	for _, lang := range []string{"en", "de"} {
		for _, args := range [][]string{
			{"games"}, {"games", "show", "0b6f"}, {"judge", writeFile(t, "r.json", rec)},
			{"stats"}, {"stats", "--player", "Anna"}, {"stats", "--player", "Anna", "--game", "dreissig-tot"},
		} {
			code, out, errs := wb(t, db, append([]string{"--lang", lang}, args...)...)
			if code != 0 || !strings.Contains(out, "−18") || strings.Contains(out, "-18") {
				t.Errorf("%s %v: %d %q\n%s", lang, args, code, errs, out)
			}
		}
	}
	for _, args := range [][]string{{"games", "--json"}, {"stats", "--json"}, {"stats", "--csv"}, {"judge", "--json", writeFile(t, "r.json", rec)}} {
		code, out, _ := wb(t, db, args...)
		if code != 0 || !strings.Contains(out, "-18") || strings.Contains(out, "−") {
			t.Errorf("%v: %d\n%s", args, code, out)
		}
	}
}
