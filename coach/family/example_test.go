package family_test

import (
	"fmt"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The values a review of a turn needs: before a throw, after it under best
// play (luck), and of every keep and of stopping or throwing on (loss).
func Example() {
	s, err := family.For(validate.MustRules(validate.GameZehntausend, nil))
	if err != nil {
		panic(err)
	}
	ctx := validate.TurnContext{}
	tb := s.Table(ctx)
	fmt.Printf("a turn: %.2f\n", tb.TurnValue())

	// 1 1 1 kept from 1 1 1 2 3: a proof is pending, no stop.
	p, _, _, err := tb.Replay(ctx, []validate.Throw{{Roll: []int{1, 1, 1, 2, 3}, Keep: []int{1, 1, 1}}})
	if err != nil {
		panic(err)
	}
	_, canStop := p.StopValue()
	fmt.Printf("after 1 1 1: stop allowed %v, throwing on %.2f\n", canStop, p.ThrowValue())

	// The next throw shows 1 5: its value under best play, every keep.
	after, _ := p.ThrowOutcome([]int{1, 5})
	fmt.Printf("1 5 thrown: %.2f (luck %+.2f)\n", after, after-p.ThrowValue())
	keeps, _ := p.Keeps([]int{1, 5})
	for _, k := range keeps {
		then := "throw on"
		if k.Stop {
			then = "stop"
		}
		fmt.Printf("  keep %v: %.2f, then %s\n", k.Keep.Dice, k.Value, then)
	}
	// Output:
	// a turn: 298.38
	// after 1 1 1: stop allowed false, throwing on 613.16
	// 1 5 thrown: 1218.42 (luck +605.26)
	//   keep [1 5]: 1218.42, then throw on
	//   keep [1]: 1100.00, then stop
	//   keep [5]: 1050.00, then stop
}
