package storage

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Reviewer reviews a finished game for the reviews table (docs/REVIEW.md):
// one row per seat, or none (nil) for a game whose kind keeps no review.
// Storage runs no solver itself: it is handed a Reviewer when it is opened
// (Options) and asks it before the transaction that stores the game, so
// that no solver runs under the write lock. A Reviewer must be safe for
// concurrent use and deterministic: the rows of a game must not depend on
// the device that computed them.
type Reviewer interface {
	Review(g *scoresheet.Game) ([]ReviewRow, error)
}

// ReviewRow is what the reviews table keeps of one player's review of a
// finished game. A new figure is a field here, a line in reviewColumns and
// a migration that adds its column.
type ReviewRow struct {
	Decisions  int     // decisions rated
	Loss       float64 // Σ loss of the decisions (≥ 0)
	Luck       float64 // Σ luck of the throws
	QuickTurns int     // Kniffel turns entered as final dice only
	// The review by the chance to win (two players of the Zehntausend
	// family; Win false: none, the columns NULL): chances from 0 to 1,
	// Result = WinStart + WinLuck − WinLoss.
	Win                                bool
	WinStart, WinLuck, WinLoss, Result float64
	WinExact                           bool
}

// ifWin is v where r has a review by the chance to win, else NULL.
func ifWin(r ReviewRow, v any) any {
	if !r.Win {
		return nil
	}
	return v
}

// reviewColumns are the columns of the reviews table a ReviewRow fills,
// with the value of each.
var reviewColumns = []struct {
	name  string
	value func(ReviewRow) any
}{
	{"decisions", func(r ReviewRow) any { return r.Decisions }},
	{"loss", func(r ReviewRow) any { return r.Loss }},
	{"luck", func(r ReviewRow) any { return r.Luck }},
	{"quick_turns", func(r ReviewRow) any { return r.QuickTurns }},
	{"win_start", func(r ReviewRow) any { return ifWin(r, r.WinStart) }},
	{"win_luck", func(r ReviewRow) any { return ifWin(r, r.WinLuck) }},
	{"win_loss", func(r ReviewRow) any { return ifWin(r, r.WinLoss) }},
	{"result", func(r ReviewRow) any { return ifWin(r, r.Result) }},
	{"win_exact", func(r ReviewRow) any { return ifWin(r, r.WinExact) }},
}

// insertReview inserts one row of the reviews table: game row, seat,
// player, game, options, the reviewColumns, ended.
var insertReview = func() string {
	cols := []string{"game_id", "seat", "player_id", "game", "options"}
	for _, c := range reviewColumns {
		cols = append(cols, c.name)
	}
	cols = append(cols, "ended")
	return `INSERT INTO reviews (` + strings.Join(cols, ", ") + `) VALUES (?` + strings.Repeat(", ?", len(cols)-1) + `)`
}()

// reviewOf is what the reviews table is to keep of finished game g, by
// seat: nil for a game that is not finished, a database opened without a
// reviewer, a kind that keeps no review, or a game the review cannot rate
// (a review never stands in the way of an entry). It runs the reviewer:
// call it before the write transaction, never inside it.
func (db *DB) reviewOf(g *scoresheet.Game) []ReviewRow {
	if g == nil || !g.Finished() || db.opts.Reviewer == nil {
		return nil
	}
	rows, err := db.opts.Reviewer.Review(g)
	if err != nil || len(rows) != len(g.Players) {
		return nil
	}
	return rows
}

// writeReview writes the review rows of a finished game (row, player ids
// by seat, game, options key) in tx with exec; no rows, nothing.
func writeReview(ctx context.Context, tx *sql.Tx, exec execFunc, row int64, players []int64, game, options string, rows []ReviewRow, ended time.Time) error {
	for seat, r := range rows {
		args := []any{row, seat, players[seat], game, options}
		for _, c := range reviewColumns {
			args = append(args, c.value(r))
		}
		if _, err := exec(ctx, tx, insertReview, append(args, ended.UnixMilli())...); err != nil {
			return err
		}
	}
	return nil
}

