package storage

import (
	"context"
	"database/sql"
	"slices"
	"time"
)

// ReviewFigures are a player's review figures (docs/REVIEW.md) over the
// reviewed finished games of a game or house-rule set.
type ReviewFigures struct {
	Games           int     `json:"games"` // reviewed games
	Decisions       int     `json:"decisions"`
	Loss            float64 `json:"loss"` // Σ loss
	Luck            float64 `json:"luck"` // Σ luck
	QuickTurns      int     `json:"quick_turns,omitempty"`
	LossPerGame     float64 `json:"loss_per_game"`
	LossPerDecision float64 `json:"loss_per_decision"`
	LuckPerGame     float64 `json:"luck_per_game"`
}

func (r *ReviewFigures) add(games, decisions, quick int, loss, luck float64) {
	r.Games += games
	r.Decisions += decisions
	r.QuickTurns += quick
	r.Loss += loss
	r.Luck += luck
}

func (r *ReviewFigures) finish() {
	r.LossPerGame = avg(r.Loss, r.Games)
	r.LossPerDecision = avg(r.Loss, r.Decisions)
	r.LuckPerGame = avg(r.Luck, r.Games)
}

// reviews adds the review figures to the sets (and the game over all sets).
func (c *collector) reviews(ctx context.Context, tx *sql.Tx, pid int64, game string) error {
	where, args := filter(pid, game)
	rows, err := tx.QueryContext(ctx, `SELECT s.player_id, p.name, s.game, s.options, count(*), sum(s.decisions), sum(s.loss), sum(s.luck), sum(s.quick_turns)
		FROM reviews s JOIN players p ON p.id = s.player_id`+where+` GROUP BY s.player_id, s.game, s.options`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var k setKey
		var name string
		var games, decisions, quick int
		var loss, luck float64
		if err := rows.Scan(&k.player, &name, &k.game, &k.options, &games, &decisions, &loss, &luck, &quick); err != nil {
			return err
		}
		c.player(k.player, name)
		one, every := c.set(k)
		for _, fg := range []*Figures{one, every} {
			if fg.Review == nil {
				fg.Review = &ReviewFigures{}
			}
			fg.Review.add(games, decisions, quick, loss, luck)
		}
	}
	return rows.Err()
}

// ByPlayRow is one player on the "by play" leaderboard.
type ByPlayRow struct {
	Name string `json:"name"`
	ReviewFigures
}

// ByPlayMinGames is how many reviewed games a player needs on the "by
// play" leaderboard.
const ByPlayMinGames = 5

// ByPlay is the "by play" leaderboard of a game (options: a house-rule set
// key as stored, "" for all sets together): the players with at least
// ByPlayMinGames reviewed games, the least loss per decision first.
func (db *DB) ByPlay(ctx context.Context, game, options string) ([]ByPlayRow, error) {
	var out []ByPlayRow
	err := db.view(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT p.name, count(*), sum(r.decisions), sum(r.loss), sum(r.luck), sum(r.quick_turns)
			FROM reviews r JOIN players p ON p.id = r.player_id
			WHERE r.game = ? AND (? = '' OR r.options = ?)
			GROUP BY r.player_id HAVING count(*) >= ?`, game, options, options, ByPlayMinGames)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r ByPlayRow
			var games, decisions, quick int
			var loss, luck float64
			if err := rows.Scan(&r.Name, &games, &decisions, &loss, &luck, &quick); err != nil {
				return err
			}
			r.add(games, decisions, quick, loss, luck)
			r.finish()
			out = append(out, r)
		}
		return rows.Err()
	})
	slices.SortStableFunc(out, func(a, b ByPlayRow) int {
		switch {
		case a.LossPerDecision < b.LossPerDecision:
			return -1
		case a.LossPerDecision > b.LossPerDecision:
			return 1
		}
		return compareNames(a.Name, b.Name)
	})
	return out, err
}

// ReviewPoint is one reviewed game of a player on a chart over time.
type ReviewPoint struct {
	Ended     time.Time `json:"ended"`
	Decisions int       `json:"decisions"`
	Loss      float64   `json:"loss"`
	Luck      float64   `json:"luck"`
}

// LossTimeline is a player's loss and luck per reviewed game of a game, the
// last n games (n <= 0: all), oldest first.
func (db *DB) LossTimeline(ctx context.Context, player, game string, n int) ([]ReviewPoint, error) {
	if n <= 0 {
		n = -1
	}
	var out []ReviewPoint
	err := db.view(ctx, func(tx *sql.Tx) error {
		p, err := findPlayer(ctx, tx, player)
		if err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT ended, decisions, loss, luck FROM reviews
			WHERE player_id = ? AND game = ? ORDER BY ended DESC, game_id DESC LIMIT ?`, p.ID, game, n)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var rp ReviewPoint
			var ended int64
			if err := rows.Scan(&ended, &rp.Decisions, &rp.Loss, &rp.Luck); err != nil {
				return err
			}
			rp.Ended = time.UnixMilli(ended)
			out = append(out, rp)
		}
		return rows.Err()
	})
	slices.Reverse(out)
	return out, err
}
