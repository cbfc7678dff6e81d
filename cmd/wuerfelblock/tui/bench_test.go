package tui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
)

// benchGames is how many finished games the benchmark database holds.
const benchGames = 20000

// benchDB opens a copy of a database with benchGames finished games. The
// games come from storage/generate (a club of 12 playing all seven games);
// building it takes a few minutes, so it is kept in the temporary directory
// and reused; every run works on its own copy.
func benchDB(b *testing.B) *storage.DB {
	b.Helper()
	path := filepath.Join(os.TempDir(), fmt.Sprintf("wuerfelblock-tui-bench-%d-gen%d.db", benchGames, generate.Version))
	if _, err := os.Stat(path); err != nil {
		b.Logf("building %s (once)", path)
		tmp := path + ".building"
		for _, ext := range []string{"", "-wal", "-shm"} {
			os.Remove(tmp + ext)
		}
		db, err := openReviewed(tmp)
		if err != nil {
			b.Fatal(err)
		}
		gen, err := generate.New(generate.Config{Games: benchGames, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := db.StorePlayed(context.Background(), func() (storage.PlayedGame, bool) {
			g, ok := gen.Next()
			return storage.PlayedGame{ID: g.ID, Started: g.Started, Ended: g.Ended, Game: g.Game}, ok
		}, nil); err != nil {
			b.Fatal(err)
		}
		if err := db.Close(); err != nil {
			b.Fatal(err)
		}
		if err := os.Rename(tmp, path); err != nil {
			b.Fatal(err)
		}
	}
	cp := filepath.Join(b.TempDir(), "bench.db")
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(cp, data, 0o600); err != nil {
		b.Fatal(err)
	}
	db, err := openReviewed(cp)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if gs, err := db.Games(context.Background(), storage.GameFilter{Status: storage.Finished}); err != nil || len(gs) != benchGames {
		b.Fatalf("benchmark database: %d finished games, %v", len(gs), err)
	}
	return db
}

// BenchmarkKeyToScreen measures one key press (the letter that takes a keep
// of a typed throw) until the screen is drawn again with the entry committed
// to the database. Each round trip also takes the entry back (not
// measured); undo offers the same throw again.
func BenchmarkKeyToScreen(b *testing.B) {
	db := benchDB(b)
	h := start(b, db)
	h.newGame('1', "Anna", "Bob")
	h.typ("111523\n")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StartTimer()
		h.scr.InjectKey(tcell.KeyRune, 'b', tcell.ModNone)
		h.sync()
		b.StopTimer()
		if h.ui.top().(*play).sg.Game.Len() != 1 {
			b.Fatalf("the throw was not taken:\n%s", h.screen())
		}
		h.typ("u")
	}
}

// BenchmarkStopToScreen measures the key that ends a turn ("s"): the entry
// and the turn's summary are committed, the screen moves to the next player.
func BenchmarkStopToScreen(b *testing.B) {
	db := benchDB(b)
	h := start(b, db)
	h.newGame('1', "Anna", "Bob")
	h.typ("111523\n")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		h.typ("b")
		b.StartTimer()
		h.scr.InjectKey(tcell.KeyRune, 's', tcell.ModNone)
		h.sync()
		b.StopTimer()
		if len(h.ui.top().(*play).sg.Game.Turns()) != 1 {
			b.Fatalf("the stop was not taken:\n%s", h.screen())
		}
		h.typ("uu")
		b.StartTimer()
	}
}
