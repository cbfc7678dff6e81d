package validate

import (
	"strings"
	"testing"
)

// Dreißig tot's German rules call the target face "Zielzahl", as the
// game's screens do; "Vorgabe" is the app's word for a default (a house
// rule's "(Vorgabe 6)") and named the target face before.
func TestDreissigRulesSayZielzahl(t *testing.T) {
	de := RulesText(GameDreissigTot, German)
	if !strings.Contains(de, "die Differenz (1–6) ist die Zielzahl") || strings.Contains(de, "Vorgabe") {
		t.Errorf("German rules of Dreißig tot:\n%s", de)
	}
}
