package say

import "strconv"

// Int writes a whole number for players: a minus sign (−, U+2212) before a
// negative one, not a hyphen.
func Int(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}
