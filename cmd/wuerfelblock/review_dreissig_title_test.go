package main

import (
	"strings"
	"testing"
)

// A Dreißig tot game of two: Anna sets all six 1s aside (6 pips), Ben's
// 36 attacks her with six 6s.
const dreissigShortRecord = `{"id":"222a9b3f-788d-47ef-b577-8745df3355d3","status":"finished","started":"2026-12-02T02:18:52.843Z","game":"dreissig-tot","options":{},"players":["Anna","Ben"],"turns":[` +
	`{"player":"Anna","throws":[{"roll":[1,1,1,1,1,1],"keep":[1,1,1,1,1,1]}]},{"player":"Ben","throws":[{"roll":[6,6,6,6,6,6],"keep":[6,6,6,6,6,6]}],"attack":[{"roll":[6,6,6,6,6,6]}]}]}`

// review of a Dreißig tot game of two heads its costliest decisions by the
// chance to win they cost (it said "in points" over percentage points).
func TestReviewDreissigCostliestTitle(t *testing.T) {
	dreissigCache(t)
	path := writeFile(t, "game.json", dreissigShortRecord)
	for _, c := range []struct{ lang, want, not string }{
		{"de", "Die teuersten Entscheidungen nach Gewinnchance (Prozentpunkte):\nAnna  Runde 1, 1. Wurf: 1 1 1 1 1 1 zur Seite statt 1  33,99 verschenkt", "in Punkten"},
		{"en", "The costliest decisions by the chance to win (percentage points):\nAnna  round 1, throw 1: set aside 1 1 1 1 1 1 instead of 1  33.99 thrown away", "in points"},
	} {
		code, out, errs := call(t, "", "--lang", c.lang, "review", path)
		if code != 0 || !strings.Contains(out, c.want) || strings.Contains(out, c.not) {
			t.Errorf("--lang %s review: exit %d %s, want %q, not %q:\n%s", c.lang, code, errs, c.want, c.not, out)
		}
	}
}
