package scoresheet

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
