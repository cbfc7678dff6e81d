package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// recordJSON is one export line for a game played by the bot.
func recordJSON(t *testing.T, g *scoresheet.Game) string {
	t.Helper()
	b, err := json.Marshal(ExportRecord{Record: g.Record()})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Issue 10.1: one bad record must not cancel the records beside it. A
// stored Zehntausend game with 6 dice and a file that continues it with 5
// dice stopped the whole batch ("wrong number of dice"), unnamed, and every
// good record of the batch was lost.
func TestImportEachRecordStandsAlone(t *testing.T) {
	db := openTest(t)
	six := validate.MustRules(validate.GameZehntausend, map[string]any{"wuerfel": 6})
	sg, err := db.CreateGame(ctx, six, []string{"Anna", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	bad := fmt.Sprintf(`{"id":%q,"game":"zehntausend","options":{"wuerfel":5},"players":["Anna","Ben"],"turns":[{"player":"Anna","throws":[{"roll":[1,2,3,4,6],"keep":[1]}],"stop":true}]}`, sg.ID)
	b := newBot(77)
	var lines []string
	for range 259 {
		lines = append(lines, recordJSON(t, b.randomGame()))
	}
	// 260 records, the bad one at index 230.
	lines = append(lines[:230], append([]string{bad}, lines[230:]...)...)
	recs, err := DecodeExport([]byte("[" + strings.Join(lines, ",\n") + "]"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := db.Import(ctx, recs)
	if err != nil {
		t.Fatalf("one bad record stopped the import: %v", err)
	}
	if rep.Imported != 259 || len(rep.Refused) != 1 {
		t.Fatalf("imported %d, refused %d; want 259 and 1", rep.Imported, len(rep.Refused))
	}
	r := rep.Refused[0]
	if r.Index != 230 || r.ID != sg.ID {
		t.Errorf("the refusal names record %d (%s), want 230 (%s)", r.Index, r.ID, sg.ID)
	}
	var n int
	db.sql.QueryRow(`SELECT count(*) FROM games`).Scan(&n)
	if n != 260 {
		t.Errorf("%d games stored, want 260", n)
	}
	again, err := db.LoadGame(ctx, sg.ID)
	if err != nil || again.Game.Len() != 0 {
		t.Errorf("the stored game changed: %v %v", again, err)
	}
	checkSummaries(t, db)
}

// Issue 10.2: a known id is the same game (skip), a continuation of it
// (bring up to date, status included), or refused with the difference
// named. Other players, another game, other options or another status were
// "skipped (already present)", and more turns with other options were
// replayed under the stored options.
func TestImportKnownIDMustBeTheSameGame(t *testing.T) {
	db := openTest(t)
	rules := validate.MustRules(validate.GameZehntausend, map[string]any{"ziel": 1000, "beweisen": false})
	sg, err := db.CreateGame(ctx, rules, []string{"Anna", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []scoresheet.Entry{throw([]int{5, 5, 5, 2, 3}, []int{5, 5, 5}), stop} {
		if err := db.Append(ctx, sg, e); err != nil {
			t.Fatal(err)
		}
	}
	turn1 := `{"player":"Anna","throws":[{"roll":[5,5,5,2,3],"keep":[5,5,5]}],"stop":true}`
	turn2 := `{"player":"Ben","throws":[{"roll":[2,2,3,4,6]}]}`
	rec := func(game, options, players, status string, turns ...string) string {
		return fmt.Sprintf(`{"id":%q,"status":%q,"game":%q,"options":%s,"players":%s,"turns":[%s]}`,
			sg.ID, status, game, options, players, strings.Join(turns, ","))
	}
	same := `{"ziel":1000,"beweisen":false}`
	cases := []struct {
		name, rec string
		want      string // skip, extend, or the word the refusal must name
	}{
		{"identical", rec("zehntausend", same, `["Anna","Ben"]`, "running", turn1), "skip"},
		{"identical, names in other case", rec("zehntausend", same, `["anna","BEN"]`, "running"), "skip"},
		{"behind the stored game", rec("zehntausend", same, `["Anna","Ben"]`, "running"), "skip"},
		{"other players", rec("zehntausend", same, `["Anna","Cleo"]`, "running", turn1), "Cleo"},
		{"other seat order", rec("zehntausend", same, `["Ben","Anna"]`, "running"), "players"},
		{"another game", rec("5000", `{}`, `["Anna","Ben"]`, "running"), "5000"},
		{"other options", rec("zehntausend", `{"ziel":2000,"beweisen":false}`, `["Anna","Ben"]`, "running", turn1), "house rules"},
		{"more turns, other options", rec("zehntausend", `{"ziel":2000,"beweisen":false}`, `["Anna","Ben"]`, "running", turn1, turn2), "house rules"},
		{"finished in the file, not by the rules", rec("zehntausend", same, `["Anna","Ben"]`, "finished", turn1), "finished"},
	}
	for _, c := range cases {
		recs, err := DecodeExport([]byte(c.rec))
		if err != nil {
			t.Fatal(err)
		}
		rep, err := db.Import(ctx, recs)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		switch c.want {
		case "skip":
			if rep.Skipped != 1 || len(rep.Refused) != 0 {
				t.Errorf("%s: %+v, want skipped", c.name, rep)
			}
		default:
			if len(rep.Refused) != 1 {
				t.Errorf("%s: %+v, want refused", c.name, rep)
				continue
			}
			if m := Localize(rep.Refused[0].Err, validate.English); !strings.Contains(m, c.want) {
				t.Errorf("%s: %q should name %q", c.name, m, c.want)
			}
		}
		again, _ := db.LoadGame(ctx, sg.ID)
		if again.Game.Len() != 2 || again.Status != Running {
			t.Fatalf("%s changed the stored game: %d entries, %s", c.name, again.Game.Len(), again.Status)
		}
	}
	// A continuation brings entries and status up to date.
	recs, _ := DecodeExport([]byte(rec("zehntausend", same, `["Anna","Ben"]`, "abandoned", turn1, turn2)))
	rep, err := db.Import(ctx, recs)
	if err != nil || rep.Extended != 1 {
		t.Fatalf("continuation: %+v %v", rep, err)
	}
	again, _ := db.LoadGame(ctx, sg.ID)
	if again.Game.Len() != 3 || again.Status != Abandoned || again.Ended.IsZero() {
		t.Errorf("after the continuation: %d entries, %s, ended %v", again.Game.Len(), again.Status, again.Ended)
	}
	checkSummaries(t, db)
}

// Issue 10.10: rules are built once per distinct rule set.
func TestRulesAreCached(t *testing.T) {
	a, err := rulesOf("zehntausend", `{"ziel":2000}`)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := rulesOf("zehntausend", `{"ziel":2000}`)
	c, _ := rulesOf("zehntausend", `{}`)
	if a != b || a == c {
		t.Errorf("rulesOf: the same set gave %p and %p, another %p", a, b, c)
	}
}

// Issue 10.11: the running-games query of the home screen uses the status
// index instead of scanning every game.
func TestGamesByStatusUsesTheIndex(t *testing.T) {
	db := openTest(t)
	fill(t, db, 9, 30)
	db.sql.Exec(`ANALYZE`)
	q, args := gamesQuery(GameFilter{Status: Running, Limit: 10})
	rows, err := db.sql.Query(`EXPLAIN QUERY PLAN `+q, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, notused int
		var detail string
		rows.Scan(&id, &parent, &notused, &detail)
		plan = append(plan, detail)
	}
	if p := strings.Join(plan, "; "); !strings.Contains(p, "games_status") || strings.Contains(p, "SCAN g ") && !strings.Contains(p, "SEARCH g") {
		t.Errorf("plan: %s", p)
	}
	all, _ := db.Games(ctx, GameFilter{})
	running, _ := db.Games(ctx, GameFilter{Status: Running})
	n := 0
	for _, g := range all {
		if g.Status == Running {
			n++
		}
	}
	if len(running) != n || n == 0 {
		t.Errorf("%d running games listed, %d among all", len(running), n)
	}
}

// failingWriter takes limit bytes and then fails.
type failingWriter struct{ limit, n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.n+len(p) > w.limit {
		return 0, errors.New("disk full")
	}
	w.n += len(p)
	return len(p), nil
}

// Issue 10.12: export streams game by game: what a reader of the stream
// sees comes while the games are read, and a writer's error stops it.
func TestExportStreams(t *testing.T) {
	db := openTest(t)
	fill(t, db, 11, 60)
	var all bytes.Buffer
	n, err := db.ExportTo(ctx, nil, &all)
	if err != nil || n != 60 {
		t.Fatalf("ExportTo: %d, %v", n, err)
	}
	recs, err := db.Export(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := EncodeExport(recs)
	if !bytes.Equal(all.Bytes(), want) {
		t.Error("ExportTo writes other bytes than EncodeExport")
	}
	// A writer that fails after 100 kB: the export stops there, having read
	// only the games it could write (the buffer holds 64 kB).
	w := &failingWriter{limit: 100 << 10}
	n, err = db.ExportTo(ctx, nil, w)
	if err == nil || !strings.Contains(err.Error(), "disk full") || n >= 60 {
		t.Errorf("a failing writer: %d games, %v", n, err)
	}
}

// Issue 10.9: an import of 200 long games commits in short transactions,
// so that a player's entry in another program gets in while it runs
// instead of waiting for (or failing behind) the whole import.
func TestEntryGetsInDuringAnImport(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.db")
	imp := openAt(t, path)
	player := openAt(t, path)
	sg, err := player.CreateGame(ctx, validate.MustRules(validate.GameKniffel, nil), []string{"Anna"})
	if err != nil {
		t.Fatal(err)
	}
	b := newBot(5)
	var recs []ExportRecord
	for len(recs) < 200 {
		g := b.randomGame()
		if g.Len() >= 40 {
			recs = append(recs, ExportRecord{Record: g.Record()})
		}
	}
	entered := make(chan time.Duration, 1)
	i := 0
	var rep ImportReport
	done := make(chan error, 1)
	go func() {
		var err error
		rep, err = imp.ImportFrom(ctx, func() (ExportRecord, error) {
			if i == len(recs) {
				return ExportRecord{}, io.EOF
			}
			if i == 20 {
				go func() {
					t0 := time.Now()
					if err := player.Append(ctx, sg, scoresheet.Entry{Kind: scoresheet.EntryDice, Roll: []int{6, 6, 6, 6, 6}}); err != nil {
						t.Error(err)
					}
					entered <- time.Since(t0)
				}()
			}
			i++
			return recs[i-1], nil
		})
		done <- err
	}()
	var waited time.Duration
	select {
	case waited = <-entered:
	case err := <-done:
		t.Fatalf("the import (%v) ended before the player's entry got in", err)
	}
	if err := <-done; err != nil || rep.Imported != 200 {
		t.Fatalf("import: %+v %v", rep.Imported, err)
	}
	t.Logf("the entry waited %v behind the import", waited)
}

// The import's connection writes with a small page cache and a large
// checkpoint threshold; back in the pool it must be like every other
// connection again: a player's entry on it would pay for a 40 MB
// checkpoint, and every later reader would have a quarter of the cache.
func TestImportGivesItsConnectionBackAsItWas(t *testing.T) {
	db := openTest(t)
	// Settings of our own on every connection of the pool (not SQLite's
	// defaults): the import must set back what it found, not constants.
	before := poolConns(t, db, 4)
	for _, c := range before {
		if err := (connSettings{autocheckpoint: 777, cache: -3333}).set(ctx, c); err != nil {
			t.Fatal(err)
		}
		c.Close()
	}
	b := newBot(5)
	var recs []ExportRecord
	for range 3 {
		recs = append(recs, ExportRecord{Record: b.randomGame().Record()})
	}
	if _, err := db.Import(ctx, recs); err != nil {
		t.Fatal(err)
	}
	// Every connection of the pool at once: the import's is among them.
	for i, c := range poolConns(t, db, 4) {
		cs, err := readConnSettings(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		if cs.cache != -3333 || cs.autocheckpoint != 777 {
			t.Errorf("connection %d after the import: cache_size %d, wal_autocheckpoint %d; want -3333 and 777 as before", i, cs.cache, cs.autocheckpoint)
		}
	}
}
