package review

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// TestWinFinalStartsAtOnce: with three and four players the review makes
// the final round's turn starts with the others, several at once
// (Table.StartsAll), none one at a time, and hands every old start back
// (Release); every figure of the review is the same, bit for bit, as with
// the starts made one at a time, turn by turn, and as without handing
// them back.
func TestWinFinalStartsAtOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	finals := 0
	for _, o := range smallWinSets {
		r := rules(t, validate.GameZehntausend, o)
		bound := winValuers.Win.(winBinder).Bind(r)
		for _, n := range []int{3, 3, 4} {
			gm := playWinN(t, r, rng, randomChoice(rng), n)
			one := winValuers
			one.Win = oneAtATime{bound}
			want, err := OfGame(gm, one)
			if err != nil {
				t.Fatal(err)
			}
			var start, batch int
			v := winValuers
			v.Win = countingWin{bound, &start, &batch}
			got, err := OfGame(gm, v)
			if err != nil {
				t.Fatal(err)
			}
			releaseStarts = false
			kept, err := OfGame(gm, v)
			releaseStarts = true
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%s, %d players", rulesKey(r), n)
			if start != 0 || batch < 2 {
				t.Errorf("%s: %d starts one at a time, %d batches", name, start, batch)
			}
			if !got.Win || len(got.Decisions) == 0 {
				t.Fatalf("%s: no win review, or no decisions", name)
			}
			for _, d := range got.Decisions {
				if d.HasWin && d.Turn >= gm.NumTurns()-n+1 {
					finals++ // a decision of the final round (or near it)
					break
				}
			}
			if d := bitsDiffer(reflect.ValueOf(*got), reflect.ValueOf(*want), "Review"); d != "" {
				t.Errorf("%s: %s", name, d)
			}
			if d := bitsDiffer(reflect.ValueOf(*kept), reflect.ValueOf(*want), "Review"); d != "" {
				t.Errorf("%s, the starts kept: %s", name, d)
			}
		}
	}
	if finals < 6 {
		t.Fatalf("only %d games with decisions in the final round", finals)
	}
}
