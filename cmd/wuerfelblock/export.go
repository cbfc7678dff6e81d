package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/wuerfelblock/wuerfelblock/internal/outfile"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
)

func runExport(e *env, args []string) int {
	fs := newFlags(e, "export", "[--force] [--game ID]... | [--all] [FILE] | --csv DIR | --bgstats FILE")
	var games optionList
	fs.Var(&games, "game", e.tr("export this game (id or its first characters; repeatable)", "dieses Spiel exportieren (ID oder ihr Anfang; mehrfach)"))
	all := fs.Bool("all", false, e.tr("export every game (the default)", "alle Spiele exportieren (Vorgabe)"))
	csvDir := fs.String("csv", "", e.tr("write games, turns and totals as CSV files into this folder", "Spiele, Züge und Endstände als CSV-Dateien in diesen Ordner schreiben"))
	bgstats := fs.String("bgstats", "", e.tr("write the finished games as a play file for BG Stats", "die beendeten Spiele als Datei für BG Stats schreiben"))
	force := fs.Bool("force", false, e.tr("replace an existing file even where it is of another kind (kept otherwise)",
		"eine vorhandene Datei auch ersetzen, wo sie anderer Art ist (bleibt sonst erhalten)"))
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if code, done := e.exportTables(fs, pos, *all, len(games) > 0, tableOut{*csvDir, *bgstats, *force}); done {
		return code
	}
	if len(pos) > 1 || *all && len(games) > 0 {
		fmt.Fprintln(e.stderr, "wuerfelblock export: "+e.tr("use: export [--game ID | --all] [FILE]", "Aufruf: export [--game ID | --all] [DATEI]"))
		return exitInput
	}
	return e.withDB("export", func(ctx context.Context, db *storage.DB) int {
		var ids []string
		for _, g := range games {
			id, err := db.FindGame(ctx, g)
			if err != nil {
				return e.dbFail("export", err)
			}
			ids = append(ids, id)
		}
		// Games are written one at a time as they are read: memory does not
		// grow with the number of games. Games the rules cannot replay are
		// left out of an export of all games, and said afterwards.
		var n int
		var err, leftOut error
		write := func(w io.Writer) error {
			n, err = db.ExportTo(ctx, ids, w)
			if storage.ErrorCode(err) == storage.CodeSomeBroken {
				leftOut, err = err, nil
			}
			return err
		}
		if len(pos) == 0 || pos[0] == "-" {
			if write(e.stdout); err != nil {
				return e.dbFail("export", err)
			}
		} else if ferr := outfile.WriteWith(pos[0], write, outOptions(db, outExport, *force)); ferr != nil {
			if err != nil {
				return e.dbFail("export", err)
			}
			fmt.Fprintf(e.stderr, "wuerfelblock export: %s\n", e.fileProblem(pos[0], ferr, true))
			var refused *outfile.Error
			if errors.As(ferr, &refused) {
				return exitInput
			}
			return exitFailure
		} else {
			fmt.Fprintf(e.stdout, e.tr("%s written to %s.\n", "%s nach %s geschrieben.\n"), e.gamesWord(n, false), shownPath(pos[0]))
		}
		if leftOut != nil {
			return e.dbFail("export", leftOut)
		}
		return exitOK
	})
}

// tableOut is what export --csv DIR and --bgstats FILE are given.
type tableOut struct {
	csvDir, bgstats string
	force           bool // replace files of another kind
}

// exportTables is export --csv DIR and --bgstats FILE, which stand alone;
// done is false where neither was given.
func (e *env) exportTables(fs *flag.FlagSet, pos []string, all, games bool, t tableOut) (code int, done bool) {
	csvDir, bgstats := t.csvDir, t.bgstats
	var empty string
	fs.Visit(func(f *flag.Flag) {
		if (f.Name == "csv" || f.Name == "bgstats") && f.Value.String() == "" && empty == "" {
			empty = "--" + f.Name
		}
	})
	if empty != "" {
		// An empty name would export to standard output instead, unasked.
		fmt.Fprintf(e.stderr, "wuerfelblock export: "+e.tr("%s needs a name, not an empty one", "%s braucht einen Namen, keinen leeren")+"\n", empty)
		return exitInput, true
	}
	if csvDir == "" && bgstats == "" {
		return 0, false
	}
	if len(pos) > 0 || all || games || csvDir != "" && bgstats != "" {
		fmt.Fprintln(e.stderr, "wuerfelblock export: "+e.tr("--csv DIR and --bgstats FILE stand alone (every game)", "--csv ORDNER und --bgstats DATEI stehen allein (alle Spiele)"))
		return exitInput, true
	}
	return e.withDB("export", func(ctx context.Context, db *storage.DB) int {
		if csvDir != "" {
			return e.exportCSV(ctx, db, csvDir, t.force)
		}
		return e.exportBGStats(ctx, db, bgstats, t.force)
	}), true
}

