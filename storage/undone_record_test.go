package storage

import (
	"bytes"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// dumpTables is every row of every table of raw but migrations, a table
// per string, the rows in rowid order; of games without the columns
// skip names.
func dumpTables(t *testing.T, raw *sql.DB, skip ...string) map[string]string {
	t.Helper()
	var tables []string
	rs, err := raw.Query(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'migrations' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	for rs.Next() {
		var n string
		rs.Scan(&n)
		tables = append(tables, n)
	}
	rs.Close()
	out := map[string]string{}
	for _, tb := range tables {
		var cols []string
		cs, err := raw.Query(`SELECT name FROM pragma_table_info(?) ORDER BY cid`, tb)
		if err != nil {
			t.Fatal(err)
		}
		for cs.Next() {
			var c string
			cs.Scan(&c)
			if tb != "games" || !slices.Contains(skip, c) {
				cols = append(cols, `"`+c+`"`)
			}
		}
		cs.Close()
		order := "rowid"
		var withoutRowid int
		raw.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = ? AND sql LIKE '%WITHOUT ROWID%'`, tb).Scan(&withoutRowid)
		if withoutRowid > 0 {
			order = "1"
		}
		rows, err := raw.Query(`SELECT ` + strings.Join(cols, ", ") + ` FROM "` + tb + `" ORDER BY ` + order)
		if err != nil {
			t.Fatalf("%s: %v", tb, err)
		}
		var b strings.Builder
		b.WriteString(strings.Join(cols, " ") + "\n")
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for _, v := range vals {
				if bs, ok := v.([]byte); ok {
					v = string(bs)
				}
				fmt.Fprintf(&b, "%v|", v)
			}
			b.WriteString("\n")
		}
		rows.Close()
		out[tb] = b.String()
	}
	return out
}

// wantTables fails unless got and want hold the same tables with the same
// rows.
func wantTables(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	for tb, w := range want {
		if got[tb] != w {
			t.Errorf("%s: table %s changed:\nwas %.600s\nnow %.600s", what, tb, w, got[tb])
		}
	}
	for tb := range got {
		if _, ok := want[tb]; !ok {
			t.Errorf("%s: table %s is new", what, tb)
		}
	}
}

// Migration 029 on a database file at schema 028 with games in it (the
// fixture made as dropSync makes older ones: 029's columns dropped and its
// row of migrations deleted, here after undos, so that games.undos is not
// 0 everywhere): every game gets undone ” (no fingerprints: compared by
// undos alone, as before), every remembered sync conflict undo 0, and
// nothing else changes (games, entries, turns, summaries, counts). Opened
// again, nothing runs a second time: the file's rows stay as they are and
// 029 is recorded once.
func TestMigration029OnSchema028File(t *testing.T) {
	db := device(t, "a")
	sg := playGames(t, db, 29, 4)
	undo(t, db, sg)
	undo(t, db, sg)
	path := db.Path()
	db.Close()

	raw := rawDB(t, path, "")
	for _, q := range []string{
		`ALTER TABLE games DROP COLUMN undone`, `ALTER TABLE sync_conflicts DROP COLUMN undo`, `DELETE FROM migrations WHERE version = 29`,
		`DELETE FROM migrations WHERE version = 30`,
	} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	// A conflict remembered by the older version.
	if _, err := raw.Exec(`INSERT INTO sync_conflicts (dir, name, game, offset, line) VALUES ('/d', 'wuerfelblock-x.jsonl', ?, 0, 1)`, sg.ID); err != nil {
		t.Fatal(err)
	}
	var v, games, undos int
	raw.QueryRow(`SELECT max(version) FROM migrations`).Scan(&v)
	raw.QueryRow(`SELECT count(*), sum(undos) FROM games`).Scan(&games, &undos)
	if v != 28 || games != 4 || undos != 2 {
		t.Fatalf("fixture: schema %d, %d games, %d undos; want 28, 4, 2", v, games, undos)
	}
	before := dumpTables(t, raw)
	raw.Close()

	dir := filepath.Join(t.TempDir(), "backups")
	opts := testOptions
	opts.Backups = dir
	open := func() map[string]string {
		t.Helper()
		db, err := OpenWith(path, opts)
		if err != nil {
			t.Fatal(err)
		}
		db.Close()
		raw := rawDB(t, path, "")
		defer raw.Close()
		var v, n int
		raw.QueryRow(`SELECT max(version), count(*) FILTER (WHERE version = 29) FROM migrations`).Scan(&v, &n)
		ms, _ := readMigrations(migrationFiles)
		if v != latest(ms) || n != 1 {
			t.Fatalf("schema %d, 029 recorded %d times; want %d, once", v, n, latest(ms))
		}
		var bad int
		raw.QueryRow(`SELECT count(*) FROM games WHERE undone IS NOT ''`).Scan(&bad)
		if bad != 0 {
			t.Errorf("%d games with undone other than '' after the migration", bad)
		}
		raw.QueryRow(`SELECT count(*) FROM sync_conflicts WHERE undo IS NOT 0`).Scan(&bad)
		if bad != 0 {
			t.Errorf("%d remembered conflicts with undo other than 0", bad)
		}
		got := dumpTables(t, raw, "undone")
		// sync_conflicts has the new column: compared without it.
		got["sync_conflicts"] = strings.Replace(strings.Replace(got["sync_conflicts"], ` "undo"`, "", 1), "|0|\n", "|\n", -1)
		return got
	}
	after := open()
	wantTables(t, "migration 029", after, before)
	saved, _ := filepath.Glob(filepath.Join(dir, "wuerfelblock-*-before-029.db"))
	if len(saved) != 1 {
		t.Fatalf("backups before 029: %v, want one", saved)
	}
	wantTables(t, "opened again", open(), after)
	if again, _ := filepath.Glob(filepath.Join(dir, "*.db")); len(again) != 1 {
		t.Fatalf("backups after opening again: %v, want the one of the migration", again)
	}
	// The migrated game goes on: its undos count, its first undo from here
	// on notes a fingerprint.
	db = openAt(t, path)
	sg, err := db.LoadGame(ctx, sg.ID)
	if err != nil {
		t.Fatal(err)
	}
	if sg.undos != 2 || len(sg.undone) != 0 {
		t.Fatalf("migrated game: undos %d, undone %v; want 2 and none", sg.undos, sg.undone)
	}
	undo(t, db, sg)
	if sg, _ = db.LoadGame(ctx, sg.ID); sg.undos != 3 || len(sg.undone) != 1 {
		t.Fatalf("after an undo: undos %d, undone %v; want 3 and one fingerprint", sg.undos, sg.undone)
	}
	checkSummaries(t, db)
}

// undoneOfExport is the field undone of each record of an export, by id.
func undoneOfExport(t *testing.T, data []byte) map[string][]string {
	t.Helper()
	recs, err := DecodeExport(data)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, r := range recs {
		if r.Undone != nil {
			out[r.ID] = r.Undone
		}
	}
	return out
}

// A game with undos exports its fingerprints (sorted, each the version an
// entry was taken back from) and comes back with them whole: exported,
// imported into a fresh database and exported again, byte for byte the
// same file; and the fingerprints still work there (a copy of the version
// taken back is older than the imported game).
func TestUndoneRoundTrip(t *testing.T) {
	a := device(t, "a")
	sg := playGames(t, a, 31, 3)
	want := []string{versionPrint(sg.Game.Entries())}
	undo(t, a, sg)
	appendOther(t, a, sg, nil)
	appendOther(t, a, sg, nil)
	want = append(want, versionPrint(sg.Game.Entries()))
	longer := slices.Clone(sg.Game.Entries())
	undo(t, a, sg)
	slices.Sort(want)
	first := exportOfDB(t, a)
	if got := undoneOfExport(t, first)[sg.ID]; !slices.Equal(got, want) {
		t.Fatalf("exported undone %v, want %v", got, want)
	}
	if !bytes.Contains(first, []byte(`"undone":["`+want[0]+`","`+want[1]+`"]`)) {
		t.Fatalf("the export does not write undone as an array of the fingerprints:\n%s", first)
	}
	b := device(t, "b")
	recs, err := DecodeExport(first)
	if err != nil {
		t.Fatal(err)
	}
	if rep, err := b.Import(ctx, recs); err != nil || rep.Imported != 3 {
		t.Fatalf("import: %+v, %v", rep, err)
	}
	if second := exportOfDB(t, b); !bytes.Equal(second, first) {
		t.Fatalf("exported again it differs:\n%s\nwas\n%s", second, first)
	}
	// On b the longer version taken back on a is older: skipped, and the
	// game stays as it is.
	var old ExportRecord
	for _, r := range recs {
		if r.ID == sg.ID {
			old = r
		}
	}
	g := sg.Game.Clone()
	if err := g.Apply(longer[len(longer)-1]); err != nil {
		t.Fatal(err)
	}
	old.Record = g.Record()
	old.Undone = nil
	rep, err := b.Import(ctx, []ExportRecord{old})
	if err != nil || rep.Skipped != 1 || lenOn(t, b, sg.ID) != sg.Game.Len() {
		t.Fatalf("the version taken back, imported: %+v, %v, %d entries; want skipped, %d", rep, err, lenOn(t, b, sg.ID), sg.Game.Len())
	}
}

// A record's undone that is not an array of fingerprints (16 hexadecimal
// digits, lower case) is refused, the message naming the field in both
// languages; the database is left as it was (nothing imported, the stored
// game with that id untouched).
func TestUndoneMalformedRefused(t *testing.T) {
	db := device(t, "a")
	sg := playGames(t, db, 32, 2)
	undo(t, db, sg)
	before := exportOfDB(t, db)
	var line string
	for _, l := range strings.Split(string(before), "\n") {
		if strings.Contains(l, sg.ID) {
			line = strings.TrimSuffix(l, ",")
		}
	}
	p := versionPrint(nil)
	for _, c := range []struct{ undone, says string }{
		{`"` + p + `"`, "undone"},
		{`5`, "undone"},
		{`-1`, "undone"},
		{`{"a":"` + p + `"}`, "undone"},
		{`[1]`, "undone"},
		{`[true]`, "undone"},
		{`[null]`, "undone"},
		{`[["` + p + `"]]`, "undone"},
		{`[""]`, "is not a fingerprint"},
		{`["` + strings.ToUpper(p) + `"]`, "is not a fingerprint"},
		{`["` + p[:15] + `"]`, "is not a fingerprint"},
		{`["` + p + `0"]`, "is not a fingerprint"},
		{`["` + p[:15] + `g"]`, "is not a fingerprint"},
		{`["` + p + `","x"]`, "is not a fingerprint"},
		{`["\u001b[2J` + p[:10] + `"]`, "is not a fingerprint"},
	} {
		for _, rec := range []string{
			// the stored game's own record, and a new game's (no id)
			regexpReplaceUndone(line, c.undone),
			`{"undone":` + c.undone + `,"game":"5050","options":{},"players":["Anna","Ben"],"turns":[]}`,
		} {
			rep := importStream(t, db, []byte("["+rec+"]"))
			if len(rep.Refused) != 1 || rep.Imported+rep.Extended+rep.Skipped != 0 {
				t.Fatalf("undone %s: %+v, want refused", c.undone, rep)
			}
			en, de := Localize(rep.Refused[0].Err, validate.English), Localize(rep.Refused[0].Err, validate.German)
			if !strings.Contains(en, `field "undone"`) || !strings.Contains(de, `Feld "undone"`) || !strings.Contains(en, c.says) {
				t.Errorf("undone %s: the refusal does not name the field (%q):\n%s\n%s", c.undone, c.says, en, de)
			}
			if strings.Contains(en+de, "json:") || strings.Contains(en+de, "Go value") || strings.Contains(de, "cannot") {
				t.Errorf("undone %s: Go's decoder speaks in the message:\n%s\n%s", c.undone, en, de)
			}
			if strings.ContainsRune(en+de, 0x1b) {
				t.Errorf("undone %s: raw escape in the message: %q", c.undone, en)
			}
			if !bytes.Equal(exportOfDB(t, db), before) {
				t.Fatalf("undone %s: the database changed", c.undone)
			}
		}
	}
	checkSummaries(t, db)
	// Well-formed ones are taken, in any order and with doubles: kept
	// sorted, once each.
	q, r := versionPrint(sg.Game.Entries()[:1]), versionPrint(sg.Game.Entries()[:2])
	rep := importStream(t, db, []byte(`[{"undone":["`+r+`","`+q+`","`+r+`"],"game":"5050","options":{},"players":["Anna","Ben"],"turns":[]}]`))
	if rep.Imported != 1 || len(rep.Refused) != 0 {
		t.Fatalf("well-formed undone: %+v", rep)
	}
	var got string
	db.sql.QueryRow(`SELECT undone FROM games WHERE undone LIKE ?`, "%"+q+"%").Scan(&got)
	want := []string{q, r}
	slices.Sort(want)
	if got != strings.Join(want, " ") {
		t.Fatalf("stored undone %q, want %q", got, strings.Join(want, " "))
	}
}

// regexpReplaceUndone puts undone in place of the field undone of the
// record line.
func regexpReplaceUndone(line, undone string) string {
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		panic(err)
	}
	m["undone"] = json.RawMessage(undone)
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// The fields an export adds to a record, given a value of the wrong type,
// are refused naming the field and what it must be, in English and in
// German (before, Go's decoder spoke: "json: cannot unmarshal number into
// Go value of type []string", in English in the German message too).
func TestExportFieldOfWrongTypeNamed(t *testing.T) {
	db := openTest(t)
	for _, c := range []struct{ field, value, en, de string }{
		{"id", `7`, "must be a string (a UUID)", "muss eine Zeichenkette (eine UUID) sein"},
		{"status", `true`, "must be a string (running, finished or abandoned)", "muss eine Zeichenkette (running, finished oder abandoned) sein"},
		{"started", `"gestern"`, "must be a time as RFC 3339 writes it", "muss eine Zeit nach RFC 3339"},
		{"ended", `1700000000`, "must be a time as RFC 3339 writes it", "muss eine Zeit nach RFC 3339"},
		{"undos", `1.5`, "must be a whole number, 0 or more", "muss eine ganze Zahl ab 0 sein"},
		{"undos", `"2"`, "must be a whole number, 0 or more", "muss eine ganze Zahl ab 0 sein"},
		{"undone", `"x"`, "must be an array of fingerprints, strings of 16 hexadecimal digits", "muss ein Array von Fingerabdrücken, Zeichenketten aus 16 Hexadezimalziffern sein"},
		{"undone", `[1]`, "must be an array of fingerprints", "muss ein Array von Fingerabdrücken"},
	} {
		rec := `[{"` + c.field + `":` + c.value + `,"game":"5050","options":{},"players":["Anna","Ben"],"turns":[]}]`
		rep := importStream(t, db, []byte(rec))
		if len(rep.Refused) != 1 || rep.Imported != 0 {
			t.Fatalf("%s: %+v, want refused", rec, rep)
		}
		en, de := Localize(rep.Refused[0].Err, validate.English), Localize(rep.Refused[0].Err, validate.German)
		if !strings.Contains(en, `field "`+c.field+`" `+c.en) || !strings.Contains(de, `Feld "`+c.field+`" `+c.de) {
			t.Errorf("%s %s:\n%s\n%s\nwant %q / %q", c.field, c.value, en, de, c.en, c.de)
		}
	}
	if n := len(queryStrings(t, db, `SELECT id FROM games`)); n != 0 {
		t.Fatalf("%d games stored", n)
	}
}

// The fingerprint as docs/RECORD.md ("undone") tells it: the first 16
// hexadecimal digits of the SHA-256 of the version's entries, a line
// each, kind|roll|keep|fives_as_ones|category, "-" for a roll or keep not
// given, the category empty outside Kniffel. The export's example there
// (5050: A's 1 1 1 5 5 5 all kept and written, B's bust 2 3 4 6 6 2
// taken back) has the fingerprint checked here.
func TestUndonePrintAsDocumented(t *testing.T) {
	db := openTest(t)
	sg, err := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"A", "B"})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []scoresheet.Entry{throw([]int{1, 1, 1, 5, 5, 5}, []int{1, 1, 1, 5, 5, 5}), stop, throw([]int{2, 3, 4, 6, 6, 2}, nil)} {
		if err := db.Append(ctx, sg, e); err != nil {
			t.Fatal(err)
		}
	}
	undo(t, db, sg)
	sum := sha256.Sum256([]byte("throw|111555|111555|0|\nstop|-|-|0|\nthrow|234662|-|0|\n"))
	const example = "1961fd5e26b6cf0c"
	if got := hex.EncodeToString(sum[:])[:16]; got != example {
		t.Errorf("the documented recipe gives %s, the example says %s", got, example)
	}
	line := `"undos":1,"undone":["` + example + `"],"game":"5050","options":{},"players":["A","B"],"turns":[{"player":"A","throws":[{"roll":[1,1,1,5,5,5],"keep":[1,1,1,5,5,5]}],"stop":true}]}`
	if data := exportOfDB(t, db); !bytes.Contains(data, []byte(line)) {
		t.Errorf("the export is not as the example:\n%s", data)
	}
	doc, err := os.ReadFile("../docs/RECORD.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{line, "`throw|111555|111555|0|`, `stop|-|-|0|`, `throw|234662|-|0|`"} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("docs/RECORD.md lacks the example %s", want)
		}
	}
	// Kniffel: a score entry has no roll, its category is written.
	k := scoresheet.Entry{Kind: scoresheet.EntryScore, Category: "chance"}
	sum = sha256.Sum256([]byte("score|-|-|0|chance\n"))
	if got := versionPrint([]scoresheet.Entry{k}); got != hex.EncodeToString(sum[:])[:16] {
		t.Errorf("a Kniffel score entry: %s, want the recipe's %s", got, hex.EncodeToString(sum[:])[:16])
	}
}
