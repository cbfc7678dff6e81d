package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/wuerfelblock/wuerfelblock/internal/outfile"
	"github.com/wuerfelblock/wuerfelblock/storage"
)

func runBackup(e *env, args []string) int {
	fs := newFlags(e, "backup", "[--force] [FILE]")
	force := fs.Bool("force", false, e.tr("replace FILE even where it is no backup (a file of another kind is kept otherwise)",
		"DATEI auch ersetzen, wo sie keine Sicherung ist (eine Datei anderer Art bleibt sonst erhalten)"))
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 1 {
		fmt.Fprintln(e.stderr, "wuerfelblock backup: "+e.tr("use: backup [FILE]", "Aufruf: backup [DATEI]"))
		return exitInput
	}
	return e.withDB("backup", func(ctx context.Context, db *storage.DB) int {
		var dest string
		var err error
		if len(pos) == 0 {
			dest, err = db.BackupNamed(ctx, storage.BackupsDir(db.Path()), "", time.Now())
		} else {
			dest = pos[0]
			err = writeBackup(ctx, db, dest, *force)
		}
		var refused *outfile.Error
		switch {
		case errors.As(err, &refused):
			fmt.Fprintf(e.stderr, "wuerfelblock backup: %s\n", e.fileProblem(dest, err, true))
			return exitInput
		case err != nil && storage.ErrorCode(err) == "":
			fmt.Fprintf(e.stderr, "wuerfelblock backup: %s\n", e.fileProblem(dest, err, true))
			return exitFailure
		case err != nil:
			return e.dbFail("backup", err)
		}
		fmt.Fprintf(e.stdout, e.tr("Backup written to %s (checked).\n", "Sicherung nach %s geschrieben (geprüft).\n"), shownPath(dest))
		return exitOK
	})
}

// writeBackup writes a checked backup of db to the file the user named:
// made and checked in the backup folder beside the database, then written
// to dest through outfile (never over the database's files; through
// symbolic links, into devices and FIFOs; a regular file replaced only once
// the copy is whole, keeping its mode, and only where it is an earlier
// backup, empty, or force).
func writeBackup(ctx context.Context, db *storage.DB, dest string, force bool) error {
	// The copy is made in the backup folder where there is one, else
	// beside the database (no backup folder is made for a backup that
	// goes elsewhere); where that cannot be written (a database only to
	// be read), in the temporary directory.
	dir := storage.BackupsDir(db.Path())
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		dir = filepath.Dir(db.Path())
	}
	if db.ReadOnly() {
		dir = os.TempDir()
	}
	tmp, err := db.BackupTemp(ctx, dir, dest)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	err = outfile.WriteWith(dest, func(w io.Writer) error {
		f, err := os.Open(tmp)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = io.Copy(w, f)
		return err
	}, outOptions(db, outBackup, force))
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		return &storage.Error{Code: storage.CodeNoSpace, Args: []any{dest}, Err: err}
	}
	return err
}

// autoBackup makes the day's automatic backup of the database, when
// backups are on; a failure is said in one line and keeps nothing from
// working.
func (e *env) autoBackup(ctx context.Context, db *storage.DB) {
	if !e.backups() || db.ReadOnly() {
		return
	}
	if _, err := db.AutoBackup(ctx, storage.BackupsDir(db.Path()), time.Now()); err != nil {
		fmt.Fprintf(e.stderr, "wuerfelblock: %s\n", e.tr("no automatic backup today: ", "heute keine automatische Sicherung: ")+e.localize(err))
	}
}

func runRestore(e *env, args []string) int {
	fs := newFlags(e, "restore", "FILE")
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintln(e.stderr, "wuerfelblock restore: "+e.tr("give the backup file to restore", "die Sicherung angeben, die zurückgespielt werden soll"))
		return exitInput
	}
	src := pos[0]
	ctx := context.Background()
	if code, ok := e.restorable(ctx, src); !ok {
		return code
	}
	// The database to be replaced may be damaged: it is opened without the
	// checks before use, and one SQLite cannot open at all is replaced as a
	// file (moved aside into the backup folder, not removed).
	// A database that does not exist yet has nothing to keep: the restore
	// makes it, and no before-copy of an empty one.
	fresh := false
	var made []string // the directories the new database makes, deepest first
	path, err := e.dbFile()
	if err == nil {
		if _, err := os.Lstat(path); errors.Is(err, os.ErrNotExist) {
			fresh = true
			made = missingDirs(filepath.Dir(path))
		}
	}
	db, err := e.openDB()
	if err != nil {
		switch storage.ErrorCode(err) {
		case storage.CodeCorrupt, storage.CodeDamaged:
			return e.restoreFile(ctx, src)
		}
		if fresh {
			removeNew(path, made)
		}
		return e.dbFail("restore", err)
	}
	closed := false
	defer func() {
		if !closed {
			db.Close()
		}
	}()
	var saved string
	before := func() error {
		if fresh {
			return nil
		}
		var err error
		saved, err = db.BackupNamed(ctx, storage.BackupsDir(db.Path()), "before-restore", time.Now())
		if storage.ErrorCode(err) == storage.CodeDamaged || storage.ErrorCode(err) == storage.CodeCorrupt {
			// SQLite cannot copy a damaged database: its files are kept
			// as they are.
			saved, err = storage.KeepDamaged(db.Path(), storage.BackupsDir(db.Path()), time.Now())
		}
		return err
	}
	if err := db.Restore(ctx, src, before); err != nil {
		if fresh {
			// Absent stays absent: the database made for the restore goes.
			db.Close()
			closed = true
			removeNew(path, made)
		}
		return e.restoreFailed(err)
	}
	if fresh {
		e.restoredNew(ctx, db, src)
		return exitOK
	}
	e.restored(ctx, db, src, saved)
	return exitOK
}

