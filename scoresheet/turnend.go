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

// finishTurn applies the consequences of the turn that just ended.
func (g *Game) finishTurn(res *TurnResult) {
	s := g.seat
	r := g.Rules
	switch {
	case g.fam != nil:
		t := g.fam
		res.End, res.Throws, res.HotDice = t.End(), t.Throws(), t.HotDice
		res.DiceLeft = t.DiceToThrow()
		res.ByDice = t.ByDice
		if t.End() == validate.Bust {
			res.FailedObligation = t.ProofPending() || t.MustConfirm()
		}
		switch r.Game {
		case validate.GameRueckwaerts:
			g.finishRueckwaerts(res)
		case validate.Game5000:
			g.finish5000(res)
		default:
			res.Points = t.Result()
			g.totals[s] += t.Result()
			g.prevResult = max(t.Result(), 0)
		}
	case g.kniffel != nil:
		p := g.lastPlacement
		res.End, res.Throws = validate.Finished, g.kniffel.Throws()
		res.Points, res.Category = p.Points, p.Category.ID()
		if p.Bonus > 0 {
			g.bonus[s] += p.Bonus
			res.Bonus += p.Bonus
			res.Events = append(res.Events, Event{Kind: EventKniffelBonus, Player: g.Players[s], Points: p.Bonus})
		}
		if !g.upperBonus[s] && UpperSum(g.boxes[s]) >= UpperBonusAt {
			g.upperBonus[s] = true
			g.bonus[s] += UpperBonusPoints
			res.Bonus += UpperBonusPoints
			res.Events = append(res.Events, Event{Kind: EventUpperBonus, Player: g.Players[s], Points: UpperBonusPoints})
		}
		g.totals[s] = KniffelTotal(g.boxes[s]) + g.bonus[s]
	case g.tot != nil:
		res.End, res.Throws, res.Points = validate.Finished, g.tot.Throws(), g.tot.Points()
		g.totals[s] += g.tot.Points()
	case g.dreissig != nil:
		g.finishDreissig(res)
	}
}

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

func (g *Game) finish5000(res *TurnResult) {
	t, s := g.fam, g.seat
	if t.End() != validate.Stopped {
		res.Points = 0
		return
	}
	pts := t.Result()
	if g.totals[s]+pts <= 5000 {
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
		if g.totals[q] >= 500 && (recv < 0 || g.totals[q] < g.totals[recv]) {
			recv = q
		}
	}
	if recv < 0 || g.totals[recv]+pts > 5000 {
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

func (g *Game) finishRueckwaerts(res *TurnResult) {
	t, s := g.fam, g.seat
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

func (g *Game) finishDreissig(res *TurnResult) {
	t, s := g.dreissig, g.seat
	res.End, res.Throws, res.Points = validate.Finished, t.Throws()+t.Attacks(), t.Sum()
	switch {
	case t.Sum() < 30:
		g.totals[s] -= 30 - t.Sum()
	case t.Sum() > 30:
		v := g.Vordermann()
		res.Attack = t.Taken()
		g.totals[v] -= t.Taken()
		res.Events = append(res.Events, Event{Kind: EventAttack, Player: g.Players[v], Points: t.Taken(), From: g.Players[s]})
	}
	if g.Rules.Options.Hundert {
		// While an account is at 0 or below, and none has reached 100 yet
		// (the first to 100 wins at once: no further addition).
		for slices.ContainsFunc(g.totals, func(a int) bool { return a <= 0 }) &&
			!slices.ContainsFunc(g.totals, func(a int) bool { return a >= 100 }) {
			for i := range g.totals {
				g.totals[i] += 30
			}
			res.Events = append(res.Events, Event{Kind: EventTopUp, Points: 30})
		}
	}
}

// checkEnd decides whether the game is over after the turn res, and who won.
func (g *Game) checkEnd() {
	r := g.Rules
	n := len(g.Players)
	roundDone := g.seat == 0 // the next turn would start a new round
	switch r.Game {
	case validate.Game5050, validate.GameZehntausend:
		target := 5050
		if r.Game == validate.GameZehntausend {
			target = r.Options.Ziel
		}
		if slices.ContainsFunc(g.totals, func(t int) bool { return t >= target }) {
			g.finalRound = true
		}
		if g.finalRound && roundDone {
			g.end(r.EarlierSeatWinsTies())
		}
	case validate.Game5000:
		for i, t := range g.totals {
			if t == 5000 {
				g.finished, g.winners = true, []int{i}
			}
		}
	case validate.GameRueckwaerts:
		if slices.ContainsFunc(g.totals, func(t int) bool { return t >= 10000 }) {
			g.finished = true
			low := slices.Min(g.totals)
			for i, t := range g.totals {
				if t == low {
					g.winners = append(g.winners, i)
				}
			}
		}
	case validate.GameKniffel:
		if len(g.turns) == n*int(validate.NumCategories) {
			g.end(false)
		}
	case validate.GameTotwuerfeln:
		if len(g.turns) == n*r.Options.Runden {
			g.end(false)
		}
	case validate.GameDreissigTot:
		if r.Options.Hundert {
			if slices.ContainsFunc(g.totals, func(t int) bool { return t >= 100 }) {
				g.end(false)
			}
		} else if slices.ContainsFunc(g.totals, func(t int) bool { return t <= 0 }) {
			g.end(false)
		}
	}
}

// end finishes the game: the highest total wins; on a tie all of them, or
// with earliestSeat only the one who sits first.
func (g *Game) end(earliestSeat bool) {
	g.finished = true
	high := slices.Max(g.totals)
	for i, t := range g.totals {
		if t == high {
			g.winners = append(g.winners, i)
			if earliestSeat {
				break
			}
		}
	}
}
