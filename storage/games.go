package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Status is where a game stands.
type Status string

// The statuses of a game.
const (
	Running   Status = "running"
	Finished  Status = "finished"
	Abandoned Status = "abandoned"
)

// ParseStatus reads a status as typed on the command line.
func ParseStatus(s string) (Status, error) {
	switch st := Status(strings.ToLower(strings.TrimSpace(s))); st {
	case Running, Finished, Abandoned:
		return st, nil
	}
	return "", scoresheet.NewInputError("status must be running, finished or abandoned, not %q",
		"der Status muss running, finished oder abandoned sein, nicht %q", s)
}

// StoredGame is a game kept in the database. Game is its state, replayed
// from the stored entries; change it only through Append and Undo.
type StoredGame struct {
	ID             string
	Game           *scoresheet.Game
	Started, Ended time.Time // Ended is zero while the game runs
	Status         Status
	// Coach is how much the coach says during play (chosen with the game,
	// changed with SetCoach).
	Coach CoachLevel

	row     int64    // games.id
	players []int64  // player ids by seat
	options string   // canonical options key
	rev     int64    // games.rev when this copy was made or last changed
	undos   int64    // games.undos: entries taken back, on any device
	undone  []string // games.undone: fingerprints of the versions entries were taken back from (undone.go)
}

// optionsKey is the canonical JSON of the options that differ from the
// game's defaults: the same house rules always give the same key.
func optionsKey(r *validate.Rules) string {
	b, err := json.Marshal(r.Options.Map(r.Game))
	if err != nil {
		panic(err) // bool, int and []int always encode
	}
	return string(b)
}

// rulesCache holds the rules of every rule set seen: building them costs
// about 0.3 ms and 0.5 MB (the Zehntausend family's scoring table), and a
// history has a few dozen sets. Rules are never changed once built.
var rulesCache struct {
	sync.Mutex
	m map[string]*validate.Rules
}

// rulesOf makes the rules of a stored game id and options key, once per set.
func rulesOf(game, options string) (*validate.Rules, error) {
	key := game + "\x00" + options
	rulesCache.Lock()
	r, ok := rulesCache.m[key]
	rulesCache.Unlock()
	if ok {
		return r, nil
	}
	r, err := buildRules(game, options)
	if err != nil {
		return nil, err
	}
	rulesCache.Lock()
	if rulesCache.m == nil || len(rulesCache.m) >= 1000 {
		rulesCache.m = map[string]*validate.Rules{} // a bound, for databases with endless sets
	}
	rulesCache.m[key] = r
	rulesCache.Unlock()
	return r, nil
}

func buildRules(game, options string) (*validate.Rules, error) {
	var raw validate.RawOptions
	if err := json.Unmarshal([]byte(options), &raw); err != nil {
		if _, gerr := validate.LookupGame(game); gerr != nil {
			return nil, gerr
		}
		return nil, err
	}
	return validate.ParseRules(game, raw)
}

// optionsMap is the options key as values (bool, int or []int by id).
func optionsMap(game, options string) map[string]any {
	r, err := rulesOf(game, options)
	if err != nil {
		return map[string]any{}
	}
	return r.Options.Map(r.Game)
}

// NormalizeID checks a game id and returns it in its canonical form.
func NormalizeID(id string) (string, error) {
	u, err := uuid.Parse(strings.TrimSpace(id))
	if err != nil {
		return "", newErr(CodeBadID, err, scoresheet.Cut(id, 40))
	}
	return u.String(), nil
}

// CreateGame starts a game with these rules and players in seat order.
// Players are added when they are new; names are matched regardless of case
// and the stored spelling is used.
func (db *DB) CreateGame(ctx context.Context, rules *validate.Rules, players []string) (*StoredGame, error) {
	if rules == nil {
		return nil, errors.New("storage: CreateGame without rules")
	}
	var sg *StoredGame
	err := db.update(ctx, func(tx *sql.Tx) error {
		var err error
		sg, err = db.createGame(ctx, tx, rules, players, uuid.NewString(), db.now())
		return err
	})
	if err != nil {
		return nil, err
	}
	return sg, nil
}

