package say

import (
	"strconv"
	"strings"
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
