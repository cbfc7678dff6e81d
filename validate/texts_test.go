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

// 5050: six 1s read as two triples (2000) beat three pairs (1500) and need
// no confirmation; the rules text, which says six alike are 1500 to
// confirm, says so in both languages (issue 20, item 8). The figures are
// the engine's.
func TestRulesText5050SixOnes(t *testing.T) {
	r := MustRules(Game5050, nil)
	roll := []int{1, 1, 1, 1, 1, 1}
	k := r.LegalKeeps(roll)[0]
	if k.Points != 2000 || len(k.Dice) != 6 {
		t.Fatalf("engine: six 1s give %+v", k)
	}
	if r.NewFamilyTurn(TurnContext{}).NoteOf(k).NeedsConfirm {
		t.Fatal("engine: six 1s need a confirmation")
	}
	for _, c := range []struct {
		lang        Lang
		six, reason string
	}{
		{English, "Six 1s are 2000", "nothing to confirm"},
		{German, "Sechs Einsen zählen dagegen 2000", "nichts zu bestätigen"},
	} {
		text := RulesText(Game5050, c.lang)
		i := strings.Index(text, c.six)
		if i < 0 {
			t.Errorf("%v rules text does not say %q:\n%s", c.lang, c.six, text)
			continue
		}
		line, _, _ := strings.Cut(text[i:], "\n")
		if !strings.Contains(line, c.reason) {
			t.Errorf("%v rules text: %q does not say %q", c.lang, line, c.reason)
		}
	}
}
