package scoresheet

import (
	"slices"
	"strconv"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// StopPreview is what a stop now would write, without writing it: the
// turn's result with its events (5000: points passed on to another player
// or lost over 5000, a total reset by the same score). ok is false where no
// stop is allowed now (a rule blocks it, or the game has no stop).
func (g *Game) StopPreview() (res TurnResult, ok bool) {
	f := g.Family()
	if f == nil || g.finished || g.Rules.Variant().TableTurns || len(f.StopBlockers()) > 0 {
		return TurnResult{}, false
	}
	c := g.Clone()
	if err := c.Apply(Entry{Kind: EntryStop}); err != nil {
		return TurnResult{}, false
	}
	return c.LastTurn()
}

// DreissigSettled is what a finished Dreißig-tot turn does to the accounts
// of a game: the turn's result (the accounts after it in Totals, hundert's
// additions among its events), whether the game is over then, and its
// winners' seats or the seat to move next.
type DreissigSettled struct {
	Result   TurnResult
	Finished bool
	Winners  []int // seats from 0, when Finished
	Next     int   // the seat to move next, when not Finished
}

// DreissigSettle settles the finished turn t of seat (from 0) in a game of
// rules at the accounts by seat, as Apply would at that position (the
// players are named by their seats, from "1"). ok is false for a turn not
// finished, rules of another game or a seat that is not there.
func DreissigSettle(rules *validate.Rules, accounts []int, seat int, t *validate.DreissigTurn) (s DreissigSettled, ok bool) {
	if rules.TurnEngine() != validate.FamilyDreissig || !t.Done() || seat < 0 || seat >= len(accounts) {
		return DreissigSettled{}, false
	}
	g := &Game{Rules: rules}
	for i := range accounts {
		g.Players = append(g.Players, strconv.Itoa(i+1))
	}
	g.reset()
	copy(g.totals, accounts)
	g.seat = seat
	res := TurnResult{Seat: seat, Player: g.Players[seat]}
	(&dreissigTurn{t.Clone()}).finish(g, &res)
	res.Totals = slices.Clone(g.totals)
	g.seat = (seat + 1) % len(g.Players)
	g.checkEnd()
	return DreissigSettled{Result: res, Finished: g.finished, Winners: g.Winners(), Next: g.seat}, true
}
