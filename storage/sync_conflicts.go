package storage

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"io"
	"os"
	"path/filepath"
)

// A game continued differently on two devices is never mixed; the other
// device's version is remembered by its line (sync_conflicts) and tried
// again at every sync, named again each time, until the two agree: once
// the players took the entries of one side back to where the versions
// part, that side's next sync takes the other version, and its file then
// carries the game as the other device has it, which ends the conflict
// there too.

// lineRef is where a record handed to the import came from.
type lineRef struct {
	line  int
	start int64
	id    string
}

// syncHook runs in the transaction of every record a sync stored from
// another device's file: that file's conflict over the game is over, and
// the game is that device's news, not this one's (not written to this
// device's file), unless the game was in conflict: then this device writes
// it again, so that the other devices see the conflict end.
func (db *DB) syncHook(dir, name string) storedHook {
	return func(ctx context.Context, tx *sql.Tx, id string) error {
		var conflicted bool
		if err := db.queryRow(ctx, tx, `SELECT EXISTS (SELECT 1 FROM sync_conflicts WHERE game = ?)`, []any{id}, &conflicted); err != nil {
			return err
		}
		if _, err := db.exec(ctx, tx, `DELETE FROM sync_conflicts WHERE dir = ? AND name = ? AND game = ?`, dir, name, id); err != nil {
			return err
		}
		if conflicted {
			return nil
		}
		_, err := db.exec(ctx, tx, `DELETE FROM sync_pending WHERE game_id = (SELECT id FROM games WHERE uuid = ?)`, id)
		return err
	}
}

// isConflict reports whether a refusal is one the devices can end: a game
// continued differently, or stored here with other players (a rename made
// on one device only) or other house rules.
func isConflict(err error) bool {
	c := ErrorCode(err)
	return c == CodeDiverged || c == CodeDiffers || isUndoConflict(err)
}

// isUndoConflict reports whether a refusal is a version that went on past
// an entry the other side took back: ended only by what the players
// decide, never by the record of the other version alone (resolves).
func isUndoConflict(err error) bool {
	c := ErrorCode(err)
	return c == CodeUndoneHere || c == CodeUndoneThere
}

// syncConflictErr is the sync's note of a refusal of a record of the file
// name: a conflict names the device and how to end it.
func syncConflictErr(err error, id, name string) error {
	var e *Error
	if !errors.As(err, &e) || len(e.Args) < 3 {
		return err
	}
	for _, c := range [][2]Code{{CodeDiverged, CodeSyncConflict}, {CodeUndoneHere, CodeSyncUndoneHere}, {CodeUndoneThere, CodeSyncUndoneThere}} {
		if e.Code == c[0] {
			return newErr(c[1], err, id, name, e.Args[1], e.Args[2])
		}
	}
	return err
}

