package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// games show for a Kniffel game listed each turn's points without the box
// they were written in; the box is named in the user's language.
func TestGamesShowKniffelBox(t *testing.T) {
	db := filepath.Join(t.TempDir(), "w.db")
	rec := `{"id":"5b0c2a4e-8c1b-4d6a-9f3e-0a1b2c3d4e62","started":"2024-12-26T19:00:00Z","game":"kniffel","options":{},"players":["Anna","Ben"],"turns":[` +
		`{"player":"Anna","dice":[2,2,3,3,3],"score":"full-house"},{"player":"Ben","dice":[1,2,3,4,6],"score":"kleine-strasse"},` +
		`{"player":"Anna","dice":[6,6,6,6,1],"score":"sechser"}]}`
	if code, _, errs := wb(t, db, "import", writeFile(t, "in.json", "["+rec+"]")); code != 0 {
		t.Fatalf("import: %d %s", code, errs)
	}
	for lang, want := range map[string][]string{
		"de": {"Feld", "Full House", "Kleine Straße", "Sechser"},
		"en": {"box", "Full house", "Small straight", "Sixes"},
	} {
		code, out, _ := wb(t, db, "--lang", lang, "games", "show", "5b0c2a4e")
		if code != 0 {
			t.Fatalf("--lang %s games show: %d\n%s", lang, code, out)
		}
		lines := strings.Split(out, "\n")
		for i, w := range want {
			if len(lines) <= i+1 || !strings.Contains(lines[i+1], w) {
				t.Errorf("--lang %s games show: line %d lacks %q:\n%s", lang, i+2, w, out)
			}
		}
	}
}
