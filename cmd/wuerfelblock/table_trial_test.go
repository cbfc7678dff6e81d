package main

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
)

// Counts of one are said in the singular: export, the BG Stats file,
// restore, sync, generate and check said "1 games written", "1 finished
// games", "Restored …: 1 games", "1 problems found"; advise for Dreißig
// tot "Aside 1 dice".
func TestCountsOfOne(t *testing.T) {
	db := generated(t, "1")
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"export", filepath.Join(dir, "one.json")}, "1 game written to "},
		{[]string{"--lang", "de", "export", filepath.Join(dir, "eins.json")}, "1 Spiel nach "},
		{[]string{"export", "--bgstats", filepath.Join(dir, "one.bgsplay")}, "1 finished game written to "},
		{[]string{"--lang", "de", "export", "--bgstats", filepath.Join(dir, "eins.bgsplay")}, "1 beendetes Spiel nach "},
		{[]string{"backup", filepath.Join(dir, "copy.db")}, "Backup written"},
		{[]string{"restore", filepath.Join(dir, "copy.db")}, ": 1 game. The database as it was before"},
		{[]string{"sync", dir}, "1 game written to wuerfelblock-"},
	} {
		code, out, errs := wb(t, db, c.args...)
		if code != 0 || !strings.Contains(out, c.want) {
			t.Errorf("%q: %d %q %q, want %q", c.args, code, out, errs, c.want)
		}
	}
	if code, out, errs := call(t, "", "--lang", "en", "generate", "--db", filepath.Join(t.TempDir(), "g.db"), "--games", "1"); code != 0 || !strings.HasPrefix(out, "1 game stored in ") {
		t.Errorf("generate: %d %q %q", code, out, errs)
	}
	if code, out, errs := call(t, "", "--lang", "en", "advise", "dreissig-tot", "645321/6", "44321"); code != 0 || !strings.Contains(out, "Aside 1 die, 6 pips; 5 dice in the cup.") {
		t.Errorf("advise dreissig-tot: %d %q %q", code, out, errs)
	}

	// One statistics row made wrong: one problem.
	sdb, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sdb.Exec(`UPDATE result_stats SET won = won + 5 WHERE (player_id, game, options) = (SELECT player_id, game, options FROM result_stats LIMIT 1)`); err != nil {
		t.Fatal(err)
	}
	sdb.Close()
	if code, out, errs := wb(t, db, "check"); code != 3 || !strings.Contains(out, ": 1 problem found.") {
		t.Errorf("check: %d %q %q", code, out, errs)
	}
}

// The review of a Kniffel game says once what its chance to win from round
// 11 assumes (it said it twice, before and after the table), and its
// result line sums from the column it has: "round 11 + luck − loss", not
// "at the start".
func TestReviewKniffelWinNoteOnce(t *testing.T) {
	rec := carelessKniffel(t, 5)
	for _, c := range []struct{ lang, note, sum string }{
		{"en", "From round 11 on the decisions are also rated", "= round 11 + luck − loss"},
		{"de", "Ab Runde 11 werden die Entscheidungen auch", "= Runde 11 + Glück − Verlust"},
	} {
		code, out, errs := call(t, rec, "--lang", c.lang, "review", "-")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.lang, code, errs)
		}
		if n := strings.Count(out, c.note); n != 1 {
			t.Errorf("%s: the note on round 11 is said %d times:\n%s", c.lang, n, out)
		}
		if !strings.Contains(out, c.sum) {
			t.Errorf("%s: the result line does not say %q:\n%s", c.lang, c.sum, out)
		}
	}
}

// A database another program keeps locked: after its wait the command
// says so in words (it printed SQLite's "database is locked (5)
// (SQLITE_BUSY)").
func TestLockedDatabaseSaidInWords(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	if code, _, errs := wb(t, db, "players", "add", "Anna"); code != 0 {
		t.Fatalf("players add: %d %q", code, errs)
	}
	other, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	conn, err := other.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(context.Background(), "BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	defer conn.ExecContext(context.Background(), "ROLLBACK")
	code, _, errs := wb(t, db, "--lang", "de", "players", "add", "Ben")
	if code != exitFailure || !strings.Contains(errs, "wird von einem anderen Programm benutzt") || strings.Contains(errs, "SQLITE_BUSY") || strings.Contains(errs, "locked") {
		t.Errorf("players add on a locked database: %d %q", code, errs)
	}
}

// Every command's --help says what the command does under its usage line
// (import, sync, backup and restore printed the usage line alone), and the
// command list names export's CSV and BG Stats files.
func TestEveryHelpSaysWhatItDoes(t *testing.T) {
	for _, c := range commands() {
		for _, lang := range []string{"en", "de"} {
			_, out, _ := call(t, "", "--lang", lang, c.name, "--help")
			lines := strings.Split(out, "\n")
			if len(lines) < 2 || !strings.HasPrefix(lines[1], "  ") || strings.HasPrefix(lines[1], "  -") || strings.TrimSpace(lines[1]) == "" {
				t.Errorf("%s --help (%s) says nothing of what it does:\n%s", c.name, lang, out)
			}
		}
	}
	_, out, _ := call(t, "", "--lang", "en", "--help")
	if !strings.Contains(out, "CSV (--csv) or BG Stats (--bgstats)") {
		t.Errorf("the command list does not name export's tables:\n%s", out)
	}
}

// advise with wrong input says what is wrong: Kniffel with dice typed as
// for the other games (it said "give one game"). Dreißig tot with one
// account is a game the engine plays (one player, attacking themself):
// advise answers it with the turn's points, as docs/COACH.md says; a
// refusal ("at least two") had crept in and is gone.
func TestAdviseWrongInputSaid(t *testing.T) {
	code, out, errs := call(t, "", "--lang", "en", "advise", "dreissig-tot", "--accounts", "30", "665432")
	if code != 0 || errs != "" || !strings.Contains(out, "accounts 30, seat 1") || !strings.Contains(out, "no chances for this number of players") || !strings.Contains(out, "every keep, best first") {
		t.Errorf("one account: %d %q %q", code, out, errs)
	}
	code, out, errs = call(t, "", "--lang", "en", "advise", "--json", "dreissig-tot", "--accounts", "30")
	if code != 0 || errs != "" || !strings.Contains(out, `"players": 1`) || !strings.Contains(out, `"exact": false`) || !strings.Contains(out, `"method": "turn points"`) {
		t.Errorf("one account, JSON: %d %q %q", code, out, errs)
	}
	if code, out, errs := call(t, "", "--lang", "de", "advise", "kniffel", "12345"); code != exitInput || out != "" || !strings.Contains(errs, "Kniffel nimmt seine Würfel im Stand: advise kniffel --state DATEI") {
		t.Errorf("Kniffel dice: %d %q %q", code, out, errs)
	}
}
