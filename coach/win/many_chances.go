package win

import (
	"math"
	"sync"
	"unsafe"
)

// Every player's chance to win (Position.Chances), by seat, summing to 1.
//
//   - Two players: the mover's W and 1 − W.
//   - The final round (5050, zehntausend), exact: the mover's turn is
//     followed under its own best play with every player's chance at each
//     of its ends (followTable); an end is the start of the next seat's
//     turn, whose chances come from the way back from the last seat
//     (finalMany.vec: the same passes as G, with a value per later seat).
//   - Before the final round with three or more players (and 5000 with
//     three or more), an approximation (exact: false): every player's
//     chance against their strongest other player (the highest total, of
//     equal ones the next to throw) in the two-player table, normalised to
//     add up to 1. The mover's is the coach's W (its own position in the
//     turn), the others' are read at the totals of the turn's start, with
//     the seat order of the round: the mover's chance is W/(W + S), S the
//     sum of the others', each other one's a/(W + S). The mover's choices
//     are the coach's (the share rises with W).

// shares says how a Position gives every player's chance.
type shares struct {
	n, seat int
	// w: the others' two-player chances (the mover's 0), normalised with
	// W (norm; two players: w is the other's part of 1 − W); nil: the
	// final round
	w    []float64
	norm bool
	// The final round: the follow table, built on first use.
	once   sync.Once
	build  func() *followTable
	follow *followTable
}

func (sh *shares) table() *followTable {
	sh.once.Do(func() { sh.follow = sh.build() })
	return sh.follow
}

func (sh *shares) split(v float64) []float64 {
	out := make([]float64, sh.n)
	if !sh.norm {
		for i := range out {
			out[i] = (1 - v) * sh.w[i]
		}
		out[sh.seat] = v
		return out
	}
	sum := v
	for _, a := range sh.w {
		sum += a
	}
	for i := range out {
		out[i] = sh.w[i] / sum
	}
	out[sh.seat] = v / sum
	return out
}

// Chances is every player's chance to win from here under best play, by
// seat (the mover's is Win()), summing to 1; nil for a position made
// without the game around it.
func (p Position) Chances() []float64 {
	sh := p.sh
	switch {
	case sh == nil:
		return nil
	case sh.w != nil:
		return sh.split(p.Win())
	}
	ft := sh.table()
	if p.ended {
		if p.endFirst {
			return clone(ft.vt.first)
		}
		return clone(ft.vt.bust)
	}
	return ft.vt.at(int(p.fp.State()), p.level())
}

// StopChances is every player's chance after stopping now; ok is false
// where a stop is not allowed.
func (p Position) StopChances() ([]float64, bool) {
	sv, ok := p.StopWin()
	switch {
	case !ok || p.sh == nil:
		return nil, ok
	case p.sh.w != nil:
		return p.sh.split(sv), true
	}
	return clone(p.sh.table().vt.stop(p.level())), true
}

// ThrowChances is every player's chance after throwing on now.
func (p Position) ThrowChances() []float64 {
	switch {
	case p.sh == nil:
		return nil
	case p.sh.w != nil:
		return p.sh.split(p.ThrowWin())
	case p.ended:
		return p.Chances()
	}
	return p.sh.table().vt.throwVec(int(p.fp.State()), p.level())
}

// Share is the mover's chance to win the whole game for a figure x of p
// (StopWin, ThrowWin, a keep's Win, Win): exact figures are that chance;
// before the final round with three or more players x is the two-player
// figure against the strongest other, and Share its share of the game as
// Chances gives it (it rises with x, so the order of choices stays). A
// certain x (0 or 1: lost or won whatever the others throw) stays certain.
func (p Position) Share(x float64) float64 {
	if p.exact || p.sh == nil || p.sh.w == nil || x == 0 || x == 1 {
		return x
	}
	return p.sh.split(x)[p.sh.seat]
}

func clone(v []float64) []float64 { return append([]float64(nil), v...) }

// weights are the others' chances before the final round, each against
// their strongest other player in the two-player table (a pair the table
// refuses: 1/n).
func (t *Table) weights(totals []int, seat int) []float64 {
	n := len(totals)
	w := make([]float64, n)
	for i := range n {
		if i == seat {
			continue
		}
		w[i] = 1 / float64(n)
		if a, err := t.headsUp(totals, seat, i); err == nil {
			w[i] = a
		}
	}
	return w
}

