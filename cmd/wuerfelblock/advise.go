package main

import (
	"strings"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// runAdvise answers "what is best here?" from the exact solvers: the
// Zehntausend-family coach (advise_family.go) and the Kniffel coach
// (advise_kniffel.go). It only finds the game among the arguments and hands
// them over whole.
func runAdvise(e *env, args []string) int {
	game := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			if i+1 < len(args) {
				game = args[i+1]
			}
			break
		}
		if strings.HasPrefix(a, "-") {
			name := strings.TrimLeft(a, "-")
			if (name == "option" || name == "state") && i+1 < len(args) {
				i++ // the flag's value
			}
			if name == "h" || name == "help" {
				break
			}
			continue
		}
		game = a
		break
	}
	if validate.VariantOf(validate.GameID(game)).Family == validate.FamilyKniffel {
		return runAdviseKniffel(e, args) // the Kniffel coach: a game of its turn engine
	}
	return runAdviseFamily(e, args)
}