// importMemory is the soft limit of the Go heap during an import. The
// coaches' large tables are mapped files, outside it (their pages add to
// the resident size besides, about 41 MB, as does the program's own code):
// the Go heap holds the small tables, the records under way (about 25)
// and the reviews' garbage. 2,000 games with the coaches' files there: 64
// MB gave 112 MB peak and 44.7 CPU-s, 44 MB 95 MB and 52.3 CPU-s (load
// 15); with half as many records under way 46 MB gives 95 MB at the CPU
// time 48 MB gave before.
const importMemory = 46 << 20

func runImport(e *env, args []string) int {
	fs := newFlags(e, "import", "FILE")
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintln(e.stderr, "wuerfelblock import: "+e.tr("give one file (- for standard input)", "genau eine Datei angeben (- für die Standardeingabe)"))
		return exitInput
	}
	var in io.Reader = e.stdin
	if pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			fmt.Fprintf(e.stderr, "wuerfelblock import: %s\n", e.fileProblem(pos[0], err, false))
			return exitInput
		}
		defer f.Close()
		in = f
	}
	in, code, ok = e.recordsIn("import", pos[0], in)
	if !ok {
		return code
	}
	// An import holds little (the coach's small tables, a few records
	// ahead; the large tables are mapped files) but makes much garbage:
	// the collector keeps the process under 100 MB however large the file.
	debug.SetMemoryLimit(importMemory)
	// Records are read one by one as they are stored: memory does not grow
	// with the file. Input that is no records at all is refused before
	// the database is opened.
	x := storage.NewExportReader(in)
	first, err := x.Next()
	if err != nil && err != io.EOF {
		return e.fail("import", err)
	}
	pending := err == nil
	next := func() (storage.ExportRecord, error) {
		if pending {
			pending = false
			return first, nil
		}
		return x.Next()
	}
	return e.withWriteDB("import", func(ctx context.Context, db *storage.DB) int {
		rep, err := db.ImportFrom(ctx, next)
		for _, r := range rep.Refused {
			where := fmt.Sprintf("%s %d", e.tr("record", "Eintrag"), r.Index+1)
			if r.ID != "" {
				where += " (" + scoresheet.Short(r.ID, 40) + ")"
			}
			if r.Turn >= 0 {
				where += fmt.Sprintf(", %s %d", e.tr("turn", "Zug"), r.Turn+1)
				if r.Throw != nil {
					where += fmt.Sprintf(", %s %d", e.tr("throw", "Wurf"), *r.Throw+1)
				}
			}
			fmt.Fprintf(e.stderr, "wuerfelblock import: %s %s: %s\n", e.tr("refused", "abgelehnt:"), where, e.localize(r.Err))
		}
		if rep.MoreRefused > 0 {
			fmt.Fprintf(e.stderr, "wuerfelblock import: "+e.tr("%d more records refused after these %d (not listed)",
				"%d weitere Einträge abgelehnt nach diesen %d (nicht aufgeführt)")+"\n", rep.MoreRefused, len(rep.Refused))
		}
		fmt.Fprintf(e.stdout, e.tr("%d imported, %d brought up to date, %d skipped (already present), %d refused.\n",
			"%d importiert, %d ergänzt, %d übersprungen (schon vorhanden), %d abgelehnt.\n"), rep.Imported, rep.Extended, rep.Skipped, rep.RefusedCount())
		if err != nil {
			// The summary says what was stored before the trouble.
			return e.dbFail("import", err)
		}
		if rep.NotRecords > 0 {
			return exitInput // as judge: not a record at all
		}
		if rep.RefusedCount() > 0 {
			return exitRule
		}
		return exitOK
	})
}
