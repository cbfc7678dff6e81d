package say

import (
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The words of the coach that plays to win, in both languages, as the
// issue writes them.
func TestWinWords(t *testing.T) {
	de, en := New(validate.German), New(validate.English)
	plain := func(s string) string { return strings.ReplaceAll(s, "\u00a0", " ") }
	for _, c := range []struct{ got, want string }{
		{de.WinDiffer(true, false), "Auf Punkte: schreiben; auf Sieg: weiter"},
		{en.WinDiffer(true, false), "On points: stop; to win: throw on"},
		{de.WinDiffer(false, true), "Auf Punkte: weiter; auf Sieg: schreiben"},
		{plain(de.WinNow(0.413, false)), "Gewinnchance 41,3 %"},
		{plain(en.WinNow(0.413, true)), "Chance to win ≈41.3 %"},
		{plain(de.WinChoices(0.38, 0.442, false, true)), "Gewinnchance: schreiben 38,0 % · weiter 44,2 % ◀"},
		{plain(en.WinChoices(0.5, 0.5, false, false)), "Win: stop 50.0 % ◀ · throw on 50.0 %"},
		{plain(de.WinDifferKeep("a", "1 1 1 5", true, "b", "1 1 1", false)), "Auf Punkte: a (1 1 1 5), dann schreiben; auf Sieg: b (1 1 1), dann weiter"},
		{plain(en.WinDifferKeep("a", "", true, "a", "", false)), "On points: a, then stop; to win: a, then throw on"},
		{de.WinMethod("minus: totals below −5000 are counted as −5000"), "minus: Stände unter −5000 zählen wie −5000"},
		{en.WinMethod("minus: totals below −5000 are counted as −5000"), "minus: totals below −5000 are counted as −5000"},
		{de.WinMethod("final round, last seat: exact"), "letzte Runde, der letzte Platz: genau"},
		{de.WinMethod("something new"), "something new"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
