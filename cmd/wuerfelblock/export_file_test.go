//go:build linux

package main

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func fileSum(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", sha256.Sum256(b))
}

// Issue 19.2: export never writes the open database or its -wal, -shm or
// -journal, however the path is spelt; the database stays byte-identical
// and usable.
func TestExportRefusesTheOpenDatabase(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	db := filepath.Join(dir, "X.db")
	if code, _, errs := wb(t, db, "generate", "--games", "3"); code != 0 {
		t.Fatalf("generate: %s", errs)
	}
	os.Symlink("X.db", filepath.Join(dir, "link.json"))
	os.Link(db, filepath.Join(dir, "hard.json"))
	before := fileSum(t, db)
	for _, target := range []string{db, "X.db", "./X.db", "link.json", "hard.json", db + "-wal", "X.db-shm", "X.db-journal", "x.DB-WAL"} {
		code, out, errs := wb(t, db, "export", target)
		if code != exitInput || out != "" || !strings.Contains(errs, "will not write "+target+": it is the open database's file") || strings.Count(errs, "\n") != 1 {
			t.Errorf("export %s: exit %d %q %q, want 2 and the refusal", target, code, out, errs)
		}
	}
	if fileSum(t, db) != before {
		t.Error("the database changed")
	}
	for _, n := range []string{"X.db-wal", "X.db-shm", "X.db-journal"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			t.Errorf("%s was written", n)
		}
	}
	if code, out, errs := wb(t, db, "games"); code != 0 || strings.Count(out, "\n") < 3 {
		t.Errorf("games after the refusals: %d %q %q", code, out, errs)
	}
	// In German too.
	if _, _, errs := call(t, "", "--lang", "de", "--db", db, "export", "./X.db"); !strings.Contains(errs, "./X.db wird nicht geschrieben: das ist die Datei") {
		t.Errorf("German refusal: %q", errs)
	}
}

// Issue 19.3: devices and FIFOs are written in place, a symbolic link
// stays one, a file keeps its mode, a new one gets the umask's, a
// read-only file is refused (also as root).
func TestExportFileKinds(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	db := filepath.Join(dir, "w.db")
	if code, _, errs := wb(t, db, "generate", "--games", "2"); code != 0 {
		t.Fatalf("generate: %s", errs)
	}
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Fatalf("mknod (the tests run as root): %v", err)
	}
	if code, _, errs := wb(t, db, "export", null); code != 0 {
		t.Errorf("export to a null device: %d %q", code, errs)
	}
	if st, _ := os.Lstat(null); st.Mode()&fs.ModeCharDevice == 0 {
		t.Errorf("the device is now %v", st.Mode())
	}

	kept := filepath.Join(dir, "kept.json")
	os.WriteFile(kept, nil, 0o644)
	os.Symlink("kept.json", filepath.Join(dir, "link.json"))
	if code, _, errs := wb(t, db, "export", filepath.Join(dir, "link.json")); code != 0 {
		t.Fatalf("export through a link: %d %q", code, errs)
	}
	if st, _ := os.Lstat(filepath.Join(dir, "link.json")); st.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link is now %v", st.Mode())
	}
	if st, _ := os.Stat(kept); st.Mode() != 0o644 || st.Size() == 0 {
		t.Errorf("the link's target: %v, %d bytes; want 0644 and the export", st.Mode(), st.Size())
	}
	fresh := filepath.Join(dir, "new.json")
	if code, _, errs := wb(t, db, "export", fresh); code != 0 {
		t.Fatalf("export to a new file: %d %q", code, errs)
	}
	if st, _ := os.Stat(fresh); st.Mode() != 0o644 {
		t.Errorf("a new export is %v, want 0644 under umask 022", st.Mode())
	}

	ro := filepath.Join(dir, "ro.json")
	os.WriteFile(ro, []byte("mine"), 0o444)
	code, out, errs := wb(t, db, "export", ro)
	if code != exitInput || out != "" || errs != "wuerfelblock export: will not write "+ro+": the file is read-only\n" {
		t.Errorf("export to a 0444 file: %d %q %q", code, out, errs)
	}
	if b, _ := os.ReadFile(ro); string(b) != "mine" {
		t.Errorf("the read-only file changed (%d bytes)", len(b))
	}
}