func (db *DB) createGame(ctx context.Context, tx *sql.Tx, rules *validate.Rules, players []string, id string, started time.Time) (*StoredGame, error) {
	if err := scoresheet.CheckPlayers(cleanNames(players)); err != nil {
		return nil, err
	}
	names := make([]string, len(players))
	ids := make([]int64, len(players))
	for i, name := range players {
		p, err := ensurePlayer(ctx, tx, name, started)
		if err != nil {
			return nil, err
		}
		names[i], ids[i] = p.Name, p.ID
	}
	g, err := scoresheet.New(rules, names)
	if err != nil {
		return nil, err
	}
	started = started.Truncate(time.Millisecond)
	sg := &StoredGame{ID: id, Game: g, Started: started, Status: Running, Coach: CoachOdds, players: ids, options: optionsKey(rules)}
	res, err := db.exec(ctx, tx, `INSERT INTO games (uuid, game, options, status, started) VALUES (?, ?, ?, 'running', ?)`,
		id, string(rules.Game), sg.options, started.UnixMilli())
	if err != nil {
		return nil, err
	}
	if sg.row, err = res.LastInsertId(); err != nil {
		return nil, err
	}
	for seat, pid := range ids {
		if _, err := db.exec(ctx, tx, `INSERT INTO seats (game_id, seat, player_id) VALUES (?, ?, ?)`, sg.row, seat, pid); err != nil {
			return nil, err
		}
	}
	return sg, nil
}

func cleanNames(players []string) []string {
	out := make([]string, len(players))
	for i, p := range players {
		out[i] = scoresheet.CleanName(p)
	}
	return out
}

// LoadGame loads a game and replays its entries to exactly the state where it
// stopped.
func (db *DB) LoadGame(ctx context.Context, id string) (*StoredGame, error) {
	uid, err := NormalizeID(id)
	if err != nil {
		return nil, err
	}
	var sg *StoredGame
	err = db.view(ctx, func(tx *sql.Tx) error {
		sg, err = loadGame(ctx, tx, uid)
		return err
	})
	return sg, err
}

func loadGame(ctx context.Context, tx *sql.Tx, id string) (*StoredGame, error) {
	sg := &StoredGame{ID: id}
	var game string
	var started int64
	var ended sql.NullInt64
	var undone string
	err := tx.QueryRowContext(ctx, `SELECT id, game, options, status, started, ended, rev, undos, undone, coach FROM games WHERE uuid = ?`, id).
		Scan(&sg.row, &game, &sg.options, &sg.Status, &started, &ended, &sg.rev, &sg.undos, &undone, &sg.Coach)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("game", id)
	}
	if err != nil {
		return nil, err
	}
	sg.undone = printsOf(undone)
	sg.Started = time.UnixMilli(started)
	if ended.Valid {
		sg.Ended = time.UnixMilli(ended.Int64)
	}
	rules, err := rulesOf(game, sg.options)
	if err != nil {
		return nil, newErr(CodeReplay, err, id, 0, err)
	}
	names, ids, err := seatsOf(ctx, tx, sg.row)
	if err != nil {
		return nil, err
	}
	sg.players = ids
	entries, err := entriesOf(ctx, tx, sg.row)
	if err != nil {
		return nil, err
	}
	g, err := scoresheet.FromEntries(rules, names, entries)
	if err != nil {
		n := 0
		if g != nil {
			n = g.Len()
		}
		return nil, newErr(CodeReplay, err, id, n, err)
	}
	sg.Game = g
	return sg, nil
}