// recomputeReviews is the Go step of migration 018: every stored review is
// made again, with the win figures (migration 015 has no step of its own
// any more: a database from before it gets its reviews here, once).
func (db *DB) recomputeReviews(ctx context.Context, tx *sql.Tx) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM reviews`); err != nil {
		return err
	}
	return db.reviewAllGames(ctx, tx)
}

// reviewJob is a finished game migration 018 reviews.
type reviewJob struct {
	row     int64
	game    string
	options string
	ended   int64
	players []int64
	names   []string
	entries []scoresheet.Entry
	rows    []ReviewRow
}

// errNoReviewer: migration 015 would record finished games as reviewed
// with no review.
var errNoReviewer = errors.New("storage: the finished games need a review, and the database was opened without a reviewer")

// reviewAllGames (migration 018's step) reviews every finished
// game already stored (on all cores; the writes stay in the migration's
// transaction, the one place a reviewer runs under the write lock: the
// schema change must be whole) and tells Options.ReviewProgress how far it
// has come. It reads the tables as they are at version 18. A game that no
// longer replays gets no review.
func (db *DB) reviewAllGames(ctx context.Context, tx *sql.Tx) error {
	jobs, err := v15FinishedGames(ctx, tx)
	if err != nil {
		return err
	}
	return db.reviewListed(ctx, tx, jobs)
}

// reviewListed reviews the jobs and writes their rows in tx, a chunk of
// games at a time (reviewChunk, in the order of their rows): what is in
// memory at once is one chunk's entries and reviews, however large the
// history.
func (db *DB) reviewListed(ctx context.Context, tx *sql.Tx, jobs []*reviewJob) error {
	if len(jobs) == 0 {
		return nil
	}
	if db.opts.Reviewer == nil {
		return errNoReviewer
	}
	jobs = slices.Clone(jobs)
	slices.SortFunc(jobs, func(a, b *reviewJob) int { return cmp.Compare(a.row, b.row) })
	progress := db.opts.ReviewProgress
	if progress == nil {
		progress = func(int, int) {}
	}
	progress(0, len(jobs))
	for from := 0; from < len(jobs); from += reviewChunk {
		chunk := jobs[from:min(from+reviewChunk, len(jobs))]
		if err := db.reviewChunkOf(ctx, tx, chunk); err != nil {
			return err
		}
		progress(from+len(chunk), len(jobs))
	}
	return nil
}

// reviewChunk is how many games a migration's review holds in memory at
// once: enough to keep every core busy, few enough that a 20,000-game
// history is reviewed in a few tens of MB.
var reviewChunk = 200

// reviewChunkOf reads, reviews and writes the jobs of one chunk (sorted by
// row), then lets their entries and rows go.
func (db *DB) reviewChunkOf(ctx context.Context, tx *sql.Tx, chunk []*reviewJob) error {
	byRow := make(map[int64]*reviewJob, len(chunk))
	for _, j := range chunk {
		byRow[j.row] = j
	}
	lo, hi := chunk[0].row, chunk[len(chunk)-1].row
	if err := v15Seats(ctx, tx, byRow, lo, hi); err != nil {
		return err
	}
	if err := v15Entries(ctx, tx, byRow, lo, hi); err != nil {
		return err
	}
	db.reviewJobs(chunk)
	for _, j := range chunk {
		if err := writeReview(ctx, tx, plainExec, j.row, j.players, j.game, j.options, j.rows, time.UnixMilli(j.ended)); err != nil {
			return err
		}
		j.players, j.names, j.entries, j.rows = nil, nil, nil, nil
	}
	return nil
}

// reviewDreissigGames is the Go step of migration 024: the finished games
// of Dreißig tot already stored get their reviews, as reviewAllGames gives
// every other game (a database that had run migration 015 before Dreißig
// tot was reviewed has none of them).
func (db *DB) reviewDreissigGames(ctx context.Context, tx *sql.Tx) error {
	all, err := v15FinishedGames(ctx, tx)
	if err != nil {
		return err
	}
	var jobs []*reviewJob
	for _, j := range all {
		if validate.VariantOf(validate.GameID(j.game)).Family != validate.FamilyDreissig {
			continue
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM reviews WHERE game_id = ?`, j.row).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			jobs = append(jobs, j)
		}
	}
	return db.reviewListed(ctx, tx, jobs)
}

// reviewManyPlayerGames is the Go step of migration 025: the finished
// games of the coached Zehntausend family (5050, 5000, zehntausend) with
// three or more players are reviewed again, now with the chance to win
// (before, only two-player games had it).
func (db *DB) reviewManyPlayerGames(ctx context.Context, tx *sql.Tx) error {
	many, err := gamesOfPlayers(ctx, tx, 3)
	if err != nil {
		return err
	}
	return db.reviewAgain(ctx, tx, func(j *reviewJob) bool {
		v := validate.VariantOf(validate.GameID(j.game))
		return many[j.row] && v.Family == validate.FamilyZehntausend && v.Coached
	})
}

