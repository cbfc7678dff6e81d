package storage

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/metrics"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/internal/cputime"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// testValuers are the solvers of the tests' reviews: the Kniffel tables
// kept in memory, not in the user's cache.
var testValuers = review.SolversWith(kniffel.NewCache(""))

// testReviewer reviews as the program's reviewer does (internal/reviewer,
// which cannot be imported here: it imports storage).
type testReviewer struct{ v review.Valuers }

func (r testReviewer) Review(g *scoresheet.Game) ([]ReviewRow, error) {
	if !g.Finished() || !review.RatesDecisions(g.Rules.Game) {
		return nil, nil
	}
	rv, err := review.OfGame(g, r.v)
	if err != nil || !rv.Kept() {
		return nil, err
	}
	rows := make([]ReviewRow, len(rv.Players))
	for seat, p := range rv.Players {
		rows[seat] = ReviewRow{Decisions: p.Decisions, Loss: p.Loss, Luck: p.Luck, QuickTurns: p.QuickTurns,
			Win: rv.Win, WinStart: p.WinStart, WinLuck: p.WinLuck, WinLoss: p.WinLoss, Result: p.Result, WinExact: rv.WinExact}
	}
	return rows, nil
}

// testOptions are what the tests open databases with.
var testOptions = Options{Reviewer: testReviewer{testValuers}}

// openWithReviews opens path with the test reviewer.
func openWithReviews(path string) (*DB, error) { return OpenWith(path, testOptions) }

type reviewRow struct {
	seat, decisions, quick int
	player                 int64
	loss, luck             float64
	win                    [4]sql.NullFloat64 // win_start, win_luck, win_loss, result
	exact                  sql.NullBool
}

