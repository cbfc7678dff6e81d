package storage

import (
	"bytes"
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// DB is the wuerfelblock database. It is safe for concurrent use; a
// StoredGame is not.
type DB struct {
	// Now is the clock for start and end times; tests replace it.
	Now func() time.Time

	sql  *sql.DB
	path string

	mu    sync.Mutex
	stmts map[string]*sql.Stmt // prepared once, for the statements of every entry and import
	// standings keeps the replayed standing of games that are not over, by
	// games.id, for lists asked for again and again (the home screen).
	standings map[int64]standing

	// damaged is set once SQLite reported the file damaged: nothing more
	// is written to it.
	damaged atomic.Bool
	// readOnly is why the file cannot be written (nil when it can).
	readOnly error
	// leftOver is set when the file had a WAL that no program had open:
	// the last program to use it did not close it (FullCheckDue).
	leftOver atomic.Bool
	// wholeAt is when this process last saw the whole file pass a quick
	// check that was not recorded because the file was small (unix ms; 0:
	// none). Close records it when the file has grown large since
	// (recordWhole).
	wholeAt atomic.Int64
	// version is the connection DataVersion asks (opened on first use).
	version struct {
		mu   sync.Mutex
		conn *sql.Conn
	}

	opts Options // as opened: the reviewer, progress reports
	// backups is where a backup goes before a migration ("": none).
	backups string
}

// DefaultPath is where the database lives unless told otherwise:
// $XDG_DATA_HOME/wuerfelblock/wuerfelblock.db, else
// ~/.local/share/wuerfelblock/wuerfelblock.db.
func DefaultPath(getenv func(string) string) (string, error) {
	if d := getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "wuerfelblock", "wuerfelblock.db"), nil
	}
	home := getenv("HOME")
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return "", words{"there is no home directory for the database (HOME is not set): name the file with --db FILE or WUERFELBLOCK_DB=FILE, or set XDG_DATA_HOME",
				"es gibt kein Home-Verzeichnis für die Datenbank (HOME ist nicht gesetzt): die Datei mit --db DATEI oder WUERFELBLOCK_DB=DATEI angeben oder XDG_DATA_HOME setzen"}
		}
		home = h
	}
	return filepath.Join(home, ".local", "share", "wuerfelblock", "wuerfelblock.db"), nil
}

// dsn sets every pragma in the connection string, so that every pooled
// connection gets them (busy_timeout first: setting WAL may have to wait).
func dsn(path string) string {
	u := url.URL{Path: path}
	return "file:" + u.EscapedPath() +
		"?_pragma=busy_timeout(1)&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=temp_store(MEMORY)&_txlock=immediate"
}

// SQLiteHeader begins every SQLite database file (a database, a backup).
const SQLiteHeader = "SQLite format 3\x00"

// Open opens the database at path, creating it and its directory on first
// use, and brings its schema up to date. A file that is not a wuerfelblock
// database, a damaged one, or one written by a newer version is refused and
// left untouched.
//
// Open keeps no reviews: a finished game gets none (OpenWith with a
// Reviewer does).
func Open(path string) (*DB, error) {
	return openWith(path, migrationFiles, Options{})
}

// OpenWith is Open with options: the reviewer of finished games, progress
// reports of long migrations.
func OpenWith(path string, o Options) (*DB, error) {
	return openWith(path, migrationFiles, o)
}

func openWith(path string, migrations fs.FS, o Options) (*DB, error) {
	if path == "" {
		return nil, newErr(CodeCannotOpen, nil, `""`, words{"no file name", "kein Dateiname"})
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, newErr(CodeCannotOpen, err, path, err)
	}
	ms, err := readMigrations(migrations)
	if err != nil {
		return nil, newErr(CodeFailure, err, abs, err)
	}
	db, err := openFile(abs, ms, o)
	switch ErrorCode(err) {
	case "", CodeForeign, CodeNewerSchema, CodeCorrupt, CodeDamaged:
		return db, err
	}
	// SQLite says "disk I/O error" when it cannot make the index of its
	// WAL on a full disk, and every command fails: say what it is, and
	// read a database that lies whole in its file (no WAL left over).
	room := noRoom(filepath.Dir(abs))
	if room == nil {
		return nil, err
	}
	full := newErr(CodeDiskFull, room, abs, room)
	if !hasWAL(abs) && readable(abs) {
		if db, err := openReadOnly(abs, latest(ms), full); err == nil {
			return db, nil
		}
	}
	return nil, full
}

