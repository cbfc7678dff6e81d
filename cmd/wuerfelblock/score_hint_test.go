package main

import (
	"strings"
	"testing"
)

// Issue 12.19: a throw with more dice than the game is set to says which
// house rule takes them.
func TestScoreTooManyDiceNamesTheOption(t *testing.T) {
	code, _, errs := call(t, "", "--lang", "en", "score", "zehntausend", "111523")
	if code != exitInput || !strings.Contains(errs, "not 6") || !strings.Contains(errs, "--option wuerfel=6") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	code, _, errs = call(t, "", "--lang", "de", "score", "zehntausend-rueckwaerts", "111523")
	if code != exitInput || !strings.Contains(errs, "--option wuerfel=6") {
		t.Fatalf("Rückwärts: exit %d, stderr %q", code, errs)
	}
	// No such hint where no house rule allows that many dice.
	code, _, errs = call(t, "", "--lang", "en", "score", "5000", "111523")
	if code != exitInput || strings.Contains(errs, "--option") {
		t.Fatalf("5000: exit %d, stderr %q", code, errs)
	}
}
