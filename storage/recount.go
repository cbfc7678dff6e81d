package storage

import (
	"context"
	"database/sql"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
)

// recountFailedConfirmations is the Go step of migration 006: it replays
// every stored 5050 game through the rules and writes each turn's "failed
// confirmation" flag (turns.failed and the turn_stats sums) as the rules
// count it now, and tells Options.RecountProgress how far it has come. It reads
// the tables as they are at version 6, not through loadGame, so that later
// migrations cannot change what it sees. A game that no longer replays
// keeps its summaries as they were.
func (db *DB) recountFailedConfirmations(ctx context.Context, tx *sql.Tx) error {
	type game struct {
		row     int64
		options string
	}
	var games []game
	rows, err := tx.QueryContext(ctx, `SELECT id, options FROM games WHERE game = '5050' ORDER BY id`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var g game
		if err := rows.Scan(&g.row, &g.options); err != nil {
			rows.Close()
			return err
		}
		games = append(games, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	progress := db.opts.RecountProgress
	if progress == nil || len(games) == 0 {
		progress = func(int, int) {}
	}
	progress(0, len(games))
	for i, g := range games {
		if i > 0 {
			progress(i, len(games))
		}
		rules, err := rulesOf("5050", g.options)
		if err != nil {
			continue
		}
		names, err := v6Names(ctx, tx, g.row)
		if err != nil {
			return err
		}
		entries, err := v6Entries(ctx, tx, g.row)
		if err != nil {
			return err
		}
		sheet, err := scoresheet.FromEntries(rules, names, entries)
		if err != nil {
			continue
		}
		stored, err := v6Turns(ctx, tx, g.row)
		if err != nil {
			return err
		}
		for n, t := range sheet.Turns() {
			if st, ok := stored[n]; ok && st.failed != b2i(t.FailedObligation) {
				if err := v6SetFailed(ctx, tx, g.row, g.options, n, st, b2i(t.FailedObligation)); err != nil {
					return err
				}
			}
		}
	}
	progress(len(games), len(games))
	return nil
}

// v6Turn is a stored turn summary as the recount needs it.
type v6Turn struct {
	player         int64
	game, end, cat string
	left, failed   int
}

// v6Turns reads a game's turn summaries in one query.
func v6Turns(ctx context.Context, tx *sql.Tx, row int64) (map[int]v6Turn, error) {
	rows, err := tx.QueryContext(ctx, `SELECT turn, player_id, game, end_kind, dice_left, coalesce(category, ''), failed FROM turns WHERE game_id = ?`, row)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int]v6Turn{}
	for rows.Next() {
		var n int
		var t v6Turn
		if err := rows.Scan(&n, &t.player, &t.game, &t.end, &t.left, &t.cat, &t.failed); err != nil {
			return nil, err
		}
		out[n] = t
	}
	return out, rows.Err()
}

func v6Names(ctx context.Context, tx *sql.Tx, row int64) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id WHERE s.game_id = ? ORDER BY s.seat`, row)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

func v6Entries(ctx context.Context, tx *sql.Tx, row int64) ([]scoresheet.Entry, error) {
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

// v6SetFailed writes turn n's flag and moves the difference into its
// turn_stats row (whose triggers see only inserts and deletes of turns).
func v6SetFailed(ctx context.Context, tx *sql.Tx, row int64, options string, n int, t v6Turn, failed int) error {
	if _, err := tx.ExecContext(ctx, `UPDATE turns SET failed = ? WHERE game_id = ? AND turn = ?`, failed, row, n); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE turn_stats SET failed = failed + ?
		WHERE player_id = ? AND game = ? AND options = ? AND end_kind = ? AND dice_left = ? AND category = ?`,
		failed-t.failed, t.player, t.game, options, t.end, t.left, t.cat)
	return err
}
