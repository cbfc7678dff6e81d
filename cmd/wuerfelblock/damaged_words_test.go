package main

import (
	"bytes"
	"crypto/sha256"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// shellArgs is what a POSIX shell (bash) makes of line: its words, as a
// command line's arguments after "wuerfelblock".
func shellArgs(t *testing.T, line string) []string {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash to read the command with")
	}
	out, err := exec.Command("bash", "-c", `wuerfelblock() { printf '%s\0' "$@"; }; `+line).Output()
	if err != nil {
		t.Fatalf("bash -c %q: %v", line, err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

// A command quoted for the shell comes back from it as it was, whatever
// the path holds; nothing of it reaches the terminal raw.
func TestShellQuote(t *testing.T) {
	for _, s := range []string{
		"/data/w.db", "/data/Omas Würfel/w.db", "/data/Anna's/w.db", "/a/$HOME/`x`/\"q\"/w.db",
		"/a/new\nline/w.db", "/a/tab\there", "/a/\x1b[31mred", "/a/bad\xffutf8", "", "-x", "/a/\\back'slash",
	} {
		q := shellQuote(s)
		if strings.ContainsAny(q, "\n\t\x1b") || !strings.HasPrefix(q, "'") && !strings.HasPrefix(q, "$'") && q != s {
			t.Errorf("shellQuote(%q) = %q", s, q)
		}
		if got := shellArgs(t, "wuerfelblock "+q); len(got) != 1 || got[0] != s {
			t.Errorf("shellQuote(%q) = %q, which the shell reads as %q", s, q, got)
		}
	}
}

// spoiled writes a copy of the database file src to dst, cut after its
// third page: SQLite refuses it at the first statement (its header counts
// pages the file does not hold).
func spoiled(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b[:3*4096], 0o644); err != nil {
		t.Fatal(err)
	}
}

func sum(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

// A damaged database at the start of the app: the one line names the
// file, says it is damaged and was left as it was, and gives the exact
// command that puts the latest backup in its place, quoted for the shell
// (the folder here has a space and an apostrophe), with --db where the
// user chose the file; run as given, it restores. It said "Choose another
// file with --db or restore a backup", with SQLite's English in German.
func TestAppStartDamagedGivesRestoreCommand(t *testing.T) {
	good := generated(t, "6")
	dir := filepath.Join(t.TempDir(), "Omas Würfel's")
	backup := filepath.Join(dir, "backups", "club-2026-11-30.db")
	os.MkdirAll(filepath.Dir(backup), 0o755)
	if code, _, errs := wb(t, good, "backup", backup); code != 0 {
		t.Fatalf("backup: %s", errs)
	}
	db := filepath.Join(dir, "club.db")
	spoiled(t, good, db)
	before := sum(t, db)
	cmd := "wuerfelblock --db " + shellQuote(db) + " restore " + shellQuote(backup)
	if !strings.Contains(cmd, `'\''s/`) {
		t.Fatalf("the test's path needs quoting: %s", cmd)
	}
	for _, c := range []struct {
		lang string
		want []string
	}{
		{"en", []string{db + " is not a wuerfelblock database or it is damaged (SQLite finds its pages malformed); the file was left untouched. To put the latest backup in its place, run: " + cmd + "\n"}},
		{"de", []string{db + " ist keine wuerfelblock-Datenbank oder sie ist beschädigt (SQLite findet ihre Seiten fehlerhaft); die Datei wurde nicht verändert. Um die letzte Sicherung an ihre Stelle zu setzen, ausführen: " + cmd + "\n"}},
	} {
		code, out, errs := call(t, "", "--lang", c.lang, "--db", db)
		if code != exitFailure || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "wuerfelblock: ") {
			t.Errorf("%s: exit %d, %q %q", c.lang, code, out, errs)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%s: %q\nwant %q", c.lang, errs, w)
			}
		}
		for _, not := range []string{"with --db", "mit --db", "malformed (11)", "Choose"} {
			if strings.Contains(errs, not) {
				t.Errorf("%s: %q says %q", c.lang, errs, not)
			}
		}
	}
	if sum(t, db) != before {
		t.Fatal("the damaged file changed")
	}
	// The command as the shell reads it restores the backup.
	_, line, _ := strings.Cut(strings.TrimSpace(func() string { _, _, e := call(t, "", "--lang", "en", "--db", db); return e }()), "run: ")
	if line == "" {
		t.Fatal("no command to run")
	}
	args := shellArgs(t, line)
	if code, out, errs := call(t, "", args...); code != 0 || !strings.Contains(out, ": 6 games") {
		t.Fatalf("%v: %d %q %q", args, code, out, errs)
	}
	_, want, _ := wb(t, good, "games", "--all")
	if code, got, _ := wb(t, db, "games", "--all"); code != 0 || got != want {
		t.Fatalf("games after the restore: %d\n%s\nwant\n%s", code, got, want)
	}
}

// The default database (no --db, no WUERFELBLOCK_DB) gets the command
// without --db; a database without a backup the command that starts with
// a new file beside it (one not taken), and where it looked for backups.
func TestDamagedDefaultAndNoBackup(t *testing.T) {
	good := generated(t, "3")
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	t.Setenv("WUERFELBLOCK_DB", "")
	db := filepath.Join(data, "wuerfelblock", "wuerfelblock.db")
	spoiled(t, good, db)
	code, _, errs := call(t, "", "--lang", "en", "games")
	want := "There is no backup of it in " + filepath.Join(data, "wuerfelblock", "backups") + "; to start with a new database file, run: wuerfelblock --db " + filepath.Join(data, "wuerfelblock", "wuerfelblock-new.db") + "\n"
	if code != exitFailure || !strings.HasSuffix(errs, want) {
		t.Errorf("no backup: %d %q\nwant the end %q", code, errs, want)
	}
	os.WriteFile(filepath.Join(data, "wuerfelblock", "wuerfelblock-new.db"), nil, 0o644)
	if _, _, errs := call(t, "", "--lang", "de", "games"); !strings.HasSuffix(errs, "; um mit einer neuen Datenbankdatei zu beginnen, ausführen: wuerfelblock --db "+filepath.Join(data, "wuerfelblock", "wuerfelblock-new-2.db")+"\n") {
		t.Errorf("no backup, German, the new name taken: %q", errs)
	}
	backup := filepath.Join(data, "wuerfelblock", "backups", "wuerfelblock-2026-11-30.db")
	os.MkdirAll(filepath.Dir(backup), 0o755)
	if code, _, errs := wb(t, good, "backup", backup); code != 0 {
		t.Fatalf("backup: %s", errs)
	}
	_, _, errs = call(t, "", "--lang", "en")
	_, line, ok := strings.Cut(strings.TrimSpace(errs), "run: ")
	if !ok || line != "wuerfelblock restore "+backup {
		t.Fatalf("the default database: %q", errs)
	}
	if code, out, errs := call(t, "", shellArgs(t, line)...); code != 0 || !strings.Contains(out, ": 3 games") {
		t.Fatalf("%s: %d %q %q", line, code, out, errs)
	}
}

// A database SQLite finds damaged while using it (the check before a
// command) gets the same command, after what 'wuerfelblock check' is for.
func TestDamagedInUseGivesRestoreCommand(t *testing.T) {
	db := damagedCopy(t)
	backup := filepath.Join(filepath.Dir(db), "backups", "w-2026-11-30.db")
	good := generated(t, "2")
	os.MkdirAll(filepath.Dir(backup), 0o755)
	if code, _, errs := wb(t, good, "backup", backup); code != 0 {
		t.Fatalf("backup: %s", errs)
	}
	code, _, errs := wb(t, db, "--lang", "de", "players")
	want := "die Datenbank " + db + " ist beschädigt (die Prüfung von SQLite findet Fehler darin); es wurde nichts mehr hineingeschrieben. 'wuerfelblock check' zeigt, was nicht stimmt. Um die letzte Sicherung an ihre Stelle zu setzen, ausführen: wuerfelblock --db " + db + " restore " + backup + "\n"
	if code != exitFailure || !strings.HasSuffix(errs, want) || strings.Count(errs, "\n") != 1 {
		t.Errorf("%d %q\nwant the end %q", code, errs, want)
	}
}

// backup FILE makes no backups/ folder beside the database (it left an
// empty one), nor leaves its copy there; backup without FILE still makes
// the folder it writes into.
func TestBackupToFileMakesNoFolder(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "w.db")
	if code, _, errs := wb(t, db, "players", "add", "Anna"); code != 0 {
		t.Fatal(errs)
	}
	dest := filepath.Join(t.TempDir(), "copy.db")
	if code, _, errs := wb(t, db, "--no-backup", "backup", dest); code != 0 {
		t.Fatalf("backup FILE: %d %q", code, errs)
	}
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "w.db" {
		t.Errorf("beside the database after backup FILE: %v", names)
	}
	if code, out, _ := wb(t, dest, "players"); code != 0 || !strings.Contains(out, "Anna") {
		t.Errorf("the backup: %d %q", code, out)
	}
	if code, _, errs := wb(t, db, "--no-backup", "backup"); code != 0 {
		t.Fatalf("backup: %d %q", code, errs)
	}
	if ents, _ := os.ReadDir(filepath.Join(dir, "backups")); len(ents) != 1 {
		t.Errorf("backup without FILE: %v", ents)
	}
}

