// Package family is the coach for the Zehntausend family (5050, 5000 and
// zehntausend with every house rule): for any point of a turn it knows the
// exact expected banked points of the turn under the play that maximises
// them, and so the best keep of a throw and whether to stop or throw on.
//
// The values come from backward induction over the turn points, exactly (no
// simulation), on a state abstraction of validate.FamilyTurn: the turn
// points, the dice set aside in the pass, the 5050 pass points (only whether
// they reached 350 matters), a proof pending, a confirmation due, a 1500 in
// the pass, and with ergaenzen the of-a-kind combinations of the pass. Keeps
// and their values come from the engine (validate); a property test checks
// the abstraction against cloned FamilyTurns.
//
// What a turn's value leaves out: the game's totals and its target (the
// value is the turn's own expected points, not the chance to win), and void
// throws (hausbau): they are accidents of the table, not chances of the
// dice, so the coach assumes none follow; after one a stop is not allowed,
// which the positions know.
//
// Tables are built once per rule set (and per stop floor: 5000's entry,
// steigerung's previous result) and kept for the life of the process.
package family