func reviewRows(t testing.TB, db *DB, row int64) []reviewRow {
	t.Helper()
	rows, err := db.sql.Query(`SELECT seat, player_id, decisions, loss, luck, quick_turns, win_start, win_luck, win_loss, result, win_exact FROM reviews WHERE game_id = ? ORDER BY seat`, row)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []reviewRow
	for rows.Next() {
		var r reviewRow
		if err := rows.Scan(&r.seat, &r.player, &r.decisions, &r.loss, &r.luck, &r.quick, &r.win[0], &r.win[1], &r.win[2], &r.win[3], &r.exact); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// checkReviews asserts that every stored game's review rows equal a
// recomputation from its entries, to the last bit, and that only finished
// games of the reviewed kinds have rows. It returns how many games had rows.
func checkReviews(t testing.TB, db *DB) int { return checkReviewsWith(t, db, testValuers) }

// checkReviewsWith is checkReviews against the reviews of valuers v.
func checkReviewsWith(t testing.TB, db *DB, v review.Valuers) int {
	t.Helper()
	ctx := context.Background()
	infos, err := db.Games(ctx, GameFilter{})
	if err != nil {
		t.Fatal(err)
	}
	withRows := 0
	for _, gi := range infos {
		sg, err := db.LoadGame(ctx, gi.ID)
		if err != nil {
			t.Fatal(err)
		}
		got := reviewRows(t, db, sg.row)
		if sg.Status != Finished || !keepsReview(string(sg.Game.Rules.Game)) {
			if len(got) != 0 {
				t.Errorf("%s (%s, %s): review rows %v", gi.ID, sg.Game.Rules.Game, sg.Status, got)
			}
			continue
		}
		rv, err := review.OfGame(sg.Game, v)
		if err != nil {
			t.Fatal(err)
		}
		if !rv.Kept() { // Dreißig tot in pips
			if len(got) != 0 {
				t.Errorf("%s (%s, in pips): review rows %v", gi.ID, sg.Game.Rules.Game, got)
			}
			continue
		}
		if len(got) != len(rv.Players) {
			t.Errorf("%s: %d review rows, %d players", gi.ID, len(got), len(rv.Players))
			continue
		}
		withRows++
		for seat, p := range rv.Players {
			want := reviewRow{seat: seat, player: sg.players[seat], decisions: p.Decisions, quick: p.QuickTurns, loss: p.Loss, luck: p.Luck}
			if rv.Win {
				for k, x := range []float64{p.WinStart, p.WinLuck, p.WinLoss, p.Result} {
					want.win[k] = sql.NullFloat64{Float64: x, Valid: true}
				}
				want.exact = sql.NullBool{Bool: rv.WinExact, Valid: true}
			}
			if got[seat] != want {
				t.Errorf("%s seat %d: stored %+v, recomputed %+v", gi.ID, seat, got[seat], want)
			}
		}
	}
	return withRows
}

// TestReviewWithFinishingEntry: the entry that finishes a game writes its
// review in the same transaction; undo takes it back; entering it again
// writes it again.
func TestReviewWithFinishingEntry(t *testing.T) {
	ctx := context.Background()
	db := openTest(t)
	games, err := generate.All(generate.Config{Games: 30, Seed: 21})
	if err != nil {
		t.Fatal(err)
	}
	played := 0
	for _, gm := range games {
		if !keepsReview(string(gm.Game.Rules.Game)) || played == 4 {
			continue
		}
		played++
		sg, err := db.CreateGame(ctx, gm.Game.Rules, gm.Game.Players)
		if err != nil {
			t.Fatal(err)
		}
		es := gm.Game.Entries()
		for i, e := range es {
			if err := db.Append(ctx, sg, e); err != nil {
				t.Fatal(err)
			}
			if n := len(reviewRows(t, db, sg.row)); (n > 0) != (i == len(es)-1) {
				t.Fatalf("%s: after entry %d of %d: %d review rows", gm.Game.Rules.Game, i, len(es), n)
			}
		}
		if _, err := db.Undo(ctx, sg); err != nil {
			t.Fatal(err)
		}
		if n := len(reviewRows(t, db, sg.row)); n != 0 {
			t.Fatalf("%s: undo left %d review rows", gm.Game.Rules.Game, n)
		}
		if err := db.Append(ctx, sg, es[len(es)-1]); err != nil {
			t.Fatal(err)
		}
	}
	if n := checkReviews(t, db); n != played || played < 4 {
		t.Errorf("%d games with reviews, %d played", n, played)
	}
}

// TestReviewOnImport: imported games (new ones and continuations) store
// the review a recomputation gives.
func TestReviewOnImport(t *testing.T) {
	ctx := context.Background()
	games, err := generate.All(generate.Config{Games: 40, Seed: 22})
	if err != nil {
		t.Fatal(err)
	}
	var full, partial []ExportRecord
	for _, gm := range games {
		rec := gm.Game.Record()
		full = append(full, ExportRecord{ID: gm.ID, Status: Finished, Started: gm.Started, Ended: gm.Ended, Record: rec})
		// The same game cut short: a running game the full one continues.
		short, _ := scoresheet.FromEntries(gm.Game.Rules, gm.Game.Players, gm.Game.Entries()[:gm.Game.Len()/2])
		partial = append(partial, ExportRecord{ID: gm.ID, Status: Running, Started: gm.Started, Record: short.Record()})
	}
	db := openTest(t)
	if _, err := db.Import(ctx, partial); err != nil {
		t.Fatal(err)
	}
	if n := checkReviews(t, db); n != 0 {
		t.Fatalf("running games have %d reviews", n)
	}
	if _, err := db.Import(ctx, full); err != nil {
		t.Fatal(err)
	}
	if n := checkReviews(t, db); n < 20 {
		t.Errorf("only %d games reviewed after the continuation", n)
	}
	db2 := openTest(t)
	if _, err := db2.Import(ctx, full); err != nil {
		t.Fatal(err)
	}
	if n := checkReviews(t, db2); n < 20 {
		t.Errorf("only %d games reviewed after the import", n)
	}
}

// preReviewDB is a database of the games of c as it was before migrations
// 015 and 018 (no reviews table), closed: its next opening reviews them.
func preReviewDB(t *testing.T, c generate.Config) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := openWithReviews(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := fillGenerated(db, c); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`DROP TABLE reviews`, `DELETE FROM migrations WHERE version IN (15, 18)`} {
		if _, err := db.sql.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	return path
}

// TestReviewMigration: a database from before migration 015 gets the
// reviews of its finished games when it is opened, with progress.
func TestReviewMigration(t *testing.T) {
	path := preReviewDB(t, generate.Config{Games: 60, Seed: 23, Players: 5})
	var calls, last, total int
	o := testOptions
	o.ReviewProgress = func(done, n int) { calls, last, total = calls+1, done, n }
	db, err := OpenWith(path, o)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// Every finished game of a reviewed kind is reviewed; Dreißig tot in
	// pips (four players and more here) keeps no rows.
	n := checkReviews(t, db)
	if n < 20 || calls < 2 || last != total || total < n || total > n+pipsReviews(t, db) {
		t.Errorf("%d games with rows; progress: %d calls, last %d of %d", n, calls, last, total)
	}
}

// TestReviewMigrationInChunks: a migration's review reads, reviews and
// writes a chunk of games at a time (reviewChunk) so that its memory does
// not grow with the history; with chunks of 7 games every finished game is
// still reviewed exactly as a fresh review has it, the progress reaches
// its total, and the chunks cover games whose rows lie between those of
// another kind (seats and entries of games outside the list are skipped).
func TestReviewMigrationInChunks(t *testing.T) {
	defer func(n int) { reviewChunk = n }(reviewChunk)
	reviewChunk = 7
	path := preReviewDB(t, generate.Config{Games: 60, Seed: 29, Players: 4})
	var calls, last, total int
	o := testOptions
	o.ReviewProgress = func(done, n int) { calls, last, total = calls+1, done, n }
	db, err := OpenWith(path, o)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	n := checkReviews(t, db)
	if n < 20 || last != total || calls < total/reviewChunk+1 {
		t.Errorf("%d games with rows; progress: %d calls, last %d of %d", n, calls, last, total)
	}
}

// pipsReviews counts the finished Dreißig-tot games of more than three
// players (reviewed in pips by the tests' valuers: no rows).
func pipsReviews(t *testing.T, db *DB) int {
	var n int
	if err := db.sql.QueryRow(`SELECT count(*) FROM games g WHERE g.game = 'dreissig-tot' AND g.status = 'finished'
		AND (SELECT count(*) FROM seats s WHERE s.game_id = g.id) > 3`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// BenchmarkReviewMigration: migration 018 (the reviews, in points only) on
// the 20,000-game history (target < 1 min on 2 cores). Each round reopens
// a copy of the history without its reviews.
func BenchmarkReviewMigration(b *testing.B) { benchReviewMigration(b, testOptions) }

// BenchmarkReviewMigrationWin: migration 018 with the review by the chance
// to win, as the program runs it (target < 2 min on 2 cores); the win
// tables are built before the timer starts.
func BenchmarkReviewMigrationWin(b *testing.B) {
	v := testValuers.WithWin()
	for _, gm := range generateOneOfEach(b) { // the tables of every rule set
		v.Warm(gm.Rules)
	}
	benchReviewMigration(b, Options{Reviewer: testReviewer{v}})
}

// generateOneOfEach is one generated game of every family rule set.
func generateOneOfEach(b *testing.B) map[string]*scoresheet.Game {
	games, err := generate.All(generate.Config{Games: 300, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	out := map[string]*scoresheet.Game{}
	for _, gm := range games {
		if r := gm.Game.Rules; r.Variant().Family == validate.FamilyZehntausend {
			out[fmt.Sprintf("%s %+v", r.Game, r.Options)] = gm.Game
		}
	}
	return out
}

func benchReviewMigration(b *testing.B, o Options) {
	src := benchDB(b).Path()
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		dst := filepath.Join(b.TempDir(), "m.db")
		copyFile(b, src, dst)
		db, err := openWithReviews(dst)
		if err != nil {
			b.Fatal(err)
		}
		for _, q := range []string{`DROP TABLE reviews`, `DELETE FROM migrations WHERE version IN (15, 18)`} {
			if _, err := db.sql.Exec(q); err != nil {
				b.Fatal(err)
			}
		}
		db.Close()
		cpu0 := cputime.Used()
		stop := heapPeak(b)
		b.StartTimer()
		db, err = OpenWith(dst, o)
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		cpu += cputime.Used() - cpu0
		stop()
		var n int
		db.sql.QueryRow(`SELECT count(DISTINCT game_id) FROM reviews`).Scan(&n)
		b.ReportMetric(float64(n), "games")
		db.Close()
		b.StartTimer()
	}
	cpuReport(b, cpu)
}

// heapPeak samples the Go heap's live objects every 20 ms until the
// returned func is called, which reports the largest sample as
// peak-heap-MB: a migration's memory must not grow with the history.
func heapPeak(b *testing.B) func() {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(sample)
			peak = max(peak, sample[0].Value.Uint64())
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
		b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	}
}

// cpuReport adds the CPU time per round: on a machine shared with other
// work the wall time says little.
func cpuReport(b *testing.B, cpu time.Duration) {
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
}

func copyFile(b *testing.B, src, dst string) {
	b.Helper()
	in, err := os.Open(src)
	if err != nil {
		b.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		b.Fatal(err)
	}
	if err := out.Close(); err != nil {
		b.Fatal(err)
	}
}

// TestReviewStatistics: the statistics' review figures, the "by play"
// leaderboard and the loss chart agree with reviews computed straight from
// the generated games.
func TestReviewStatistics(t *testing.T) {
	ctx := context.Background()
	games, err := generate.All(generate.Config{Games: 120, Seed: 24, Players: 5})
	if err != nil {
		t.Fatal(err)
	}
	db := openTest(t)
	i := 0
	if _, err := db.StorePlayed(ctx, func() (PlayedGame, bool) {
		if i == len(games) {
			return PlayedGame{}, false
		}
		g := games[i]
		i++
		return PlayedGame{ID: g.ID, Started: g.Started, Ended: g.Ended, Game: g.Game}, true
	}, nil); err != nil {
		t.Fatal(err)
	}
	type key struct{ player, game string }
	want := map[key]*ReviewFigures{}
	points := map[key]int{}
	for _, gm := range games {
		if !keepsReview(string(gm.Game.Rules.Game)) || !gm.Game.Finished() {
			continue
		}
		rv, err := review.OfGame(gm.Game, testValuers)
		if err != nil {
			t.Fatal(err)
		}
		if !rv.Kept() {
			continue // Dreißig tot in pips
		}
		for _, p := range rv.Players {
			k := key{p.Name, string(rv.Game)}
			if want[k] == nil {
				want[k] = &ReviewFigures{}
			}
			want[k].add(reviewSums{games: 1, decisions: p.Decisions, quick: p.QuickTurns, loss: p.Loss, luck: p.Luck})
			points[k]++
		}
	}
	ps, err := db.Stats(ctx, StatsFilter{})
	if err != nil {
		t.Fatal(err)
	}
	near := func(a, b float64) bool { return a-b < 1e-6 && b-a < 1e-6 }
	seen := 0
	for _, p := range ps {
		for game, gs := range p.Games {
			w := want[key{p.Name, game}]
			got := gs.Review
			if (w == nil) != (got == nil) {
				t.Errorf("%s %s: review figures %+v, want %+v", p.Name, game, got, w)
				continue
			}
			if w == nil {
				continue
			}
			seen++
			w.finish()
			if got.Games != w.Games || got.Decisions != w.Decisions || got.QuickTurns != w.QuickTurns || !near(got.Loss, w.Loss) ||
				!near(got.Luck, w.Luck) || !near(got.LossPerDecision, w.LossPerDecision) || !near(got.LuckPerGame, w.LuckPerGame) {
				t.Errorf("%s %s: %+v, want %+v", p.Name, game, *got, *w)
			}
			sets := 0
			for _, hr := range gs.HouseRules {
				if hr.Review != nil {
					sets += hr.Review.Games
				}
			}
			if sets != got.Games {
				t.Errorf("%s %s: the house-rule sets hold %d reviewed games, the game %d", p.Name, game, sets, got.Games)
			}
			tl, err := db.LossTimeline(ctx, p.Name, game, AllSets, 0)
			if err != nil || len(tl) != points[key{p.Name, game}] {
				t.Errorf("%s %s: %d points on the chart (%v), want %d", p.Name, game, len(tl), err, points[key{p.Name, game}])
			}
		}
	}
	if seen < 10 {
		t.Errorf("only %d player/game figures", seen)
	}
	for _, game := range []string{"5050", "kniffel"} {
		board, err := db.ByPlay(ctx, game, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(board) == 0 {
			t.Errorf("%s: empty leaderboard", game)
		}
		for i, r := range board {
			w := want[key{r.Name, game}]
			if r.Games < ByPlayMinGames || w == nil || r.Games != w.Games {
				t.Errorf("%s: %+v on the board (want %+v)", game, r, w)
			}
			// The players with 5 games reviewed by the chance to win first,
			// by it (Kniffel's of 2+ players have it), then by the points.
			if i > 0 && CompareByPlay(board[i-1], r) > 0 {
				t.Errorf("%s: not ranked by the loss per decision: %+v", game, board)
			}
		}
		for k, w := range want {
			if k.game == game && w.Games >= ByPlayMinGames && !slices.ContainsFunc(board, func(r ByPlayRow) bool { return r.Name == k.player }) {
				t.Errorf("%s: %s with %d games missing", game, k.player, w.Games)
			}
		}
	}
}

// lockProbe is a reviewer that, each time it is asked, checks from a
// connection of its own that nobody holds the write lock (it takes it for
// a moment), and counts how often it was asked.
type lockProbe struct {
	testReviewer
	other  *sql.DB
	calls  int
	locked []error
}

func (p *lockProbe) Review(g *scoresheet.Game) ([]ReviewRow, error) {
	p.calls++
	tx, err := p.other.Begin() // BEGIN IMMEDIATE, waiting 1 ms at most
	if err != nil {
		p.locked = append(p.locked, err)
	} else {
		tx.Rollback()
	}
	return p.testReviewer.Review(g)
}

// TestReviewOutsideWriteLock: the review of a finished game is made before
// the write transaction that stores it, once, on both paths (the entry
// that finishes a game, the import of a finished game), and its rows are
// stored with that transaction. (Before, the entry's review ran inside
// BEGIN IMMEDIATE: the probe found the lock taken.)
func TestReviewOutsideWriteLock(t *testing.T) {
	games, err := generate.All(generate.Config{Games: 12, Seed: 25})
	if err != nil {
		t.Fatal(err)
	}
	var gm *generate.Game
	for i := range games {
		if keepsReview(string(games[i].Game.Rules.Game)) && games[i].Game.Finished() {
			gm = &games[i]
			break
		}
	}
	if gm == nil {
		t.Fatal("no reviewed game generated")
	}
	path := filepath.Join(t.TempDir(), "w.db")
	other, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	probe := &lockProbe{testReviewer: testReviewer{testValuers}, other: other}
	db := openAtWith(t, path, Options{Reviewer: probe})

	sg, err := db.CreateGame(ctx, gm.Game.Rules, gm.Game.Players)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range gm.Game.Entries() {
		if err := db.Append(ctx, sg, e); err != nil {
			t.Fatal(err)
		}
	}
	if probe.calls != 1 || len(probe.locked) != 0 {
		t.Fatalf("entry: reviewer asked %d times, under the write lock: %v", probe.calls, probe.locked)
	}
	if n := len(reviewRows(t, db, sg.row)); n != len(gm.Game.Players) {
		t.Fatalf("entry: %d review rows, %d players", n, len(gm.Game.Players))
	}

	probe.calls = 0
	db2 := openAtWith(t, filepath.Join(t.TempDir(), "import.db"), Options{Reviewer: probe})
	probe.other.Close()
	if probe.other, err = sql.Open("sqlite", dsn(db2.Path())); err != nil {
		t.Fatal(err)
	}
	rec := ExportRecord{ID: gm.ID, Status: Finished, Started: gm.Started, Ended: gm.Ended, Record: gm.Game.Record()}
	if _, err := db2.Import(ctx, []ExportRecord{rec}); err != nil {
		t.Fatal(err)
	}
	if probe.calls != 1 || len(probe.locked) != 0 {
		t.Fatalf("import: reviewer asked %d times, under the write lock: %v", probe.calls, probe.locked)
	}
	if n := checkReviews(t, db2); n != 1 {
		t.Fatalf("import: %d games with reviews", n)
	}
}

// TestDreissigReviewMigration: a database whose Dreißig-tot games were
// stored before Dreißig tot was reviewed (finished, no review rows) gets
// their reviews from migration 024 when it is opened; the other games'
// rows stay as they were.
func TestDreissigReviewMigration(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := openWithReviews(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := fillGenerated(db, generate.Config{Games: 80, Seed: 24, Players: 3}); err != nil {
		t.Fatal(err)
	}
	count := func(db *DB, game string) int {
		var n int
		if err := db.sql.QueryRow(`SELECT count(*) FROM reviews WHERE game = ?`, game).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	dreissig, others := count(db, "dreissig-tot"), count(db, "kniffel")
	if dreissig == 0 {
		t.Fatal("the history has no reviewed Dreißig-tot game")
	}
	db = reopenAfter(t, db, path, `DELETE FROM reviews WHERE game = 'dreissig-tot'`, `DELETE FROM migrations WHERE version = 24`)
	if got := count(db, "dreissig-tot"); got != dreissig || count(db, "kniffel") != others {
		t.Fatalf("after migration 024: %d Dreißig-tot rows (were %d), %d Kniffel rows (were %d)", got, dreissig, count(db, "kniffel"), others)
	}
	checkReviews(t, db)
}

// Dreißig tot is in the statistics like the other reviewed games: a
// player's reviewed games of it give the loss chart (it had no rows).
func TestDreissigInStatistics(t *testing.T) {
	db, err := openWithReviews(filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := fillGenerated(db, generate.Config{Games: 80, Seed: 24, Players: 3}); err != nil {
		t.Fatal(err)
	}
	var name string
	var games int
	if err := db.sql.QueryRow(`SELECT p.name, count(*) FROM reviews r JOIN players p ON p.id = r.player_id
		WHERE r.game = 'dreissig-tot' GROUP BY p.id ORDER BY count(*) DESC LIMIT 1`).Scan(&name, &games); err != nil {
		t.Fatal(err)
	}
	pts, err := db.LossTimeline(context.Background(), name, "dreissig-tot", AllSets, 60)
	if err != nil || len(pts) != games {
		t.Fatalf("%s: %d reviewed games, timeline %v (%v)", name, games, pts, err)
	}
}

// TestDreissigTableMigration: migrations 027 and 030 review the stored
// Dreißig-tot games of three or more players again (the tables of format
// v3, then v4, changed some of their chances): their rows are new and what
// a review gives now, every other game's rows stay the very rows they were.
func TestDreissigTableMigration(t *testing.T) {
	for _, version := range []int{27, 30} {
		t.Run(fmt.Sprint(version), func(t *testing.T) { dreissigTableMigration(t, version) })
	}
}

func dreissigTableMigration(t *testing.T, version int) {
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := openWithReviews(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := fillGenerated(db, generate.Config{Games: 80, Seed: 24, Players: 4}); err != nil {
		t.Fatal(err)
	}
	const many = `game_id IN (SELECT game_id FROM seats GROUP BY game_id HAVING count(*) >= 3)`
	count := func(db *DB, where string) int {
		var n int
		if err := db.sql.QueryRow(`SELECT count(*) FROM reviews WHERE ` + where).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	again := `game = 'dreissig-tot' AND ` + many
	redo, rows := count(db, again), count(db, `1`)
	if redo == 0 || count(db, `game = 'dreissig-tot' AND NOT `+many) == 0 {
		t.Fatal("the history lacks reviewed Dreißig-tot games of two or of three and more players")
	}
	// As a review of the tables before left them: a figure off; and every
	// row marked (its ended one later), so that a row written again shows.
	db = reopenAfter(t, db, path, `UPDATE reviews SET luck = luck + 0.5 WHERE `+again, `UPDATE reviews SET ended = ended + 1`,
		fmt.Sprintf(`DELETE FROM migrations WHERE version = %d`, version))
	const marked = `ended = (SELECT coalesce(g.ended, g.started) FROM games g WHERE g.id = game_id) + 1`
	if got, kept := count(db, again+` AND NOT `+marked), count(db, `NOT (`+again+`) AND `+marked); got != redo || kept != rows-redo {
		t.Fatalf("after migration %03d: %d of %d rows of Dreißig-tot games of 3+ players written again, %d of %d other rows kept", version, got, redo, kept, rows-redo)
	}
	if _, err := db.sql.Exec(`UPDATE reviews SET ended = ended - 1 WHERE ` + marked); err != nil {
		t.Fatal(err)
	}
	checkReviews(t, db)
}

// reopenAfter runs the statements on db (a migration's rows undone and the
// migration unrecorded), closes it and opens the file at path again, so
// that the migration runs; the database opened is closed with the test.
func reopenAfter(t *testing.T, db *DB, path string, stmts ...string) *DB {
	t.Helper()
	for _, q := range stmts {
		if _, err := db.sql.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	db, err := openWithReviews(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
