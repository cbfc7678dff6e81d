package storage

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
)

// Sync through a folder that a file-sync tool keeps equal between devices
// (Syncthing, a cloud drive, a USB stick carried over). Each device writes
// only its own file there, wuerfelblock-HOST-DEVICE.jsonl, append-only, one
// export record per line (the export's format: `import` reads it too), and
// reads every other device's file with the import's rules. What has been
// read of each file, and what this device has written, is kept in the
// tables of migration 017, so that a sync with nothing new only looks at
// the folder.

// SyncReport says what a sync did.
type SyncReport struct {
	File     string // this device's file in the folder
	Read     int    // files of other devices read (with something new)
	Imported int    // games new here
	Extended int    // games brought up to date
	Skipped  int    // records of games known here already
	Written  int    // games written to this device's file
	Notes    []SyncNote
}

// SyncNote is a line of another device's file that was not merged, or a
// file that could not be read.
type SyncNote struct {
	File string // the file's name in the folder
	Line int    // from 1; 0 for the file as a whole
	ID   string // the game's id, when known
	Err  error  // why (a storage, rule or input error)
}

// syncPrefix and syncSuffix frame the name of every device's file; a
// Syncthing conflict copy (NAME.sync-conflict-DATE-TIME-ID.jsonl) has them
// too and is read like any device's file.
const (
	syncPrefix = "wuerfelblock-"
	syncSuffix = ".jsonl"
)

// maxNotesPerFile is how many lines of one file a sync names; the rest are
// counted in one more note.
const maxNotesPerFile = 20

// fileState is a row of sync_files.
type fileState struct {
	size, mtime, offset int64
	lines               int
	tail                []byte
	known               bool
}

// tailBytes is how many bytes before the offset sync_files keeps to see
// whether a file is still the one read before.
const tailBytes = 64

// Device returns this device's id and the name of its file, made on first
// use (and kept in the database: the same on every sync).
func (db *DB) Device(ctx context.Context) (id, file string, err error) {
	err = db.view(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT device, file FROM sync_device WHERE one = 1`).Scan(&id, &file)
	})
	if err == nil {
		return id, file, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", "", err
	}
	var b [8]byte
	rand.Read(b[:])
	id = hex.EncodeToString(b[:])
	file = syncPrefix + hostLabel() + "-" + id + syncSuffix
	err = db.update(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO sync_device (one, device, file) VALUES (1, ?, ?)`, id, file); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT device, file FROM sync_device WHERE one = 1`).Scan(&id, &file)
	})
	return id, file, err
}

// hostLabel is the host name as it may stand in a file name: letters,
// digits and '_' only, at most 24 of them ("device" when there are none).
func hostLabel() string {
	h, _ := os.Hostname()
	var b strings.Builder
	for _, r := range h {
		if b.Len() >= 24 {
			break
		}
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_':
			b.WriteRune(r)
		case r == '.':
			// host.example.org: the first label is enough
			return label(b.String())
		}
	}
	return label(b.String())
}

func label(s string) string {
	if s == "" {
		return "device"
	}
	return s
}

// Sync merges the other devices' files in dir into the database and
// writes what changed here to this device's own file. Every line stands
// alone: a line that is not a record, or a game continued differently on
// another device, is named in a note and never mixed in; a last line
// without its line break (a sync tool still copying) waits for the next
// sync. A sync cut short (a crash, a kill) is completed by the next one:
// a file's offset advances only after its records are stored, this
// device's own lines are written before the games are marked as written.
func (db *DB) Sync(ctx context.Context, dir string) (SyncReport, error) {
	var rep SyncReport
	abs, err := filepath.Abs(dir)
	if err != nil {
		return rep, newErr(CodeSyncDir, err, dir, err)
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		switch {
		case err == nil:
			err = scoresheet.NewInputError("not a folder", "kein Ordner")
		case errors.Is(err, os.ErrNotExist):
			err = scoresheet.NewInputError("it does not exist", "es gibt ihn nicht")
		}
		return rep, newErr(CodeSyncDir, err, dir, unwrapPath(err))
	}
	_, own, err := db.Device(ctx)
	if err != nil {
		return rep, err
	}
	rep.File = own
	// One sync of this database at a time (two terminals): they would
	// append to the same file.
	unlock, err := lockFile(db.path + ".sync-lock")
	if err != nil {
		return rep, newErr(CodeSyncFile, err, filepath.Base(db.path)+".sync-lock", unwrapPath(err))
	}
	defer unlock()
	conflicts, err := db.conflictRows(ctx, abs)
	if err != nil {
		return rep, err
	}
	states, err := db.fileStates(ctx, abs)
	if err != nil {
		return rep, err
	}
	names, err := syncFiles(abs)
	if err != nil {
		return rep, newErr(CodeSyncDir, err, dir, unwrapPath(err))
	}
	inConflict := map[string]map[string]bool{} // file → games in conflict with it (not of an undo)
	for _, c := range conflicts {
		if c.undo {
			continue
		}
		if inConflict[c.name] == nil {
			inConflict[c.name] = map[string]bool{}
		}
		inConflict[c.name][c.game] = true
	}
	for _, name := range names {
		if name == own {
			continue
		}
		if err := db.readFile(ctx, abs, name, states[name], inConflict[name], &rep); err != nil {
			return rep, err
		}
	}
	// The conflicts known before this sync that its new lines did not end.
	if err := db.retryConflicts(ctx, abs, conflicts, &rep); err != nil {
		return rep, err
	}
	return rep, db.writeOwn(ctx, abs, own, states[own], &rep)
}

// syncFiles lists the device files in dir, sorted by name.
func syncFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		n := e.Name()
		if strings.HasPrefix(n, syncPrefix) && strings.HasSuffix(n, syncSuffix) && !e.IsDir() {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out, nil
}

func (db *DB) fileStates(ctx context.Context, dir string) (map[string]fileState, error) {
	out := map[string]fileState{}
	err := db.view(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT name, size, mtime, offset, lines, tail FROM sync_files WHERE dir = ?`, dir)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var name string
			st := fileState{known: true}
			if err := rows.Scan(&name, &st.size, &st.mtime, &st.offset, &st.lines, &st.tail); err != nil {
				return err
			}
			out[name] = st
		}
		return rows.Err()
	})
	return out, err
}