func seatsOf(ctx context.Context, tx *sql.Tx, row int64) ([]string, []int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT s.player_id, p.name FROM seats s JOIN players p ON p.id = s.player_id WHERE s.game_id = ? ORDER BY s.seat`, row)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var names []string
	var ids []int64
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, nil, err
		}
		names, ids = append(names, name), append(ids, id)
	}
	return names, ids, rows.Err()
}

func entriesOf(ctx context.Context, tx *sql.Tx, row int64) ([]scoresheet.Entry, error) {
	rows, err := tx.QueryContext(ctx, `SELECT kind, roll, keep, fives, category FROM entries WHERE game_id = ? ORDER BY n`, row)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []scoresheet.Entry
	for rows.Next() {
		var e scoresheet.Entry
		var roll, keep, cat sql.NullString
		if err := rows.Scan(&e.Kind, &roll, &keep, &e.FivesAsOnes, &cat); err != nil {
			return nil, err
		}
		e.Roll, e.Keep, e.Category = pipsOf(roll), pipsOf(keep), cat.String
		out = append(out, e)
	}
	return out, rows.Err()
}

// pipsText writes pips as digits ("111523"); nil stays NULL, so that an
// omitted keep and an empty one stay apart.
func pipsText(p []int) any {
	if p == nil {
		return nil
	}
	b := make([]byte, len(p))
	for i, d := range p {
		b[i] = byte('0' + d)
	}
	return string(b)
}

func pipsOf(s sql.NullString) []int {
	if !s.Valid {
		return nil
	}
	p := make([]int, len(s.String))
	for i := range len(s.String) {
		p[i] = int(s.String[i] - '0')
	}
	return p
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// Append enters one entry. The rules check it first: a broken rule comes
// back as the *validate.Error of scoresheet.Game.Apply. Then the entry, and
// every summary it completes (the turn it ends, the game results when it
// ends the game), are committed in one transaction before Append returns. On
// any error sg is as it was.
func (db *DB) Append(ctx context.Context, sg *StoredGame, e scoresheet.Entry) error {
	// The entry is tried on sg.Game itself (a refused entry changes nothing)
	// and taken back by a replay if the database refuses it: a copy of the
	// whole game for every entry costs more than the rare replay.
	g := sg.Game
	before := g.Len()
	if err := g.Apply(e); err != nil {
		return err
	}
	if g.Len() == before {
		return nil // accepted, but changes nothing (a Rückwärts stop)
	}
	stored := e // Apply keeps the entry as given
	now := db.now().Truncate(time.Millisecond)
	// The review of the game this entry finishes, before the write lock
	// (and once, however often a busy database makes the write try again).
	rv := db.reviewOf(g)
	err := db.update(ctx, func(tx *sql.Tx) error {
		// One statement checks the revision and inserts: the common case.
		res, err := db.exec(ctx, tx, insertEntryChecked, append(entryArgs(sg.row, before, stored), sg.row, sg.ID, sg.rev)...)
		if err != nil {
			if isConstraint(err) {
				return newErr(CodeConflict, err, sg.ID)
			}
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			if err != nil {
				return err
			}
			// Another revision (a conflict) or a game that was left.
			status, err := db.checkRevision(ctx, tx, sg)
			if err != nil {
				return err
			}
			if status == Abandoned {
				// An entry makes a game that was left run again (also when
				// another program left it meanwhile).
				if _, err := db.exec(ctx, tx, `UPDATE games SET status = 'running', ended = NULL WHERE id = ?`, sg.row); err != nil {
					return err
				}
			}
			return db.writeEntry(ctx, tx, sg, g, before, stored, rv, now)
		}
		return db.writeSummaries(ctx, tx, sg, g, rv, now)
	})
	if err != nil {
		prev, _, _ := g.Undo()
		*sg.Game = *prev
		return err
	}
	if sg.Status == Abandoned {
		sg.Status, sg.Ended = Running, time.Time{}
	}
	if g.Finished() {
		sg.Status, sg.Ended = Finished, now
	}
	return nil
}

// writeEntry stores entry n of game g (already applied to g) with the
// summaries it completes: the turn it ends, the results of the game it ends
// (with rv, its review made before the transaction).
func (db *DB) writeEntry(ctx context.Context, tx *sql.Tx, sg *StoredGame, g *scoresheet.Game, n int, e scoresheet.Entry, rv []ReviewRow, now time.Time) error {
	if _, err := db.exec(ctx, tx, insertEntry, entryArgs(sg.row, n, e)...); err != nil {
		if isConstraint(err) {
			return newErr(CodeConflict, err, sg.ID)
		}
		return err
	}
	return db.writeSummaries(ctx, tx, sg, g, rv, now)
}

// writeSummaries writes what the last entry of g completes: the turn it
// ends, the results of the game it ends with rv, its review (reviewOf).
func (db *DB) writeSummaries(ctx context.Context, tx *sql.Tx, sg *StoredGame, g *scoresheet.Game, rv []ReviewRow, now time.Time) error {
	if g.TurnEntries() == 0 {
		last, _ := g.LastTurn()
		if err := db.writeTurn(ctx, tx, sg, g, g.NumTurns()-1, last); err != nil {
			return err
		}
	}
	if g.Finished() {
		return db.writeResults(ctx, tx, sg, g, rv, now)
	}
	return nil
}

// entryArgs are the values of entry n of game row for insertEntry.
func entryArgs(row int64, n int, e scoresheet.Entry) []any {
	return []any{row, n, string(e.Kind), pipsText(e.Roll), pipsText(e.Keep), e.FivesAsOnes, nullString(e.Category)}
}

func isConstraint(err error) bool {
	var le *sqlite.Error
	return errors.As(err, &le) && le.Code()&0xff == sqlite3.SQLITE_CONSTRAINT
}

const (
	insertEntry = `INSERT INTO entries (game_id, n, kind, roll, keep, fives, category) VALUES (?, ?, ?, ?, ?, ?, ?)`
	// insertEntryChecked inserts an entry (entryArgs) into a running game
	// whose revision is still the one given (then the game row, its uuid
	// and the revision); no row when it is not. The uuid: after a restore
	// the row may be another game's (SQLite gives a new game the row a
	// game the backup did not have had).
	insertEntryChecked = `INSERT INTO entries (game_id, n, kind, roll, keep, fives, category)
		SELECT ?, ?, ?, ?, ?, ?, ? FROM games WHERE id = ? AND uuid = ? AND rev = ? AND status <> 'abandoned'`
	insertTurn = `INSERT INTO turns (game_id, turn, seat, player_id, game, points, total, end_kind, throws, hot_dice, failed, dice_left, category, bonus, attack,
		t1, t2, t3, t4, t5, t6, busted, attacked)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	insertEvent = `INSERT INTO events (game_id, turn, n, kind, player_id, from_id, points) VALUES (?, ?, ?, ?, ?, ?, ?)`
)

