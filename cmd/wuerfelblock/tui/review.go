package tui

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
)

// startReview (once, when the screen is made) computes the review of the
// finished game off the UI goroutine (with three or more players a final
// round's chances take a second or more), on a copy of the game (undo
// changes its own), and draws the screen again once it is there (s.rv; nil
// for a game without one and while it is computed). A win table still
// being built is not waited for (the review then shows the points).
func (s *gameOver) startReview() {
	if !review.Reviewable(s.sg.Game.Rules.Game) {
		return
	}
	s.rvBusy = true
	g := s.sg.Game.Clone()
	valuers := s.ui.review.WithoutWaiting(g.Rules)
	app := s.ui.app
	go func() {
		rv, err := review.OfGame(g, valuers)
		app.QueueUpdateDraw(func() {
			s.rvBusy = false
			if err == nil {
				s.rv = rv
			}
			s.refresh()
			if s.rvOpen && s.rv != nil && s.ui.top() == screen(s) {
				s.openReview()
			}
		})
	}()
}

// openReview shows the full review (a); pressed while it is being
// computed, it opens once it is there.
func (s *gameOver) openReview() {
	if s.rv == nil {
		s.rvOpen = s.rvBusy
		return
	}
	s.rvOpen = false
	rv := s.rv
	s.ui.push(newFitTextPage(s.ui, s.tr("Review: skill and luck", "Auswertung: Können und Glück"),
		func(width int) string { return reviewTextAt(s.text, rv, width) }))
}

// pts is a points figure with one decimal and its unit: points, or pips
// where the review counts them (Dreißig tot with five or more players
// said "pts" of pips).
func (t text) pts(x float64, rv *review.Review) string {
	return review.Number1(x, t.lang) + t.ptsUnit(rv)
}

// signedPts is pts with a + before a gain (luck).
func (t text) signedPts(x float64, rv *review.Review) string {
	return plus(review.Number1(x, t.lang)) + t.ptsUnit(rv)
}

func (t text) ptsUnit(rv *review.Review) string {
	if rv.Unit == review.UnitPips {
		return t.tr(" pips", " Augen")
	}
	return t.tr(" pts", " Pkt.")
}

// pp is a chance (0–1) in whole percentage points with its unit; signed
// puts a + before a gain.
func (t text) pp(x float64, signed bool) string { return t.ppN(int(math.Round(100*x)), signed) }

// ppN is n whole percentage points with their unit (pp).
func (t text) ppN(n int, signed bool) string {
	s := fmt.Sprint(n)
	if n < 0 {
		s = "−" + fmt.Sprint(-n)
	}
	if signed {
		s = plus(s)
	}
	return s + t.tr(" pp", " Pp.")
}

// winShown are a player's start, luck, loss and end (start + luck − loss,
// or the result where the game is over) in whole percentage points, as the
// review and the game-over screen show them: the start, the running sum
// start + luck and the end are rounded, and luck and loss are their
// differences, so that the figures shown add up to the end shown (exact
// 52.2 − 50.5 − 1.7 = 0 is shown 52 − 50 − 2 = 0; each figure rounded alone
// read 52 − 51 − 2 → 0). The loss shown is never negative (the loss is not).
// The figures are chances from 0 to 1; result < 0 means no result yet.
func winShown(start, luck, loss, result float64) (s, l, o, end int) {
	r := func(x float64) int { return int(math.Round(100 * x)) }
	s, mid, end := r(start), r(start+luck), r(start+luck-loss)
	if result >= 0 {
		end = r(result)
	}
	return s, mid - s, mid - end, end
}

// winRow is winShown of p's chance to win (the family's, Kniffel's from
// round 11).
func winRow(p review.Player, finished bool) (s, l, o, end int) {
	res := -1.0
	if finished {
		res = p.Result
	}
	return winShown(p.WinStart, p.WinLuck, p.WinLoss, res)
}

// chanceRow is winShown of Dreißig tot's chance (stored in percentage
// points).
func chanceRow(p review.Player) (s, l, o, end int) {
	return winShown(p.ChanceStart/100, p.Luck/100, p.Loss/100, p.ChanceResult/100)
}

// plus puts a + before a positive figure (say.Plus).
func plus(s string) string { return say.Plus(s) }