// noRoom tells whether dir has no room to write (nil: it has): a few
// pages are written to a new file there, synced and removed. A full disk,
// a full quota and a file size limit (ulimit -f) say so alike.
func noRoom(dir string) error {
	f, err := os.CreateTemp(dir, ".wuerfelblock-room-*")
	if err != nil {
		return noSpace(err)
	}
	defer os.Remove(f.Name())
	defer f.Close()
	_, err = f.Write(make([]byte, 64<<10))
	if err == nil {
		err = f.Sync()
	}
	return noSpace(err)
}

// noSpace is err when it says there is no room to write, else nil.
func noSpace(err error) error {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) || errors.Is(err, syscall.EFBIG) {
		return unwrapPath(err)
	}
	return nil
}

// openFile opens the database file abs with the pool that writes, or
// read-only when it cannot be written.
func openFile(abs string, ms []migration, o Options) (*DB, error) {
	leftOver := hasWAL(abs) && !shmHeld(abs)
	if err := preflight(abs); err != nil {
		if ErrorCode(err) == CodeCannotOpen && readable(abs) {
			return openReadOnly(abs, latest(ms), err)
		}
		return nil, err
	}
	if err := inspect(abs, latest(ms)); err != nil {
		return nil, err
	}
	sdb, err := sql.Open("sqlite", dsn(abs))
	if err != nil {
		return nil, newErr(CodeCannotOpen, err, abs, err)
	}
	// A few connections: writes are serialised by SQLite anyway, reads in
	// WAL mode run beside them.
	sdb.SetMaxOpenConns(4)
	sdb.SetMaxIdleConns(4)
	db := &DB{Now: time.Now, sql: sdb, path: abs, opts: o, backups: o.Backups}
	db.leftOver.Store(leftOver)
	if err := db.migrate(context.Background(), ms); err != nil {
		sdb.Close()
		return nil, err
	}
	return db, nil
}

// readable reports whether path is a file this process can read (though
// perhaps not write).
func readable(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	return err == nil && !st.IsDir() && st.Size() > 0
}

// openReadOnly opens a database file that cannot be written: everything
// that reads works, every write is refused with CodeReadOnly. SQLite reads
// a WAL database read-only when it can use the WAL index beside it; where
// it cannot (a directory nobody may write to), and no WAL is left over,
// the file is read as immutable.
func openReadOnly(abs string, known int, why error) (*DB, error) {
	if err := inspect(abs, known); err != nil {
		return nil, err
	}
	var cause error = why
	if se, ok := why.(*Error); ok && len(se.Args) > 1 && se.Code != CodeDiskFull {
		if e, ok := se.Args[1].(error); ok {
			cause = e
		}
	}
	u := url.URL{Path: abs}
	tries := []string{"mode=ro"}
	if !hasWAL(abs) {
		tries = append(tries, "mode=ro&immutable=1")
	}
	var last error
	for _, params := range tries {
		sdb, err := sql.Open("sqlite", "file:"+u.EscapedPath()+"?"+params+"&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)")
		if err != nil {
			return nil, newErr(CodeCannotOpen, err, abs, err)
		}
		sdb.SetMaxOpenConns(4)
		have, err := schemaVersion(context.Background(), sdb, abs)
		if err != nil {
			sdb.Close()
			last = err
			continue
		}
		if have != known {
			sdb.Close()
			// An older schema needs its migrations written first.
			return nil, newErr(CodeCannotOpen, why, abs, cause)
		}
		return &DB{Now: time.Now, sql: sdb, path: abs, readOnly: cause}, nil
	}
	db := &DB{path: abs}
	return nil, db.wrapOpen(last)
}

