package tui

// The statistics screen's review parts: the "by play" leaderboard and the
// chart of loss per game on the player page (docs/REVIEW.md).

import (
	"context"
	"fmt"
	"sort"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// lossSource is what the loss chart reads; *storage.DB satisfies it.
type lossSource interface {
	LossTimeline(ctx context.Context, player, game string, n int) ([]storage.ReviewPoint, error)
}

// byPlay is the "by play" leaderboard of game g under the chosen house-rule
// set: the players with at least storage.ByPlayMinGames reviewed games,
// the least loss per decision first.
func (v *statsView) byPlay(g validate.GameID) []int {
	var out []int
	for i := range v.all {
		if f := v.figures(i, g); f != nil && f.Review != nil && f.Review.Games >= storage.ByPlayMinGames {
			out = append(out, i)
		}
	}
	sort.SliceStable(out, func(a, b int) bool {
		return v.figures(out[a], g).Review.LossPerDecision < v.figures(out[b], g).Review.LossPerDecision
	})
	return out
}

func (v *statsView) drawByPlay(c canvas) {
	g := v.gameID()
	if !review.RatesDecisions(g) {
		c.put(0, 0, fmt.Sprintf(v.tr("%s has no review: no decisions are rated.", "%s wird nicht ausgewertet: keine Entscheidungen zu bewerten."), v.gameName(g)), styleNormal)
		return
	}
	b := v.byPlay(g)
	if len(b) == 0 {
		c.put(0, 0, clip(fmt.Sprintf(v.tr("Nobody has %d reviewed %s games yet.", "Noch niemand hat %d ausgewertete Spiele %s."), storage.ByPlayMinGames, v.gameName(g)), c.w), styleNormal)
		return
	}
	c.put(0, 0, clip(fmt.Sprintf(v.tr("ranked by loss per decision against best play (at least %d games)", "nach Verlust je Entscheidung gegen bestes Spiel (ab %d Spielen)"), storage.ByPlayMinGames), c.w), styleDim)
	c.put(0, 1, fmt.Sprintf("%2s  %-15s %6s %13s %11s %11s", "#", v.tr("player", "Spieler"), v.tr("games", "Spiele"),
		v.tr("loss/decision", "Verl./Entsch."), v.tr("loss/game", "Verl./Spiel"), v.tr("luck/game", "Glück/Spiel")), styleCurrent)
	for i, pi := range b {
		if i+2 >= c.h {
			break
		}
		r := v.figures(pi, g).Review
		st := styleNormal
		if pi == v.sel {
			st = styleSelected
		}
		c.put(0, i+2, fmt.Sprintf("%2d  %-15s %6d %13s %11s %11s", i+1, clip(v.all[pi].Name, 15), r.Games,
			review.Number(r.LossPerDecision, v.lang), review.Number(r.LossPerGame, v.lang), review.Number(r.LuckPerGame, v.lang)), st)
	}
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
	title := fmt.Sprintf(v.tr("loss per game against best play, last %d (oldest left)", "Verlust je Spiel gegen bestes Spiel, letzte %d (ältestes links)"), len(vals))
	if v.set != 0 {
		title += v.tr(", all house rules", ", alle Hausregeln")
	}
	c.put(0, row, clip(title, c.w), styleCurrent)
	c.put(0, row+1, sparkline(vals, c.w), styleNormal)
	return row + 3
}
