package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/wuerfelblock/wuerfelblock/storage"
)

// damagedAdvice says what to do with the damaged database at path (an
// absolute path): the exact command that puts its latest intact backup in
// its place, or, when it has none, the one that starts with a new
// database file beside it. lead is the sentence before the command and
// ends in a colon. quit says the score pad is running (it is quit first).
// The commands name the database with --db only where it is not the
// default one, and quote every path for the shell.
func (e *env) damagedAdvice(ctx context.Context, path string, quit bool) (lead, cmd string) {
	db := ""
	if e.dbPath != "" || e.getenv("WUERFELBLOCK_DB") != "" {
		db = "--db " + shellQuote(path) + " "
	}
	if b := storage.LatestBackup(ctx, path); b != "" {
		cmd = "wuerfelblock " + db + "restore " + shellQuote(b)
		if quit {
			return e.tr("To put the latest backup in its place, quit and run:", "Um die letzte Sicherung an ihre Stelle zu setzen, beenden und ausführen:"), cmd
		}
		return e.tr("To put the latest backup in its place, run:", "Um die letzte Sicherung an ihre Stelle zu setzen, ausführen:"), cmd
	}
	cmd = "wuerfelblock --db " + shellQuote(newDBFile(path))
	dir := shownPath(storage.BackupsDir(path))
	if quit {
		return fmt.Sprintf(e.tr("There is no backup of it in %s; to start with a new database file, quit and run:",
			"In %s gibt es keine Sicherung davon; um mit einer neuen Datenbankdatei zu beginnen, beenden und ausführen:"), dir), cmd
	}
	return fmt.Sprintf(e.tr("There is no backup of it in %s; to start with a new database file, run:",
		"In %s gibt es keine Sicherung davon; um mit einer neuen Datenbankdatei zu beginnen, ausführen:"), dir), cmd
}

// damagedDB reports whether err says that the database the flags and the
// environment chose is damaged or no database (not a backup or another
// file), and returns its absolute path.
func (e *env) damagedDB(err error) (string, bool) {
	var se *storage.Error
	if !errors.As(err, &se) || (se.Code != storage.CodeCorrupt && se.Code != storage.CodeDamaged) || len(se.Args) == 0 {
		return "", false
	}
	path, perr := e.dbFile()
	if perr != nil {
		return "", false
	}
	abs, perr := filepath.Abs(path)
	if perr != nil {
		return "", false
	}
	named, _ := se.Args[0].(string)
	return abs, named == abs
}

// newDBFile is a file name for a new database beside the one at path that
// is not taken: BASE-new.db, else BASE-new-2.db, ….
func newDBFile(path string) string {
	dir, base := filepath.Dir(path), filepath.Base(path)
	ext := filepath.Ext(base)
	if ext == "" {
		ext = ".db"
	}
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	name := filepath.Join(dir, stem+"-new"+ext)
	for i := 2; ; i++ {
		if _, err := os.Lstat(name); os.IsNotExist(err) {
			return name
		}
		name = filepath.Join(dir, fmt.Sprintf("%s-new-%d%s", stem, i, ext))
	}
}

// shellQuote is s as one word for a POSIX shell, to be copied as it is: as
// it is where it holds only characters no shell treats specially, in
// single quotes where it holds others, and in $'…' with escapes where it
// holds control characters or bytes that are no UTF-8 (nothing reaches
// the terminal raw).
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+,:@%=", r)))
	}) < 0 {
		return s
	}
	plain := utf8.ValidString(s) && strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) && r != ' ' }) < 0
	if plain {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\'' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case unicode.IsPrint(r) || r == ' ':
			b.WriteRune(r)
		default:
			for _, c := range []byte(string(r)) {
				fmt.Fprintf(&b, `\x%02x`, c)
			}
		}
		i += n
	}
	b.WriteString("'")
	return b.String()
}
