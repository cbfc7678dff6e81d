package storage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // Europe/Berlin wherever the tests run

	"github.com/wuerfelblock/wuerfelblock/internal/examples"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// example reads a record of the project's examples (internal/examples,
// copied from the shared examples with their verdicts).
func example(t *testing.T, name string) scoresheet.Record {
	t.Helper()
	all, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(all, func(ex examples.Example) bool { return ex.Name+".json" == name })
	if i < 0 {
		t.Fatalf("no example %s in internal/examples", name)
	}
	ex := all[i]
	rec, err := scoresheet.ParseRecord(ex.Record)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// kniffelTie is a whole Kniffel game in which A and B write the same dice
// in the same boxes (a tie for the win) and C less.
func kniffelTie(t *testing.T) scoresheet.Record {
	t.Helper()
	boxes := []string{"einser", "zweier", "dreier", "vierer", "fuenfer", "sechser", "dreierpasch", "viererpasch",
		"full-house", "kleine-strasse", "grosse-strasse", "kniffel", "chance"}
	var turns []string
	for _, box := range boxes {
		for _, p := range []string{"A", "B", "C"} {
			dice := "[1,2,3,4,6]"
			if p == "C" {
				dice = "[2,2,3,3,5]"
			}
			turns = append(turns, fmt.Sprintf(`{"player":%q,"dice":%s,"score":%q}`, p, dice, box))
		}
	}
	rec, err := scoresheet.ParseRecord([]byte(`{"game":"kniffel","options":{},"players":["A","B","C"],"turns":[` + strings.Join(turns, ",") + `]}`))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// zehntausendTie is a Zehntausend game to 1000 that A and C both reach in
// the first round: a shared win.
func zehntausendTie(t *testing.T) scoresheet.Record {
	t.Helper()
	rec, err := scoresheet.ParseRecord([]byte(`{"game":"zehntausend","options":{"ziel":1000,"beweisen":false},"players":["A","B","C"],"turns":[
		{"player":"A","throws":[{"roll":[1,1,1,2,3],"keep":[1,1,1]}],"stop":true},
		{"player":"B","throws":[{"roll":[2,2,3,4,6]}]},
		{"player":"C","throws":[{"roll":[1,1,1,2,3],"keep":[1,1,1]}],"stop":true}]}`))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// bgsHistory stores a small history with every case the play file has to
// get right: a Kniffel tie for the win (twice, so the second is nobody's
// first play), a 5050 tie the seat order broke, Zehntausend with a target
// option (won outright, then shared), Rückwärts (the lowest total wins),
// and a running game.
func bgsHistory(t *testing.T) *DB {
	t.Helper()
	db := device(t, "bgs")
	start := time.Date(2025, 3, 29, 19, 0, 0, 0, time.UTC) // Saturday before the switch to summer time
	recs := []ExportRecord{
		{Record: kniffelTie(t)},
		{Record: example(t, "5050-03-end_of_round_and_tie_goes_to_earlier_seat.json")},
		{Record: example(t, "zehntausend-10-target_round_end_and_shared_win.json")},
		{Record: example(t, "zehntausend-rueckwaerts-02-loser_at_10000.json")},
		{Record: kniffelTie(t)},
		{Record: zehntausendTie(t)},
		{Record: example(t, "dreissig-tot-04-hundert_win.json")},
	}
	for i := range recs {
		recs[i].ID = fmt.Sprintf("0000000%d-aaaa-4bbb-8ccc-dddddddddddd", i+1)
		recs[i].Started = start.Add(time.Duration(i) * 24 * time.Hour)
		recs[i].Ended = recs[i].Started.Add(42*time.Minute + 30*time.Second)
		recs[i].Status = Finished
		if i == len(recs)-1 {
			recs[i].Status, recs[i].Ended = Running, time.Time{}
		}
	}
	if rep, err := db.Import(ctx, recs); err != nil || rep.Imported != len(recs) {
		t.Fatalf("import: %+v %v", rep, err)
	}
	return db
}

// The play file written for the small history is the one in
// testdata/bgstats-golden.json (read and checked by hand: ranks 1 1 3 for
// the Kniffel and the Zehntausend tie with both tied players winners, the 5050 tie with one
// winner and manualWinner, Rückwärts with highestWins false and the 0
// winning, newPlayer only on a player's first play of a game, times in the
// players' zone (Berlin: 20:00 before the switch to summer time, 21:00
// after), no running game). -update rewrites it.
func TestExportBGStatsGolden(t *testing.T) {
	db := bgsHistory(t)
	var buf bytes.Buffer
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	n, err := db.ExportBGStats(ctx, &buf, validate.German, berlin)
	if err != nil || n != 6 {
		t.Fatalf("ExportBGStats: %d plays, %v", n, err)
	}
	golden := filepath.Join("testdata", "bgstats-golden.json")
	if *updateGolden {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("the play file differs from %s:\n%s", golden, buf.String())
	}
}

// bgsShape is testdata/bgstats-shape.json: the fields BG Stats writes for
// each kind of object, with their JSON types.
type bgsShape map[string]struct {
	Required map[string][]string `json:"required"`
	Optional map[string][]string `json:"optional"`
}

func jsonType(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "boolean"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "null"
}

// check reports every object of kind that lacks a field BG Stats
// always writes, has one of another JSON type, or has a field BG Stats
// never writes.
func (s bgsShape) check(errorf func(string, ...any), kind string, objs []any) {
	sh, ok := s[kind]
	if !ok {
		errorf("no shape for %s", kind)
		return
	}
	for i, o := range objs {
		m, ok := o.(map[string]any)
		if !ok {
			errorf("%s[%d] is not an object", kind, i)
			continue
		}
		for f, types := range sh.Required {
			if v, ok := m[f]; !ok || !slices.Contains(types, jsonType(v)) {
				errorf("%s[%d].%s: %v (%s), want one of %v", kind, i, f, v, jsonType(v), types)
			}
		}
		for f, v := range m {
			types, req := sh.Required[f]
			if !req {
				var opt bool
				types, opt = sh.Optional[f]
				if !opt {
					errorf("%s[%d] has %q, a field BG Stats does not write", kind, i, f)
					continue
				}
			}
			if !slices.Contains(types, jsonType(v)) {
				errorf("%s[%d].%s is a %s, want one of %v", kind, i, f, jsonType(v), types)
			}
		}
	}
}

func readShape(t *testing.T) bgsShape {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "bgstats-shape.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s bgsShape
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		t.Fatal(err)
	}
	delete(all, "_about")
	b, _ = json.Marshal(all)
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// checkPlayFile checks a play file against the shape BG Stats writes and
// for consistency: unique ids and uuids, every RefId resolving, ids
// counting from 1, dates in BG Stats' format.
func checkPlayFile(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var f map[string]any
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	shape := readShape(t)
	shape.check(t.Errorf, "file", []any{f})
	shape.check(t.Errorf, "userInfo", []any{f["userInfo"]})
	ids := map[string]map[float64]bool{}
	for _, kind := range []string{"players", "locations", "games", "plays"} {
		objs, _ := f[kind].([]any)
		shape.check(t.Errorf, kind, objs)
		ids[kind] = map[float64]bool{}
		uuids := map[string]bool{}
		for i, o := range objs {
			m, _ := o.(map[string]any)
			u, _ := m["uuid"].(string)
			if uuids[u] || len(u) != 36 || u != strings.ToUpper(u) {
				t.Errorf("%s[%d]: uuid %q repeated or malformed", kind, i, u)
			}
			uuids[u] = true
			if kind == "plays" {
				continue
			}
			if id, _ := m["id"].(float64); id != float64(i+1) || ids[kind][id] {
				t.Errorf("%s[%d]: id %v", kind, i, m["id"])
			}
			ids[kind][m["id"].(float64)] = true
		}
	}
	dates := func(where string, m map[string]any, fields ...string) {
		for _, f := range fields {
			if s, _ := m[f].(string); s != "" {
				if _, err := time.Parse(bgsDate, s); err != nil {
					t.Errorf("%s.%s: %q is not YYYY-MM-DD hh:mm:ss", where, f, s)
				}
			}
		}
	}
	for kind := range ids {
		for i, o := range f[kind].([]any) {
			dates(fmt.Sprintf("%s[%d]", kind, i), o.(map[string]any), "modificationDate")
		}
	}
	for i, o := range f["plays"].([]any) {
		p := o.(map[string]any)
		dates(fmt.Sprintf("plays[%d]", i), p, "playDate", "entryDate", "modificationDate")
		if !ids["games"][p["gameRefId"].(float64)] {
			t.Errorf("plays[%d]: gameRefId %v resolves to no game", i, p["gameRefId"])
		}
		if l, ok := p["locationRefId"]; ok && !ids["locations"][l.(float64)] {
			t.Errorf("plays[%d]: locationRefId %v resolves to no location", i, l)
		}
		scores, _ := p["playerScores"].([]any)
		shape.check(t.Errorf, "playerScores", scores)
		seen := map[float64]bool{}
		for j, s := range scores {
			ref, _ := s.(map[string]any)["playerRefId"].(float64)
			if !ids["players"][ref] || seen[ref] {
				t.Errorf("plays[%d].playerScores[%d]: playerRefId %v unknown or twice", i, j, ref)
			}
			seen[ref] = true
		}
	}
	return f
}

// The golden play file has the shape BG Stats writes and is consistent.
func TestExportBGStatsShape(t *testing.T) {
	db := bgsHistory(t)
	var buf bytes.Buffer
	if _, err := db.ExportBGStats(ctx, &buf, validate.English, time.UTC); err != nil {
		t.Fatal(err)
	}
	checkPlayFile(t, buf.Bytes())
	// An empty history is a play file too: empty lists, not null.
	var empty bytes.Buffer
	if n, err := openTest(t).ExportBGStats(ctx, &empty, validate.English, time.UTC); err != nil || n != 0 {
		t.Fatalf("empty: %d %v", n, err)
	}
	f := checkPlayFile(t, empty.Bytes())
	for _, k := range []string{"players", "locations", "games", "plays"} {
		if l, ok := f[k].([]any); !ok || len(l) != 0 {
			t.Errorf("empty history: %s is %v", k, f[k])
		}
	}
}

// The shape check itself fails on what BG Stats would not read: a missing
// field, a number where BG Stats writes text, an unknown field.
func TestBGStatsShapeCheckFails(t *testing.T) {
	shape := readShape(t)
	for _, c := range []struct {
		kind string
		obj  string
	}{
		{"playerScores", `{"playerRefId":1,"score":12,"winner":true,"newPlayer":false,"startPlayer":false,"rank":1,"seatOrder":1}`},
		{"playerScores", `{"playerRefId":1,"score":"12","winner":true,"newPlayer":false,"rank":1,"seatOrder":1}`},
		{"games", `{"id":1,"uuid":"X","name":"Kniffel","modificationDate":"","bggId":"2243","bggYear":0,"cooperative":false,"highestWins":true,"noPoints":false,"usesTeams":false,"copies":[],"rating":0,"minPlayerCount":0,"maxPlayerCount":0,"minPlayTime":0,"maxPlayTime":0,"minAge":0,"preferredImage":0}`},
		{"players", `{"id":1,"uuid":"X","name":"A","isAnonymous":false,"modificationDate":"","nickname":"a"}`},
	} {
		var o any
		json.Unmarshal([]byte(c.obj), &o)
		var failed []string
		shape.check(func(f string, a ...any) { failed = append(failed, fmt.Sprintf(f, a...)) }, c.kind, []any{o})
		if len(failed) == 0 {
			t.Errorf("%s %s passed the shape check", c.kind, c.obj)
		}
	}
}

// BenchmarkExportBGStats20k: the play file of the 20,000-game history
// (every game finished), to io.Discard; it reports the plays per second.
func BenchmarkExportBGStats20k(b *testing.B) {
	db := benchDB(b)
	b.ReportAllocs()
	var n int
	for b.Loop() {
		var err error
		if n, err = db.ExportBGStats(ctx, io.Discard, validate.German, time.UTC); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "plays/s")
}
