package tui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Dreißig tot at Rat on a 60×20 screen: the list of the other keeps of a
// throw of six different dice (62 of them) ran off the turn panel, cut
// without a word. The panel shows the best ones that fit and how many
// more there are ("+N weitere"), every one it shows whole.
func TestDreissigAdviceListFitsPanel(t *testing.T) {
	h := start(t, openDB(t))
	h.resize(60, 20)
	h.newGame('7', "Anna", "Ben")
	h.typ("*654321\n")
	h.see("Rat: 6 zur Seite", "weitere")
	// The panel's rows from the advice to its lower border, joined.
	lines := strings.Split(h.screen(), "\n")
	var panel []string
	for i, l := range lines {
		if strings.Contains(l, "Rat: 6 zur Seite") {
			for _, r := range lines[i:] {
				if strings.HasPrefix(r, "└") {
					break
				}
				panel = append(panel, strings.TrimSpace(strings.Trim(r, "│ ")))
			}
			break
		}
	}
	for _, r := range panel {
		if strings.HasPrefix(r, "·") {
			t.Fatalf("a row of the list starts with its separator:\n%s", h.screen())
		}
	}
	text := strings.ReplaceAll(strings.Join(panel, " "), "\u00a0", " ")
	_, list, ok := strings.Cut(text, "sonst: ")
	m := regexp.MustCompile(`· \+(\d+) weitere$`).FindStringSubmatch(list)
	if !ok || m == nil {
		t.Fatalf("no list ending in '+N weitere' in the panel %q:\n%s", text, h.screen())
	}
	more, _ := strconv.Atoi(m[1])
	shown := strings.Split(strings.TrimSuffix(list, m[0]), " · ")
	for _, s := range shown {
		if !regexp.MustCompile(`^[1-6]( [1-6])* \(\d+,\d %\)$`).MatchString(strings.TrimSpace(s)) {
			t.Fatalf("keep %q not whole in %q:\n%s", s, list, h.screen())
		}
	}
	if len(shown)+more != 62 || more == 0 {
		t.Fatalf("%d keeps shown + %d more, want 62 in all:\n%s", len(shown), more, h.screen())
	}
	accounts(t, h, "Anna", "Ben")
}

// On a tall screen (120×40) the panel kept its ten rows and cut the list
// to "+21 weitere" beside twenty empty rows of the accounts table: it
// takes the rows its text needs now, every keep shown.
func TestDreissigAdviceListWholeOnTallScreen(t *testing.T) {
	h := start(t, openDB(t))
	h.resize(120, 40)
	h.newGame('7', "Anna", "Ben")
	h.typ("*654321\n")
	h.see("Rat: 6 zur Seite", "sonst: 6 5 (")
	h.notSee("weitere")
	flat := strings.ReplaceAll(h.screen(), "\u00a0", " ")
	if n := len(regexp.MustCompile(`[1-6] \(\d+,\d %\)`).FindAllString(flat, -1)); n < 62 {
		t.Fatalf("%d keeps' values on the screen, want the 62 others and more:\n%s", n, h.screen())
	}
	accounts(t, h, "Anna", "Ben")
}