func (db *DB) saveState(ctx context.Context, dir, name string, st fileState) error {
	return db.update(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO sync_files (dir, name, size, mtime, offset, lines, tail) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			dir, name, st.size, st.mtime, st.offset, st.lines, st.tail)
		return err
	})
}

// resumeAt is where reading f goes on: the offset of st when the file still
// begins as it did (the bytes before the offset unchanged), else its start.
func resumeAt(f *os.File, size int64, st fileState) (offset int64, lines int) {
	if !st.known || st.offset > size {
		return 0, 0
	}
	n := int64(len(st.tail))
	buf := make([]byte, n)
	if _, err := f.ReadAt(buf, st.offset-n); err != nil || !bytes.Equal(buf, st.tail) {
		return 0, 0
	}
	return st.offset, st.lines
}

// readFile merges the lines of another device's file that were not read
// yet.
func (db *DB) readFile(ctx context.Context, dir, name string, st fileState, inConflict map[string]bool, rep *SyncReport) error {
	path := filepath.Join(dir, name)
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		return nil // gone meanwhile, or no file to read (a FIFO would block)
	}
	f, err := os.Open(path)
	if err != nil {
		rep.Notes = append(rep.Notes, SyncNote{File: name, Err: newErr(CodeSyncFile, err, name, unwrapPath(err))})
		return nil
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	if st.known && fi.Size() == st.size && fi.ModTime().UnixNano() == st.mtime {
		return nil // nothing new
	}
	offset, lines := resumeAt(f, fi.Size(), st)
	next, err := db.mergeLines(ctx, f, dir, name, offset, lines, inConflict, rep)
	if err != nil {
		return err
	}
	if next.lines > lines {
		rep.Read++
	}
	next.size, next.mtime = fi.Size(), fi.ModTime().UnixNano()
	return db.saveState(ctx, dir, name, next)
}

