package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The app (no command) refuses a database it cannot open with one line in
// the user's language, the operating system's reason in it too (German
// said "… beschädigt (no SQLite header)"), and leaves the file as it was.
func TestAppStartRefusalsInLanguage(t *testing.T) {
	dir := t.TempDir()
	afile := filepath.Join(dir, "afile")
	notDB := filepath.Join(dir, "notes.db")
	for p, data := range map[string]string{afile: "x\n", notDB: "not a database, but the players' notes\n"} {
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sub := filepath.Join(dir, "games")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	ro := immutableDir(t)
	english := []string{"is a directory", "not a directory", "operation not permitted", "permission denied", "no SQLite header", "open ", "mkdir "}
	for _, c := range []struct {
		db     string
		de, en string
	}{
		{sub, sub + " lässt sich nicht anlegen oder schreiben: ist ein Verzeichnis, keine Datei", "is a directory"},
		{filepath.Join(afile, "x.db"), afile + ": ist kein Verzeichnis", afile + ": not a directory"},
		{filepath.Join(ro, "new.db"), "nicht erlaubt (fehlende Rechte oder unveränderlich)", "operation not permitted"},
		{notDB, "beschädigt (keine SQLite-Kennung am Dateianfang); die Datei wurde nicht verändert", "damaged (no SQLite header); the file was left untouched"},
	} {
		before, _ := os.ReadFile(notDB)
		code, out, errs := call(t, "", "--lang", "de", "--db", c.db)
		bad := code != exitFailure || out != "" || !strings.HasPrefix(errs, "wuerfelblock: ") || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.de)
		for _, en := range english {
			bad = bad || strings.Contains(errs, en)
		}
		if bad {
			t.Errorf("de --db %s: %d %q %q", c.db, code, out, errs)
		}
		code, out, errs = call(t, "", "--lang", "en", "--db", c.db)
		if code != exitFailure || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.en) {
			t.Errorf("en --db %s: %d %q %q", c.db, code, out, errs)
		}
		if after, err := os.ReadFile(notDB); err != nil || !bytes.Equal(after, before) {
			t.Errorf("--db %s: the refused file changed (%v)", c.db, err)
		}
	}
	// Nothing was made beside the refused files.
	for _, d := range []string{dir, sub, ro} {
		ents, _ := os.ReadDir(d)
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		want := map[string]string{dir: "afile games notes.db", sub: "", ro: ""}[d]
		if strings.Join(names, " ") != want {
			t.Errorf("%s holds %v after the refusals, want %q", d, names, want)
		}
	}
}
