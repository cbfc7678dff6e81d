package storage

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Backups: a consistent copy of the database while it may be in use
// (SQLite's VACUUM INTO, which reads in one transaction), written to a
// temporary file beside its destination, checked (SQLite's quick check and
// our schema version), flushed to the disk and only then renamed into
// place: a crash or a full disk never leaves half a backup under its name,
// and never touches the database.

// BackupsDir is where the automatic backups of the database at path go:
// the folder backups/ beside it ($XDG_DATA_HOME/wuerfelblock/backups/ for
// the default database).
func BackupsDir(path string) string {
	return filepath.Join(filepath.Dir(path), "backups")
}

// Backup writes a checked copy of the database to dest. dest must not be
// the database or one of its companion files.
func (db *DB) Backup(ctx context.Context, dest string) error {
	abs, err := filepath.Abs(dest)
	if err != nil {
		return newErr(CodeBackup, err, dest, err)
	}
	if db.isOwnFile(abs) {
		return newErr(CodeBackupOverDB, nil, dest)
	}
	tmp, err := db.BackupTemp(ctx, filepath.Dir(abs), dest)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, abs); err != nil {
		os.Remove(tmp)
		return backupErr(dest, err)
	}
	if err := syncDir(filepath.Dir(abs)); err != nil {
		return backupErr(dest, err)
	}
	return nil
}

// BackupTemp writes a checked copy of the database to a new temporary file
// in dir and returns its name; the caller renames or copies it into place
// (and removes it). Errors name the backup as name. On any error nothing is
// left behind.
func (db *DB) BackupTemp(ctx context.Context, dir, name string) (string, error) {
	have, err := schemaVersion(ctx, db.sql, db.path)
	if err != nil {
		return "", db.wrap(err)
	}
	removeStale(dir, backupTempPrefix)
	tmp := filepath.Join(dir, tempName(backupTempPrefix))
	fail := func(err error) (string, error) {
		os.Remove(tmp)
		return "", err
	}
	err = db.retry(ctx, func() error {
		_, err := db.sql.ExecContext(ctx, `VACUUM INTO ?`, tmp)
		return err
	})
	if err != nil {
		return fail(backupErr(name, err))
	}
	if err := syncFile(tmp); err != nil {
		return fail(backupErr(name, err))
	}
	if err := VerifyCopy(ctx, tmp, have, have); err != nil {
		return fail(newErr(CodeBackup, err, name, err))
	}
	return tmp, nil
}

// backupTempPrefix begins the name of a backup being written.
const backupTempPrefix = ".wuerfelblock-backup-"

// tempName is prefix, this process's id, a random part and ".tmp": what a
// killed process left is known by its id (removeStale).
func tempName(prefix string) string {
	var b [6]byte
	rand.Read(b[:])
	return fmt.Sprintf("%s%d-%s.tmp", prefix, os.Getpid(), hex.EncodeToString(b[:]))
}

// removeStale removes the temporary files named by tempName in dir whose
// process is gone (killed while it wrote them).
func removeStale(dir, prefix string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !strings.HasSuffix(rest, ".tmp") {
			continue
		}
		pid, _, _ := strings.Cut(rest, "-")
		var n int
		if _, err := fmt.Sscanf(pid, "%d", &n); err == nil && n > 0 && n != os.Getpid() && !processAlive(n) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// VerifyCopy opens a database file only for reading (never writing to it,
// nor to a journal beside it) and checks that it is ours, undamaged
// (SQLite's quick check) and of a schema version from min to max.
func VerifyCopy(ctx context.Context, path string, min, max int) error {
	st, err := os.Stat(path)
	if err != nil {
		return newErr(CodeBackup, err, path, unwrapPath(err))
	}
	if st.IsDir() || st.Size() == 0 {
		return newErr(CodeNotOurs, nil, path)
	}
	if err := checkHeader(path); err != nil {
		return err
	}
	if err := inspect(path, max); err != nil {
		return err
	}
	params := "mode=ro&immutable=1"
	if st, err := os.Stat(path + "-wal"); err == nil && st.Size() > 0 {
		params = "mode=ro"
	}
	u := url.URL{Path: path}
	sdb, err := sql.Open("sqlite", "file:"+u.EscapedPath()+"?"+params+"&_pragma=busy_timeout(5000)")
	if err != nil {
		return newErr(CodeBackup, err, path, err)
	}
	defer sdb.Close()
	sdb.SetMaxOpenConns(1)
	var first string
	if err := sdb.QueryRowContext(ctx, `PRAGMA quick_check(1)`).Scan(&first); err != nil {
		return (&DB{path: path}).wrapOpen(err)
	}
	if first != "ok" {
		return newErr(CodeCorrupt, nil, path, checkFound)
	}
	have, err := schemaVersion(ctx, sdb, path)
	if err != nil {
		return (&DB{path: path}).wrapOpen(err)
	}
	if have < min || have == 0 {
		return newErr(CodeNotOurs, nil, path)
	}
	return nil
}

// checkHeader refuses a file that does not begin as an SQLite database.
func checkHeader(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return newErr(CodeBackup, err, path, unwrapPath(err))
	}
	defer f.Close()
	head := make([]byte, len(SQLiteHeader))
	if _, err := io.ReadFull(f, head); err != nil || string(head) != SQLiteHeader {
		return newErr(CodeNotOurs, nil, path)
	}
	return nil
}