// headsUp is player i's chance against their strongest other player (the
// highest total, of equal ones the next after i) in the two-player table,
// with seat on turn now: of the pair, the first at or after seat in the
// round throws next (both before it: the earlier one, next round).
func (t *Table) headsUp(totals []int, seat, i int) (float64, error) {
	n := len(totals)
	o := -1
	for k := 1; k < n; k++ {
		if q := (i + k) % n; o < 0 || totals[q] > totals[o] {
			o = q
		}
	}
	a, b := min(i, o), max(i, o)
	on := 0 // the pair's seat on turn
	if a < seat && b >= seat {
		on = 1
	}
	w, err := t.pairWin([2]int{totals[a], totals[b]}, on)
	if err != nil {
		return 0, err
	}
	if []int{a, b}[on] == i {
		return w, nil
	}
	return 1 - w, nil
}

// pairWin is the chance of the pair's seat on before its turn: read from
// the table where both totals are on its grid (the value a turn's pass
// from Start gives, see TestTableIsConsistent), else from Start.
func (t *Table) pairWin(pair [2]int, on int) (float64, error) {
	mine, theirs := pair[on], pair[1-on]
	if xg := t.xg; xg != nil {
		if i, j := mine/step, theirs/step; xg.valid(i) && xg.valid(j) && (i != j || i == 0) {
			return xg.at(i, j), nil
		}
	} else if fg := t.fg; mine < (fg.lo+fg.m)*step && theirs < (fg.lo+fg.m)*step && mine >= fg.lo*step && theirs >= fg.lo*step {
		return fg.at(on, fg.grid(mine), fg.grid(theirs)), nil
	}
	p, err := t.Start(pair[:], on)
	if err != nil {
		return 0, err
	}
	return p.Win(), nil
}

// finalShares is the final round's shares of the mover at seat: its turn
// followed with every player's chance at its ends (built on first use).
func (t *Table) finalShares(p Position, totals []int, seat int) *shares {
	n := len(totals)
	fg := t.fg
	tt := p.tt
	return &shares{n: n, seat: seat, build: func() *followTable {
		view := fg.laterView(totals, seat+1) // the same later seats at every level
		stop := func(lv int) []float64 {
			if lv >= len(tt.e.stop) { // every stop from here on wins
				return unit(n, seat)
			}
			after := append([]int(nil), totals...)
			after[seat] = totals[seat] + lv*step
			return fg.finalChancesOn(view, after, seat+1)
		}
		bust := fg.finalChances(totals, seat+1)
		first := bust
		if fg.nix {
			first = stop(nixLevels)
		}
		vt := &vecTurn{tg: fg.tg, w: n, me: seat, floor: fg.floor, noSame: fg.noSame, byPlan: !t.plain, high: unit(n, seat), bust: bust, first: first}
		vt.stopAt = stop
		vt.solve(tt.top)
		return &followTable{vt: vt}
	}}
}

// followTable is a final-round turn of the mover with every player's
// chance at every state and level.
type followTable struct{ vt *vecTurn }

func unit(n, i int) []float64 {
	u := make([]float64, n)
	u[i] = 1
	return u
}

// finalChances is every player's chance by seat at the start of seat
// next's turn in the final round (next == len(totals): the game's end),
// the seats before next having had their turn.
func (fg *finalGame) finalChances(totals []int, next int) []float64 {
	return fg.finalChancesOn(fg.laterView(totals, next), totals, next)
}

// laterView is the view of the seats from next on (none at the game's
// end).
func (fg *finalGame) laterView(totals []int, next int) manyView {
	if next == len(totals) {
		return manyView{}
	}
	return fg.manyFor(totals[next:])
}