// reviewDreissigAgain is the Go step of migrations 027 and 030: the
// finished Dreißig-tot games of three or more players are reviewed again
// with the tables of format v3, then v4.
func (db *DB) reviewDreissigAgain(ctx context.Context, tx *sql.Tx) error {
	many, err := gamesOfPlayers(ctx, tx, 3)
	if err != nil {
		return err
	}
	return db.reviewAgain(ctx, tx, func(j *reviewJob) bool {
		return many[j.row] && validate.VariantOf(validate.GameID(j.game)).Family == validate.FamilyDreissig
	})
}

// gamesOfPlayers is the rows of the games with at least n players.
func gamesOfPlayers(ctx context.Context, tx *sql.Tx, n int) (map[int64]bool, error) {
	many := map[int64]bool{}
	rows, err := tx.QueryContext(ctx, `SELECT game_id FROM seats GROUP BY game_id HAVING count(*) >= ?`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var row int64
		if err := rows.Scan(&row); err != nil {
			return nil, err
		}
		many[row] = true
	}
	return many, rows.Err()
}

// reviewAgain deletes the review rows of the finished games that again
// picks and reviews them anew.
func (db *DB) reviewAgain(ctx context.Context, tx *sql.Tx, again func(*reviewJob) bool) error {
	all, err := v15FinishedGames(ctx, tx)
	if err != nil {
		return err
	}
	var jobs []*reviewJob
	for _, j := range all {
		if !again(j) {
			continue
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM reviews WHERE game_id = ?`, j.row); err != nil {
			return err
		}
		jobs = append(jobs, j)
	}
	return db.reviewListed(ctx, tx, jobs)
}

// keepsReview reports whether the reviews table keeps the reviews of the
// games of this stored id: its definition says so.
func keepsReview(game string) bool {
	return validate.VariantOf(validate.GameID(game)).Review == validate.ReviewDecisions
}

// v15FinishedGames lists the finished games whose reviews are kept, as the
// tables hold them at version 15.
func v15FinishedGames(ctx context.Context, tx *sql.Tx) ([]*reviewJob, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, game, options, coalesce(ended, started) FROM games
		WHERE status = 'finished' ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var jobs []*reviewJob
	for rows.Next() {
		j := &reviewJob{}
		if err := rows.Scan(&j.row, &j.game, &j.options, &j.ended); err != nil {
			return nil, err
		}
		if keepsReview(j.game) {
			jobs = append(jobs, j)
		}
	}
	return jobs, rows.Err()
}

// v15Seats reads the players of the games in byRow (their rows between lo
// and hi), in one pass.
func v15Seats(ctx context.Context, tx *sql.Tx, byRow map[int64]*reviewJob, lo, hi int64) error {
	rows, err := tx.QueryContext(ctx, `SELECT s.game_id, s.player_id, p.name FROM seats s JOIN players p ON p.id = s.player_id WHERE s.game_id BETWEEN ? AND ? ORDER BY s.game_id, s.seat`, lo, hi)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var row, pid int64
		var name string
		if err := rows.Scan(&row, &pid, &name); err != nil {
			return err
		}
		if j := byRow[row]; j != nil {
			j.players, j.names = append(j.players, pid), append(j.names, name)
		}
	}
	return rows.Err()
}

// v15Entries reads the entries of the games in byRow (their rows between
// lo and hi), in one pass.
func v15Entries(ctx context.Context, tx *sql.Tx, byRow map[int64]*reviewJob, lo, hi int64) error {
	rows, err := tx.QueryContext(ctx, `SELECT game_id, kind, roll, keep, fives, category FROM entries WHERE game_id BETWEEN ? AND ? ORDER BY game_id, n`, lo, hi)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var row int64
		var e scoresheet.Entry
		var roll, keep, cat sql.NullString
		if err := rows.Scan(&row, &e.Kind, &roll, &keep, &e.FivesAsOnes, &cat); err != nil {
			return err
		}
		if j := byRow[row]; j != nil {
			e.Roll, e.Keep, e.Category = pipsOf(roll), pipsOf(keep), cat.String
			j.entries = append(j.entries, e)
		}
	}
	return rows.Err()
}

// reviewJobs replays and reviews the jobs on every core.
func (db *DB) reviewJobs(jobs []*reviewJob) {
	next := make(chan *reviewJob)
	var wg sync.WaitGroup
	for range max(runtime.GOMAXPROCS(0), 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				if rules, err := rulesOf(j.game, j.options); err == nil {
					if g, err := scoresheet.FromEntries(rules, j.names, j.entries); err == nil {
						j.rows = db.reviewOf(g)
					}
				}
				j.entries = nil
			}
		}()
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
}
