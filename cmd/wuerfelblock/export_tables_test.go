//go:build linux

package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// export --bgstats and --csv never write the open database or its
// companions, however the path is spelt (through a link too), and refuse
// it as export FILE does: exit 2, one line, the database unchanged.
func TestExportTablesRefuseTheOpenDatabase(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	db := filepath.Join(dir, "X.db")
	if code, _, errs := wb(t, db, "generate", "--games", "3"); code != 0 {
		t.Fatalf("generate: %s", errs)
	}
	os.Symlink("X.db", filepath.Join(dir, "link.json"))
	os.Link(db, filepath.Join(dir, "hard.json"))
	before := fileSum(t, db)
	for _, target := range []string{db, "./X.db", "link.json", "hard.json", "X.db-wal", "x.DB-SHM"} {
		code, out, errs := wb(t, db, "export", "--bgstats", target)
		if code != exitInput || out != "" || !strings.Contains(errs, "will not write "+target+": it is the open database's file") || strings.Count(errs, "\n") != 1 {
			t.Errorf("export --bgstats %s: exit %d %q %q, want 2 and the refusal", target, code, out, errs)
		}
	}
	// A CSV folder holding a link named like a table to the database.
	tables := filepath.Join(dir, "tables")
	os.Mkdir(tables, 0o755)
	os.Symlink(db, filepath.Join(tables, "turns.csv"))
	code, _, errs := wb(t, db, "export", "--csv", tables)
	if code != exitInput || !strings.Contains(errs, "will not write "+filepath.Join(tables, "turns.csv")+": it is the open database's file") {
		t.Errorf("export --csv over a link to the database: exit %d %q", code, errs)
	}
	if fileSum(t, db) != before {
		t.Error("the database changed")
	}
	if _, err := os.Stat(filepath.Join(dir, "X.db-wal")); err == nil {
		t.Error("X.db-wal was written")
	}
	if code, out, _ := wb(t, db, "games"); code != 0 || strings.Count(out, "\n") < 3 {
		t.Errorf("games after the refusals: %d %q", code, out)
	}
}

// export --bgstats FILE: a symbolic link stays one and its target is
// written with its mode kept; a new file gets the umask's mode; a
// read-only file is refused with exit 2; a full device gives one line and
// exit 3; "-" writes the play file to standard output.
func TestExportBGStatsFileKinds(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	db := filepath.Join(dir, "w.db")
	if code, _, errs := wb(t, db, "generate", "--games", "4"); code != 0 {
		t.Fatalf("generate: %s", errs)
	}
	target := filepath.Join(dir, "plays.bgsplay")
	os.WriteFile(target, []byte(`{"players": [], "games": [], "plays": []}`), 0o640) // an earlier play file
	link := filepath.Join(dir, "link.bgsplay")
	os.Symlink("plays.bgsplay", link)
	if code, out, errs := wb(t, db, "export", "--bgstats", link); code != 0 || !strings.Contains(out, "finished games written to "+link) {
		t.Fatalf("through a link: %d %q %q", code, out, errs)
	}
	if st, _ := os.Lstat(link); st.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link is now %v", st.Mode())
	}
	st, _ := os.Stat(target)
	b, _ := os.ReadFile(target)
	var f struct {
		Plays []json.RawMessage `json:"plays"`
	}
	if st.Mode().Perm() != 0o640 || json.Unmarshal(b, &f) != nil || len(f.Plays) == 0 {
		t.Errorf("the link's target: mode %v, %d plays, %.60q", st.Mode().Perm(), len(f.Plays), b)
	}
	fresh := filepath.Join(dir, "new.bgsplay")
	if code, _, errs := wb(t, db, "export", "--bgstats", fresh); code != 0 {
		t.Fatalf("a new file: %d %q", code, errs)
	}
	if st, _ := os.Stat(fresh); st.Mode().Perm() != 0o644 {
		t.Errorf("a new file has mode %v", st.Mode().Perm())
	}
	ro := filepath.Join(dir, "ro.bgsplay")
	os.WriteFile(ro, []byte("keep"), 0o444)
	if code, _, errs := wb(t, db, "export", "--bgstats", ro); code != exitInput || !strings.Contains(errs, "read-only") {
		t.Errorf("a read-only file: %d %q", code, errs)
	}
	if b, _ := os.ReadFile(ro); string(b) != "keep" {
		t.Errorf("the read-only file now holds %.40q", b)
	}
	if code, out, errs := wb(t, db, "export", "--bgstats", "/dev/full"); code != exitFailure || out != "" || !strings.Contains(errs, "no space left") || strings.Count(errs, "\n") != 1 {
		t.Errorf("a full device: %d %q %q", code, out, errs)
	}
	code, out, errs := wb(t, db, "export", "--bgstats", "-")
	if code != 0 || errs != "" || json.Unmarshal([]byte(out), &f) != nil || len(f.Plays) == 0 {
		t.Errorf("to standard output: %d %.80q %q", code, out, errs)
	}
}
