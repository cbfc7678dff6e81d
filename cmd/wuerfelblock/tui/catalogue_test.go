package tui

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// message is one text of the app in both languages: a call tr(en, de) or
// Tr(en, de) with both written out in the source.
type message struct {
	pos    string
	en, de string
}

// catalogueDirs are the sources whose texts the players read: the terminal
// UI, the command line (its backup and sync messages too) and the text
// layer both share.
var catalogueDirs = []string{".", "..", filepath.Join("..", "..", "..", "internal", "say")}

// catalogue reads every message of dirs: the app has no separate message
// file, each text is written beside its English at the call.
func catalogue(t *testing.T, dirs ...string) []message {
	t.Helper()
	var out []message
	fset := token.NewFileSet()
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(fset, f, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(file, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 2 {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "tr" && sel.Sel.Name != "Tr" {
					return true
				}
				en, ok1 := literal(call.Args[0])
				de, ok2 := literal(call.Args[1])
				if ok1 && ok2 {
					out = append(out, message{fset.Position(call.Pos()).String(), en, de})
				}
				return true
			})
		}
	}
	return out
}

// literal is the value of a string literal or a sum of them.
func literal(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		a, ok1 := literal(e.X)
		b, ok2 := literal(e.Y)
		return a + b, ok1 && ok2
	case *ast.ParenExpr:
		return literal(e.X)
	}
	return "", false
}

// verbs are a format's verbs, sorted (German may reorder them: %[2]s).
var verbRE = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

func verbs(s string) []string {
	var out []string
	for _, m := range verbRE.FindAllString(s, -1) {
		if m == "%%" {
			continue
		}
		out = append(out, m[len(m)-1:])
	}
	slices.Sort(out)
	return out
}

// sameInBoth are texts that are the same word in both languages.
var sameInBoth = map[string]bool{"Minus": true, "Name": true, "R": true, "--totals: ": true}

// msgWords are a text's words, lower case, without tags and verbs.
func msgWords(s string) []string {
	s = regexp.MustCompile(`\[[a-z:\-]*\]|%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]|\\n`).ReplaceAllString(s, " ")
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || strings.ContainsRune("äöüß", r))
	})
}

// Function words that mark a text as of the other language.
var (
	germanOnly  = []string{"der", "das", "und", "nicht", "ist", "mit", "von", "zu", "ein", "eine", "noch", "oder", "wird", "sind", "für", "bei", "nach", "je", "zum", "keine", "kein", "auf", "aus", "dem", "den", "des"}
	englishOnly = []string{"the", "and", "not", "is", "with", "of", "to", "or", "are", "for", "by", "after", "per", "on", "you", "your", "what", "which", "this", "that", "it", "its"}
)

// messageProblems says what is wrong with m (nothing: nil): a text left
// empty or the same in both (untranslated), English function words in the
// German, German ones or German letters (but in the games' names, names)
// in the English, or the two taking different arguments.
func messageProblems(m message, names map[string]bool) []string {
	var out []string
	en, de := msgWords(m.en), msgWords(m.de)
	switch {
	case strings.TrimSpace(m.en) == "" != (strings.TrimSpace(m.de) == ""):
		out = append(out, fmt.Sprintf("a text is missing: en %q, de %q", m.en, m.de))
	case m.en == m.de && len(en) > 0 && !sameInBoth[m.en]:
		out = append(out, fmt.Sprintf("not translated: %q", m.en))
	case !slices.Equal(verbs(m.en), verbs(m.de)):
		out = append(out, fmt.Sprintf("the two take different arguments: en %q, de %q", m.en, m.de))
	}
	for _, w := range de {
		if slices.Contains(englishOnly, w) {
			out = append(out, fmt.Sprintf("English %q in the German %q", w, m.de))
		}
	}
	for _, w := range en {
		if slices.Contains(germanOnly, w) || strings.ContainsAny(w, "äöüß") && !names[w] {
			out = append(out, fmt.Sprintf("German %q in the English %q", w, m.en))
		}
	}
	return out
}

// gameNameWords are the words of the games' names in both languages
// (German names an English text uses too: "Totwürfeln").
func gameNameWords() map[string]bool {
	names := map[string]bool{}
	for _, g := range validate.Games() {
		for _, l := range []validate.Lang{validate.German, validate.English} {
			for _, w := range msgWords(text{lang: l}.gameName(g.ID)) {
				names[w] = true
			}
		}
	}
	return names
}

// Every message of the app is in both languages and each reads as its
// language (messageProblems); the check itself finds each kind of fault.
func TestEveryMessageInBothLanguages(t *testing.T) {
	names := gameNameWords()
	for _, bad := range []message{
		{en: "Throw on", de: ""},
		{en: "", de: "weiter"},
		{en: "Statistics unavailable", de: "Statistics unavailable"},
		{en: "%s won", de: "gewonnen"},
		{en: "%d games", de: "%s Spiele"},
		{en: "Stop", de: "Schreiben the points"},
		{en: "Stop und write", de: "Schreiben"},
		{en: "Back to the Übersicht", de: "Zurück zur Übersicht"},
	} {
		if len(messageProblems(bad, names)) == 0 {
			t.Errorf("no fault found in %+v", bad)
		}
	}
	for _, good := range []message{
		{en: "%[1]s takes %[3]d from %[2]s", de: "%[1]s nimmt %[2]s %[3]d ab"},
		{en: "Totwürfeln: %d pips", de: "Totwürfeln: %d Augen"},
	} {
		if p := messageProblems(good, names); p != nil {
			t.Errorf("%+v: %v", good, p)
		}
	}
	msgs := catalogue(t, catalogueDirs...)
	if len(msgs) < 500 {
		t.Fatalf("only %d messages found: the catalogue walk misses the app's texts", len(msgs))
	}
	for _, m := range msgs {
		for _, p := range messageProblems(m, names) {
			t.Errorf("%s: %s", m.pos, p)
		}
	}
}

