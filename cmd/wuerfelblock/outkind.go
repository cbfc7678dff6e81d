package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/wuerfelblock/wuerfelblock/internal/outfile"
	"github.com/wuerfelblock/wuerfelblock/storage"
)

// A command replaces an existing file only where it is of the kind the
// command writes (an earlier backup, export, CSV table or BG Stats file of
// ours), so that a daily backup to the same name keeps working; a file of
// another kind is refused (exit 2, nothing written) unless --force.

// outKind is what a command writes.
type outKind int

const (
	outBackup outKind = iota + 1
	outExport
	outCSVGames
	outCSVTurns
	outCSVTotals
	outBGStats
)

// look is what an existing file appears to be.
type look int

const (
	lookBackup        look = iota + 1 // a database of ours that SQLite finds whole
	lookSQLiteForeign                 // an SQLite database of another program (or none)
	lookSQLiteDamaged                 // an SQLite file that cannot be read as ours
	lookExport                        // an export of game records (a JSON array with ids)
	lookBGStats                       // a BG Stats play file
	lookCSVGames                      // our games.csv
	lookCSVTurns                      // our turns.csv
	lookCSVTotals                     // our totals.csv
	lookJSON                          // other JSON
	lookText                          // other text
	lookData                          // anything else
)

// csvHeaders are the header rows export --csv writes (storage's tables),
// by the look of each file.
var csvHeaders = func() map[look]string {
	g, t, r := storage.CSVHeaders()
	return map[look]string{lookCSVGames: g, lookCSVTurns: t, lookCSVTotals: r}
}()

// kindOf is the look of a file a command writes.
var kindOf = map[outKind]look{
	outBackup: lookBackup, outExport: lookExport, outBGStats: lookBGStats,
	outCSVGames: lookCSVGames, outCSVTurns: lookCSVTurns, outCSVTotals: lookCSVTotals,
}

// otherKind is the Judge's refusal: the file appears to be is, and the
// command writes want.
type otherKind struct {
	is   look
	want outKind
}

func (o *otherKind) Error() string {
	return fmt.Sprintf("it appears to be %s, not %s", lookWords(o.is, "en"), wantWords(o.want, "en"))
}

// outOptions are outfile's options for a command that writes kind: the
// open database's files protected, and the Judge unless force.
func outOptions(db *storage.DB, kind outKind, force bool) outfile.Options {
	o := outfile.Options{Protect: outfile.SQLite(db.Path())}
	if !force {
		o.Judge = func(target string) error {
			if is := lookOf(target); is != kindOf[kind] {
				return &otherKind{is: is, want: kind}
			}
			return nil
		}
	}
	return o
}

// lookOf says what the file at path appears to be.
func lookOf(path string) look {
	f, err := os.Open(path)
	if err != nil {
		return lookData
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if bytes.HasPrefix(head, []byte(storage.SQLiteHeader)) {
		return sqliteLook(path)
	}
	text := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(text) > 0 && (text[0] == '[' || text[0] == '{') {
		if _, err := f.Seek(0, io.SeekStart); err == nil {
			if l := jsonLook(f); l != 0 {
				return l
			}
		}
	}
	line, _, _ := strings.Cut(string(head), "\n")
	line = strings.TrimSuffix(line, "\r")
	for l, h := range csvHeaders {
		if line == h {
			return l
		}
	}
	if isText(head) {
		return lookText
	}
	return lookData
}

// isText says whether head, the start of a file (perhaps cut inside a
// character), is UTF-8 text without NUL bytes.
func isText(head []byte) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	for cut := 0; cut < utf8.UTFMax && cut <= len(head); cut++ {
		if utf8.Valid(head[:len(head)-cut]) {
			return true
		}
	}
	return false
}

// sqliteLook tells an SQLite file of ours, whole (whatever its schema
// version: also a newer wuerfelblock's), from another program's and a
// damaged one.
func sqliteLook(path string) look {
	err := storage.VerifyCopy(context.Background(), path, 1, math.MaxInt)
	switch {
	case err == nil:
		return lookBackup
	case storage.ErrorCode(err) == storage.CodeForeign || storage.ErrorCode(err) == storage.CodeNotOurs:
		return lookSQLiteForeign
	}
	return lookSQLiteDamaged
}

