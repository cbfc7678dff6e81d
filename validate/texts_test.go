package validate

import (
	"strings"
	"testing"
)

// Zehntausend Rückwärts: the player whose throw scores nothing writes the
// points lying out as minus points. "wer nichts wirft, nimmt das Minus"
// read as "who does not throw", and the rules text said the same.
func TestRueckwaertsTextsSayScoringNothing(t *testing.T) {
	g, err := LookupGame(string(GameRueckwaerts))
	if err != nil {
		t.Fatal(err)
	}
	de, en := g.Summary(German), g.Summary(English)
	if strings.Contains(de, "nichts wirft") || !strings.Contains(de, "zählt er nichts") || !strings.Contains(de, "ausliegenden Punkte minus") {
		t.Errorf("German summary: %q", de)
	}
	if !strings.Contains(en, "score nothing") || !strings.Contains(en, "points lying out as minus") {
		t.Errorf("English summary: %q", en)
	}
	if r := RulesText(GameRueckwaerts, German); strings.Contains(r, "nichts wirft") || !strings.Contains(r, "dessen Wurf nichts zählt") {
		t.Errorf("German rules text:\n%s", r)
	}
}
