package tui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// A footer too wide for its row wraps whole keys ("y Stärke" never split,
// never dropped); where even its rows are too few, the last ends with "…".
func TestFooterRows(t *testing.T) {
	keys := []keyHelp{{"←/→", "Spiel"}, {"↑/↓", "wählen"}, {"Enter", "Spieler"}, {"o", "Regeln"},
		{"b", "Liste"}, {"v", "Duell"}, {"y", "Stärke"}, {"q", "zurück"}}
	all := "←/→ Spiel ↑/↓ wählen Enter Spieler o Regeln b Liste v Duell y Stärke q zurück"
	for _, c := range []struct {
		width, rows int
		want        []string
	}{
		{80, 2, []string{all}},
		{60, 2, []string{"←/→ Spiel ↑/↓ wählen Enter Spieler o Regeln b Liste v Duell", "y Stärke q zurück"}},
		{60, 1, []string{"←/→ Spiel ↑/↓ wählen Enter Spieler o Regeln b Liste …"}},
		{30, 2, []string{"←/→ Spiel ↑/↓ wählen", "Enter Spieler o Regeln …"}},
		{5, 1, []string{"←/→ …"}},
	} {
		got := footerRows(keys, c.width, c.rows)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%d×%d: %q, want %q", c.width, c.rows, got, c.want)
		}
	}
}

// At 60 columns the statistics footer wraps whole keys: every key of the
// screen's table is on its last two rows, none split (before, "y Stärke q
// zurück" was cut off silently at a word break), in every mode.
func TestStatsFooterAt60(t *testing.T) {
	db := statsHistory(t, 20)
	ss := newStatsScreen(t, db, validate.German)
	ss.s.SetSize(60, 20)
	ss.v.SetRect(0, 0, 60, 20)
	for _, mode := range []rune{'b', 'p', 'v', 'y'} {
		ss.key(tcell.KeyRune, mode)
		scr := ss.see("q zurück")
		lines := strings.Split(strings.TrimRight(scr, "\n"), "\n")
		footer := " " + strings.Join(lines[len(lines)-2:], " ") + " "
		for _, k := range ss.v.keys().footerHelp() {
			if part := " " + k.key + " " + k.what + " "; !strings.Contains(footer, part) {
				t.Errorf("%c: the footer lacks %q whole:\n%s", mode, part, scr)
			}
		}
	}
}