// restorable checks the file to restore before the database is opened
// (which would make a new one, and its directory): a refused restore
// leaves everything as it was. It returns the exit status of a refusal.
func (e *env) restorable(ctx context.Context, src string) (int, bool) {
	if st, err := os.Stat(src); err != nil || st.IsDir() {
		if err == nil {
			err = &os.PathError{Op: "open", Path: src, Err: fmt.Errorf("%s", e.tr("it is a directory", "es ist ein Verzeichnis"))}
		}
		fmt.Fprintf(e.stderr, "wuerfelblock restore: %s\n", e.fileProblem(src, err, false))
		return exitInput, false
	}
	if path, err := e.dbFile(); err == nil {
		abs, err1 := filepath.Abs(path)
		from, err2 := filepath.Abs(src)
		if err1 == nil && err2 == nil && storage.OwnFile(abs, from) {
			return e.restoreFailed(&storage.Error{Code: storage.CodeRestoreSelf, Args: []any{src}}), false
		}
	}
	if err := storage.CheckBackup(ctx, src); err != nil {
		return e.restoreFailed(err), false
	}
	return 0, true
}

// missingDirs are dir and those of its parents that do not exist, deepest
// first.
func missingDirs(dir string) []string {
	var out []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); !errors.Is(err, os.ErrNotExist) {
			return out
		}
		out = append(out, d)
		if filepath.Dir(d) == d {
			return out
		}
	}
}

// removeNew removes a database that a refused restore made at path, its
// companion files and the directories made for it (each only if empty).
func removeNew(path string, dirs []string) {
	for _, s := range []string{"", "-wal", "-shm", "-journal"} {
		os.Remove(path + s)
	}
	for _, d := range dirs {
		os.Remove(d)
	}
}

// restoredNew says what a restore into a database that did not exist
// before did: there was nothing to keep.
func (e *env) restoredNew(ctx context.Context, db *storage.DB, src string) {
	n := 0
	if gs, err := db.Games(ctx, storage.GameFilter{}); err == nil {
		n = len(gs)
	}
	fmt.Fprintf(e.stdout, e.tr("Restored %s: %s. There was no database at %s before, so there is no copy of one.\n",
		"%s zurückgespielt: %s. Unter %s gab es vorher keine Datenbank, also auch keine Kopie davon.\n"),
		src, e.gamesWord(n, false), filepath.Clean(db.Path()))
}

// restoreFile puts the backup in the place of a database SQLite cannot
// open.
func (e *env) restoreFile(ctx context.Context, src string) int {
	path, err := e.dbFile()
	if err != nil {
		return e.fail("restore", err)
	}
	aside, err := storage.RestoreFile(ctx, path, src, storage.BackupsDir(path), time.Now())
	if err != nil {
		return e.restoreFailed(err)
	}
	db, err := e.openDB()
	if err != nil {
		return e.dbFail("restore", err)
	}
	defer db.Close()
	e.restored(ctx, db, src, aside)
	return exitOK
}

func (e *env) restoreFailed(err error) int {
	code := e.dbFail("restore", err)
	switch storage.ErrorCode(err) {
	case storage.CodeNotOurs, storage.CodeForeign, storage.CodeCorrupt, storage.CodeNewerSchema, storage.CodeRestoreSelf,
		storage.CodeBadBackup, storage.CodeUnreadable:
		return exitInput // the file to restore is refused
	}
	return code
}

// restored says what a restore did.
func (e *env) restored(ctx context.Context, db *storage.DB, src, saved string) {
	n := 0
	if gs, err := db.Games(ctx, storage.GameFilter{}); err == nil {
		n = len(gs)
	}
	if saved == "" {
		fmt.Fprintf(e.stdout, e.tr("Restored %s: %s.\n", "%s zurückgespielt: %s.\n"), src, e.gamesWord(n, false))
		return
	}
	fmt.Fprintf(e.stdout, e.tr("Restored %s: %s. The database as it was before is in %s.\n",
		"%s zurückgespielt: %s. Die Datenbank, wie sie vorher war, liegt in %s.\n"), src, e.gamesWord(n, false), filepath.Clean(saved))
}
