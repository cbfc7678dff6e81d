package storage

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// benchCopy is a private copy of the 20,000-game database with a few
// running games added (the home screen lists them, and a player's entries
// go into them), for benchmarks that write or need running games.
func benchCopy(b *testing.B) *DB {
	b.Helper()
	src := benchDB(b)
	path := src.Path()
	src.Close()
	dst := filepath.Join(b.TempDir(), "copy.db")
	in, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	out, err := os.Create(dst)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		b.Fatal(err)
	}
	in.Close()
	out.Close()
	db, err := openWithReviews(dst)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	bt := newBot(4711)
	for range 8 {
		g := bt.randomGame()
		sg, err := db.CreateGame(ctx, g.Rules, g.Players)
		if err != nil {
			b.Fatal(err)
		}
		es := g.Entries()
		for _, e := range es[:len(es)/2] {
			if err := db.Append(ctx, sg, e); err != nil {
				b.Fatal(err)
			}
		}
	}
	return db
}

// `wuerfelblock games` without options: the latest 20 of 20,000 games
// (target < 50 ms).
//
//	go test ./storage -run '^$' -bench GamesDefault
func BenchmarkGamesDefaultListing(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	for b.Loop() {
		gs, err := db.Games(ctx, GameFilter{Limit: 20})
		if err != nil || len(gs) != 20 {
			b.Fatal(len(gs), err)
		}
		if _, err := db.CountGames(ctx, ""); err != nil {
			b.Fatal(err)
		}
	}
}

// The home screen's refresh: the running games among 20,000 (target < 2 ms).
func BenchmarkHomeRunningGames(b *testing.B) {
	db := benchCopy(b)
	ctx := context.Background()
	for b.Loop() {
		gs, err := db.Games(ctx, GameFilter{Status: Running, Limit: 7})
		if err != nil || len(gs) != 7 {
			b.Fatal(len(gs), err)
		}
	}
}

// BenchmarkAppendVsBareInsert20k is BenchmarkAppendVsBareInsert on a copy
// of the 20,000-game database (3.9 M entries): what grows with the history
// (indexes, triggers) shows here (target append/bare ≤ 1.5).
//
//	go test ./storage -run '^$' -bench AppendVsBareInsert20k -benchtime 2000x
func BenchmarkAppendVsBareInsert20k(b *testing.B) {
	db := benchCopy(b)
	appendVsBare(b, db)
}

// How long a player's entry waits while another program imports 1,000
// long games into the same database: an entry every 25 ms, the slowest
// reported (target: about 100 ms at most).
//
//	go test ./storage -run '^$' -bench EntryDuringImport -benchtime 1x
func BenchmarkEntryDuringImport(b *testing.B) {
	bt := newBot(6)
	var recs []ExportRecord
	for len(recs) < 1000 {
		if g := bt.randomGame(); g.Len() >= 40 {
			recs = append(recs, ExportRecord{Record: g.Record()})
		}
	}
	var worst, total time.Duration
	entries := 0
	for b.Loop() {
		path := filepath.Join(b.TempDir(), "w.db")
		imp, player := openAt(b, path), openAt(b, path)
		sg, err := player.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
		if err != nil {
			b.Fatal(err)
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			if _, err := imp.Import(ctx, recs); err != nil {
				b.Error(err)
			}
		}()
		for running := true; running; {
			select {
			case <-done:
				running = false
			case <-time.After(25 * time.Millisecond):
				if sg.Game.Finished() {
					continue
				}
				e := bt.next(sg.Game)
				t0 := time.Now()
				if err := player.Append(ctx, sg, e); err != nil {
					b.Fatal(err)
				}
				d := time.Since(t0)
				worst, total, entries = max(worst, d), total+d, entries+1
			}
		}
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms/entry")
	b.ReportMetric(float64(total.Microseconds())/1000/float64(max(entries, 1)), "avg-ms/entry")
}
