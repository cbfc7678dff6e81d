package storage

import (
	"context"
	"database/sql"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// reviewBigFinalRounds is the Go step of migration 027: the finished games
// with a final round (5050, zehntausend) of four or more players already
// stored are reviewed again; the reviewer now follows their chance to win
// (up to its own limit of players: internal/reviewer.StoredWinPlayers).
func (db *DB) reviewBigFinalRounds(ctx context.Context, tx *sql.Tx) error {
	all, err := v15FinishedGames(ctx, tx)
	if err != nil {
		return err
	}
	var jobs []*reviewJob
	for _, j := range all {
		if v := validate.VariantOf(validate.GameID(j.game)); v.Family != validate.FamilyZehntausend || v.End != validate.EndFinalRound || !v.Coached {
			continue
		}
		var seats int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM seats WHERE game_id = ?`, j.row).Scan(&seats); err != nil {
			return err
		}
		if seats < 4 {
			continue
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM reviews WHERE game_id = ?`, j.row); err != nil {
			return err
		}
		jobs = append(jobs, j)
	}
	return db.reviewListed(ctx, tx, jobs)
}
