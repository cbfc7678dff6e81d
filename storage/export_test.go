package storage

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// fill stores n random games through Append, some abandoned.
func fill(t *testing.T, db *DB, seed uint64, n int) {
	t.Helper()
	b := newBot(seed)
	for i := range n {
		sg := storeGame(t, db, b.randomGame())
		if i%7 == 3 && sg.Status == Running {
			if err := db.Abandon(ctx, sg.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func exportAll(t *testing.T, db *DB) []byte {
	t.Helper()
	recs, err := db.Export(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := EncodeExport(recs)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func importBytes(t *testing.T, db *DB, data []byte) ImportReport {
	t.Helper()
	recs, err := DecodeExport(data)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := db.Import(ctx, recs)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestExportImportExportIsIdentical(t *testing.T) {
	src := openTest(t)
	fill(t, src, 5, 40)
	first := exportAll(t, src)

	dst := openTest(t)
	rep := importBytes(t, dst, first)
	if rep.Imported != 40 || rep.Skipped != 0 || len(rep.Refused) != 0 {
		t.Fatalf("report %+v", rep)
	}
	second := exportAll(t, dst)
	if !bytes.Equal(first, second) {
		t.Fatalf("export differs after the round trip:\n%s\n---\n%s", first, second)
	}
	checkSummaries(t, dst)
	// The summaries are the same as those written entry by entry.
	for _, q := range []string{
		`SELECT count(*), sum(points), sum(total), sum(throws), sum(hot_dice), sum(failed), sum(dice_left), sum(bonus), sum(attack) FROM turns`,
		`SELECT count(*), sum(total), sum(rank), sum(won), group_concat(options) FROM results`,
		`SELECT count(*), sum(points), group_concat(kind) FROM events`,
		`SELECT count(*), group_concat(status), sum(ended) FROM games`,
	} {
		var a, b []any
		a, b = scanAll(t, src, q), scanAll(t, dst, q)
		if !equalJSON(a, b) {
			t.Errorf("%s\n src %v\n dst %v", q, a, b)
		}
	}
	// Importing again skips every game: merging never duplicates.
	rep = importBytes(t, dst, first)
	if rep.Imported != 0 || rep.Skipped != 40 {
		t.Fatalf("second import %+v", rep)
	}
}

func scanAll(t *testing.T, db *DB, q string) []any {
	t.Helper()
	rows, err := db.sql.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	rows.Next()
	rows.Scan(ptrs...)
	return vals
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func TestImportJudgesAndRefuses(t *testing.T) {
	db := openTest(t)
	data := []byte(`[
{"game":"5050","options":{},"players":["Anna","Ben"],"turns":[{"player":"Anna","throws":[{"roll":[1,1,1,5,2,3],"keep":[1,1,1,5]}],"stop":true}]},
{"id":"3b5bd4a2-5d0e-4c8e-9d4b-0c1a7e0f2b11","game":"5050","players":["Anna","Ben"],"turns":[{"player":"Ben","throws":[{"roll":[1,2,3,4,5,6],"keep":[1]}]}]},
{"id":"not-a-uuid","game":"kniffel","players":["A"],"turns":[]},
{"game":"kniffel","players":["A\u001b[2J"],"turns":[]},
{"game":"5050","players":["A","B"],"turns":[],"cheat":true},
{"game":"5050","players":["A","B"],"turns":[{"player":"A","throws":[{"roll":[1,1,1,5,2,3],"keep":[1,1,1,5]},{"roll":[1,5],"keep":[1]}]}],"status":"abandoned","started":"2024-06-01T19:00:00Z","ended":"2024-06-01T21:30:00Z"},
{"id":"3B5BD4A2-5D0E-4C8E-9D4B-0C1A7E0F2B12","game":"totwuerfeln","options":{"runden":1},"players":["Oma"],"turns":[{"player":"Oma","throws":[{"roll":[5,5,5,5,5]}]}],"status":"running"},
17,
{"game":"totwuerfeln","players":["Oma","Opa"],"turns":[{"player":"Oma","throws":[{"roll":[5,5,5,5,5]}]}],"status":"finished"}
]`)
	rep := importBytes(t, db, data)
	if rep.Imported != 3 || rep.Skipped != 0 || len(rep.Refused) != 6 {
		t.Fatalf("report %+v", rep)
	}
	got := map[int]Refusal{}
	for _, r := range rep.Refused {
		got[r.Index] = r
	}
	if r, ok := got[1]; !ok || r.Turn != 0 || r.Throw != nil || !isCode(r.Err, validate.CodeWrongPlayer) {
		t.Errorf("wrong player: %+v", got[1])
	}
	if r, ok := got[2]; !ok || ErrorCode(r.Err) != CodeBadID {
		t.Errorf("bad id: %+v", got[2])
	}
	if r, ok := got[3]; !ok || !isCode(r.Err, validate.CodePlayerName) {
		t.Errorf("escape sequence in a name: %+v", got[3])
	}
	if r, ok := got[4]; !ok || !strings.Contains(r.Err.Error(), "cheat") {
		t.Errorf("unknown field: %+v", got[4])
	}
	if _, ok := got[7]; !ok {
		t.Errorf("a number is no record: %+v", rep.Refused)
	}
	if r, ok := got[8]; !ok || ErrorCode(r.Err) != CodeNotFinished {
		t.Errorf("a record that says finished but is not: %+v", got[8])
	}
	// One turn reads right in both languages (it said "its 1 turns", "seine 1 Züge").
	if r := got[8]; r.Err != nil {
		en, de := Localize(r.Err, validate.English), Localize(r.Err, validate.German)
		if strings.Contains(en, "1 turns") || strings.Contains(de, "1 Züge") || !strings.Contains(en, "(1)") || !strings.Contains(de, "(1)") {
			t.Errorf("one turn: %q / %q", en, de)
		}
	}
	gs, _ := db.Games(ctx, GameFilter{})
	status := map[string]Status{}
	for _, g := range gs {
		status[g.Game+"/"+g.Started.UTC().Format("15:04")] = g.Status
	}
	if status["5050/19:00"] != Abandoned {
		t.Errorf("abandoned status not kept: %v", status)
	}
	// The engine, not the file, says whether a game is over.
	tot, err := db.LoadGame(ctx, "3b5bd4a2-5d0e-4c8e-9d4b-0c1a7e0f2b12")
	if err != nil || tot.Status != Finished {
		t.Errorf("a finished Totwürfeln game marked running in the file: %+v, %v", tot, err)
	}
	checkSummaries(t, db)
}

func isCode(err error, c validate.Code) bool {
	var ve *validate.Error
	return asErr(err, &ve) && ve.Code == c
}

func TestDecodeExportRejectsWhatIsNotJSON(t *testing.T) {
	for _, in := range []string{"", "   ", "hello", "[1,2", `{"game":`, "42", `"x"`} {
		if _, err := DecodeExport([]byte(in)); err == nil {
			t.Errorf("DecodeExport(%q) took it", in)
		} else if _, ok := err.(*scoresheet.InputError); !ok {
			t.Errorf("DecodeExport(%q): %T, want *scoresheet.InputError", in, err)
		}
	}
	recs, err := DecodeExport([]byte(`{"game":"kniffel","players":["A"],"turns":[]}`))
	if err != nil || len(recs) != 1 || recs[0].Err() != nil {
		t.Errorf("a single record: %+v, %v", recs, err)
	}
}

func FuzzDecodeExport(f *testing.F) {
	f.Add([]byte(`[{"id":"3b5bd4a2-5d0e-4c8e-9d4b-0c1a7e0f2b11","status":"finished","started":"2024-06-01T19:00:00Z","game":"5050","options":{},"players":["Anna","Ben"],"turns":[{"player":"Anna","throws":[{"roll":[1,1,1,5,2,3],"keep":[1,1,1,5]}],"stop":true}]}]`))
	f.Add([]byte(`{"game":"kniffel","players":["A"],"turns":[{"player":"A","dice":[6,6,6,6,6],"score":"kniffel"}]}`))
	f.Add([]byte(`[{"game":"zehntausend","options":{"hausbau":true},"players":["A"],"turns":[{"player":"A","throws":[{"void":true}]}]}, null, []]`))
	f.Add([]byte(`[{"game":"dreissig-tot","players":["A","B"],"turns":[{"player":"A","throws":[{"roll":[6,6,6,6,6,6],"keep":[6,6,6,6,6,6]}],"attack":[{"roll":[6,1,1,1,1,1]}]}]}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := DecodeExport(data)
		if err != nil {
			return
		}
		for _, r := range recs {
			if r.Err() != nil {
				continue
			}
			// What was read judges without panicking, and what judged
			// cleanly writes a record that reads back the same.
			g, verr, err := scoresheet.Load(r.Record, validate.English)
			if err != nil || verr != nil {
				continue
			}
			out, err := EncodeExport([]ExportRecord{{ID: r.ID, Status: r.Status, Started: r.Started, Ended: r.Ended, Record: g.Record()}})
			if err != nil {
				t.Fatal(err)
			}
			back, err := DecodeExport(out)
			if err != nil || len(back) != 1 || back[0].Err() != nil {
				t.Fatalf("re-reading %s: %v %v", out, err, back)
			}
			again, err := EncodeExport(back)
			if err != nil || !bytes.Equal(again, out) {
				t.Fatalf("not stable:\n%s\n%s", out, again)
			}
		}
	})
}

// Two devices: a running game exported from A to B, then played on to its
// end on A. Importing A's export again brings B up to date (entries,
// summaries, result). B then takes entries back and plays otherwise: A's
// copy, which B took back as it is, is older and skipped; once A too takes
// an entry back and plays otherwise, the copies diverged and A's is
// refused instead of mixed in.
func TestImportBringsAGameUpToDate(t *testing.T) {
	a, b := openTest(t), openTest(t)
	rules := validate.MustRules(validate.GameZehntausend, map[string]any{"ziel": 1000, "beweisen": false})
	sg, err := a.CreateGame(ctx, rules, []string{"Anna", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	play := func(db *DB, sg *StoredGame, es ...scoresheet.Entry) {
		t.Helper()
		for _, e := range es {
			if err := db.Append(ctx, sg, e); err != nil {
				t.Fatal(err)
			}
		}
	}
	play(a, sg, throw([]int{5, 5, 5, 2, 3}, []int{5, 5, 5}), stop)
	export := func() []byte {
		recs, err := a.Export(ctx, []string{sg.ID})
		if err != nil {
			t.Fatal(err)
		}
		data, _ := EncodeExport(recs)
		return data
	}
	if rep := importBytes(t, b, export()); rep.Imported != 1 {
		t.Fatalf("first import: %+v", rep)
	}
	play(a, sg, throw([]int{2, 2, 3, 4, 6}, nil), throw([]int{1, 1, 1, 2, 3}, []int{1, 1, 1}), stop, throw([]int{2, 2, 3, 4, 6}, nil))
	if !sg.Game.Finished() {
		t.Fatal("the game should be over")
	}
	rep := importBytes(t, b, export())
	if rep.Extended != 1 || rep.Imported != 0 || rep.Skipped != 0 || len(rep.Refused) != 0 {
		t.Fatalf("second import: %+v", rep)
	}
	onB, err := b.LoadGame(ctx, sg.ID)
	if err != nil || onB.Status != Finished || !slices.Equal(onB.Game.Totals(), sg.Game.Totals()) || onB.Game.Len() != sg.Game.Len() {
		t.Fatalf("on B: %+v %v", onB, err)
	}
	checkSummaries(t, b)
	// The same file once more: nothing new.
	if rep := importBytes(t, b, export()); rep.Skipped != 1 || rep.Extended != 0 {
		t.Errorf("third import: %+v", rep)
	}
	// B takes back the last entries and plays otherwise: A's copy now differs.
	for range 3 {
		if _, err := b.Undo(ctx, onB); err != nil {
			t.Fatal(err)
		}
	}
	play(b, onB, throw([]int{1, 1, 1, 2, 3}, []int{1}))
	want := exportOfDB(t, b)
	if rep = importBytes(t, b, export()); rep.Skipped != 1 || len(rep.Refused) != 0 || !bytes.Equal(exportOfDB(t, b), want) {
		t.Fatalf("the copy B took back, imported: %+v", rep)
	}
	if _, err := a.Undo(ctx, sg); err != nil {
		t.Fatal(err)
	}
	play(a, sg, throw([]int{1, 1, 1, 2, 3}, []int{1}))
	rep = importBytes(t, b, export())
	if len(rep.Refused) != 1 || ErrorCode(rep.Refused[0].Err) != CodeDiverged {
		t.Fatalf("diverged import: %+v", rep)
	}
	again, _ := b.LoadGame(ctx, sg.ID)
	if again.Game.Len() != onB.Game.Len() {
		t.Errorf("the refused import changed B's game: %d entries, want %d", again.Game.Len(), onB.Game.Len())
	}
}
