package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/wuerfelblock/wuerfelblock/internal/outfile"
	"github.com/wuerfelblock/wuerfelblock/storage"
)

// csvFiles are the tables export --csv writes, in this order.
var csvFiles = []string{"games.csv", "turns.csv", "totals.csv"}

// exportCSV writes the CSV tables into dir (made when missing), each
// through outfile (a file is replaced only once it is whole; never the
// database's files; a file of another kind only with force), all three
// from one reading of the database.
func (e *env) exportCSV(ctx context.Context, db *storage.DB, dir string, force bool) int {
	if err := outfile.MakeDir(dir); err != nil {
		return e.outFail(dir, err)
	}
	var dbErr error
	var ws []io.Writer
	var failed string
	// Each file's fill opens the next; the innermost reads the database.
	var write func(i int) error
	write = func(i int) error {
		if i == len(csvFiles) {
			dbErr = db.ExportCSV(ctx, ws[0], ws[1], ws[2])
			return dbErr
		}
		path := filepath.Join(dir, csvFiles[i])
		err := outfile.WriteWith(path, func(w io.Writer) error {
			ws = append(ws, w)
			return write(i + 1)
		}, outOptions(db, outCSVGames+outKind(i), force))
		if err != nil && failed == "" && err != dbErr {
			failed = path
		}
		return err
	}
	if err := write(0); err != nil {
		if dbErr != nil {
			return e.dbFail("export", dbErr)
		}
		return e.outFail(failed, err)
	}
	fmt.Fprintf(e.stdout, e.tr("games.csv, turns.csv and totals.csv written to %s.\n", "games.csv, turns.csv und totals.csv nach %s geschrieben.\n"), shownPath(dir))
	return exitOK
}

// outFail says why path was not written: exit status 2 for a file that
// is refused (the open database's, read-only, a directory), as export
// FILE has it; 3 for one that could not be written.
func (e *env) outFail(path string, err error) int {
	fmt.Fprintf(e.stderr, "wuerfelblock export: %s\n", e.fileProblem(path, err, true))
	var refused *outfile.Error
	if errors.As(err, &refused) {
		return exitInput
	}
	return exitFailure
}

// exportBGStats writes the finished games as a BG Stats play file.
func (e *env) exportBGStats(ctx context.Context, db *storage.DB, path string, force bool) int {
	var n int
	var err error
	fill := func(w io.Writer) error {
		n, err = db.ExportBGStats(ctx, w, e.lang, time.Local)
		return err
	}
	if path == "-" {
		if err := fill(e.stdout); err != nil {
			return e.dbFail("export", err)
		}
		return exitOK
	}
	if ferr := outfile.WriteWith(path, fill, outOptions(db, outBGStats, force)); ferr != nil {
		if err != nil {
			return e.dbFail("export", err)
		}
		return e.outFail(path, ferr)
	}
	fmt.Fprintf(e.stdout, e.tr("%s written to %s (a BG Stats play file).\n", "%s nach %s geschrieben (eine BG-Stats-Datei).\n"), e.gamesWord(n, true), shownPath(path))
	return exitOK
}
