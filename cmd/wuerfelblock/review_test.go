package main

import (
	"bytes"
	"encoding/json"
	"math"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func init() {
	// The tests keep the Kniffel tables in memory, not in the user's cache.
	mem := kniffel.NewCache("")
	reviewValuers = func() review.Valuers { return review.SolversWith(mem) }
}

// mistakeRecord: Anna keeps a lone 5 of 1 1 1 5 2 (the ones are best),
// Ben stops at 150 with 4 dice where throwing on is worth more.
const mistakeRecord = `{"game":"zehntausend","players":["Anna","Ben"],"turns":[
{"player":"Anna","throws":[{"roll":[1,1,1,5,2],"keep":[5]},{"roll":[1,1,1,3],"keep":[1,1,1]},{"roll":[2]}]},
{"player":"Ben","throws":[{"roll":[1,2,3,4,6],"keep":[1]},{"roll":[5,5,3,2],"keep":[5]}],"stop":true}]}`

// reviewJSON is the shape issue 15 fixes (a checker reads it).
type reviewJSON struct {
	Players map[string]struct {
		Decisions    *int     `json:"decisions"`
		Loss         *float64 `json:"loss"`
		Luck         *float64 `json:"luck"`
		QuickTurns   *int     `json:"quick_turns"`
		TurnValueSum *float64 `json:"turn_value_sum"`
	} `json:"players"`
	Decisions []struct {
		Player string          `json:"player"`
		Turn   *int            `json:"turn"`
		Throw  *int            `json:"throw"`
		Kind   string          `json:"kind"`
		Chosen json.RawMessage `json:"chosen"`
		Best   json.RawMessage `json:"best"`
		Loss   *float64        `json:"loss"`
	} `json:"decisions"`
	GameValue *float64 `json:"game_value"`
	Reviewed  bool     `json:"reviewed"`
	Note      string   `json:"note"`
}

func TestReviewFileJSONAndText(t *testing.T) {
	path := writeFile(t, "game.json", mistakeRecord)
	code, out, errs := call(t, "", "--lang", "en", "review", "--json", path)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got reviewJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	// The same review straight from the package, rounded as printed.
	rec, _ := scoresheet.ParseRecord([]byte(mistakeRecord))
	want, err := review.OfRecord(rec, validate.English, reviewValuers())
	if err != nil {
		t.Fatal(err)
	}
	if got.GameValue != nil || !got.Reviewed {
		t.Errorf("family review: game_value %v, reviewed %v", got.GameValue, got.Reviewed)
	}
	for _, p := range want.Players {
		g := got.Players[p.Name]
		if g.Decisions == nil || *g.Decisions != p.Decisions || g.Loss == nil || math.Abs(*g.Loss-p.Loss) > 0.005 ||
			g.Luck == nil || math.Abs(*g.Luck-p.Luck) > 0.005 || g.TurnValueSum == nil || math.Abs(*g.TurnValueSum-p.TurnValueSum) > 0.005 ||
			g.QuickTurns != nil {
			t.Errorf("%s: got %+v, want %+v", p.Name, g, p)
		}
	}
	if len(got.Decisions) != len(want.Decisions) {
		t.Fatalf("%d decisions, want %d", len(got.Decisions), len(want.Decisions))
	}
	compact := func(m json.RawMessage) string {
		var b bytes.Buffer
		json.Compact(&b, m)
		return b.String()
	}
	for i := range got.Decisions {
		got.Decisions[i].Chosen = json.RawMessage(compact(got.Decisions[i].Chosen))
		got.Decisions[i].Best = json.RawMessage(compact(got.Decisions[i].Best))
	}
	first := got.Decisions[0]
	if first.Player != "Anna" || *first.Turn != 0 || *first.Throw != 0 || first.Kind != "keep" ||
		string(first.Chosen) != "[5]" || string(first.Best) != "[1,1,1]" || *first.Loss <= 0 {
		t.Errorf("Anna's keep: %+v chosen %s best %s", first, first.Chosen, first.Best)
	}
	last := got.Decisions[len(got.Decisions)-1]
	if last.Player != "Ben" || last.Kind != "stop" || string(last.Chosen) != `"stop"` || string(last.Best) != `"throw"` || *last.Loss <= 0 {
		t.Errorf("Ben's stop: %+v chosen %s best %s", last, last.Chosen, last.Best)
	}

	// Text, German: the costliest decisions with the best alternative.
	code, out, _ = call(t, "", "--lang", "de", "review", path)
	loss := review.Number(want.Decisions[0].Loss, validate.German) + " verschenkt" // never negative, as the table's loss
	if code != 0 || !strings.Contains(out, "Runde 1, 1. Wurf: 5 zur Seite statt 111") || !strings.Contains(out, loss) ||
		!strings.Contains(out, "Runde 1, 2. Wurf: schreiben statt weiter") || !strings.Contains(out, "Verlust") {
		t.Errorf("German text (exit %d):\n%s", code, out)
	}
	code, out, _ = call(t, mistakeRecord, "--lang", "en", "review", "-")
	if code != 0 || !strings.Contains(out, "round 1, throw 1: set aside 5 instead of 111") || !strings.Contains(out, "luck") {
		t.Errorf("English text from stdin (exit %d):\n%s", code, out)
	}
}

func TestReviewBadInput(t *testing.T) {
	broken := writeFile(t, "broken.json", brokenRecord)
	for _, c := range []struct {
		name    string
		args    []string
		code    int
		mention string
	}{
		{"broken rule", []string{"review", broken}, 1, "turn 1, throw 1"},
		{"not a record", []string{"review", writeFile(t, "x.json", `{"game":`)}, 2, "JSON"},
		{"no such file", []string{"review", filepath.Join(t.TempDir(), "nope.json")}, 2, "no file"},
		{"no argument", []string{"review"}, 2, "record file"},
		{"two arguments", []string{"review", broken, broken}, 2, "record file"},
		{"unknown game id", []string{"--db", filepath.Join(t.TempDir(), "w.db"), "review", "5e0c2a4f"}, 1, "no game"},
	} {
		code, out, errs := call(t, "", append([]string{"--lang", "en"}, c.args...)...)
		if code != c.code || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.mention) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", c.name, code, out, errs)
		}
	}
	// German too.
	if code, _, errs := call(t, "", "--lang", "de", "review", broken); code != 1 || !strings.Contains(errs, "Regel") {
		t.Errorf("German broken rule: %d %q", code, errs)
	}
}

