package scoresheet

import (
	"testing"
	"unicode"
)

// TestCleanNameDropsWholeSequences: a name typed with escape sequences
// keeps only what was meant as the name. Before, an OSC (ESC ] … BEL, a
// terminal's title) left "]0;pwn" behind.
func TestCleanNameDropsWholeSequences(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Eva", "Eva"},
		{"\x1b[31mEva\x1b[0m", "Eva"},
		{"\x1b]0;pwn\x07", ""},
		{"\x1b]0;pwn\x07Eva", "Eva"},
		{"Eva\x1b]2;title\x1b\\ Lang", "Eva Lang"},
		{"\x1b]8;;http://x\x07Link\x1b]8;;\x07", "Link"},
		{"\x1bPq#0;2;0;0;0\x1b\\Ben", "Ben"}, // DCS (sixel)
		{"\x1b_apc\x1b\\Cem", "Cem"},         // APC
		{"\u009b31mDora", "Dora"},            // C1 CSI
		{"\u009d0;x\u009cEde", "Ede"},        // C1 OSC, C1 ST
		{"\x1bcFritz", "Fritz"},              // ESC c (reset)
		{"\x1b(BGerd", "Gerd"},               // ESC ( B (character set)
		{"\x1b]unterminated", ""},
		{"\x1b", ""},
		{"Ann\x07a", "Anna"},
		{"\x80Eva", "Eva"}, // invalid UTF-8
		{"  Anna   Lena ", "Anna Lena"},
	} {
		if got := CleanName(c.in); got != c.want {
			t.Errorf("CleanName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzCleanName: whatever is typed, the clean name is one CheckName takes
// or empty, and cleaning it again changes nothing.
func FuzzCleanName(f *testing.F) {
	for _, s := range []string{"Eva", "\x1b]0;pwn\x07", "\x1b[31mX", "\u009b1", "a\x1bPb\x1b\\c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := CleanName(s)
		if n != "" && CheckName(n) != nil {
			t.Fatalf("CleanName(%q) = %q: %v", s, n, CheckName(n))
		}
		for _, r := range n {
			if unicode.IsControl(r) {
				t.Fatalf("CleanName(%q) = %q keeps a control character", s, n)
			}
		}
		if again := CleanName(n); again != n {
			t.Fatalf("CleanName(%q) = %q, again %q", s, n, again)
		}
	})
}
