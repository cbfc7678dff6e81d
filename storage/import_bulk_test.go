package storage

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
)

// bulkHistory is a generated history as records of every kind an import
// meets: finished games, games cut short (running, or abandoned), games
// out of time order (their winning streaks are recounted), a record the
// rules refuse.
func bulkHistory(t *testing.T, n int, seed uint64) []ExportRecord {
	t.Helper()
	gen, err := generate.New(generate.Config{Games: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var recs []ExportRecord
	for i := 0; ; i++ {
		g, ok := gen.Next()
		if !ok {
			break
		}
		r := ExportRecord{ID: g.ID, Started: g.Started, Ended: g.Ended, Record: g.Game.Record()}
		switch i % 11 {
		case 3: // running
			r.Turns, r.Ended = r.Turns[:len(r.Turns)/2], time.Time{}
		case 7: // abandoned
			r.Turns, r.Status = r.Turns[:len(r.Turns)/3], Abandoned
		case 9: // refused: another player's turn
			r.Turns = slices.Clone(r.Turns)
			r.Turns[0].Player = r.Turns[1%len(r.Turns)].Player + "x"
		}
		recs = append(recs, r)
	}
	// A run of older games after newer ones.
	slices.Reverse(recs[n/3 : n/2])
	return recs
}

// dumpTables is every row of every table (the sync device's random id and
// the migrations' times left out), sorted, one line per row.
func dumpTables(t *testing.T, db *DB) map[string][]string {
	t.Helper()
	rows, err := db.sql.Query(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT IN ('sync_device', 'migrations') ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		rows.Scan(&name)
		tables = append(tables, name)
	}
	rows.Close()
	out := map[string][]string{}
	for _, name := range tables {
		rs, err := db.sql.Query(`SELECT * FROM ` + name)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rs.Columns()
		for rs.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rs.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			var sb strings.Builder
			for i, v := range vals {
				if b, ok := v.([]byte); ok {
					v = string(b)
				}
				fmt.Fprintf(&sb, "%s=%T:%v ", cols[i], v, v)
			}
			out[name] = append(out[name], sb.String())
		}
		rs.Close()
		slices.Sort(out[name])
	}
	return out
}

// importBoth imports the same records in two databases, the first with
// the summary triggers (as before bulk imports), the second in bulk.
func importBoth(t *testing.T, old, bulk *DB, recs []ExportRecord) (ImportReport, ImportReport) {
	t.Helper()
	bulkImports = false
	a, errA := old.Import(ctx, recs)
	bulkImports = true
	b, errB := bulk.Import(ctx, recs)
	if errA != nil || errB != nil {
		t.Fatalf("import: %v / %v", errA, errB)
	}
	return a, b
}

// An import writes the same rows, in every table, with its own summaries
// as with the triggers: new games of every kind and status, games out of
// order, refusals, games already stored (skipped, or brought up to date:
// written with the triggers), into an empty database and one with games.
func TestBulkImportStoresWhatTheTriggersStore(t *testing.T) {
	t.Cleanup(func() { bulkImports = true })
	dir := t.TempDir()
	old := openAtWith(t, dir+"/old.db", Options{Reviewer: sizeReviewer{}})
	bulk := openAtWith(t, dir+"/bulk.db", Options{Reviewer: sizeReviewer{}})
	recs := bulkHistory(t, 400, 7)
	first, rest := recs[:250], recs[250:]
	// The first part with some games cut short that the second part
	// brings up to date.
	cut := slices.Clone(first)
	for i := 0; i < len(cut); i += 5 {
		if cut[i].Status == "" && len(cut[i].Turns) > 4 {
			cut[i].Turns, cut[i].Ended = cut[i].Turns[:len(cut[i].Turns)-3], time.Time{}
		}
	}
	a, b := importBoth(t, old, bulk, cut)
	if a.Imported == 0 || a.RefusedCount() == 0 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("reports differ or miss a case:\n%+v\n%+v", a, b)
	}
	compareDumps(t, old, bulk)
	a, b = importBoth(t, old, bulk, append(slices.Clone(rest), first...))
	if a.Imported == 0 || a.Extended == 0 || a.Skipped == 0 || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("reports differ or miss a case:\n%+v\n%+v", a, b)
	}
	compareDumps(t, old, bulk)
	checkSummaries(t, bulk)
}

func compareDumps(t *testing.T, old, bulk *DB) {
	t.Helper()
	da, db := dumpTables(t, old), dumpTables(t, bulk)
	for _, name := range []string{"games", "entries", "turns", "results", "reviews", "turn_stats", "dice_stats", "event_stats", "result_stats", "sync_pending"} {
		if len(da[name]) == 0 {
			t.Fatalf("table %s is empty: the test shows nothing", name)
		}
	}
	for name, rows := range da {
		if !slices.Equal(rows, db[name]) {
			t.Errorf("table %s: %d rows with the triggers, %d in bulk", name, len(rows), len(db[name]))
			for i := range min(len(rows), len(db[name])) {
				if rows[i] != db[name][i] {
					t.Errorf("first difference:\n triggers %s\n bulk     %s", rows[i], db[name][i])
					break
				}
			}
		}
	}
	if len(db) != len(da) {
		t.Errorf("%d tables with the triggers, %d in bulk", len(da), len(db))
	}
}

// The import of new games runs in bulk on this schema: bulkTriggersSum is
// the sum of its triggers (a migration that changes a trigger must bring
// import_bulk.go up to date), and the import's connection then writes
// without them, and with them again afterwards.
func TestBulkImportIsUsed(t *testing.T) {
	db := openTest(t)
	conn, err := db.sql.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sum, err := triggersSum(ctx, conn)
	if err != nil || sum != bulkTriggersSum {
		t.Fatalf("the schema's triggers are %s (%v); import_bulk.go stands in for %s", sum, err, bulkTriggersSum)
	}
	if !db.startBulk(ctx, conn) {
		t.Fatal("no bulk import on this schema")
	}
	pending := func() int {
		var n int
		if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM sync_pending`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	insert := func(id string) {
		if _, err := conn.ExecContext(ctx, `INSERT INTO games (uuid, game, options, status, started) VALUES (?, '5050', '{}', 'running', 0)`, id); err != nil {
			t.Fatal(err)
		}
	}
	insert("a")
	if n := pending(); n != 0 {
		t.Fatalf("triggers off: %d games pending, want 0", n)
	}
	stopBulk(conn)
	insert("b")
	if n := pending(); n != 1 {
		t.Fatalf("triggers on again: %d games pending, want 1", n)
	}
}

var _ = scoresheet.Record{}
