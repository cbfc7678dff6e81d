// Package coach holds the exact solvers behind the app's coach and the
// advise command: coach/family for a turn of 5050, 5000 and Zehntausend,
// coach/kniffel for solitaire Kniffel. This package only says which games
// have a coach.
package coach

import "github.com/wuerfelblock/wuerfelblock/validate"

// Covers reports whether the coach can advise in game g: the game's
// definition says so (validate.Variant.Coached). Zehntausend Rückwärts
// (where points are to be avoided), Totwürfeln (no choices) and Dreißig
// tot are not covered.
func Covers(g validate.GameID) bool { return validate.VariantOf(g).Coached }
