package storage

import (
	"errors"
	"fmt"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Code names a storage problem. Codes are stable; callers branch on them.
type Code string

// The storage problems.
const (
	CodeCannotOpen    Code = "storage.cannot-open"     // the file or its directory cannot be created or written
	CodeCorrupt       Code = "storage.corrupt"         // not an SQLite file, or a damaged one
	CodeDamaged       Code = "storage.damaged"         // SQLite found the file damaged while using it: nothing more is written
	CodeReadOnly      Code = "storage.read-only"       // the file can be read but not written: a write was refused
	CodeDiskFull      Code = "storage.disk-full"       // no room on the disk to write the database (it may still be read)
	CodeForeign       Code = "storage.foreign"         // an SQLite file of some other program
	CodeNewerSchema   Code = "storage.newer-schema"    // written by a newer wuerfelblock
	CodeNotFound      Code = "storage.not-found"       // no such player, game or preset
	CodePlayerExists  Code = "storage.player-exists"   // the name is taken (in any case)
	CodeHasGames      Code = "storage.has-games"       // a player with games cannot be deleted
	CodeConflict      Code = "storage.conflict"        // the game was changed by another program meanwhile
	CodeGameGone      Code = "storage.game-gone"       // an entry, undo or coach level to a loaded game that is no longer in the database (a restore, another program)
	CodeReplay        Code = "storage.replay"          // stored entries the rules refuse
	CodeSomeBroken    Code = "storage.some-broken"     // an export left out games that cannot be replayed
	CodeNotFinished   Code = "storage.not-finished"    // a record says finished, but its turns do not end the game
	CodeDiverged      Code = "storage.diverged"        // an imported game differs from the stored one with its id
	CodeDiffers       Code = "storage.differs"         // an imported record has a stored game's id but another game, players or house rules
	CodeUndoneHere    Code = "storage.undone-here"     // entries taken back here, the imported version went on after them
	CodeUndoneThere   Code = "storage.undone-there"    // the imported version took entries back that the stored game went on after
	CodeBadID         Code = "storage.bad-id"          // a game id that is not a UUID
	CodeShortID       Code = "storage.short-id"        // a game id prefix of fewer than 4 characters
	CodeNothingToUndo Code = "storage.nothing-to-undo" // Undo on a game without entries
	CodeAmbiguous     Code = "storage.ambiguous"       // a game id prefix that fits several games
	CodeBusy          Code = "storage.busy"            // another program kept the database locked longer than storage waits
	CodeFailure       Code = "storage.failure"         // any other database trouble

	CodeBackup       Code = "storage.backup"         // a backup could not be written
	CodeNoSpace      Code = "storage.no-space"       // the disk is full: the backup was not written
	CodeBackupOverDB Code = "storage.backup-over-db" // a backup would write over the database or its companions
	CodeNotOurs      Code = "storage.not-ours"       // a file to restore is no wuerfelblock database
	CodeBadBackup    Code = "storage.bad-backup"     // a file to restore is a damaged database: nothing was restored
	CodeUnreadable   Code = "storage.unreadable"     // a file to restore cannot be read: nothing was restored
	CodeRestoreSelf  Code = "storage.restore-self"   // restoring the database from itself
	CodeRestoreBusy  Code = "storage.restore-busy"   // a database that cannot be opened is in use by another program

	CodeMigrationBackup Code = "storage.migration-backup" // no backup could be made before a migration: nothing was changed

	CodeSyncDir         Code = "storage.sync-dir"          // the sync folder cannot be used
	CodeSyncFile        Code = "storage.sync-file"         // a file in the sync folder cannot be read or written
	CodeSyncConflict    Code = "storage.sync-conflict"     // a game continued differently on another device
	CodeSyncUndoneHere  Code = "storage.sync-undone-here"  // entries taken back here, another device went on after them
	CodeSyncUndoneThere Code = "storage.sync-undone-there" // another device took entries back that this one went on after
	CodeSyncPartial     Code = "storage.sync-partial"      // a last line not complete yet
	CodeSyncMore        Code = "storage.sync-more"         // more lines not merged than are named
)

// Error is a storage problem, with a message for people in English and German.
type Error struct {
	Code Code
	Args []any // the message's arguments
	Err  error // the cause, if any
}

var messages = map[Code][2]string{
	CodeCannotOpen: {
		"cannot create or write the database %s: %v. Check that its directory exists and is writable, or use another database file (wuerfelblock --db FILE)",
		"die Datenbank %s lässt sich nicht anlegen oder schreiben: %v. Prüfen, ob das Verzeichnis existiert und beschreibbar ist, oder eine andere Datenbankdatei nehmen (wuerfelblock --db DATEI)"},
	CodeCorrupt: {
		"%s is not a wuerfelblock database or it is damaged (%v); the file was left untouched",
		"%s ist keine wuerfelblock-Datenbank oder sie ist beschädigt (%v); die Datei wurde nicht verändert"},
	CodeDamaged: {
		"the database %s is damaged (%v); nothing more was written to it. 'wuerfelblock check' shows what is wrong",
		"die Datenbank %s ist beschädigt (%v); es wurde nichts mehr hineingeschrieben. 'wuerfelblock check' zeigt, was nicht stimmt"},
	CodeReadOnly: {
		"the database file %s can only be read (%v): nothing was changed; what only reads still works (games, stats, export, check, the app's screens). Give yourself write permission for the file and its directory, or use another database file (wuerfelblock --db FILE)",
		"die Datenbankdatei %s lässt sich nur lesen (%v): nichts wurde geändert; was nur liest, geht weiter (games, stats, export, check, die Ansichten der App). Schreibrechte für die Datei und ihr Verzeichnis geben oder eine andere Datenbankdatei nehmen (wuerfelblock --db DATEI)"},
	CodeDiskFull: {
		"the disk holding the database %s is full (%v): what this command had not stored yet was not written, and nothing stored before is lost. Free some space, then try again",
		"der Datenträger der Datenbank %s ist voll (%v): was dieser Befehl noch nicht gespeichert hatte, wurde nicht geschrieben, und nichts vorher Gespeicherte ist verloren. Platz schaffen und erneut versuchen"},
	CodeForeign: {
		"%s is an SQLite database of another program, not of wuerfelblock; the file was left untouched. Use another database file (wuerfelblock --db FILE)",
		"%s ist eine SQLite-Datenbank eines anderen Programms, nicht von wuerfelblock; die Datei wurde nicht verändert. Eine andere Datenbankdatei nehmen (wuerfelblock --db DATEI)"},
	CodeNewerSchema: {
		"%s was written by a newer wuerfelblock (schema version %d; this program knows up to %d); the file was left untouched. Update wuerfelblock to open it",
		"%s wurde von einem neueren wuerfelblock geschrieben (Schema-Version %d; dieses Programm kennt bis %d); die Datei wurde nicht verändert. wuerfelblock aktualisieren, um sie zu öffnen"},
	CodeNotFound: {
		"there is no %s %q", "%s %q gibt es nicht"},
	CodePlayerExists: {
		"there is already a player named %q (names are the same in upper and lower case)",
		"es gibt schon einen Spieler namens %q (Groß- und Kleinschreibung zählen bei Namen nicht)"},
	CodeHasGames: {
		"%q cannot be deleted: they have played games (%d); rename instead",
		"%q kann nicht gelöscht werden: es gibt Spiele mit dieser Person (%d); stattdessen umbenennen"},
	CodeConflict: {
		"game %s was changed by another program meanwhile; load it again",
		"Spiel %s wurde inzwischen von einem anderen Programm geändert; bitte neu laden"},
	CodeGameGone: {
		"game %s is no longer in the database (a restore put back a backup without it, or another program removed it); nothing was written",
		"Spiel %s ist nicht mehr in der Datenbank (ein Zurückspielen hat eine Sicherung ohne es eingespielt, oder ein anderes Programm hat es entfernt); es wurde nichts geschrieben"},
	CodeReplay: {
		"stored game %s cannot be replayed: entry %d: %v",
		"das gespeicherte Spiel %s lässt sich nicht nachspielen: Eintrag %d: %v"},
	CodeSomeBroken: {
		"stored games left out because these rules cannot replay them: %d (the first: %v)",
		"ausgelassene gespeicherte Spiele, die sich mit diesen Regeln nicht nachspielen lassen: %d (das erste: %v)"},
	CodeDiverged: {
		"game %[1]s is stored here with other entries than in the file from %[2]v on (taken back and played otherwise on one side); it was left as it is",
		"Spiel %[1]s ist hier ab %[2]v mit anderen Einträgen gespeichert als in der Datei (auf einer Seite zurückgenommen und anders gespielt); es bleibt, wie es ist"},
	CodeUndoneHere: {
		"game %[1]s: the entries from %[2]v on were taken back here (undo), but the version in the file went on after them with entries never seen here; it was left as it is",
		"Spiel %[1]s: die Einträge ab %[2]v wurden hier zurückgenommen, aber die Fassung in der Datei ging danach mit Einträgen weiter, die hier nie ankamen; es bleibt, wie es ist"},
	CodeUndoneThere: {
		"game %[1]s: the version in the file took the entries from %[2]v on back (undo), but the game went on here after them with entries that version never had; it was left as it is",
		"Spiel %[1]s: die Fassung in der Datei hat die Einträge ab %[2]v zurückgenommen, aber hier ging das Spiel danach mit Einträgen weiter, die jene Fassung nie hatte; es bleibt, wie es ist"},
	CodeDiffers: {
		"game %s is stored here with other %s (stored: %s; in the file: %s); the record was not imported",
		"Spiel %s ist hier mit anderen %s gespeichert (gespeichert: %s; in der Datei: %s); der Bericht wurde nicht eingelesen"},
	CodeNotFinished: {
		"the record says the game is finished, but by the rules it is not over after its turns (%d)",
		"der Bericht nennt das Spiel beendet, aber nach den Regeln ist es nach seinen Zügen (%d) nicht zu Ende"},
	CodeBadID: {
		"%q is not a game id (a UUID such as 0b6f…)", "%q ist keine Spiel-ID (eine UUID wie 0b6f…)"},
	CodeShortID: {
		"%q is too short to find a game: type at least its first 4 characters",
		"%q ist zu kurz, um ein Spiel zu finden: mindestens die ersten 4 Zeichen der ID eingeben"},
	CodeNothingToUndo: {"there is nothing to undo", "es gibt nichts zurückzunehmen"},
	CodeAmbiguous:     {"%q fits several games; type more of the id", "%q passt zu mehreren Spielen; mehr von der ID eingeben"},
	CodeFailure: {
		"database %s: %v", "Datenbank %s: %v"},
	CodeBackup: {
		"cannot write the backup %s: %v; the database is as it was",
		"die Sicherung %s lässt sich nicht schreiben: %v; die Datenbank ist, wie sie war"},
	CodeNoSpace: {
		"no space left on the disk for the backup %s: nothing was written and the database is as it was; free some space or choose another place",
		"kein Platz mehr auf dem Datenträger für die Sicherung %s: nichts wurde geschrieben, die Datenbank ist, wie sie war; Platz schaffen oder einen anderen Ort wählen"},
	CodeBackupOverDB: {
		"%s is the database itself or one of its files: a backup goes to another file",
		"%s ist die Datenbank selbst oder eine ihrer Dateien: eine Sicherung gehört in eine andere Datei"},
	CodeBadBackup: {
		"the backup %s is damaged (%v): it was not restored, and nothing was changed. Restore another backup",
		"die Sicherung %s ist beschädigt (%v): sie wurde nicht zurückgespielt, und nichts wurde geändert. Eine andere Sicherung zurückspielen"},
	CodeUnreadable: {
		"cannot read %s (%v): nothing was restored, and nothing was changed",
		"%s lässt sich nicht lesen (%v): nichts wurde zurückgespielt, und nichts wurde geändert"},
	CodeNotOurs: {
		"%s is not a wuerfelblock database; the file was left untouched",
		"%s ist keine wuerfelblock-Datenbank; die Datei wurde nicht verändert"},
	CodeMigrationBackup: {
		"the database %s was not brought up to date, because no backup of it could be made first (%v); nothing was changed. Free some space, or start with --no-backup",
		"die Datenbank %s wurde nicht auf den neuen Stand gebracht, weil vorher keine Sicherung möglich war (%v); nichts wurde geändert. Platz schaffen oder mit --no-backup starten"},
	CodeSyncDir: {
		"the sync folder %s cannot be used: %v",
		"der Sync-Ordner %s lässt sich nicht benutzen: %v"},
	CodeSyncFile: {
		"the sync file %s cannot be read or written: %v",
		"die Sync-Datei %s lässt sich nicht lesen oder schreiben: %v"},
	CodeSyncConflict: {
		"game %s was continued differently on the device of %s from %v on; it is kept as it was continued here, and the other version stays in that file (nothing is lost). To end this, decide which version counts, and on the device of the other one take its entries back (undo) from %v on, then sync there and here",
		"Spiel %s wurde auf dem Gerät von %s ab %v anders weitergespielt; es bleibt, wie es hier weitergespielt wurde, und die andere Fassung bleibt in jener Datei (nichts geht verloren). Zum Beenden entscheiden, welche Fassung gilt, und auf dem Gerät der anderen deren Einträge ab %v zurücknehmen, dann dort und hier abgleichen"},
	CodeSyncUndoneHere: {
		"game %[1]s: the entries from %[3]v on were taken back here (undo), but the device of %[2]s went on after them with entries this device never had; it is kept as it is here, and that version stays in its file (nothing is lost). To end this, decide which counts: to keep the undo, take the entries from %[4]v on back there too; to keep that device's entries, enter the entries taken back here again as that device has them, from %[4]v on; then sync on both devices",
		"Spiel %[1]s: die Einträge ab %[3]v wurden hier zurückgenommen, aber das Gerät von %[2]s hat danach mit Einträgen weitergespielt, die dieses Gerät nie hatte; es bleibt, wie es hier ist, und jene Fassung bleibt in ihrer Datei (nichts geht verloren). Zum Beenden entscheiden, was gilt: soll die Rücknahme gelten, dort die Einträge ab %[4]v auch zurücknehmen; sollen die Einträge jenes Geräts gelten, die hier zurückgenommenen Einträge ab %[4]v so wieder eingeben, wie jenes Gerät sie hat; dann auf beiden Geräten abgleichen"},
	CodeSyncUndoneThere: {
		"game %[1]s: the device of %[2]s took the entries from %[3]v on back (undo), but this device went on after them with entries that device never had; it is kept as it is here, and the other version stays in that file (nothing is lost). To end this, decide which counts: to keep the undo, take the entries from %[4]v on back here too; to keep this device's entries, enter the entries taken back there again as this device has them, from %[4]v on; then sync on both devices",
		"Spiel %[1]s: das Gerät von %[2]s hat die Einträge ab %[3]v zurückgenommen, aber dieses Gerät hat danach mit Einträgen weitergespielt, die jenes Gerät nie hatte; es bleibt, wie es hier ist, und die andere Fassung bleibt in jener Datei (nichts geht verloren). Zum Beenden entscheiden, was gilt: soll die Rücknahme gelten, hier die Einträge ab %[4]v auch zurücknehmen; sollen die Einträge dieses Geräts gelten, die dort zurückgenommenen Einträge ab %[4]v so wieder eingeben, wie dieses Gerät sie hat; dann auf beiden Geräten abgleichen"},
	CodeSyncPartial: {
		"%s: line %d is not complete yet (a sync tool may still be copying it); it is read at the next sync",
		"%s: Zeile %d ist noch nicht vollständig (ein Sync-Programm kopiert sie vielleicht noch); sie wird beim nächsten Abgleich gelesen"},
	CodeSyncMore: {
		"%s: %d more lines were not merged",
		"%s: %d weitere Zeilen wurden nicht übernommen"},
	CodeBusy: {
		"the database %s is in use by another program, which kept it locked longer than wuerfelblock waits; what was not stored yet was not written. Try again once that program is done",
		"die Datenbank %s wird von einem anderen Programm benutzt, das sie länger gesperrt hielt, als wuerfelblock wartet; was noch nicht gespeichert war, wurde nicht geschrieben. Erneut versuchen, wenn jenes Programm fertig ist"},
	CodeRestoreBusy: {
		"another program has the database %s open: close it (the app, an import) and restore again; nothing was changed",
		"ein anderes Programm hat die Datenbank %s geöffnet: es beenden (die App, einen Import) und noch einmal zurückspielen; nichts wurde geändert"},
	CodeRestoreSelf: {
		"%s is the database itself: restore a backup from another file",
		"%s ist die Datenbank selbst: eine Sicherung aus einer anderen Datei zurückspielen"},
}

// what names the kinds of things CodeNotFound can be about, in both languages.
var what = map[string][2]string{
	"player": {"player", "Spieler"},
	"game":   {"game", "Spiel"},
	"preset": {"preset", "Voreinstellung"},
	// For CodeDiffers: "stored here with other …".
	"kind":    {"game (game id)", "Spiel (Spiel-ID)"},
	"players": {"players or seats", "Spielern oder Plätzen"},
	"options": {"house rules", "Hausregeln"},
}

// Error returns the English message.
func (e *Error) Error() string { return e.Message(validate.English) }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Message returns the message in l.
func (e *Error) Message(l validate.Lang) string {
	m, ok := messages[e.Code]
	if !ok {
		return string(e.Code)
	}
	i := 0
	if l == validate.German {
		i = 1
	}
	args := make([]any, len(e.Args))
	for k, a := range e.Args {
		args[k] = a
		if w, ok := a.(kind); ok {
			args[k] = what[string(w)][i]
		}
		if err, ok := a.(error); ok {
			args[k] = validate.Localize(err, l)
		}
	}
	return fmt.Sprintf(m[i], args...)
}

// words is a cause storage finds itself, in English and German (a
// message's %v says it in the message's language).
type words [2]string

func (w words) Error() string { return w[0] }

// Message returns the words in l.
func (w words) Message(l validate.Lang) string {
	if l == validate.German {
		return w[1]
	}
	return w[0]
}

// kind is a translatable noun in a message.
type kind string

func newErr(c Code, cause error, args ...any) *Error { return &Error{Code: c, Args: args, Err: cause} }

func notFound(k, name string) *Error { return newErr(CodeNotFound, nil, kind(k), name) }

// ErrorCode returns the storage code of err, or "" when it is no storage error.
func ErrorCode(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// Localize returns err's message in l: storage and rule errors speak the
// players' language, anything else is err.Error().
func Localize(err error, l validate.Lang) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message(l)
	}
	return validate.Localize(err, l)
}

