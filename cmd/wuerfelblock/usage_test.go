package main

import (
	"regexp"
	"strings"
	"testing"
)

// Issue 12.20: an unknown command or option prints the usage to stderr
// (exit 2), and names the option as it was typed.
func TestUnknownCommandUsageOnStderr(t *testing.T) {
	code, out, errs := call(t, "", "--lang", "en", "frobnicate")
	if code != exitInput || out != "" || !strings.Contains(errs, `unknown command "frobnicate"`) || !strings.Contains(errs, "Usage:") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, errs = call(t, "", "--lang", "en", "--bogus")
	if code != exitInput || out != "" || !strings.Contains(errs, `"--bogus"`) || !strings.Contains(errs, "Usage:") {
		t.Fatalf("--bogus: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, _, errs = call(t, "", "--lang", "de", "score", "--bogus=1", "5050", "111523")
	if code != exitInput || !strings.Contains(errs, `"--bogus=1"`) {
		t.Fatalf("score --bogus=1: exit %d, stderr %q", code, errs)
	}
}

// Issue 20, item 12: the German usage names its placeholder in German, as
// its last line does ("BEFEHL"); the English one keeps COMMAND.
func TestGermanUsageSaysBefehl(t *testing.T) {
	code, out, _ := call(t, "", "--lang", "de", "--help")
	if code != 0 || strings.Contains(out, "COMMAND") || !strings.Contains(out, "[--lang de|en] BEFEHL ...") {
		t.Fatalf("exit %d, German usage:\n%s", code, out)
	}
	_, out, _ = call(t, "", "--lang", "en", "--help")
	if !strings.Contains(out, "[--lang de|en] COMMAND ...") {
		t.Fatalf("English usage:\n%s", out)
	}
}

// Every command's --help names what the user types in the user's
// language, in its synopsis and in its list of options alike: SPIEL,
// WÜRFEL, DATEI, ID=WERT in German (never GAME, DICE, FILE, "value",
// "default"), the English words in English; an option with a value names
// the value as the synopsis does ("-option ID=VALUE", not "-option value").
func TestSubcommandUsagePlaceholders(t *testing.T) {
	english := regexp.MustCompile(`\b(COMMAND|GAME|GAME_ID|DICE|FILE|VALUE|THROW|OLD|NEW|PATH)\b|\b(value|string|int|uint)\n|\(default `)
	typeNames := regexp.MustCompile(` (value|string|int|uint)\n`)
	seen := map[string]bool{}
	for _, c := range commands() {
		args := [][]string{{c.name, "--help"}}
		if c.name == "advise" {
			args = append(args, []string{"advise", "kniffel", "--help"})
		}
		for _, a := range args {
			_, de, _ := call(t, "", append([]string{"--lang", "de"}, a...)...)
			_, en, _ := call(t, "", append([]string{"--lang", "en"}, a...)...)
			if !strings.HasPrefix(de, "Aufruf: wuerfelblock "+c.name) || !strings.HasPrefix(en, "Usage: wuerfelblock "+c.name) {
				t.Fatalf("%v: no usage:\n%s\n%s", a, de, en)
			}
			if m := english.FindString(de); m != "" {
				t.Errorf("%v: the German usage says %q:\n%s", a, m, de)
			}
			for _, line := range strings.Split(de+en, "\n") {
				if strings.HasPrefix(line, "  -") && strings.Count(line, "[") != strings.Count(line, "]") {
					t.Errorf("%v: an option's value cut inside its brackets: %q", a, line)
				}
			}
			if m := typeNames.FindString(en); m != "" {
				t.Errorf("%v: the English usage names a value by its type %q:\n%s", a, m, en)
			}
			for _, w := range []string{"SPIEL", "WÜRFEL", "DATEI", "ID=WERT", "PFAD", "Vorgabe 20"} {
				seen[w] = seen[w] || strings.Contains(de, w)
			}
		}
	}
	for w, ok := range seen {
		if !ok {
			t.Errorf("no German usage says %s", w)
		}
	}
	_, out, _ := call(t, "", "--lang", "en", "score", "--help")
	if !strings.Contains(out, "score [--json] GAME [--option ID=VALUE]... DICE...") || !strings.Contains(out, "  -option ID=VALUE\n") {
		t.Errorf("English score usage:\n%s", out)
	}
	_, out, _ = call(t, "", "--lang", "de", "--help")
	if !strings.Contains(out, "[--db PFAD] [--lang de|en] BEFEHL ...") {
		t.Errorf("German main usage:\n%s", out)
	}
}