// endKinds are the stored names of the ways a turn ends (turns.end_kind).
var endKinds = map[validate.TurnEnd]string{
	validate.Stopped:  "stopped",
	validate.Bust:     "bust",
	validate.NixEnd:   "nix",
	validate.Voided:   "voided",
	validate.Finished: "finished",
}

// endKindOf is the way a turn ended by its stored name (Running for none).
func endKindOf(s string) validate.TurnEnd {
	for k, v := range endKinds {
		if v == s {
			return k
		}
	}
	return validate.Running
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// writeTurn writes the summary of finished turn number turn, and its events.
func (db *DB) writeTurn(ctx context.Context, tx *sql.Tx, sg *StoredGame, g *scoresheet.Game, turn int, t scoresheet.TurnResult) error {
	return db.writeTurns(ctx, tx, sg, g, turn, []scoresheet.TurnResult{t})
}

// writeTurns writes the summaries of the finished turns ts, numbered from
// first, and their events.
func (db *DB) writeTurns(ctx context.Context, tx *sql.Tx, sg *StoredGame, g *scoresheet.Game, first int, ts []scoresheet.TurnResult) error {
	for k, t := range ts {
		if _, ok := endKinds[t.End]; !ok {
			return fmt.Errorf("turn %d ended in an unknown way (%d)", first+k, t.End)
		}
	}
	err := db.insertMany(ctx, tx, insertTurn, len(ts), func(k int, args []any) []any {
		t := ts[k]
		return append(args, sg.row, first+k, t.Seat, sg.players[t.Seat], string(g.Rules.Game),
			t.Points, t.Totals[t.Seat], endKinds[t.End], t.Throws, t.HotDice, b2i(t.FailedObligation), t.DiceLeft,
			nullString(t.Category), t.Bonus, t.Attack,
			t.ByDice[1], t.ByDice[2], t.ByDice[3], t.ByDice[4], t.ByDice[5], t.ByDice[6],
			b2i(t.Busted()), b2i(t.Attacked()))
	})
	if err != nil {
		if isConstraint(err) {
			return newErr(CodeConflict, err, sg.ID)
		}
		return err
	}
	type event struct{ turn, n int }
	var evs []event
	for k, t := range ts {
		for n := range t.Events {
			evs = append(evs, event{first + k, n})
		}
	}
	return db.insertMany(ctx, tx, insertEvent, len(evs), func(i int, args []any) []any {
		e := evs[i]
		ev := ts[e.turn-first].Events[e.n]
		return append(args, sg.row, e.turn, e.n, string(ev.Kind), sg.playerID(g, ev.Player), sg.playerID(g, ev.From), ev.Points)
	})
}

// manyRows is how many rows one INSERT of insertMany writes at most (a
// power of two): one statement for many rows costs far less than one for
// each (an import writes hundreds of thousands).
const manyRows = 32

// insertMany inserts n rows with insert (an INSERT … VALUES statement for
// one row), manyRows to a statement; add appends row i's values to args.
// The rest goes in statements of 16, 8, 4, 2 and 1 rows: every statement is
// prepared once per connection, so their number stays small (with its
// triggers a prepared statement takes memory).
func (db *DB) insertMany(ctx context.Context, tx *sql.Tx, insert string, n int, add func(i int, args []any) []any) error {
	values := insert[strings.LastIndex(insert, "("):]
	var args []any
	for start := 0; start < n; {
		size := manyRows
		for size > n-start {
			size /= 2
		}
		end := start + size
		args = args[:0]
		for i := start; i < end; i++ {
			args = add(i, args)
		}
		q := insert
		if end-start > 1 {
			q += strings.Repeat(", "+values, end-start-1)
		}
		if _, err := db.exec(ctx, tx, q, args...); err != nil {
			return err
		}
		start = end
	}
	return nil
}

// playerID is the id of a player of the game by name, or NULL.
func (sg *StoredGame) playerID(g *scoresheet.Game, name string) any {
	for i, p := range g.Players {
		if p == name {
			return sg.players[i]
		}
	}
	return nil
}

// writeResults records the end of the game: status, end time, one row per
// player with final total, rank and whether they won, and the rows of its
// review rv (made before the transaction: reviewOf).
func (db *DB) writeResults(ctx context.Context, tx *sql.Tx, sg *StoredGame, g *scoresheet.Game, rv []ReviewRow, ended time.Time) error {
	if _, err := db.exec(ctx, tx, `UPDATE games SET status = 'finished', ended = ? WHERE id = ?`, ended.UnixMilli(), sg.row); err != nil {
		return err
	}
	totals := g.Totals()
	rank, won := scoresheet.Ranks(g.Rules.Game, totals, g.Winners())
	for seat, total := range totals {
		if _, err := db.exec(ctx, tx, `INSERT INTO results (game_id, seat, player_id, game, options, players, total, rank, won, ended) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			sg.row, seat, sg.players[seat], string(g.Rules.Game), sg.options, len(totals), total, rank[seat], b2i(won[seat]), ended.UnixMilli()); err != nil {
			return err
		}
	}
	return writeReview(ctx, tx, db.exec, sg.row, sg.players, string(g.Rules.Game), sg.options, rv, ended)
}

// cutGame deletes a game's rows from entry n and turn t on, and its result
// and review (an undo, or a shorter version of the game from a sync).
func cutGame(ctx context.Context, tx *sql.Tx, row int64, n, t int) error {
	for _, q := range []string{
		`DELETE FROM entries WHERE game_id = ? AND n >= ?`,
		`DELETE FROM turns WHERE game_id = ? AND turn >= ?`,
		`DELETE FROM events WHERE game_id = ? AND turn >= ?`,
	} {
		arg := n
		if !strings.Contains(q, "entries") {
			arg = t
		}
		if _, err := tx.ExecContext(ctx, q, row, arg); err != nil {
			return err
		}
	}
	for _, q := range []string{`DELETE FROM results WHERE game_id = ?`, `DELETE FROM reviews WHERE game_id = ?`} {
		if _, err := tx.ExecContext(ctx, q, row); err != nil {
			return err
		}
	}
	return nil
}

// Undo takes back the last entry and whatever summaries it completed, in one
// transaction, and replays sg.Game without it. A finished game runs again.
func (db *DB) Undo(ctx context.Context, sg *StoredGame) (scoresheet.Entry, error) {
	g := sg.Game
	prev, undone, ok := g.Undo()
	if !ok {
		return scoresheet.Entry{}, newErr(CodeNothingToUndo, nil)
	}
	last := g.Len() - 1
	turns := len(prev.Turns())
	// The version the entry is taken back from, for sync (undone.go); added
	// to the fingerprints stored (a sync may have added some meanwhile).
	from := versionPrint(g.Entries())
	var undoneNow []string
	err := db.update(ctx, func(tx *sql.Tx) error {
		if err := db.claim(ctx, tx, sg); err != nil {
			return err
		}
		if err := cutGame(ctx, tx, sg.row, last, turns); err != nil {
			return err
		}
		var stored string
		if err := tx.QueryRowContext(ctx, `SELECT undone FROM games WHERE id = ?`, sg.row).Scan(&stored); err != nil {
			return err
		}
		undoneNow = unionPrints(printsOf(stored), []string{from})
		_, err := tx.ExecContext(ctx, `UPDATE games SET status = 'running', ended = NULL, undos = undos + 1, undone = ? WHERE id = ?`, printsText(undoneNow), sg.row)
		return err
	})
	if err != nil {
		return scoresheet.Entry{}, err
	}
	sg.rev++
	sg.undos++
	sg.undone = undoneNow
	*sg.Game = *prev
	sg.Status, sg.Ended = Running, time.Time{}
	return undone, nil
}

// Revision tells two states of a stored game apart: how many entries it
// has, and how many changes other than appended entries (undos, imports that
// brought it up to date) it has seen. When a copy's Revision differs from
// the stored one, another program entered or took back something meanwhile.
type Revision struct {
	Changes int64
	Entries int
}

// Revision is the revision of the stored game this copy knows of.
func (sg *StoredGame) Revision() Revision { return Revision{sg.rev, sg.Game.Len()} }

// Revision is the stored game's revision now.
func (db *DB) Revision(ctx context.Context, id string) (Revision, error) {
	uid, err := NormalizeID(id)
	if err != nil {
		return Revision{}, err
	}
	var rev Revision
	err = db.view(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT g.rev, coalesce((SELECT max(n) + 1 FROM entries e WHERE e.game_id = g.id), 0)
			FROM games g WHERE g.uuid = ?`, uid).Scan(&rev.Changes, &rev.Entries)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound("game", id)
		}
		return err
	})
	return rev, err
}