// ReadOnly reports whether the database can only be read.
func (db *DB) ReadOnly() bool { return db.readOnly != nil }

// ReadOnlyError is the refusal every write to the database meets, known
// when it was opened (nil when it can be written): CodeReadOnly with the
// operating system's reason (a file without write permission, a directory
// that cannot take its WAL, a read-only mount), or CodeDiskFull. Open
// finds it without writing to the file (preflight), so that a program can
// say so before anyone types what could not be stored.
func (db *DB) ReadOnlyError() error {
	if db.readOnly == nil {
		return nil
	}
	if ErrorCode(db.readOnly) == CodeDiskFull {
		return db.readOnly
	}
	return newErr(CodeReadOnly, nil, db.path, db.readOnly)
}

// preflight finds the problems SQLite would report badly: a directory that
// cannot be made, a file that cannot be written, a file that is no SQLite
// database. It never writes to an existing file.
func preflight(path string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return newErr(CodeCannotOpen, err, path, err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// A new database: the directory must take the file (and the WAL
		// files beside it).
		return probeDir(dir, path)
	case err != nil:
		return newErr(CodeCannotOpen, err, path, unwrapPath(err))
	}
	defer f.Close()
	if !exists(path+"-wal") || !exists(path+"-shm") {
		// Writing needs the WAL and its index beside the file: in a
		// directory that cannot take them the file can only be read.
		if err := probeDir(dir, path); err != nil {
			return err
		}
	}
	st, err := f.Stat()
	if err != nil {
		return newErr(CodeCannotOpen, err, path, err)
	}
	if st.IsDir() {
		return newErr(CodeCannotOpen, nil, path, words{"it is a directory", "es ist ein Verzeichnis"})
	}
	if st.Size() == 0 {
		return nil // an empty file is an empty database
	}
	head := make([]byte, len(SQLiteHeader))
	if _, err := io.ReadFull(f, head); err != nil || !bytes.Equal(head, []byte(SQLiteHeader)) {
		return newErr(CodeCorrupt, nil, path, words{"no SQLite header", "keine SQLite-Kennung am Dateianfang"})
	}
	return nil
}

