package win

import "slices"

// Three or more players (5050 and zehntausend; 5000 by its two-player
// table only):
//
//   - In the final round, the last seat of the round on turn: exact. It
//     wins by ending above the best total (5050: a tie goes to the earlier
//     seat, so it loses; zehntausend: a tie with k others is a share 1/(k+1)).
//   - In the final round with one seat still to throw after the player on
//     turn: exact too. Above the best total X the later seat chases X alone
//     (the two-player chase C, a tie shared by the two), so X is worth
//     1 − C; on a tie with k earlier players (zehntausend) one pass of the
//     later seat's chase with a tie worth 1/(k+2), its chance v, gives
//     X's worth (1 − v)/(k+1) = P(Y < X)/(k+1) + P(Y = X)/(k+2).
//   - With two or more seats still to throw: exact too, from the last seat
//     back (many.go).
//   - Before the final round (and 5000 with three or more players): the
//     two-player table against the strongest other player (the highest
//     total; of equal ones the next to throw), the seats in their order
//     around the table; exact: false.
const (
	methodLastSeat = "final round, last seat: exact"
	methodOneLater = "final round, one more player throws after this one: exact"
	methodMany     = "final round, two or more players throw after this one: exact (from the last seat back)"
	methodStrong   = "three or more players: each one's two-player chance against their strongest other player, normalised to add up to 1"
)

func (t *Table) startMany(totals []int, seat int) (Position, error) {
	if t.xg != nil {
		return t.strongest(totals, seat)
	}
	fg := t.fg
	final, err := fg.finalOf(totals, seat)
	if err != nil {
		return Position{}, err
	}
	if !final {
		return t.strongest(totals, seat)
	}
	var e ends
	note := fg.finalStartEnds(&e, totals, seat)
	p := t.position(e, true)
	t.finalOf(&p, note, totals, seat)
	return p, nil
}

// finalStartEnds sets e to the ends of the turn of seat at totals in the
// final round (three or more players) and gives the method.
func (fg *finalGame) finalStartEnds(e *ends, totals []int, seat int) string {
	best, ties := 0, 0
	for k, x := range totals {
		switch {
		case k == seat:
		case x > best || ties == 0:
			best, ties = x, 1
		case x == best:
			ties++
		}
	}
	mine := totals[seat]
	var later []int
	for k := seat + 1; k < len(totals); k++ {
		later = append(later, totals[k])
	}
	switch {
	case len(later) > 1:
		fg.manyEnds(e, mine, best, ties, later)
		return methodMany
	case len(later) == 1:
		fg.finalEnds(e, mine, best, ties, later)
		return methodOneLater
	}
	fg.finalEnds(e, mine, best, ties, later)
	return methodLastSeat
}

// finalOf makes p, a position with a final round's turn table, the start
// of seat at totals: its method, exact, every player's share.
func (t *Table) finalOf(p *Position, note string, totals []int, seat int) {
	p.note = note
	p.exact = t.s.exact
	p.sh = t.finalShares(*p, totals, seat)
}

// finalOf reports whether the start of seat at totals (three or more
// players) is in the final round, or why there is none.
func (fg *finalGame) finalOf(totals []int, seat int) (bool, error) {
	target := (fg.lo + fg.m) * step
	final := false
	for k, x := range totals {
		if x < fg.lo*step && !fg.minus {
			return false, stateErr("total %d of player %d is below 0 (only minus takes points off)", "Stand %d von Spieler %d liegt unter 0 (nur minus zieht Punkte ab)", x, k+1)
		}
		if x >= target {
			if k >= seat {
				return false, stateErr("the game is over: player %d reached the target %d in a round that was played out", "das Spiel ist vorbei: Spieler %d hat das Ziel %d in einer zu Ende gespielten Runde erreicht", k+1, target)
			}
			final = true
		}
	}
	return final, nil
}

// finalEnds: the turn of a player at mine in the final round against the
// best total so far (ties players on it) with the later seats' totals.
func (fg *finalGame) finalEnds(e *ends, mine, best, ties int, later []int) {
	d := (best - mine) / step // levels to make up
	tieV := 0.0
	if fg.tie > 0 {
		tieV = 1 / float64(ties+1)
	}
	top := d + 1
	for _, x := range later {
		top = max(top, (best-x)/step+len(fg.chase))
	}
	e.stop = resize(e.stop, top)
	e.stopB, e.tail = nil, nil
	for lv := range top {
		v := 0.0
		switch {
		case lv > d:
			v = 1
		case lv == d:
			v = tieV
		}
		switch {
		case v > 0 && lv == d && len(later) == 1:
			v = fg.tieWithOneLater((mine+lv*step-later[0])/step, ties)
		case v > 0:
			for _, x := range later { // each later seat chases our total
				v *= 1 - fg.chaseAt((mine+lv*step-x)/step)
			}
		}
		e.stop[lv] = v
	}
	e.top, e.hi, e.hiB, e.b, e.floor = top, 1, 0, 0, fg.floor
	e.first, e.firstB = 0, 0
	if fg.nix {
		e.first, _ = e.stopAt(nixLevels)
	}
}

// strongest is the two-player position against the strongest other player.
func (t *Table) strongest(totals []int, seat int) (Position, error) {
	pair, me, err := t.strongPair(totals, seat)
	if err != nil {
		return Position{}, err
	}
	p, err := t.Start(pair, me)
	if err != nil {
		return p, err
	}
	t.strongOf(&p, totals, seat)
	return p, nil
}

// strongPair is the two-player start strongest takes: seat's total and the
// strongest other's, in their seats' order, and seat's place in it (me).
func (t *Table) strongPair(totals []int, seat int) (pair []int, me int, err error) {
	n := len(totals)
	opp := -1
	for k := 1; k < n; k++ {
		q := (seat + k) % n
		if opp < 0 || totals[q] > totals[opp] {
			opp = q
		}
	}
	pair = []int{totals[seat], totals[opp]}
	if opp < seat { // the other sits earlier: we are the pair's second seat
		pair, me = []int{totals[opp], totals[seat]}, 1
	}
	if t.xg != nil {
		for k, x := range totals {
			if x > 0 && slices.Index(totals, x) != k {
				return nil, 0, stateErr("players %d and %d both have %d: the one who reached it would have set the other to 0", "Spieler %d und %d haben beide %d: wer den Stand erreicht, setzt den anderen auf 0", slices.Index(totals, x)+1, k+1, x)
			}
		}
	}
	return pair, me, nil
}

// strongOf makes p, the start of strongPair's pair, the start of seat at
// totals: not exact, every player's share by the weights.
func (t *Table) strongOf(p *Position, totals []int, seat int) {
	p.exact, p.note = false, methodStrong
	p.sh = &shares{n: len(totals), seat: seat, w: t.weights(totals, seat), norm: true}
}

// tieWithOneLater is what ending on the best total of ties earlier players
// is worth when one seat still throws, dq levels behind. That seat wins
// above it and shares with ties+1 players on it: its chance v = P(Y > X) +
// P(Y = X)/(ties+2) under its best play, and the shares of the players on
// the top total add up to what it leaves: ours is (1 − v)/(ties+1) =
// P(Y < X)/(ties+1) + P(Y = X)/(ties+2).
func (fg *finalGame) tieWithOneLater(dq, ties int) float64 {
	var e ends
	fg.chaseEnds(&e, dq)
	tau := 1 / float64(ties+2)
	e.stop[dq] = tau
	if fg.nix && nixLevels == dq {
		e.first = tau
	}
	v, _ := fg.tg.newPass().run(&e)
	return (1 - v) / float64(ties+1)
}