// checkRevision refuses, as a conflict, an entry appended to a copy of a game
// that another program took entries back from since sg was loaded (its
// revision moved on); an entry another program appended meanwhile is
// caught by the entry's key. It returns the stored status; a game no
// longer in the database (its row gone, or another game's since a restore)
// is CodeGameGone. Appending does
// not raise the revision: the entry itself tells it (see Revision), and one
// page fewer is written for every entry.
func (db *DB) checkRevision(ctx context.Context, tx *sql.Tx, sg *StoredGame) (Status, error) {
	var rev int64
	var status Status
	err := tx.QueryRowContext(ctx, `SELECT rev, status FROM games WHERE id = ? AND uuid = ?`, sg.row, sg.ID).Scan(&rev, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return "", newErr(CodeGameGone, nil, sg.ID) // a restore or another program took it out
	}
	if err != nil {
		return "", err
	}
	if rev != sg.rev {
		return "", newErr(CodeConflict, nil, sg.ID)
	}
	return status, nil
}

// claim raises the game's revision inside tx, or refuses with a conflict
// when another program changed the game since sg was loaded (another
// revision or another number of entries): taking back from an old copy
// would lose or mix up entries. A game no longer in the database (its row
// gone, or another game's since a restore) is CodeGameGone.
func (db *DB) claim(ctx context.Context, tx *sql.Tx, sg *StoredGame) error {
	res, err := db.exec(ctx, tx, `UPDATE games SET rev = rev + 1 WHERE id = ? AND uuid = ? AND rev = ?
		AND coalesce((SELECT max(n) + 1 FROM entries WHERE game_id = ?), 0) = ?`, sg.row, sg.ID, sg.rev, sg.row, sg.Game.Len())
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil || n == 1 {
		return err
	}
	var one int
	err = tx.QueryRowContext(ctx, `SELECT 1 FROM games WHERE id = ? AND uuid = ?`, sg.row, sg.ID).Scan(&one)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return newErr(CodeGameGone, nil, sg.ID) // a restore or another program took it out
	case err != nil:
		return err
	}
	return newErr(CodeConflict, nil, sg.ID)
}

