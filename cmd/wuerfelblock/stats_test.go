package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Three short Zehntausend games (target 500) between Anna and Ben, the third
// with verdoppeln: Anna wins 550–400, Ben wins 500–0, then 500–500, a shared
// win. Anna: 3 played, 2 won, average 350, best 550; Ben: 3, 2, 466.7, 500.
const knownHistory = `[
{"id": "0b9a3c55-8f0e-4d4e-9a57-1d6f1f3b0001", "started": "2025-01-10T19:00:00Z", "ended": "2025-01-10T19:20:00Z",
 "game": "zehntausend", "options": {"ziel": 500}, "players": ["Anna", "Ben"], "turns": [
  {"player": "Anna", "throws": [{"roll": [1,1,2,3,4], "keep": [1,1]}], "stop": true},
  {"player": "Ben", "throws": [{"roll": [2,3,4,6,6]}]},
  {"player": "Anna", "throws": [{"roll": [1,5,2,3,4], "keep": [1,5]}, {"roll": [1,2,3], "keep": [1]}], "stop": true},
  {"player": "Ben", "throws": [{"roll": [1,1,5,5,2], "keep": [1,1,5,5]}, {"roll": [1], "keep": [1]}], "stop": true},
  {"player": "Anna", "throws": [{"roll": [1,2,3,4,6], "keep": [1]}], "stop": true},
  {"player": "Ben", "throws": [{"roll": [5,2,3,4,6], "keep": [5]}, {"roll": [2,3,4,6]}]}]},
{"id": "0b9a3c55-8f0e-4d4e-9a57-1d6f1f3b0002", "started": "2025-01-10T19:30:00Z", "ended": "2025-01-10T19:40:00Z",
 "game": "zehntausend", "options": {"ziel": 500}, "players": ["Anna", "Ben"], "turns": [
  {"player": "Anna", "throws": [{"roll": [2,3,4,6,6]}]},
  {"player": "Ben", "throws": [{"roll": [1,1,5,5,2], "keep": [1,1,5,5]}, {"roll": [1], "keep": [1]}, {"roll": [1,2,3,4,6], "keep": [1]}], "stop": true}]},
{"id": "0b9a3c55-8f0e-4d4e-9a57-1d6f1f3b0003", "started": "2025-01-10T19:45:00Z", "ended": "2025-01-10T19:55:00Z",
 "game": "zehntausend", "options": {"ziel": 500, "verdoppeln": true}, "players": ["Anna", "Ben"], "turns": [
  {"player": "Anna", "throws": [{"roll": [1,1,5,5,2], "keep": [1,1,5,5]}, {"roll": [1], "keep": [1]}, {"roll": [1,2,3,4,6], "keep": [1]}], "stop": true},
  {"player": "Ben", "throws": [{"roll": [1,1,5,5,2], "keep": [1,1,5,5]}, {"roll": [1], "keep": [1]}, {"roll": [1,2,3,4,6], "keep": [1]}], "stop": true}]}
]`

// knownDB is a database holding the known history, imported through the CLI.
func knownDB(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "w.db")
	rec := filepath.Join(dir, "history.json")
	if err := os.WriteFile(rec, []byte(knownHistory), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := call(t, "", "--db", path, "import", rec); code != 0 {
		t.Fatalf("import: %d %s", code, stderr)
	}
	return path
}

