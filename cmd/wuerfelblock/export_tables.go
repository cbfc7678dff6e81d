package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/wuerfelblock/wuerfelblock/storage"
)

// csvFiles are the tables export --csv writes, in this order.
var csvFiles = []string{"games.csv", "turns.csv", "totals.csv"}

// exportCSV writes the CSV tables into dir (made when missing): every file
// through a temporary file, renamed once all three are whole.
func (e *env) exportCSV(ctx context.Context, db *storage.DB, dir string) int {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(e.stderr, "wuerfelblock export: %s\n", e.fileProblem(dir, err, true))
		return exitFailure
	}
	var outs []*pendingFile
	defer func() {
		for _, o := range outs {
			o.abort()
		}
	}()
	var ws []io.Writer
	for _, name := range csvFiles {
		o, err := newPendingFile(filepath.Join(dir, name))
		if err != nil {
			fmt.Fprintf(e.stderr, "wuerfelblock export: %s\n", e.fileProblem(filepath.Join(dir, name), err, true))
			return exitFailure
		}
		outs = append(outs, o)
		ws = append(ws, o.f)
	}
	if err := db.ExportCSV(ctx, ws[0], ws[1], ws[2]); err != nil {
		return e.dbFail("export", err)
	}
	for _, o := range outs {
		if err := o.commit(); err != nil {
			fmt.Fprintf(e.stderr, "wuerfelblock export: %s\n", e.fileProblem(o.path, err, true))
			return exitFailure
		}
	}
	fmt.Fprintf(e.stdout, e.tr("games.csv, turns.csv and totals.csv written to %s.\n", "games.csv, turns.csv und totals.csv nach %s geschrieben.\n"), dir)
	return exitOK
}

// exportBGStats writes the finished games as a BG Stats play file.
func (e *env) exportBGStats(ctx context.Context, db *storage.DB, path string) int {
	var n int
	var err error
	fill := func(w io.Writer) error {
		n, err = db.ExportBGStats(ctx, w, e.lang, time.Local)
		return err
	}
	if path == "-" {
		if fill(e.stdout); err != nil {
			return e.dbFail("export", err)
		}
		return exitOK
	}
	if ferr := writeFileAtomic(path, fill); ferr != nil {
		if err != nil {
			return e.dbFail("export", err)
		}
		fmt.Fprintf(e.stderr, "wuerfelblock export: %s\n", e.fileProblem(path, ferr, true))
		return exitFailure
	}
	fmt.Fprintf(e.stdout, e.tr("%d finished games written to %s (a BG Stats play file).\n", "%d beendete Spiele nach %s geschrieben (eine BG-Stats-Datei).\n"), n, path)
	return exitOK
}

// pendingFile is a file written under a temporary name beside path and
// renamed to path by commit (abort removes it).
type pendingFile struct {
	path string
	f    *os.File
	done bool
}

func newPendingFile(path string) (*pendingFile, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return nil, err
	}
	return &pendingFile{path: path, f: f}, nil
}

func (p *pendingFile) commit() error {
	if err := p.f.Sync(); err != nil {
		return err
	}
	if err := p.f.Chmod(0o644); err != nil {
		return err
	}
	if err := p.f.Close(); err != nil {
		return err
	}
	if err := os.Rename(p.f.Name(), p.path); err != nil {
		return err
	}
	p.done = true
	return nil
}

func (p *pendingFile) abort() {
	if !p.done {
		p.f.Close()
		os.Remove(p.f.Name())
	}
}
