package storage

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"database/sql/driver"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"

	"modernc.org/libc"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
)

// An import of new games ("bulk" mode) writes with the summary triggers
// of its connection switched off and does their work itself, a
// transaction at a time: the turns, events and entries of the games a
// transaction stored are added up into turn_stats, dice_stats,
// event_stats and sync_pending by one statement each, not one upsert per
// row (about 70 rows a game: a third of the writer's time). result_stats
// is order-dependent (winning streaks), so its trigger's statements run
// for each result row as the trigger would, right after the row. The
// stored rows are the same as with the triggers (TestBulkImportStoresWhat
// TheTriggersStore compares every table). A game that is already stored
// and must be brought up to date, an import with a hook (a sync) and a
// schema whose triggers are not the ones this file stands in for
// (bulkTriggersSum) are written with the triggers, as before.

// bulkTriggersSum is the SHA-256 of the names and SQL of every trigger of
// the schema (triggersSum): the triggers whose work bulkSummaries and
// resultStats do. A migration that changes a trigger changes it, and the
// import then keeps the triggers on until this file is brought up to date
// (TestBulkImportIsUsed fails meanwhile).
const bulkTriggersSum = "4b1982dd4e027b0b4929df4ba91b48f0d58114c60dd4c1b030209360bdf9e95e"

// errNeedTriggers ends a bulk transaction that met a record it cannot
// write without the triggers (a stored game brought up to date): the
// transaction is rolled back and written again with them.
var errNeedTriggers = errors.New("storage: this import transaction needs the summary triggers")

// errNoTriggerSwitch: the SQLite driver is not the one setTriggers knows.
var errNoTriggerSwitch = errors.New("storage: cannot switch the triggers of this SQLite connection")

// triggersSum is the SHA-256 of the schema's triggers, by name.
func triggersSum(ctx context.Context, conn *sql.Conn) (string, error) {
	rows, err := conn.QueryContext(ctx, `SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name`)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	h := sha256.New()
	for rows.Next() {
		var name, text string
		if err := rows.Scan(&name, &text); err != nil {
			return "", err
		}
		h.Write([]byte(name + "\x00" + text + "\x00"))
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// startBulk switches the triggers of conn off for an import of new games,
// when the schema's triggers are the ones this file stands in for. It
// reports whether it did.
func (db *DB) startBulk(ctx context.Context, conn *sql.Conn) bool {
	sum, err := triggersSum(ctx, conn)
	if err != nil || sum != bulkTriggersSum {
		return false
	}
	return setTriggers(conn, false) == nil
}

// stopBulk switches the triggers of conn on again. A connection whose
// triggers cannot be switched on is closed for good, never handed to
// another caller.
func stopBulk(conn *sql.Conn) {
	if err := setTriggers(conn, true); err != nil {
		conn.Raw(func(any) error { return driver.ErrBadConn })
	}
}

// setTriggers switches the triggers of conn's SQLite connection on or off
// (sqlite3_db_config, SQLITE_DBCONFIG_ENABLE_TRIGGER; SQLite expires the
// connection's prepared statements, which are prepared again with or
// without them). The driver keeps its handle unexported: it is read
// with reflect after its type and fields are checked, and the setting is
// read back.
func setTriggers(conn *sql.Conn, on bool) error {
	return conn.Raw(func(dc any) error {
		v := reflect.ValueOf(dc)
		if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
			return errNoTriggerSwitch
		}
		s := v.Elem()
		t := s.Type()
		if t.PkgPath() != "modernc.org/sqlite" || t.Name() != "conn" || t.NumField() < 2 ||
			t.Field(0).Name != "db" || t.Field(0).Type.Kind() != reflect.Uintptr ||
			t.Field(1).Name != "tls" || t.Field(1).Type != reflect.TypeFor[*libc.TLS]() {
			return errNoTriggerSwitch
		}
		handle := uintptr(s.Field(0).Uint())
		tls := (*libc.TLS)(s.Field(1).UnsafePointer())
		if handle == 0 || tls == nil {
			return errNoTriggerSwitch
		}
		res := libc.Xmalloc(tls, 8)
		if res == 0 {
			return errNoTriggerSwitch
		}
		defer libc.Xfree(tls, res)
		onoff := int32(0)
		if on {
			onoff = 1
		}
		va := libc.NewVaList(onoff, res)
		if va == 0 {
			return errNoTriggerSwitch
		}
		defer libc.Xfree(tls, va)
		libc.Xmemset(tls, res, 0xff, 4) // -1: not written
		rc := sqlite3.Xsqlite3_db_config(tls, handle, sqlite3.SQLITE_DBCONFIG_ENABLE_TRIGGER, va)
		if rc != sqlite3.SQLITE_OK || int32(binary.NativeEndian.Uint32(libc.GoBytes(res, 4))) != onoff {
			return errNoTriggerSwitch
		}
		return nil
	})
}

// bulkTx is what a bulk transaction stored: the rows of its new games, in
// order, and the changes each makes to sync_pending (what the sync
// triggers count: the game, each entry, each change of status).
type bulkTx struct {
	games   []int64
	changes []int
}

// add notes a new game stored whole.
func (b *bulkTx) add(row int64, changes int) {
	b.games = append(b.games, row)
	b.changes = append(b.changes, changes)
}

// gamesList is the rows as a JSON array, for json_each.
func (b *bulkTx) gamesList() string {
	var sb strings.Builder
	sb.WriteByte('[')
	for i, r := range b.games {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.FormatInt(r, 10))
	}
	sb.WriteByte(']')
	return sb.String()
}