// mergeLines imports the whole lines of f from offset on and returns the
// state after the last of them. inConflict are the games in conflict with
// this file (see ExportRecord.resolves).
func (db *DB) mergeLines(ctx context.Context, f *os.File, dir, name string, offset int64, lines int, inConflict map[string]bool, rep *SyncReport) (fileState, error) {
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		return fileState{}, err
	}
	jr := newJournalReader(f, offset, lines)
	var refs []lineRef // the line of each record handed to the import
	// The notes of this file, in the order of its lines; kept here (next
	// runs on the import's reading goroutine) until the import is done.
	var notes []SyncNote
	note := func(n SyncNote) { notes = append(notes, n) }
	next := func() (ExportRecord, error) {
		for {
			l, err := jr.next()
			if err != nil {
				return ExportRecord{}, io.EOF
			}
			if l.err != nil {
				note(SyncNote{File: name, Line: l.line, Err: l.err})
				continue
			}
			refs = append(refs, lineRef{line: l.line, start: l.start, id: l.rec.ID})
			if len(inConflict) > 0 {
				if id, err := NormalizeID(l.rec.ID); err == nil && inConflict[id] {
					l.rec.resolves = true
				}
			}
			return l.rec, nil
		}
	}
	ir, err := db.importFrom(ctx, next, db.syncHook(dir, name))
	if err != nil {
		return fileState{}, err
	}
	if err := db.keepConflicts(ctx, dir, name, refs, ir); err != nil {
		return fileState{}, err
	}
	rep.Imported += ir.Imported
	rep.Extended += ir.Extended
	rep.Skipped += ir.Skipped
	// A game's last line in the file is its newest state there: a conflict
	// of an earlier line of it is named only when that last one is too.
	last := map[string]int{}
	for i, ref := range refs {
		if id, err := NormalizeID(ref.id); err == nil {
			last[id] = i
		}
	}
	for _, r := range ir.Refused {
		if id, err := NormalizeID(r.ID); err == nil && isConflict(r.Err) && last[id] != r.Index {
			continue
		}
		note(SyncNote{File: name, Line: refs[r.Index].line, ID: r.ID, Err: syncConflictErr(r.Err, r.ID, name)})
	}
	if jr.partial > 0 {
		note(SyncNote{File: name, Line: jr.lines + 1, Err: newErr(CodeSyncPartial, nil, name, jr.lines+1)})
	}
	sort.SliceStable(notes, func(i, j int) bool { return notes[i].Line < notes[j].Line })
	if len(notes) > maxNotesPerFile {
		more := len(notes) - maxNotesPerFile
		notes = append(notes[:maxNotesPerFile], SyncNote{File: name, Err: newErr(CodeSyncMore, nil, name, more)})
	}
	rep.Notes = append(rep.Notes, notes...)
	return fileState{known: true, offset: jr.offset, lines: jr.lines, tail: tailOf(f, jr.offset)}, nil
}

// tailOf reads the bytes of f before offset that fileState keeps.
func tailOf(f *os.File, offset int64) []byte {
	n := min(offset, tailBytes)
	buf := make([]byte, n)
	if _, err := f.ReadAt(buf, offset-n); err != nil {
		return []byte{}
	}
	return buf
}

// journalLine is one line of a device's file: a record, or why it is none.
type journalLine struct {
	line  int
	start int64 // the byte offset where it begins
	rec   ExportRecord
	err   error
}

// journalReader reads a device's file line by line. Only lines that end
// with a line break count: a last line without one (a copy under way, a
// writer that was killed) is left for later and counted in partial.
type journalReader struct {
	in      *bufio.Reader
	offset  int64 // after the last whole line read
	lines   int   // whole lines read, those before the start included
	partial int64 // bytes of a last line without its line break
}

func newJournalReader(r io.Reader, offset int64, lines int) *journalReader {
	return &journalReader{in: bufio.NewReaderSize(r, 64<<10), offset: offset, lines: lines}
}

