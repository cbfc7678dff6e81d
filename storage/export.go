package storage

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// ExportRecord is a game as export writes and import reads it: the game
// record of docs/RECORD.md plus its id, status and times.
type ExportRecord struct {
	ID      string    `json:"id,omitempty"`
	Status  Status    `json:"status,omitempty"`
	Started time.Time `json:"started,omitzero"`
	Ended   time.Time `json:"ended,omitzero"`
	// Undos is how many entries have been taken back from the game (on
	// any device): of two versions where one is a prefix of the other,
	// sync and import take the one with more undos, then the longer.
	Undos int64 `json:"undos,omitempty"`
	// Undone are the fingerprints of the versions of the game that an
	// entry was taken back from (docs/RECORD.md): a version that is the
	// beginning of another counts as the newer only when its side took
	// entries back from that other one as it is. Sorted; left out when
	// empty.
	Undone []string `json:"undone,omitempty"`
	scoresheet.Record

	bad error // set by DecodeExport for an element that is not a record

	// resolves is set by sync for a record of a game in conflict with the
	// file it comes from: once this device took its own entries back to
	// where the versions part, the other version is taken whatever its
	// count of undos (the undo ends the conflict, README "sync").
	resolves bool

	// Set when the record was judged ahead (ImportFrom judges the next
	// records on another goroutine while it writes).
	judged bool
	game   *scoresheet.Game
	verr   *scoresheet.VerdictError
	lerr   error
	review []ReviewRow // of a finished game, made ahead too (reviewOf)
}

// Err is why DecodeExport could not read this element as a record (nil
// when it could).
func (r ExportRecord) Err() error { return r.bad }

// Export returns the given games (nil: every game, oldest first) as records.
// Exporting every game leaves out games whose entries these rules no longer
// replay, and then returns the others together with a CodeSomeBroken error.
// It holds every record in memory: ExportTo streams.
func (db *DB) Export(ctx context.Context, ids []string) ([]ExportRecord, error) {
	var out []ExportRecord
	_, err := db.ExportEach(ctx, ids, func(r ExportRecord) error {
		out = append(out, r)
		return nil
	})
	if err != nil && ErrorCode(err) != CodeSomeBroken {
		return nil, err
	}
	return out, err
}

// ExportTo writes the given games (nil: every game, oldest first) to w as
// export does (ExportWriter), one game at a time: memory does not grow with
// the number of games. It returns how many games it wrote; see Export for
// the games it leaves out.
func (db *DB) ExportTo(ctx context.Context, ids []string, w io.Writer) (int, error) {
	x := NewExportWriter(w)
	n, err := db.ExportEach(ctx, ids, x.Write)
	if err != nil && ErrorCode(err) != CodeSomeBroken {
		return n, err
	}
	if cerr := x.Close(); cerr != nil {
		return n, cerr
	}
	return n, err
}

