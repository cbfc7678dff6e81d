package scoresheet

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestSafeText(t *testing.T) {
	for in, want := range map[string]string{
		"Anna":               "Anna",
		"Jürgen Ölß 🎲":       "Jürgen Ölß 🎲",
		"a\x1b[2Jb":          `a\u001b[2Jb`,
		"x\x07\ry\x7f\u0085": `x\u0007\u000dy\u007f\u0085`,
		"\u202eevil\u2066":   `\u202eevil\u2066`,
		"line\nnext\ttab":    "line\nnext\ttab",
		"bad\xffutf8":        `bad\ufffdutf8`,
		"tag\U000E0041":      `tag\udb40\udc41`,
		"sep\u2028\u2029":    `sep\u2028\u2029`,
	} {
		if got := SafeText(in); got != want {
			t.Errorf("SafeText(%q) = %q, want %q", in, got, want)
		}
	}
	// JSON through the filter stays valid JSON with the same meaning.
	orig := map[string]string{"name": "A\u202eB\u007f\u0085C"}
	data, _ := json.Marshal(orig)
	var buf bytes.Buffer
	w := &SafeWriter{W: &buf}
	for i := range data { // one byte per write: characters split between writes
		w.Write(data[i : i+1])
	}
	var back map[string]string
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil || back["name"] != orig["name"] {
		t.Errorf("filtered JSON %s: %v %q", buf.Bytes(), err, back)
	}
	if strings.ContainsRune(buf.String(), '\u202e') {
		t.Errorf("raw bidi override in %q", buf.String())
	}
	if got := Short(strings.Repeat("ä", 100), 5); got != "äääää…" {
		t.Errorf("Short: %q", got)
	}
}
