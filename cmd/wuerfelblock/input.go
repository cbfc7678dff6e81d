package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
)

// recordsIn looks at the start of the input of a command that reads
// records (judge, review, import) and refuses what is plainly none, with
// what the command reads instead: an SQLite database (a backup: restore
// brings it back) or text that is no JSON. name is the file as the user
// gave it ("-": standard input). ok is false after saying why, with the
// exit status in code; else in reads the same input from its start.
func (e *env) recordsIn(cmd, name string, r io.Reader) (in io.Reader, code int, ok bool) {
	br := bufio.NewReaderSize(r, 64<<10)
	// What the first read gives, not more: a pipe or a terminal may send
	// its records slowly.
	br.Peek(1)
	head, _ := br.Peek(br.Buffered())
	what := scoresheet.SafeText(name)
	if name == "-" {
		what = e.tr("the standard input", "die Standardeingabe")
	}
	if bytes.HasPrefix(head, []byte(storage.SQLiteHeader)) {
		var msg string
		switch cmd {
		case "import":
			msg = fmt.Sprintf(e.tr("%s is an SQLite database (a backup?), not an export: 'wuerfelblock restore %s' brings a backup back; import reads the JSON records that export writes",
				"%s ist eine SQLite-Datenbank (eine Sicherung?), kein Export: 'wuerfelblock restore %s' spielt eine Sicherung zurück; import liest die JSON-Berichte, die export schreibt"), what, e.restoreName(name))
		default:
			msg = fmt.Sprintf(e.tr("%s is an SQLite database (a backup?), not a game record: 'wuerfelblock restore %s' brings a backup back, 'wuerfelblock --db %s export' writes its games as records",
				"%s ist eine SQLite-Datenbank (eine Sicherung?), kein Spielbericht: 'wuerfelblock restore %s' spielt eine Sicherung zurück, 'wuerfelblock --db %s export' schreibt ihre Spiele als Berichte"), what, e.restoreName(name), e.restoreName(name))
		}
		fmt.Fprintf(e.stderr, "%s: %s\n", progName(cmd), oneLine(msg))
		return nil, exitInput, false
	}
	if cmd == "import" && notJSON(head) {
		fmt.Fprintf(e.stderr, "%s: %s\n", progName(cmd), oneLine(fmt.Sprintf(e.tr(
			"%s is not JSON: import reads an export (the JSON list of game records that export writes) or one record per line (docs/RECORD.md)",
			"%s ist kein JSON: import liest einen Export (die JSON-Liste von Spielberichten, die export schreibt) oder einen Bericht je Zeile (docs/RECORD.md)"), what)))
		return nil, exitInput, false
	}
	if notJSON(head) {
		fmt.Fprintf(e.stderr, "%s: %s\n", progName(cmd), oneLine(fmt.Sprintf(e.tr(
			"%s is not JSON: %s reads a game record (a JSON object such as {\"game\":\"5050\",\"players\":[…],\"turns\":[…]}), an export (a JSON list of records) or one record per line (docs/RECORD.md)",
			"%s ist kein JSON: %s liest einen Spielbericht (ein JSON-Objekt wie {\"game\":\"5050\",\"players\":[…],\"turns\":[…]}), einen Export (eine JSON-Liste von Berichten) oder einen Bericht je Zeile (docs/RECORD.md)"),
			what, cmd)))
		return nil, exitInput, false
	}
	return br, 0, true
}

// restoreName is a file name as a command line to copy takes it.
func (e *env) restoreName(name string) string {
	if name == "-" {
		return e.placeholders("FILE")
	}
	return scoresheet.SafeText(name)
}

// notJSON says whether the input plainly begins with something that no
// JSON record, list or line of records begins with (after spaces and a
// byte order mark); an empty or all-space start is left to the reader.
func notJSON(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	head = bytes.TrimLeft(head, " \t\r\n")
	return len(head) > 0 && head[0] != '{' && head[0] != '['
}
