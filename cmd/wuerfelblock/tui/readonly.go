package tui

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/wuerfelblock/wuerfelblock/storage"
)

// readOnly is the refusal every write to the store meets because its file
// can only be read (storage.DB.ReadOnlyError: known when it was opened,
// found without writing to the file); nil when it can be written.
func (ui *UI) readOnly() error {
	ro, ok := ui.store.(interface{ ReadOnlyError() error })
	if !ok {
		return nil
	}
	return ro.ReadOnlyError()
}

// storageReason is the reason inside a storage error (the operating
// system's, without the path: the app's own file) in the players'
// language, in parentheses after a space; "" when it has none.
func (t text) storageReason(se *storage.Error) string {
	if len(se.Args) < 2 {
		return ""
	}
	cause, ok := se.Args[1].(error)
	if !ok {
		return ""
	}
	var pe *fs.PathError
	if errors.As(cause, &pe) {
		return " (" + t.osText(pe.Err.Error()) + ")"
	}
	return " (" + t.osText(storage.Localize(cause, t.lang)) + ")"
}

// readOnlyHead is "the database file can only be read (why)", or that its
// disk is full, for err (UI.readOnly), in markup.
func (t text) readOnlyHead(err error) string {
	var se *storage.Error
	if !errors.As(err, &se) {
		return esc(t.errText(err))
	}
	if se.Code == storage.CodeDiskFull {
		return esc(fmt.Sprintf(t.tr("the disk of the database file is full%s", "der Datenträger der Datenbankdatei ist voll%s"), t.storageReason(se)))
	}
	return esc(fmt.Sprintf(t.tr("the database file can only be read%s", "die Datenbankdatei lässt sich nur lesen%s"), t.storageReason(se)))
}

// readOnlyNotice is the dialog at start on a database file that can only
// be read: why, which file, what still works and what not, and what to do
// to play.
func (t text) readOnlyNotice(err error) string {
	path := ""
	var se *storage.Error
	if errors.As(err, &se) && len(se.Args) > 0 {
		if p, ok := se.Args[0].(string); ok {
			path = ":\n" + esc(p) // on a line of its own: tview wraps a path at its hyphens
		}
	}
	return "[::b]" + sentenceStart(t.readOnlyHead(err)) + "[::-]" + path + "\n\n" +
		t.tr("Still works: looking at the running and finished games, the statistics and the rules; on the command line also games, stats and export.",
			"Das geht weiter: die laufenden und beendeten Spiele ansehen, die Statistik und die Regeln; auf der Kommandozeile auch games, stats und export.") + "\n" +
		t.tr("Not possible: a new game, entries, players, coach levels: nothing can be stored, and the file is left as it is.",
			"Das geht nicht: ein neues Spiel, Einträge, Spieler, Trainer-Stufen: es lässt sich nichts speichern, und die Datei bleibt, wie sie ist.") + "\n\n" +
		t.tr("To play: quit, allow writing to the file and its directory (or take another file: wuerfelblock --db FILE), start again.",
			"Zum Spielen: beenden, Schreibrechte für die Datei und ihr Verzeichnis geben (oder eine andere Datei nehmen: wuerfelblock --db DATEI), neu starten.")
}

// readOnlyStart is what a game's screen says when its entries cannot be
// stored (err: UI.readOnly), and the home screen when a new game cannot be.
func (t text) readOnlyStart(err error, what [2]string) string {
	return sentenceStart(fmt.Sprintf(t.tr(what[0], what[1]), t.readOnlyHead(err))) +
		t.tr(" Looking at the games, the statistics and the rules still works.", " Spiele, Statistik und Regeln ansehen geht weiter.")
}

// sentenceStart is s with its first letter in capitals.
func sentenceStart(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}