// keepConflicts remembers the lines of the records the import refused as
// continued differently, and forgets a file's conflict over a game whose
// later line in that file merged (the versions agree now). A conflict new
// here puts this device's version of the game on the list to be written
// again: the other device, whose file showed the conflict, may have read
// this device's line of the game before it went its own way there and
// would not see the conflict otherwise; with this line it names it at
// its every sync too.
func (db *DB) keepConflicts(ctx context.Context, dir, name string, refs []lineRef, ir ImportReport) error {
	diverged := map[int]bool{}
	undo := map[int]bool{}
	refused := map[int]bool{}
	for _, r := range ir.Refused {
		refused[r.Index] = true
		diverged[r.Index] = isConflict(r.Err)
		undo[r.Index] = isUndoConflict(r.Err)
	}
	if len(diverged) == 0 && ir.Skipped == 0 {
		return nil
	}
	return db.update(ctx, func(tx *sql.Tx) error {
		for i, ref := range refs {
			id, err := NormalizeID(ref.id)
			if err != nil {
				continue
			}
			switch {
			case diverged[i]:
				var known bool
				if err = tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM sync_conflicts WHERE dir = ? AND name = ? AND game = ?)`,
					dir, name, id).Scan(&known); err != nil {
					return err
				}
				if !known {
					if _, err = tx.ExecContext(ctx, `INSERT INTO sync_pending (game_id, changes) SELECT id, 1 FROM games WHERE uuid = ?
						ON CONFLICT (game_id) DO UPDATE SET changes = changes + 1`, id); err != nil {
						return err
					}
				}
				_, err = tx.ExecContext(ctx, `INSERT OR REPLACE INTO sync_conflicts (dir, name, game, offset, line, undo) VALUES (?, ?, ?, ?, ?, ?)`,
					dir, name, id, ref.start, ref.line, undo[i])
			case !refused[i]:
				_, err = tx.ExecContext(ctx, `DELETE FROM sync_conflicts WHERE dir = ? AND name = ? AND game = ?`, dir, name, id)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// conflictRow is a row of sync_conflicts.
type conflictRow struct {
	name, game string
	offset     int64
	line       int
	undo       bool // a conflict of an undo (isUndoConflict)
}

// conflictRows are the conflicts remembered for dir.
func (db *DB) conflictRows(ctx context.Context, dir string) ([]conflictRow, error) {
	var rows []conflictRow
	err := db.view(ctx, func(tx *sql.Tx) error {
		rows = rows[:0]
		rs, err := tx.QueryContext(ctx, `SELECT name, game, offset, line, undo FROM sync_conflicts WHERE dir = ? ORDER BY name, line`, dir)
		if err != nil {
			return err
		}
		defer rs.Close()
		for rs.Next() {
			var c conflictRow
			if err := rs.Scan(&c.name, &c.game, &c.offset, &c.line, &c.undo); err != nil {
				return err
			}
			rows = append(rows, c)
		}
		return rs.Err()
	})
	return rows, err
}

// retryConflicts reads the remembered line of each conflict of rows again
// and merges it: a conflict that remains is named again; one whose versions
// now agree (or whose file or line is gone) is forgotten. A conflict that
// this sync's new lines ended or named already is passed over.
func (db *DB) retryConflicts(ctx context.Context, dir string, rows []conflictRow, rep *SyncReport) error {
	for _, c := range rows {
		var same bool
		err := db.view(ctx, func(tx *sql.Tx) error {
			return tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM sync_conflicts WHERE dir = ? AND name = ? AND game = ? AND offset = ?)`,
				dir, c.name, c.game, c.offset).Scan(&same)
		})
		if err != nil {
			return err
		}
		if !same {
			continue
		}
		if err := db.retryConflict(ctx, dir, c, rep); err != nil {
			return err
		}
	}
	return nil
}

func (db *DB) retryConflict(ctx context.Context, dir string, c conflictRow, rep *SyncReport) error {
	forget := func() error {
		return db.update(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `DELETE FROM sync_conflicts WHERE dir = ? AND name = ? AND game = ?`, dir, c.name, c.game)
			return err
		})
	}
	rec, ok := lineAt(filepath.Join(dir, c.name), c.offset)
	if !ok || rec.Err() != nil {
		return forget()
	}
	if id, err := NormalizeID(rec.ID); err != nil || id != c.game {
		return forget() // the file was replaced: its lines are read anew
	}
	rec.resolves = !c.undo
	ir, err := db.importFrom(ctx, func() func() (ExportRecord, error) {
		done := false
		return func() (ExportRecord, error) {
			if done {
				return ExportRecord{}, io.EOF
			}
			done = true
			return rec, nil
		}
	}(), db.syncHook(dir, c.name))
	if err != nil {
		return err
	}
	if len(ir.Refused) == 1 && isConflict(ir.Refused[0].Err) {
		err := ir.Refused[0].Err
		if undo := isUndoConflict(err); undo != c.undo {
			// The conflict is of the other kind now (one side took back or
			// entered something meanwhile).
			if err := db.update(ctx, func(tx *sql.Tx) error {
				_, err := tx.ExecContext(ctx, `UPDATE sync_conflicts SET undo = ? WHERE dir = ? AND name = ? AND game = ?`, undo, dir, c.name, c.game)
				return err
			}); err != nil {
				return err
			}
		}
		rep.Notes = append(rep.Notes, SyncNote{File: c.name, Line: c.line, ID: c.game, Err: syncConflictErr(err, c.game, c.name)})
		return nil
	}
	rep.Extended += ir.Extended
	rep.Skipped += ir.Skipped
	return forget()
}

// lineAt reads the whole line of the file at path that begins at offset,
// as a record (ok false when there is none).
func lineAt(path string, offset int64) (ExportRecord, bool) {
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		return ExportRecord{}, false
	}
	f, err := os.Open(path)
	if err != nil {
		return ExportRecord{}, false
	}
	defer f.Close()
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		return ExportRecord{}, false
	}
	jr := newJournalReader(bufio.NewReader(f), offset, 0)
	l, err := jr.next()
	if err != nil || l.err != nil {
		return ExportRecord{}, false
	}
	return l.rec, true
}
