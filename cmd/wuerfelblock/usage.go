package main

import (
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// germanPlaceholders are the words of a usage line for what the user
// types, in German; ID, N, S and NAME read the same in both languages.
var germanPlaceholders = map[string]string{
	"COMMAND": "BEFEHL", "GAME": "SPIEL", "GAME_ID": "SPIEL_ID", "DICE": "WÜRFEL", "FILE": "DATEI",
	"VALUE": "WERT", "THROW": "WURF", "OLD": "ALT", "NEW": "NEU", "PATH": "PFAD",
}

var placeholderWord = regexp.MustCompile(`\b[A-Z][A-Z_]*\b`)

// placeholders is a usage line in the user's language: in German
// "score [--json] SPIEL [--option ID=WERT]... WÜRFEL...".
func (e *env) placeholders(s string) string {
	if e.lang != validate.German {
		return s
	}
	return placeholderWord.ReplaceAllStringFunc(s, func(w string) string {
		if de, ok := germanPlaceholders[w]; ok {
			return de
		}
		return w
	})
}

// printFlags lists a command's options as the flag package does, but
// with the value each takes named as in the synopsis ("-option ID=WERT",
// not "-option value") and in the user's language.
func (e *env) printFlags(w io.Writer, fs *flag.FlagSet, synopsis string) {
	fs.VisitAll(func(f *flag.Flag) {
		kind, usage := flag.UnquoteUsage(f)
		name := "" // a switch (bool) takes no value
		if kind != "" {
			name = e.tr("VALUE", "WERT")
			// The word after the option, with its own brackets ("T1,T2[,…]")
			// and alternatives ("FILE|-"), not the bracket that closes it.
			word := `(?:[^\s\[\]|]+|\[[^\s\]]*\])+`
			if m := regexp.MustCompile(`--` + regexp.QuoteMeta(f.Name) + `[ =](` + word + `(?:\|` + word + `)*)`).FindStringSubmatch(synopsis); m != nil {
				name = m[1]
			}
		}
		line := "  -" + f.Name
		if name != "" {
			line += " " + e.placeholders(name)
		}
		line += "\n    \t" + strings.ReplaceAll(usage, "\n", "\n    \t")
		switch {
		case f.DefValue == "" || f.DefValue == "0" || f.DefValue == "false" || f.DefValue == "[]":
		case kind == "string":
			line += fmt.Sprintf(e.tr(" (default %q)", " (Vorgabe %q)"), f.DefValue)
		default:
			line += fmt.Sprintf(e.tr(" (default %v)", " (Vorgabe %v)"), f.DefValue)
		}
		fmt.Fprintln(w, line)
	})
}