// Abandon marks a running game as left for good. It can still be loaded,
// and an entry makes it run again. A finished game stays finished.
func (db *DB) Abandon(ctx context.Context, id string) error {
	uid, err := NormalizeID(id)
	if err != nil {
		return err
	}
	return db.update(ctx, func(tx *sql.Tx) error {
		var row int64
		var status Status
		err := tx.QueryRowContext(ctx, `SELECT id, status FROM games WHERE uuid = ?`, uid).Scan(&row, &status)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound("game", id)
		}
		if err != nil || status != Running {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET status = 'abandoned', ended = ? WHERE id = ?`, db.now().UnixMilli(), row)
		return err
	})
}

// GameInfo describes a stored game for lists.
type GameInfo struct {
	ID      string         `json:"id"`
	Game    string         `json:"game"`
	Options map[string]any `json:"options"`
	Players []string       `json:"players"`
	Totals  []int          `json:"totals"` // by seat
	Status  Status         `json:"status"`
	Started time.Time      `json:"started"`
	Ended   time.Time      `json:"ended,omitzero"`
	Entries int            `json:"entries"`
	Winners []string       `json:"winners"`
	Round   int            `json:"round"` // the round being played, or the last one played
	// Broken is set when the stored entries cannot be replayed by these
	// rules (the game can then neither be continued nor exported).
	Broken bool `json:"broken,omitempty"`
}

// GameFilter selects games for Games.
type GameFilter struct {
	Status Status // "" for all
	Limit  int    // 0 for no limit
}

// unit separates names in group_concat: names never hold control characters.
const unit = "\x1f"

// standing is where a game that is not over stands, as Games lists it.
type standing struct {
	// uuid: after a restore by another program the row may be another
	// game's, at the same revision and number of entries.
	uuid         string
	rev, entries int64
	totals       []int
	round        int
	broken       bool
}

// standing returns the kept standing of game row (uuid) at revision rev.
func (db *DB) standing(row int64, uuid string, rev int64, entries int) (standing, bool) {
	db.mu.Lock()
	defer db.mu.Unlock()
	st, ok := db.standings[row]
	return st, ok && st.uuid == uuid && st.rev == rev && st.entries == int64(entries)
}

func (db *DB) keepStanding(row int64, st standing) {
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.standings == nil || len(db.standings) >= 256 {
		db.standings = map[int64]standing{}
	}
	db.standings[row] = st
}

// gamesQuery is the query of Games: the status filter only when there is
// one, so that SQLite walks the status index (a "? = ” OR status = ?"
// condition makes it scan every game).
func gamesQuery(f GameFilter) (string, []any) {
	limit := f.Limit
	if limit <= 0 {
		limit = -1
	}
	where, args := "", []any{}
	if f.Status != "" {
		where, args = "WHERE g.status = ?", append(args, string(f.Status))
	}
	return `
			SELECT g.id, g.uuid, g.game, g.options, g.status, g.started, g.ended,
				(SELECT group_concat(p.name, char(31) ORDER BY s.seat) FROM seats s JOIN players p ON p.id = s.player_id WHERE s.game_id = g.id),
				(SELECT count(*) FROM entries e WHERE e.game_id = g.id),
				(SELECT count(*) FROM turns t WHERE t.game_id = g.id),
				(SELECT group_concat(r.total, ',' ORDER BY r.seat) FROM results r WHERE r.game_id = g.id),
				(SELECT group_concat(r.won, ',' ORDER BY r.seat) FROM results r WHERE r.game_id = g.id),
				g.rev
			FROM games g ` + where + `
			ORDER BY g.started DESC, g.uuid
			LIMIT ?`, append(args, limit)
}

// CountGames is how many games there are (with status st; "" for all).
func (db *DB) CountGames(ctx context.Context, st Status) (int, error) {
	var n int
	err := db.view(ctx, func(tx *sql.Tx) error {
		q, args := `SELECT count(*) FROM games`, []any{}
		if st != "" {
			q, args = q+` WHERE status = ?`, append(args, string(st))
		}
		return tx.QueryRowContext(ctx, q, args...).Scan(&n)
	})
	return n, err
}

// Games lists games, newest first.
func (db *DB) Games(ctx context.Context, f GameFilter) ([]GameInfo, error) {
	var out []GameInfo
	q, args := gamesQuery(f)
	err := db.view(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, q, args...)
		if err != nil {
			return err
		}
		type pending struct {
			i        int
			row, rev int64
		}
		var replay []pending
		for rows.Next() {
			var gi GameInfo
			var row, started int64
			var ended sql.NullInt64
			var options string
			var names, totals, won sql.NullString
			var turns int
			var rev int64
			if err := rows.Scan(&row, &gi.ID, &gi.Game, &options, &gi.Status, &started, &ended, &names, &gi.Entries, &turns, &totals, &won, &rev); err != nil {
				rows.Close()
				return err
			}
			gi.Options = optionsMap(gi.Game, options)
			gi.Started = time.UnixMilli(started)
			if ended.Valid {
				gi.Ended = time.UnixMilli(ended.Int64)
			}
			if names.String != "" {
				gi.Players = strings.Split(names.String, unit)
			}
			gi.Winners = []string{}
			if gi.Status == Finished && totals.Valid {
				gi.Totals = splitInts(totals.String)
				for i, w := range splitInts(won.String) {
					if w == 1 && i < len(gi.Players) {
						gi.Winners = append(gi.Winners, gi.Players[i])
					}
				}
				if n := len(gi.Players); n > 0 {
					gi.Round = (turns + n - 1) / n
				}
			} else {
				replay = append(replay, pending{len(out), row, rev})
			}
			out = append(out, gi)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		// Running and abandoned games have no results yet: replay them,
		// once per revision (the home screen asks again and again).
		for _, p := range replay {
			gi := &out[p.i]
			if st, ok := db.standing(p.row, gi.ID, p.rev, gi.Entries); ok {
				gi.Totals, gi.Round, gi.Broken = slices.Clone(st.totals), st.round, st.broken
				continue
			}
			sg, err := loadGame(ctx, tx, gi.ID)
			if err != nil && ErrorCode(err) != CodeReplay {
				return err
			}
			st := standing{uuid: gi.ID, rev: p.rev, entries: int64(gi.Entries), broken: err != nil}
			if err == nil {
				st.totals, st.round = sg.Game.Totals(), sg.Game.Round()
			}
			db.keepStanding(p.row, st)
			gi.Totals, gi.Round, gi.Broken = slices.Clone(st.totals), st.round, st.broken
		}
		return nil
	})
	return out, err
}

func splitInts(s string) []int {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, ",")
	out := make([]int, len(parts))
	for i, p := range parts {
		out[i], _ = strconv.Atoi(p)
	}
	return out
}

// LastWinner is the winner of the last finished game of that game id played
// by exactly these players (in any order): the 5050 start player. ok is
// false when they have not finished such a game yet.
func (db *DB) LastWinner(ctx context.Context, game string, players []string) (winner string, ok bool, err error) {
	if len(players) == 0 {
		return "", false, nil
	}
	err = db.view(ctx, func(tx *sql.Tx) error {
		ids := make([]any, 0, len(players))
		for _, name := range players {
			p, err := findPlayer(ctx, tx, name)
			if ErrorCode(err) == CodeNotFound {
				return nil
			}
			if err != nil {
				return err
			}
			ids = append(ids, p.ID)
		}
		marks := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")
		args := append([]any{game, len(ids)}, ids...)
		args = append(args, len(ids))
		var row int64
		err := tx.QueryRowContext(ctx, `
			SELECT g.id FROM games g
			WHERE g.game = ? AND g.status = 'finished'
				AND (SELECT count(*) FROM seats s WHERE s.game_id = g.id) = ?
				AND (SELECT count(*) FROM seats s WHERE s.game_id = g.id AND s.player_id IN (`+marks+`)) = ?
			ORDER BY g.ended DESC, g.id DESC LIMIT 1`, args...).Scan(&row)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		err = tx.QueryRowContext(ctx, `SELECT p.name FROM results r JOIN players p ON p.id = r.player_id WHERE r.game_id = ? AND r.won = 1 ORDER BY r.seat LIMIT 1`, row).Scan(&winner)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		ok = err == nil
		return err
	})
	return winner, ok, err
}

// FindGame returns the id of the one game whose id starts with prefix (at
// least four characters), for people who type ids.
func (db *DB) FindGame(ctx context.Context, prefix string) (string, error) {
	p := strings.ToLower(strings.TrimSpace(prefix))
	if strings.Trim(p, "0123456789abcdef-") != "" {
		return "", newErr(CodeBadID, nil, scoresheet.Cut(prefix, 40))
	}
	if len(p) < 4 {
		return "", newErr(CodeShortID, nil, prefix)
	}
	var ids []string
	err := db.view(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT uuid FROM games WHERE uuid >= ? AND uuid < ? ORDER BY uuid LIMIT 2`, p, p+"\x7f")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return rows.Err()
	})
	switch {
	case err != nil:
		return "", err
	case len(ids) == 0:
		return "", notFound("game", prefix)
	case len(ids) > 1:
		return "", newErr(CodeAmbiguous, nil, prefix)
	}
	return ids[0], nil
}