// A refused restore leaves its target as it was: a database that was not
// there is still not there (nor its folder), an existing one keeps every
// byte. A damaged backup is named with what is wrong with it, in both
// languages, and no flag the user did not type (it said "Choose another
// file with --db").
func TestRefusedRestoreLeavesTarget(t *testing.T) {
	good := generated(t, "4")
	bad := filepath.Join(t.TempDir(), "old.db")
	spoiled(t, good, bad)
	text := writeFile(t, "notes.db", "shopping list\n")
	existing := generated(t, "2")
	before := sum(t, existing)
	for _, c := range []struct {
		lang, src, want string
	}{
		{"en", bad, "wuerfelblock restore: the backup " + bad + " is damaged (SQLite finds its pages malformed): it was not restored, and nothing was changed. Restore another backup\n"},
		{"de", bad, "wuerfelblock restore: die Sicherung " + bad + " ist beschädigt (SQLite findet ihre Seiten fehlerhaft): sie wurde nicht zurückgespielt, und nichts wurde geändert. Eine andere Sicherung zurückspielen\n"},
		{"en", text, "wuerfelblock restore: " + text + " is not a wuerfelblock database; the file was left untouched\n"},
	} {
		parent := t.TempDir()
		fresh := filepath.Join(parent, "new", "sub", "club.db")
		for _, target := range []string{fresh, filepath.Join(parent, "club.db"), existing} {
			code, out, errs := wb(t, target, "--lang", c.lang, "restore", c.src)
			if code != exitInput || out != "" || errs != c.want {
				t.Errorf("%s restore %s into %s: %d %q %q\nwant %q", c.lang, c.src, target, code, out, errs, c.want)
			}
		}
		if ents, _ := os.ReadDir(parent); len(ents) != 0 {
			t.Errorf("%s: a refused restore into a new database left %v", c.src, ents)
		}
		if sum(t, existing) != before {
			t.Errorf("%s: a refused restore changed the database", c.src)
		}
		if ents, _ := os.ReadDir(filepath.Dir(existing)); len(ents) != 1 {
			t.Errorf("%s: beside the database after a refused restore: %v", c.src, ents)
		}
	}
	if b, _ := os.ReadFile(bad); !bytes.Equal(b[:16], []byte("SQLite format 3\x00")) || len(b) != 3*4096 {
		t.Error("the refused backup changed")
	}
}
