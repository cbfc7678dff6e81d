package main

import (
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
