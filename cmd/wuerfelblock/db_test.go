package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wb runs the command in-process on the database at db.
func wb(t *testing.T, db string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"--db", db}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func writeFile(t *testing.T, name, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestPlayersCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	if code, out, _ := wb(t, db, "players"); code != 0 || !strings.Contains(out, "No players") {
		t.Fatalf("empty list: %d %q", code, out)
	}
	if code, out, errs := wb(t, db, "players", "add", "Anna"); code != 0 || !strings.Contains(out, "Anna") {
		t.Fatalf("add: %d %q %q", code, out, errs)
	}
	if code, _, errs := wb(t, db, "players", "add", "ANNA"); code != 1 || !strings.Contains(errs, `already a player named "Anna"`) {
		t.Errorf("add a taken name: %d %q", code, errs)
	}
	if code, _, errs := wb(t, db, "--lang", "de", "players", "add", "anna"); code != 1 || !strings.Contains(errs, "gibt schon") {
		t.Errorf("German: %d %q", code, errs)
	}
	if code, out, _ := wb(t, db, "players", "add", "Be\x1b[31mn\x07"); code != 0 || !strings.Contains(out, "Added Ben (the name was cleaned") {
		t.Errorf("escape sequences are cleaned: %d %q", code, out)
	}
	if code, _, errs := wb(t, db, "players", "add", "\x1b[2J\x1b[H"); code != 2 || errs == "" {
		t.Errorf("a name of escape sequences only: %d %q", code, errs)
	}
	if code, _, errs := wb(t, db, "players", "rename", "anna", "Annemarie"); code != 0 {
		t.Errorf("rename: %d %q", code, errs)
	}
	if code, _, errs := wb(t, db, "players", "rename", "Nobody", "X"); code != 1 || !strings.Contains(errs, "no player") {
		t.Errorf("rename a stranger: %d %q", code, errs)
	}
	code, out, _ := wb(t, db, "players", "--json")
	var list []struct {
		Name  string `json:"name"`
		Games int    `json:"games"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list) != 2 || list[0].Name != "Annemarie" || list[1].Name != "Ben" {
		t.Errorf("players --json: %d %s", code, out)
	}
	if code, _, _ := wb(t, db, "players", "frobnicate"); code != 2 {
		t.Errorf("unknown action: exit %d", code)
	}
}

const runningRecord = `{"id":"5e0c2a4e-8c1b-4d6a-9f3e-0a1b2c3d4e5f","started":"2024-12-24T19:00:00Z","game":"5050","options":{},"players":["Anna","Ben"],"turns":[` +
	`{"player":"Anna","throws":[{"roll":[1,1,1,5,2,3],"keep":[1,1,1,5]},{"roll":[4,6],"keep":[]}]},` +
	`{"player":"Ben","throws":[{"roll":[5,5,2,3,4,6],"keep":[5]},{"roll":[1,1,1,3,4],"keep":[1,1,1]}],"stop":true},` +
	`{"player":"Anna","throws":[{"roll":[1,2,2,3,4,6],"keep":[1]}]}]}`

const finishedRecord = `{"id":"7a1d2a4e-8c1b-4d6a-9f3e-0a1b2c3d4e60","started":"2024-12-25T15:00:00Z","ended":"2024-12-25T15:05:00Z","game":"totwuerfeln","options":{"runden":1},"players":["Oma","Ben"],"turns":[` +
	`{"player":"Oma","throws":[{"roll":[6,6,5,1,2]},{"roll":[5,5,5,3]},{"roll":[5]}]},` +
	`{"player":"Ben","throws":[{"roll":[5,5,5,5,5]}]}]}`

const brokenRecord = `{"game":"5050","players":["Anna","Ben"],"turns":[{"player":"Anna","throws":[{"roll":[1,1,1,5,2,3],"keep":[2]}]}]}`

func TestImportExportCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "a.db")
	in := writeFile(t, "in.json", "["+runningRecord+",\n"+finishedRecord+",\n"+brokenRecord+"]")
	code, out, errs := wb(t, db, "import", in)
	if code != 1 || !strings.Contains(out, "2 imported, 0 brought up to date, 0 skipped (already present), 1 refused") {
		t.Fatalf("import: %d %q %q", code, out, errs)
	}
	if !strings.Contains(errs, "record 3, turn 1, throw 1") || strings.Count(errs, "\n") != 1 {
		t.Errorf("the refusal should name record, turn and throw in one line: %q", errs)
	}
	if code, out, _ := wb(t, db, "import", in); code != 1 || !strings.Contains(out, "0 imported, 0 brought up to date, 2 skipped") {
		t.Errorf("second import: %d %q", code, out)
	}

	// export → import into an empty database → export: the same JSON.
	first := filepath.Join(t.TempDir(), "first.json")
	if code, out, errs := wb(t, db, "export", first); code != 0 || !strings.Contains(out, "2 games written") {
		t.Fatalf("export: %d %q %q", code, out, errs)
	}
	db2 := filepath.Join(t.TempDir(), "b.db")
	if code, out, errs := wb(t, db2, "import", first); code != 0 || !strings.Contains(out, "2 imported") {
		t.Fatalf("import the export: %d %q %q", code, out, errs)
	}
	code, second, _ := wb(t, db2, "export")
	want, _ := os.ReadFile(first)
	if code != 0 || second != string(want) {
		t.Fatalf("round trip differs:\n%s\n---\n%s", want, second)
	}
	// One game, by the start of its id.
	code, one, _ := wb(t, db2, "export", "--game", "7a1d2a4e-8c1b-4d6a-9f3e-0a1b2c3d4e60")
	if code != 0 || !strings.Contains(one, `"status":"finished"`) || strings.Contains(one, `"5050"`) {
		t.Errorf("export --game: %d %s", code, one)
	}
	if code, _, errs := wb(t, db2, "export", "--game", "5e0c2a4f"); code != 1 || !strings.Contains(errs, "no game") {
		t.Errorf("an unknown id: %d %q", code, errs)
	}
	if code, _, errs := wb(t, db2, "export", "--game", "x"); code != 2 || !strings.Contains(errs, "not a game id") {
		t.Errorf("not an id: %d %q", code, errs)
	}

	// Not JSON at all: exit 2, one line, nothing on stdout.
	bad := writeFile(t, "bad.json", "Anna 1050, Ben 0")
	if code, out, errs := wb(t, db2, "import", bad); code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
		t.Errorf("not JSON: %d %q %q", code, out, errs)
	}
}

func TestGamesUndoAndResume(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	wb(t, db, "import", writeFile(t, "in.json", "["+runningRecord+","+finishedRecord+"]"))

	code, out, _ := wb(t, db, "games", "--json", "--status", "running")
	var list []struct {
		ID      string   `json:"id"`
		Entries int      `json:"entries"`
		Totals  []int    `json:"totals"`
		Players []string `json:"players"`
		Round   int      `json:"round"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list) != 1 || list[0].Entries != 6 ||
		list[0].Totals[1] != 1050 || list[0].Round != 2 {
		t.Fatalf("games --status running: %d %s", code, out)
	}
	id := list[0].ID
	code, out, _ = wb(t, db, "games")
	if code != 0 || !strings.Contains(out, "5e0c2a4e  5050") || !strings.Contains(out, "Oma 18 *, Ben 0") {
		t.Errorf("games: %s", out)
	}

	// Undo twice: the open throw, then Ben's stop.
	code, out, errs := wb(t, db, "games", "undo", id[:8])
	if code != 0 || !strings.Contains(out, "Undone: throw 1 2 2 3 4 6, kept 1") || !strings.Contains(out, "Next: Anna (round 2)") {
		t.Fatalf("undo: %d %q %q", code, out, errs)
	}
	code, out, _ = wb(t, db, "games", "undo", id)
	if code != 0 || !strings.Contains(out, "Undone: stop") || !strings.Contains(out, "Next: Ben") {
		t.Fatalf("second undo: %d %q", code, out)
	}
	// Resume: a new run loads the game where it stopped.
	code, out, _ = wb(t, db, "games", "show", "--json", id)
	var rec struct {
		Status string `json:"status"`
		Turns  []struct {
			Player string `json:"player"`
			Stop   bool   `json:"stop"`
			Throws []any  `json:"throws"`
		} `json:"turns"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &rec) != nil || rec.Status != "running" || len(rec.Turns) != 2 ||
		rec.Turns[1].Stop || len(rec.Turns[1].Throws) != 2 {
		t.Fatalf("show after two undos: %d %s", code, out)
	}
	for range 4 {
		if code, _, errs := wb(t, db, "games", "undo", id); code != 0 {
			t.Fatalf("undo: %d %q", code, errs)
		}
	}
	if code, _, errs := wb(t, db, "--lang", "de", "games", "undo", id); code != 1 || !strings.Contains(errs, "nichts zurückzunehmen") {
		t.Errorf("nothing left to undo: %d %q", code, errs)
	}

	// Undoing the last entry of a finished game lets it run again.
	fin := "7a1d2a4e-8c1b-4d6a-9f3e-0a1b2c3d4e60"
	if code, out, _ := wb(t, db, "games", "undo", fin); code != 0 || !strings.Contains(out, "running") {
		t.Errorf("undo the end: %d %q", code, out)
	}
	if code, out, _ := wb(t, db, "games", "--status", "finished"); code != 0 || !strings.Contains(out, "No games") {
		t.Errorf("no finished game is left: %q", out)
	}
	if code, out, _ := wb(t, db, "games", "abandon", fin); code != 0 || !strings.Contains(out, "abandoned") {
		t.Errorf("abandon: %d %q", code, out)
	}
	if code, _, _ := wb(t, db, "games", "--status", "paused"); code != 2 {
		t.Errorf("bad status: %d", code)
	}
}

func TestDatabaseProblemsGiveOneClearLine(t *testing.T) {
	path := writeFile(t, "notes.db", "Kniffel-Notizen von Oma\n")
	for lang, want := range map[string]string{"en": "left untouched", "de": "nicht verändert"} {
		code, out, errs := wb(t, path, "--lang", lang, "players")
		if code != 3 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, want) || !strings.Contains(errs, path) {
			t.Errorf("%s: %d %q %q", lang, code, out, errs)
		}
	}
	if b, _ := os.ReadFile(path); string(b) != "Kniffel-Notizen von Oma\n" {
		t.Error("the file was changed")
	}
	blocked := filepath.Join(writeFile(t, "file", "x"), "sub", "w.db")
	if code, _, errs := wb(t, blocked, "games"); code != 3 || !strings.Contains(errs, "cannot create or write") {
		t.Errorf("unwritable place: %d %q", code, errs)
	}
}

func TestDatabasePathFromEnvironment(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("WUERFELBLOCK_DB", filepath.Join(dir, "env.db"))
	var out, errb bytes.Buffer
	if code := run([]string{"players", "add", "Anna"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("%d %s", code, errb.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "env.db")); err != nil {
		t.Errorf("WUERFELBLOCK_DB not used: %v", err)
	}
	t.Setenv("WUERFELBLOCK_DB", "")
	t.Setenv("XDG_DATA_HOME", filepath.Join(dir, "xdg"))
	if code := run([]string{"players"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("%d %s", code, errb.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "xdg", "wuerfelblock", "wuerfelblock.db")); err != nil {
		t.Errorf("default path under XDG_DATA_HOME not created: %v", err)
	}
}

// Abandoning a finished game changes nothing and says so, instead of
// claiming it was abandoned.
func TestAbandonFinishedGameRefused(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	wb(t, db, "import", writeFile(t, "in.json", "["+finishedRecord+"]"))
	code, out, errs := wb(t, db, "--lang", "de", "games", "abandon", "7a1d2a4e")
	if code != exitRule || out != "" || errs != "wuerfelblock games: Spiel 7a1d2a4e-8c1b-4d6a-9f3e-0a1b2c3d4e60 ist schon beendet; nichts geändert\n" {
		t.Errorf("abandon finished: %d %q %q", code, out, errs)
	}
	if _, out, _ := wb(t, db, "games"); !strings.Contains(out, "finished") {
		t.Errorf("games after abandon: %s", out)
	}
}

// A game id prefix that is too short says so, and is an input error (2).
func TestGamesShortPrefix(t *testing.T) {
	db := knownDB(t)
	code, _, stderr := call(t, "", "--db", db, "--lang", "en", "games", "show", "0b9")
	if code != 2 || !strings.Contains(stderr, "at least its first 4 characters") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// A bad --status is refused in the chosen language (German said it in English).
func TestGamesBadStatusGerman(t *testing.T) {
	db := knownDB(t)
	code, _, stderr := call(t, "", "--db", db, "--lang", "de", "games", "--status", "kaputt")
	if code != 2 || !strings.Contains(stderr, `der Status muss running, finished oder abandoned sein, nicht "kaputt"`) {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

func TestPlayersDeleteNamesTheStoredPlayer(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	if code, _, errs := wb(t, db, "players", "add", "Cara"); code != 0 {
		t.Fatalf("add: %d %s", code, errs)
	}
	if code, out, _ := wb(t, db, "players", "delete", "cara"); code != 0 || out != "Deleted Cara.\n" {
		t.Errorf("delete: %d %q", code, out)
	}
}
