package scoresheet

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Record is a game as docs/RECORD.md defines it: the rules plus the
// ordered list of what the players entered.
type Record struct {
	Game    string              `json:"game"`
	Options validate.RawOptions `json:"options"`
	Players []string            `json:"players"`
	Turns   []RecordTurn        `json:"turns"`
}

// RecordTurn is one turn of a record.
type RecordTurn struct {
	Player string        `json:"player"`
	Throws []RecordThrow `json:"throws,omitempty"`
	Stop   bool          `json:"stop,omitempty"`
	Score  string        `json:"score,omitempty"`
	Dice   []int         `json:"dice,omitempty"`
	Attack []RecordThrow `json:"attack,omitempty"`
}

// RecordThrow is one throw of a record. A nil Keep means the field was
// omitted; an empty non-nil Keep is "keep": [].
type RecordThrow struct {
	Roll        []int `json:"roll,omitempty"`
	Keep        []int `json:"keep"`
	FivesAsOnes int   `json:"fives_as_ones,omitempty"`
	Void        bool  `json:"void,omitempty"`
}

// MarshalJSON writes keep only when it was given.
func (t RecordThrow) MarshalJSON() ([]byte, error) {
	type plain struct {
		Roll        []int `json:"roll,omitempty"`
		Keep        []int `json:"keep,omitempty"`
		FivesAsOnes int   `json:"fives_as_ones,omitempty"`
		Void        bool  `json:"void,omitempty"`
	}
	if t.Keep != nil && len(t.Keep) == 0 {
		type withEmpty struct {
			Roll        []int `json:"roll,omitempty"`
			Keep        []int `json:"keep"`
			FivesAsOnes int   `json:"fives_as_ones,omitempty"`
			Void        bool  `json:"void,omitempty"`
		}
		return json.Marshal(withEmpty(t))
	}
	return json.Marshal(plain(t))
}

// InputError is input that is not a record at all (exit status 2).
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// Message returns the message in l.
func (e *InputError) Message(l validate.Lang) string { return validate.Localize(e.Err, l) }

// NewInputError is an input error with its message in English and German.
// Arguments that are errors or phrases are given in the message's language.
func NewInputError(en, de string, args ...any) error {
	return &InputError{Err: &textError{en: en, de: de, args: args}}
}

var inputErr = NewInputError

// textError is a message in both languages.
type textError struct {
	en, de string
	args   []any
}

func (e *textError) Error() string { return e.Message(validate.English) }

// Message returns the message in l.
func (e *textError) Message(l validate.Lang) string {
	f := e.en
	if l == validate.German {
		f = e.de
	}
	args := make([]any, len(e.args))
	for i, a := range e.args {
		switch a := a.(type) {
		case error:
			args[i] = validate.Localize(a, l)
		case interface{ Text(validate.Lang) string }:
			args[i] = a.Text(l)
		default:
			args[i] = a
		}
	}
	return fmt.Sprintf(f, args...)
}

// both is a piece of a message in English and German.
type both [2]string

// Text returns the piece in l.
func (b both) Text(l validate.Lang) string {
	if l == validate.German {
		return b[1]
	}
	return b[0]
}

// The limits of a record: far beyond any game played at a table, and low
// enough that a record is read and judged in little memory.
const (
	MaxRecordBytes = 16 << 20 // the JSON text of one record
	MaxTurns       = 10000    // turns of one record
	MaxThrows      = 1000     // throws (and attack throws) of one turn
	MaxPlayers     = 20       // players of one game (record, import, the app)
)

// DecodeRecord reads one record, refusing unknown fields, trailing data and
// pips that are not whole numbers from 1 to 6, and records over the limits.
func DecodeRecord(r io.Reader) (Record, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxRecordBytes+1))
	if err != nil {
		return Record{}, inputErr("cannot read the record: %v", "der Spielbericht lässt sich nicht lesen: %v", err)
	}
	if len(data) > MaxRecordBytes {
		return Record{}, inputErr("the record is larger than %d MiB; no game needs that much (a record holds at most %d turns)",
			"der Spielbericht ist größer als %d MiB; kein Spiel braucht so viel (ein Bericht hat höchstens %d Züge)", MaxRecordBytes>>20, MaxTurns)
	}
	return ParseRecord(data)
}

