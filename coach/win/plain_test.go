package win

import (
	"math"
	"os"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func rulesOf(t testing.TB, g validate.GameID, opts map[string]any) *validate.Rules {
	t.Helper()
	o, err := validate.MakeOptions(g, opts)
	if err != nil {
		t.Fatal(err)
	}
	r, err := validate.NewRules(g, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func tableOf(t testing.TB, g validate.GameID, opts map[string]any) *Table {
	t.Helper()
	s, err := For(rulesOf(t, g, opts))
	if err != nil {
		t.Fatal(err)
	}
	tb, err := s.Table()
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// plainTurn is a turn written out plainly: per state (by the engine's keeps,
// one family.Position standing for it) every multiset of the dice thrown
// with its chance, counted from the 6^n ordered throws, and every legal keep
// with the state and points it leads to.
type plainTurn struct {
	reps  []family.Position
	index map[int32]int
	moves [][]plainRoll // per state
	// stopAt reports whether a stop is allowed in state s at lv levels.
	stopAt func(s, lv int) bool
}

type plainRoll struct {
	p    float64
	succ []int // state
	pts  []int
}

func newPlainTurn(t *testing.T, ft *family.Table) *plainTurn {
	pt := &plainTurn{index: map[int32]int{}}
	add := func(p family.Position) int {
		if k, ok := pt.index[p.State()]; ok {
			return k
		}
		pt.index[p.State()] = len(pt.reps)
		pt.reps = append(pt.reps, p)
		return len(pt.reps) - 1
	}
	add(ft.Start())
	for k := 0; k < len(pt.reps); k++ {
		p := pt.reps[k]
		n := p.Dice()
		counts := map[validate.Counts]int{}
		roll := make([]int, n)
		var walk func(i int)
		walk = func(i int) {
			if i == n {
				counts[validate.CountsOf(roll)]++
				return
			}
			for f := 1; f <= 6; f++ {
				roll[i] = f
				walk(i + 1)
			}
		}
		walk(0)
		var rolls []plainRoll
		for c, ways := range counts {
			r := plainRoll{p: float64(ways) / math.Pow(6, float64(n))}
			ks, err := p.LegalKeeps(c.Pips())
			if err != nil {
				t.Fatal(err)
			}
			for _, kp := range ks {
				q, err := p.After(kp)
				if err != nil {
					t.Fatal(err)
				}
				r.succ = append(r.succ, add(q))
				r.pts = append(r.pts, q.Points()-p.Points())
			}
			rolls = append(rolls, r)
		}
		pt.moves = append(pt.moves, rolls)
	}
	return pt
}

// value is the turn's value under best play with stop(T) (allowed where
// the rules allow it), a bust worth b, and the turn cut off at cap levels
// (worth stopping there, or a bust). first is a bust on the first throw.
func (pt *plainTurn) value(stop func(lv int) float64, b, first float64, capLv int) float64 {
	ns := len(pt.reps)
	memo := make([]float64, (capLv+1)*ns)
	for k := range memo {
		memo[k] = math.NaN()
	}
	var f func(s, lv int) float64
	f = func(s, lv int) float64 {
		if lv >= capLv {
			if pt.canStop(s, lv) {
				return stop(lv)
			}
			return b
		}
		if v := memo[lv*ns+s]; !math.IsNaN(v) {
			return v
		}
		q := 0.0
		for _, r := range pt.moves[s] {
			if len(r.succ) == 0 {
				if s == 0 {
					q += float64(r.p * first)
				} else {
					q += float64(r.p * b)
				}
				continue
			}
			best := math.Inf(-1)
			for k, s2 := range r.succ {
				best = max(best, f(s2, lv+r.pts[k]/50))
			}
			q += float64(r.p * best)
		}
		if s != 0 && pt.canStop(s, lv) {
			q = max(q, stop(lv))
		}
		memo[lv*ns+s] = q
		return q
	}
	return f(0, 0)
}

func (pt *plainTurn) canStop(s, lv int) bool { return pt.stopAt(s, lv) }

// TestTinyGameAgainstPlainRecursion: zehntausend with ziel 100 (totals 0
// and 50) and rules whose chase fades fast (verdoppeln, no proving),
// against a plain value iteration of the whole game: every W, the bust
// cycles iterated until nothing moves.
func TestTinyGameAgainstPlainRecursion(t *testing.T) {
	opts := map[string]any{"ziel": 100, "verdoppeln": true, "beweisen": false}
	tb := tableOf(t, validate.GameZehntausend, opts)
	fs := tb.s.fs
	pt := newPlainTurn(t, fs.Table(validate.TurnContext{Entered: true}))
	pt.stopAt = func(s, lv int) bool { return fs.CanStop(pt.reps[s].State(), lv*50, 0) }
	const capLv = 220 // C(220 levels) < 1e-9 for these rules
	const m = 2
	// The chase: more than d levels wins, a tie is half.
	chase := map[int]float64{}
	chaseOf := func(d int) float64 {
		if v, ok := chase[d]; ok {
			return v
		}
		v := pt.value(func(lv int) float64 {
			switch {
			case lv > d:
				return 1
			case lv == d:
				return 0.5
			}
			return 0
		}, 0, 0, d+2) // every state but the start may stop: beyond d, stopping wins
		chase[d] = v
		return v
	}
	var w [2][m][m]float64
	for s := range 2 {
		for i := range m {
			for j := range m {
				w[s][i][j] = 0.5
			}
		}
	}
	for sweep := 0; ; sweep++ {
		change := 0.0
		for s := range 2 {
			for i := range m {
				for j := range m {
					stop := func(lv int) float64 {
						x := i + lv
						switch {
						case x < m:
							return 1 - w[1-s][j][x]
						case s == 0:
							return 1 - chaseOf(min(x-j, 200)) // C(200) < 1e-8, and leads that far are rare
						}
						return 1
					}
					b := 1 - w[1-s][j][i]
					v := pt.value(stop, b, b, capLv)
					change = max(change, math.Abs(v-w[s][i][j]))
					w[s][i][j] = v
				}
			}
		}
		if change < 1e-12 {
			break
		}
		if sweep > 200 {
			t.Fatal("the plain iteration does not converge")
		}
	}
	for s := range 2 {
		for i := range m {
			for j := range m {
				got := tb.fg.at(s, i, j)
				if math.Abs(got-w[s][i][j]) > 1e-8 {
					t.Errorf("W[%d](%d, %d) = %.12f, the plain recursion %.12f", s, i*50, j*50, got, w[s][i][j])
				}
			}
		}
	}
	for d := 1; d < 40; d++ {
		if got := tb.fg.chaseAt(d); math.Abs(got-chaseOf(d)) > 1e-9 {
			t.Errorf("chase %d: %.12f, the plain recursion %.12f", d*50, got, chaseOf(d))
		}
	}
}

// TestMain keeps the tables' files in a directory of the test's own.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "wintest")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestTieWithOneLaterAgainstPlainRecursion: in the final round with one
// seat still to throw, a tie with one earlier player is worth P(Y < X)/2 +
// P(Y = X)/3 under the later seat's best play for its own share, the
// chances followed plainly along its choices.
func TestTieWithOneLaterAgainstPlainRecursion(t *testing.T) {
	opts := map[string]any{"ziel": 100, "verdoppeln": true, "beweisen": false}
	tb := tableOf(t, validate.GameZehntausend, opts)
	fs := tb.s.fs
	pt := newPlainTurn(t, fs.Table(validate.TurnContext{Entered: true}))
	pt.stopAt = func(s, lv int) bool { return fs.CanStop(pt.reps[s].State(), lv*50, 0) }
	for _, dq := range []int{1, 2, 5, 9, 14} {
		type vb struct{ v, below float64 }
		memo := map[[2]int]vb{}
		var f func(s, lv int) vb
		f = func(s, lv int) vb {
			if lv > dq+1 && pt.canStop(s, lv) {
				return vb{1, 0}
			}
			if r, ok := memo[[2]int{s, lv}]; ok {
				return r
			}
			var q vb
			for _, r := range pt.moves[s] {
				if len(r.succ) == 0 {
					q.below += r.p // a bust: Y below X, worth nothing
					continue
				}
				best := vb{v: math.Inf(-1)}
				for k, s2 := range r.succ {
					if x := f(s2, lv+r.pts[k]/50); x.v > best.v {
						best = x
					}
				}
				q.v += float64(r.p * best.v)
				q.below += float64(r.p * best.below)
			}
			if s != 0 && pt.canStop(s, lv) {
				stop := vb{0, 1}
				switch {
				case lv > dq:
					stop = vb{1, 0}
				case lv == dq:
					stop = vb{1.0 / 3, 1}
				}
				if stop.v >= q.v {
					q = stop
				}
			}
			memo[[2]int{s, lv}] = q
			return q
		}
		r := f(0, 0)
		equal := (r.v - (1 - r.below)) * 3
		want := (r.below-equal)/2 + equal/3
		if got := tb.fg.tieWithOneLater(dq, 1); math.Abs(got-want) > 1e-12 {
			t.Errorf("dq %d: %.14f, the plain recursion %.14f", dq, got, want)
		}
	}
}
