package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Numeric flags out of their range, and flags that mean nothing in the
// command as given, were taken silently (advise --previous -5 answered as
// if it were not there): each is refused with exit 2, nothing on standard
// output and one line naming the flag and what is allowed, in both
// languages.
func TestFlagsOutOfRangeRefused(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	steig := []string{"advise", "zehntausend", "--option", "steigerung=true"}
	db := filepath.Join(t.TempDir(), "g.db")
	for _, c := range []struct {
		args   []string
		en, de string
	}{
		{[]string{"advise", "zehntausend", "--previous", "-5"}, "--previous counts only with the house rule steigerung", "--previous gilt nur mit der Hausregel steigerung"},
		{[]string{"advise", "5050", "--previous", "300", "11123/111"}, "--previous counts only with the house rule steigerung", ""},
		{append(steig, "--previous", "-5"), "--previous -5: the result of the turn before is 0 or more, a multiple of 50", "--previous -5: das Ergebnis des Zugs davor ist 0 oder mehr, ein Vielfaches von 50"},
		{append(steig, "--previous", "75", "11123/111"), "--previous 75: the result of the turn before is 0 or more, a multiple of 50", ""},
		{append(steig, "--previous", "-50", "--totals", "0,0"), "--previous -50: the result", ""},
		{[]string{"advise", "5050", "--not-entered"}, "--not-entered: 5050 has no entry to reach", "--not-entered: 5050 kennt kein Hineinkommen"},
		{[]string{"advise", "5000", "--not-entered", "--totals", "0,0"}, "--not-entered with --totals: the totals say who has entered", "--not-entered mit --totals: die Stände sagen, wer drin ist"},
		{[]string{"advise", "zehntausend", "--seat", "2"}, "--seat needs --totals", "--seat braucht --totals"},
		{[]string{"advise", "zehntausend", "--seat", "-1", "11123/111"}, "--seat needs --totals", ""},
		{[]string{"generate", "--db", db, "--players", "0", "--games", "1"}, "--players takes a number from 2 to 16, not 0", "--players nimmt eine Zahl von 2 bis 16, nicht 0"},
		{[]string{"generate", "--db", db, "--players", "-3", "--games", "1"}, "--players takes a number from 2 to 16, not -3", ""},
	} {
		for _, lang := range []string{"en", "de"} {
			want := c.en
			if lang == "de" {
				want = c.de
			}
			if want == "" {
				continue
			}
			code, out, errs := call(t, "", append([]string{"--lang", lang}, c.args...)...)
			if code != exitInput || out != "" || !strings.Contains(errs, want) || strings.Count(errs, "\n") != 1 {
				t.Errorf("%s %v: exit %d, out %q, err %q; want 2 and %q", lang, c.args, code, out, errs, want)
			}
		}
	}
	// What the flags do mean still works: a previous result of steigerung,
	// also with --totals (the points fall back and stop above it), and
	// 5000's --not-entered.
	for _, args := range [][]string{
		append(steig, "--previous", "1200", "11123/111", "15/15"),
		append(steig, "--previous", "1200", "--totals", "0,0", "11123/111", "15/15"),
	} {
		code, out, errs := call(t, "", append([]string{"--lang", "en"}, args...)...)
		if code != 0 || errs != "" || !strings.Contains(out, "Stop: not allowed") {
			t.Errorf("%v: exit %d %q\n%s (want no stop at 1150 after a previous 1200)", args, code, errs, out)
		}
	}
	if code, _, errs := call(t, "", "advise", "5000", "--not-entered"); code != 0 {
		t.Errorf("advise 5000 --not-entered: exit %d %s", code, errs)
	}
}