func TestStatsJSON(t *testing.T) {
	db := knownDB(t)
	code, out, stderr := call(t, "", "--db", db, "stats", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Players []struct {
			Name  string `json:"name"`
			Games map[string]struct {
				Played     int     `json:"played"`
				Won        int     `json:"won"`
				AvgTotal   float64 `json:"avg_total"`
				BestTotal  int     `json:"best_total"`
				Streak     int     `json:"streak"`
				HouseRules []struct {
					Options map[string]any `json:"options"`
					Played  int            `json:"played"`
				} `json:"house_rules"`
				Family struct {
					Turns    int     `json:"turns"`
					Busts    int     `json:"busts"`
					BestTurn int     `json:"best_turn"`
					BustRate float64 `json:"bust_rate"`
				} `json:"family"`
			} `json:"games"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(got.Players) != 2 || got.Players[0].Name != "Anna" || got.Players[1].Name != "Ben" {
		t.Fatalf("players: %s", out)
	}
	a := got.Players[0].Games["zehntausend"]
	if a.Played != 3 || a.Won != 2 || a.AvgTotal != 350 || a.BestTotal != 550 || a.Streak != 1 {
		t.Errorf("Anna: %+v", a)
	}
	if a.Family.Turns != 5 || a.Family.Busts != 1 || a.Family.BestTurn != 500 || a.Family.BustRate != 0.2 || len(a.HouseRules) != 2 {
		t.Errorf("Anna's turns and house rules: %+v", a)
	}
	b := got.Players[1].Games["zehntausend"]
	if b.Played != 3 || b.Won != 2 || b.BestTotal != 500 || b.Streak != 2 || b.AvgTotal < 466.6 || b.AvgTotal > 466.7 {
		t.Errorf("Ben: %+v", b)
	}

	// One player and one game.
	code, out, _ = call(t, "", "--db", db, "stats", "--json", "--player", "BEN", "--game", "zehntausend")
	if code != 0 || !strings.Contains(out, `"name": "Ben"`) || strings.Contains(out, "Anna") {
		t.Errorf("--player BEN: %d\n%s", code, out)
	}
	code, out, _ = call(t, "", "--db", db, "stats", "--json", "--game", "kniffel")
	if code != 0 || strings.TrimSpace(out) != `{
  "players": []
}` {
		t.Errorf("no Kniffel games: %d %s", code, out)
	}
}

func TestStatsTablesInBothLanguages(t *testing.T) {
	db := knownDB(t)
	code, out, _ := call(t, "", "--db", db, "--lang", "en", "stats")
	if code != 0 || !strings.Contains(out, "Zehntausend") || !strings.Contains(out, "win rate") {
		t.Fatalf("leaderboard: %d\n%s", code, out)
	}
	// Equal wins per game: the higher average first (Ben 467 before Anna 350).
	for _, want := range [][]string{{"2", "Anna", "3", "2", "67%", "350", "550", "1", "1"}, {"1", "Ben", "3", "2", "67%", "467", "500", "2", "2"}} {
		if !hasRow(out, want...) {
			t.Errorf("leaderboard lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = call(t, "", "--db", db, "--lang", "de", "stats", "--player", "anna")
	for _, want := range []string{"Anna", "Spiele (gewonnen)", "3 (2 · 67%)", "bester Zug", "500", "Fehlwürfe", "1 (20%)", "Hausregeln verdoppeln=true ziel=500"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("player page (de) lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = call(t, "", "--db", db, "stats", "--player", "Anna", "--vs", "Ben")
	if code != 0 || !strings.Contains(out, "Anna – Ben") {
		t.Fatalf("head-to-head: %d\n%s", code, out)
	}
	// 3 games: Anna ahead once, Ben once, level once; each won 2.
	if !hasRow(out, "Zehntausend", "3", "1", "1", "1", "2", "2") {
		t.Errorf("head-to-head figures:\n%s", out)
	}
}

func TestStatsCSVAndHeadToHeadJSON(t *testing.T) {
	db := knownDB(t)
	code, out, _ := call(t, "", "--db", db, "stats", "--csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil {
		t.Fatalf("%d %v\n%s", code, err, out)
	}
	// A header, then per player the game line and its two house-rule sets.
	if len(rows) != 1+2*3 || rows[0][0] != "player" || rows[1][0] != "Anna" || rows[1][3] != "3" || rows[1][4] != "2" || rows[1][7] != "550" {
		t.Errorf("csv:\n%s", out)
	}
	// The bust rates by number of dice close every row; they match the JSON.
	col := slices.Index(rows[0], "bust_rate_5_dice")
	if col < 0 || slices.Index(rows[0], "minus_points") != col-5 {
		t.Fatalf("csv header: %v", rows[0])
	}
	ps, err := storage.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer ps.Close()
	all, _ := ps.Stats(context.Background(), storage.StatsFilter{Player: rows[1][0], Game: rows[1][1]})
	for _, d := range all[0].Games[rows[1][1]].Family.ByDice {
		if got := rows[1][col-5+d.Dice]; got != strconv.FormatFloat(d.BustRate, 'f', 4, 64) {
			t.Errorf("%s with %d dice: csv %s, stats %v", rows[1][0], d.Dice, got, d.BustRate)
		}
	}
	code, out, _ = call(t, "", "--db", db, "stats", "--json", "--player", "Ben", "--vs", "Anna")
	var h struct {
		H struct {
			A, B  string
			Total struct {
				Played int `json:"played"`
				AAhead int `json:"a_ahead"`
				BAhead int `json:"b_ahead"`
				Level  int `json:"level"`
			} `json:"total"`
		} `json:"head_to_head"`
	}
	if err := json.Unmarshal([]byte(out), &h); err != nil || code != 0 {
		t.Fatalf("%d %v\n%s", code, err, out)
	}
	if h.H.A != "Ben" || h.H.Total.Played != 3 || h.H.Total.AAhead != 1 || h.H.Total.BAhead != 1 || h.H.Total.Level != 1 {
		t.Errorf("head-to-head: %+v", h)
	}
}

func TestStatsRefusals(t *testing.T) {
	db := knownDB(t)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"stats", "--vs", "Ben"}, exitInput, "--vs needs --player"},
		{[]string{"stats", "--player", "Anna", "--vs", "anna"}, exitInput, "another player"},
		{[]string{"stats", "--json", "--csv"}, exitInput, "not both"},
		{[]string{"stats", "--game", "schach"}, exitInput, "schach"},
		{[]string{"stats", "--player", "Zoe"}, exitInput, "Zoe"}, // bad input, as the other options
		{[]string{"stats", "extra"}, exitInput, "extra"},
		{[]string{"generate", "--games", "3"}, exitInput, "--db"},
	} {
		args := c.args
		if c.args[0] == "stats" {
			args = append([]string{"--db", db}, args...)
		}
		code, _, stderr := call(t, "", args...)
		if code != c.code || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q on one line", c.args, code, stderr, c.code, c.want)
		}
	}
}

func TestGenerateCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "gen.db")
	code, out, stderr := call(t, "", "generate", "--db", db, "--games", "40", "--seed", "3")
	if code != 0 || !strings.Contains(out, "40 games stored") {
		t.Fatalf("generate: %d %s %s", code, out, stderr)
	}
	// The same seed again: the games are there already and are skipped.
	code, out, _ = call(t, "", "--db", db, "generate", "--games", "40", "--seed", "3")
	if code != 0 || !strings.Contains(out, "0 games stored") {
		t.Errorf("generate again: %d %s", code, out)
	}
	code, out, _ = call(t, "", "--db", db, "games", "--json", "--all")
	var games []json.RawMessage
	if code != 0 || json.Unmarshal([]byte(out), &games) != nil || len(games) != 40 {
		t.Errorf("games after generate: %d, %d games", code, len(games))
	}
}

// hasRow reports whether a line of out reads fields, apart from spacing.
func hasRow(out string, fields ...string) bool {
	want := strings.Join(fields, " ")
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.Join(strings.Fields(line), " "), want) {
			return true
		}
	}
	return false
}

// Dice counts thrown without a bust still show their rate (0 %).
func TestByDiceShowsZeroBustRate(t *testing.T) {
	var out bytes.Buffer
	e := &env{stdout: &out, lang: validate.German}
	printFigures(e, "", storage.Figures{Family: &storage.FamilyFigures{ByDice: []storage.DiceFigures{
		{Dice: 1, Throws: 4, Busts: 3, BustRate: 0.75},
		{Dice: 6, Throws: 57, Busts: 0, BustRate: 0},
		{Dice: 5, Throws: 0},
	}}})
	if s := out.String(); !strings.Contains(s, "1:75% 6:0%") || strings.Contains(s, "5:") {
		t.Errorf("by dice:\n%s", s)
	}
}

// German figures with one decimal take a decimal comma, as the odds line does
// ("27,8 %"); "36.0" reads as thirty-six thousand to a German club.
func TestFiguresDecimalCommaInGerman(t *testing.T) {
	f := storage.Figures{
		Kniffel: &storage.KniffelFigures{Boxes: []storage.BoxFigures{{Category: "einser", Filled: 2, Avg: 2.5}}},
		Tot:     &storage.TotFigures{Turns: 2, AvgTurn: 33.5, Best: 36},
		Review:  &storage.ReviewFigures{Games: 3, LossPerGame: 10.06, LossPerDecision: 3.35, LuckPerGame: -42.27},
	}
	// The numbers of a line are parted by " · ", which no decimal comma is
	// taken for: "1, 7,0, 7" and "3,35, −42,27" read as four numbers.
	for _, c := range []struct {
		lang      validate.Lang
		want, not []string
	}{
		{validate.German, []string{"Schnitt 2,5 ·", "2 · 33,5 · 36", "3 · 10,06\n", "3,35 · −42,27\n"}, []string{"2.5", "33.5"}},
		{validate.English, []string{"avg 2.5 ·", "2 · 33.5 · 36", "3 · 10.06\n", "3.35 · −42.27\n"}, []string{"2,5", "33,5"}},
	} {
		var out bytes.Buffer
		printFigures(&env{stdout: &out, lang: c.lang}, "", f)
		s := out.String()
		for _, w := range c.want {
			if !strings.Contains(s, w) {
				t.Errorf("%v: lacks %q:\n%s", c.lang, w, s)
			}
		}
		for _, w := range c.not {
			if strings.Contains(s, w) {
				t.Errorf("%v: shows %q:\n%s", c.lang, w, s)
			}
		}
		if m := regexp.MustCompile(`[0-9%], `).FindString(s); m != "" {
			t.Errorf("%v: numbers parted by a comma (%q):\n%s", c.lang, m, s)
		}
	}
}

// Every statistics table fits an 80-column terminal with everyday names:
// the leaderboard, a player page with six dice counts in a nested house-rule
// set, and head-to-head (it named both players twice in its header and
// was 92 columns wide in English, 97 in German).
func TestStatsFitEightyColumns(t *testing.T) {
	db := knownDB(t)
	for _, lang := range []string{"en", "de"} {
		for _, args := range [][]string{{"stats"}, {"stats", "--player", "Anna"}, {"stats", "--player", "Anna", "--vs", "Ben"}} {
			code, out, stderr := call(t, "", append([]string{"--db", db, "--lang", lang}, args...)...)
			if code != 0 {
				t.Fatalf("%s %v: %d %s", lang, args, code, stderr)
			}
			for _, line := range strings.Split(out, "\n") {
				if n := utf8.RuneCountInString(line); n > 80 {
					t.Errorf("%s %v: %d columns: %q", lang, args, n, line)
				}
			}
		}
		var out bytes.Buffer
		var byDice []storage.DiceFigures
		for d := 1; d <= 6; d++ { // 98% … 93%: two digits each
			byDice = append(byDice, storage.DiceFigures{Dice: d, Throws: 100, Busts: 99 - d, BustRate: float64(99-d) / 100})
		}
		l := validate.English
		if lang == "de" {
			l = validate.German
		}
		printFigures(&env{stdout: &out, lang: l}, "    ", storage.Figures{Family: &storage.FamilyFigures{ByDice: byDice, Turns: 1}})
		for _, line := range strings.Split(out.String(), "\n") {
			if n := utf8.RuneCountInString(line); n > 80 {
				t.Errorf("%s by dice: %d columns: %q", lang, n, line)
			}
		}
	}
	code, out, _ := call(t, "", "--db", db, "--lang", "de", "stats", "--player", "Anna", "--vs", "Ben")
	if code != 0 || !hasRow(out, "Anna", "Ben", "Anna", "Ben") || !hasRow(out, "Spiel", "Spiele", "vorn", "vorn", "gleich", "Siege", "Siege", "zuletzt") {
		t.Errorf("head-to-head header:\n%s", out)
	}
}

// A player's figures name no rule the game does not have: Rückwärts has
// neither proofs nor confirmations (it showed "proofs/confirmations failed
// 6 · 0"); Zehntausend has both.
func TestFiguresOnlyOfTheGamesRules(t *testing.T) {
	for _, c := range []struct {
		game       string
		obligation bool
	}{{"zehntausend-rueckwaerts", false}, {"5050", false}, {"5000", false}, {"zehntausend", true}} {
		for _, l := range []validate.Lang{validate.English, validate.German} {
			var out strings.Builder
			printGameFigures(&env{stdout: &out, lang: l}, "", c.game, storage.Figures{Family: &storage.FamilyFigures{Turns: 9, HotDice: 6}})
			proofs := strings.Contains(out.String(), "proofs") || strings.Contains(out.String(), "Beweis")
			hot := strings.Contains(out.String(), map[validate.Lang]string{validate.English: "hot dice", validate.German: "alle raus"}[l])
			if proofs != c.obligation || !hot {
				t.Errorf("%s (%s): proofs named %v, want %v; hot dice named %v:\n%s", c.game, l, proofs, c.obligation, hot, out.String())
			}
		}
	}
}

// The "by play" board says why a player ranks where they do: a column of
// the games reviewed by the chance to win, and the players with at least
// storage.ByPlayMinGames of them first (a tester found the best figure
// ranked eighth, with nothing on the row to say it counted 2 such games).
func TestByPlaySaysGamesByChance(t *testing.T) {
	db := generated(t, "120")
	for _, lang := range []string{"en", "de"} {
		code, out, errs := wb(t, db, "--lang", lang, "stats")
		col := map[string]string{"en": "by chance", "de": "mit Chance"}[lang]
		if code != 0 || !strings.Contains(out, col) {
			t.Fatalf("%s: %d %q, no column %q:\n%s", lang, code, errs, col, out)
		}
		boards := 0
		lines := strings.Split(out, "\n")
		for i, l := range lines {
			if !strings.Contains(l, "#") || !strings.Contains(l, col) {
				continue
			}
			boards++
			fields := strings.Fields(l)
			at := slices.Index(fields, strings.Fields(col)[0])
			byWin := true
			for _, row := range lines[i+1:] {
				f := strings.Fields(row)
				if len(f) <= at {
					break // the board's end
				}
				n, err := strconv.Atoi(f[at])
				if err != nil {
					t.Fatalf("%s: row %q, column %d: %v", lang, row, at, err)
				}
				ranked := n >= storage.ByPlayMinGames
				if ranked && !byWin {
					t.Errorf("%s: %q ranked by the chance to win after a player ranked by points", lang, row)
				}
				byWin = byWin && ranked
			}
		}
		if boards == 0 {
			t.Errorf("%s: no by-play board:\n%s", lang, out)
		}
	}
}
