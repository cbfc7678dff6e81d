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