// isOwnFile reports whether path is the database file or one of its
// companions (by name, or the same file under another name).
func (db *DB) isOwnFile(path string) bool { return OwnFile(db.path, path) }

// OwnFile reports whether path is the database file at dbPath (absolute)
// or one of its companions (by name, or the same file under another name).
func OwnFile(dbPath, path string) bool {
	for _, s := range []string{"", "-wal", "-shm", "-journal"} {
		if path == dbPath+s {
			return true
		}
		a, err1 := os.Stat(path)
		b, err2 := os.Stat(dbPath + s)
		if err1 == nil && err2 == nil && os.SameFile(a, b) {
			return true
		}
	}
	return false
}

// backupErr names a failed backup: a full disk in one clear line.
func backupErr(path string, err error) error {
	// A full disk first: the one of the backup, not the database's (which
	// the database's own error would name).
	if isNoSpace(err) {
		return newErr(CodeNoSpace, err, path)
	}
	var se *Error
	if errors.As(err, &se) && se.Code != CodeFailure {
		return err
	}
	return newErr(CodeBackup, err, path, shortText(unwrapPath(err).Error()))
}

// isNoSpace reports whether err says the disk (or a quota) is full.
func isNoSpace(err error) bool {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
		return true
	}
	var le *sqlite.Error
	return errors.As(err, &le) && le.Code()&0xff == sqlite3.SQLITE_FULL
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return err
	}
	return nil
}

// Automatic backups are named BASE-YYYY-MM-DD.db (BASE: the database's
// file name without its extension), at most one a day; the newest 7 and
// the newest of each of the 4 weeks before them are kept. Backups made
// before a migration or a restore have longer names and are never removed.
const (
	keepDaily  = 7
	keepWeekly = 4
)

// AutoBackup makes today's automatic backup of the database in dir unless
// there is one, and removes the daily backups that are no longer kept. It
// returns the backup's path when it made one.
func (db *DB) AutoBackup(ctx context.Context, dir string, now time.Time) (string, error) {
	base := backupBase(db.path)
	dest := filepath.Join(dir, base+"-"+now.Format("2006-01-02")+".db")
	if _, err := os.Stat(dest); err == nil {
		return "", nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", backupErr(dest, err)
	}
	if err := db.Backup(ctx, dest); err != nil {
		return "", err
	}
	pruneBackups(dir, base)
	return dest, nil
}

// BackupNamed makes a backup in dir named BASE-YYYY-MM-DD-HHMMSS-WHY.db
// (never removed automatically), for a backup before a migration or a
// restore, or one asked for without a file name.
func (db *DB) BackupNamed(ctx context.Context, dir, why string, now time.Time) (string, error) {
	name := backupBase(db.path) + "-" + now.Format("2006-01-02-150405")
	if why != "" {
		name += "-" + why
	}
	dest := filepath.Join(dir, name+".db")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", backupErr(dest, err)
	}
	for i := 2; ; i++ {
		if _, err := os.Lstat(dest); errors.Is(err, os.ErrNotExist) {
			break
		}
		dest = filepath.Join(dir, fmt.Sprintf("%s-%d.db", name, i))
	}
	return dest, db.Backup(ctx, dest)
}

func backupBase(path string) string {
	b := filepath.Base(path)
	return strings.TrimSuffix(b, filepath.Ext(b))
}

// pruneBackups removes the daily backups of base in dir beyond the newest
// keepDaily and the newest of each of keepWeekly weeks before them. Only
// files named exactly as AutoBackup names them are ever removed.
func pruneBackups(dir, base string) {
	for _, name := range backupsToPrune(dir, base) {
		os.Remove(filepath.Join(dir, name))
	}
}

