package storage

import (
	"context"
	"database/sql"
	"os"
	"time"
)

// The checks before use. SQLite finds damage only on the pages it reads:
// any corruption it reports stops the command and every later write
// (DB.wrap). What no command reads is found by SQLite's quick check of the
// whole file, whose cost grows with the history (6 to 9 s of CPU measured
// for 20,000 games): on a large file it runs when it is due, and each pass is recorded in the
// database (table checks, made by the first pass). Otherwise the cheap
// checks run, whose cost does not grow with the history.

// fullCheckEvery is how often the whole file is checked at most, unless
// the last program to use it did not close it.
const fullCheckEvery = 24 * time.Hour

// FullCheckDue reports whether the whole file is to be checked before use:
// no full check has passed yet, or the last one is more than a day old, or
// the last program to use the file did not close it (its WAL was left over,
// and no program has it open), or a command found it damaged (damagedMark). A file that can only be read is never due:
// nothing is written to it, and where SQLite finds damage the command
// stops.
func (db *DB) FullCheckDue(ctx context.Context) (bool, error) {
	if db.readOnly != nil {
		return false, nil
	}
	if db.leftOver.Load() || exists(db.path+damagedMark) {
		return true, nil
	}
	var passed sql.NullInt64
	err := db.view(ctx, func(tx *sql.Tx) error {
		var tables int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'checks'`).Scan(&tables); err != nil || tables == 0 {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT max(passed) FROM checks`).Scan(&passed)
	})
	if err != nil || !passed.Valid {
		return true, err
	}
	age := db.now().Sub(time.UnixMilli(passed.Int64))
	return age >= fullCheckEvery || age < -time.Hour, nil
}

// Guard checks the database before a command or the app uses it: SQLite's
// quick check of the whole file when the file is small (up to
// alwaysCheckUpTo, where it costs little) or FullCheckDue says so (before,
// if not nil, is then told the file's size first), else the cheap checks.
// A damaged file comes back as CodeDamaged, and every later write is
// refused.
func (db *DB) Guard(ctx context.Context, before func(size int64)) error {
	due, err := db.FullCheckDue(ctx)
	if err != nil {
		return err
	}
	size := db.size()
	if !due && size > alwaysCheckUpTo {
		return db.cheapCheck(ctx)
	}
	if due && before != nil {
		before(size)
	}
	// A small file is checked every time: its pass is not recorded (and a
	// command that only reads writes nothing).
	return db.quickCheck(ctx, due && size > alwaysCheckUpTo)
}

// alwaysCheckUpTo is the largest file checked whole before every use:
// about 2,000 games, checked in well under 0.1 s. A variable for tests.
var alwaysCheckUpTo int64 = 24 << 20

// size is the size of the database file and its WAL.
func (db *DB) size() int64 {
	var n int64
	for _, s := range []string{"", "-wal"} {
		if st, err := os.Stat(db.path + s); err == nil {
			n += st.Size()
		}
	}
	return n
}

// cheapCheck is the check whose cost does not grow with the history:
// SQLite's quick check of the players table, which every screen and most
// commands read. (A file cut short SQLite refuses at every opening: its
// header counts more pages than the file holds.)
func (db *DB) cheapCheck(ctx context.Context) error {
	var first string
	err := db.view(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `PRAGMA quick_check('players')`).Scan(&first)
	})
	if err != nil {
		return err
	}
	if first != "ok" {
		db.markDamaged()
		return newErr(CodeDamaged, nil, db.path, checkFound)
	}
	return nil
}

// recordCheck records that a check of the whole file passed now. A
// database busy with another program's writes gets no record this time:
// the check is then due again at the next start.
func (db *DB) recordCheck(ctx context.Context, kind string) {
	db.recordCheckAt(ctx, kind, db.now())
}

// recordWhole records, when the file has grown past alwaysCheckUpTo, the
// whole-file pass this process saw while it was small (wholeAt: the quick
// check before the command, which a small file gets every time; a new
// device's first import or sync starts so). The file was whole then, and everything written since was written by a program that
// checks what it writes, as after any recorded check (the next full check
// is due a day after the pass, not a day after the growth). Nothing is
// recorded after damage was found, or when no pass was seen (a large file
// opened with the cheap check only). A program killed before Close
// records nothing, and its WAL left over makes the full check due anyway.
func (db *DB) recordWhole() {
	at := db.wholeAt.Swap(0)
	if at == 0 || exists(db.path+damagedMark) {
		return
	}
	db.recordCheckAt(context.Background(), "whole_before_growth", time.UnixMilli(at))
}

// recordCheckAt records a pass of the whole file at time at.
func (db *DB) recordCheckAt(ctx context.Context, kind string, at time.Time) {
	if db.readOnly != nil || db.damaged.Load() || db.size() <= alwaysCheckUpTo {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	err := db.update(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS checks (kind TEXT PRIMARY KEY, passed INTEGER NOT NULL)`); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO checks (kind, passed) VALUES (?, ?) ON CONFLICT (kind) DO UPDATE SET passed = excluded.passed`, kind, at.UnixMilli())
		return err
	})
	if err == nil {
		db.leftOver.Store(false)
	}
}

// damagedMark is the file beside the database that says a command found
// it damaged: every later command checks the whole file first (and so
// refuses it) until a full check passes (a backup put back in its place).
// The database itself is not written to.
const damagedMark = "-damaged"

// markDamaged refuses every later write of this program and, by the mark
// beside the file, of every later command.
func (db *DB) markDamaged() {
	if db.damaged.Swap(true) || db.readOnly != nil {
		return
	}
	os.WriteFile(db.path+damagedMark, []byte("wuerfelblock found this database damaged; 'wuerfelblock check' says what is wrong.\n"), 0o644)
}

// passed removes the damaged mark after a full check passed.
func (db *DB) passed() {
	if exists(db.path + damagedMark) {
		os.Remove(db.path + damagedMark)
	}
}