// jsonLook is lookExport for a JSON array whose first element is a
// record with an id (or an empty array), as export writes; lookBGStats
// for a JSON object with BG Stats' players, games and plays; lookJSON for
// other JSON that begins well; 0 where it is no JSON.
func jsonLook(r io.Reader) look {
	br := bufio.NewReader(r)
	if b, _ := br.Peek(3); bytes.Equal(b, []byte("\xef\xbb\xbf")) {
		br.Discard(3)
	}
	dec := json.NewDecoder(br)
	tok, err := dec.Token()
	if err != nil {
		return 0
	}
	switch tok {
	case json.Delim('['):
		if !dec.More() {
			return lookExport // "[]": an export of no games
		}
		var rec struct {
			ID   string `json:"id"`
			Game string `json:"game"`
		}
		if dec.Decode(&rec) == nil && rec.ID != "" && rec.Game != "" {
			return lookExport
		}
		return lookJSON
	case json.Delim('{'):
		keys := map[string]bool{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return lookJSON
			}
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return lookJSON
			}
			if s, ok := k.(string); ok {
				keys[s] = true
			}
		}
		if keys["players"] && keys["games"] && keys["plays"] {
			return lookBGStats
		}
		return lookJSON
	}
	return 0
}

// lookWords says a look in lang ("en" or "de").
func lookWords(l look, lang string) string {
	en, de := "", ""
	switch l {
	case lookBackup:
		en, de = "a wuerfelblock backup", "eine wuerfelblock-Sicherung"
	case lookSQLiteForeign:
		en, de = "an SQLite database of another program", "eine SQLite-Datenbank eines anderen Programms"
	case lookSQLiteDamaged:
		en, de = "a damaged or unreadable SQLite database", "eine beschädigte oder unlesbare SQLite-Datenbank"
	case lookExport:
		en, de = "a JSON export of game records", "ein JSON-Export von Spielberichten"
	case lookBGStats:
		en, de = "a BG Stats play file", "eine BG-Stats-Datei"
	case lookCSVGames, lookCSVTurns, lookCSVTotals:
		name := map[look]string{lookCSVGames: "games.csv", lookCSVTurns: "turns.csv", lookCSVTotals: "totals.csv"}[l]
		en, de = "wuerfelblock's CSV table "+name, "die CSV-Tabelle "+name+" von wuerfelblock"
	case lookJSON:
		en, de = "a JSON file of something else", "eine JSON-Datei mit anderem Inhalt"
	case lookText:
		en, de = "a text file", "eine Textdatei"
	default:
		en, de = "a file of some other kind", "eine Datei anderer Art"
	}
	if lang == "de" {
		return de
	}
	return en
}

// wantWords says what a command writes in lang.
func wantWords(k outKind, lang string) string {
	if k == outBackup {
		if lang == "de" {
			return "eine Sicherung"
		}
		return "a backup"
	}
	return lookWords(kindOf[k], lang)
}

// otherKindProblem says why a file of another kind was not replaced, and
// the way out; "" where r is no such refusal.
func (e *env) otherKindProblem(r *outfile.Error) string {
	var o *otherKind
	if r.Kind != outfile.OtherKind || !errors.As(r.Err, &o) {
		return ""
	}
	return fmt.Sprintf(e.tr("will not replace %s: it appears to be %s, not %s (nothing written; choose another name, or --force to replace it)",
		"%s wird nicht ersetzt: die Datei scheint %s zu sein, geschrieben würde %s (nichts geschrieben; einen anderen Namen wählen oder mit --force ersetzen)"),
		shownPath(r.Path), e.tr(lookWords(o.is, "en"), lookWords(o.is, "de")), e.tr(wantWords(o.want, "en"), wantWords(o.want, "de")))
}
