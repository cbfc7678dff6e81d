package tui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The aside example names only dice that were thrown: after 6 4 5 3 2 1 it
// said "66" (a new player typed it and was refused).
func TestAsideExampleFromTheThrow(t *testing.T) {
	for _, c := range []struct {
		thrown []int
		want   string
	}{
		{[]int{6, 4, 5, 3, 2, 1}, "6"},
		{[]int{6, 6, 6, 1}, "66"},
		{[]int{2, 5, 1, 5}, "55"},
		{[]int{3}, "3"},
	} {
		if got := asideExample(c.thrown); got != c.want {
			t.Errorf("asideExample(%v) = %q, want %q", c.thrown, got, c.want)
		}
	}
}

// One pip is "1 pip", "1 Auge": the panel said "Aside: 1 die, 1 pips"
// ("1 Augen") after a single 1 aside, and "1 pips taken so far" after an
// attack on face 1 hit once (the accounts' "took 1 pips" too).
func TestDreissigOnePip(t *testing.T) {
	for _, c := range []struct {
		lang                      validate.Lang
		aside, attack, table, bad string
	}{{validate.English, "Aside: 1 die, 1 pip ·", "1 pip taken so far", "31 pips, took 1 pip", "1 pips"},
		{validate.German, "Zur Seite: 1 Würfel, 1 Auge ·", "1 Auge genommen", "31 Augen, 1 Auge genommen", "1 Augen"}} {
		h := newDreissigGame(t, c.lang, "Anna", "Bob")
		h.typ("654321/1\n")
		h.see(c.aside)
		noLonePip(t, h, c.bad)
		h.typ("66666/66666\n") // 31: target face 1
		h.typ("162345\n")      // one 1: 1 pip taken, 5 dice on
		h.see(c.attack)
		noLonePip(t, h, c.bad)
		h.typ("22222\n") // no 1: the attack is over
		h.see(c.table)
		noLonePip(t, h, c.bad)
		h.stop()
	}
}

// noLonePip fails where the screen shows bad ("1 pips") after no digit
// ("31 pips" is right).
func noLonePip(t *testing.T, h *harness, bad string) {
	t.Helper()
	flat := strings.ReplaceAll(h.screen(), "\u00a0", " ")
	if regexp.MustCompile(`(^|[^0-9])` + regexp.QuoteMeta(bad) + `\b`).MatchString(flat) {
		t.Fatalf("the screen shows %q:\n%s", bad, h.screen())
	}
}
