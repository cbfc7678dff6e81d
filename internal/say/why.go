package say

import "fmt"

// Why is the one short reason the coach gives where its best keep is not
// the keep of the most points (the surprise a player doubts): a fact of
// the rules about the two keeps, never a figure of the coach.
type Why int

// The reasons, in the order the coach names the first that applies.
const (
	WhyNone    Why = iota
	WhyConfirm     // the keep of the most points must be confirmed
	WhyProof       // the keep of the most points must be proved
	WhyHotDice     // the advised keep sets every die aside: all are thrown again
	WhyCup         // the advised keep leaves more dice in the cup
)

// CoachWhy says a reason: dice are the dice it is about (the keep of the
// most points for WhyConfirm and WhyProof), left the dice that stay in
// the cup (WhyCup) or are thrown again (WhyHotDice).
func (p P) CoachWhy(w Why, dice string, left int) string {
	switch w {
	case WhyConfirm:
		return fmt.Sprintf(p.Tr("%s must be confirmed", "%s muss bestätigt werden"), dice)
	case WhyProof:
		return fmt.Sprintf(p.Tr("%s must be proved", "%s muss bewiesen werden"), dice)
	case WhyHotDice:
		return fmt.Sprintf(p.Tr("all dice aside: %s again", "alle Würfel liegen: %s neu"), p.Dice(left))
	case WhyCup:
		if left == 1 {
			return p.Tr("1 die stays in the cup", "1 Würfel bleibt im Becher")
		}
		return fmt.Sprintf(p.Tr("%d dice stay in the cup", "%d Würfel bleiben im Becher"), left)
	}
	return ""
}
