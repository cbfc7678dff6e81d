package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/internal/reviewer"
	"github.com/wuerfelblock/wuerfelblock/storage"
)

// dbFile is the database file: --db, else WUERFELBLOCK_DB, else the
// default under $XDG_DATA_HOME.
func (e *env) dbFile() (string, error) {
	if e.dbPath != "" {
		return e.dbPath, nil
	}
	if p := e.getenv("WUERFELBLOCK_DB"); p != "" {
		return p, nil
	}
	return storage.DefaultPath(e.getenv)
}

// openDB opens (and on first use creates) the database the flags and the
// environment point at.
func (e *env) openDB() (*storage.DB, error) {
	path, err := e.dbFile()
	if err != nil {
		return nil, err
	}
	// The first opening after an update may recount or review a large
	// history (migrations 006 and 015): say how far it is, also before the
	// terminal UI starts.
	o := storage.Options{
		// The reviews the statistics keep come from the same solvers as
		// the review command's and the game-over screen's.
		Reviewer:        reviewer.New(reviewValuers()),
		RecountProgress: e.recountProgress(),
		ReviewProgress:  e.reviewProgress(),
	}
	if e.backups() {
		o.Backups = storage.BackupsDir(path)
	}
	return storage.OpenWith(path, o)
}

// backups reports whether automatic backups are on: not with --no-backup
// or WUERFELBLOCK_NO_BACKUP set (to anything but "" or "0").
func (e *env) backups() bool {
	v := e.getenv("WUERFELBLOCK_NO_BACKUP")
	return !e.noBackup && (v == "" || v == "0")
}

// withDB opens the database, runs fn and closes it; a failure to open is
// reported as cmd's error.
func (e *env) withDB(cmd string, fn func(ctx context.Context, db *storage.DB) int) int {
	db, err := e.openDB()
	if err != nil {
		return e.dbFail(cmd, err)
	}
	defer db.Close()
	ctx := context.Background()
	// A damaged file is neither used nor written: SQLite's check of the
	// whole file when the file is small (up to 24 MiB), or else when it is
	// due (at most once a day, or after an unclean shutdown), the cheap
	// checks otherwise; any damage SQLite finds later stops the command
	// and every write.
	if err := db.Guard(ctx, e.fullCheckNote); err != nil {
		return e.dbFail(cmd, err)
	}
	return fn(ctx, db)
}

// withWriteDB is withDB for a command that writes to the database: on a
// file that can only be read (known at open, without writing to it) the
// command says so up front, with what still works, and does nothing
// (exit 3), before it reads its input or prints a summary of nothing.
// Commands that only read never ask.
func (e *env) withWriteDB(cmd string, fn func(ctx context.Context, db *storage.DB) int) int {
	return e.withDB(cmd, func(ctx context.Context, db *storage.DB) int {
		if err := db.ReadOnlyError(); err != nil {
			return e.dbFail(cmd, err)
		}
		return fn(ctx, db)
	})
}

// fullCheckNote says on stderr why a command on a large database waits.
func (e *env) fullCheckNote(size int64) {
	if size >= noteAbove {
		fmt.Fprintf(e.stderr, e.tr("checking the whole database (%d MB; once a day and after an unclean shutdown)…\n",
			"prüfe die ganze Datenbank (%d MB; einmal am Tag und nach einem unsauberen Ende)…\n"), size>>20)
	}
}

// noteAbove is the size from which the full check takes long enough to
// say so (about 2,000 games; a few tenths of a second).
const noteAbove = 24 << 20

// dbFail prints one line for a storage or rule error, in the user's
// language, and returns its exit status: 2 for bad input, 1 for a refusal
// (a broken rule, a name taken, no such game), 3 for database trouble.
func (e *env) dbFail(cmd string, err error) int {
	var se *storage.Error
	if !errors.As(err, &se) {
		return e.fail(cmd, err)
	}
	msg := e.errText(se)
	if path, ok := e.damagedDB(se); ok {
		// What to do next, whole (never cut with a long reason before it).
		lead, cmd := e.damagedAdvice(context.Background(), path, false)
		msg = sentence(msg) + " " + lead + " " + cmd
	}
	fmt.Fprintf(e.stderr, "%s: %s\n", progName(cmd), msg)
	switch se.Code {
	case storage.CodeBadID, storage.CodeShortID:
		return exitInput
	case storage.CodeNotFound, storage.CodePlayerExists, storage.CodeHasGames, storage.CodeConflict,
		storage.CodeNothingToUndo, storage.CodeAmbiguous, storage.CodeSomeBroken:
		return exitRule
	}
	return exitFailure
}

// localize is a message in the user's language for any error.
func (e *env) localize(err error) string {
	return e.errText(err)
}

// sentence is s ending its sentence, so that another can follow.
func sentence(s string) string {
	if strings.HasSuffix(s, ".") || strings.HasSuffix(s, "…") {
		return s
	}
	return s + "."
}