// A file where a directory must be ("afile/x", "--csv afile"): the message
// names the part that is wrong in words ("afile is a file, not a
// directory"), not the file system's "afile/x: not a directory"; exit 2,
// afile byte-identical, nothing else written; in both languages.
func TestOutputUnderAFileNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	db := filepath.Join(dir, "w.db")
	if code, _, errs := wb(t, db, "generate", "--games", "2"); code != 0 {
		t.Fatalf("generate: %s", errs)
	}
	os.WriteFile("afile", []byte("mine"), 0o644)
	before := fileSum(t, "afile")
	for _, c := range []struct {
		args   []string
		en, de string
	}{
		{[]string{"export", "afile/x"}, "wuerfelblock export: cannot write afile/x: afile is a file, not a directory (nothing written)\n",
			"wuerfelblock export: afile/x lässt sich nicht schreiben: afile ist eine Datei, kein Verzeichnis (nichts geschrieben)\n"},
		{[]string{"export", "afile/sub/x"}, "wuerfelblock export: cannot write afile/sub/x: afile is a file, not a directory (nothing written)\n", ""},
		{[]string{"export", "--bgstats", "afile/x.bgsplay"}, "wuerfelblock export: cannot write afile/x.bgsplay: afile is a file, not a directory (nothing written)\n", ""},
		{[]string{"export", "--csv", "afile"}, "wuerfelblock export: cannot write afile: afile is a file, not a directory (nothing written)\n",
			"wuerfelblock export: afile lässt sich nicht schreiben: afile ist eine Datei, kein Verzeichnis (nichts geschrieben)\n"},
		{[]string{"export", "--csv", "afile/sub"}, "wuerfelblock export: cannot write afile/sub: afile is a file, not a directory (nothing written)\n", ""},
		{[]string{"backup", "afile/x"}, "wuerfelblock backup: cannot write afile/x: afile is a file, not a directory (nothing written)\n",
			"wuerfelblock backup: afile/x lässt sich nicht schreiben: afile ist eine Datei, kein Verzeichnis (nichts geschrieben)\n"},
		{[]string{"export", "no/such/x"}, "wuerfelblock export: cannot write no/such/x: the directory no does not exist (nothing written; create it first)\n",
			"wuerfelblock export: no/such/x lässt sich nicht schreiben: das Verzeichnis no gibt es nicht (nichts geschrieben; erst anlegen)\n"},
	} {
		for _, lang := range []string{"en", "de"} {
			want := c.en
			if lang == "de" {
				want = c.de
			}
			if want == "" {
				continue
			}
			code, out, errs := call(t, "", append([]string{"--lang", lang, "--no-backup", "--db", db}, c.args...)...)
			if code != exitInput || out != "" || errs != want {
				t.Errorf("%s %v: exit %d %q\n%q, want 2 and\n%q", lang, c.args, code, out, errs, want)
			}
		}
	}
	if fileSum(t, "afile") != before {
		t.Error("afile changed")
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if n := e.Name(); n != "afile" && !strings.HasPrefix(n, "w.db") && n != "backups" {
			t.Errorf("%s was written", n)
		}
	}
	// A path with a control character is shown escaped, not raw.
	_, _, errs := call(t, "", "--lang", "en", "--db", db, "export", "afile/\x1b[2Jx")
	if strings.Contains(errs, "\x1b") || !strings.Contains(errs, `"afile/\x1b[2Jx"`) {
		t.Errorf("a control character in the path: %q", errs)
	}
}
