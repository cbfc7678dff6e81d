package storage

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/storage/generate"
)

// The statistics benchmarks run on a generated history of 20,000 finished
// games among 12 players. Building it takes a while, so it is kept in the
// temporary directory, keyed by seed, generator and schema version, and
// reused by later runs:
//
//	go test ./storage -run '^$' -bench Stats
const (
	benchGames = 20000
	benchSeed  = 1
)

var benchOnce struct {
	sync.Once
	path string
	err  error
}

// benchEnd is when the benchmark history ends: in the past, as a real
// history does, so that an entry made now comes after every stored game
// (a history dated in the future makes every new result an out-of-order
// one, whose winning streaks are recounted from the whole history).
var benchEnd = time.Date(2026, 11, 30, 23, 0, 0, 0, time.UTC)

// benchDB opens the 20,000-game database, building it on first use.
func benchDB(b *testing.B) *DB {
	b.Helper()
	benchOnce.Do(func() {
		ms, err := readMigrations(migrationFiles)
		if err != nil {
			benchOnce.err = err
			return
		}
		name := fmt.Sprintf("wuerfelblock-bench-%d-seed%d-gen%d-end%s-schema%d.db", benchGames, benchSeed, generate.Version, benchEnd.Format("20060102"), latest(ms))
		benchOnce.path = filepath.Join(os.TempDir(), name)
		if _, err := os.Stat(benchOnce.path); err == nil {
			return
		}
		b.Logf("building %s (once)", benchOnce.path)
		tmp := benchOnce.path + ".building"
		for _, suffix := range []string{"", "-wal", "-shm"} {
			os.Remove(tmp + suffix)
		}
		db, err := openWithReviews(tmp)
		if err != nil {
			benchOnce.err = err
			return
		}
		if err := fillGenerated(db, generate.Config{Games: benchGames, Seed: benchSeed, End: benchEnd}); err != nil {
			db.Close()
			benchOnce.err = err
			return
		}
		if err := db.Close(); err != nil {
			benchOnce.err = err
			return
		}
		benchOnce.err = os.Rename(tmp, benchOnce.path)
	})
	if benchOnce.err != nil {
		b.Fatal(benchOnce.err)
	}
	db, err := openWithReviews(benchOnce.path)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

// BenchmarkStatsLeaderboard: every player × every game (target < 100 ms).
func BenchmarkStatsLeaderboard(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		ps, err := db.Stats(ctx, StatsFilter{})
		if err != nil || len(ps) != 12 {
			b.Fatalf("%d players, %v", len(ps), err)
		}
	}
}

// BenchmarkStatsPlayerPage: one player's figures in every game and the
// charts of one game (target < 50 ms).
func BenchmarkStatsPlayerPage(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		ps, err := db.Stats(ctx, StatsFilter{Player: "Anna"})
		if err != nil || len(ps) != 1 {
			b.Fatalf("%d players, %v", len(ps), err)
		}
		if _, err := db.Timeline(ctx, "Anna", "5050", AllSets, 60); err != nil {
			b.Fatal(err)
		}
		if _, err := db.TurnPoints(ctx, "Anna", "5050", AllSets); err != nil {
			b.Fatal(err)
		}
		if _, err := db.FinalTotals(ctx, "Anna", "kniffel", AllSets); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStatsPlayerPageSet: the charts of one player's page with a
// house-rule set chosen (the statistics screen's o): Anna's Zehntausend
// set with the most turns; the turn results join the turns with their
// games' house rules.
func BenchmarkStatsPlayerPageSet(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	ps, err := db.Stats(ctx, StatsFilter{Player: "Anna", Game: "zehntausend"})
	if err != nil || len(ps) != 1 {
		b.Fatalf("%d players, %v", len(ps), err)
	}
	var set Figures
	for _, hr := range ps[0].Games["zehntausend"].HouseRules {
		if hr.Family != nil && (set.Family == nil || hr.Family.Turns > set.Family.Turns) {
			set = hr
		}
	}
	b.ReportMetric(float64(set.Family.Turns), "turns")
	b.ResetTimer()
	for b.Loop() {
		if _, err := db.Timeline(ctx, "Anna", "zehntausend", set.Set(), 60); err != nil {
			b.Fatal(err)
		}
		if _, err := db.LossTimeline(ctx, "Anna", "zehntausend", set.Set(), 60); err != nil {
			b.Fatal(err)
		}
		if _, err := db.TurnPoints(ctx, "Anna", "zehntausend", set.Set()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStatsHeadToHead: two regulars over all games (target < 50 ms).
func BenchmarkStatsHeadToHead(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		h, err := db.HeadToHead(ctx, "Anna", "Ben", "")
		if err != nil || h.Total.Played == 0 {
			b.Fatalf("%+v, %v", h.Total, err)
		}
	}
}

// BenchmarkStatsBytesPerEntry reports the size of the database file per
// stored entry, indexes and summaries included (target < 100).
func BenchmarkStatsBytesPerEntry(b *testing.B) {
	db := benchDB(b)
	var entries, pages, pageSize int64
	for b.Loop() {
		if err := db.sql.QueryRow(`SELECT count(*) FROM entries`).Scan(&entries); err != nil {
			b.Fatal(err)
		}
	}
	db.sql.QueryRow(`PRAGMA page_count`).Scan(&pages)
	db.sql.QueryRow(`PRAGMA page_size`).Scan(&pageSize)
	b.ReportMetric(float64(pages*pageSize)/float64(entries), "bytes/entry")
	b.ReportMetric(float64(entries), "entries")
	b.ReportMetric(float64(pages*pageSize)/float64(benchGames), "bytes/game")
	// Where the bytes go, table by table and index by index (when SQLite
	// was built with the dbstat table).
	rows, err := db.sql.Query(`SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC`)
	if err != nil {
		return
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var size int64
		rows.Scan(&name, &size)
		b.Logf("%-24s %6.1f bytes/entry", name, float64(size)/float64(entries))
	}
}

// fillGenerated stores a generated history.
func fillGenerated(db *DB, cfg generate.Config) error {
	gen, err := generate.New(cfg)
	if err != nil {
		return err
	}
	_, err = db.StorePlayed(context.Background(), func() (PlayedGame, bool) {
		g, ok := gen.Next()
		return PlayedGame{ID: g.ID, Started: g.Started, Ended: g.Ended, Game: g.Game}, ok
	}, nil)
	return err
}