// ParseRecord is DecodeRecord on bytes.
func ParseRecord(data []byte) (Record, error) {
	var rec Record
	if err := strictUnmarshal(data, &rec); err != nil {
		return Record{}, err
	}
	if err := CheckKeys(data); err != nil {
		return Record{}, err
	}
	if err := rec.checkShape(); err != nil {
		return Record{}, err
	}
	return rec, nil
}

func strictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return inputErr("not a game record: %s", "kein Spielbericht: %s", jsonProblem(err))
	}
	if dec.More() {
		return inputErr("not a game record: more data after the record", "kein Spielbericht: nach dem Bericht folgen weitere Daten")
	}
	if _, err := dec.Token(); err != io.EOF {
		return inputErr("not a game record: more data after the record", "kein Spielbericht: nach dem Bericht folgen weitere Daten")
	}
	return nil
}

func jsonProblem(err error) both {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field != "" {
			return both{fmt.Sprintf("field %q must be %s, not %s", te.Field, te.Type.String(), te.Value),
				fmt.Sprintf("das Feld %q muss %s sein, nicht %s", te.Field, te.Type.String(), te.Value)}
		}
		return both{fmt.Sprintf("expected %s, not %s", te.Type.String(), te.Value),
			fmt.Sprintf("erwartet %s, nicht %s", te.Type.String(), te.Value)}
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return both{fmt.Sprintf("invalid JSON at byte %d: %v", se.Offset, err),
			fmt.Sprintf("ungültiges JSON bei Byte %d: %v", se.Offset, err)}
	}
	if err == io.EOF {
		return both{"empty input, expected a JSON object", "leere Eingabe, erwartet ein JSON-Objekt"}
	}
	if err == io.ErrUnexpectedEOF {
		return both{"invalid JSON: the input ends in the middle of the record", "ungültiges JSON: die Eingabe endet mitten im Bericht"}
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return both{"unknown field " + f, "unbekanntes Feld " + f}
	}
	return both{err.Error(), err.Error()}
}

// checkShape finds what makes the input not a record: missing fields, bad
// pips, bad player names.
func (rec *Record) checkShape() error {
	if rec.Game == "" {
		return inputErr("not a game record: the field \"game\" is missing", "kein Spielbericht: das Feld \"game\" fehlt")
	}
	if rec.Players == nil {
		return inputErr("not a game record: the field \"players\" is missing", "kein Spielbericht: das Feld \"players\" fehlt")
	}
	if rec.Turns == nil {
		return inputErr("not a game record: the field \"turns\" is missing", "kein Spielbericht: das Feld \"turns\" fehlt")
	}
	if err := CheckPlayers(rec.Players); err != nil {
		return &InputError{Err: err}
	}
	if len(rec.Turns) > MaxTurns {
		return inputErr("a record holds at most %d turns, this one %d", "ein Spielbericht hat höchstens %d Züge, dieser %d", MaxTurns, len(rec.Turns))
	}
	if len(rec.Game) > 40 {
		return inputErr("not a game record: unknown game \"%s\"", "kein Spielbericht: unbekanntes Spiel \"%s\"", Short(rec.Game, 40))
	}
	for i, t := range rec.Turns {
		if len(t.Throws)+len(t.Attack) > MaxThrows {
			return inputErr("turn %d: a turn holds at most %d throws", "Zug %d: ein Zug hat höchstens %d Würfe", i, MaxThrows)
		}
		if t.Player == "" {
			return inputErr("turn %d: the field \"player\" is missing", "Zug %d: das Feld \"player\" fehlt", i)
		}
		if err := validate.CheckPips(t.Dice); err != nil {
			return inputErr("turn %d: %v", "Zug %d: %v", i, err)
		}
		for _, list := range [][]RecordThrow{t.Throws, t.Attack} {
			for j, th := range list {
				if err := validate.CheckPips(th.Roll); err != nil {
					return inputErr("turn %d, throw %d: %v", "Zug %d, Wurf %d: %v", i, j, err)
				}
				if err := validate.CheckPips(th.Keep); err != nil {
					return inputErr("turn %d, throw %d: %v", "Zug %d, Wurf %d: %v", i, j, err)
				}
				if th.Roll == nil && !th.Void {
					return inputErr("turn %d, throw %d: the field \"roll\" is missing", "Zug %d, Wurf %d: das Feld \"roll\" fehlt", i, j)
				}
			}
		}
	}
	return nil
}

