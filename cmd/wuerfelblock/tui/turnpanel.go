package tui

import (
	"strings"

	"github.com/rivo/tview"
)

// panelLine is one line of a turn panel in ever shorter forms, longest
// first; a last form "" means the line may be left out. When the panel has
// fewer rows than its text needs, the lines of the lowest rank are
// shortened first, so what matters most (what is allowed now, the coach
// line) stays on the screen.
type panelLine struct {
	forms []string // style-tagged, no newline
	rank  int      // higher: shortened later
}

// Ranks of the turn panel's lines, least important first.
const (
	rankRepeat    = iota // said elsewhere on the screen too (header, prompt, message)
	rankDetail           // a second sentence of a line that stays
	rankAside            // the dice set aside so far
	rankPreview          // what a stop would do besides writing
	rankCoach            // the coach line
	rankEssential        // never shortened away: points, what blocks a stop
)

// line is a panel line that is always shown whole.
func line(s string, rank int) panelLine { return panelLine{forms: []string{s}, rank: rank} }

// fullText is every line in its longest form.
func fullText(lines []panelLine) string {
	var b strings.Builder
	for _, l := range lines {
		if len(l.forms) > 0 && l.forms[0] != "" {
			b.WriteString(l.forms[0])
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// panelRows is how many rows a panel's text takes at width as the panel
// shows it: its lines wrapped to hang under their text (hangLines).
func panelRows(text string, width int) int { return textRows(hangLines(text, width), width) }

// wrappedRows is how many rows s takes wrapped at width (at least one).
func wrappedRows(s string, width int) int {
	return max(len(tview.WordWrap(s, max(width, 1))), 1)
}

// textRows is how many rows a text of lines takes wrapped at width.
func textRows(text string, width int) int {
	rows := 0
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		rows += wrappedRows(l, width)
	}
	return rows
}

// fitLines picks a form of each line so that the text fits in rows rows
// at width, shortening the lines of the lowest rank first (of equal rank,
// the upper first). fits is false when even the shortest forms need more.
func fitLines(lines []panelLine, width, rows int) (text string, fits bool) {
	form := make([]int, len(lines))
	need := make([]int, len(lines))
	total := 0
	rowsOf := func(i int) int {
		if s := lines[i].forms[form[i]]; s != "" {
			return panelRows(s, width)
		}
		return 0
	}
	for i := range lines {
		need[i] = rowsOf(i)
		total += need[i]
	}
	var steps []int // the lines shortened, in order
	for total > rows {
		next := -1
		for i, l := range lines {
			if form[i] < len(l.forms)-1 && (next < 0 || l.rank < lines[next].rank) {
				next = i
			}
		}
		if next < 0 {
			break
		}
		steps = append(steps, next)
		form[next]++
		total -= need[next]
		need[next] = rowsOf(next)
		total += need[next]
	}
	// A later step may have freed more rows than were missing: a line
	// shortened before it comes back where it fits again (the last
	// shortened first, so of the most important lines).
	stuck := make([]bool, len(lines)) // a longer form did not fit
	for k := len(steps) - 1; k >= 0 && total < rows; k-- {
		i := steps[k]
		if stuck[i] {
			continue
		}
		form[i]--
		if back := rowsOf(i); total-need[i]+back <= rows {
			total += back - need[i]
			need[i] = back
			continue
		}
		form[i]++
		stuck[i] = true
	}
	var b strings.Builder
	for i, l := range lines {
		if s := l.forms[form[i]]; s != "" {
			b.WriteString(hangLines(s, width)) // a bullet's second row under its text
			b.WriteByte('\n')
		}
	}
	return b.String(), total <= rows
}