type dailyBackup struct {
	name string
	day  time.Time
}

func backupsToPrune(dir, base string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	re := regexp.MustCompile(`^` + regexp.QuoteMeta(base) + `-(\d{4}-\d{2}-\d{2})\.db$`)
	var ds []dailyBackup
	for _, e := range ents {
		m := re.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			continue
		}
		day, err := time.Parse("2006-01-02", m[1])
		if err != nil {
			continue
		}
		ds = append(ds, dailyBackup{e.Name(), day})
	}
	// Newest first: the first backup seen of a week is its newest.
	sort.Slice(ds, func(i, j int) bool { return ds[i].day.After(ds[j].day) })
	dailyWeeks, weekly := map[string]bool{}, map[string]bool{}
	var out []string
	for i, d := range ds {
		y, wk := d.day.ISOWeek()
		w := fmt.Sprintf("%d-%02d", y, wk)
		switch {
		case i < keepDaily:
			dailyWeeks[w] = true
		case !dailyWeeks[w] && !weekly[w] && len(weekly) < keepWeekly:
			weekly[w] = true
		default:
			out = append(out, d.name)
		}
	}
	return out
}

// Restore replaces what the database holds with the database file src (a
// backup): src must be ours, undamaged and of a schema version this program
// knows, else it is refused before anything is written, and src is never
// written (it is read as immutable, or read-only when a WAL lies beside
// it). before, if not nil, runs once src is accepted and before anything
// changes (the backup of the current database). The pages are copied by
// SQLite's backup API in one write transaction of the database itself: a
// crash midway leaves the database as it was, and other programs that have
// it open see either the old or the restored history, never a mixture.
// An older backup is brought up to date by the migrations.
func (db *DB) Restore(ctx context.Context, src string, before func() error) error {
	abs, err := filepath.Abs(src)
	if err != nil {
		return newErr(CodeBackup, err, src, err)
	}
	if db.isOwnFile(abs) {
		return newErr(CodeRestoreSelf, nil, src)
	}
	ms, err := readMigrations(migrationFiles)
	if err != nil {
		return newErr(CodeFailure, err, db.path, err)
	}
	if err := CheckBackup(ctx, abs); err != nil {
		return err
	}
	if db.readOnly != nil {
		return newErr(CodeReadOnly, nil, db.path, db.readOnly)
	}
	if before != nil {
		if err := before(); err != nil {
			return err
		}
	}
	params := "mode=ro&immutable=1"
	if st, err := os.Stat(abs + "-wal"); err == nil && st.Size() > 0 {
		params = "mode=ro"
	}
	u := url.URL{Path: abs}
	srcURI := "file:" + u.EscapedPath() + "?" + params
	conn, err := db.sql.Conn(ctx)
	if err != nil {
		return db.wrap(err)
	}
	defer conn.Close()
	err = db.retry(ctx, func() error {
		return conn.Raw(func(dc any) error { return restorePages(dc, srcURI) })
	})
	if err != nil {
		return err
	}
	db.mu.Lock()
	db.standings = nil
	db.mu.Unlock()
	// What was found damaged is gone: the pages are the backup's, checked.
	db.damaged.Store(false)
	if err := db.migrate(ctx, ms); err != nil {
		return err
	}
	return db.QuickCheck(ctx)
}

// CheckBackup checks the file src as Restore does before it writes
// anything: ours, undamaged, of a schema version this program knows. It
// never writes src nor anything else. A damaged file is CodeBadBackup, one
// that cannot be read CodeUnreadable, both naming src and what is wrong.
func CheckBackup(ctx context.Context, src string) error {
	ms, err := readMigrations(migrationFiles)
	if err != nil {
		return newErr(CodeFailure, err, src, err)
	}
	err = VerifyCopy(ctx, src, 1, latest(ms))
	var se *Error
	if !errors.As(err, &se) {
		return err
	}
	reason := func() any {
		if len(se.Args) > 1 {
			return se.Args[1]
		}
		return checkFound
	}
	switch se.Code {
	case CodeCorrupt, CodeDamaged:
		return newErr(CodeBadBackup, err, src, reason())
	case CodeBackup, CodeCannotOpen:
		return newErr(CodeUnreadable, err, src, reason())
	}
	return err
}

