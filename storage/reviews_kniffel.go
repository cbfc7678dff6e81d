package storage

import (
	"context"
	"database/sql"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// reviewKniffelWinGames is the Go step of migration 026: the finished
// Kniffel games of two or more players already stored get their reviews
// again, now with the chance to win of the last three rounds (their rows
// had the win columns NULL). Progress goes to Options.ReviewProgress as in
// migration 018.
func (db *DB) reviewKniffelWinGames(ctx context.Context, tx *sql.Tx) error {
	all, err := v15FinishedGames(ctx, tx)
	if err != nil {
		return err
	}
	var jobs []*reviewJob
	for _, j := range all {
		if validate.VariantOf(validate.GameID(j.game)).Family != validate.FamilyKniffel {
			continue
		}
		// Two or more players, and not reviewed with the chance to win yet
		// (migration 018 in the same upgrade already did).
		var seats, done int
		if err := tx.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM seats WHERE game_id = ?1),
			(SELECT count(*) FROM reviews WHERE game_id = ?1 AND win_loss IS NOT NULL)`, j.row).Scan(&seats, &done); err != nil {
			return err
		}
		if seats < 2 || done > 0 {
			continue
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM reviews WHERE game_id = ?`, j.row); err != nil {
			return err
		}
		jobs = append(jobs, j)
	}
	return db.reviewListed(ctx, tx, jobs)
}