// finalChancesOn is finalChances with view, laterView(totals, next).
func (fg *finalGame) finalChancesOn(view manyView, totals []int, next int) []float64 {
	n := len(totals)
	best, holders := math.MinInt, 0 // the best total before next, the players on it (5050: the first)
	for k := range next {
		switch x := totals[k]; {
		case x > best:
			best, holders = x, 1
		case x == best && fg.tie > 0:
			holders++
		}
	}
	out := make([]float64, n)
	var v []float64
	if later := totals[next:]; len(later) == 0 {
		v = []float64{1}
		if fg.tie > 0 {
			v[0] = 1 / float64(holders)
		}
	} else {
		view.f.mu.Lock()
		v = view.f.vec(view.off, best/step, holders)
		view.f.mu.Unlock()
	}
	for k := range next {
		if totals[k] == best {
			out[k] = v[0]
			if fg.tie == 0 {
				break
			}
		}
	}
	copy(out[next:], v[1:])
	return out
}

// vec is before seat j's turn with the bar (levels) and k players on it:
// [the share of each player on the bar, the chance of seat j, of j+1, …,
// of the last], adding up to 1 (the last by difference).
func (f *finalMany) vec(j, bar, k int) []float64 {
	if f.fg.tie == 0 {
		k = 1
	}
	l := len(f.xs)
	out := make([]float64, l-j+1)
	switch {
	case j == l || bar >= f.cut[j]:
		out[0] = f.end(k)
		return out
	}
	g := f.share(j, bar, k)
	out[0] = g
	key := [3]int{j, bar, k}
	switch {
	case j == l-2: // the seat's own chance from G's pass, the last's by difference
		out[1] = f.own[key]
	case j < l-2 && bar-f.xs[j] >= f.reach: // seat j does not reach the bar
		copy(out[2:], f.vec(j+1, bar, k)[1:])
	case j < l-2:
		if v, ok := f.vmemo[key]; ok {
			return v
		}
		if !f.closedVec(j, bar, k, out) {
			own, ok := f.passVec[key]
			if !ok {
				own = f.vecPass(j, bar, k)
			}
			out[1] = own[0]
			copy(out[2:], own[2:])
		}
	}
	rest := 1 - float64(float64(k)*g)
	for _, c := range out[1 : len(out)-1] {
		rest -= c
	}
	out[len(out)-1] = rest
	if j < l-2 {
		if f.vmemo == nil {
			f.vmemo = map[[3]int][]float64{}
		}
		f.vmemo[[3]int{j, bar, k}] = out
	}
	return out
}

// vecPass is seat j's turn against the bar with k on it, followed with
// [its own chance, the share of each on the bar, the chances of j+1 …]
// (but the last seat's, which vec takes by difference: vecWidth): the rows
// up to the bar, above it the seat's base rows (vecBase).
func (f *finalMany) vecPass(j, bar, k int) []float64 {
	x := f.xs[j]
	w := f.vecWidth(j)
	below := make([]float64, w) // ending below the bar, or a bust
	nb := f.vec(j+1, bar, k)
	below[1] = nb[0]
	copy(below[2:], nb[1:])
	tie := make([]float64, w) // ending on the bar (not in 5050)
	if f.fg.tie > 0 {
		nv := f.vec(j+1, bar, k+1)
		tie[0], tie[1] = nv[0], nv[0]
		copy(tie[2:], nv[1:])
	}
	d := bar - x
	stop := func(lv int) []float64 {
		switch {
		case lv < d || lv == d && f.fg.tie == 0:
			return below
		case lv == d:
			return tie
		}
		return f.above(j, x+lv, w) // nix's first throw
	}
	vt := &vecTurn{tg: f.fg.tg, w: w, floor: f.fg.floor, noSame: f.fg.noSame, bust: below, first: below, stopAt: stop, base: f.vecBase(j), d: d}
	vt.rc, vt.rho = f.robustFor(j, bar, k, tie[0])
	if k == 1 || f.fg.tie == 0 { // as barPass
		fe := f.fg.firstFor(f.tieOf(k), vt.rc)
		if r0 := fe.holds(d, vt.rho); r0 > 0 {
			vt.fe, vt.r0 = fe, r0
			f.fg.firstUsed.Add(1)
		}
	}
	if f.fg.nix {
		vt.first = stop(nixLevels)
	}
	if f.vbufs == nil {
		f.vbufs = make([][2][]float64, len(f.xs))
	}
	vt.buf = &f.vbufs[j] // the rows of seat j's last pass (no pass of seat j runs inside it)
	vt.solve(d + 1)
	f.vbufs[j] = [2][]float64{vt.own, vt.v}
	return vt.vecAt(0)
}