// sqliteReason is SQLite's reason for a problem in words of both languages
// (SQLite says "database or disk is full (13)" and "database disk image is
// malformed (11)" in English whatever the language), else SQLite's own
// short text.
func sqliteReason(le *sqlite.Error) error {
	switch le.Code() & 0xff {
	case sqlite3.SQLITE_FULL:
		return words{"SQLite found no room to write", "SQLite fand keinen Platz zum Schreiben"}
	case sqlite3.SQLITE_CORRUPT:
		return words{"SQLite finds its pages malformed", "SQLite findet ihre Seiten fehlerhaft"}
	case sqlite3.SQLITE_NOTADB:
		return words{"SQLite finds no database in it", "SQLite findet darin keine Datenbank"}
	case sqlite3.SQLITE_CANTOPEN:
		return words{"SQLite cannot open the file", "SQLite kann die Datei nicht öffnen"}
	case sqlite3.SQLITE_READONLY:
		return words{"SQLite may only read the file", "SQLite darf die Datei nur lesen"}
	case sqlite3.SQLITE_PERM:
		return words{"no permission", "keine Berechtigung"}
	case sqlite3.SQLITE_IOERR:
		return words{"the disk could not be read or written", "der Datenträger ließ sich nicht lesen oder schreiben"}
	}
	t := shortText(le.Error())
	return words{t, t}
}

// checkFound is the reason of CodeDamaged when SQLite's own check finds
// the file damaged: its findings are SQLite's English ("Tree 22 page 321:
// btreeInitPage() returns error code 11"), 'wuerfelblock check' lists them.
var checkFound = words{"SQLite's check finds errors in it", "die Prüfung von SQLite findet Fehler darin"}
