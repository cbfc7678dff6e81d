package main

import (
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

const goodRecord = `{"game":"5050","options":{},"players":["Anna","Ben"],"turns":[{"player":"Anna","throws":[{"roll":[1,1,1,5,2,3],"keep":[1,1,1,5]}],"stop":true}]}`

// Issue 10.3: keys are matched exactly and only once, and judge and import
// give the same verdict on every file: exit 2 for what is not a record.
func TestJudgeAndImportAgreeOnStrictRecords(t *testing.T) {
	cases := map[string]string{
		"key in other case":      strings.Replace(goodRecord, `"turns"`, `"Turns"`, 1),
		"nested key in caps":     strings.Replace(goodRecord, `"roll"`, `"ROLL"`, 1),
		"duplicate key":          strings.Replace(goodRecord, `"game":"5050"`, `"game":"kniffel","game":"5050"`, 1),
		"duplicate turn key":     strings.Replace(goodRecord, `"stop":true`, `"stop":false,"stop":true`, 1),
		"duplicate option":       strings.Replace(goodRecord, `"options":{}`, `"options":{"wuerfel":6,"wuerfel":6}`, 1),
		"unknown field":          strings.Replace(goodRecord, `"stop":true`, `"stop":true,"cheat":1`, 1),
		"a pip of 1e308":         strings.Replace(goodRecord, `[1,1,1,5,2,3]`, `[1,1,1,5,2,1e308]`, 1),
		"duplicate in the throw": strings.Replace(goodRecord, `"keep":[1,1,1,5]`, `"keep":[1],"keep":[1,1,1,5]`, 1),
	}
	for name, rec := range cases {
		in := writeFile(t, "r.json", rec)
		code, out, errs := wb(t, filepath.Join(t.TempDir(), "j.db"), "judge", in)
		if code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: judge exit %d %q %q, want 2 and one line", name, code, out, errs)
		}
		db := filepath.Join(t.TempDir(), "i.db")
		code, out, errs = wb(t, db, "import", in)
		if code != 2 || !strings.Contains(out, "0 imported") || !strings.Contains(errs, "record 1") {
			t.Errorf("%s: import exit %d %q %q, want 2 and the record refused", name, code, out, errs)
		}
	}
	// The record itself is fine.
	in := writeFile(t, "r.json", goodRecord)
	if code, _, errs := wb(t, filepath.Join(t.TempDir(), "j.db"), "judge", in); code != 0 {
		t.Fatalf("judge of the good record: %d %q", code, errs)
	}
	if code, out, errs := wb(t, filepath.Join(t.TempDir(), "i.db"), "import", in); code != 0 || !strings.Contains(out, "1 imported") {
		t.Fatalf("import of the good record: %d %q %q", code, out, errs)
	}
}

// damagedCopy generates a 300-game database and zeroes one page in its
// middle, as a failing disk would.
func damagedCopy(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "w.db")
	if code, _, errs := wb(t, db, "generate", "--games", "300"); code != 0 {
		t.Fatalf("generate: %s", errs)
	}
	f, err := os.OpenFile(db, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := f.Stat()
	page := int64(4096)
	if _, err := f.WriteAt(make([]byte, page), (st.Size()/page/2)*page); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return db
}

// Issue 10.5: a damaged file is neither used nor written: every command
// stops with one clear line, and check says what is wrong.
func TestDamagedDatabaseStopsEveryCommand(t *testing.T) {
	db := damagedCopy(t)
	sum := func() string {
		b, _ := os.ReadFile(db)
		return fmt.Sprintf("%x", sha256.Sum256(b))
	}
	before := sum()
	in := writeFile(t, "r.json", goodRecord)
	for _, args := range [][]string{
		{"players", "add", "Neu"},
		{"import", in},
		{"stats"},
		{"export"},
		{"games"},
	} {
		code, out, errs := wb(t, db, args...)
		if code != 3 || !strings.Contains(errs, "damaged") || !strings.Contains(errs, "wuerfelblock check") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v on a damaged file: exit %d, out %.200q, err %.300q", args, code, out, errs)
		}
	}
	if sum() != before {
		t.Error("the damaged file was written to")
	}
	code, out, errs := wb(t, db, "check")
	if code != 3 || !strings.Contains(out, "integrity_check") {
		t.Errorf("check of a damaged file: exit %d %.300q %.300q", code, out, errs)
	}
	// check on a sound database says so, and exits 0.
	good := filepath.Join(t.TempDir(), "g.db")
	wb(t, good, "generate", "--games", "40")
	if code, out, errs := wb(t, good, "check"); code != 0 || !strings.Contains(out, "no problems") {
		t.Errorf("check of a sound file: exit %d %.300q %.300q", code, out, errs)
	}
}

