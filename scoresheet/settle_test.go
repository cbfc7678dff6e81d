package scoresheet

import (
	"slices"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// A finished Dreißig-tot turn settled at given accounts: as the game
// settles it (the Vordermann attacked, the own account charged, hundert's
// additions, the end and its winner), and the seat that moves next.
func TestDreissigSettle(t *testing.T) {
	turn := func(r *validate.Rules, keeps [][]int, attacks ...[]int) *validate.DreissigTurn {
		tn := r.NewDreissigTurn()
		for _, k := range keeps {
			roll := slices.Clone(k)
			for len(roll) < tn.InCup() {
				roll = append(roll, 1)
			}
			if err := tn.Throw(roll, k); err != nil {
				t.Fatalf("throw %v keep %v: %v", roll, k, err)
			}
		}
		for _, a := range attacks {
			if err := tn.Attack(a); err != nil {
				t.Fatalf("attack %v: %v", a, err)
			}
		}
		return tn
	}
	rules := func(values map[string]any) *validate.Rules {
		o, err := validate.MakeOptions("dreissig-tot", values)
		if err != nil {
			t.Fatal(err)
		}
		r, err := validate.NewRules("dreissig-tot", o)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	basic, hundert := rules(nil), rules(map[string]any{"hundert": true})
	sixes := [][]int{{6, 6, 6, 6, 6, 6}}
	for _, c := range []struct {
		name     string
		rules    *validate.Rules
		accounts []int
		seat     int
		tn       *validate.DreissigTurn
		after    []int
		finished bool
		winners  []int
		next     int
	}{
		// 33: face 3; 3 + 3 + 3 + 3 taken from seat 1's Vordermann, seat 3.
		{"attack", basic, []int{30, 30, 30}, 0, turn(basic, [][]int{{6, 6, 6, 6, 6}, {3}}, []int{6, 6, 3, 3, 2, 1}, []int{3, 3, 2, 1}, []int{1, 2}),
			[]int{30, 30, 18}, false, nil, 1},
		{"second seat attacks the first", basic, []int{30, 30}, 1, turn(basic, [][]int{{6, 6, 6, 6, 6}, {3}}, []int{6, 6, 3, 3, 2, 1}, []int{3, 3, 2, 1}, []int{1, 2}),
			[]int{18, 30}, false, nil, 0},
		{"under 30", basic, []int{30, 30}, 0, turn(basic, [][]int{{1, 1, 1, 1, 1, 1}}), []int{6, 30}, false, nil, 1},
		{"exactly 30", basic, []int{7, 30}, 1, turn(basic, [][]int{{5, 5, 5, 5, 5, 5}}), []int{7, 30}, false, nil, 0},
		{"own account to 0 ends the game", basic, []int{5, 30}, 0, turn(basic, [][]int{{1, 1, 1, 1, 1, 1}}), []int{-19, 30}, true, []int{1}, 0},
		{"hundert: 36 on 6 while holding 90", hundert, []int{90, 6}, 0, turn(hundert, sixes, []int{6, 6, 6, 6, 6, 6}), []int{120, 0}, true, []int{0}, 0},
		{"hundert: both +30", hundert, []int{20, 6}, 1, turn(hundert, [][]int{{1, 1, 1, 1, 1, 1}}), []int{50, 12}, false, nil, 0},
	} {
		s, ok := DreissigSettle(c.rules, c.accounts, c.seat, c.tn)
		if !ok || !slices.Equal(s.Result.Totals, c.after) || s.Finished != c.finished || !slices.Equal(s.Winners, c.winners) || (!c.finished && s.Next != c.next) {
			t.Errorf("%s: %v seat %d: ok %v, after %v finished %v winners %v next %d; want %v %v %v %d",
				c.name, c.accounts, c.seat, ok, s.Result.Totals, s.Finished, s.Winners, s.Next, c.after, c.finished, c.winners, c.next)
		}
	}
	if _, ok := DreissigSettle(basic, []int{30, 30}, 0, turn(basic, [][]int{{6, 6, 6}})); ok {
		t.Error("a turn with three dice aside settled")
	}
}