// vecWidth is how many values seat j's passes carry: its own chance, the
// share of each on the bar, the chances of the later seats but the last
// (each value a sum of its own: leaving one out changes none of the others;
// with fg.noSame, as before, the last too).
func (f *finalMany) vecWidth(j int) int {
	if f.fg.noSame {
		return len(f.xs) - j + 1
	}
	return len(f.xs) - j
}

// above is what seat j ending at y above the bar gets and leaves:
// [its share, 0 for the players on the old bar, the later seats' chances].
func (f *finalMany) above(j, y, w int) []float64 {
	out := make([]float64, w)
	if y < f.fg.lo+f.fg.m { // below the target: never above a bar
		return out
	}
	nv := f.vec(j+1, y, 1)
	out[0] = nv[0]
	copy(out[2:], nv[1:])
	return out
}

// vecBase is seat j's turn above any bar: a stop at y worth above(j, y),
// a bust worth [0, 1, 0, …] (the chance of a bust, which a bar's pass
// turns into what the bust leaves).
func (f *finalMany) vecBase(j int) *vecTurn {
	if f.vbase == nil {
		f.vbase = make([]*vecTurn, len(f.xs))
	}
	if b := f.vbase[j]; b != nil {
		return b
	}
	x := f.xs[j]
	w := f.vecWidth(j)
	bust := make([]float64, w)
	bust[1] = 1
	vt := &vecTurn{tg: f.fg.tg, w: w, floor: f.fg.floor, noSame: f.fg.noSame, high: unit(w, 0), bust: bust, first: bust,
		stopAt: func(lv int) []float64 { return f.above(j, x+lv, w) }}
	vt.solve(max(f.cut[j]-x, (f.fg.floor+step-1)/step, 1))
	f.vbase[j] = vt
	return vt
}

// vecTurn is one turn of a seat followed with w values per state and
// level: its play maximises value me (its own chance), a stop at level lv
// is worth stopAt(lv), a bust bust (a bust of the first throw first). From
// level top on: base's rows (a bar's pass, base's bust value turned into
// this bust), or every allowed stop worth high.
type vecTurn struct {
	tg          *turnGraph
	w, me       int
	floor       int
	top         int
	stopAt      func(lv int) []float64
	high        []float64
	bust, first []float64
	base        *vecTurn
	// rc, where set: the robust keeps of a later seat's pass against a bar
	// d levels above it, with the later seats' ρ (many_robust.go)
	rc  *robustChase
	d   int
	rho float64
	// fe, where set: solve the levels within r0 of the bar and the start
	// from the first entries (many_first.go)
	fe *firstEntry
	r0 int
	// buf, where set: rows to reuse (a later seat's pass, finalMany.vbufs)
	buf *[2][]float64
	// noSame: every state's throws summed (finalGame.noSame)
	noSame bool
	// byPlan: the levels by the level plan where it can (vec_plan.go; a
	// mover's turn in the final round, but of a StateByState table)
	byPlan       bool
	byPlanLevels int       // how many levels solve took by the plan
	own          []float64 // [lv*ns+s]: value me
	v            []float64 // [(lv*ns+s)*w+i]
	stops        [][]float64
}

func (vt *vecTurn) stop(lv int) []float64 {
	if lv < len(vt.stops) {
		return vt.stops[lv]
	}
	return vt.stopAt(lv)
}

// ownAt is value me at index k (lv*ns+s).
func (vt *vecTurn) ownAt(k int) float64 {
	switch {
	case k < len(vt.own):
		return vt.own[k]
	case vt.base == nil:
		return vt.closedAt(k)[vt.me]
	}
	return vt.base.own[k]
}

// closedAt is the closed value at index k above the rows (a turn far
// above them: positions only).
func (vt *vecTurn) closedAt(k int) []float64 {
	tg := vt.tg
	lv, s := k/tg.ns, k%tg.ns
	a := 1.0
	if ph := lv % tg.period; !tg.stopPh[ph][s] {
		a = tg.g.Reach[ph][s]
	}
	out := make([]float64, vt.w)
	for i := range out {
		out[i] = float64(a*vt.high[i]) + float64((1-a)*vt.bust[i])
	}
	return out
}