// onlyWords are the words only the texts of lang in the catalogue use
// (four letters or more, not in any text of the other language nor a
// game's name nor a house rule's id, which the help shows in both:
// "killerwurf_zaehlt_nicht").
func onlyWords(t *testing.T, lang validate.Lang) map[string]bool {
	msgs := catalogue(t, catalogueDirs...)
	other := gameNameWords()
	for _, g := range validate.Games() {
		for _, o := range validate.OptionSpecs(g.ID) {
			for _, w := range msgWords(o.ID) {
				other[w] = true
			}
		}
	}
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		for _, w := range msgWords(c.Name(validate.English) + " " + c.Name(validate.German)) {
			other[w] = true // "Full House" in both
		}
	}
	for _, k := range []string{"ctrl", "enter", "space", "backspace", "tab", "shift"} {
		other[k] = true // the keys' names, the same in both
	}
	pick := func(m message, mine bool) string {
		if mine == (lang == validate.German) {
			return m.de
		}
		return m.en
	}
	for _, m := range msgs {
		for _, w := range msgWords(pick(m, false)) {
			other[w] = true
		}
	}
	only := map[string]bool{}
	for _, m := range msgs {
		for _, w := range msgWords(pick(m, true)) {
			if len([]rune(w)) >= 4 && !other[w] {
				only[w] = true
			}
		}
	}
	return only
}

// noneOf fails on any of words on the screen.
func (h *harness) noneOf(words map[string]bool, where string) {
	h.t.Helper()
	for _, w := range msgWords(h.screen()) {
		if words[w] {
			h.t.Errorf("%s: %q of the other language on the screen:\n%s", where, w, h.screen())
			return
		}
	}
}

// The app in either language shows no word of the other on the screens
// added last: the statistics and their help, each game with its coach at
// Rat and its help, the game over and its review (Dreißig tot's coach).
func TestScreensShowNoWordOfTheOtherLanguage(t *testing.T) {
	de, en := onlyWords(t, validate.German), onlyWords(t, validate.English)
	if len(de) < 300 || !de["würfel"] || !de["zurück"] || len(en) < 300 || !en["throw"] || !en["back"] {
		t.Fatalf("the vocabularies are too small (%d German, %d English words)", len(de), len(en))
	}
	db := statsHistory(t, 40)
	walkScreens(t, db, validate.English, de, map[string]string{})
	walkScreens(t, db, validate.German, en, map[string]string{
		"win rate": "Quote", "What the columns mean": "Was die Spalten bedeuten", "house rules": "Hausregeln",
		"turn: Ann": "am Zug: Ann", "Keys on this screen": "Tasten auf diesem Bild", "New game": "Neues Spiel",
		"a the review": "a die Auswertung", "percentage points": "Prozentpunkten"})
}

// walkScreens visits the screens in lang (the texts waited for are the
// English ones, or their German in de) and fails on any of other.
func walkScreens(t *testing.T, db *storage.DB, lang validate.Lang, other map[string]bool, de map[string]string) {
	say := func(s string) string {
		if d, ok := de[s]; ok {
			return d
		}
		return s
	}
	h := startWith(t, db, Config{Lang: lang, Stats: NewStatsPage(db)})
	defer h.stop()
	h.noneOf(other, "home")
	h.typ("s")
	h.see(say("win rate"))
	for _, k := range "bpvy" {
		h.typ(string(k))
		h.noneOf(other, "statistics "+string(k))
		h.typ("?")
		h.see(say("What the columns mean"))
		h.noneOf(other, "statistics help "+string(k))
		h.key(tcell.KeyEscape)
	}
	h.typ("q")
	newGame := func(key rune) {
		h.typ("n" + string(key))
		h.see(say("house rules"))
		h.key(tcell.KeyTab)
		h.typ("a") // the known players are listed: to the name field
		h.typ("Ann\nBen\n\n")
		h.see(say("turn: Ann"))
	}
	for _, g := range []struct {
		key   rune
		throw string
	}{{'1', "111523\n"}, {'2', "11152\n"}, {'3', "11152\n"}, {'4', "11152\n"}, {'5', "t22456\n"}, {'6', "42613\n"}, {'7', "645321\n"}} {
		newGame(g.key)
		h.typ("*") // from odds to advice
		h.typ(g.throw)
		h.noneOf(other, "game "+string(g.key))
		h.typ("?")
		h.see(say("Keys on this screen"))
		h.noneOf(other, "help of game "+string(g.key))
		h.key(tcell.KeyEscape)
		h.key(tcell.KeyEscape) // the throw waiting back into the input
		h.key(tcell.KeyEscape) // cleared
		h.typ("q")
		h.key(tcell.KeyRight)
		h.key(tcell.KeyEnter) // "Leave"
		h.see(say("New game"))
	}
	// Dreißig tot to its end: the game over and the review.
	newGame('7')
	h.typ("111111/111111\n111111/111111\n111112/111112\n")
	h.see(say("a the review"))
	h.noneOf(other, "game over")
	h.typ("a")
	h.see(say("percentage points"))
	h.noneOf(other, "review")
}
