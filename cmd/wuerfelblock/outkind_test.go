//go:build linux

package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A writing command replaces a file of the kind it writes (a daily backup
// to the same name, an export over an earlier export, our CSV tables, a
// BG Stats file) and an empty file, but refuses a non-empty file of
// another kind (exit 2, byte-identical, nothing written; also behind a
// link) naming the file, what it appears to be and the way out, in both
// languages; --force replaces it.
func TestOutputKeepsFilesOfAnotherKind(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	db := filepath.Join(dir, "X.db")
	if code, _, errs := wb(t, db, "generate", "--games", "2"); code != 0 {
		t.Fatalf("generate: %s", errs)
	}
	run := func(args ...string) (int, string, string) { return wb(t, db, args...) }
	// The same kind, written twice.
	for _, args := range [][]string{{"backup", "b.db"}, {"export", "e.json"}, {"export", "--csv", "c"}, {"export", "--bgstats", "g.bgsplay"}} {
		for i := range 2 {
			if code, _, errs := run(args...); code != 0 {
				t.Errorf("%v, %d. time: exit %d %q", args, i+1, code, errs)
			}
		}
	}
	os.WriteFile("notes.txt", []byte("hello\n"), 0o644)
	os.Symlink("notes.txt", "link.txt")
	os.WriteFile("c/turns.csv", []byte("mine,not,yours\n1,2,3\n"), 0o644)
	sums := map[string]string{}
	for _, f := range []string{"b.db", "e.json", "g.bgsplay", "notes.txt", "c/games.csv", "c/turns.csv", "c/totals.csv"} {
		sums[f] = fileSum(t, f)
	}
	for _, c := range []struct {
		args       []string
		file, says string
	}{
		{[]string{"export", "notes.txt"}, "notes.txt", "it appears to be a text file, not a JSON export of game records"},
		{[]string{"export", "link.txt"}, "link.txt", "it appears to be a text file, not a JSON export"},
		{[]string{"backup", "e.json"}, "e.json", "it appears to be a JSON export of game records, not a backup"},
		{[]string{"backup", "notes.txt"}, "notes.txt", "it appears to be a text file, not a backup"},
		{[]string{"export", "b.db"}, "b.db", "it appears to be a wuerfelblock backup, not a JSON export"},
		{[]string{"export", "--bgstats", "e.json"}, "e.json", "it appears to be a JSON export of game records, not a BG Stats play file"},
		{[]string{"export", "g.bgsplay"}, "g.bgsplay", "it appears to be a BG Stats play file, not a JSON export"},
		{[]string{"export", "--csv", "c"}, "c/turns.csv", "it appears to be a text file, not wuerfelblock's CSV table turns.csv"},
	} {
		code, out, errs := run(c.args...)
		want := "will not replace " + c.file + ": " + c.says
		if code != exitInput || out != "" || !strings.Contains(errs, want) || !strings.Contains(errs, "choose another name, or --force to replace it") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d %q %q, want 2 and %q", c.args, code, out, errs, want)
		}
	}
	for f, sum := range sums {
		if fileSum(t, f) != sum {
			t.Errorf("%s changed", f)
		}
	}
	if st, _ := os.Lstat("link.txt"); st.Mode()&os.ModeSymlink == 0 {
		t.Error("link.txt is no longer a link")
	}
	// No backups/ folder either: a refused backup FILE writes nothing there.
	onlyNames(t, dir, "X.db", "b.db", "c", "e.json", "g.bgsplay", "link.txt", "notes.txt")
	onlyNames(t, filepath.Join(dir, "c"), "games.csv", "totals.csv", "turns.csv")
	// In German.
	_, _, errs := call(t, "", "--lang", "de", "--db", db, "export", "notes.txt")
	if want := "notes.txt wird nicht ersetzt: die Datei scheint eine Textdatei zu sein, geschrieben würde ein JSON-Export von Spielberichten (nichts geschrieben; einen anderen Namen wählen oder mit --force ersetzen)"; !strings.Contains(errs, want) {
		t.Errorf("German: %q, want %q", errs, want)
	}
	// --force replaces.
	for _, args := range [][]string{{"export", "--force", "notes.txt"}, {"backup", "--force", "e.json"}, {"export", "--force", "--csv", "c"}} {
		if code, _, errs := run(args...); code != 0 {
			t.Errorf("%v: exit %d %q", args, code, errs)
		}
	}
	if b, _ := os.ReadFile("notes.txt"); !strings.HasPrefix(string(b), "[\n{\"id\":") {
		t.Errorf("export --force: notes.txt is %q", b)
	}
	if b, _ := os.ReadFile("e.json"); !strings.HasPrefix(string(b), "SQLite format 3\x00") {
		t.Error("backup --force did not replace e.json")
	}
	if b, _ := os.ReadFile("c/turns.csv"); !strings.HasPrefix(string(b), "game_id,turn,") {
		t.Errorf("export --force --csv: turns.csv is %q", b)
	}
	// An empty file is replaced.
	os.WriteFile("empty", nil, 0o600)
	if code, _, errs := run("backup", "empty"); code != 0 {
		t.Errorf("backup over an empty file: %d %q", code, errs)
	}
}

// A FIFO is written through, whatever a command writes, unjudged.
func TestOutputThroughAFIFO(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "X.db")
	if code, _, errs := wb(t, db, "generate", "--games", "1"); code != 0 {
		t.Fatalf("generate: %s", errs)
	}
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"export", fifo}, {"backup", fifo}} {
		got := make(chan []byte)
		go func() {
			f, err := os.Open(fifo)
			if err != nil {
				got <- nil
				return
			}
			b, _ := io.ReadAll(f)
			f.Close()
			got <- b
		}()
		code, _, errs := wb(t, db, args...)
		b := <-got
		if code != 0 || len(b) == 0 {
			t.Errorf("%v: exit %d %q, the reader got %d bytes", args, code, errs, len(b))
		}
	}
}

func onlyNames(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("%s holds %q, want %q", dir, got, names)
	}
}