// probeDir tells whether dir takes a new file, by making one (and removing
// it): permissions alone do not say it (root, a read-only mount, ACLs).
func probeDir(dir, path string) error {
	probe, err := os.CreateTemp(dir, ".wuerfelblock-probe-*")
	if err != nil {
		return newErr(CodeCannotOpen, err, path, unwrapPath(err))
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// unwrapPath drops the path from an *fs.PathError: the message names it already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Close closes the database; a whole-file pass of this process that was
// not recorded because the file was small is recorded now if the file has
// grown large (recordWhole).
func (db *DB) Close() error {
	db.recordWhole()
	db.mu.Lock()
	for _, s := range db.stmts {
		s.Close()
	}
	db.stmts = nil
	db.mu.Unlock()
	db.version.mu.Lock()
	if db.version.conn != nil {
		db.version.conn.Close()
		db.version.conn = nil
	}
	db.version.mu.Unlock()
	return db.sql.Close()
}

// Path is the database file.
func (db *DB) Path() string { return db.path }

func (db *DB) now() time.Time {
	if db.Now == nil {
		return time.Now()
	}
	return db.Now()
}

// wrap turns a driver error into a storage error with a clear message.
func (db *DB) wrap(err error) error {
	if err == nil {
		return nil
	}
	var se *Error
	var ve *validate.Error
	var ie *scoresheet.InputError
	if errors.As(err, &se) || errors.As(err, &ve) || errors.As(err, &ie) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err // a refusal of the rules, or the caller's own, not trouble with the database
	}
	var le *sqlite.Error
	if errors.As(err, &le) {
		switch le.Code() & 0xff {
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			// Stop writing to it: more writes can only spread the damage.
			db.markDamaged()
			return newErr(CodeDamaged, err, db.path, sqliteReason(le))
		case sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM:
			return newErr(CodeCannotOpen, err, db.path, sqliteReason(le))
		case sqlite3.SQLITE_FULL:
			// SQLite's "database or disk is full (13)" in the players' words.
			return newErr(CodeDiskFull, err, db.path, sqliteReason(le))
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			// Past the busy timeout and update's tries: say it in words,
			// not "database is locked (5) (SQLITE_BUSY)".
			return newErr(CodeBusy, err, db.path)
		}
	}
	return newErr(CodeFailure, err, db.path, err)
}

func isBusy(err error) bool {
	var le *sqlite.Error
	if errors.As(err, &le) {
		c := le.Code() & 0xff
		return c == sqlite3.SQLITE_BUSY || c == sqlite3.SQLITE_LOCKED
	}
	return false
}

// update runs fn in a write transaction: BEGIN IMMEDIATE, fn, COMMIT. When
// another process holds the lock past the busy timeout it tries again, so
// that "database is locked" does not reach the players.
func (db *DB) update(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return db.updateOn(ctx, nil, fn)
}

// view runs fn in a read transaction.
func (db *DB) view(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return db.retry(ctx, func() error { return db.inTx(ctx, &sql.TxOptions{ReadOnly: true}, fn) })
}

func (db *DB) retry(ctx context.Context, fn func() error) error {
	// SQLite's own wait (busy_timeout) is a millisecond: its retries grow
	// far apart. Polling every millisecond here takes the lock within
	// moments of its release, so that a player's entry gets in during the
	// short pause between two transactions of an import (importPause).
	deadline := time.Now().Add(busyWait)
	for {
		err := fn()
		if !isBusy(err) || time.Now().After(deadline) {
			return db.wrap(err)
		}
		select {
		case <-ctx.Done():
			return db.wrap(err)
		case <-time.After(pollEvery):
		}
	}
}

// pollEvery is how often a write waiting for another program's lock
// tries again.
const pollEvery = time.Millisecond

// busyWait is how long a statement waits for another program's lock.
const busyWait = 5 * time.Second

// updateOn is update on conn, a connection of the pool held by the caller
// (nil: any).
func (db *DB) updateOn(ctx context.Context, conn *sql.Conn, fn func(tx *sql.Tx) error) error {
	if err := db.ReadOnlyError(); err != nil {
		return err
	}
	if db.damaged.Load() {
		return newErr(CodeDamaged, nil, db.path, words{"an earlier check or command found the file damaged", "eine frühere Prüfung oder ein früherer Befehl fand die Datei beschädigt"})
	}
	return db.retry(ctx, func() error { return db.inTxOn(ctx, conn, nil, fn) })
}

func (db *DB) inTx(ctx context.Context, opts *sql.TxOptions, fn func(tx *sql.Tx) error) error {
	return db.inTxOn(ctx, nil, opts, fn)
}

// inTxOn runs fn in a transaction on conn (nil: any connection of the pool).
func (db *DB) inTxOn(ctx context.Context, conn *sql.Conn, o *sql.TxOptions, fn func(tx *sql.Tx) error) error {
	var tx *sql.Tx
	var err error
	if conn != nil {
		tx, err = conn.BeginTx(ctx, o)
	} else {
		tx, err = db.sql.BeginTx(ctx, o)
	}
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

type migration struct {
	version int
	name    string
	sql     string
}

// goSteps are migrations that cannot be done in SQL alone: each runs
// right after the SQL file of its version, in the same transaction.
var goSteps = map[int]func(db *DB, ctx context.Context, tx *sql.Tx) error{
	6:  (*DB).recountFailedConfirmations,
	18: (*DB).recomputeReviews, // also the reviews of migration 015
	24: (*DB).reviewDreissigGames,
	25: (*DB).reviewManyPlayerGames,
	26: (*DB).reviewKniffelWinGames,
	27: (*DB).reviewDreissigAgain,
	30: (*DB).reviewDreissigAgain, // format v4
}

// latest is the highest version of the migrations.
func latest(ms []migration) int {
	if len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].version
}

func readMigrations(fsys fs.FS) ([]migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var ms []migration
	// Numbers rise; one may be missing while the branch that adds it is
	// not merged yet (each is applied when it is not recorded as applied).
	prev := 0
	for _, n := range names {
		base := filepath.Base(n)
		num, _, _ := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if err != nil || v <= prev {
			return nil, fmt.Errorf("migration %s: want a number above %03d", base, prev)
		}
		prev = v
		body, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: base, sql: string(body)})
	}
	return ms, nil
}