// lossLuckLegend says in one line each what Verlust and Glück are, in the
// currency of the review: the chance to win where the game has it, else
// points.
func lossLuckLegend(t text, rv *review.Review) string {
	switch {
	case !review.RatesDecisions(rv.Game): // Totwürfeln: no decisions, luck only
		return t.tr("Luck: what the dice brought above (+) or below (−) what was to be expected.",
			"Glück: was die Würfel über (+) oder unter (−) dem Erwartbaren brachten.")
	case rv.Chances:
		return t.tr("Loss: the chance to win thrown away against best play (never negative); luck: what the dice and the others' play brought; in percentage points (pp).",
			"Verlust: gegen bestes Spiel verschenkte Gewinnchance (nie negativ); Glück: was Würfel und das Spiel der anderen brachten; in Prozentpunkten (Pp.).")
	}
	if rv.Win && rv.WinFrom == 0 {
		others := t.tr("the other's mistakes", "Fehler des Gegners")
		if len(rv.Players) > 2 {
			others = t.tr("the others' mistakes", "Fehler der anderen")
		}
		return fmt.Sprintf(t.tr("Loss: the chance to win thrown away against best play (never negative); luck: what the dice and %s brought; in percentage points (pp).",
			"Verlust: gegen bestes Spiel verschenkte Gewinnchance (nie negativ); Glück: was Würfel und %s brachten; in Prozentpunkten (Pp.)."), others)
	}
	if rv.Unit == review.UnitPips {
		return t.tr("Loss: the pips thrown away against best play (never negative); luck: what the dice brought above (+) or below (−) what was to be expected; in pips.",
			"Verlust: gegen bestes Spiel verschenkte Augen (nie negativ); Glück: was die Würfel über (+) oder unter (−) dem Erwartbaren brachten; in Augen.")
	}
	return t.tr("Loss: the points thrown away against best play (never negative); luck: what the dice brought above (+) or below (−) what was to be expected.",
		"Verlust: gegen bestes Spiel verschenkte Punkte (nie negativ); Glück: was die Würfel über (+) oder unter (−) dem Erwartbaren brachten.")
}

// reviewText is the full review: what its figures mean, per player the
// terms of both identities (points; chance to win where the game has it),
// the costliest decisions in each currency, then every decision that cost
// something, in the order of the game.
func reviewText(t text, rv *review.Review) string { return reviewTextAt(t, rv, 80) }

// reviewTextAt is the review for a page width cells wide: its tables
// fit it (tableText).
func reviewTextAt(t text, rv *review.Review, width int) string {
	var b strings.Builder
	decides := review.RatesDecisions(rv.Game) // Totwürfeln: luck only
	if decides {
		b.WriteString(t.tr("[::b]Loss[::-]: what a decision cost against the best play (never negative).\n",
			"[::b]Verlust[::-]: was eine Entscheidung gegen das beste Spiel kostete (nie negativ).\n"))
	}
	b.WriteString(t.tr("[::b]Luck[::-]: what the dice brought above (+) or below (−) what was to be expected before the throw.\n",
		"[::b]Glück[::-]: was die Würfel über (+) oder unter (−) dem vor dem Wurf Erwartbaren brachten.\n"))
	if rv.Win {
		b.WriteString(t.tr("Both in two currencies: the chance to win the game, and the points.\n",
			"Beides in zwei Währungen: in Gewinnchance und in Punkten.\n"))
		writeWinTable(&b, t, rv, width)
	} else if rv.WinNote.EN != "" {
		b.WriteString(esc(rv.WinNote.Text(t.lang)) + "\n")
	}
	switch {
	case rv.Chances:
		writeChanceTable(&b, t, rv, width)
	case !decides:
		// No decisions: no loss, nothing counted of them (the table said
		// "Entsch. 0", "Verlust 0,0" under "… + Glück − Verlust").
		b.WriteString(t.tr("\nNo decisions: only luck, against the turn's expected points.\n[::b]Points[::-]: banked = turn values + luck.\n",
			"\nKeine Entscheidungen: nur Glück, gemessen am Erwartungswert des Zugs.\n[::b]Punkte[::-]: Geschrieben = Zugwerte + Glück.\n"))
		tb := reviewTable{head: []string{t.tr("Player", "Spieler"), t.tr("turn values", "Zugwerte"), t.tr("luck", "Glück"), t.tr("banked", "Geschrieben")}}
		for _, p := range rv.Players {
			tb.rows = append(tb.rows, []string{p.Name, review.Number1(p.TurnValueSum, t.lang), plus(review.Number1(p.Luck, t.lang)), say.Int(p.Banked)})
		}
		b.WriteString(tb.text(width))
		return b.String()
	default:
		writePointsTable(&b, t, rv, width)
	}
	if rv.Win {
		writeDecisions(&b, t, rv, rv.CostliestWin(5), true,
			t.tr("The costliest decisions by the chance to win", "Die teuersten Entscheidungen nach Gewinnchance"))
	}
	writeDecisions(&b, t, rv, rv.Costliest(5), false, costliestTitle(t, rv))
	var every []review.Decision
	for _, d := range rv.Decisions {
		if d.Loss >= 0.05 || d.WinLoss >= 0.0005 {
			every = append(every, d)
		}
	}
	if len(every) > 0 {
		writeDecisions(&b, t, rv, every, rv.Win, t.tr("Every decision that cost something", "Jede Entscheidung, die etwas kostete"))
	}
	return b.String()
}