// ExportEach hands the given games (nil: every game, oldest first) to fn
// one at a time, all read in one transaction (a consistent copy while
// others write).
func (db *DB) ExportEach(ctx context.Context, ids []string, fn func(ExportRecord) error) (int, error) {
	var partial error
	n := 0
	err := db.view(ctx, func(tx *sql.Tx) error {
		n, partial = 0, nil
		var broken []error
		one := func(id string, all bool) error {
			sg, err := loadGame(ctx, tx, id)
			if all && ErrorCode(err) == CodeReplay {
				// One game the rules no longer accept must not keep all the
				// others from being saved.
				broken = append(broken, err)
				return nil
			}
			if err != nil {
				return err
			}
			if err := fn(exportOf(sg)); err != nil {
				return errWrite{err}
			}
			n++
			return nil
		}
		if ids != nil {
			for _, id := range ids {
				uid, err := NormalizeID(id)
				if err != nil {
					return err
				}
				if err := one(uid, false); err != nil {
					return err
				}
			}
			return nil
		}
		// Every game, a page of ids at a time.
		var lastStarted int64 = -1 << 62
		lastID := ""
		for {
			rows, err := tx.QueryContext(ctx, `SELECT uuid, started FROM games WHERE (started, uuid) > (?, ?) ORDER BY started, uuid LIMIT 500`, lastStarted, lastID)
			if err != nil {
				return err
			}
			var page []string
			for rows.Next() {
				if err := rows.Scan(&lastID, &lastStarted); err != nil {
					rows.Close()
					return err
				}
				page = append(page, lastID)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			for _, id := range page {
				if err := one(id, true); err != nil {
					return err
				}
			}
			if len(page) < 500 {
				break
			}
		}
		if len(broken) > 0 {
			partial = newErr(CodeSomeBroken, broken[0], len(broken), broken[0])
		}
		return nil
	})
	var we errWrite
	if errors.As(err, &we) {
		return n, we.err
	}
	if err != nil {
		return n, err
	}
	return n, partial
}

// errWrite carries an error of the export's writer through the database's
// error handling unchanged.
type errWrite struct{ err error }

func (e errWrite) Error() string { return e.err.Error() }

func exportOf(sg *StoredGame) ExportRecord {
	r := ExportRecord{ID: sg.ID, Status: sg.Status, Started: sg.Started.UTC(), Undos: sg.undos, Undone: sg.undone, Record: sg.Game.Record()}
	if !sg.Ended.IsZero() {
		r.Ended = sg.Ended.UTC()
	}
	return r
}

// DecodeExport reads what export wrote: a JSON array of records, each with
// or without id, status and times (a single record object, or one record
// per line, is taken too). Input that is not such JSON at all is an error
// (*scoresheet.InputError); an element that is not a record comes back with
// its Err set, for Import to refuse. It reads everything into memory: for
// files of any size use ExportReader.
func DecodeExport(data []byte) ([]ExportRecord, error) {
	x := NewExportReader(bytes.NewReader(data))
	var out []ExportRecord
	for {
		r, err := x.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
}

// ExportReader reads an export record by record, in memory that does not
// grow with the number of records: a JSON array of records (what export
// writes), a single record, or one record per line (JSON Lines).
type ExportReader struct {
	in    *bufio.Reader
	count *countingReader
	dec   *json.Decoder
	array bool
	n     int // records read
	done  bool
}

// NewExportReader reads from r.
func NewExportReader(r io.Reader) *ExportReader {
	c := &countingReader{r: r, limit: -1}
	return &ExportReader{count: c, in: bufio.NewReaderSize(c, 64<<10)}
}

// Records is how many records Next returned.
func (x *ExportReader) Records() int { return x.n }

// Next returns the next record, or io.EOF after the last. An element that
// is not a record comes back with its Err set; input that is no JSON
// records at all (or that breaks off, or a record larger than
// scoresheet.MaxRecordBytes) is an *scoresheet.InputError, which ends the
// reading.
func (x *ExportReader) Next() (ExportRecord, error) {
	if x.done {
		return ExportRecord{}, io.EOF
	}
	if x.dec == nil {
		if err := x.start(); err != nil {
			x.done = true
			return ExportRecord{}, err
		}
	}
	if !x.dec.More() {
		x.done = true
		if x.array {
			if _, err := x.dec.Token(); err != nil { // the closing ]
				return ExportRecord{}, x.broken(err)
			}
		}
		if _, err := x.dec.Token(); err != io.EOF {
			return ExportRecord{}, scoresheet.NewInputError("more data after the records", "nach den Spielberichten folgen weitere Daten")
		}
		return ExportRecord{}, io.EOF
	}
	// The element may take MaxRecordBytes beyond what the decoder has read.
	x.count.limit = x.count.n + scoresheet.MaxRecordBytes + 128<<10
	var raw json.RawMessage
	err := x.dec.Decode(&raw)
	x.count.limit = -1
	if err != nil {
		x.done = true
		return ExportRecord{}, x.broken(err)
	}
	x.n++
	if !x.array && !x.lineEnds() {
		x.done = true
		return ExportRecord{}, scoresheet.NewInputError("more data after the record on the same line (one record per line)",
			"nach dem Bericht folgen weitere Daten auf derselben Zeile (ein Bericht je Zeile)")
	}
	if len(raw) > scoresheet.MaxRecordBytes {
		x.done = true
		return ExportRecord{}, x.tooLarge()
	}
	return decodeOne(raw), nil
}

// lineEnds reports whether what follows a record of a stream, up to the
// next record, holds a line break (or the input ends). It only looks: the
// rest of the decoder's buffer, then a peek at the input.
func (x *ExportReader) lineEnds() bool {
	verdict := func(r io.ByteReader) (ends, known bool) {
		for {
			b, err := r.ReadByte()
			if err != nil {
				return false, false
			}
			switch b {
			case '\n':
				return true, true
			case ' ', '\t', '\r':
				continue
			}
			return false, true
		}
	}
	if ends, known := verdict(x.dec.Buffered().(io.ByteReader)); known {
		return ends
	}
	for n := 64; n <= 4096; n *= 4 {
		p, err := x.in.Peek(n)
		if ends, known := verdict(bytes.NewReader(p)); known {
			return ends
		}
		if err != nil {
			return true // the end of the input
		}
	}
	return true // a long run of spaces: let the next record decide
}

// start finds out what the input is: a list, or records one after another.
func (x *ExportReader) start() error {
	for {
		b, err := x.in.ReadByte()
		if err == io.EOF {
			return scoresheet.NewInputError("no records: the input is empty", "keine Spielberichte: die Eingabe ist leer")
		}
		if err != nil {
			return scoresheet.NewInputError("cannot read the records: %v", "die Spielberichte lassen sich nicht lesen: %v", err)
		}
		switch b {
		case ' ', '\t', '\r', '\n':
			continue
		case '[', '{':
			x.in.UnreadByte()
			x.dec = json.NewDecoder(x.in)
			if b == '[' {
				x.array = true
				if _, err := x.dec.Token(); err != nil {
					return x.broken(err)
				}
			}
			return nil
		case 0xef: // a UTF-8 byte order mark
			if c, _ := x.in.Peek(2); bytes.Equal(c, []byte{0xbb, 0xbf}) {
				x.in.Discard(2)
				continue
			}
		}
		return scoresheet.NewInputError("not a JSON array of game records", "keine JSON-Liste von Spielberichten")
	}
}

// broken says where the input stopped being JSON records.
func (x *ExportReader) broken(err error) error {
	if errors.Is(err, errTooLarge) {
		return x.tooLarge()
	}
	return scoresheet.NewInputError("record %d: not valid JSON (%v); the records before it were read",
		"Bericht %d: kein gültiges JSON (%v); die Berichte davor wurden gelesen", x.n+1, err)
}

func (x *ExportReader) tooLarge() error {
	return scoresheet.NewInputError("record %d is larger than %d MiB; no game needs that much (a record holds at most %d turns)",
		"Bericht %d ist größer als %d MiB; kein Spiel braucht so viel (ein Bericht hat höchstens %d Züge)",
		x.n+1, scoresheet.MaxRecordBytes>>20, scoresheet.MaxTurns)
}

var errTooLarge = errors.New("record too large")

// countingReader counts what was read and stops at limit (-1: none).
type countingReader struct {
	r     io.Reader
	n     int64
	limit int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.limit >= 0 {
		if c.n >= c.limit {
			return 0, errTooLarge
		}
		if rest := c.limit - c.n; int64(len(p)) > rest {
			p = p[:rest]
		}
	}
	k, err := c.r.Read(p)
	c.n += int64(k)
	return k, err
}

var errNotObject = scoresheet.NewInputError("not a game record: not a JSON object", "kein Spielbericht: kein JSON-Objekt")

// decodeOne takes id, status and times off one element and reads the rest
// with the strict record reader of package scoresheet.
func decodeOne(el json.RawMessage) ExportRecord {
	var r ExportRecord
	if t := bytes.TrimLeft(el, " \t\r\n"); len(t) == 0 || t[0] != '{' {
		// The common refusal costs nothing: a file of a million numbers
		// is read at the speed of the scanner.
		r.bad = errNotObject
		return r
	}
	if err := scoresheet.CheckKeys(el, "id", "status", "started", "ended", "undos", "undone"); err != nil {
		r.bad = err
		return r
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(el, &fields); err != nil || fields == nil {
		r.bad = errNotObject
		return r
	}
	// A value of the wrong type is named by what the field must be, in
	// the user's language (not by Go's decoder: "cannot unmarshal number
	// into Go value of type []string").
	var status string
	for _, f := range []struct {
		key    string
		v      any
		en, de string
	}{
		{"id", &r.ID, "a string (a UUID)", "eine Zeichenkette (eine UUID)"},
		{"status", &status, "a string (running, finished or abandoned)", "eine Zeichenkette (running, finished oder abandoned)"},
		{"started", &r.Started, "a time as RFC 3339 writes it, a string (2026-12-01T10:53:56.59Z)", "eine Zeit nach RFC 3339 als Zeichenkette (2026-12-01T10:53:56.59Z)"},
		{"ended", &r.Ended, "a time as RFC 3339 writes it, a string (2026-12-01T10:53:56.59Z)", "eine Zeit nach RFC 3339 als Zeichenkette (2026-12-01T10:53:56.59Z)"},
		{"undos", &r.Undos, "a whole number, 0 or more", "eine ganze Zahl ab 0"},
		{"undone", &r.Undone, "an array of fingerprints, strings of 16 hexadecimal digits", "ein Array von Fingerabdrücken, Zeichenketten aus 16 Hexadezimalziffern"},
	} {
		raw, ok := fields[f.key]
		if !ok {
			continue
		}
		delete(fields, f.key)
		if err := json.Unmarshal(raw, f.v); err != nil {
			r.bad = scoresheet.NewInputError("not a game record: field %q must be %s", "kein Spielbericht: Feld %q muss %s sein", f.key, words{f.en, f.de})
			return r
		}
	}
	if r.Undos < 0 {
		r.bad = scoresheet.NewInputError("not a game record: field \"undos\" is negative", "kein Spielbericht: Feld \"undos\" ist negativ")
		return r
	}
	undone, err := checkPrints(r.Undone)
	if err != nil {
		r.bad = err
		return r
	}
	r.Undone = undone
	if status != "" {
		st, err := ParseStatus(status)
		if err != nil {
			r.bad = scoresheet.NewInputError("not a game record: %v", "kein Spielbericht: %v", err)
			return r
		}
		r.Status = st
	}
	rest, err := json.Marshal(fields)
	if err != nil {
		r.bad = &scoresheet.InputError{Err: err}
		return r
	}
	rec, err := scoresheet.ParseRecord(rest)
	if err != nil {
		r.bad = err
		return r
	}
	r.Record = rec
	return r
}

// ImportReport says what Import did with each record.
type ImportReport struct {
	Imported int
	Skipped  int // already present (same id), with the same entries or more
	Extended int // already present, and the import brought entries played since

	IDs     []string  // the ids of the imported games, in input order
	Refused []Refusal // the first MaxListedRefusals refusals, in input order

	// MoreRefused counts the refusals after the first MaxListedRefusals:
	// counted, not kept, so that memory does not grow with them.
	MoreRefused int
	// NotRecords counts the refused elements (listed or not) that are no
	// game record at all (a *scoresheet.InputError).
	NotRecords int
}

// MaxListedRefusals is how many refusals an ImportReport lists; the rest
// are only counted (MoreRefused).
const MaxListedRefusals = 1000

// RefusedCount is how many records were refused in all.
func (r *ImportReport) RefusedCount() int { return len(r.Refused) + r.MoreRefused }

// refuse adds one refusal, listed while there is room.
func (r *ImportReport) refuse(x Refusal) {
	var ie *scoresheet.InputError
	if errors.As(x.Err, &ie) {
		r.NotRecords++
	}
	if len(r.Refused) < MaxListedRefusals {
		r.Refused = append(r.Refused, x)
	} else {
		r.MoreRefused++
	}
}

// takeRefusals adds the refusals of part, which came after r's.
func (r *ImportReport) takeRefusals(part ImportReport) {
	kept := min(MaxListedRefusals-len(r.Refused), len(part.Refused))
	r.Refused = append(r.Refused, part.Refused[:kept]...)
	r.MoreRefused += part.MoreRefused + len(part.Refused) - kept
	r.NotRecords += part.NotRecords
}

// Refusal is a record Import refused.
type Refusal struct {
	Index int    // position in the input, from 0
	ID    string // as given (may be empty)
	Turn  int    // the turn with the broken rule, from 0; -1 when the fault is the record's
	Throw *int   // the throw of that turn, nil when the fault is the turn's
	Err   error  // *validate.Error, *scoresheet.InputError or *Error
}

// Import stores records: each is judged by the rules engine and refused with
// its error when invalid; a game whose id is present already is skipped, so
// merging the histories of several devices never duplicates a game; a record
// without id gets a new one. See ImportFrom.
func (db *DB) Import(ctx context.Context, recs []ExportRecord) (ImportReport, error) {
	i := 0
	return db.ImportFrom(ctx, func() (ExportRecord, error) {
		if i == len(recs) {
			return ExportRecord{}, io.EOF
		}
		i++
		return recs[i-1], nil
	})
}

// ImportFrom stores the records next returns until it returns io.EOF. Every
// record stands alone: it is stored whole or refused whole (a savepoint
// each), and a refusal names its record and never touches the others.
// Records are written in short transactions (about importSlice of work
// each), so that a player's entry in another program waits only briefly; an
// import cut short is completed by importing the same file again.
//
// An error of next (input that is not JSON records at all) ends the import
// after the records before it were stored; it is returned with the report.
// A database error ends it too; the records of the transaction it hit are
// not stored.
func (db *DB) ImportFrom(ctx context.Context, next func() (ExportRecord, error)) (ImportReport, error) {
	return db.importFrom(ctx, next, nil)
}

// storedHook runs in the transaction of each record an import stored
// (imported or brought up to date), with the game's id.
type storedHook func(ctx context.Context, tx *sql.Tx, id string) error

func (db *DB) importFrom(ctx context.Context, next func() (ExportRecord, error), hook storedHook) (ImportReport, error) {
	var rep ImportReport
	now := db.now()
	stop := make(chan struct{})
	// The pages the import writes go from the WAL into the database file
	// on yet another goroutine, not after the commits of this one.
	checkpoints := db.checkpointEvery(importCheckpoint, stop)
	defer func() {
		close(stop)
		<-checkpoints
	}()
	ahead := db.judgeAhead(next, stop)
	conn, was, err := db.importConn(ctx)
	if err != nil {
		return rep, err
	}
	defer conn.Close()
	defer was.restore(context.WithoutCancel(ctx), conn)
	index := 0 // of the first record of the next transaction
	var waiting []ExportRecord
	for {
		// The records of a transaction are awaited before it begins: the
		// write lock never waits for a record to be judged and reviewed.
		batch, end := gatherJudged(waiting, ahead)
		if len(batch) == 0 {
			return rep, inputError(end)
		}
		n, err := db.importTx(ctx, conn, index, batch, now, &rep, hook)
		if err != nil {
			return rep, err
		}
		index, waiting = index+n, batch[n:]
		if end != nil && len(waiting) == 0 {
			return rep, inputError(end)
		}
		// Let a waiting writer (a player's entry) in before the next slice.
		time.Sleep(importPause)
	}
}

// judgedRecord is a record read, judged by the rules and (finished)
// reviewed ahead, or the input's end (io.EOF) or error.
type judgedRecord struct {
	r   ExportRecord
	err error
}

// judgeAhead reads the records of next and judges and reviews them ahead
// of the writer, on judgeWorkers goroutines (the other cores) while the
// import writes; the records reach the writer in the input's order. It
// goes on until the input ends (its last item carries io.EOF or the
// input's error) or stop is closed.
func (db *DB) judgeAhead(next func() (ExportRecord, error), stop <-chan struct{}) <-chan judgedRecord {
	type job struct {
		r   ExportRecord
		out chan judgedRecord
	}
	// What waits is little: a judged record holds its game, every turn
	// worked out (about 140 KB of heap with its record), and the judges
	// are what the import waits for, not the writer.
	ahead := make(chan judgedRecord, judgedAhead)
	order := make(chan chan judgedRecord, 2*judgeWorkers()) // each record's result, in input order
	jobs := make(chan job)
	go func() { // the reader: next is called here only
		defer close(order)
		defer close(jobs)
		for {
			r, err := next()
			out := make(chan judgedRecord, 1)
			select {
			case order <- out:
			case <-stop:
				return
			}
			if err != nil || r.bad != nil {
				out <- judgedRecord{r, err} // nothing to judge
				if err != nil {
					return
				}
				continue
			}
			select {
			case jobs <- job{r, out}:
			case <-stop:
				return
			}
		}
	}()
	for range judgeWorkers() {
		go func() {
			for j := range jobs {
				db.judge(&j.r)
				j.out <- judgedRecord{j.r, nil}
			}
		}()
	}
	go func() { // the records, in order, to the writer
		defer close(ahead)
		for out := range order {
			var jr judgedRecord
			select {
			case jr = <-out:
			case <-stop:
				return
			}
			select {
			case ahead <- jr:
			case <-stop:
				return
			}
			if jr.err != nil {
				return
			}
		}
	}()
	return ahead
}

// judgeWorkers is how many records an import judges and reviews at once:
// one per core.
var judgeWorkers = func() int { return max(runtime.GOMAXPROCS(0), 1) }

// judge judges record r by the rules and reviews it when it is a finished
// game.
func (db *DB) judge(r *ExportRecord) {
	r.game, r.verr, r.lerr = scoresheet.Load(r.Record, validate.English)
	r.judged = true
	if r.lerr == nil && r.verr == nil {
		r.review = db.reviewOf(r.game)
	}
}

// aheadRecords is how many records one import transaction takes at most
// (a transaction of importSlice writes about 12). Every judged record
// under way holds its worked-out game on the Go heap (about 100 KB): with
// 32 here and 16 judgedAhead about 50 were; 16 and 4 halve that, and the
// import's heap limit is lower by as much (2,000 games: peak 95 against
// 99-101 MB at the same CPU time).
const aheadRecords = 16

// judgedAhead is how many judged records wait for the writer beyond those
// of the transaction it writes.
const judgedAhead = 4

// gatherJudged adds to waiting (records left from the last transaction)
// the judged records that come within importSlice, up to aheadRecords,
// waiting for one at least when there are none. end is the input's end
// or error when it came. Elements that are no record cost the transaction
// nothing: they do not count, up to maxGathered in all (a file of a
// million of them takes hundreds of transactions, not tens of thousands).
func gatherJudged(waiting []ExportRecord, ahead <-chan judgedRecord) (batch []ExportRecord, end error) {
	batch = waiting
	records := 0
	for _, r := range batch {
		if r.bad == nil {
			records++
		}
	}
	timeout := time.After(importSlice)
	for records < aheadRecords && len(batch) < maxGathered {
		if len(batch) > 0 {
			select {
			case <-timeout:
				return batch, nil
			default:
			}
		}
		var it judgedRecord
		var ok bool
		select {
		case it, ok = <-ahead:
		case <-timeout:
			if len(batch) > 0 {
				return batch, nil
			}
			it, ok = <-ahead
		}
		switch {
		case !ok:
			return batch, io.EOF
		case it.err != nil:
			return batch, it.err
		}
		batch = append(batch, it.r)
		if it.r.bad == nil {
			records++
		}
	}
	return batch, nil
}

// maxGathered is the most elements one import transaction takes, records
// and refused elements together.
const maxGathered = 4096

// inputError is the error ImportFrom returns for the input's end: none
// for io.EOF.
func inputError(end error) error {
	if end == io.EOF {
		return nil
	}
	return end
}

// importConn is the one connection that writes a whole import. It leaves
// the WAL to the checkpoints of checkpointEvery up to 10,000 pages (40 MB)
// before it copies pages itself after a commit; other connections keep
// SQLite's 1,000, so that a player's entry never pays for a large
// checkpoint. Its page cache is importCache: an import writes new pages
// and rarely reads one again; SQLite's 2 MB of cache on it measured no
// faster and held that much more of the import's peak memory. Both are
// read first and set back to what they were when the import is done
// (connSettings.restore).
func (db *DB) importConn(ctx context.Context) (*sql.Conn, connSettings, error) {
	conn, err := db.sql.Conn(ctx)
	if err != nil {
		return nil, connSettings{}, db.wrap(err)
	}
	was, err := readConnSettings(ctx, conn)
	if err == nil {
		err = connSettings{autocheckpoint: importAutocheckpoint, cache: importCache}.set(ctx, conn)
	}
	if err != nil {
		was.restore(context.WithoutCancel(ctx), conn)
		conn.Close()
		return nil, connSettings{}, db.wrap(err)
	}
	return conn, was, nil
}

// The import connection's WAL threshold (pages) and page cache (KiB, as
// SQLite takes it when negative).
const (
	importAutocheckpoint = 10000
	importCache          = -500
)

// connSettings are the settings of a pooled connection that the import
// changes for its own: wal_autocheckpoint and cache_size, as SQLite reports
// them.
type connSettings struct {
	autocheckpoint, cache int
	read                  bool // false: nothing was read, nothing to set back
}

// readConnSettings reads conn's settings.
func readConnSettings(ctx context.Context, conn *sql.Conn) (connSettings, error) {
	var cs connSettings
	if err := conn.QueryRowContext(ctx, `PRAGMA wal_autocheckpoint`).Scan(&cs.autocheckpoint); err != nil {
		return connSettings{}, err
	}
	if err := conn.QueryRowContext(ctx, `PRAGMA cache_size`).Scan(&cs.cache); err != nil {
		return connSettings{}, err
	}
	cs.read = true
	return cs, nil
}

// set gives conn these settings (PRAGMA takes no parameters: the numbers
// are formatted here, integers only).
func (cs connSettings) set(ctx context.Context, conn *sql.Conn) error {
	for _, q := range []string{
		fmt.Sprintf(`PRAGMA wal_autocheckpoint = %d`, cs.autocheckpoint),
		fmt.Sprintf(`PRAGMA cache_size = %d`, cs.cache),
	} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	return nil
}

// restore gives the import's connection back to the pool with the
// settings it had before (read by importConn); where they could not be
// set back, the connection is not given back to the pool at all.
func (cs connSettings) restore(ctx context.Context, conn *sql.Conn) {
	if !cs.read {
		return
	}
	if err := cs.set(ctx, conn); err != nil {
		// A connection with the import's settings must not serve a
		// player's entry: take it out of the pool.
		conn.Raw(func(any) error { return driver.ErrBadConn })
	}
}

// importTx writes the records of batch (numbered from index) in one
// transaction, for about importSlice, and adds what it did to rep. n is how
// many it wrote; the rest wait for the next transaction.
func (db *DB) importTx(ctx context.Context, conn *sql.Conn, index int, batch []ExportRecord, now time.Time, rep *ImportReport, hook storedHook) (n int, err error) {
	var part ImportReport
	err = db.updateOn(ctx, conn, func(tx *sql.Tx) error {
		part, n = ImportReport{}, 0
		start := time.Now()
		for n < len(batch) && (n == 0 || time.Since(start) < importSlice) {
			if err := db.importRecord(ctx, tx, index+n, batch[n], now, &part, hook); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	rep.Imported += part.Imported
	rep.Skipped += part.Skipped
	rep.Extended += part.Extended
	rep.IDs = append(rep.IDs, part.IDs...)
	rep.takeRefusals(part)
	return n, nil
}

// importSlice is about how long one import transaction writes before it
// commits and lets other programs in.
const importSlice = 40 * time.Millisecond

// importPause is how long an import leaves the database to others between
// two transactions: a waiting writer tries again every pollEvery (a longer
// pause costs the import its share: 5 ms made an import 11 % slower).
const importPause = 3 * pollEvery

// importCheckpoint is how often an import copies the pages written so
// far from the WAL into the database file (a passive checkpoint: writers go
// on meanwhile), so that its own commits rarely reach wal_autocheckpoint and
// do that work in the writing goroutine.
const importCheckpoint = 250 * time.Millisecond

// checkpointEvery runs a passive checkpoint every d until stop is closed;
// the channel it returns is closed when it has stopped. Errors are left to
// the automatic checkpoints (a busy database, a reader in the way).
func (db *DB) checkpointEvery(d time.Duration, stop <-chan struct{}) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		// A connection of its own: the writer's keeps its statements and
		// pages, and no other one gets them too.
		ctx := context.Background()
		conn, err := db.sql.Conn(ctx)
		if err != nil {
			return
		}
		defer conn.Close()
		t := time.NewTicker(d)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				conn.ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`)
			}
		}
	}()
	return done
}

// importRecord stores one record inside a savepoint: a refusal, however
// deep in the writing it comes, undoes exactly this record. Only database
// trouble is returned as an error.
func (db *DB) importRecord(ctx context.Context, tx *sql.Tx, i int, r ExportRecord, now time.Time, rep *ImportReport, hook storedHook) error {
	if r.bad != nil {
		// Not a record: nothing to write, nothing to undo.
		rep.refuse(Refusal{Index: i, ID: r.ID, Turn: -1, Err: r.bad})
		return nil
	}
	if _, err := db.exec(ctx, tx, `SAVEPOINT import_record`); err != nil {
		return err
	}
	var out ImportReport
	err := db.importOne(ctx, tx, i, r, now, &out)
	if err != nil && isRefusal(err) {
		out = ImportReport{Refused: []Refusal{{Index: i, ID: r.ID, Turn: -1, Err: err}}}
		err = nil
	}
	if err != nil {
		return err
	}
	if len(out.Refused) > 0 {
		if _, err := tx.ExecContext(ctx, `ROLLBACK TO import_record`); err != nil {
			return err
		}
		out.Imported, out.Extended, out.Skipped, out.IDs = 0, 0, 0, nil
	}
	if hook != nil {
		for _, id := range out.IDs {
			if err := hook(ctx, tx, id); err != nil {
				return err
			}
		}
	}
	if _, err := db.exec(ctx, tx, `RELEASE import_record`); err != nil {
		return err
	}
	rep.Imported += out.Imported
	rep.Skipped += out.Skipped
	rep.Extended += out.Extended
	rep.IDs = append(rep.IDs, out.IDs...)
	for _, x := range out.Refused {
		rep.refuse(x)
	}
	return nil
}

// isRefusal tells a record's fault (a rule, a name, an id, a conflict) from
// trouble with the database.
func isRefusal(err error) bool {
	var se *Error
	if errors.As(err, &se) {
		switch se.Code {
		case CodeFailure, CodeCorrupt, CodeCannotOpen, CodeBusy:
			return false
		}
		return true
	}
	var ve *validate.Error
	var ie *scoresheet.InputError
	return errors.As(err, &ve) || errors.As(err, &ie)
}

func (db *DB) importOne(ctx context.Context, tx *sql.Tx, i int, r ExportRecord, now time.Time, rep *ImportReport) error {
	refuse := func(err error, turn int, throw *int) {
		rep.Refused = append(rep.Refused, Refusal{Index: i, ID: r.ID, Turn: turn, Throw: throw, Err: err})
	}
	if r.bad != nil {
		refuse(r.bad, -1, nil)
		return nil
	}
	id := uuid.NewString()
	exists := false
	if r.ID != "" {
		var err error
		if id, err = NormalizeID(r.ID); err != nil {
			refuse(err, -1, nil)
			return nil
		}
		var n int
		if err := db.queryRow(ctx, tx, `SELECT count(*) FROM games WHERE uuid = ?`, []any{id}, &n); err != nil {
			return err
		}
		exists = n > 0
	}
	if !r.judged {
		// ImportFrom judges (and reviews) every record ahead, outside the
		// write transaction.
		return errors.New("storage: a record to import was not judged ahead")
	}
	g, verr, err := r.game, r.verr, r.lerr
	if err != nil {
		refuse(err, -1, nil)
		return nil
	}
	if verr != nil {
		cause := verr.Err()
		if cause == nil {
			cause = errors.New(verr.Message)
		}
		refuse(cause, verr.Turn, verr.Throw)
		return nil
	}
	if exists {
		return db.mergeGame(ctx, tx, id, r, g, now, rep, refuse)
	}
	if r.Status == Finished && !g.Finished() {
		refuse(newErr(CodeNotFinished, nil, len(r.Turns)), -1, nil)
		return nil
	}
	if err := db.importGame(ctx, tx, id, r, g, now); err != nil {
		return err
	}
	rep.Imported++
	rep.IDs = append(rep.IDs, id)
	return nil
}

// mergeGame brings a game that is already stored up to date with an
// imported copy of it. The copy must be the same game: same game, same
// players in the same seats (in any case), same house rules. Then a copy
// with the stored entries and more (the game went on on another device)
// adds the new entries with their summaries, and its status and end time; a
// copy that is the same or behind is skipped. Anything else is refused with
// the difference named, and the stored game stays as it is.
func (db *DB) mergeGame(ctx context.Context, tx *sql.Tx, id string, r ExportRecord, in *scoresheet.Game, now time.Time,
	rep *ImportReport, refuse func(error, int, *int)) error {
	sg, err := loadGame(ctx, tx, id)
	if ErrorCode(err) == CodeReplay {
		refuse(err, -1, nil)
		return nil
	}
	if err != nil {
		return err
	}
	differs := func(what, stored, file string) {
		refuse(newErr(CodeDiffers, nil, id, kind(what), stored, file), -1, nil)
	}
	switch {
	case sg.Game.Rules.Game != in.Rules.Game:
		differs("kind", string(sg.Game.Rules.Game), string(in.Rules.Game))
		return nil
	case !sameNames(sg.Game.Players, in.Players):
		differs("players", scoresheet.SafeText(strings.Join(sg.Game.Players, ", ")), scoresheet.SafeText(strings.Join(in.Players, ", ")))
		return nil
	case sg.options != optionsKey(in.Rules):
		differs("options", sg.options, optionsKey(in.Rules))
		return nil
	}
	if r.Status == Finished && !in.Finished() {
		refuse(newErr(CodeNotFinished, nil, len(r.Turns)), -1, nil)
		return nil
	}
	stored, incoming := sg.Game.Entries(), in.Entries()
	kind, at := mergeOf(sg, r, stored, incoming)
	switch kind {
	case mergeSame:
		// The same game: the other version's count of undos and the
		// fingerprints of its undos are kept too, so that both go on alike.
		if err := db.keepUndone(ctx, tx, sg, r); err != nil {
			return err
		}
		rep.Skipped++
		return nil
	case mergeShorten:
		return db.shortenGame(ctx, tx, id, sg, r, in, now, rep)
	case mergeReplace:
		return db.replaceGame(ctx, tx, id, sg, r, stored, incoming, at, now, rep)
	case mergeSkip:
		// The stored game counts; what the other version knows of undos
		// is kept (both devices end with the same fingerprints).
		if err := db.keepUndone(ctx, tx, sg, r); err != nil {
			return err
		}
		rep.Skipped++
		return nil
	case mergeDiverged:
		refuse(partErr(CodeDiverged, id, sg.Game, stored, at), -1, nil)
		return nil
	case mergeUndone:
		if len(incoming) > len(stored) {
			refuse(partErr(CodeUndoneHere, id, sg.Game, incoming, at), -1, nil)
		} else {
			refuse(partErr(CodeUndoneThere, id, sg.Game, stored, at), -1, nil)
		}
		return nil
	}
	return db.extendGame(ctx, tx, id, sg, r, stored, incoming, now, rep)
}

// keepUndone raises sg's count of undos to r's and adds r's fingerprints
// of undos to sg's.
func (db *DB) keepUndone(ctx context.Context, tx *sql.Tx, sg *StoredGame, r ExportRecord) error {
	undone := unionPrints(sg.undone, r.Undone)
	if r.Undos <= sg.undos && len(undone) == len(sg.undone) {
		return nil
	}
	_, err := tx.ExecContext(ctx, `UPDATE games SET undos = max(undos, ?), undone = ? WHERE id = ?`, r.Undos, printsText(undone), sg.row)
	return err
}

// How a stored game and another version of it are merged.
type mergeKind int

const (
	mergeExtend   mergeKind = iota // the other version went on: its entries (or its abandoning) are added
	mergeSame                      // the same entries
	mergeShorten                   // entries taken back on another device
	mergeSkip                      // the stored game went on further, or the other version is older
	mergeDiverged                  // neither is the beginning of the other
	mergeUndone                    // one went on past an entry the other's side took back (undoneFrom)
	mergeReplace                   // the other side took the stored version back as it is and went on otherwise
)

// mergeOf decides how r (entries incoming) is merged into sg (entries
// stored); at is where the two part. Of two versions where one is the
// beginning of the other, the newer counts: the shorter one when its side
// took entries back from the longer one as it is (an undo reaches the
// other devices), else the longer one (a game that went on). When the
// longer went on past an entry the shorter's side took back, it is a
// conflict (mergeUndone). Versions without fingerprints of their undos
// (written before migration 029) are compared by their counts of undos
// alone. A record that ends a sync conflict (r.resolves) counts when it
// is the longer. Of two versions that part (neither the beginning of the
// other), one counts when its side took the other back as it is (the
// other's whole version is one of its undos the other side does not know
// of: it saw all of it and went on otherwise, as when a throw typed wrong
// is taken back and typed again); else they diverged.
func mergeOf(sg *StoredGame, r ExportRecord, stored, incoming []scoresheet.Entry) (kind mergeKind, at int) {
	at = firstDiff(stored, incoming)
	behind := at == len(incoming) // incoming is the beginning of stored
	ahead := at == len(stored)    // stored is the beginning of incoming
	switch {
	case behind && ahead:
		if r.Status == Abandoned && sg.Status == Running {
			return mergeExtend, at
		}
		return mergeSame, at
	case !behind && !ahead:
		newer := undoneFrom(stored, at, r.Undone, sg.undone) == undoneAll
		older := undoneFrom(incoming, at, sg.undone, r.Undone) == undoneAll
		switch {
		case newer && !older:
			return mergeReplace, at
		case older && !newer:
			return mergeSkip, at
		}
		return mergeDiverged, at
	case ahead && r.resolves:
		return mergeExtend, at
	}
	legacy := len(sg.undone) == 0 && len(r.Undone) == 0
	if behind {
		switch undoneFrom(stored, at, r.Undone, sg.undone) {
		case undoneAll:
			return mergeShorten, at
		case undonePart:
			return mergeUndone, at
		}
		if legacy && r.Undos > sg.undos {
			return mergeShorten, at
		}
		return mergeSkip, at
	}
	switch undoneFrom(incoming, at, sg.undone, r.Undone) {
	case undoneAll:
		return mergeSkip, at
	case undonePart:
		return mergeUndone, at
	}
	if legacy && sg.undos > r.Undos {
		return mergeSkip, at
	}
	return mergeExtend, at
}

// extendGame adds the entries of incoming after stored to sg, with their
// summaries, and the record's status and end time.
func (db *DB) extendGame(ctx context.Context, tx *sql.Tx, id string, sg *StoredGame, r ExportRecord, stored, incoming []scoresheet.Entry,
	now time.Time, rep *ImportReport) error {
	ended := r.Ended
	if ended.IsZero() {
		ended = now
	}
	ended = ended.Truncate(time.Millisecond)
	g := sg.Game.Clone()
	for n := len(stored); n < len(incoming); n++ {
		if err := g.Apply(incoming[n]); err != nil {
			return fmt.Errorf("import %s: entry %d of a judged game refused: %w", id, n, err)
		}
		// The review, made ahead, is of the incoming game: g once it is whole.
		if err := db.writeEntry(ctx, tx, sg, g, n, incoming[n], r.review, ended); err != nil {
			return err
		}
	}
	if !g.Finished() {
		// The file says where a game that is not over stands.
		st := r.Status
		if st == "" {
			st = sg.Status
		}
		var end any
		if st == Abandoned {
			end = ended.UnixMilli()
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET status = ?, ended = ? WHERE id = ?`, string(st), end, sg.row); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET rev = rev + 1 WHERE id = ?`, sg.row); err != nil {
		return err
	}
	if err := db.keepUndone(ctx, tx, sg, r); err != nil {
		return err
	}
	rep.Extended++
	rep.IDs = append(rep.IDs, id)
	return nil
}

// shortenGame takes back the stored entries of a game that another
// device's newer version (in, a prefix of the stored game) has not: as
// many undos at once, with whatever summaries they completed.
func (db *DB) shortenGame(ctx context.Context, tx *sql.Tx, id string, sg *StoredGame, r ExportRecord, in *scoresheet.Game, now time.Time, rep *ImportReport) error {
	entries, turns := in.Len(), len(in.Turns())
	if err := cutGame(ctx, tx, sg.row, entries, turns); err != nil {
		return err
	}
	// A prefix of a game is never over: it runs, or the other device
	// abandoned it.
	st, end := Running, any(nil)
	if r.Status == Abandoned {
		ended := r.Ended
		if ended.IsZero() {
			ended = now
		}
		st, end = Abandoned, ended.Truncate(time.Millisecond).UnixMilli()
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET status = ?, ended = ?, rev = rev + 1 WHERE id = ?`, string(st), end, sg.row); err != nil {
		return err
	}
	if err := db.keepUndone(ctx, tx, sg, r); err != nil {
		return err
	}
	rep.Extended++
	rep.IDs = append(rep.IDs, id)
	return nil
}

// replaceGame takes back the stored entries from at on (the other side
// took them back as they are) and adds incoming's from there: the other
// device's version in place of this one's, with its summaries, status and
// end time, in one transaction.
func (db *DB) replaceGame(ctx context.Context, tx *sql.Tx, id string, sg *StoredGame, r ExportRecord, stored, incoming []scoresheet.Entry,
	at int, now time.Time, rep *ImportReport) error {
	base, err := scoresheet.FromEntries(sg.Game.Rules, sg.Game.Players, incoming[:at])
	if err != nil {
		return fmt.Errorf("import %s: the beginning of a judged game refused: %w", id, err)
	}
	if err := cutGame(ctx, tx, sg.row, at, len(base.Turns())); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET status = 'running', ended = NULL WHERE id = ?`, sg.row); err != nil {
		return err
	}
	cut := *sg
	cut.Game, cut.Status = base, Running
	return db.extendGame(ctx, tx, id, &cut, r, stored[:at], incoming, now, rep)
}

// sameNames: the same players in the same seats; case does not count.
func sameNames(a, b []string) bool {
	return slices.EqualFunc(a, b, func(x, y string) bool { return nameKey(x) == nameKey(y) })
}

// samePrefix reports whether the entries a begin with all of b, compared as
// the database stores them.
func samePrefix(a, b []scoresheet.Entry) bool {
	if len(b) > len(a) {
		return false
	}
	for i := range b {
		x, y := a[i], b[i]
		if x.Kind != y.Kind || x.FivesAsOnes != y.FivesAsOnes || x.Category != y.Category ||
			pipsText(x.Roll) != pipsText(y.Roll) || pipsText(x.Keep) != pipsText(y.Keep) {
			return false
		}
	}
	return true
}

// importGame stores a judged game with its entries and summaries.
func (db *DB) importGame(ctx context.Context, tx *sql.Tx, id string, r ExportRecord, g *scoresheet.Game, now time.Time) error {
	started := r.Started
	if started.IsZero() {
		started = now
	}
	sg, err := db.createGame(ctx, tx, g.Rules, g.Players, id, started)
	if err != nil {
		return err
	}
	es := g.Entries()
	err = db.insertMany(ctx, tx, insertEntry, len(es), func(n int, args []any) []any {
		return append(args, entryArgs(sg.row, n, es[n])...)
	})
	if err != nil {
		return err
	}
	if err := db.writeTurns(ctx, tx, sg, g, 0, g.Turns()); err != nil {
		return err
	}
	if r.Undos > 0 || len(r.Undone) > 0 {
		if _, err := tx.ExecContext(ctx, `UPDATE games SET undos = ?, undone = ? WHERE id = ?`, r.Undos, printsText(r.Undone), sg.row); err != nil {
			return err
		}
	}
	ended := r.Ended
	if ended.IsZero() {
		ended = now
	}
	switch {
	case g.Finished():
		return db.writeResults(ctx, tx, sg, g, r.review, ended.Truncate(time.Millisecond))
	case r.Status == Abandoned:
		_, err := tx.ExecContext(ctx, `UPDATE games SET status = 'abandoned', ended = ? WHERE id = ?`, ended.UnixMilli(), sg.row)
		return err
	}
	return nil
}

// EncodeExport writes records as export does: a JSON array with one record
// per line, so that exports are easy to read, diff and merge.
func EncodeExport(recs []ExportRecord) ([]byte, error) {
	var buf bytes.Buffer
	x := NewExportWriter(&buf)
	for _, r := range recs {
		if err := x.Write(r); err != nil {
			return nil, err
		}
	}
	if err := x.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ExportWriter writes records as export does, one at a time: a JSON array
// with one record per line.
type ExportWriter struct {
	w *bufio.Writer
	n int
}

// NewExportWriter writes to w; Close ends the array.
func NewExportWriter(w io.Writer) *ExportWriter {
	return &ExportWriter{w: bufio.NewWriterSize(w, 64<<10)}
}

// Write writes one record.
func (x *ExportWriter) Write(r ExportRecord) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if x.n == 0 {
		x.w.WriteString("[\n")
	} else {
		x.w.WriteString(",\n")
	}
	x.n++
	_, err = x.w.Write(b)
	return err
}

// Close ends the array and flushes it (it does not close the writer).
func (x *ExportWriter) Close() error {
	if x.n == 0 {
		x.w.WriteString("[]\n")
	} else {
		x.w.WriteString("\n]\n")
	}
	return x.w.Flush()
}