// The triggers' work for the games of a bulk transaction: the same sums
// as turns_stats_insert, turns_dice_insert, events_stats_insert and
// sync_entry_added/sync_game_added/sync_game_status add one row at a time.
const (
	bulkTurnStats = `INSERT INTO turn_stats (player_id, game, options, end_kind, dice_left, category,
		turns, points, best, zeros, throws, hot_dice, failed, bonus, attacks, taken)
	SELECT t.player_id, t.game, g.options, t.end_kind, t.dice_left, coalesce(t.category, ''),
		count(*), sum(t.points), max(t.points), sum(t.points = 0), sum(t.throws), sum(t.hot_dice), sum(t.failed), sum(t.bonus),
		sum(t.attacked), sum(t.attack)
	FROM turns t JOIN games g ON g.id = t.game_id
	WHERE t.game_id IN (SELECT value FROM json_each(?))
	GROUP BY t.player_id, t.game, g.options, t.end_kind, t.dice_left, coalesce(t.category, '')
	ON CONFLICT (player_id, game, options, end_kind, dice_left, category) DO UPDATE SET
		turns = turns + excluded.turns,
		points = points + excluded.points,
		best = max(best, excluded.best),
		zeros = zeros + excluded.zeros,
		throws = throws + excluded.throws,
		hot_dice = hot_dice + excluded.hot_dice,
		failed = failed + excluded.failed,
		bonus = bonus + excluded.bonus,
		attacks = attacks + excluded.attacks,
		taken = taken + excluded.taken`
	bulkDiceStats = `INSERT INTO dice_stats (player_id, game, options, dice, throws, busts)
	SELECT player_id, game, options, n, sum(c), sum(busted AND dice_left = n) FROM (
		SELECT t.player_id, t.game, g.options, d.n, t.busted, t.dice_left,
			CASE d.n WHEN 1 THEN t.t1 WHEN 2 THEN t.t2 WHEN 3 THEN t.t3 WHEN 4 THEN t.t4 WHEN 5 THEN t.t5 ELSE t.t6 END AS c
		FROM turns t JOIN games g ON g.id = t.game_id,
			(SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6) d
		WHERE t.game_id IN (SELECT value FROM json_each(?)) AND t.t1 + t.t2 + t.t3 + t.t4 + t.t5 + t.t6 > 0)
	WHERE c > 0
	GROUP BY player_id, game, options, n
	ON CONFLICT (player_id, game, options, dice) DO UPDATE SET
		throws = throws + excluded.throws,
		busts = busts + excluded.busts`
	bulkEventStats = `INSERT INTO event_stats (player_id, role, game, options, kind, n, points)
	SELECT x.pid, x.role, g.game, g.options, x.kind, count(*), sum(x.points)
	FROM (SELECT game_id, player_id AS pid, 'to' AS role, kind, points FROM events WHERE game_id IN (SELECT value FROM json_each(?1))
		UNION ALL SELECT game_id, from_id, 'by', kind, points FROM events WHERE game_id IN (SELECT value FROM json_each(?1))) x
	JOIN games g ON g.id = x.game_id
	WHERE x.pid IS NOT NULL
	GROUP BY x.pid, x.role, g.game, g.options, x.kind
	ON CONFLICT (player_id, role, game, options, kind) DO UPDATE SET
		n = n + excluded.n,
		points = points + excluded.points`
	bulkSyncPending = `INSERT INTO sync_pending (game_id, changes) VALUES (?, ?)
		ON CONFLICT (game_id) DO UPDATE SET changes = changes + excluded.changes`
)

