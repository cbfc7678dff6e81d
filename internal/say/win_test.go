package say

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
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

// WholePercent writes what the statistics wrote with their own
// fmt.Sprintf("%.0f\u00a0%%", 100*x), to the character.
func TestWholePercent(t *testing.T) {
	for _, x := range []float64{0, 1, 0.5, 1.0 / 3, 2.0 / 3, 0.125, 0.005, 0.015, 0.025, 0.994999, 0.995, 0.9951, 7.0 / 9} {
		if got, want := WholePercent(x), fmt.Sprintf("%.0f\u00a0%%", 100*x); got != want {
			t.Errorf("WholePercent(%v) = %q, fmt gives %q", x, got, want)
		}
	}
	for _, c := range []struct {
		x    float64
		want string
	}{{0, "0\u00a0%"}, {1, "100\u00a0%"}, {0.5, "50\u00a0%"}, {1.0 / 3, "33\u00a0%"}, {0.994, "99\u00a0%"}, {0.996, "100\u00a0%"}} {
		if got := WholePercent(c.x); got != c.want {
			t.Errorf("WholePercent(%v) = %q, want %q", c.x, got, c.want)
		}
	}
	for total := 1; total <= 400; total++ {
		for n := 0; n <= total; n++ {
			if got, want := WholePercentOf(n, total), fmt.Sprintf("%.0f\u00a0%%", 100*float64(n)/float64(total)); got != want {
				t.Fatalf("WholePercentOf(%d, %d) = %q, fmt gives %q", n, total, got, want)
			}
		}
	}
	if got := WholePercentOf(23, 40); got != "58\u00a0%" { // 57.5, to even
		t.Errorf("WholePercentOf(23, 40) = %q, want 58 %%", got)
	}
}

// The help's chance to win says how the game settles a tie: 5050 gives it
// to the earlier seat (it said "a tie counts half" there too).
func TestWinHelpTie(t *testing.T) {
	de, en := New(validate.German), New(validate.English)
	for _, c := range []struct {
		got, want, not string
	}{
		{en.WinHelp(true), "(a tie goes to the earlier seat)", "half"},
		{de.WinHelp(true), "(bei Gleichstand gewinnt, wer früher dran war)", "halb"},
		{en.WinHelp(false), "(a tie counts half)", "earlier"},
		{de.WinHelp(false), "(Gleichstand halb)", "früher"},
	} {
		if !strings.Contains(c.got, c.want) || strings.Contains(c.got, c.not) {
			t.Errorf("%q: want %q, not %q", c.got, c.want, c.not)
		}
	}
}

// A throw of one die says so: "Wurf 5" alone read as the fifth throw
// (Kniffel's "Übernommen: Wurf 5, stehen lassen" after rethrowing one die).
func TestEntryOneDie(t *testing.T) {
	de, en := New(validate.German), New(validate.English)
	stood := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: []int{5}, Keep: []int{1, 2, 3, 4, 5}}
	for _, c := range []struct{ got, want string }{
		{de.Entry(stood, validate.GameKniffel), "Wurf 5 (1 Würfel), stehen lassen"},
		{en.Entry(stood, validate.GameKniffel), "throw 5 (1 die), stood"},
		{de.Entry(scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: []int{1}, Keep: []int{1}}, validate.GameZehntausend), "Wurf 1 (1 Würfel), zur Seite 1"},
		{de.Entry(scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: []int{6, 6}, Keep: []int{6}}, validate.GameKniffel), "Wurf 6 6, behalten 6"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

// A certain chance is never marked approximate; one that is not certain
// never reads 0,0 % or 100,0 %.
func TestPercentCertainAndBounds(t *testing.T) {
	de, en := New(validate.German), New(validate.English)
	plain := func(s string) string { return strings.ReplaceAll(s, "\u00a0", " ") }
	for _, c := range []struct{ got, want string }{
		{plain(de.Percent(1, true)), "100,0 %"},
		{plain(en.Percent(0, true)), "0.0 %"},
		{plain(de.Percent(0.9996, true)), ">99,9 %"},
		{plain(en.Percent(0.0004, false)), "<0.1 %"},
		{plain(de.Percent(0.9994, true)), "≈99,9 %"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
