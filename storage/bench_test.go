package storage

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/internal/cputime"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
)

// Committing one entry through Append (rules check, entry row, the turn
// and game summaries it completes, and the statistics triggers on them),
// measured beside a bare INSERT + COMMIT of a row of the same size on the
// same database, interleaved so that both see the same disk.
//
//	go test -run '^$' -bench AppendVsBareInsert ./storage/
func BenchmarkAppendVsBareInsert(b *testing.B) {
	appendVsBare(b, openTest(b))
}

func appendVsBare(b *testing.B, db *DB) {
	if _, err := db.sql.Exec(`CREATE TABLE bare (game_id INTEGER NOT NULL, n INTEGER NOT NULL, kind TEXT NOT NULL, roll TEXT, keep TEXT,
		fives INTEGER NOT NULL DEFAULT 0, category TEXT, PRIMARY KEY (game_id, n)) WITHOUT ROWID`); err != nil {
		b.Fatal(err)
	}
	bare, err := db.sql.Prepare(`INSERT INTO bare (game_id, n, kind, roll, keep, fives, category) VALUES (?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		b.Fatal(err)
	}
	defer bare.Close()
	bt := newBot(99)
	var sg *StoredGame
	var entries []scoresheet.Entry
	var tAppend, tBare time.Duration
	for i := 0; b.Loop(); i++ {
		if sg == nil || sg.Game.Len() == len(entries) {
			g := bt.randomGame()
			entries = g.Entries()
			if sg, err = db.CreateGame(ctx, g.Rules, g.Players); err != nil {
				b.Fatal(err)
			}
			// As the app does when a game opens: the solver tables that the
			// review of the finishing entry needs are built before play.
			testValuers.Warm(g.Rules)
			if len(entries) == 0 {
				continue
			}
		}
		e := entries[sg.Game.Len()]

		t0 := time.Now()
		if err := db.Append(ctx, sg, e); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		tx, err := db.sql.Begin()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := tx.Stmt(bare).Exec(1, i, string(e.Kind), pipsText(e.Roll), pipsText(e.Keep), e.FivesAsOnes, nullString(e.Category)); err != nil {
			b.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		tAppend += t1.Sub(t0)
		tBare += t2.Sub(t1)
	}
	b.ReportMetric(float64(tAppend.Nanoseconds())/float64(b.N), "ns/append")
	b.ReportMetric(float64(tBare.Nanoseconds())/float64(b.N), "ns/bare-insert")
	b.ReportMetric(float64(tAppend)/float64(tBare), "append/bare")
}

// importGames is how many games BenchmarkImport imports: 20,000 as the
// issue asks; WUERFELBLOCK_BENCH_GAMES makes it smaller or larger.
func importGames() int {
	var n int
	if _, err := fmt.Sscan(os.Getenv("WUERFELBLOCK_BENCH_GAMES"), &n); err == nil && n > 0 {
		return n
	}
	return 20000
}

// Importing 20,000 games of every kind (as played by the bot), and the
// database size per game and per entry.
//
//	go test -run '^$' -bench Import -benchtime 1x ./storage/
func BenchmarkImport(b *testing.B) {
	n := importGames()
	bt := newBot(2024)
	recs := make([]ExportRecord, n)
	entries := 0
	start := time.Date(2020, 1, 1, 19, 0, 0, 0, time.UTC)
	for i := range recs {
		g := bt.randomGame()
		entries += g.Len()
		started := start.Add(time.Duration(i) * 3 * time.Hour)
		recs[i] = ExportRecord{ID: fmt.Sprintf("00000000-0000-4000-8000-%012d", i), Started: started, Record: g.Record()}
		if g.Finished() {
			recs[i].Ended = started.Add(time.Hour)
		}
	}
	var size int64
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		path := b.TempDir() + "/import.db"
		db, err := openWithReviews(path)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		c0 := cputime.Used()
		rep, err := db.Import(ctx, recs)
		cpu += cputime.Used() - c0
		if err != nil || rep.Imported != n {
			b.Fatalf("import: %+v (%d refused), %v", rep.Imported, len(rep.Refused), err)
		}
		b.StopTimer()
		if _, err := db.sql.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
			b.Fatal(err)
		}
		db.Close()
		st, err := os.Stat(path)
		if err != nil {
			b.Fatal(err)
		}
		size = st.Size()
		b.StartTimer()
	}
	b.ReportMetric(float64(n), "games")
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Minutes(), "games/min")
	// The CPU time of the import (both goroutines): what the wall clock
	// of a shared machine hides.
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s")
	b.ReportMetric(float64(entries)/float64(n), "entries/game")
	b.ReportMetric(float64(size)/float64(n), "bytes/game")
	b.ReportMetric(float64(size)/float64(entries), "bytes/entry")
}
