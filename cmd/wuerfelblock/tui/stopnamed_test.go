package tui

import (
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// At a turn's start (and while a rule forbids a stop) the hint line named
// "s schreiben", where s only said that writing is not allowed yet. The
// hint line names s only where a stop is allowed; s still explains.
func TestStopKeyNamedOnlyWhenAllowed(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.see("111523 Enter Wurf")
	h.notSee("s schreiben")
	h.typ("s")
	h.refused(validate.CodeStopNoThrow)
	h.typ("111523\n")
	h.typ("a")
	h.see("Zug 1050", "s schreiben")
	h.typ("s")
	h.typ("123456/123456\n")
	h.see("Zug 1500", "Schreiben noch nicht erlaubt:")
	h.notSee("s schreiben")
}
