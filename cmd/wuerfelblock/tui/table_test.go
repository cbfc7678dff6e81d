package tui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// keepShown reports whether the screen shows keep k under its letter with
// its value, the dice spaced or packed.
func keepShown(screen string, letter byte, k validate.Keep) bool {
	var d []string
	for _, p := range k.Dice {
		d = append(d, fmt.Sprint(p))
	}
	re := regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(string(letter)) + `\s+` + strings.Join(d, ` ?`) + `(\s?\(\d×5→1\))?\s+` + fmt.Sprint(k.Points) + `(\s|$)`)
	for _, line := range strings.Split(screen, "\n") {
		if re.MatchString(line) {
			return true
		}
	}
	return false
}

// Issue 12.1: every keep the engine offers is on the screen with its
// letter and value at 80×24, and no keep letter is a command key.
func TestKeepListShowsEveryKeep(t *testing.T) {
	for _, roll := range []string{"111555", "111552", "113355", "155234", "115555"} {
		t.Run(roll, func(t *testing.T) {
			h := start(t, openDB(t))
			h.newGame('1', "Anna", "Bob")
			h.typ(roll + "\n")
			h.see("was kommt zur Seite?")
			dice, _ := validate.ParseDice(roll)
			keeps := h.stored().Game.Family().LegalKeeps(dice)
			for i, k := range keeps {
				if !keepShown(h.screen(), keepLetters[i], k) {
					t.Fatalf("keep %c (%s = %d) of %s is not shown whole:\n%s", keepLetters[i], validate.FormatDice(k.Dice), k.Points, roll, h.screen())
				}
			}
		})
	}
}

// Issue 12.1: s at the keep prompt never takes a keep; it says to choose first.
func TestKeepLettersAreNoCommands(t *testing.T) {
	for _, c := range "cqsuvw" {
		if strings.ContainsRune(keepLetters, c) {
			t.Errorf("%c is a command key and a keep letter", c)
		}
	}
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111555\n")
	h.see("was kommt zur Seite?")
	h.typ("s")
	h.see("Erst wählen, was zur Seite kommt")
	if n := h.stored().Game.Len(); n != 0 {
		t.Fatalf("s at the keep prompt stored %d entries", n)
	}
	// A letter that names no keep says so.
	h.typ("Z")
	h.see("„Z“ gehört zu keiner Auswahl dieses Wurfs")
	if n := h.stored().Game.Len(); n != 0 {
		t.Fatalf("an unknown letter stored %d entries", n)
	}
}

// Issue 12.1: at 60×20 the best keeps are on screen and every keep can be
// reached by scrolling.
func TestKeepListScrollsAt60x20(t *testing.T) {
	for _, roll := range []string{"155234", "115555"} {
		t.Run(roll, func(t *testing.T) {
			h := start(t, openDB(t))
			h.newGame('1', "Anna", "Bob")
			h.resize(60, 20)
			h.typ(roll + "\n")
			h.see("was kommt zur Seite?")
			dice, _ := validate.ParseDice(roll)
			keeps := h.stored().Game.Family().LegalKeeps(dice)
			for i := 0; i < 2; i++ {
				if !keepShown(h.screen(), keepLetters[i], keeps[i]) {
					t.Fatalf("best keep %c is not on the first page:\n%s", keepLetters[i], h.screen())
				}
			}
			seen := map[int]bool{}
			for range len(keeps) {
				for i, k := range keeps {
					if keepShown(h.screen(), keepLetters[i], k) {
						seen[i] = true
					}
				}
				h.key(tcell.KeyPgDn)
			}
			for i, k := range keeps {
				if !seen[i] {
					t.Fatalf("keep %c (%s) never shown at 60×20", keepLetters[i], validate.FormatDice(k.Dice))
				}
			}
		})
	}
}