// migrate applies the migrations the database lacks, each in its own
// transaction and recorded in the migrations table. A database with a newer
// version than this program knows, or an SQLite file of another program, is
// refused before anything is written.
func (db *DB) migrate(ctx context.Context, ms []migration) error {
	known := latest(ms)
	var have int
	// A first connection sets WAL mode, which waits for processes that
	// open the same new file at this moment: retried like any busy write.
	err := db.retry(ctx, func() error {
		var err error
		have, err = schemaVersion(ctx, db.sql, db.path)
		return err
	})
	if err != nil {
		return db.wrapOpen(err)
	}
	if have > known {
		return newErr(CodeNewerSchema, nil, db.path, have, known)
	}
	applied := map[int]bool{}
	if have > 0 {
		err := db.retry(ctx, func() error {
			rows, err := db.sql.QueryContext(ctx, `SELECT version FROM migrations`)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var v int
				if err := rows.Scan(&v); err != nil {
					return err
				}
				applied[v] = true
			}
			return rows.Err()
		})
		if err != nil {
			return db.wrapOpen(err)
		}
	}
	if err := db.backupBeforeMigration(ctx, ms, applied, have); err != nil {
		return err
	}
	for _, m := range ms {
		if applied[m.version] {
			continue
		}
		err := db.update(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied INTEGER NOT NULL)`); err != nil {
				return err
			}
			// Another process may have applied it meanwhile.
			var cur, done int
			if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0), count(*) FILTER (WHERE version = ?) FROM migrations`, m.version).Scan(&cur, &done); err != nil {
				return err
			}
			if cur > known {
				return newErr(CodeNewerSchema, nil, db.path, cur, known)
			}
			if done > 0 {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			if step := goSteps[m.version]; step != nil {
				if err := step(db, ctx, tx); err != nil {
					return fmt.Errorf("migration %s: %w", m.name, err)
				}
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO migrations (version, name, applied) VALUES (?, ?, ?)`, m.version, m.name, db.now().UnixMilli())
			return err
		})
		if err != nil {
			return db.wrapOpen(err)
		}
	}
	return nil
}

// wrapOpen maps the errors of the first statements on a file: SQLite only
// finds a damaged file or an unwritable directory when it uses them.
func (db *DB) wrapOpen(err error) error {
	var se *Error
	if errors.As(err, &se) && se.Code != CodeFailure {
		return se
	}
	var le *sqlite.Error
	if errors.As(err, &le) {
		switch le.Code() & 0xff {
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
			return newErr(CodeCorrupt, err, db.path, sqliteReason(le))
		case sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_IOERR:
			return newErr(CodeCannotOpen, err, db.path, sqliteReason(le))
		}
	}
	return db.wrap(err)
}

// schemaVersion is the highest migration applied to the database (0 for an
// empty one); an SQLite file of another program is refused. A file is ours
// when its migrations table is ours (version, name, applied) and names our
// first migration: another program's "migrations" table is not enough.
func schemaVersion(ctx context.Context, q querier, path string) (int, error) {
	var tables, ours int
	if err := q.QueryRowContext(ctx, `SELECT count(*), count(*) FILTER (WHERE name = 'migrations') FROM sqlite_schema WHERE type = 'table'`).Scan(&tables, &ours); err != nil {
		return 0, err
	}
	if ours == 0 {
		if tables > 0 {
			return 0, newErr(CodeForeign, nil, path)
		}
		return 0, nil
	}
	var cols int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info('migrations') WHERE name IN ('version', 'name', 'applied')`).Scan(&cols); err != nil {
		return 0, err
	}
	if cols != 3 {
		return 0, newErr(CodeForeign, nil, path)
	}
	var first string
	var have int
	err := q.QueryRowContext(ctx, `SELECT coalesce((SELECT name FROM migrations WHERE version = 1), ''), coalesce(max(version), 0) FROM migrations`).Scan(&first, &have)
	if err != nil {
		return 0, err
	}
	if first != "001_init.sql" && !(have == 0 && tables == 1) {
		return 0, newErr(CodeForeign, nil, path)
	}
	return have, nil
}

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// inspect reads an existing file before the pool opens it: opening it for
// writing may switch it to WAL, roll back a journal or checkpoint a WAL,
// and a file of another program or of a newer version must be left exactly
// as it is, journals included. Without a WAL the file alone is the
// database, read as immutable. With a WAL, the file alone may look damaged
// though it is not (a checkpoint that stopped after page 1, on a full disk
// or at a SIGKILL, leaves page 1 counting pages that are still only in the
// WAL): file and WAL are read together, as SQLite reads them, through a
// read-only connection (which never rolls back, checkpoints or truncates;
// it may build the -shm index of the WAL, which holds no data).
func inspect(path string, known int) error {
	if st, err := os.Stat(path); err != nil || st.Size() == 0 {
		return nil
	}
	if !hasWAL(path) {
		return inspectWith(path, "mode=ro&immutable=1", known)
	}
	err := inspectWith(path, "mode=ro", known)
	if ErrorCode(err) != CodeCannotOpen {
		return err
	}
	// The WAL cannot be read here (its index cannot be made: a directory
	// that cannot be written, a full disk). The file alone still tells
	// another program's file or a newer version; whether it is damaged it
	// cannot tell without its WAL, so that is never said.
	if alone := inspectWith(path, "mode=ro&immutable=1", known); alone != nil && ErrorCode(alone) != CodeCorrupt {
		return alone
	}
	return err
}

