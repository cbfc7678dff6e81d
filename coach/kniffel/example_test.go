package kniffel_test

import (
	"fmt"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The first throw of a game is 6 6 6 1 2: hold the three sixes; standing
// on the dice would cost about 14.5 points of the expected final score.
func ExampleTurn_Holds() {
	s := kniffel.NewCache("").Solver(false)
	var sheet validate.KniffelBoxes // nothing filled yet
	turn := s.Turn(sheet)
	fmt.Printf("game value %.2f\n", turn.Value())
	dice := validate.CountsOf([]int{6, 6, 6, 1, 2})
	holds := turn.Holds(dice, 2)
	fmt.Println("best hold:", holds[0].Dice)
	fmt.Printf("standing costs %.1f\n", turn.HoldLoss(dice, dice, 2))
	// Output:
	// game value 253.97
	// best hold: 6 6 6
	// standing costs 14.5
}