// CheckName says whether a player name can be used: not empty, at most 40
// characters, no control characters or escape sequences, no leading or
// trailing spaces.
func CheckName(name string) error {
	shown := Cut(name, 40)
	switch {
	case strings.TrimSpace(name) == "":
		return &validate.Error{Code: validate.CodePlayerName, Args: []any{shown, validate.PhraseEmpty}}
	case strings.TrimSpace(name) != name:
		return &validate.Error{Code: validate.CodePlayerName, Args: []any{shown, validate.PhraseSpaces}}
	case len([]rune(name)) > 40:
		return &validate.Error{Code: validate.CodePlayerName, Args: []any{shown, validate.PhraseTooLong}}
	}
	for _, r := range name {
		if unicode.IsControl(r) || r == '\uFFFD' || !unicode.IsPrint(r) && r != ' ' {
			return &validate.Error{Code: validate.CodePlayerName, Args: []any{shown, validate.PhraseControl}}
		}
	}
	return nil
}

// CleanName removes control characters and escape sequences from a name and
// trims spaces, for names typed at the table. An escape sequence goes
// whole (ECMA-48): a CSI (ESC [ or U+009B) up to its final byte; an OSC,
// DCS, SOS, PM or APC string (ESC ] P X ^ _, or U+009D U+0090 U+0098 U+009E
// U+009F) up to its BEL or string terminator (ESC \ or U+009C), so that
// "ESC ]0;title BEL" leaves nothing (it left "]0;title"); any other ESC
// with its intermediate bytes and final byte.
func CleanName(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if n := escapeLen(rs[i:]); n > 0 {
			i += n - 1
			continue
		}
		if unicode.IsControl(r) || r == '\uFFFD' || !unicode.IsPrint(r) && r != ' ' { // U+FFFD: invalid UTF-8 too
			continue
		}
		b.WriteRune(r)
	}
	s := strings.Join(strings.Fields(b.String()), " ")
	if rr := []rune(s); len(rr) > 40 {
		s = strings.TrimSpace(string(rr[:40]))
	}
	return s
}

// escapeLen is the length in runes of the escape sequence rs begins with
// (an unterminated one runs to the end), 0 if it begins with none.
func escapeLen(rs []rune) int {
	kind, i := escapeKind(rs)
	switch kind {
	case 0:
		return 0
	case '[': // parameters and intermediates, then the final byte
		for i < len(rs) && (rs[i] < 0x40 || rs[i] > 0x7e) {
			i++
		}
	case ']': // a control string: up to BEL or ST
		for ; i < len(rs); i++ {
			switch {
			case rs[i] == 0x07 || rs[i] == 0x9c:
				return i + 1
			case rs[i] == 0x1b && i+1 < len(rs) && rs[i+1] == '\\':
				return i + 2
			}
		}
		return len(rs)
	default: // ESC, intermediates (0x20–0x2F), a final byte
		for i < len(rs) && rs[i] >= 0x20 && rs[i] <= 0x2f {
			i++
		}
	}
	return min(i+1, len(rs))
}

// escapeKind is how the escape sequence rs begins with goes on: '[' a
// CSI, ']' a control string, 'e' any other ESC, 0 none; i is where its
// body begins.
func escapeKind(rs []rune) (kind rune, i int) {
	switch {
	case len(rs) == 0:
		return 0, 0
	case rs[0] == 0x9b:
		return '[', 1
	case rs[0] == 0x9d || rs[0] == 0x90 || rs[0] == 0x98 || rs[0] == 0x9e || rs[0] == 0x9f:
		return ']', 1
	case rs[0] != 0x1b:
		return 0, 0
	case len(rs) > 1 && rs[1] == '[':
		return '[', 2
	case len(rs) > 1 && strings.ContainsRune("]PX^_", rs[1]):
		return ']', 2
	}
	return 'e', 1
}

