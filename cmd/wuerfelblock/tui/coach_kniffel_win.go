package tui

import (
	"fmt"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// kniffelWinCache is the end-game turn of the coach (rounds 11–13, level
// Rat): the chance to finish first of every hold and box, computed once a
// turn (a few milliseconds).
type kniffelWinCache struct {
	turn int // the game's turn it belongs to, + 1 (0: none yet)
	wt   *kniffel.WinTurn
}

// coachWinTurn is the end-game turn of the player on turn: nil before round
// 11, with one player, at a level below Rat, or while the table is built.
func (v *kniffelView) coachWinTurn(s *kniffel.Solver) *kniffel.WinTurn {
	g := v.game()
	if v.p.coach() != storage.CoachAdvice || len(g.Players) < 2 || s == nil {
		return nil
	}
	c := &v.coachState.win
	if c.turn == g.NumTurns()+1 {
		return c.wt
	}
	c.turn, c.wt = g.NumTurns()+1, nil
	totals := g.Totals()
	var others []kniffel.Dist
	for seat := range g.Players {
		if seat == g.Seat() {
			continue
		}
		d, err := s.FinalDist(g.Boxes(seat), totals[seat])
		if err != nil {
			return nil // before round 11
		}
		others = append(others, d)
	}
	if wt, err := s.WinTurn(g.Boxes(g.Seat()), totals[g.Seat()], others); err == nil {
		c.wt = wt
	}
	return c.wt
}

// winLines are the coach's lines of the end game at Rat: the chance to
// finish first now, and where the hold or box best for the win is not the
// one best on points, both with their chances ("" and none before round 11).
func (v *kniffelView) winLines(tn *kniffel.Turn, d validate.Counts, have bool, left int) (now string, out []string) {
	s, _ := kniffelCache.Ready(v.game().Rules.Options.Joker)
	wt := v.coachWinTurn(s)
	if wt == nil {
		return "", nil
	}
	now = v.words().WinNow(v.winNow(wt, d, have, left), false)
	if !have {
		return now, nil
	}
	if left > 0 {
		best := tn.Holds(d, left)[0].Dice
		hs := wt.Holds(d, left)
		var bestWin float64
		for _, h := range hs {
			if h.Dice == best {
				bestWin = h.Win
			}
		}
		if hs[0].Win > bestWin+1e-9 {
			out = append(out, v.winDiffer(v.holdPhrase(best, d), bestWin, v.holdPhrase(hs[0].Dice, d), hs[0].Win))
		}
	}
	best := tn.Boxes(d)[0].Category
	bs := wt.Boxes(d)
	for _, b := range bs {
		if b.Category == best && bs[0].Win > b.Win+1e-9 {
			out = append(out, v.winDiffer(best.Name(v.lang), b.Win, bs[0].Category.Name(v.lang), bs[0].Win))
		}
	}
	return now, out
}

// winDiffer says the choice best on points and the one best for the win:
// "Auf Punkte: 664 behalten (12,5 %); auf Sieg: 66 behalten (12,7 %)".
func (v *kniffelView) winDiffer(points string, pointsWin float64, win string, winWin float64) string {
	w := v.words()
	return fmt.Sprintf(v.tr("On points: %s (%s); to win: %s (%s)", "Auf Punkte: %s (%s); auf Sieg: %s (%s)"),
		points, w.Percent(pointsWin, false), win, w.Percent(winWin, false))
}

// winNow is the chance to finish first from this moment, as positionValue
// is the points.
func (v *kniffelView) winNow(wt *kniffel.WinTurn, d validate.Counts, have bool, left int) float64 {
	t := v.game().KniffelTurn()
	switch {
	case v.pending != nil:
		return wt.RollValue(d, left)
	case have:
		return wt.RollValue(d, 0)
	case t.Throws() > 0:
		k, _ := t.Kept()
		return wt.ThrowValue(k, 2-t.Throws())
	}
	return wt.Value()
}