// TestReviewStoredGames: a stored game reviews as its record does; a game
// without a review says so.
func TestReviewStoredGames(t *testing.T) {
	games, err := generate.All(generate.Config{Games: 40, Seed: 8})
	if err != nil {
		t.Fatal(err)
	}
	var recs []storage.ExportRecord
	want := map[validate.GameID]*generate.Game{}
	for i := range games {
		gm := &games[i]
		id := gm.Game.Rules.Game
		if want[id] != nil {
			continue
		}
		want[id] = gm
		recs = append(recs, storage.ExportRecord{ID: gm.ID, Status: storage.Finished, Started: gm.Started, Ended: gm.Ended, Record: gm.Game.Record()})
	}
	data, _ := json.Marshal(recs)
	db := filepath.Join(t.TempDir(), "w.db")
	if code, out, errs := wb(t, db, "import", writeFile(t, "h.json", string(data))); code != 0 {
		t.Fatalf("import: %d %q %q", code, out, errs)
	}
	for id, gm := range want {
		code, out, errs := wb(t, db, "--lang", "en", "review", "--json", gm.ID[:8])
		if code != 0 {
			t.Errorf("%s: exit %d %q", id, code, errs)
			continue
		}
		fromFile := writeFile(t, "r.json", mustJSON(t, gm.Game.Record()))
		_, out2, _ := wb(t, db, "--lang", "en", "review", "--json", fromFile)
		var a, b map[string]any
		json.Unmarshal([]byte(out), &a)
		json.Unmarshal([]byte(out2), &b)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: stored game and record differ:\n%s\n%s", id, out, out2)
		}
		reviewed := a["reviewed"] == true
		if reviewed != review.Reviewable(id) {
			t.Errorf("%s: reviewed %v", id, a["reviewed"])
		}
		if id == validate.GameDreissigTot {
			code, text, _ := wb(t, db, "--lang", "de", "review", gm.ID)
			if code != 0 || !strings.Contains(text, "Glück und Verlust in") || !strings.Contains(text, "Die teuersten Entscheidungen") {
				t.Errorf("Dreißig tot: %d %q", code, text)
			}
		}
		if id == validate.GameKniffel {
			if a["game_value"] == nil {
				t.Errorf("Kniffel without game value: %s", out)
			}
			code, text, _ := wb(t, db, "--lang", "en", "review", gm.ID)
			if code != 0 || !strings.Contains(text, "quick turns") || !strings.Contains(text, "Game value") {
				t.Errorf("Kniffel text: %d\n%s", code, text)
			}
		}
	}
	if len(want) < 6 {
		t.Errorf("only %d games in the history", len(want))
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReviewProgress: a large history shows its progress in tenths, a
// small one nothing.
func TestReviewProgress(t *testing.T) {
	var errb bytes.Buffer
	e := &env{stderr: &errb, lang: validate.German}
	p := e.reviewProgress()
	for done := 0; done <= 2000; done += 200 {
		p(done, 2000)
	}
	lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
	if len(lines) != 11 || !strings.Contains(lines[0], "0 von 2000") || !strings.Contains(lines[10], "2000 von 2000") {
		t.Errorf("progress:\n%s", errb.String())
	}
	errb.Reset()
	small := e.reviewProgress()
	small(0, 300)
	small(300, 300)
	if errb.Len() != 0 {
		t.Errorf("small history: %q", errb.String())
	}
}

// TestStatsCarryReviews: stats --json, --csv and the tables carry the
// review figures and the "by play" leaderboard.
func TestStatsCarryReviews(t *testing.T) {
	db := filepath.Join(t.TempDir(), "h.db")
	if code, _, errs := wb(t, db, "generate", "--games", "60", "--seed", "4", "--players", "4"); code != 0 {
		t.Fatalf("generate: %d %q", code, errs)
	}
	code, out, _ := wb(t, db, "stats", "--json")
	var got struct {
		Players []storage.PlayerStats          `json:"players"`
		ByPlay  map[string][]storage.ByPlayRow `json:"by_play"`
	}
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil {
		t.Fatalf("stats --json: %d %v", code, err)
	}
	if len(got.ByPlay["kniffel"]) == 0 || len(got.ByPlay["5050"]) == 0 {
		t.Fatalf("by play: %+v", got.ByPlay)
	}
	for game, rows := range got.ByPlay {
		for i, r := range rows {
			// Ranked as storage.CompareByPlay says (Kniffel's games of 2+
			// players have the chance to win of their last three rounds).
			if r.Games < storage.ByPlayMinGames || i > 0 && storage.CompareByPlay(rows[i-1], r) > 0 {
				t.Errorf("%s: %+v", game, rows)
			}
			for _, p := range got.Players {
				if p.Name == r.Name && (p.Games[game].Review == nil || p.Games[game].Review.Games != r.Games) {
					t.Errorf("%s %s: leaderboard %+v, figures %+v", game, r.Name, r, p.Games[game].Review)
				}
			}
		}
	}
	code, out, _ = wb(t, db, "stats", "--csv")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || !strings.HasSuffix(lines[0], "reviewed_games,review_decisions,loss_per_game,loss_per_decision,luck_per_game,win_reviewed_games,win_loss_per_game,win_loss_per_decision,win_luck_per_game") {
		t.Fatalf("csv header: %q", lines[0])
	}
	filled := 0
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		if f[len(f)-9] != "" {
			filled++
		}
	}
	if filled == 0 {
		t.Errorf("no csv row with review figures:\n%s", out)
	}
	code, out, _ = wb(t, db, "--lang", "de", "stats")
	if code != 0 || !strings.Contains(out, "Nach Spielstärke") || !strings.Contains(out, "Verlust/Entsch.") {
		t.Errorf("German leaderboard:\n%s", out)
	}
	name := got.ByPlay["kniffel"][0].Name
	code, out, _ = wb(t, db, "--lang", "en", "stats", "--player", name, "--game", "kniffel")
	if code != 0 || !strings.Contains(out, "loss per decision, luck per game") {
		t.Errorf("player page:\n%s", out)
	}
}

