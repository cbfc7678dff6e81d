package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
)

// printKniffelWin prints Kniffel's review by the chance to win from round
// 11 on: what it assumes, each player's chance to win thrown away there,
// and the five decisions that cost most of it.
func printKniffelWin(e *env, rv *review.Review) {
	fmt.Fprintln(e.stdout, "\n"+rv.WinNote.Text(e.lang))
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	for _, p := range rv.Players {
		fmt.Fprintf(w, "%s\t%s %s %s\n", scoresheet.SafeText(p.Name), e.tr("chance to win lost from round 11:", "Gewinnchance verloren ab Runde 11:"),
			review.Points1(p.WinLoss, e.lang), e.tr("percentage points", "Prozentpunkte"))
	}
	w.Flush()
	worst := rv.CostliestWin(5)
	if len(worst) == 0 {
		fmt.Fprintln(e.stdout, e.tr("No decision from round 11 on cost any chance to win.", "Keine Entscheidung ab Runde 11 hat Gewinnchance gekostet."))
		return
	}
	fmt.Fprintln(e.stdout, e.tr("The costliest decisions by the chance to win:", "Die teuersten Entscheidungen nach Gewinnchance:"))
	w = tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	for _, d := range worst {
		fmt.Fprintf(w, "%s\t%s: %s, %s %s %s\n", scoresheet.SafeText(d.Player), rv.Where(d, e.lang), rv.DescribeWin(d, e.lang),
			e.tr("chance to win", "Gewinnchance"), review.Points1(-d.WinLoss, e.lang), e.tr("percentage points", "Prozentpunkte"))
	}
	w.Flush()
}