// vecAt is the values at index k (lv*ns+s); fresh, for the caller.
func (vt *vecTurn) vecAt(k int) []float64 {
	w := vt.w
	out := make([]float64, w)
	vt.addAt(out, k, 1)
	return out
}

// addAt adds p times the values at index k to q.
func (vt *vecTurn) addAt(q []float64, k int, p float64) {
	w := vt.w
	switch {
	case k < len(vt.own):
		for i, x := range vt.v[k*w : k*w+w] {
			q[i] += float64(p * x)
		}
		return
	case vt.base == nil:
		for i, x := range vt.closedAt(k) {
			q[i] += float64(p * x)
		}
		return
	}
	b := vt.base.v[k*w : k*w+w]
	q[0] += float64(p * b[0])
	pb := p * b[1]
	for i := 1; i < w; i++ {
		q[i] += float64(pb * vt.bust[i])
	}
	for i := 2; i < w; i++ {
		q[i] += float64(p * b[i])
	}
}

// at is state s at level lv.
func (vt *vecTurn) at(s, lv int) []float64 { return vt.vecAt(lv*vt.tg.ns + s) }

// throwOn is throwing on from state s at lv into q: every throw's best
// keep for value me (of equal ones the first), its busts worth bust.
func (vt *vecTurn) throwOn(q []float64, s, lv int) {
	tg := vt.tg
	clear(q)
	row := lv * tg.ns
	if outs, ps, ok := vt.rc.merged(s, vt.d-lv, vt.rho); ok {
		switch {
		case row+int(tg.maxOff) < len(vt.own) && vecRows:
			vt.mergedRows(q, row, outs, ps)
		case vt.base != nil && vecRows:
			vt.mergedBase(q, row, outs, ps)
		default:
			for i, off := range outs {
				vt.addAt(q, row+int(off), ps[i])
			}
		}
		vt.addBust(q, s, lv)
		return
	}
	if row+int(tg.maxOff) < len(vt.own) && vecRows {
		vt.throwOnRows(q, s, row)
		vt.addBust(q, s, lv)
		return
	}
	for _, th := range tg.throws[tg.throwsOf[s]:tg.throwsOf[s+1]] {
		best, bk := math.Inf(-1), -1
		for _, off := range tg.offs[th.Lo:th.Hi] {
			if o := vt.ownAt(row + int(off)); o > best {
				best, bk = o, row+int(off)
			}
		}
		vt.addAt(q, bk, th.P)
	}
	vt.addBust(q, s, lv)
}

// vecRows: throwOn takes throwOnRows where it can (off only in the test
// that compares the two).
var vecRows = true

// throwOnRows is throwOn's loop over the throws where every outcome lies
// in the rows solved (row, the level's, and those above): the same keeps
// and sums as ownAt and addAt give, without their cases.
func (vt *vecTurn) throwOnRows(q []float64, s, row int) {
	tg := vt.tg
	w := vt.w
	own, v := vt.own[row:], vt.v[row*w:]
	throws, offs := tg.throws[tg.throwsOf[s]:tg.throwsOf[s+1]], tg.offs
	// keep is a throw's best outcome for value me (of equal ones the first);
	// every outcome lies in own (throwOn checks maxOff), read without
	// bounds checks.
	_ = own[tg.maxOff]
	ob := unsafe.Pointer(&own[0])
	keep := func(lo, hi int32) int {
		best, bk := math.Inf(-1), -1
		for _, off := range offs[lo:hi] {
			if o := *(*float64)(unsafe.Add(ob, uintptr(off)*8)); o > best {
				best, bk = o, int(off)
			}
		}
		return bk
	}
	// Three and four values in registers, each summed in the same order
	// (two players: none here; three and four players' final rounds).
	switch {
	case w == 3 && len(q) == 3:
		q0, q1, q2 := q[0], q[1], q[2]
		for _, th := range throws {
			bk := keep(th.Lo, th.Hi) * 3
			p, x := th.P, v[bk:bk+3:bk+3]
			q0 += float64(p * x[0])
			q1 += float64(p * x[1])
			q2 += float64(p * x[2])
		}
		q[0], q[1], q[2] = q0, q1, q2
	case w == 4 && len(q) == 4:
		q0, q1, q2, q3 := q[0], q[1], q[2], q[3]
		for _, th := range throws {
			bk := keep(th.Lo, th.Hi) * 4
			p, x := th.P, v[bk:bk+4:bk+4]
			q0 += float64(p * x[0])
			q1 += float64(p * x[1])
			q2 += float64(p * x[2])
			q3 += float64(p * x[3])
		}
		q[0], q[1], q[2], q[3] = q0, q1, q2, q3
	default:
		for _, th := range throws {
			bk := keep(th.Lo, th.Hi)
			p := th.P
			for i, x := range v[bk*w : bk*w+w] {
				q[i] += float64(p * x)
			}
		}
	}
}

