package win

import (
	"slices"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Start is the position before the turn of the player in seat (0-based)
// with every player's written total in seat order (5000: 0 = not entered).
// The seats before seat have had their turn this round, so a total at or
// over the target before seat means the final round. A state no game can
// reach is a *StateError.
func (t *Table) Start(totals []int, seat int) (Position, error) {
	if err := checkStart(totals, seat); err != nil {
		return Position{}, err
	}
	if len(totals) > 2 {
		return t.startMany(totals, seat)
	}
	var e ends
	if err := t.ends2(&e, totals, seat); err != nil {
		return Position{}, err
	}
	p := t.position(e, totals[seat] > 0)
	p.sh = &shares{n: 2, seat: seat, w: unit(2, 1-seat)}
	return p, nil
}

// checkStart checks the totals and the seat of a turn start.
func checkStart(totals []int, seat int) error {
	if len(totals) < 2 {
		return stateErr("the totals of at least two players are needed", "es braucht die Stände von mindestens zwei Spielern")
	}
	if seat < 0 || seat >= len(totals) {
		return stateErr("seat %d: there are %d players", "Platz %d: es sind %d Spieler", seat+1, len(totals))
	}
	for k, x := range totals {
		if x%step != 0 {
			return stateErr("total %d of player %d is not a multiple of 50", "Stand %d von Spieler %d ist kein Vielfaches von 50", x, k+1)
		}
	}
	return nil
}

// ends2 sets e to the ends of a two-player turn start (its stops in
// e.stop's room where that is large enough).
func (t *Table) ends2(e *ends, totals []int, seat int) error {
	if t.xg != nil {
		return t.xg.startEnds(e, totals, seat)
	}
	return t.fg.startEnds(e, totals, seat)
}

// Starts is Start at each of totals and seats (a review's turn starts):
// the same positions, bit for bit, the turn tables of two players' starts
// (and of three or more before the final round, against the strongest
// other: multi.go) computed lanes at a time side by side (lanes.go),
// those of the most levels together. A start of three or more players in
// the final round is left out (its Position is not Made: Start makes it,
// or StartsAll). An error is that of the first start Start refuses.
func (t *Table) Starts(totals [][]int, seats []int) ([]Position, error) {
	return t.starts(totals, seats, false)
}

// StartsAll is Starts with the starts of three or more players in the
// final round too: their turn tables side by side with the others (of
// similar levels together), the same positions, bit for bit, as Start's;
// every player's chances are built on first use, as Start's.
func (t *Table) StartsAll(totals [][]int, seats []int) ([]Position, error) {
	return t.starts(totals, seats, true)
}

// A start's kind in starts: a pair's (two players, or against the
// strongest other), a final round's of three or more, or left out.
const (
	startOut = iota
	startPair
	startFinal
)

// startsEnds are the ends of starts' turn starts, by start: its kind, a
// pair's two-player start and seat in it, a final round's method.
type startsEnds struct {
	es    []ends
	kinds []int
	pairs [][]int
	mes   []int
	notes []string
}

func (t *Table) starts(totals [][]int, seats []int, finals bool) ([]Position, error) {
	if len(totals) != len(seats) {
		return nil, stateErr("%d totals for %d seats", "%d Stände für %d Plätze", len(totals), len(seats))
	}
	se, err := t.startsEnds(totals, seats, finals)
	if err != nil {
		return nil, err
	}
	var byTop []int
	tops := make([]int, len(totals))
	for k := range totals {
		if se.kinds[k] != startOut {
			byTop, tops[k] = append(byTop, k), se.es[k].levels()
		}
	}
	slices.SortStableFunc(byTop, func(a, b int) int { return tops[b] - tops[a] })
	out := make([]Position, len(totals))
	for len(byTop) > 0 {
		group := byTop[:min(lanes, len(byTop))]
		byTop = byTop[len(group):]
		t.startsGroup(out, group, se, totals, seats)
	}
	return out, nil
}

// startsEnds finds the ends of every start starts makes (finals: the
// final round's of three or more players too).
func (t *Table) startsEnds(totals [][]int, seats []int, finals bool) (*startsEnds, error) {
	n := len(totals)
	se := &startsEnds{es: make([]ends, n), kinds: make([]int, n), pairs: make([][]int, n), mes: make([]int, n), notes: make([]string, n)}
	var room []float64 // the stops of every start, in few allocations
	for k, tot := range totals {
		if err := checkStart(tot, seats[k]); err != nil {
			return nil, err
		}
		pair, me := tot, seats[k]
		final := false
		if len(tot) > 2 {
			var err error
			if t.xg == nil {
				if final, err = t.fg.finalOf(tot, seats[k]); err != nil {
					return nil, err
				}
			}
			if final && !finals {
				continue // Start's, one at a time
			}
			if !final {
				if pair, me, err = t.strongPair(tot, seats[k]); err != nil {
					return nil, err
				}
			}
		}
		if cap(room)-len(room) < 1024 {
			room = make([]float64, 0, 16384)
		}
		free := room[len(room):len(room):cap(room)]
		e := &se.es[k]
		e.stop = free
		if final {
			se.kinds[k], se.notes[k] = startFinal, t.fg.finalStartEnds(e, tot, seats[k])
		} else {
			se.kinds[k], se.pairs[k], se.mes[k] = startPair, pair, me
			if err := t.ends2(e, pair, me); err != nil {
				return nil, err
			}
		}
		if n := len(e.stop); cap(e.stop) == cap(free) { // in the room (else resize made its own)
			room, e.stop = room[:len(room)+n], e.stop[:n:n]
		}
	}
	return se, nil
}

// startsGroup makes the starts of group (at most lanes), their turn
// tables side by side, into out.
func (t *Table) startsGroup(out []Position, group []int, se *startsEnds, totals [][]int, seats []int) {
	tg := t.s.graph()
	s := t.s
	var tts []*turnTable
	if tg.plan == nil || t.plain {
		for _, k := range group {
			tts = append(tts, tg.tableIn(se.es[k], t.spareBuf(), !t.plain))
		}
	} else {
		ge := make([]ends, len(group))
		bufs := make([][]float64, len(group))
		for i, k := range group {
			ge[i], bufs[i] = se.es[k], t.spareBuf()
		}
		tts = tg.tablesIn(ge, bufs)
	}
	for i, k := range group {
		if se.kinds[k] == startFinal {
			ft := s.fs.Table(validate.TurnContext{Entered: true})
			out[k] = Position{tt: tts[i], fp: ft.Start(), exact: s.exact, note: s.note, own: t}
			t.finalOf(&out[k], se.notes[k], totals[k], seats[k])
			continue
		}
		me := se.mes[k]
		ft := s.fs.Table(validate.TurnContext{Entered: se.pairs[k][me] > 0})
		out[k] = Position{tt: tts[i], fp: ft.Start(), exact: s.exact, note: s.note, own: t,
			sh: &shares{n: 2, seat: me, w: unit(2, 1-me)}}
		if len(totals[k]) > 2 {
			t.strongOf(&out[k], totals[k], seats[k])
		}
	}
}

// Made reports whether p is a position (not the zero Position Starts
// leaves out).
func (p Position) Made() bool { return p.tt != nil }

// spareBuf is a released turn table's buffer (nil: none).
func (t *Table) spareBuf() []float64 {
	if b, ok := t.spare.Get().(*[]float64); ok {
		return *b
	}
	return nil
}

func (t *Table) position(e ends, entered bool) Position {
	s := t.s
	ft := s.fs.Table(validate.TurnContext{Entered: entered})
	return Position{tt: s.graph().tableIn(e, t.spareBuf(), !t.plain), fp: ft.Start(), exact: s.exact, note: s.note, own: t}
}

// StateByState is t computing every turn table state by state, as before
// the levels were planned (plan.go): the same values, bit for bit, more
// slowly (tests compare the two).
func (t *Table) StateByState() *Table {
	return &Table{s: t.s, fg: t.fg, xg: t.xg, Sweeps: t.Sweeps, Passes: t.Passes, Loaded: t.Loaded, plain: true}
}

// Release hands the turn table of p, a turn start of t (Start, Starts),
// back for a later Start to reuse (a review, which moves from turn to turn,
// makes no new garbage so). Neither p nor any position of its turn (After,
// At, AfterVoid...) may be used after: their values are gone (a use
// panics; a final round's chances, built on first use, read only the
// turn's ends, which stay). Positions of other tables are left alone.
func (t *Table) Release(p Position) {
	tt := p.tt
	if tt == nil || tt.buf == nil || p.own != t || p.sh == nil {
		return
	}
	buf := tt.buf
	tt.buf, tt.v, tt.q = nil, nil, nil
	t.spare.Put(&buf)
}

// startEnds checks a 5050 or zehntausend state and gives its turn's ends.
func (fg *finalGame) startEnds(e *ends, totals []int, seat int) error {
	target := (fg.lo + fg.m) * step
	for k, x := range totals {
		if x < fg.lo*step && !fg.minus {
			return stateErr("total %d of player %d is below 0 (only minus takes points off)", "Stand %d von Spieler %d liegt unter 0 (nur minus zieht Punkte ab)", x, k+1)
		}
	}
	switch {
	case totals[1] >= target:
		return stateErr("the game is over: player 2 reached the target %d at the end of a round", "das Spiel ist vorbei: Spieler 2 hat das Ziel %d am Ende einer Runde erreicht", target)
	case seat == 0 && totals[0] >= target:
		return stateErr("the game is over: player 1 reached the target %d and player 2 has had the last turn", "das Spiel ist vorbei: Spieler 1 hat das Ziel %d erreicht und Spieler 2 hatte den letzten Zug", target)
	case seat == 1 && totals[0] >= target:
		fg.chaseEnds(e, (totals[0]-max(totals[1], fg.lo*step))/step)
		return nil
	}
	i, j := fg.grid(totals[seat]), fg.grid(totals[1-seat])
	fg.fill(e, seat, i, j)
	e.b = 1 - fg.at(1-seat, j, i)
	return nil
}

// grid is a total's level on the grid (minus: lower totals count as the lowest).
func (fg *finalGame) grid(total int) int { return max(total/step-fg.lo, 0) }

// startEnds checks a 5000 state and gives its turn's ends.
func (xg *exactGame) startEnds(e *ends, totals []int, seat int) error {
	target := xg.n * step
	for k, x := range totals {
		switch {
		case x == target:
			return stateErr("the game is over: player %d has %d", "das Spiel ist vorbei: Spieler %d hat %d", k+1, x)
		case x > target || x < 0:
			return stateErr("total %d of player %d: 5000 has totals from 0 to %d", "Stand %d von Spieler %d: in 5000 liegen die Stände zwischen 0 und %d", x, k+1, target)
		case x > 0 && x < xg.entry*step:
			return stateErr("total %d of player %d: a player enters with %d or more (0: not entered)", "Stand %d von Spieler %d: man kommt mit %d oder mehr ins Spiel (0: noch nicht drin)", x, k+1, xg.entry*step)
		}
		for q := range k {
			if x > 0 && totals[q] == x {
				return stateErr("players %d and %d both have %d: the one who reached it would have set the other to 0", "Spieler %d und %d haben beide %d: wer den Stand erreicht, setzt den anderen auf 0", q+1, k+1, x)
			}
		}
	}
	i, j := totals[seat]/step, totals[1-seat]/step
	xg.fill(e, i, j)
	e.b = 1 - xg.at(j, i)
	return nil
}
