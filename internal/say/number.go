package say

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Int writes a whole number for players: a minus sign (−, U+2212) before a
// negative one, not a hyphen.
func Int(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

// Number writes x with the given decimals for players: the language's
// decimal mark (Decimal) and a minus sign (−) before a negative number,
// as Int; a number that rounds to zero has no sign.
func (p P) Number(x float64, places int) string {
	s := p.Decimal(x, places)
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		if strings.Trim(rest, "0.,") == "" {
			return rest
		}
		return "−" + rest
	}
	return s
}

// Plus puts a + before a figure written above zero (luck: "+34,9"); one
// with a minus sign (−) or that reads as zero ("0", "0,0", "0.00") stays as
// it is.
func Plus(s string) string {
	if strings.HasPrefix(s, "−") || strings.Trim(s, "0.,") == "" {
		return s
	}
	return "+" + s
}

// Ordinal is the n-th as the language writes it with digits: "1st", "2nd",
// "3rd", "4th", "11th", "21st"; German "1.", "2.".
func (p P) Ordinal(n int) string {
	if p.Lang == validate.German {
		return strconv.Itoa(n) + "."
	}
	suffix := "th"
	if m := n % 100; m < 11 || m > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// Quote is a word the player typed, quoted as the language quotes
// ("x", German „x“), its control characters escaped and cut to w letters.
func (p P) Quote(typed string, w int) string {
	q := strconv.Quote(Short(typed, w))
	if p.Lang == validate.German {
		return "„" + q[1:len(q)-1] + "“"
	}
	return q
}

// NthThrow names a throw of a turn by its place and as typed: `the 2nd
// throw "2"`, German `der 2. Wurf „2“` (a refusal says which word is wrong).
func (p P) NthThrow(n int, typed string) string {
	return fmt.Sprintf(p.Tr("the %s throw %s", "der %s Wurf %s"), p.Ordinal(n), p.Quote(typed, 20))
}
