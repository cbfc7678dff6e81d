package review

import (
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
)

// memCache keeps the tests' Kniffel tables in memory, not in the user's
// cache directory.
var memCache = kniffel.NewCache("")

// testValuers are the valuers of the tests: the real solvers.
func testValuers(t testing.TB) Valuers {
	return SolversWith(memCache)
}