// costliestTitle heads the costliest decisions by their unit: points,
// the chance to win (Dreißig tot's table) or pips.
func costliestTitle(t text, rv *review.Review) string {
	switch rv.Unit {
	case review.UnitPercent:
		return t.tr("The costliest decisions by the chance to win", "Die teuersten Entscheidungen nach Gewinnchance")
	case review.UnitPips:
		return t.tr("The costliest decisions in pips", "Die teuersten Entscheidungen in Augen")
	}
	return t.tr("The costliest decisions in points", "Die teuersten Entscheidungen in Punkten")
}

// writeWinTable writes the identity in chance to win, per player.
func writeWinTable(b *strings.Builder, t text, rv *review.Review, width int) {
	// The sum starts from the table's first column: the start of the game,
	// or Kniffel's round 11.
	start, from := t.tr("at start", "zu Beginn"), t.tr("at the start", "zu Beginn")
	if rv.WinFrom > 0 {
		start = fmt.Sprintf(t.tr("round %d", "Runde %d"), rv.WinFrom)
		from = start
	}
	head := fmt.Sprintf(t.tr("\n[::b]Chance to win[::-]: result (100 won, 50 shared, 0 lost) = %s + luck − loss; the luck counts the others' throws and mistakes too",
		"\n[::b]Gewinnchance[::-]: Ergebnis (100 gewonnen, 50 geteilt, 0 verloren) = %s + Glück − Verlust; das Glück zählt auch Würfe und Fehler der Gegner"), from)
	if !rv.WinExact {
		head += t.tr(" (not exact)", " (nicht exakt)")
	}
	b.WriteString(head + ".\n")
	if rv.WinFrom > 0 { // Kniffel: from round 11, under an assumption
		b.WriteString(esc(rv.WinNote.Text(t.lang)) + "\n")
	}
	tb := reviewTable{head: []string{t.tr("Player", "Spieler"), start, t.tr("luck", "Glück"), t.tr("loss", "Verlust"), t.tr("result", "Ergebnis")}}
	for _, p := range rv.Players {
		st, luck, loss, end := winRow(p, rv.Finished)
		res := "–"
		if rv.Finished {
			res = t.ppN(end, false)
		}
		tb.rows = append(tb.rows, []string{p.Name, t.ppN(st, false), t.ppN(luck, true), t.ppN(loss, false), res})
	}
	b.WriteString(tb.text(width))
	if rv.WinNote.EN != "" && rv.WinFrom == 0 { // three or more players: what is approximated (Kniffel's note is above)
		b.WriteString(esc(rv.WinNote.Text(t.lang)) + "\n")
	}
}