// CheckPlayers checks a seat order: one player to MaxPlayers, valid and
// distinct names. A record, an import and a game started in the app are
// all checked by it.
func CheckPlayers(players []string) error {
	if len(players) == 0 {
		return &validate.Error{Code: validate.CodeNoPlayers}
	}
	if len(players) > MaxPlayers {
		return &validate.Error{Code: validate.CodeTooManyPlayers, Args: []any{MaxPlayers, len(players)}}
	}
	seen := map[string]bool{}
	for _, p := range players {
		if err := CheckName(p); err != nil {
			return err
		}
		k := strings.ToLower(p)
		if seen[k] {
			return &validate.Error{Code: validate.CodeDuplicatePlayer, Args: []any{p}}
		}
		seen[k] = true
	}
	return nil
}

// SafeText makes a name, id or any text that came from a file, a player or
// another program safe to print on a terminal: control characters (ESC,
// BEL, CR, DEL, C1), invisible format characters such as bidi overrides,
// line separators and invalid UTF-8 are shown as JSON-style escapes
// (\u001b, \u202e) instead of being sent raw, so that text and JSON output
// alike stay readable and valid. Newlines and tabs stay. The command line
// writes every output through it (SafeWriter); the TUI escapes every name
// with it.
func SafeText(s string) string {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if unsafeRune(r, n) {
			break
		}
		i += n
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if !unsafeRune(r, n) {
			b.WriteRune(r)
			continue
		}
		if r == utf8.RuneError {
			r = 0xfffd
		}
		if r > 0xffff {
			r1, r2 := utf16.EncodeRune(r)
			fmt.Fprintf(&b, `\u%04x\u%04x`, r1, r2)
			continue
		}
		fmt.Fprintf(&b, `\u%04x`, r)
	}
	return b.String()
}

// unsafeRune: what SafeText escapes (r as decoded, n its length in bytes).
func unsafeRune(r rune, n int) bool {
	if r < 0x80 {
		return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f
	}
	return r == utf8.RuneError && n <= 1 || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) ||
		unicode.Is(unicode.Bidi_Control, r) || r == '\u2028' || r == '\u2029'
}

// SafeWriter writes everything through SafeText. A character split
// between two writes is kept until the next.
type SafeWriter struct {
	W    io.Writer
	tail []byte
}

func (w *SafeWriter) Write(p []byte) (int, error) {
	data := p
	if len(w.tail) > 0 {
		data = append(w.tail, p...)
		w.tail = nil
	}
	// Keep an incomplete last character for the next write.
	if cut := incompleteTail(data); cut > 0 {
		w.tail = append([]byte(nil), data[len(data)-cut:]...)
		data = data[:len(data)-cut]
	}
	if _, err := io.WriteString(w.W, SafeText(string(data))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// incompleteTail is how many bytes at the end of b begin a character that
// is not complete yet.
func incompleteTail(b []byte) int {
	for k := 1; k <= 3 && k <= len(b); k++ {
		c := b[len(b)-k]
		if c < 0x80 {
			return 0
		}
		if c >= 0xc0 { // a lead byte
			if !utf8.FullRune(b[len(b)-k:]) {
				return k
			}
			return 0
		}
	}
	return 0
}

// Short is SafeText cut to at most n characters (an ellipsis marks the
// cut): messages quote a bad value, never all of it.
func Short(s string, n int) string { return SafeText(Cut(s, n)) }

// Cut is s cut to at most n characters, an ellipsis marking the cut, for
// messages that quote a value with %q (which escapes what is not printable).
func Cut(s string, n int) string {
	cut := false
	if len(s) > 4*n {
		s, cut = s[:4*n], true
	}
	if rs := []rune(s); len(rs) > n {
		s, cut = string(rs[:n]), true
	}
	if cut {
		return s + "…"
	}
	return s
}
