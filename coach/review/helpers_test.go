package review

import (
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
)

// memCache keeps the tests' Kniffel tables in memory, not in the user's
// cache directory.
var memCache = kniffel.NewCache("")

// testValuers are the valuers of the tests: the real solvers (without the
// four-player Dreißig-tot table, which takes half a minute to build: such
// games are reviewed in pips here).
func testValuers(t testing.TB) Valuers {
	return SolversWith(memCache)
}