// mergedBase is throwOn's sum over merged outcomes (outs, ps) of a turn on
// a base: the same sums as addAt gives, without its call and cases.
func (vt *vecTurn) mergedBase(q []float64, row int, outs []int32, ps []float64) {
	w := vt.w
	nv := len(vt.own)
	v, bv, bust := vt.v, vt.base.v, vt.bust[:w]
	q = q[:w]
	for i, off := range outs {
		p, k := ps[i], row+int(off)
		if k < nv {
			for t, x := range v[k*w : k*w+w] {
				q[t] += float64(p * x)
			}
			continue
		}
		b := bv[k*w : k*w+w]
		q[0] += float64(p * b[0])
		pb := p * b[1]
		for t := 1; t < w; t++ {
			q[t] += float64(pb * bust[t])
		}
		for t := 2; t < w; t++ {
			q[t] += float64(p * b[t])
		}
	}
}

// mergedRows is throwOn's sum over merged outcomes (outs, ps) that all lie
// in the rows solved: the same sums as addAt gives, without its cases (three
// to five values in registers, each summed in the same order).
func (vt *vecTurn) mergedRows(q []float64, row int, outs []int32, ps []float64) {
	w := vt.w
	v := vt.v[row*w:]
	ps = ps[:len(outs)]
	switch {
	case w == 3 && len(q) == 3:
		q0, q1, q2 := q[0], q[1], q[2]
		for i, off := range outs {
			p, x := ps[i], v[int(off)*3:int(off)*3+3:int(off)*3+3]
			q0 += float64(p * x[0])
			q1 += float64(p * x[1])
			q2 += float64(p * x[2])
		}
		q[0], q[1], q[2] = q0, q1, q2
	case w == 4 && len(q) == 4:
		q0, q1, q2, q3 := q[0], q[1], q[2], q[3]
		for i, off := range outs {
			p, x := ps[i], v[int(off)*4:int(off)*4+4:int(off)*4+4]
			q0 += float64(p * x[0])
			q1 += float64(p * x[1])
			q2 += float64(p * x[2])
			q3 += float64(p * x[3])
		}
		q[0], q[1], q[2], q[3] = q0, q1, q2, q3
	case w == 5 && len(q) == 5:
		q0, q1, q2, q3, q4 := q[0], q[1], q[2], q[3], q[4]
		for i, off := range outs {
			p, x := ps[i], v[int(off)*5:int(off)*5+5:int(off)*5+5]
			q0 += float64(p * x[0])
			q1 += float64(p * x[1])
			q2 += float64(p * x[2])
			q3 += float64(p * x[3])
			q4 += float64(p * x[4])
		}
		q[0], q[1], q[2], q[3], q[4] = q0, q1, q2, q3, q4
	default:
		for i, off := range outs {
			p := ps[i]
			for t, x := range v[int(off)*w : int(off)*w+w] {
				q[t] += float64(p * x)
			}
		}
	}
}

// addBust adds state s's chance of a bust at lv times its values to q.
func (vt *vecTurn) addBust(q []float64, s, lv int) {
	b := vt.bust
	if lv == 0 {
		b = vt.first
	}
	for i := range q {
		q[i] += float64(vt.tg.bustP[s] * b[i])
	}
}

// throwVec is throwOn into a new slice.
func (vt *vecTurn) throwVec(s, lv int) []float64 {
	q := make([]float64, vt.w)
	vt.throwOn(q, s, lv)
	return q
}