// TestRecountProgress: the first opening of a database from before
// migration 006 says how far the recount of its 5050 games is, in tenths,
// before any command and before the terminal UI starts (it said nothing
// for seconds); a small history says nothing.
func TestRecountProgress(t *testing.T) {
	var errb bytes.Buffer
	e := &env{stderr: &errb, lang: validate.English}
	p := e.recountProgress()
	for done := 0; done <= 3000; done++ {
		p(done, 3000)
	}
	lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
	if len(lines) != 11 || !strings.Contains(lines[0], "Recounting the 5050 statistics") || !strings.Contains(lines[0], ": 0 of 3000") ||
		!strings.Contains(lines[10], "3000 of 3000") {
		t.Errorf("progress:\n%s", errb.String())
	}
	errb.Reset()
	small := e.recountProgress()
	for done := 0; done <= 20; done++ {
		small(done, 20)
	}
	if errb.Len() != 0 {
		t.Errorf("small history: %q", errb.String())
	}

	// An old database: two 5050 games stored before migration 006.
	db := filepath.Join(t.TempDir(), "old.db")
	recs := strings.Replace(goodRecord, `"Ben"`, `"Cem"`, 1) + "\n" + goodRecord + "\n"
	if code, _, errs := wb(t, db, "import", writeFile(t, "two.jsonl", recs)); code != 0 {
		t.Fatalf("import: %d %s", code, errs)
	}
	raw := openRaw(t, db)
	if _, err := raw.Exec(`DELETE FROM migrations WHERE version = 6`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	defer func(n int) { recountProgressFrom = n }(recountProgressFrom)
	recountProgressFrom = 2
	code, _, errs := wb(t, db, "--lang", "de", "games")
	if code != 0 || !strings.Contains(errs, "Die 5050-Statistik wird nachgezählt (verfehlte Bestätigungen, einmalig): 0 von 2\n") ||
		!strings.Contains(errs, ": 2 von 2\n") {
		t.Errorf("games on an old database: exit %d, stderr %q", code, errs)
	}
	if _, _, errs := wb(t, db, "--lang", "de", "games"); errs != "" {
		t.Errorf("the second opening: stderr %q", errs)
	}
}

// TestReviewWin: review --json and the text carry the review by the chance
// to win (two players of the Zehntausend family): Anna reaches the target
// 1000 in one throw; Ben, with his one turn of the final round, throws
// nothing.
func TestReviewWin(t *testing.T) {
	old := reviewValuers
	defer func() { reviewValuers = old }()
	withWin := old().WithWin()
	reviewValuers = func() review.Valuers { return withWin }
	rec := `{"game":"zehntausend","options":{"ziel":1000,"beweisen":false},"players":["Anna","Ben"],"turns":[
{"player":"Anna","throws":[{"roll":[1,1,1,5,2],"keep":[5]},{"roll":[1,1,1,3],"keep":[1,1,1]}],"stop":true},
{"player":"Ben","throws":[{"roll":[2,3,4,6,6]}]}]}`
	code, out, errs := call(t, rec, "review", "--json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Win     bool  `json:"win"`
		Exact   *bool `json:"exact"`
		Players map[string]struct {
			WinLoss  *float64 `json:"win_loss"`
			WinLuck  *float64 `json:"win_luck"`
			WinStart *float64 `json:"win_start"`
			Result   *float64 `json:"result"`
		} `json:"players"`
		Decisions []struct {
			Kind      string   `json:"kind"`
			WinLoss   *float64 `json:"win_loss"`
			WinChosen *float64 `json:"win_chosen"`
			WinBest   *float64 `json:"win_best"`
		} `json:"decisions"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	anna, ben := got.Players["Anna"], got.Players["Ben"]
	if !got.Win || got.Exact == nil || !*got.Exact || anna.Result == nil || *anna.Result != 1 || *ben.Result != 0 {
		t.Fatalf("win review: %s", out)
	}
	for _, p := range []struct{ s, l, x, r float64 }{{*anna.WinStart, *anna.WinLuck, *anna.WinLoss, 1}, {*ben.WinStart, *ben.WinLuck, *ben.WinLoss, 0}} {
		if math.Abs(p.s+p.l-p.x-p.r) > 3e-6 {
			t.Errorf("start %v + luck %v − loss %v ≠ result %v", p.s, p.l, p.x, p.r)
		}
	}
	first := got.Decisions[0]
	if first.Kind != "keep" || first.WinLoss == nil || *first.WinLoss <= 0 || math.Abs(*first.WinBest-*first.WinChosen-*first.WinLoss) > 2e-6 {
		t.Errorf("Anna's lone 5: %s", out)
	}
	code, out, _ = call(t, rec, "--lang", "de", "review", "-")
	if code != 0 || !strings.Contains(out, "Gewinnchance, in Prozentpunkten:") ||
		!strings.Contains(out, "Runde 1, 1. Wurf: 5 zur Seite statt 1115, ") || !strings.Contains(out, "Prozentpunkte Gewinnchance verschenkt") {
		t.Errorf("German text (exit %d):\n%s", code, out)
	}
}

// A game not over with no decision yet: the review says it is not over
// and that no decision was taken, not "best play throughout".
func TestReviewOfAGameNotOver(t *testing.T) {
	path := writeFile(t, "empty.json", `{"game":"5050","players":["Anna","Ben"],"turns":[]}`)
	for _, c := range []struct{ lang, notOver, none, wrong string }{
		{"en", "The game is not over", "No decision taken yet.", "best play throughout"},
		{"de", "Das Spiel ist nicht zu Ende", "Noch keine Entscheidung getroffen.", "durchweg bestes Spiel"},
	} {
		code, out, errs := call(t, "", "--lang", c.lang, "review", path)
		if code != 0 || !strings.Contains(out, c.notOver) || !strings.Contains(out, c.none) || strings.Contains(out, c.wrong) ||
			strings.Contains(out, "cost any") || strings.Contains(out, "Gewinnchance gekostet") {
			t.Errorf("%s: exit %d %s\n%s", c.lang, code, errs, out)
		}
	}
}

// Luck above 0 carries its sign in the text, as the app shows it; below 0
// a true minus; the loss none.
func TestReviewLuckSigned(t *testing.T) {
	code, out, _ := call(t, "", "--lang", "en", "review", writeFile(t, "game.json", mistakeRecord))
	if code != 0 || !strings.Contains(out, "+101.00") || !strings.Contains(out, "−94.31") || strings.Contains(out, "+399") {
		t.Errorf("signs:\n%s", out)
	}
	for in, want := range map[string]string{"0.00": "0.00", "0,0": "0,0", "2.2": "+2.2", "−1.7": "−1.7"} {
		if got := say.Plus(in); got != want {
			t.Errorf("say.Plus(%q) = %q, want %q", in, got, want)
		}
	}
}
