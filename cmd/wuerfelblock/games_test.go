package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// A running game of 5000: Anna entered with 500.
const fuenftausendRecord = `{"id":"3c0c2a4e-8c1b-4d6a-9f3e-0a1b2c3d4e61","started":"2024-12-26T19:00:00Z","game":"5000","options":{},"players":["Anna","Ben"],"turns":[` +
	`{"player":"Anna","throws":[{"roll":[5,5,5,2,3]}],"stop":true}]}`

// games lists and shows the games by their names in the user's language
// (Fünftausend, Totwürfeln), not by their ids (5000, totwuerfeln), and
// show names the house rules; --json keeps the id in "game" and adds the
// name.
func TestGamesNameTheGames(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	if code, _, errs := wb(t, db, "import", writeFile(t, "in.json", "["+fuenftausendRecord+","+finishedRecord+"]")); code != 0 {
		t.Fatalf("import: %d %s", code, errs)
	}
	for _, c := range []struct {
		lang, want, wantNot string
	}{
		{"de", "3c0c2a4e  Fünftausend  läuft", "totwuerfeln"},
		{"de", "7a1d2a4e  Totwürfeln   beendet", "totwuerfeln"},
		{"en", "3c0c2a4e  5000        running", "totwuerfeln"},
		{"en", "7a1d2a4e  Totwürfeln  finished", "totwuerfeln"},
	} {
		code, out, _ := wb(t, db, "--lang", c.lang, "games")
		if code != 0 || !strings.Contains(out, c.want) || strings.Contains(out, c.wantNot) || !strings.Contains(out, "Oma 18 *, Ben 0") {
			t.Errorf("--lang %s games: want %q, not %q:\n%s", c.lang, c.want, c.wantNot, out)
		}
	}
	code, out, _ := wb(t, db, "--lang", "de", "games", "show", "7a1d2a4e")
	if first, _, _ := strings.Cut(out, "\n"); code != 0 || first != "Spiel 7a1d2a4e-8c1b-4d6a-9f3e-0a1b2c3d4e60: Totwürfeln (Hausregeln: Runden 1), beendet" {
		t.Errorf("games show: %q", first)
	}
	code, out, _ = wb(t, db, "--lang", "de", "games", "show", "3c0c2a4e")
	if first, _, _ := strings.Cut(out, "\n"); code != 0 || first != "Spiel 3c0c2a4e-8c1b-4d6a-9f3e-0a1b2c3d4e61: Fünftausend, läuft" {
		t.Errorf("games show: %q", first)
	}
	code, out, _ = wb(t, db, "--lang", "de", "games", "--json")
	var list []struct {
		ID, Game, Name string
		Players        []string
	}
	if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list) != 2 ||
		list[0].Game != "5000" || list[0].Name != "Fünftausend" || list[1].Game != "totwuerfeln" || list[1].Name != "Totwürfeln" ||
		list[1].Players[0] != "Oma" || !strings.HasPrefix(list[1].ID, "7a1d2a4e") {
		t.Errorf("games --json: %d %s", code, out)
	}
}

// The German list heads its status column "Status", not "Stand" (which
// reads like the score at the kitchen table); the --status flag says the
// same word.
func TestGamesGermanStatusColumn(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	if code, _, errs := wb(t, db, "import", writeFile(t, "in.json", "["+fuenftausendRecord+"]")); code != 0 {
		t.Fatalf("import: %d %s", code, errs)
	}
	code, out, _ := wb(t, db, "--lang", "de", "games")
	if head, _, _ := strings.Cut(out, "\n"); code != 0 || strings.Fields(head)[2] != "Status" || strings.Contains(head, "Stand") {
		t.Errorf("games: head %q", head)
	}
	_, out, _ = wb(t, db, "--lang", "de", "games", "--help")
	if !strings.Contains(out, "diesem Status") || strings.Contains(out, "Stand") {
		t.Errorf("games --help: %s", out)
	}
}
