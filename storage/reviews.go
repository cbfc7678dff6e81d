package storage

import (
	"context"
	"database/sql"
	"runtime"
	"sync"
	"time"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// ReviewValuers are the solvers the stored reviews come from. They are
// exact and deterministic, so a review does not depend on the device that
// computed it (tests swap in tables kept in memory; nothing else should).
var ReviewValuers = review.Solvers

// ReviewProgress, when set (before Open), is told how far migration 015 has
// come reviewing the finished games already stored: done of total. The
// command line shows it for large histories.
var ReviewProgress func(done, total int)

// stored reports whether games of g get review rows: the games with
// decisions (Totwürfeln is reviewed, but has none).
func stored(g validate.GameID) bool {
	return review.RatesDecisions(g)
}

// writeReview writes the review rows of finished game g (row, player ids
// by seat, options key) in tx; rv is its review when it was made before
// (nil: made here). A game the review cannot rate keeps no rows: a review
// never stands in the way of an entry.
func writeReview(ctx context.Context, tx *sql.Tx, row int64, players []int64, options string, g *scoresheet.Game, rv *review.Review, ended time.Time) error {
	if rv == nil {
		rv = reviewOf(g)
	}
	if rv == nil {
		return nil
	}
	return insertReview(ctx, tx, row, players, options, rv, ended)
}

// reviewOf is the review of finished game g that the database keeps, or nil
// when it keeps none.
func reviewOf(g *scoresheet.Game) *review.Review {
	if !g.Finished() || !stored(g.Rules.Game) {
		return nil
	}
	rv, err := review.OfGame(g, ReviewValuers())
	if err != nil {
		return nil
	}
	return rv
}

func insertReview(ctx context.Context, tx *sql.Tx, row int64, players []int64, options string, rv *review.Review, ended time.Time) error {
	for seat, p := range rv.Players {
		if _, err := tx.ExecContext(ctx, `INSERT INTO reviews (game_id, seat, player_id, game, options, decisions, loss, luck, quick_turns, ended)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			row, seat, players[seat], string(rv.Game), options, p.Decisions, p.Loss, p.Luck, p.QuickTurns, ended.UnixMilli()); err != nil {
			return err
		}
	}
	return nil
}

// reviewAllGames is the Go step of migration 015: it reviews every finished
// game already stored (on all cores; the writes stay in the migration's
// transaction) and tells ReviewProgress how far it has come. It reads the
// tables as they are at version 15. A game that no longer replays gets no
// review.
func reviewAllGames(ctx context.Context, tx *sql.Tx) error {
	type job struct {
		row     int64
		game    string
		options string
		ended   int64
		players []int64
		names   []string
		entries []scoresheet.Entry
		rv      *review.Review
	}
	var jobs []*job
	rows, err := tx.QueryContext(ctx, `SELECT id, game, options, coalesce(ended, started) FROM games
		WHERE status = 'finished' AND game IN ('5050', '5000', 'zehntausend', 'kniffel') ORDER BY id`)
	if err != nil {
		return err
	}
	for rows.Next() {
		j := &job{}
		if err := rows.Scan(&j.row, &j.game, &j.options, &j.ended); err != nil {
			rows.Close()
			return err
		}
		jobs = append(jobs, j)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if len(jobs) == 0 {
		return nil
	}
	// Seats and entries of every game, in two passes over the tables.
	byRow := make(map[int64]*job, len(jobs))
	for _, j := range jobs {
		byRow[j.row] = j
	}
	seats, err := tx.QueryContext(ctx, `SELECT s.game_id, s.player_id, p.name FROM seats s JOIN players p ON p.id = s.player_id ORDER BY s.game_id, s.seat`)
	if err != nil {
		return err
	}
	for seats.Next() {
		var row, pid int64
		var name string
		if err := seats.Scan(&row, &pid, &name); err != nil {
			seats.Close()
			return err
		}
		if j := byRow[row]; j != nil {
			j.players, j.names = append(j.players, pid), append(j.names, name)
		}
	}
	seats.Close()
	if err := seats.Err(); err != nil {
		return err
	}
	es, err := tx.QueryContext(ctx, `SELECT game_id, kind, roll, keep, fives, category FROM entries ORDER BY game_id, n`)
	if err != nil {
		return err
	}
	for es.Next() {
		var row int64
		var e scoresheet.Entry
		var roll, keep, cat sql.NullString
		if err := es.Scan(&row, &e.Kind, &roll, &keep, &e.FivesAsOnes, &cat); err != nil {
			es.Close()
			return err
		}
		if j := byRow[row]; j != nil {
			e.Roll, e.Keep, e.Category = pipsOf(roll), pipsOf(keep), cat.String
			j.entries = append(j.entries, e)
		}
	}
	es.Close()
	if err := es.Err(); err != nil {
		return err
	}

	// Review on every core.
	total := len(jobs)
	progress := ReviewProgress
	if progress != nil {
		progress(0, total)
	}
	var mu sync.Mutex
	done := 0
	next := make(chan *job)
	var wg sync.WaitGroup
	for range max(runtime.GOMAXPROCS(0), 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := ReviewValuers()
			for j := range next {
				if rules, err := rulesOf(j.game, j.options); err == nil {
					if rv, err := review.Of(rules, j.names, j.entries, v); err == nil && rv.Finished {
						j.rv = rv
					}
				}
				j.entries = nil
				if progress != nil {
					mu.Lock()
					done++
					if done%200 == 0 || done == total {
						progress(done, total)
					}
					mu.Unlock()
				}
			}
		}()
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	for _, j := range jobs {
		if j.rv == nil {
			continue
		}
		if err := insertReview(ctx, tx, j.row, j.players, j.options, j.rv, time.UnixMilli(j.ended)); err != nil {
			return err
		}
	}
	return nil
}