// bulkSummaries does the triggers' work for the games b stored, in their
// transaction.
func (db *DB) bulkSummaries(ctx context.Context, tx *sql.Tx, b *bulkTx) error {
	if len(b.games) == 0 {
		return nil
	}
	list := b.gamesList()
	for _, q := range []string{bulkTurnStats, bulkDiceStats, bulkEventStats} {
		if _, err := db.exec(ctx, tx, q, list); err != nil {
			return err
		}
	}
	for i, row := range b.games {
		if _, err := db.exec(ctx, tx, bulkSyncPending, row, b.changes[i]); err != nil {
			return err
		}
	}
	return nil
}

// The statements of results_stats_insert, with the new row's values as
// parameters: ?1 player, ?2 game, ?3 options, ?4 won, ?5 total, ?6 ended,
// ?7 games.id.
const (
	resultStatsAdd = `INSERT INTO result_stats (player_id, game, options, played, won, total, high, low, last, last_game, streak, longest)
    SELECT ?1, ?2, o.options, 1, ?4, ?5, ?5, ?5, ?6, ?7, ?4, ?4
    FROM (SELECT ?3 AS options UNION ALL SELECT '*') o WHERE true
    ON CONFLICT (player_id, game, options) DO UPDATE SET
        played = played + 1,
        won = won + excluded.won,
        total = total + excluded.total,
        high = max(high, excluded.high),
        low = min(low, excluded.low),
        streak = CASE WHEN (excluded.last, excluded.last_game) > (last, last_game)
            THEN CASE WHEN excluded.won = 1 THEN streak + 1 ELSE 0 END ELSE -1 END,
        longest = CASE WHEN (excluded.last, excluded.last_game) > (last, last_game)
            THEN max(longest, CASE WHEN excluded.won = 1 THEN streak + 1 ELSE 0 END) ELSE -1 END,
        last_game = CASE WHEN (excluded.last, excluded.last_game) > (last, last_game) THEN excluded.last_game ELSE last_game END,
        last = max(last, excluded.last)`
	resultStatsRuns = `UPDATE result_stats SET
        streak = (SELECT streak FROM result_runs r WHERE (r.player_id, r.game, r.options) = (result_stats.player_id, result_stats.game, result_stats.options)),
        longest = (SELECT longest FROM result_runs r WHERE (r.player_id, r.game, r.options) = (result_stats.player_id, result_stats.game, result_stats.options))
    WHERE player_id = ?1 AND game = ?2 AND options IN (?3, '*') AND streak < 0`
)

// resultStats does what results_stats_insert does for one new results row.
func (db *DB) resultStats(ctx context.Context, tx *sql.Tx, player int64, game, options string, won, total int, ended, row int64) error {
	if _, err := db.exec(ctx, tx, resultStatsAdd, player, game, options, won, total, ended, row); err != nil {
		return err
	}
	_, err := db.exec(ctx, tx, resultStatsRuns, player, game, options)
	return err
}

// insertEntriesJSON inserts the entries of game ?1 from the JSON array ?2
// (entriesJSON), numbered from 0: one statement and two values for a
// game's hundreds of entries (binding seven values a row cost a third of
// their insert).
const insertEntriesJSON = `INSERT INTO entries (game_id, n, kind, roll, keep, fives, category)
	SELECT ?1, key, value->>0, value->>1, value->>2, value->>3, value->>4 FROM json_each(?2)`

// entriesJSON writes es for insertEntriesJSON, each entry as entryArgs
// stores it: [kind, roll, keep, fives, category], pips as digit strings,
// null for a value stored as NULL.
func entriesJSON(es []scoresheet.Entry) string {
	b := make([]byte, 0, 32*len(es)+2)
	b = append(b, '[')
	pips := func(p []int) {
		if p == nil {
			b = append(b, "null"...)
			return
		}
		b = append(b, '"')
		for _, d := range p {
			b = append(b, byte('0'+d))
		}
		b = append(b, '"')
	}
	for i, e := range es {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = appendJSONString(b, string(e.Kind))
		b = append(b, ',')
		pips(e.Roll)
		b = append(b, ',')
		pips(e.Keep)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(e.FivesAsOnes), 10)
		b = append(b, ',')
		if e.Category == "" {
			b = append(b, "null"...)
		} else {
			b = appendJSONString(b, e.Category)
		}
		b = append(b, ']')
	}
	return string(append(b, ']'))
}

// appendJSONString appends s as a JSON string.
func appendJSONString(b []byte, s string) []byte {
	q, err := json.Marshal(s)
	if err != nil {
		panic(err) // a string always encodes
	}
	return append(b, q...)
}