// hasWAL reports whether a WAL with frames lies beside the database file.
func hasWAL(path string) bool {
	st, err := os.Stat(path + "-wal")
	return err == nil && st.Size() > 0
}

func inspectWith(path, params string, known int) error {
	u := url.URL{Path: path}
	sdb, err := sql.Open("sqlite", "file:"+u.EscapedPath()+"?"+params+"&_pragma=busy_timeout(5000)")
	if err != nil {
		return newErr(CodeCannotOpen, err, path, err)
	}
	defer sdb.Close()
	sdb.SetMaxOpenConns(1)
	have, err := schemaVersion(context.Background(), sdb, path)
	if err != nil {
		db := &DB{path: path}
		return db.wrapOpen(err)
	}
	if have > known {
		return newErr(CodeNewerSchema, nil, path, have, known)
	}
	return nil
}

// execFunc runs a statement in tx: db.exec (prepared once) or plainExec.
type execFunc func(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error)

// plainExec runs a statement in tx as it is, prepared for this one use
// (in a migration, whose transaction may be of another connection pool).
func plainExec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	return tx.ExecContext(ctx, query, args...)
}

// queryRow scans the one row of a query of the hot path in tx into dest,
// prepared once like exec.
func (db *DB) queryRow(ctx context.Context, tx *sql.Tx, query string, args []any, dest ...any) error {
	st, err := db.prepared(ctx, query)
	if err != nil {
		return err
	}
	return tx.StmtContext(ctx, st).QueryRowContext(ctx, args...).Scan(dest...)
}

// exec runs a statement of the hot path in tx, prepared once per
// connection: the statistics triggers make preparing them costly, and an
// import runs every one of them for each of 20,000 games.
func (db *DB) exec(ctx context.Context, tx *sql.Tx, query string, args ...any) (sql.Result, error) {
	st, err := db.prepared(ctx, query)
	if err != nil {
		return nil, err
	}
	return tx.StmtContext(ctx, st).ExecContext(ctx, args...)
}

// prepared is query prepared once for the database's connections.
func (db *DB) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	db.mu.Lock()
	defer db.mu.Unlock()
	if st, ok := db.stmts[query]; ok {
		return st, nil
	}
	st, err := db.sql.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if db.stmts == nil {
		db.stmts = map[string]*sql.Stmt{}
	}
	db.stmts[query] = st
	return st, nil
}
