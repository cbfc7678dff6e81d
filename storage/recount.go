package storage

import (
	"context"
	"database/sql"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
)

// recountFailedConfirmations is the Go step of migration 006: it replays
// every stored 5050 game through the rules and writes each turn's "failed
// confirmation" flag (turns.failed and the turn_stats sums) as the rules
// count it now. It reads the tables as they are at version 6, not through
// loadGame, so that later migrations cannot change what it sees. A game
// that no longer replays keeps its summaries as they were.
func recountFailedConfirmations(ctx context.Context, tx *sql.Tx) error {
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
	for _, g := range games {
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
		for n, t := range sheet.Turns() {
			if err := v6SetFailed(ctx, tx, g.row, g.options, n, t.FailedObligation); err != nil {
				return err
			}
		}
	}
	return nil
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

// v6SetFailed writes turn n's flag where it differs, and moves the
// difference into its turn_stats row (whose triggers see only inserts and
// deletes of turns).
func v6SetFailed(ctx context.Context, tx *sql.Tx, row int64, options string, n int, failed bool) error {
	var player int64
	var game, end, category string
	var left, old int
	err := tx.QueryRowContext(ctx, `SELECT player_id, game, end_kind, dice_left, coalesce(category, ''), failed FROM turns WHERE game_id = ? AND turn = ?`, row, n).
		Scan(&player, &game, &end, &left, &category, &old)
	if err == sql.ErrNoRows {
		return nil
	}
	if err != nil {
		return err
	}
	diff := b2i(failed) - old
	if diff == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE turns SET failed = ? WHERE game_id = ? AND turn = ?`, b2i(failed), row, n); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE turn_stats SET failed = failed + ?
		WHERE player_id = ? AND game = ? AND options = ? AND end_kind = ? AND dice_left = ? AND category = ?`,
		diff, player, game, options, end, left, category)
	return err
}