// A throw typed as "1x0" (or "x", "0", "7", a second /, a letter in the
// keep): one line naming the throw by its place and as typed (escaped,
// `the 2nd throw "7"`, German `der 2. Wurf „7“`), the bad character
// at its position in that throw, and what a throw is typed with; exit 2,
// both languages, nothing typed raw.
func TestBadThrowTextSaysWhatIsAllowed(t *testing.T) {
	for _, c := range []struct {
		args   []string
		en, de string
	}{
		{[]string{"advise", "zehntausend", "1x0"}, `the 1st throw "1x0": "x" at position 2 is not part of a throw: a throw is its dice 1 to 6 (111523 or 1 1 1 5 2 3), then once / and the dice set aside (111523/111), a turned five as 5* (552346/5*), a void throw (Hausbau) as v alone`,
			`der 1. Wurf „1x0“: "x" an Stelle 2 gehört zu keinem Wurf: ein Wurf sind seine Würfel 1 bis 6`},
		{[]string{"advise", "zehntausend", "x"}, `the 1st throw "x": "x" at position 1 is not part of a throw: a throw is its dice 1 to 6`, ""},
		// "vx": v alone is a void throw (it did not say so)
		{[]string{"advise", "zehntausend", "--option", "hausbau=true", "vx"}, `a void throw (Hausbau) as v alone`, `ein Fehlversuch (Hausbau) als v allein`},
		{[]string{"advise", "zehntausend", "0"}, `the 1st throw "0": "0" at position 1 is not a die: dice show 1 to 6`, `der 1. Wurf „0“: "0" an Stelle 1 ist kein Würfel: Würfel zeigen 1 bis 6`},
		{[]string{"advise", "5050", "11123/111", "7"}, `the 2nd throw "7": "7" at position 1 is not a die: dice show 1 to 6`, ""},
		{[]string{"advise", "zehntausend", "11123/1x1"}, `the 1st throw "11123/1x1": "x" at position 8 is not part of a throw`, ""},
		{[]string{"advise", "zehntausend", "11123//111"}, `the 1st throw "11123//111": "/" at position 7 is not part of a throw`, ""},
		{[]string{"advise", "zehntausend", "5*1234/5"}, `the 1st throw "5*1234/5": "*" at position 2 is not part of a throw`, ""},
		{[]string{"advise", "zehntausend", "1\x1b[2J"}, `the 1st throw "1\x1b[2J": "\x1b" at position 2 is not part of a throw`, ""},
		{[]string{"advise", "dreissig-tot", "645321/6x5"}, `the 1st throw "645321/6x5": "x" at position 9 is not part of a throw: a throw is its dice 1 to 6 (111523 or 1 1 1 5 2 3), then once / and the dice set aside (111523/111)`,
			`der 1. Wurf „645321/6x5“: "x" an Stelle 9 gehört zu keinem Wurf: ein Wurf sind seine Würfel 1 bis 6`},
		{[]string{"advise", "dreissig-tot", "645321/65", "1x0"}, `the 2nd throw "1x0": "x" at position 2 is not part of a throw`, ""},
		{[]string{"score", "zehntausend", "1x0"}, `"x" at position 2 is not a die: type the pips 1 to 6, e.g. 111523 or 1 1 1 5 2 3`, `"x" an Stelle 2 ist kein Würfel: die Augen 1 bis 6 eintippen`},
	} {
		for _, lang := range []string{"en", "de"} {
			want := c.en
			if lang == "de" {
				want = c.de
			}
			if want == "" {
				continue
			}
			code, out, errs := call(t, "", append([]string{"--lang", lang}, c.args...)...)
			if code != exitInput || out != "" || !strings.Contains(errs, want) || strings.Count(errs, "\n") != 1 || strings.Contains(errs, "\x1b") {
				t.Errorf("%s %q: exit %d, out %q,\nerr  %q\nwant %q", lang, c.args, code, out, errs, want)
			}
		}
	}
}

// Bad inputs found trying the commands: a file read through a file
// ("judge afile/x": "afile/x: not a directory"), an empty output name
// (export "" said "cannot write : it is a directory", export --csv ""
// exported to standard output), a flag value that is no number or truth
// value (the flag package's English "parse error", "-limit", half German).
func TestOtherBadInputsSaid(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	db := filepath.Join(dir, "w.db")
	if code, _, errs := wb(t, db, "generate", "--games", "1"); code != 0 {
		t.Fatalf("generate: %s", errs)
	}
	if err := os.WriteFile("afile", []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args   []string
		en, de string
	}{
		{[]string{"judge", "afile/x"}, "wuerfelblock judge: there is no file afile/x: afile is a file, not a directory\n", "wuerfelblock judge: die Datei afile/x gibt es nicht: afile ist eine Datei, kein Verzeichnis\n"},
		{[]string{"import", "afile/x"}, "wuerfelblock import: there is no file afile/x: afile is a file, not a directory\n", ""},
		{[]string{"export", ""}, "wuerfelblock export: cannot write a file without a name: give one, not an empty one\n", "wuerfelblock export: ohne Namen lässt sich keine Datei schreiben: einen angeben, keinen leeren\n"},
		{[]string{"backup", ""}, "wuerfelblock backup: cannot write a file without a name: give one, not an empty one\n", ""},
		{[]string{"export", "--csv", ""}, "wuerfelblock export: --csv needs a name, not an empty one\n", "wuerfelblock export: --csv braucht einen Namen, keinen leeren\n"},
		{[]string{"export", "--bgstats", ""}, "wuerfelblock export: --bgstats needs a name, not an empty one\n", ""},
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
				t.Errorf("%s %q: exit %d, out %q,\nerr  %q\nwant %q", lang, c.args, code, out, errs, want)
			}
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--lang", "en", "games", "--limit", "x"}, `wuerfelblock games: --limit "x": not a whole number`},
		{[]string{"--lang", "de", "games", "--limit", "x"}, `wuerfelblock games: --limit "x": keine ganze Zahl`},
		{[]string{"--lang", "de", "advise", "dreissig-tot", "--seat", "99999999999999999999"}, `wuerfelblock advise: --seat "99999999999999999999": eine Zahl weit außerhalb des Bereichs`},
		{[]string{"--lang", "de", "advise", "5000", "--not-entered=vielleicht"}, `wuerfelblock advise: --not-entered "vielleicht": true oder false`},
	} {
		code, _, errs := call(t, "", append([]string{"--db", db}, c.args...)...)
		if first, _, _ := strings.Cut(errs, "\n"); code != exitInput || first != c.want {
			t.Errorf("%q: exit %d, first line %q, want %q", c.args, code, first, c.want)
		}
	}
}
