package scoresheet

import (
	"slices"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// LowerWins reports whether the fewest points are best (the minus points of
// Zehntausend Rückwärts). See validate.Variant.
func LowerWins(g validate.GameID) bool { return validate.VariantOf(g).LowerWins }

// Ranks places every seat: the winners share rank 1, the others follow by
// total (lower is better in Rückwärts), equal totals sharing a rank.
func Ranks(game validate.GameID, totals []int, winners []int) (rank []int, won []bool) {
	won = make([]bool, len(totals))
	for _, w := range winners {
		won[w] = true
	}
	better := func(a, b int) bool { return a > b }
	if LowerWins(game) {
		better = func(a, b int) bool { return a < b }
	}
	rank = make([]int, len(totals))
	for i := range totals {
		rank[i] = 1
		if won[i] {
			continue
		}
		for j := range totals {
			if j != i && (won[j] || better(totals[j], totals[i])) {
				rank[i]++
			}
		}
	}
	return rank, won
}

// Standings lists the seats from first to last place (winners first, then
// by total; seat order breaks ties).
func (g *Game) Standings() []int {
	rank, _ := Ranks(g.Rules.Game, g.totals, g.winners)
	order := make([]int, len(g.Players))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return rank[a] - rank[b] })
	return order
}

// Entered reports whether a player may stop with less than 500 (5000: they
// have entered and not been reset to 0 since). Always true in other games.
func (g *Game) Entered(seat int) bool {
	return g.Rules.Variant().EntryPoints == 0 || g.totals[seat] > 0
}

// RematchOrder is the seat order of the next game between the same players:
// where the winner begins (5050), the order turns so that they sit first;
// otherwise it stays.
func (g *Game) RematchOrder() []string {
	players := slices.Clone(g.Players)
	if w := g.winners; g.Rules.WinnerBegins() && len(w) > 0 {
		players = append(players[w[0]:], players[:w[0]]...)
	}
	return players
}

// Rounds is the fixed number of rounds of the game, 0 when it has none.
func (g *Game) Rounds() int { return g.Rules.Variant().FixedRounds() }

// LastRound reports whether the round being played is the game's last one
// (the target was reached, or the last of a fixed number of rounds).
func (g *Game) LastRound() bool {
	n := g.Rounds()
	return g.finalRound || n > 0 && g.Round() == n
}

// TieBrokenBySeat reports whether the game ended in a tie for the win that
// the turn order decided: the winner sits earlier than a player with the
// same total (5050).
func (g *Game) TieBrokenBySeat() bool {
	if !g.finished || !g.Rules.EarlierSeatWinsTies() || len(g.winners) != 1 {
		return false
	}
	w := g.winners[0]
	for seat, t := range g.totals {
		if seat != w && t == g.totals[w] {
			return true
		}
	}
	return false
}
