package win

import (
	"math"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// TestTableIsConsistent: every stored W is what a fresh pass of its turn
// gives with its partner's stored value as the bust: the Newton steps that
// ended a cycle without a last pass were exact.
func TestTableIsConsistent(t *testing.T) {
	for _, o := range []map[string]any{{"ziel": 1000}, {"ziel": 1000, "nix": true}, {"ziel": 1000, "wuerfel": 6}} {
		checkConsistent(t, tableOf(t, validate.GameZehntausend, o).fg, 1e-12)
	}
	// minus: the sweeps stop at minusTol.
	checkConsistent(t, tableOf(t, validate.GameZehntausend, map[string]any{"ziel": 100, "minus": true}).fg, 1e-9)
	xg := table5000(t).xg
	w := newWorker(xg.tg)
	for i := range xg.n {
		for j := range xg.n {
			if !xg.valid(i) || !xg.valid(j) || i == j && i > 0 {
				continue
			}
			xg.fill(&w.ea, i, j)
			w.ea.b = 1 - xg.at(j, i)
			if v, _ := w.a.run(&w.ea); math.Abs(v-xg.at(i, j)) > 1e-11 {
				t.Errorf("5000 %d:%d: a pass gives %.15f, stored %.15f", i*step, j*step, v, xg.at(i, j))
			}
		}
	}
}

func checkConsistent(t *testing.T, fg *finalGame, eps float64) {
	w := newWorker(fg.tg)
	m := fg.m
	bad := 0
	for s := range 2 {
		for i := range m {
			for j := range m {
				fg.fill(&w.ea, s, i, j)
				w.ea.b = 1 - fg.at(1-s, j, i)
				v, _ := w.a.run(&w.ea)
				if d := math.Abs(v - fg.at(s, i, j)); d > eps {
					bad++
					if bad < 10 {
						t.Errorf("seat %d at %d against %d: a pass gives %.15f, stored %.15f", s+1, i*step, j*step, v, fg.at(s, i, j))
					}
				}
			}
		}
	}
}

// TestTableIsThePass: the positions' table of a turn (values alone) holds
// bit for bit the values of the cycles' pass (values, derivatives and
// bounds) of the same ends, and its throwing-on values are the ones the
// best of stopping and throwing on was taken from.
func TestTableIsThePass(t *testing.T) {
	for _, o := range []map[string]any{{"ziel": 1000}, {"ziel": 1000, "nix": true}, {"ziel": 1000, "wuerfel": 6}, {"ziel": 100, "minus": true}} {
		fg := tableOf(t, validate.GameZehntausend, o).fg
		var e ends
		for s := range 2 {
			for i := range fg.m {
				for j := range fg.m {
					fg.fill(&e, s, i, j)
					e.b = 1 - fg.at(1-s, j, i)
					checkTableIsPass(t, fg.tg, e)
				}
			}
		}
	}
	xg := table5000(t).xg
	var e ends
	for i := range xg.n {
		for j := range xg.n {
			if xg.valid(i) && xg.valid(j) && (i != j || i == 0) {
				xg.fill(&e, i, j)
				e.b = 1 - xg.at(j, i)
				checkTableIsPass(t, xg.tg, e)
			}
		}
	}
}

func checkTableIsPass(t *testing.T, tg *turnGraph, e ends) {
	t.Helper()
	tt := tg.table(e)
	p := tg.newPass()
	p.run(&e)
	ns := tg.ns
	if len(tt.v) != len(p.v) {
		t.Fatalf("%d values in the table, %d in the pass", len(tt.v), len(p.v))
	}
	for k, x := range p.v {
		if math.Float64bits(x) != math.Float64bits(tt.v[k]) {
			t.Fatalf("level %d state %d: table %v, pass %v", k/ns, k%ns, tt.v[k], x)
		}
		lv, s := k/ns, k%ns
		if lv >= tt.top || lv > 0 && tg.fresh[s] {
			continue
		}
		q := tt.q[k]
		want := q
		if lv > 0 && tg.canStop(s, lv, e.floor) {
			want = max(q, tt.stopValue(lv))
		}
		if math.Float64bits(want) != math.Float64bits(x) {
			t.Fatalf("level %d state %d: throwing on %v, stopping %v, value %v", lv, s, q, tt.stopValue(lv), x)
		}
	}
}

// A Start that reuses a released turn table (Release) has every value bit
// for bit as a new one, whatever the released table held; the released
// position's values are gone.
func TestReleasedTableReused(t *testing.T) {
	for _, o := range []map[string]any{{"ziel": 1000}, {"ziel": 1000, "wuerfel": 6}} {
		tb := tableOf(t, validate.GameZehntausend, o)
		fg := tb.fg
		var e ends
		reused := 0
		for _, c := range [][3]int{{0, 0, 0}, {1, 3, 12}, {0, 15, 2}, {1, 19, 19}, {0, 1, 18}} {
			p, err := tb.Start([]int{c[1] * step, c[2] * step}, c[0])
			if err != nil {
				t.Fatal(err)
			}
			for k := range p.tt.buf {
				p.tt.buf[k] = -7 // what a reused buffer may hold
			}
			old := &p.tt.buf[0]
			tb.Release(p)
			if p.tt.v != nil {
				t.Fatal("a released position keeps its values")
			}
			totals, seat := []int{c[2] * step, c[1] * step}, 1-c[0] // another turn
			q, err := tb.Start(totals, seat)
			if err != nil {
				t.Fatal(err)
			}
			if err := fg.startEnds(&e, totals, seat); err != nil {
				t.Fatal(err)
			}
			want := fg.tg.table(e)
			if cap(q.tt.buf) > 0 && &q.tt.buf[:1][0] == old {
				reused++
			}
			if len(q.tt.v) != len(want.v) || len(q.tt.q) != len(want.q) {
				t.Fatalf("%v: %d/%d values, a new table %d/%d", c, len(q.tt.v), len(q.tt.q), len(want.v), len(want.q))
			}
			for k := range want.v {
				if math.Float64bits(q.tt.v[k]) != math.Float64bits(want.v[k]) {
					t.Fatalf("%v: v[%d] %v reused, %v new", c, k, q.tt.v[k], want.v[k])
				}
			}
			for k := range want.q {
				if math.Float64bits(q.tt.q[k]) != math.Float64bits(want.q[k]) {
					t.Fatalf("%v: q[%d] %v reused, %v new", c, k, q.tt.q[k], want.q[k])
				}
			}
			tb.Release(q)
		}
		if reused == 0 {
			t.Errorf("%v: no Start took a released table", o)
		}
	}
}
