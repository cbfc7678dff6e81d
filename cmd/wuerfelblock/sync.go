package main

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/wuerfelblock/wuerfelblock/storage"
)

func runSync(e *env, args []string) int {
	fs := newFlags(e, "sync", "[DIR]")
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	dir := e.getenv("WUERFELBLOCK_SYNC")
	if len(pos) == 1 {
		dir = pos[0]
	}
	if len(pos) > 1 || dir == "" {
		fmt.Fprintln(e.stderr, "wuerfelblock sync: "+e.tr("give the sync folder (or set WUERFELBLOCK_SYNC)", "den Sync-Ordner angeben (oder WUERFELBLOCK_SYNC setzen)"))
		return exitInput
	}
	// A sync into a new device is an import of everything: kept under the
	// import's soft limit of the Go heap.
	debug.SetMemoryLimit(importMemory)
	return e.withWriteDB("sync", func(ctx context.Context, db *storage.DB) int {
		rep, err := db.Sync(ctx, dir)
		e.syncNotes(e.stderr, rep)
		if err != nil {
			code := e.dbFail("sync", err)
			if storage.ErrorCode(err) == storage.CodeSyncDir {
				return exitInput // the folder given is no folder
			}
			return code
		}
		e.syncSummary(e.stdout, dir, rep)
		if len(rep.Notes) > 0 {
			return exitRule
		}
		return exitOK
	})
}

// syncNotes writes one line per note of a sync.
func (e *env) syncNotes(w io.Writer, rep storage.SyncReport) {
	for _, n := range rep.Notes {
		where := n.File
		if n.Line > 0 {
			where += fmt.Sprintf(" %s %d", e.tr("line", "Zeile"), n.Line)
		}
		msg := e.localize(n.Err)
		switch storage.ErrorCode(n.Err) {
		case storage.CodeSyncConflict, storage.CodeSyncUndoneHere, storage.CodeSyncUndoneThere, storage.CodeSyncPartial, storage.CodeSyncMore:
			fmt.Fprintf(w, "wuerfelblock sync: %s\n", msg) // names the file itself
		default:
			fmt.Fprintf(w, "wuerfelblock sync: %s: %s\n", where, msg)
		}
	}
}

func (e *env) syncSummary(w io.Writer, dir string, rep storage.SyncReport) {
	fmt.Fprintf(w, e.tr("Synced with %s: %d new, %d brought up to date, %s written to %s.\n",
		"Abgeglichen mit %s: %d neu, %d ergänzt, %s in %s geschrieben.\n"), dir, rep.Imported, rep.Extended, e.gamesWord(rep.Written, false), rep.File)
}
