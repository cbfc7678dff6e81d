package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The commands' tests expect nothing on standard error where nothing goes
// wrong: a table built in them (seconds on a busy machine) goes unsaid,
// except where a test asks for the note (noteBuildsAt).
func init() { buildNoteAfter = time.Hour }

// noteBuildsAt sets how long a build runs before the command says so, for
// one test.
func noteBuildsAt(t *testing.T, d time.Duration) {
	old := buildNoteAfter
	buildNoteAfter = d
	t.Cleanup(func() { buildNoteAfter = old })
}

// A command that builds a coach's table (the first time on a machine, for
// a rule set) says on standard error what it computes and where it is
// kept; the next time, with the table there, it says nothing. Before,
// `advise` or `import` waited silently (a four-player Dreißig-tot game
// imported on a new machine: 36 s without a word).
func TestBuildSaysWhatItComputes(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	noteBuildsAt(t, 0)
	args := []string{"--lang", "de", "advise", "zehntausend", "--option", "ziel=1150", "--totals", "300,650"}
	code, out, errs := call(t, "", args...)
	want := "berechne die Tabelle der Gewinnchancen für Zehntausend mit diesen Hausregeln (einmalig: sie wird in " + filepath.Join(cache, "wuerfelblock") + " aufbewahrt)…\n"
	if code != 0 || out == "" || errs != want {
		t.Fatalf("first time: exit %d, stderr %q, want %q\n%s", code, errs, want, out)
	}
	code, _, errs = call(t, "", append([]string{"--lang", "en"}, args[2:]...)...)
	if code != 0 || errs != "" {
		t.Fatalf("second time (the table is there): exit %d, stderr %q, want nothing", code, errs)
	}
	// A quick build goes unsaid (the usual case).
	noteBuildsAt(t, time.Hour)
	code, _, errs = call(t, "", "--lang", "en", "advise", "zehntausend", "--option", "ziel=1200", "--totals", "300,650")
	if code != 0 || strings.Contains(errs, "computing") {
		t.Fatalf("a quick build: exit %d, stderr %q", code, errs)
	}
}
