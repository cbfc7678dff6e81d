package validate

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestDocsSayEveryUpperBound: where docs/RULES.md's option tables say what
// numbers an option takes, an option with an upper bound names it (the
// table said "any whole number from 1" for Totwürfeln's wuerfel, which the
// app refuses above 36, and "any positive multiple of 50" for ziel, which it
// refuses above 1,000,000).
func TestDocsSayEveryUpperBound(t *testing.T) {
	doc, err := os.ReadFile("../docs/RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("^\\| `([a-z_]+)` \\| ([^|]*) \\|")
	named := regexp.MustCompile("`([a-z0-9-]+)`")
	var game GameID // the section's game; "" where a table serves several
	checked := 0
	for _, line := range strings.Split(string(doc), "\n") {
		if strings.HasPrefix(line, "#") {
			game = ""
			// "### Game `zehntausend`", "#### House rules of `zehntausend`"
			for _, m := range named.FindAllStringSubmatch(line, -1) {
				if _, err := LookupGame(m[1]); err == nil {
					game = GameID(m[1])
				}
			}
			continue
		}
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, g := range Games() {
			if game != "" && g.ID != game {
				continue
			}
			for _, s := range OptionSpecs(g.ID) {
				if s.ID != m[1] || s.Kind != KindInt || len(s.Values) > 0 || s.Max == 0 {
					continue
				}
				checked++
				if max := groupThousands(s.Max); !strings.Contains(m[2], max) {
					t.Errorf("docs/RULES.md, %s's option %s: %q does not name its upper bound %s", g.ID, s.ID, m[2], max)
				}
			}
		}
	}
	if checked < 3 { // wuerfel, runden, ziel at least
		t.Errorf("only %d bounded options found in docs/RULES.md's tables", checked)
	}
}

// groupThousands writes n as the docs do: 1,000,000.
func groupThousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