// solve fills the levels below top (and, without a base, the closed rows
// above it that keeps reach).
func (vt *vecTurn) solve(top int) {
	tg := vt.tg
	ns, w := tg.ns, vt.w
	vt.top = top
	rows := top
	if vt.base == nil {
		rows += tg.above
	}
	vt.rows(top, rows)
	for lv := top; lv < rows; lv++ {
		vt.closed(lv)
	}
	vt.stops = make([][]float64, top)
	for lv := range top {
		vt.stops[lv] = vt.stopAt(lv)
	}
	// Throwing on, by state, at the level (a state that throws like an
	// earlier one, tg.sameQ, has its sums: the same sums of the same numbers).
	qs := make([]float64, ns*w)
	low := 1
	if vt.fe != nil {
		low = top - vt.r0
		if vt.buf != nil { // the levels not solved, as make leaves them
			clear(vt.own[ns : low*ns])
			clear(vt.v[ns*w : low*ns*w])
		}
	}
	var kp *keeps
	var need []bool
	if vt.planned() {
		kp, need = newKeeps(tg.plan.sets()), make([]bool, ns)
	}
	for lv := top - 1; lv >= low; lv-- {
		stops := lv*step >= vt.floor
		ph := tg.stopPh[lv%tg.period]
		sv := vt.stops[lv]
		plan := kp != nil && lv*ns+int(tg.maxOff) < len(vt.own) && tg.plan.bestKeeps(vt.own[lv*ns:], kp)
		if plan {
			vt.byPlanLevels++
			vt.plannedLevel(qs, lv, kp, stops, ph, sv, need)
		}
		for s := range ns {
			if tg.fresh[s] {
				continue
			}
			var q []float64
			switch o := int(tg.sameQ[s]); {
			case o < s && !vt.noSame:
				q = qs[o*w : o*w+w]
			case plan: // plannedLevel's
				q = qs[s*w : s*w+w]
			default:
				q = qs[s*w : s*w+w]
				vt.throwOn(q, s, lv)
			}
			r := q
			if stops && ph[s] && sv[vt.me] >= q[vt.me] {
				r = sv
			}
			k := lv*ns + s
			vt.own[k] = r[vt.me]
			copy(vt.v[k*w:k*w+w], r)
		}
	}
	q := qs[:w]
	if vt.fe != nil {
		vt.fe.startVec(q, vt, low)
	} else {
		vt.throwOn(q, 0, 0)
	}
	vt.own[0] = q[vt.me]
	copy(vt.v[0:w], q)
}

// rows makes vt's rows (rows levels) for solve: a seat's last pass's
// where vt.buf has them (every one written again; the start's level and
// the states at the turn's start, never read, as make leaves them), else
// new ones.
func (vt *vecTurn) rows(top, rows int) {
	tg := vt.tg
	ns, w := tg.ns, vt.w
	b := vt.buf
	if b == nil {
		vt.own, vt.v = make([]float64, rows*ns), make([]float64, rows*ns*w)
		return
	}
	vt.own, vt.v = resize(b[0], rows*ns), resize(b[1], rows*ns*w)
	clear(vt.own[:ns]) // the level of the start: only the start is written
	clear(vt.v[:ns*w])
	for lv := 1; lv < top; lv++ {
		for s := range ns {
			if tg.fresh[s] {
				k := lv*ns + s
				vt.own[k] = 0
				clear(vt.v[k*w : k*w+w])
			}
		}
	}
}

// closed fills level lv above top: a stop worth high where allowed, else
// the best chance a of reaching one, a·high + (1−a)·bust.
func (vt *vecTurn) closed(lv int) {
	tg := vt.tg
	w := vt.w
	ph := lv % tg.period
	for s := range tg.ns {
		k := lv*tg.ns + s
		a := 1.0
		if !tg.stopPh[ph][s] {
			a = tg.g.Reach[ph][s]
		}
		if tg.fresh[s] {
			a = 0
		}
		for i := range w {
			vt.v[k*w+i] = float64(a*vt.high[i]) + float64((1-a)*vt.bust[i])
		}
		vt.own[k] = vt.v[k*w+vt.me]
	}
}