// next returns the next whole line, or io.EOF.
func (j *journalReader) next() (journalLine, error) {
	for {
		start := j.offset
		line, long, n, err := j.readLine()
		if err != nil {
			j.partial = n
			return journalLine{}, io.EOF
		}
		j.offset += n
		j.lines++
		if long {
			return journalLine{line: j.lines, start: start, err: scoresheet.NewInputError(
				"line longer than %d MiB: not a record", "Zeile länger als %d MiB: kein Spielbericht", scoresheet.MaxRecordBytes>>20)}, nil
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 {
			continue
		}
		return journalLine{line: j.lines, start: start, rec: decodeLine(t)}.checked(), nil
	}
}

// readLine reads up to and with the next line break: the line without it,
// whether it was too long to keep, and the bytes it took. At the end of
// the input it returns the bytes of a last line without a break and io.EOF.
func (j *journalReader) readLine() (line []byte, long bool, n int64, err error) {
	var buf []byte
	for {
		chunk, err := j.in.ReadSlice('\n')
		n += int64(len(chunk))
		if !long {
			if len(buf)+len(chunk) > scoresheet.MaxRecordBytes+1 {
				long, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch {
		case err == nil:
			return bytes.TrimSuffix(buf, []byte("\n")), long, n, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		default:
			return nil, false, n, io.EOF
		}
	}
}

// decodeLine reads one line as an export record.
func decodeLine(b []byte) ExportRecord {
	if !json.Valid(b) {
		return ExportRecord{bad: scoresheet.NewInputError("not valid JSON", "kein gültiges JSON")}
	}
	return decodeOne(b)
}

// checked moves a record's own fault into the line's error: a line that
// is no record is named by its number, not handed to the import.
func (l journalLine) checked() journalLine {
	if l.rec.bad != nil {
		l.err = l.rec.bad
	}
	return l
}

// writeOwn reads the lines of this device's own file that the database
// does not know of (a restored backup, a sync killed after writing), then
// appends the games changed here since the last sync. A missing file is
// written anew under a temporary name first: with the games changed here,
// or every game when this device had written it before (someone removed
// it) or has written to another folder (whose games this one lacks).
func (db *DB) writeOwn(ctx context.Context, dir, name string, st fileState, rep *SyncReport) error {
	path := filepath.Join(dir, name)
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return newErr(CodeSyncFile, nil, name, scoresheet.NewInputError("not a regular file", "keine gewöhnliche Datei"))
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if errors.Is(err, os.ErrNotExist) {
		all := st.known
		if !all {
			if all, err = db.wroteElsewhere(ctx, dir, name); err != nil {
				return err
			}
		}
		return db.rewriteOwn(ctx, dir, name, all, rep)
	}
	if err != nil {
		return newErr(CodeSyncFile, err, name, unwrapPath(err))
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return newErr(CodeSyncFile, err, name, unwrapPath(err))
	}
	offset, lines := resumeAt(f, fi.Size(), st)
	if fi.Size() > offset {
		// Lines this database does not know of: merged like another
		// device's (known games are skipped).
		next, err := db.mergeLines(ctx, f, dir, name, offset, lines, nil, rep)
		if err != nil {
			return err
		}
		offset, lines = next.offset, next.lines
	}
	// A last line without its break is what a killed sync of this device
	// left: taken off before the next lines are appended.
	if fi.Size() > offset {
		if err := f.Truncate(offset); err != nil {
			return newErr(CodeSyncFile, err, name, unwrapPath(err))
		}
	}
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		return newErr(CodeSyncFile, err, name, unwrapPath(err))
	}
	unchanged := st.known && offset == st.offset && fi.Size() == st.size && fi.ModTime().UnixNano() == st.mtime
	return db.appendPending(ctx, f, dir, name, lines, false, false, unchanged, rep)
}

// wroteElsewhere reports whether this device has written its file in
// another folder.
func (db *DB) wroteElsewhere(ctx context.Context, dir, name string) (bool, error) {
	var yes bool
	err := db.view(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM sync_files WHERE name = ? AND dir <> ?)`, name, dir).Scan(&yes)
	})
	return yes, err
}

// rewriteOwn writes the pending games (every game when all) to a new file
// and renames it to name.
func (db *DB) rewriteOwn(ctx context.Context, dir, name string, all bool, rep *SyncReport) error {
	prefix := "." + name + "-"
	removeStale(dir, prefix)
	f, err := os.OpenFile(filepath.Join(dir, tempName(prefix)), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return newErr(CodeSyncFile, err, name, unwrapPath(err))
	}
	defer os.Remove(f.Name())
	defer f.Close()
	return db.appendPending(ctx, f, dir, name, 0, all, true, false, rep)
}

// pendingGame is a game written to this device's file, with the count of
// its changes when it was read.
type pendingGame struct {
	row     int64
	changes int64
}

// appendPending writes the pending games (every game when all) to f at its
// offset, flushes f to the disk, renames a new file (fresh) into place, saves
// the file's state and only then takes the written games off the pending
// list (an entry made meanwhile keeps its game pending). With nothing to
// write to a file that is as it was (unchanged), it writes nothing at all.
func (db *DB) appendPending(ctx context.Context, f *os.File, dir, name string, lines int, all, fresh, unchanged bool, rep *SyncReport) error {
	w := bufio.NewWriterSize(f, 64<<10)
	done, n, err := db.writePending(ctx, w, name, all, rep)
	if err != nil {
		return err
	}
	if len(done) == 0 && unchanged {
		return nil
	}
	if err := w.Flush(); err != nil {
		return syncWriteErr(name, err)
	}
	if err := f.Sync(); err != nil {
		return syncWriteErr(name, err)
	}
	end, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		return syncWriteErr(name, err)
	}
	if fresh {
		if err := os.Rename(f.Name(), filepath.Join(dir, name)); err != nil {
			return syncWriteErr(name, err)
		}
		if err := syncDir(dir); err != nil {
			return syncWriteErr(name, err)
		}
	}
	fi, err := f.Stat()
	if err != nil {
		return syncWriteErr(name, err)
	}
	st := fileState{known: true, size: fi.Size(), mtime: fi.ModTime().UnixNano(), offset: end, lines: lines + n, tail: tailOf(f, end)}
	if err := db.saveState(ctx, dir, name, st); err != nil {
		return err
	}
	rep.Written += n
	return db.update(ctx, func(tx *sql.Tx) error {
		for _, g := range done {
			if _, err := db.exec(ctx, tx, `DELETE FROM sync_pending WHERE game_id = ? AND changes = ?`, g.row, g.changes); err != nil {
				return err
			}
		}
		return nil
	})
}

// writePending writes the pending games (every game when all) to w, one
// export record a line, all read in one transaction; it returns them and
// how many lines it wrote. A game these rules cannot replay is named in a
// note and stays pending.
func (db *DB) writePending(ctx context.Context, w *bufio.Writer, name string, all bool, rep *SyncReport) ([]pendingGame, int, error) {
	var done []pendingGame
	n := 0
	err := db.view(ctx, func(tx *sql.Tx) error {
		done, n = done[:0], 0
		q := `SELECT g.id, g.uuid, p.changes FROM sync_pending p JOIN games g ON g.id = p.game_id ORDER BY g.started, g.uuid`
		if all {
			q = `SELECT g.id, g.uuid, coalesce(p.changes, 0) FROM games g LEFT JOIN sync_pending p ON p.game_id = g.id ORDER BY g.started, g.uuid`
		}
		rows, err := tx.QueryContext(ctx, q)
		if err != nil {
			return err
		}
		var ids []string
		for rows.Next() {
			var g pendingGame
			var id string
			if err := rows.Scan(&g.row, &id, &g.changes); err != nil {
				rows.Close()
				return err
			}
			done = append(done, g)
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		kept := done[:0]
		for i, id := range ids {
			sg, err := loadGame(ctx, tx, id)
			if ErrorCode(err) == CodeReplay {
				rep.Notes = append(rep.Notes, SyncNote{File: name, ID: id, Err: err})
				continue
			}
			if err != nil {
				return err
			}
			b, err := json.Marshal(exportOf(sg))
			if err != nil {
				return err
			}
			w.Write(b)
			if err := w.WriteByte('\n'); err != nil {
				return errWrite{err}
			}
			kept = append(kept, done[i])
			n++
		}
		done = kept
		return nil
	})
	var we errWrite
	if errors.As(err, &we) {
		return nil, 0, syncWriteErr(name, we.err)
	}
	return done, n, err
}

func syncWriteErr(name string, err error) error {
	if isNoSpace(err) {
		return newErr(CodeNoSpace, err, name)
	}
	return newErr(CodeSyncFile, err, name, unwrapPath(err))
}

// SyncPending reports whether a game finished here is waiting to be
// written to this device's file (the app syncs then).
func (db *DB) SyncPending(ctx context.Context) (bool, error) {
	var yes bool
	err := db.view(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM sync_pending p JOIN games g ON g.id = p.game_id WHERE g.status <> 'running')`).Scan(&yes)
	})
	return yes, err
}

// String is a note in English, for logs and tests.
func (n SyncNote) String() string {
	if n.Line > 0 {
		return fmt.Sprintf("%s line %d: %v", n.File, n.Line, n.Err)
	}
	return fmt.Sprintf("%s: %v", n.File, n.Err)
}
