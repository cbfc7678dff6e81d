package tui

import (
	"strings"
	"testing"

	"github.com/rivo/tview"
)

// clipTagged cuts to the width with an ellipsis, never inside a style tag;
// a line that fits stays as it is.
func TestClipTagged(t *testing.T) {
	for _, c := range []struct {
		in    string
		width int
		want  string
	}{
		{"Verdoppeln ja, Straße 1000", 30, "Verdoppeln ja, Straße 1000"},
		{"Verdoppeln ja, Straße 1000", 20, "Verdoppeln ja, Stra…"},
		{"[::b]Zehntausend[::-] · [::d]Würfel 6[::-]", 16, "[::b]Zehntausend[::-] · [::d]W…"},
		{"[::b]Zehntausend[::-] · [::d]Würfel 6[::-]", 12, "[::b]Zehntausend[::-]…"},
		{"abc", 0, ""},
	} {
		got := clipTagged(c.in, c.width)
		if got != c.want {
			t.Errorf("clipTagged(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
		if w := tview.TaggedStringWidth(got); w > c.width {
			t.Errorf("clipTagged(%q, %d) is %d wide", c.in, c.width, w)
		}
	}
}

// wholeDice joins the dice of a group with non-breaking spaces, and
// leaves numbers and words alone.
func TestWholeDice(t *testing.T) {
	nb := func(s string) string { return strings.ReplaceAll(s, "_", "\u00a0") }
	for _, c := range []struct{ in, want string }{
		{"Zur Seite: 1 1 5 | 1 5 ‖ 1 1 1 1 5", "Zur Seite: 1_1_5 | 1_5 ‖ 1_1_1_1_5"},
		{"müssen zur Seite gelegt werden: 1 5 5 5, nicht 1 5", "müssen zur Seite gelegt werden: 1_5_5_5, nicht 1_5"},
		{"Zur Seite: 5 5 | 5 (1×5→1)", "Zur Seite: 5_5 | 5_(1×5→1)"},
		{"Zug [::b]1500[::-] · 6 Würfel · Runde 12 3", "Zug [::b]1500[::-] · 6 Würfel · Runde 12 3"},
		{"[::b]2 2 2[::-] muss bewiesen werden", "[::b]2_2_2[::-] muss bewiesen werden"},
	} {
		if got := wholeDice(c.in); got != nb(c.want) {
			t.Errorf("wholeDice(%q) = %q, want %q", c.in, got, nb(c.want))
		}
	}
}

// fitRows drops words from the end, with an ellipsis, until the text fits.
func TestFitRows(t *testing.T) {
	s := "Übernommen: 1 1 1 5 5 5, zur Seite 1 1 1 5 5 5 (1500). Alle Würfel liegen: neuer Durchgang mit 6 Würfeln!"
	if got := fitRows(s, 200, 1); got != s {
		t.Errorf("a text that fits changed: %q", got)
	}
	got := fitRows(s, 40, 2)
	if !strings.HasSuffix(got, "…") || textRows(got, 40) > 2 || !strings.HasPrefix(s, strings.TrimSuffix(got, "…")) {
		t.Errorf("fitRows at 40×2: %q", got)
	}
}