// LatestBackup is the newest backup of the database at path in its
// backup folder (BackupsDir) that passes the checks of a restore
// (CheckBackup), "" when there is none: automatic backups and those made
// before a migration or restore or on request, never the copies of a
// damaged file. Newest by the time the file was written.
func LatestBackup(ctx context.Context, path string) string {
	dir := BackupsDir(path)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	re := regexp.MustCompile(`^` + regexp.QuoteMeta(backupBase(path)) + `-\d{4}-\d{2}-\d{2}(-\d{6})?(-[a-z0-9-]+)?\.db$`)
	type found struct {
		name string
		at   time.Time
	}
	var fs []found
	for _, e := range ents {
		if !e.Type().IsRegular() || !re.MatchString(e.Name()) || strings.Contains(e.Name(), "-damaged") {
			continue
		}
		if info, err := e.Info(); err == nil {
			fs = append(fs, found{e.Name(), info.ModTime()})
		}
	}
	sort.Slice(fs, func(i, j int) bool {
		if !fs[i].at.Equal(fs[j].at) {
			return fs[i].at.After(fs[j].at)
		}
		return fs[i].name > fs[j].name
	})
	for _, f := range fs {
		p := filepath.Join(dir, f.name)
		if CheckBackup(ctx, p) == nil {
			return p
		}
	}
	return ""
}

// restorePages copies every page of the database at srcURI into the
// connection dc, in one step (one transaction).
func restorePages(dc any, srcURI string) error {
	r, ok := dc.(interface {
		NewRestore(string) (*sqlite.Backup, error)
	})
	if !ok {
		return errors.New("the SQLite driver cannot restore")
	}
	b, err := r.NewRestore(srcURI)
	if err != nil {
		return err
	}
	if _, err := b.Step(-1); err != nil {
		b.Finish()
		return err
	}
	return b.Finish()
}

// backupBeforeMigration backs up an existing database that migrations are
// about to change, into db.backups (when set), named after the first
// migration it lacks.
func (db *DB) backupBeforeMigration(ctx context.Context, ms []migration, applied map[int]bool, have int) error {
	if db.backups == "" || have == 0 {
		return nil
	}
	for _, m := range ms {
		if applied[m.version] {
			continue
		}
		_, err := db.BackupNamed(ctx, db.backups, fmt.Sprintf("before-%03d", m.version), db.now())
		if err != nil {
			return newErr(CodeMigrationBackup, err, db.path, err)
		}
		return nil
	}
	return nil
}

// RestoreFile puts the backup src in the place of a database at path that
// cannot be opened at all (SQLite refuses the damaged file): src is checked
// as Restore checks it, copied beside path and flushed, then the damaged
// file and its companions are moved into dir (never removed:
// BASE-DATE-TIME-damaged.db) and the copy renamed into place. It refuses
// while another program has the database open. It returns where the
// damaged file went ("" when there was none).
func RestoreFile(ctx context.Context, path, src, dir string, now time.Time) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", newErr(CodeCannotOpen, err, path, err)
	}
	if err := CheckBackup(ctx, src); err != nil {
		return "", err
	}
	if shmHeld(abs) {
		return "", newErr(CodeRestoreBusy, nil, path)
	}
	tmp := filepath.Join(filepath.Dir(abs), tempName(".wuerfelblock-restore-"))
	if err := copyInto(tmp, src); err != nil {
		os.Remove(tmp)
		return "", backupErr(path, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		os.Remove(tmp)
		return "", backupErr(path, err)
	}
	aside := ""
	name := filepath.Join(dir, backupBase(abs)+"-"+now.Format("2006-01-02-150405")+"-damaged.db")
	for _, s := range []string{"", "-wal", "-shm", "-journal", damagedMark} {
		if !exists(abs + s) {
			continue
		}
		if err := os.Rename(abs+s, name+s); err != nil {
			os.Remove(tmp)
			return aside, backupErr(path, err)
		}
		if s == "" {
			aside = name
		}
	}
	if err := os.Rename(tmp, abs); err != nil {
		return aside, backupErr(path, err)
	}
	return aside, syncDir(filepath.Dir(abs))
}

// copyInto copies the file src to a new file dst and flushes it.
func copyInto(dst, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// KeepDamaged copies a damaged database's file and WAL as they are into
// dir (BASE-DATE-TIME-damaged.db, -wal), before a restore replaces it.
func KeepDamaged(path, dir string, now time.Time) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", backupErr(path, err)
	}
	name := filepath.Join(dir, backupBase(path)+"-"+now.Format("2006-01-02-150405")+"-damaged.db")
	for _, s := range []string{"", "-wal"} {
		if !exists(path + s) {
			continue
		}
		if err := copyInto(name+s, path+s); err != nil {
			return "", backupErr(path, err)
		}
	}
	return name, nil
}
