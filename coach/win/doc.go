// Package win is the coach that plays to win: for 5050, 5000 and
// zehntausend (every house rule but steigerung, any ziel up to MaxZiel,
// with minus up to MaxMinusZiel) the
// chance W that the player on turn wins the game under best play by both,
// before every turn and at every point inside it, and so the keep and the
// stop or throw on that maximise it. A shared win (zehntausend's tie)
// counts 1/2. Pure: no I/O but the cache file (cache.go), no clock.
//
// API (for the app's coach line, advise and the review):
//
//	s, err := win.For(rules)       // *Unsupported: steigerung, ziel > MaxZiel (fall back to points)
//	t, err := s.Table()            // the two-player table, built once (Cache: from disk)
//	p, err := t.Start(totals, seat) // before the turn of seat (0-based); *StateError: unreachable
//	p.Win()                        // the chance to win from here
//	p.StopWin()                    // stopping now (ok false: not allowed)
//	p.ThrowWin()                   // throwing on
//	p.Keeps(roll)                  // every legal keep with its chance, best first
//	p.After(keep), p.AfterBust(), p.AfterVoid(), p.At(familyPosition)
//	p.Exact(), p.Method()          // "exact": false where it is not
//	p.Chances(), p.StopChances(), p.ThrowChances() // every player's chance by seat, summing to 1 (many_chances.go)
//
// # Method
//
// A turn is coach/family's state graph (its states, throws and keeps from
// the engine), valued not by the points it banks but by what its end is
// worth in the game: a stop with T turn points from totals (i, j) is worth
// 1 − W(j, i+T) for the other player to move (or the game's end: the final
// round, 5000's exact hit, transfer and reset), a bust 1 − W(j, i). Given
// those, one backward pass over the turn points (every keep adds at least
// 50) gives the turn's values; above the last level that matters every
// stop is worth the same and the values are closed (family's reach chances).
// With banked points as the end values the pass gives back family's values
// (a test).
//
// Totals only grow with a stop, so the pairs are solved by decreasing sum.
// A bust hands (i, j) to (j, i): the two turns are solved together by
// Newton's method on their bust values; each pass returns its value's exact
// derivative by the bust value and how far that value may move with every
// choice of the pass staying best, so a step that stays inside is exact and
// ends the cycle (typically two passes per turn). 5000's resets (and minus)
// lead back to lower sums: sweeps until no value moves by 1e-13.
//
// In the final round the second seat chases the first seat's total in one
// turn: its chance C(d) with d points to make up is one pass over the
// points still needed. The first seat's stops over the target are worth
// 1 − C(lead); far enough ahead the values are closed again (every stop
// best, the play most likely to reach a stop best where none is allowed,
// checked by bounds per bust value).
//
// Three or more players: the final round exact for any number of seats
// still to throw (multi.go, many.go: from the last seat back, each seat's
// one turn played for its own share against the best total so far); before
// it an approximation marked exact: false. Every player's chance (for the
// review): in the final round exact (the mover's turn followed with every
// player's chance at its ends), before it the mover's W and the rest shared
// by the others' own two-player chances (many_chances.go).
package win
