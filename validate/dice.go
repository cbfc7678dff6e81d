package validate

import "strings"

// Counts is a multiset of dice: Counts[f] is how many dice show face f (1–6).
// Counts[0] is unused.
type Counts [7]int

// CountsOf returns the multiset of the given pips. Pips outside 1–6 are ignored;
// callers validate pips first (see CheckPips).
func CountsOf(pips []int) Counts {
	var c Counts
	for _, p := range pips {
		if p >= 1 && p <= 6 {
			c[p]++
		}
	}
	return c
}

// N is the number of dice in the multiset.
func (c Counts) N() int {
	return c[1] + c[2] + c[3] + c[4] + c[5] + c[6]
}

// Contains reports whether d is a sub-multiset of c.
func (c Counts) Contains(d Counts) bool {
	for f := 1; f <= 6; f++ {
		if d[f] > c[f] {
			return false
		}
	}
	return true
}

// Minus returns c without the dice of d (d must be contained in c).
func (c Counts) Minus(d Counts) Counts {
	for f := 1; f <= 6; f++ {
		c[f] -= d[f]
	}
	return c
}

// Plus returns the union of both multisets.
func (c Counts) Plus(d Counts) Counts {
	for f := 1; f <= 6; f++ {
		c[f] += d[f]
	}
	return c
}

// Pips lists the dice in ascending order.
func (c Counts) Pips() []int {
	out := make([]int, 0, c.N())
	for f := 1; f <= 6; f++ {
		for i := 0; i < c[f]; i++ {
			out = append(out, f)
		}
	}
	return out
}

// Sum is the total of the pips.
func (c Counts) Sum() int {
	s := 0
	for f := 1; f <= 6; f++ {
		s += f * c[f]
	}
	return s
}

// String writes the dice the way players say them: "1 1 1 5".
func (c Counts) String() string {
	return FormatDice(c.Pips())
}

// FormatDice writes pips separated by spaces, in the given order.
func FormatDice(pips []int) string {
	var b strings.Builder
	for i, p := range pips {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(byte('0' + p))
	}
	return b.String()
}

// ParseDice reads dice as players type them: "111523", "1 1 1 5 2 3" or
// "1,1,1,5,2,3" (spaces, commas, semicolons and dashes separate; a run of
// digits without separators is one die per digit). An empty text is no dice.
func ParseDice(s string) ([]int, error) {
	pips := []int{}
	for i, r := range s {
		switch {
		case r >= '1' && r <= '6':
			pips = append(pips, int(r-'0'))
		case r == ' ' || r == ',' || r == ';' || r == '-' || r == '\t' || r == '[' || r == ']':
		case r == '0' || (r >= '7' && r <= '9'):
			return nil, newError(CodeBadPip, string(r), i+1)
		default:
			return nil, newError(CodeBadDiceChar, string(r), i+1)
		}
	}
	return pips, nil
}

// ParseKeep reads a typed keep of the Zehntausend family: dice as in
// ParseDice, where a 5 followed by * is a five turned into a one
// (fuenfer_drehen): "115*" keeps 1 1 5 and counts the 5 as a 1.
func ParseKeep(s string) (dice []int, fivesAsOnes int, err error) {
	var plain strings.Builder
	last := rune(0)
	for i, r := range s {
		if r == '*' {
			if last != '5' {
				return nil, 0, newError(CodeTurnedNotFive, "*", i+1)
			}
			fivesAsOnes++
			last = 0
			plain.WriteRune(' ') // keeps the positions of ParseDice's messages
			continue
		}
		plain.WriteRune(r)
		if r != ' ' {
			last = r
		}
	}
	dice, err = ParseDice(plain.String())
	if err != nil {
		return nil, 0, err
	}
	return dice, fivesAsOnes, nil
}

// ParseThrowText reads a throw as typed: "ROLL" or "ROLL/KEEP", the dice
// as in ParseDice; with turned, a 5 followed by * in KEEP is a five turned
// into a one (fuenfer_drehen). Positions in its messages count in the
// whole text s, and a character that is neither a die nor a separator
// says what a throw is typed with (a second /, a letter such as x, a *
// before the /); 0 and 7–9 are dice that no die shows.
func ParseThrowText(s string, turned bool) (roll, keep []int, fives int, hasKeep bool, err error) {
	allowed := PhraseThrowText
	if turned {
		allowed = PhraseThrowTurned
	}
	cut := -1
	for i, r := range s {
		pos := len([]rune(s[:i])) + 1
		switch {
		case r == '/' && cut < 0:
			cut = i
		case r == '*' && turned && cut >= 0:
			if last := strings.TrimRight(s[:i], " "); !strings.HasSuffix(last, "5") || len(last) <= cut+1 {
				return nil, nil, 0, false, newError(CodeTurnedNotFive, "*", pos)
			}
		case r >= '1' && r <= '6', r == ' ' || r == ',' || r == ';' || r == '-' || r == '\t' || r == '[' || r == ']':
		case r == '0' || (r >= '7' && r <= '9'):
			return nil, nil, 0, false, newError(CodeBadPip, string(r), pos)
		default:
			return nil, nil, 0, false, newError(CodeBadThrowChar, string(r), pos, allowed)
		}
	}
	if cut < 0 {
		roll, err = ParseDice(s)
		return roll, nil, 0, false, err
	}
	roll, err = ParseDice(s[:cut])
	if err == nil {
		keep, fives, err = ParseKeep(s[cut+1:])
	}
	return roll, keep, fives, true, err
}

// CheckPips reports the first pip that is not a whole number from 1 to 6.
func CheckPips(pips []int) error {
	for _, p := range pips {
		if p < 1 || p > 6 {
			return newError(CodeBadPipValue, p)
		}
	}
	return nil
}
