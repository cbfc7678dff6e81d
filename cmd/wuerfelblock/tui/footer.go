package tui

import (
	"strings"

	"github.com/rivo/tview"
)

// footerRows lays a footer of keys ("o Regeln") out in at most maxRows
// rows of width cells: a key and its word are never split, and where not
// every key fits, the last row ends with "…" after the last whole key that
// leaves room for it (a key is never lost silently).
func footerRows(keys []keyHelp, width, maxRows int) []string {
	w := func(parts []string) int { return tview.TaggedStringWidth(strings.Join(parts, " ")) }
	var rows []string
	var row []string
	for _, k := range keys {
		part := k.key + " " + k.what
		if len(row) > 0 && w(append(row, part)) > width {
			if len(rows) == maxRows-1 { // the last row: the rest is "…"
				for len(row) > 1 && w(append(row, "…")) > width {
					row = row[:len(row)-1]
				}
				return append(rows, clip(strings.Join(append(row, "…"), " "), width))
			}
			rows = append(rows, strings.Join(row, " "))
			row = nil
		}
		row = append(row, part)
	}
	return append(rows, clip(strings.Join(row, " "), width)) // one key wider than the row: cut with "…"
}
