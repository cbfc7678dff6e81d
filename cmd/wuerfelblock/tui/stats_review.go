package tui

// The statistics screen's review parts: the "by play" leaderboard and the
// chart of loss per game on the player page (docs/REVIEW.md).

import (
	"context"
	"fmt"
	"slices"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// lossSource is what the loss chart reads; *storage.DB satisfies it.
type lossSource interface {
	LossTimeline(ctx context.Context, player, game, set string, n int) ([]storage.ReviewPoint, error)
}

// byPlay is the "by play" leaderboard of game g under the chosen house-rule
// set: the players with at least storage.ByPlayMinGames reviewed games,
// ranked as storage.CompareByPlay ranks them (the least chance to win
// thrown away per decision first, then the least points).
func (v *statsView) byPlay(g validate.GameID) []int {
	var out []int
	for i := range v.all {
		if f := v.figures(i, g); f != nil && f.Review != nil && f.Review.Games >= storage.ByPlayMinGames {
			out = append(out, i)
		}
	}
	row := func(i int) storage.ByPlayRow {
		return storage.ByPlayRow{Name: v.all[i].Name, ReviewFigures: *v.figures(i, g).Review}
	}
	slices.SortStableFunc(out, func(a, b int) int { return storage.CompareByPlay(row(a), row(b)) })
	return out
}

// byPlayHasWin: somebody on the board is ranked by the chance to win.
func (v *statsView) byPlayHasWin(g validate.GameID, b []int) bool {
	for _, pi := range b {
		if v.figures(pi, g).Review.WinGames > 0 {
			return true
		}
	}
	return false
}

// byPlayLine is one row of the board (or its head, r nil).
func (v *statsView) byPlayLine(place int, name string, r *storage.ReviewFigures, win bool) string {
	if r == nil && win {
		return fmt.Sprintf("%2s  %-12s %6s %11s %9s %9s %13s", "#", v.tr("player", "Spieler"), v.tr("games", "Spiele"),
			v.tr("pp/dec.", "Pp./Entsch."), v.tr("pp/game", "Pp./Spiel"), v.tr("luck pp", "Glück Pp."), v.tr("loss/dec.", "Verl./Entsch."))
	}
	if r == nil {
		return fmt.Sprintf("%2s  %-15s %6s %13s %11s %11s", "#", v.tr("player", "Spieler"), v.tr("games", "Spiele"),
			v.tr("loss/decision", "Verl./Entsch."), v.tr("loss/game", "Verl./Spiel"), v.tr("luck/game", "Glück/Spiel"))
	}
	if win {
		perDec, perGame, luck := "–", "–", "–"
		if r.WinGames > 0 {
			perDec, perGame, luck = review.Number(100*r.WinLossPerDecision, v.lang), review.Points1(r.WinLossPerGame, v.lang), plus(review.Points1(r.WinLuckPerGame, v.lang))
		}
		return fmt.Sprintf("%2d  %-12s %6d %11s %9s %9s %13s", place, clip(name, 12), r.Games, perDec, perGame, luck, review.Number1(r.LossPerDecision, v.lang))
	}
	return fmt.Sprintf("%2d  %-15s %6d %13s %11s %11s", place, clip(name, 15), r.Games,
		review.Number1(r.LossPerDecision, v.lang), review.Number1(r.LossPerGame, v.lang), plus(review.Number1(r.LuckPerGame, v.lang)))
}

func (v *statsView) drawByPlay(c canvas) {
	g := v.gameID()
	if !review.RatesDecisions(g) {
		c.put(0, 0, fmt.Sprintf(v.tr("%s has no review: no decisions are rated.", "%s wird nicht ausgewertet: keine Entscheidungen zu bewerten."), v.gameName(g)), styleNormal)
		return
	}
	b := v.byPlay(g)
	if len(b) == 0 {
		putWrapped(c, 0, fmt.Sprintf(v.tr("%[2]s: nobody has %[1]d reviewed games yet.", "%[2]s: noch niemand hat %[1]d ausgewertete Spiele."), storage.ByPlayMinGames, v.gameName(g)), styleNormal)
		return
	}
	win := v.byPlayHasWin(g, b)
	rank := v.tr("ranked by loss per decision against best play, in points (at least %d games)", "nach Verlust je Entscheidung gegen bestes Spiel, in Punkten (ab %d Spielen)")
	if win {
		rank = v.tr("ranked by the chance to win thrown away per decision (Pp.: percentage points; at least %d games)",
			"nach verschenkter Gewinnchance je Entscheidung (Pp.: Prozentpunkte; ab %d Spielen)")
	}
	// The order wraps where narrow (60 columns cut "(ab 5 Spielen)").
	top := putWrapped(c, 0, fmt.Sprintf(rank, storage.ByPlayMinGames), styleDim)
	c.put(0, top, v.byPlayLine(0, "", nil, win), styleCurrent)
	for i, pi := range b {
		if top+1+i >= c.h {
			break
		}
		st := styleNormal
		if pi == v.sel {
			st = styleSelected
		}
		c.put(0, top+1+i, v.byPlayLine(i+1, v.all[pi].Name, v.figures(pi, g).Review, win), st)
	}
}

// putWrapped writes s from row on, wrapped at the canvas's width, and
// returns the row after it.
func putWrapped(c canvas, row int, s string, st tcell.Style) int {
	for _, l := range tview.WordWrap(s, max(c.w, 1)) {
		c.put(0, row, l, st)
		row++
	}
	return row
}

// drawLosses draws the loss per reviewed game (oldest left) from row on
// and returns the next free row.
func (v *statsView) drawLosses(c canvas, row int) int {
	if len(v.losses) == 0 || c.h-row < 6 {
		return row
	}
	vals := make([]float64, len(v.losses))
	for i, p := range v.losses {
		vals[i] = p.Loss
	}
	title := fmt.Sprintf(v.tr("loss per game against best play, last %d games (oldest left)", "Verlust je Spiel gegen bestes Spiel, letzte %d Spiele (ältestes links)"), len(vals))
	if len(vals) == 1 {
		title = v.tr("loss against best play, last game", "Verlust gegen bestes Spiel, letztes Spiel")
	}
	c.put(0, row, clip(title, c.w), styleCurrent)
	c.put(0, row+1, sparkline(vals, c.w), styleNormal)
	row += 3
	// The chance to win thrown away per game, where the games have it.
	var win []float64
	for _, p := range v.losses {
		if p.WinLoss != nil {
			win = append(win, 100**p.WinLoss)
		}
	}
	if len(win) == 0 || c.h-row < 3 {
		return row
	}
	title = fmt.Sprintf(v.tr("chance to win thrown away per game (percentage points), last %d games", "verschenkte Gewinnchance je Spiel (Prozentpunkte), letzte %d Spiele"), len(win))
	if len(win) == 1 {
		title = v.tr("chance to win thrown away (percentage points), last game", "verschenkte Gewinnchance (Prozentpunkte), letztes Spiel")
	}
	c.put(0, row, clip(title, c.w), styleCurrent)
	c.put(0, row+1, sparkline(win, c.w), styleNormal)
	return row + 3
}

// reviewLines are the review's lines of the player page, one figure a line
// (half a screen is narrow): points (one decimal), and the chance to win
// where the games have it.
//
// Dreißig tot's review is stored in percentage points of the chance to win
// (the games of 2 to 4 players and hundert; the others are not stored), so
// its loss and luck carry that unit, not points.
func (v *statsView) reviewLines(r *storage.ReviewFigures, g validate.GameID) []string {
	unit := v.tr("pts", "Pkt.")
	if validate.StatsOf(g).ReviewInChances {
		unit = v.tr("pp", "Pp.")
	}
	out := []string{fmt.Sprintf(v.tr("loss/decision %s %s", "Verlust/Entsch. %s %s"), review.Number1(r.LossPerDecision, v.lang), unit),
		fmt.Sprintf(v.tr("luck/game %s %s", "Glück/Spiel %s %s"), plus(review.Number1(r.LuckPerGame, v.lang)), unit)}
	if r.WinGames > 0 {
		out = append(out, fmt.Sprintf(v.tr("chance lost/game %s pp", "Gewinnch. verl./Spiel %s Pp."), review.Points1(r.WinLossPerGame, v.lang)),
			// Named as the line above it: "Glück/Spiel" stood twice.
			fmt.Sprintf(v.tr("chance luck/game %s pp", "Gewinnch. Glück/Spiel %s Pp."), plus(review.Points1(r.WinLuckPerGame, v.lang))))
	}
	return out
}
