package validate_test

import (
	"fmt"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

func ExampleParseDice() {
	for _, typed := range []string{"111523", "1 1 1 5 2 3", "1,1,1,5,2,3"} {
		dice, _ := validate.ParseDice(typed)
		fmt.Println(dice)
	}
	_, err := validate.ParseDice("1117")
	fmt.Println(validate.Localize(err, validate.German))
	// Output:
	// [1 1 1 5 2 3]
	// [1 1 1 5 2 3]
	// [1 1 1 5 2 3]
	// "7" an Stelle 4 ist kein Würfel: Würfel zeigen 1 bis 6
}

func ExampleRules_LegalKeeps() {
	rules := validate.MustRules(validate.Game5050, nil)
	for _, k := range rules.LegalKeeps([]int{1, 1, 1, 5, 2, 3})[:3] {
		fmt.Println(validate.FormatDice(k.Dice), k.Points)
	}
	// Output:
	// 1 1 1 5 1050
	// 1 1 1 1000
	// 1 1 5 250
}

func ExampleFamilyTurn_StopBlockers() {
	rules := validate.MustRules(validate.GameZehntausend, nil)
	turn := rules.NewFamilyTurn(validate.TurnContext{})
	turn.Throw(validate.Throw{Roll: []int{5, 5, 5, 3, 6}, Keep: []int{5, 5, 5}})
	for _, why := range turn.StopBlockers() {
		fmt.Println(why.Message(validate.German))
	}
	turn.Throw(validate.Throw{Roll: []int{1, 2}, Keep: []int{1}})
	fmt.Println(len(turn.StopBlockers()), turn.Stop(), turn.Result())
	// Output:
	// ein Pasch muss vor dem Schreiben bewiesen werden: in einem späteren Wurf eine 1 oder 5 zur Seite legen
	// 0 <nil> 600
}

func ExampleRules_BustChance() {
	rules := validate.MustRules(validate.Game5050, nil)
	for n := 1; n <= 3; n++ {
		fmt.Printf("%d dice: %.1f %%\n", n, 100*rules.BustChance(n))
	}
	// Output:
	// 1 dice: 66.7 %
	// 2 dice: 44.4 %
	// 3 dice: 27.8 %
}