// writePointsTable writes the identity in points, per player.
func writePointsTable(b *strings.Builder, t text, rv *review.Review, width int) {
	l := t.lang
	switch {
	case rv.Unit == review.UnitPips: // Dreißig tot with five or more players: pips, not points banked
		b.WriteString(t.tr("\n[::b]Pips[::-]: pips of the turns (taken from the Vordermann minus lost) = turn values (what each turn was worth in pips at its start) + luck − loss.\n",
			"\n[::b]Augen[::-]: Augen der Züge (dem Vordermann genommene minus verlorene) = Zugwerte (was jeder Zug zu Beginn in Augen wert war) + Glück − Verlust.\n"))
	case rv.WholeGame:
		fmt.Fprintf(b, t.tr("\n[::b]Points[::-]: total = game value (%s, the expected final score under best play) + luck − loss.\n",
			"\n[::b]Punkte[::-]: Summe = Spielwert (%s, die erwartete Endsumme bei bestem Spiel) + Glück − Verlust.\n"), review.Number1(rv.GameValue, l))
	default:
		line := t.tr("\n[::b]Points[::-]: banked = turn values (what each turn was worth at its start) + luck − loss",
			"\n[::b]Punkte[::-]: Geschrieben = Zugwerte (was jeder Zug zu Beginn wert war) + Glück − Verlust")
		if rv.Transfers {
			line += t.tr(" (before the transfers over 5000)", " (vor den Übertragungen über 5000)")
		}
		b.WriteString(line + ".\n")
	}
	start, end := t.tr("turn values", "Zugwerte"), t.tr("banked", "Geschrieben")
	if rv.Unit == review.UnitPips {
		end = t.tr("pips", "Augen")
	}
	if rv.WholeGame {
		start, end = t.tr("game value", "Spielwert"), t.tr("total", "Summe")
	}
	// The number of decisions goes first where the page is narrow.
	tb := reviewTable{head: []string{t.tr("Player", "Spieler"), t.tr("dec.", "Entsch."), start, t.tr("luck", "Glück"), t.tr("loss", "Verlust"), end},
		drop: []int{1}}
	for _, p := range rv.Players {
		first := p.TurnValueSum
		if rv.WholeGame {
			first = rv.GameValue
		}
		tb.rows = append(tb.rows, []string{p.Name, fmt.Sprint(p.Decisions), review.Number1(first, l),
			plus(review.Number1(p.Luck, l)), review.Number1(p.Loss, l), say.Int(p.Banked)})
	}
	b.WriteString(tb.text(width))
	var quick []string
	for _, p := range rv.Players {
		if p.QuickTurns > 0 {
			quick = append(quick, fmt.Sprintf("%s %d", esc(p.Name), p.QuickTurns))
		}
	}
	if len(quick) > 0 {
		fmt.Fprintf(b, t.tr("Quick entries (only the box is a decision): %s\n", "Schnelleingaben (nur das Feld ist eine Entscheidung): %s\n"), strings.Join(quick, ", "))
	}
}

// writeDecisions writes a list of decisions under a title: by the chance to
// win (byWin: the win-best choice, the change of the chance) or in points.
func writeDecisions(b *strings.Builder, t text, rv *review.Review, ds []review.Decision, byWin bool, title string) {
	l := t.lang
	fmt.Fprintf(b, "\n[::b]%s[::-]\n", title)
	if len(ds) == 0 {
		b.WriteString(t.tr("No decision cost anything: best play throughout.\n", "Keine Entscheidung hat etwas gekostet: durchweg bestes Spiel.\n"))
		return
	}
	for _, d := range ds {
		// A decision that cost points but nothing of the chance to win is
		// said in points ("schreiben statt weiter"), not as the win-best
		// choice it was ("schreiben statt schreiben").
		// What was thrown away, never negative, as in the tables and on
		// the game-over screen (it said "−61,7 Punkte" beside a Verlust
		// of 61,7).
		if byWin && d.WinLoss >= 0.0005 {
			fmt.Fprintf(b, t.tr("%s, %s: %s, %s percentage points of the chance to win thrown away", "%s, %s: %s, %s Prozentpunkte Gewinnchance verschenkt"),
				esc(d.Player), rv.Where(d, l), esc(rv.DescribeWin(d, l)), review.Points1(d.WinLoss, l))
			if d.Loss >= 0.05 {
				fmt.Fprintf(b, t.tr(" (%s points)", " (%s Punkte)"), review.Number1(d.Loss, l))
			}
			b.WriteString("\n")
			continue
		}
		fmt.Fprintf(b, t.tr("%s, %s: %s, %s %s thrown away\n", "%s, %s: %s, %s %s verschenkt\n"),
			esc(d.Player), rv.Where(d, l), esc(rv.Describe(d, l)), review.Number1(d.Loss, l), unitWord(t, rv))
	}
}

