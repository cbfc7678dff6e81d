package storage

import (
	"fmt"
	"io"
	"os"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/internal/cputime"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// writerGames is how many games BenchmarkImportWriter writes: 2,000, or
// WUERFELBLOCK_BENCH_GAMES.
func writerGames() int {
	var n int
	if _, err := fmt.Sscan(os.Getenv("WUERFELBLOCK_BENCH_GAMES"), &n); err == nil && n > 0 {
		return n
	}
	return 2000
}

// sizeReviewer gives every seat of a game whose kind keeps reviews a row
// at once: the writer's benchmark writes as many review rows as the real
// reviewer makes, without its solvers' cost.
type sizeReviewer struct{}

func (sizeReviewer) Review(g *scoresheet.Game) ([]ReviewRow, error) {
	if !keepsReview(string(g.Rules.Game)) {
		return nil, nil
	}
	rows := make([]ReviewRow, len(g.Players))
	win := len(g.Players) == 2 && validate.VariantOf(g.Rules.Game).Family == validate.FamilyZehntausend
	for seat := range rows {
		rows[seat] = ReviewRow{Decisions: 40 + seat, Loss: 1.5 * float64(seat), Luck: -2.25, QuickTurns: seat,
			Win: win, WinStart: 0.5, WinLuck: 0.125, WinLoss: 0.0625, Result: 0.5625, WinExact: true}
	}
	return rows, nil
}

// judgedHistory is a generated history of n games as an import reads
// them, each judged and reviewed already (db.judge).
func judgedHistory(tb testing.TB, db *DB, n int, seed uint64) []ExportRecord {
	tb.Helper()
	gen, err := generate.New(generate.Config{Games: n, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	var recs []ExportRecord
	for {
		g, ok := gen.Next()
		if !ok {
			break
		}
		r := ExportRecord{ID: g.ID, Status: Finished, Started: g.Started, Ended: g.Ended, Record: g.Game.Record()}
		db.judge(&r)
		recs = append(recs, r)
	}
	return recs
}

// The writer of an import alone: records judged and reviewed before the
// clock starts, so that cpu-ms/game is what storing a game costs (the
// issue's target: ≤ 2 ms). A generated history (storage/generate), 2,000
// games unless WUERFELBLOCK_BENCH_GAMES says otherwise.
//
//	go test -run '^$' -bench ImportWriter -benchtime 1x ./storage/
func BenchmarkImportWriter(b *testing.B) {
	n := writerGames()
	var cpu time.Duration
	var recs []ExportRecord
	for b.Loop() {
		b.StopTimer()
		db, err := OpenWith(b.TempDir()+"/import.db", Options{Reviewer: sizeReviewer{}})
		if err != nil {
			b.Fatal(err)
		}
		if recs == nil {
			recs = judgedHistory(b, db, n, 1)
		}
		i := 0
		next := func() (ExportRecord, error) {
			if i == len(recs) {
				return ExportRecord{}, io.EOF
			}
			i++
			return recs[i-1], nil
		}
		b.StartTimer()
		c0 := cputime.Used()
		rep, err := db.ImportFrom(ctx, next)
		cpu += cputime.Used() - c0
		if err != nil || rep.Imported != len(recs) {
			b.Fatalf("import: %d of %d (%d refused), %v", rep.Imported, len(recs), len(rep.Refused), err)
		}
		b.StopTimer()
		db.Close()
		b.StartTimer()
	}
	games := float64(len(recs) * b.N)
	b.ReportMetric(float64(len(recs)), "games")
	b.ReportMetric(float64(cpu.Milliseconds())/games, "cpu-ms/game")
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/games, "wall-ms/game")
}
