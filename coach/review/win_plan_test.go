package review

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// stateByStateWin is the win solver of the tests with every turn table
// computed state by state (coach/win's Table.StateByState), as before the
// tables' levels were planned.
type stateByStateWin struct{ w winSolver }

func (s stateByStateWin) Start(r *validate.Rules, totals []int, seat int) (WinPosition, error) {
	sv, err := s.w.solver(r)
	if err != nil {
		return nil, err
	}
	t, err := sv.Table()
	if err != nil {
		return nil, err
	}
	p, err := t.StateByState().Start(totals, seat)
	if err != nil {
		return nil, err
	}
	return winPos{p}, nil
}

// TestWinReviewSameAsStateByState: randomly played games of two to five
// players under several rule sets (zehntausend's small targets with house
// rules, 5000) get the same review, every figure bit for bit, as with the
// turn tables computed state by state.
func TestWinReviewSameAsStateByState(t *testing.T) {
	sets := []struct {
		g    validate.GameID
		opts map[string]any
	}{{validate.Game5000, nil}}
	for _, o := range smallWinSets {
		sets = append(sets, struct {
			g    validate.GameID
			opts map[string]any
		}{validate.GameZehntausend, o})
	}
	plain := winValuers
	plain.Win = stateByStateWin{winValuers.Win.(winSolver)}
	rng := rand.New(rand.NewPCG(41, 42))
	games := 0
	for _, ws := range sets {
		r := rules(t, ws.g, ws.opts)
		for _, n := range []int{2, 2, 2, 3, 3, 4, 5} {
			g := playWinN(t, r, rng, randomChoice(rng), n)
			got, err := OfGame(g, winValuers)
			if err != nil {
				t.Fatal(err)
			}
			want, err := OfGame(g, plain)
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%s, %d players", rulesKey(r), n)
			if !got.Win || len(got.Decisions) == 0 {
				t.Fatalf("%s: no win review, or no decisions", name)
			}
			if d := bitsDiffer(reflect.ValueOf(*got), reflect.ValueOf(*want), "Review"); d != "" {
				t.Errorf("%s: %s", name, d)
			}
			games++
		}
	}
	if games < 20 {
		t.Fatalf("only %d games", games)
	}
}

// bitsDiffer names the first field where a and b differ, floats bit for
// bit (unexported fields too), "" where none does.
func bitsDiffer(a, b reflect.Value, at string) string {
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		if math.Float64bits(a.Float()) != math.Float64bits(b.Float()) {
			return fmt.Sprintf("%s: %v, state by state %v", at, a.Float(), b.Float())
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if d := bitsDiffer(a.Field(i), b.Field(i), at+"."+a.Type().Field(i).Name); d != "" {
				return d
			}
		}
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d entries, state by state %d", at, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if d := bitsDiffer(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", at, i)); d != "" {
				return d
			}
		}
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() != b.IsNil() {
			return at + ": nil on one side"
		}
		if !a.IsNil() {
			return bitsDiffer(a.Elem(), b.Elem(), at)
		}
	case reflect.Map:
		if a.Len() != b.Len() {
			return at + ": maps of different sizes"
		}
		for _, k := range a.MapKeys() {
			if d := bitsDiffer(a.MapIndex(k), b.MapIndex(k), fmt.Sprintf("%s[%v]", at, k)); d != "" {
				return d
			}
		}
	case reflect.String:
		if a.String() != b.String() {
			return fmt.Sprintf("%s: %q, state by state %q", at, a.String(), b.String())
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return fmt.Sprintf("%s: %v, state by state %v", at, a.Bool(), b.Bool())
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			return fmt.Sprintf("%s: %v, state by state %v", at, a.Int(), b.Int())
		}
	}
	return ""
}

// countingWin is a bound win solver that counts its turn starts made one
// at a time and all at once; oneAtATime leaves Starts out.
type countingWin struct {
	b            Win
	start, batch *int
}

func (c countingWin) Start(r *validate.Rules, totals []int, seat int) (WinPosition, error) {
	*c.start++
	return c.b.Start(r, totals, seat)
}

func (c countingWin) Starts(r *validate.Rules, totals [][]int, seats []int) ([]WinPosition, error) {
	*c.batch++
	return c.b.(winStarter).Starts(r, totals, seats)
}

func (c countingWin) Release(r *validate.Rules, p WinPosition) { c.b.(winReleaser).Release(r, p) }

type oneAtATime struct{ b Win }

func (o oneAtATime) Start(r *validate.Rules, totals []int, seat int) (WinPosition, error) {
	return o.b.Start(r, totals, seat)
}

func (o oneAtATime) Release(r *validate.Rules, p WinPosition) { o.b.(winReleaser).Release(r, p) }

// TestWinStartsAtOnce: a review knows its turn starts before the walk,
// from the game's turns (OfGame) or from the entries replayed (Of), and
// makes them several at once (Table.Starts: their tables side by side):
// two players none one at a time, three only those of the final round;
// every figure of the review is the same, bit for bit, as with the starts
// made one at a time, turn by turn.
func TestWinStartsAtOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 44))
	games := 0
	for _, o := range append([]map[string]any{nil}, smallWinSets...) {
		g := validate.GameZehntausend
		if o == nil {
			g = validate.Game5000
		}
		r := rules(t, g, o)
		bound := winValuers.Win.(winBinder).Bind(r)
		for _, n := range []int{2, 2, 3} {
			gm := playWinN(t, r, rng, randomChoice(rng), n)
			one := winValuers
			one.Win = oneAtATime{bound}
			want, err := OfGame(gm, one)
			if err != nil {
				t.Fatal(err)
			}
			for _, whole := range []bool{true, false} {
				var start, batch int
				v := winValuers
				v.Win = countingWin{bound, &start, &batch}
				var got *Review
				if whole {
					got, err = OfGame(gm, v)
				} else {
					got, err = Of(gm.Rules, gm.Players, gm.Entries(), v)
				}
				if err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%s, %d players, whole game %v", rulesKey(r), n, whole)
				// Three players: the final round's starts one at a time.
				if start != 0 && (n == 2 || start > n) || batch < 1 {
					t.Errorf("%s: %d starts one at a time, %d at once", name, start, batch)
				}
				if !got.Win || len(got.Decisions) == 0 {
					t.Fatalf("%s: no win review, or no decisions", name)
				}
				if d := bitsDiffer(reflect.ValueOf(*got), reflect.ValueOf(*want), "Review"); d != "" {
					t.Errorf("%s: %s", name, d)
				}
				games++
			}
		}
	}
	if games < 20 {
		t.Fatalf("only %d games", games)
	}
}