// Issue 19.5: a damaged database over 24 MiB is neither used nor written
// either: the damage came after the last full check (two days ago), on a
// page no command reads (here a 26 MiB table of another kind), and the
// day's full check finds it before anything is written.
func TestLargeDamagedDatabaseStopsEveryCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	if code, _, errs := wb(t, db, "generate", "--games", "30"); code != 0 {
		t.Fatalf("generate: %s", errs)
	}
	raw := openRaw(t, db)
	for _, q := range []string{
		`CREATE TABLE pad (b BLOB)`,
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 26) INSERT INTO pad SELECT randomblob(1 << 20) FROM n`,
		`CREATE TABLE IF NOT EXISTS checks (kind TEXT PRIMARY KEY, passed INTEGER NOT NULL)`,
		`INSERT OR REPLACE INTO checks VALUES ('quick_check', CAST(unixepoch('now', '-2 days') AS INTEGER) * 1000)`,
	} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()
	f, err := os.OpenFile(db, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := f.Stat()
	if st.Size() <= 24<<20 {
		t.Fatalf("the database has %d bytes, want over 24 MiB", st.Size())
	}
	f.WriteAt(make([]byte, 4096), (st.Size()/4096/2)*4096)
	f.Close()
	sum := func() string {
		b, _ := os.ReadFile(db)
		return fmt.Sprintf("%x", sha256.Sum256(b))
	}
	before := sum()
	in := writeFile(t, "r.json", goodRecord)
	for _, args := range [][]string{{"players", "add", "Neu"}, {"import", in}, {"export"}, {"stats"}} {
		code, out, errs := wb(t, db, args...)
		if code != 3 || !strings.Contains(errs, "damaged") || !strings.Contains(errs, "checking the whole database (26 MB") {
			t.Errorf("%v on a damaged 26 MB file: exit %d, out %.200q, err %.300q", args, code, out, errs)
		}
	}
	if sum() != before {
		t.Error("the damaged file was written to")
	}
}

// Issue 10.7: a database file that cannot be written can still be read:
// games, stats, export and players work, and only writing is refused.
func TestReadOnlyDatabaseCanBeRead(t *testing.T) {
	if p := os.Getenv("WB_READONLY_DB"); p != "" {
		readOnlyChecks(t, p)
		return
	}
	// A file nobody may write (in a directory nobody, or everybody, may
	// write: not even SQLite's WAL index can be made beside it, or it can),
	// and (issue 19.6) a file anybody may write in a directory nobody may:
	// SQLite could not make its WAL there.
	for _, c := range []struct{ dirMode, fileMode os.FileMode }{{0o755, 0o444}, {0o777, 0o444}, {0o555, 0o666}} {
		dirMode := c.dirMode
		dir, err := os.MkdirTemp("", "wb-ro-*")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(dir)
		db := filepath.Join(dir, "w.db")
		if code, _, errs := wb(t, db, "generate", "--games", "20"); code != 0 {
			t.Fatal(errs)
		}
		os.Chmod(db, c.fileMode)
		os.Chmod(dir, dirMode)
		if os.Geteuid() != 0 {
			readOnlyChecks(t, db)
			continue
		}
		// root writes any file: run the checks as nobody, from a copy of
		// this test binary that nobody may run.
		bin := filepath.Join(dir, "cmd.test")
		data, err := os.ReadFile(os.Args[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(bin, data, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "-test.run=^TestReadOnlyDatabaseCanBeRead$")
		cmd.Env = append(os.Environ(), "WB_READONLY_DB="+db, "HOME="+dir)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("directory %o, as nobody: %v\n%s", dirMode, err, out)
		}
	}
}

func readOnlyChecks(t *testing.T, db string) {
	before, _ := os.ReadFile(db)
	for _, args := range [][]string{{"games"}, {"stats"}, {"export"}, {"players"}, {"check"}} {
		if code, out, errs := wb(t, db, args...); code != 0 || out == "" {
			t.Errorf("%v on a read-only file: exit %d, %.100q %.300q", args, code, out, errs)
		}
	}
	code, _, errs := wb(t, db, "players", "add", "Neu")
	if code != 3 || !strings.Contains(errs, "can only be read") || strings.Count(errs, "\n") != 1 {
		t.Errorf("players add on a read-only file: exit %d, %q", code, errs)
	}
	if after, _ := os.ReadFile(db); string(after) != string(before) {
		t.Error("the read-only file changed")
	}
}

// rawControls finds what must never reach a terminal raw: control
// characters other than newline and tab, and bidi overrides.
func rawControls(s string) string {
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r == '\u202e' || r == '\u202d' || r == '\u2066' || r == '\u200f':
			return fmt.Sprintf("%U", r)
		}
	}
	return ""
}

// Issue 10.8: names and ids from files and other programs never reach the
// terminal raw, in any output or error.
func TestNothingRawReachesTheTerminal(t *testing.T) {
	evil := "Ev\x1b[2J\x1b]52;c;QUFB\x07il\r\u202eA"
	check := func(what string, outs ...string) {
		t.Helper()
		for _, o := range outs {
			if r := rawControls(o); r != "" {
				t.Errorf("%s: %s reaches the terminal raw in %q", what, r, o)
			}
		}
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "w.db")

	// judge: a turn's player.
	rec := strings.Replace(goodRecord, `{"player":"Anna"`, `{"player":`+jsonString(evil), 1)
	in := writeFile(t, "r.json", rec)
	_, out, errs := wb(t, db, "judge", in)
	check("judge", out, errs)
	_, out, errs = wb(t, db, "judge", "--json", in)
	check("judge --json", out, errs)

	// import: a record's id.
	idRec := `{"id":` + jsonString("\x1b]0;pwned\x07"+strings.Repeat("x", 5000)) + `,` + goodRecord[1:]
	in = writeFile(t, "i.json", "["+idRec+"]")
	_, out, errs = wb(t, db, "import", in)
	check("import", out, errs)
	if len(errs) > 400 {
		t.Errorf("import echoes a 5000-character id whole: %d bytes", len(errs))
	}

	// players rename echoes the new name as stored.
	wb(t, db, "players", "add", "Anna")
	_, out, errs = wb(t, db, "players", "rename", "Anna", "Bo\x1b[31mb")
	check("players rename", out, errs)

	// A database another program wrote names into.
	wb(t, db, "import", writeFile(t, "g.json", goodRecord))
	raw := openRaw(t, db)
	if _, err := raw.Exec(`UPDATE players SET name = ? WHERE name = 'Ben'`, evil); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	for _, args := range [][]string{{"games"}, {"games", "--json"}, {"players"}, {"players", "--json"}, {"stats"}, {"stats", "--csv"}, {"export"}} {
		_, out, errs := wb(t, db, args...)
		check(strings.Join(args, " "), out, errs)
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// openRaw opens a database as another program would.
func openRaw(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// Issue 10.4: sane limits with a clear message that quotes at most a short
// prefix; records read one by one (an array, one record, or one per line).
func TestRecordLimits(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	turn := `{"player":"Anna","throws":[{"roll":[2,3,4,6,6,2]}]},{"player":"Ben","throws":[{"roll":[2,3,4,6,6,2]}]}`
	many := `{"game":"5050","players":["Anna","Ben"],"turns":[` + strings.TrimSuffix(strings.Repeat(turn+",", 5001), ",") + `]}`
	huge := `{"game":"5050","players":["Anna","Ben"],"turns":[],"pad":"` + strings.Repeat("x", 17<<20) + `"}`
	bigName := strings.Replace(goodRecord, `"Ben"`, `"`+strings.Repeat("B", 1<<20)+`"`, 1)
	dice := `{"game":"totwuerfeln","options":{"wuerfel":1000000},"players":["Anna"],"turns":[]}`
	for name, c := range map[string]struct{ rec, want string }{
		"10,002 turns":         {many, "at most 10000 turns"},
		"a record over 16 MiB": {huge, "larger than 16 MiB"},
		"a 1 MB player name":   {bigName, "BBBBBBBBBB…"},
		"a million dice":       {dice, "from 1 to 36"},
	} {
		in := writeFile(t, "r.json", c.rec)
		for _, cmd := range []string{"judge", "import"} {
			code, _, errs := wb(t, db, cmd, in)
			if code != 2 || !strings.Contains(errs, c.want) || len(errs) > 600 {
				t.Errorf("%s, %s: exit %d, %d bytes %.300q; want 2 and %q", name, cmd, code, len(errs), errs, c.want)
			}
		}
	}
	// JSON Lines: one record per line.
	lines := writeFile(t, "l.jsonl", goodRecord+"\n"+strings.Replace(goodRecord, "Ben", "Cleo", 2)+"\n")
	if code, out, errs := wb(t, db, "import", lines); code != 0 || !strings.Contains(out, "2 imported") {
		t.Errorf("JSON Lines: %d %q %q", code, out, errs)
	}
	// A file that breaks off: the records before the break are stored and
	// the summary says so.
	cut := writeFile(t, "c.json", "["+strings.Replace(goodRecord, "Ben", "Dora", 2)+",\n"+goodRecord[:40])
	code, out, errs := wb(t, db, "import", cut)
	if code != 2 || !strings.Contains(out, "1 imported") || !strings.Contains(errs, "record 2") {
		t.Errorf("a file that breaks off: %d %q %q", code, out, errs)
	}
}

// Issue 10.10: games lists the latest 20 by default, with --limit and --all.
func TestGamesPaging(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	if code, _, errs := wb(t, db, "generate", "--games", "45"); code != 0 {
		t.Fatal(errs)
	}
	lines := func(out string) int { return strings.Count(out, "\n") }
	_, out, _ := wb(t, db, "games")
	if !strings.Contains(out, "20 of 45") || lines(out) != 1+20+1 {
		t.Errorf("default listing: %d lines\n%s", lines(out), out)
	}
	_, out, _ = wb(t, db, "games", "--limit", "5")
	if !strings.Contains(out, "5 of 45") || lines(out) != 1+5+1 {
		t.Errorf("--limit 5: %d lines\n%s", lines(out), out)
	}
	_, out, _ = wb(t, db, "games", "--all")
	if strings.Contains(out, " of 45") || lines(out) != 1+45 {
		t.Errorf("--all: %d lines", lines(out))
	}
	code, out, _ := wb(t, db, "games", "--json")
	var gs []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &gs) != nil || len(gs) != 20 {
		t.Errorf("--json: %d games", len(gs))
	}
	if code, _, errs := wb(t, db, "games", "--all", "--limit", "3"); code != 2 {
		t.Errorf("--all with --limit: %d %q", code, errs)
	}
}

// Issue 12.21: players add says when it cut a name, and a name that is
// taken in another case says so.
func TestPlayersAddSaysWhatItStored(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	long := strings.Repeat("Maximiliane", 20)
	code, out, errs := wb(t, db, "players", "add", long)
	if code != 0 || !strings.Contains(out, "Added "+long[:40]) || !strings.Contains(out, "cut to 40 characters") {
		t.Errorf("a long name: %d %q %q", code, out, errs)
	}
	wb(t, db, "players", "add", "Ann")
	code, _, errs = wb(t, db, "players", "add", "ann")
	if code != 1 || !strings.Contains(errs, `"Ann"`) || !strings.Contains(errs, "case") || strings.Contains(errs, "40") {
		t.Errorf("a name taken in another case: %d %q", code, errs)
	}
	code, out, errs = wb(t, db, "--lang", "de", "players", "add", strings.Repeat("ß", 50))
	if code != 0 || !strings.Contains(out, "auf 40 Zeichen gekürzt") {
		t.Errorf("German: %d %q %q", code, out, errs)
	}
}

// Issue 12.18: judge says it reads standard input, and judges every record
// of an export file.
func TestJudgeStdinHintAndExportFiles(t *testing.T) {
	_, out, _ := wb(t, filepath.Join(t.TempDir(), "w.db"), "judge", "--help")
	if !strings.Contains(out, "standard input") {
		t.Errorf("judge --help does not say it reads standard input:\n%s", out)
	}
	db := filepath.Join(t.TempDir(), "w.db")
	bad := strings.Replace(goodRecord, `"player":"Anna"`, `"player":"Ben"`, 1)
	export := "[\n" + `{"id":"3b5bd4a2-5d0e-4c8e-9d4b-0c1a7e0f2b11","status":"running",` + goodRecord[1:] + ",\n" + bad + "\n]\n"
	in := writeFile(t, "export.json", export)
	code, out, errs := wb(t, db, "judge", in)
	if code != 1 || strings.Count(out, "Record ") != 2 || !strings.Contains(out, "3b5bd4a2") || !strings.Contains(out, "Not allowed (turn 1)") {
		t.Errorf("judge of an export: %d\n%s\n%s", code, out, errs)
	}
	code, out, _ = wb(t, db, "judge", "--json", in)
	var vs []map[string]any
	if code != 1 || json.Unmarshal([]byte(out), &vs) != nil || len(vs) != 2 {
		t.Errorf("judge --json of an export: %d %s", code, out)
	}
	// JSON Lines too.
	in = writeFile(t, "l.jsonl", goodRecord+"\n"+goodRecord+"\n")
	if code, out, _ := wb(t, db, "judge", in); code != 0 || strings.Count(out, "Record ") != 2 {
		t.Errorf("judge of JSON Lines: %d %s", code, out)
	}
}

// A hint on stderr when judge waits for a record typed at a terminal.
func TestJudgeHintOnATerminal(t *testing.T) {
	tty, err := os.Open("/dev/tty")
	if err != nil {
		tty, err = os.Open("/dev/null") // a character device as well
	}
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	var out, errb strings.Builder
	run([]string{"judge"}, tty, &out, &errb)
	if !strings.Contains(errb.String(), "standard input") {
		t.Errorf("no hint when reading a terminal: %q", errb.String())
	}
}

// A name typed with a terminal's escape sequences: an OSC (ESC ] … BEL,
// the window title) goes whole, not leaving "]0;pwn" (as it did); a name
// of nothing but such characters is refused as holding them, not as empty.
func TestPlayersNameWithEscapeSequences(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	wb(t, db, "players", "add", "Eva")
	code, out, errs := wb(t, db, "players", "rename", "Eva", "\x1b]0;pwn\x07Eva Lang")
	if code != 0 || !strings.Contains(out, "to Eva Lang") || strings.Contains(out, "pwn") {
		t.Fatalf("rename: %d %q %q", code, out, errs)
	}
	_, list, _ := wb(t, db, "players")
	if strings.Contains(list, "]0;") || !strings.Contains(list, "Eva Lang") {
		t.Fatalf("stored:\n%s", list)
	}
	for _, lang := range []string{"en", "de"} {
		code, _, errs = wb(t, db, "--lang", lang, "players", "add", "\x1b\x07")
		word := map[string]string{"en": "control character", "de": "Steuerzeichen"}[lang]
		if code == 0 || !strings.Contains(errs, word) || strings.Contains(errs, "empty") || strings.Contains(errs, "leer") || strings.ContainsRune(errs, 0x1b) {
			t.Errorf("%s: only control characters: %d %q", lang, code, errs)
		}
	}
}
