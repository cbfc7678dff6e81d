package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 19.8: an empty --db is refused, as generate refuses it, and the
// default database is not touched.
func TestEmptyDBRefused(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_DATA_HOME", home)
	t.Setenv("WUERFELBLOCK_DB", "")
	for _, args := range [][]string{
		{"--db", "", "players", "add", "Q"},
		{"--db=", "games"},
		{"--db", ""}, // the app
	} {
		code, out, errs := call(t, "", args...)
		if code != exitInput || out != "" || !strings.Contains(errs, "--db needs a file name, not an empty one") {
			t.Errorf("%q: exit %d %q %q, want 2 and the refusal", args, code, out, errs)
		}
	}
	if _, err := os.Stat(filepath.Join(home, "wuerfelblock")); err == nil {
		t.Error("the default database was created")
	}
	if _, _, errs := call(t, "", "--lang", "de", "--db", "", "games"); !strings.Contains(errs, "--db braucht einen Dateinamen") {
		t.Errorf("German: %q", errs)
	}
}

// Issue 19.10: a bad number names the option it belongs to.
func TestBadNumbersNameTheirOption(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"games", "--limit", "0"}, "wuerfelblock games: --limit takes a number from 1, not 0 (--all lists every game)\n"},
		{[]string{"games", "--limit", "-3"}, "wuerfelblock games: --limit takes a number from 1, not -3 (--all lists every game)\n"},
		{[]string{"games", "--limit", "5", "--all"}, "wuerfelblock games: use --limit N or --all, not both\n"},
		{[]string{"generate", "--games", "-1"}, "wuerfelblock generate: --games takes a number from 0, not -1\n"},
	} {
		code, out, errs := wb(t, db, c.args...)
		if code != exitInput || out != "" || errs != c.want {
			t.Errorf("%q: exit %d %q %q, want 2 and %q", c.args, code, out, errs, c.want)
		}
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("a refused command created the database")
	}
}

// Issue 19.4: after the first 1,000 refusals import says how many more
// were refused instead of listing each.
func TestImportSummarisesManyRefusals(t *testing.T) {
	in := writeFile(t, "zeros.json", "["+strings.Repeat("0,", 1004)+"0]")
	db := filepath.Join(t.TempDir(), "w.db")
	code, out, errs := wb(t, db, "import", in)
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	if code != exitInput || out != "0 imported, 0 brought up to date, 0 skipped (already present), 1005 refused.\n" || len(lines) != 1001 {
		t.Fatalf("exit %d, %q, %d lines on stderr; want 2, 1005 refused, 1,001 lines", code, out, len(lines))
	}
	if lines[999] != "wuerfelblock import: refused record 1000: not a game record: not a JSON object" {
		t.Errorf("the last listed refusal: %q", lines[999])
	}
	if lines[1000] != "wuerfelblock import: 5 more records refused after these 1000 (not listed)" {
		t.Errorf("the summary line: %q", lines[1000])
	}
	_, _, errs = call(t, "", "--lang", "de", "--db", db, "import", in)
	if !strings.HasSuffix(errs, "wuerfelblock import: 5 weitere Einträge abgelehnt nach diesen 1000 (nicht aufgeführt)\n") {
		t.Errorf("German summary: %q", errs[max(0, len(errs)-200):])
	}
}

func playersRecord(n int) string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("%q", fmt.Sprintf("P%d", i+1))
	}
	return `{"game":"5050","options":{},"players":[` + strings.Join(names, ",") + `],"turns":[]}`
}

// Issue 19.7: a game has at most 20 players: judge and import refuse a
// record with more alike (exit 2, not a record), and import adds none of
// its players; 20 players are a record.
func TestPlayersPerRecordLimited(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	in := writeFile(t, "many.json", playersRecord(100000))
	for _, cmd := range []string{"judge", "import"} {
		code, _, errs := wb(t, db, cmd, in)
		if code != exitInput || !strings.Contains(errs, "a game has at most 20 players, not 100000") {
			t.Errorf("%s: exit %d %.300q; want 2 and the limit", cmd, code, errs)
		}
	}
	if code, out, _ := wb(t, db, "players"); code != 0 || strings.Contains(out, "P1") {
		t.Errorf("players after the refused import: %q", out)
	}
	in = writeFile(t, "21.json", playersRecord(21))
	if _, _, errs := call(t, "", "--lang", "de", "judge", in); !strings.Contains(errs, "ein Spiel hat höchstens 20 Spieler, nicht 21") {
		t.Errorf("German: %q", errs)
	}
	in = writeFile(t, "20.json", playersRecord(20))
	if code, _, errs := wb(t, db, "judge", in); code != exitOK {
		t.Errorf("judge of 20 players: %d %q", code, errs)
	}
	if code, out, errs := wb(t, db, "import", in); code != exitOK || !strings.Contains(out, "1 imported") {
		t.Errorf("import of 20 players: %d %q %q", code, out, errs)
	}
}

// Issue 19.10: review of an export file reviews every record of it, each
// under its number (it said "expected scoresheet.Record, not array").
func TestReviewExportFile(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	if code, _, errs := wb(t, db, "generate", "--games", "2"); code != 0 {
		t.Fatal(errs)
	}
	ex := filepath.Join(t.TempDir(), "ex.json")
	if code, _, errs := wb(t, db, "export", ex); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := call(t, "", "review", ex)
	if code != exitOK || errs != "" || !strings.HasPrefix(out, "Record 1 (") || !strings.Contains(out, "\n\nRecord 2 (") ||
		strings.Count(out, "The costliest decisions in points:") != 2 {
		t.Errorf("review of an export: exit %d %q\n%s", code, errs, out)
	}
	// A list with a broken rule and a non-record: each said, the worst
	// status (2, not a record) for the whole.
	mixed := writeFile(t, "mixed.json", "["+mistakeRecord+",\n"+brokenRecord+",\n17]")
	code, out, errs = call(t, "", "review", mixed)
	if code != exitInput || errs != "" || !strings.Contains(out, "Record 1:\nZehntausend") ||
		!strings.Contains(out, "Record 2:\nbreaks a rule, not reviewed (turn 1, throw 1)") ||
		!strings.Contains(out, "Record 3:\nNot a record: not a game record: not a JSON object") {
		t.Errorf("mixed list: exit %d %q\n%s", code, errs, out)
	}
	code, out, _ = call(t, "", "review", "--json", mixed)
	var got []struct {
		Index  int             `json:"index"`
		Review json.RawMessage `json:"review"`
		Error  string          `json:"error"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != exitInput || len(got) != 3 {
		t.Fatalf("--json: exit %d, %v\n%s", code, err, out)
	}
	if got[0].Index != 1 || got[0].Review == nil || got[1].Error == "" || got[2].Index != 3 || got[2].Error == "" {
		t.Errorf("--json entries: %+v", got)
	}
	// One exported record (with its id and status) is reviewed as a record is.
	line := writeFile(t, "one.jsonl", strings.Replace(mistakeRecord, "{", `{"id":"3b5bd4a2-5d0e-4c8e-9d4b-0c1a7e0f2b11","status":"running",`, 1))
	if code, out, errs := call(t, "", "review", line); code != exitOK || !strings.HasPrefix(out, "Zehntausend\n") {
		t.Errorf("one exported record: exit %d %q\n%s", code, errs, out)
	}
}
