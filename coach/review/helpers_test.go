package review

import (
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/coach/win"
	"github.com/wuerfelblock/wuerfelblock/validate"
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

// winValuers are testValuers with the win solver, its tables in memory
// and shared by the tests.
var winValuers = SolversWith(memCache).WithWin()

// testWin is the win table of r the tests' reviews use.
func testWin(t testing.TB, r *validate.Rules) *win.Table {
	t.Helper()
	s, err := winValuers.Win.(winSolver).solver(r)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := s.Table()
	if err != nil {
		t.Fatal(err)
	}
	return tb
}
