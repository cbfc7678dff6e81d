package storage

import (
	"context"
	"database/sql"
	"slices"
	"strings"
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
	// The review by the chance to win, over the games that have one (two
	// players of the Zehntausend family): how many, their decisions, Σ
	// chance thrown away and Σ luck (chances from 0 to 1), and the
	// averages per game and per decision.
	WinGames           int     `json:"win_games"`
	WinDecisions       int     `json:"win_decisions"`
	WinLoss            float64 `json:"win_loss"`
	WinLuck            float64 `json:"win_luck"`
	WinLossPerGame     float64 `json:"win_loss_per_game"`
	WinLossPerDecision float64 `json:"win_loss_per_decision"`
	WinLuckPerGame     float64 `json:"win_luck_per_game"`
}

// reviewSums are the sums a query of the reviews table gives.
type reviewSums struct {
	games, decisions, quick int
	loss, luck              float64
	winGames, winDecisions  int
	winLoss, winLuck        float64
}

// reviewSumsSQL are the columns of reviewSums over the rows of the reviews
// table under alias a.
func reviewSumsSQL(a string) string {
	return strings.ReplaceAll(`count(*), sum(@.decisions), sum(@.loss), sum(@.luck), sum(@.quick_turns),
	count(@.win_loss), total(CASE WHEN @.win_loss IS NOT NULL THEN @.decisions END), total(@.win_loss), total(@.win_luck)`, "@", a)
}

func (s *reviewSums) scan() []any {
	return []any{&s.games, &s.decisions, &s.loss, &s.luck, &s.quick, &s.winGames, &s.winDecisions, &s.winLoss, &s.winLuck}
}

func (r *ReviewFigures) add(s reviewSums) {
	r.Games += s.games
	r.Decisions += s.decisions
	r.QuickTurns += s.quick
	r.Loss += s.loss
	r.Luck += s.luck
	r.WinGames += s.winGames
	r.WinDecisions += s.winDecisions
	r.WinLoss += s.winLoss
	r.WinLuck += s.winLuck
}

func (r *ReviewFigures) finish() {
	r.LossPerGame = avg(r.Loss, r.Games)
	r.LossPerDecision = avg(r.Loss, r.Decisions)
	r.LuckPerGame = avg(r.Luck, r.Games)
	r.WinLossPerGame = avg(r.WinLoss, r.WinGames)
	r.WinLossPerDecision = avg(r.WinLoss, r.WinDecisions)
	r.WinLuckPerGame = avg(r.WinLuck, r.WinGames)
}

// reviews adds the review figures to the sets (and the game over all sets).
func (c *collector) reviews(ctx context.Context, tx *sql.Tx, pid int64, game string) error {
	where, args := filter(pid, game)
	rows, err := tx.QueryContext(ctx, `SELECT s.player_id, p.name, s.game, s.options, `+reviewSumsSQL("s")+`
		FROM reviews s JOIN players p ON p.id = s.player_id`+where+` GROUP BY s.player_id, s.game, s.options`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var k setKey
		var name string
		var sums reviewSums
		if err := rows.Scan(append([]any{&k.player, &name, &k.game, &k.options}, sums.scan()...)...); err != nil {
			return err
		}
		c.player(k.player, name)
		one, every := c.set(k)
		for _, fg := range []*Figures{one, every} {
			if fg.Review == nil {
				fg.Review = &ReviewFigures{}
			}
			fg.Review.add(sums)
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
		rows, err := tx.QueryContext(ctx, `SELECT p.name, `+reviewSumsSQL("r")+`
			FROM reviews r JOIN players p ON p.id = r.player_id
			WHERE r.game = ? AND (? = '' OR r.options = ?)
			GROUP BY r.player_id HAVING count(*) >= ?`, game, options, options, ByPlayMinGames)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r ByPlayRow
			var sums reviewSums
			if err := rows.Scan(append([]any{&r.Name}, sums.scan()...)...); err != nil {
				return err
			}
			r.add(sums)
			r.finish()
			out = append(out, r)
		}
		return rows.Err()
	})
	slices.SortStableFunc(out, CompareByPlay)
	return out, err
}

// RankedByWin reports whether a row of the "by play" board is ranked by the
// chance to win thrown away: it has ByPlayMinGames games reviewed by it.
func (r ReviewFigures) RankedByWin() bool { return r.WinGames >= ByPlayMinGames }

// CompareByPlay orders the "by play" board: the players ranked by the
// chance to win thrown away per decision first (least first), then the
// others by the points thrown away per decision; at equal figures by name.
func CompareByPlay(a, b ByPlayRow) int {
	aw, bw := a.RankedByWin(), b.RankedByWin()
	switch {
	case aw && !bw:
		return -1
	case bw && !aw:
		return 1
	}
	x, y := a.LossPerDecision, b.LossPerDecision
	if aw {
		x, y = a.WinLossPerDecision, b.WinLossPerDecision
	}
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return compareNames(a.Name, b.Name)
}

// ReviewPoint is one reviewed game of a player on a chart over time.
type ReviewPoint struct {
	Ended     time.Time `json:"ended"`
	Decisions int       `json:"decisions"`
	Loss      float64   `json:"loss"`
	Luck      float64   `json:"luck"`
	// The chance to win thrown away and the luck in it (0–1); nil where
	// the game has no review by the chance to win.
	WinLoss *float64 `json:"win_loss,omitempty"`
	WinLuck *float64 `json:"win_luck,omitempty"`
}

// LossTimeline is a player's loss and luck per reviewed game of a game, the
// last n games (n <= 0: all), oldest first: of the house-rule set set
// (Figures.Set), or of every set together (AllSets).
func (db *DB) LossTimeline(ctx context.Context, player, game, set string, n int) ([]ReviewPoint, error) {
	if n <= 0 {
		n = -1
	}
	var out []ReviewPoint
	err := db.view(ctx, func(tx *sql.Tx) error {
		p, err := findPlayer(ctx, tx, player)
		if err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT ended, decisions, loss, luck, win_loss, win_luck FROM reviews
			WHERE player_id = ? AND game = ? AND (? = '' OR options = ?) ORDER BY ended DESC, game_id DESC LIMIT ?`, p.ID, game, set, set, n)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var rp ReviewPoint
			var ended int64
			var wl, wk sql.NullFloat64
			if err := rows.Scan(&ended, &rp.Decisions, &rp.Loss, &rp.Luck, &wl, &wk); err != nil {
				return err
			}
			if wl.Valid {
				rp.WinLoss, rp.WinLuck = &wl.Float64, &wk.Float64
			}
			rp.Ended = time.UnixMilli(ended)
			out = append(out, rp)
		}
		return rows.Err()
	})
	slices.Reverse(out)
	return out, err
}