// writeChanceTable writes Dreißig tot's identity in percentage points of
// the chance to win, per player.
func writeChanceTable(b *strings.Builder, t text, rv *review.Review, width int) {
	b.WriteString(t.tr("\nIn percentage points of the chance to win (exact, best play by all).\nResult (100 won, 50 shared, 0 lost) = start + luck − loss.\n",
		"\nIn Prozentpunkten der Gewinnchance (genau, bestes Spiel aller).\nErgebnis (100 gewonnen, 50 geteilt, 0 verloren) = Start + Glück − Verlust.\n"))
	_, _, shared := review.SharedWin(rv)
	tb := reviewTable{head: []string{t.tr("Player", "Spieler"), t.tr("dec.", "Entsch."), t.tr("luck", "Glück"), t.tr("loss", "Verlust"), ""},
		drop: []int{1}, leftLast: true}
	for _, p := range rv.Players {
		// Whole percentage points with their unit, as on the game-over
		// screen (the figures are stored in percentage points).
		st, luck, loss, end := chanceRow(p)
		res := fmt.Sprintf(t.tr("start %s → %s", "Start %s → %s"), t.ppN(st, false), t.ppN(end, false))
		if shared && p.ChanceResult > 0 {
			// "→ 50 Pp." said nothing of why: a share of the win.
			res += t.tr(" (shared win)", " (geteilter Sieg)")
		}
		tb.rows = append(tb.rows, []string{p.Name, fmt.Sprint(p.Decisions), t.ppN(luck, true), t.ppN(loss, false), res})
	}
	b.WriteString(tb.text(width))
}

// reviewTable is a table of the review: the players' names left, their
// figures right-aligned (leftLast: the last column left too), each column
// as wide as its widest cell. Where the page is narrower than the table,
// the columns in drop go (in that order), then the names are cut ("…"):
// no row wraps.
type reviewTable struct {
	head     []string
	rows     [][]string // plain text: escaped when written
	drop     []int
	leftLast bool
}

// text is the table for a page width cells wide, its head bold.
func (tb reviewTable) text(width int) string {
	cols := make([]int, len(tb.head))
	for i := range cols {
		cols[i] = i
	}
	widths := make([]int, len(tb.head))
	for i, h := range tb.head {
		widths[i] = len([]rune(h))
		for _, r := range tb.rows {
			widths[i] = max(widths[i], len([]rune(r[i])))
		}
	}
	widths[0] = min(widths[0], 14)
	total := func() int {
		n := len(cols) - 1 + 1 // one space between columns, two after the names
		for _, c := range cols {
			n += widths[c]
		}
		return n
	}
	for _, d := range tb.drop {
		if total() <= width {
			break
		}
		cols = slices.DeleteFunc(cols, func(c int) bool { return c == d })
	}
	if over := total() - width; over > 0 {
		widths[0] = max(widths[0]-over, 4)
	} else if total()+2*(len(cols)-1) <= width {
		// Room to spare: the figures three spaces apart, easier to read.
		for _, c := range cols[1:] {
			if !tb.leftLast || c != len(tb.head)-1 {
				widths[c] += 2
			}
		}
	}
	row := func(cells []string) string {
		var b strings.Builder
		for k, c := range cols {
			cell := cells[c]
			if c == 0 {
				cell = clip(cell, widths[0])
			}
			pad := strings.Repeat(" ", max(widths[c]-len([]rune(cell)), 0))
			switch {
			case k == 0:
				b.WriteString(esc(cell) + pad + " ")
			case k == len(cols)-1 && tb.leftLast:
				b.WriteString(" " + esc(cell))
			default:
				b.WriteString(" " + pad + esc(cell))
			}
		}
		return strings.TrimRight(b.String(), " ")
	}
	var b strings.Builder
	b.WriteString("[::b]" + row(tb.head) + "[::-]\n")
	for _, r := range tb.rows {
		b.WriteString(row(r) + "\n")
	}
	return b.String()
}

// unitWord is the unit of a review's points figures: Dreißig tot counts in
// percentage points of the chance to win or in pips.
func unitWord(t text, rv *review.Review) string {
	switch rv.Unit {
	case review.UnitPercent:
		return t.tr("percentage points", "Prozentpunkte")
	case review.UnitPips:
		return t.tr("pips", "Augen")
	}
	return t.tr("points", "Punkte")
}
