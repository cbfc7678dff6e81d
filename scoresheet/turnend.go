package scoresheet

import (
	"slices"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// UpperBonusAt is the upper-section sum that earns the Kniffel bonus.
const (
	UpperBonusAt     = 63
	UpperBonusPoints = 35
	KniffelBonus     = 100
)

// UpperSum is the sum of a column's upper section.
func UpperSum(b validate.KniffelBoxes) int {
	s := 0
	for c := validate.Einser; c <= validate.Sechser; c++ {
		s += b.Value[c]
	}
	return s
}

// LowerSum is the sum of a column's lower section.
func LowerSum(b validate.KniffelBoxes) int {
	s := 0
	for c := validate.Dreierpasch; c < validate.NumCategories; c++ {
		s += b.Value[c]
	}
	return s
}

// KniffelTotal is a column's boxes without bonuses.
func KniffelTotal(b validate.KniffelBoxes) int { return UpperSum(b) + LowerSum(b) }

// UpperMissing is how many points the upper section still lacks for the bonus (0 once reached).
func UpperMissing(b validate.KniffelBoxes) int { return max(UpperBonusAt-UpperSum(b), 0) }

// KniffelBonuses are a player's bonus points: upper bonus and Kniffel bonuses.
func (g *Game) KniffelBonuses(seat int) (upper, kniffel int) {
	if g.upperBonus[seat] {
		upper = UpperBonusPoints
	}
	return upper, g.bonus[seat] - upper
}

// settleExact (5000): a stop that passes the target gives its points to the
// lowest entered other player, if they fit there, else they are lost.
func (g *Game) settleExact(t *validate.FamilyTurn, res *TurnResult) {
	s, target := g.seat, g.Rules.Variant().Target
	entry := g.Rules.Variant().EntryPoints
	if t.End() != validate.Stopped {
		res.Points = 0
		return
	}
	pts := t.Result()
	if g.totals[s]+pts <= target {
		res.Points = pts
		g.totals[s] += pts
		g.sameScore(s, res)
		return
	}
	// Over 5000: the points go to the lowest entered other player.
	res.Points = 0
	recv := -1
	for i := 1; i < len(g.Players); i++ {
		q := (s + i) % len(g.Players)
		if g.totals[q] >= entry && (recv < 0 || g.totals[q] < g.totals[recv]) {
			recv = q
		}
	}
	if recv < 0 || g.totals[recv]+pts > target {
		res.Events = append(res.Events, Event{Kind: EventLost, Player: g.Players[s], Points: pts})
		return
	}
	g.totals[recv] += pts
	res.Events = append(res.Events, Event{Kind: EventTransfer, Player: g.Players[recv], Points: pts, From: g.Players[s]})
	g.sameScore(recv, res)
}

// sameScore sets every other player whose total equals p's new total to 0 (5000).
func (g *Game) sameScore(p int, res *TurnResult) {
	if g.totals[p] == 0 {
		return
	}
	for q := range g.totals {
		if q != p && g.totals[q] == g.totals[p] {
			res.Events = append(res.Events, Event{Kind: EventReset, Player: g.Players[q], Points: g.totals[q], From: g.Players[p]})
			g.totals[q] = 0
		}
	}
}

// settleTable (Rückwärts): a scoring throw adds to the table, a bust takes
// the table's points as minus points.
func (g *Game) settleTable(t *validate.FamilyTurn, res *TurnResult) {
	s := g.seat
	if t.End() == validate.Bust {
		res.Points = g.tablePoints
		g.totals[s] += g.tablePoints
		if g.tablePoints > 0 {
			res.Events = append(res.Events, Event{Kind: EventMinusPoints, Player: g.Players[s], Points: g.tablePoints})
		}
		g.tablePoints, g.tableDice = 0, 0
		return
	}
	res.Points = 0
	g.tablePoints += t.LastValue
	_, dice := g.Table()
	// 0 left means all dice were set aside: the next player takes them all.
	g.tableDice = dice - t.LastKept
}

// checkEnd decides whether the game is over after a turn, and who won, by
// the game's end rule.
func (g *Game) checkEnd() {
	v := g.Rules.Variant()
	reached := func(t int) bool { return t >= v.Target }
	switch v.End {
	case validate.EndFinalRound:
		if slices.ContainsFunc(g.totals, reached) {
			g.finalRound = true
		}
		if g.finalRound && g.seat == 0 { // the round is played out
			g.end(v.EarlierSeatWinsTies)
		}
	case validate.EndExact:
		for i, t := range g.totals {
			if t == v.Target {
				g.finished, g.winners = true, []int{i}
			}
		}
	case validate.EndAtTarget:
		if slices.ContainsFunc(g.totals, reached) {
			g.end(false)
		}
	case validate.EndRounds:
		if len(g.turns) == len(g.Players)*v.Rounds {
			g.end(false)
		}
	case validate.EndAtZero:
		if slices.ContainsFunc(g.totals, func(t int) bool { return t <= 0 }) {
			g.end(false)
		}
	}
}

// end finishes the game: the best total wins (the highest, or the lowest
// where lower wins); on a tie all of them, or with earliestSeat only the
// one who sits first.
func (g *Game) end(earliestSeat bool) {
	g.finished = true
	best := slices.Max(g.totals)
	if g.Rules.Variant().LowerWins {
		best = slices.Min(g.totals)
	}
	for i, t := range g.totals {
		if t == best {
			g.winners = append(g.winners, i)
			if earliestSeat {
				break
			}
		}
	}
}

// UpperBonusReachable reports whether the upper boxes still free can bring
// the upper sum to the bonus (five of their face each at best).
func UpperBonusReachable(b validate.KniffelBoxes) bool {
	best := UpperSum(b)
	for c := validate.Einser; c <= validate.Sechser; c++ {
		if !b.Filled[c] {
			best += 5 * (int(c-validate.Einser) + 1)
		}
	}
	return best >= UpperBonusAt
}

// Busted reports whether the turn ended with a throw that scored nothing:
// a bust, also under nix (which pays for it). Statistics count both.
func (t TurnResult) Busted() bool { return t.End == validate.Bust || t.End == validate.NixEnd }

// Attacked reports whether the turn attacked the Vordermann (Dreißig tot:
// over 30), whether or not the attack took anything.
func (t TurnResult) Attacked() bool {
	return slices.ContainsFunc(t.Events, func(e Event) bool { return e.Kind == EventAttack })
}
