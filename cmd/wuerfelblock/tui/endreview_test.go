package tui

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/coach/dreissig"
	"github.com/wuerfelblock/wuerfelblock/internal/reviewer"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// gatedDreissig is a Dreißig-tot table cache that takes as long as the test
// wants: its tables come once gate is closed (as the first four-player
// table takes seconds, far beyond the database's wait).
type gatedDreissig struct {
	gate chan struct{}
	c    *dreissig.Cache
}

func (g gatedDreissig) Table(n int, hundert bool) *dreissig.Table {
	<-g.gate
	return g.c.Table(n, hundert)
}

// The entry that ends a game waits for the tables of the game's review
// (started when the game's screen opens) before the database's wait
// begins, and says so: it is taken once they are there. Before, the review
// ran inside the database's five seconds, and the last throw of the first
// four-player game of Dreißig tot came back after a minute as "not taken:
// the database does not answer (another program may be using it)".
func TestGameEndWaitsForTheReviewsTables(t *testing.T) {
	gate := make(chan struct{})
	v := testValuers
	v.Dreissig = gatedDreissig{gate: gate, c: dreissig.NewCache("")}
	db, err := storage.OpenWith(filepath.Join(t.TempDir(), "test.db"), storage.Options{Reviewer: reviewer.New(v)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ctx := context.Background()
	r := validate.MustRules(validate.GameDreissigTot, nil)
	sg, err := db.CreateGame(ctx, r, []string{"Anna", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	// Anna 6 (111111), Ben 30 (555555): Anna's next turn under 30 ends it.
	for _, d := range []int{1, 5} {
		six := []int{d, d, d, d, d, d}
		if err := db.Append(ctx, sg, entryThrow(six, six)); err != nil {
			t.Fatal(err)
		}
	}
	const wait = 100 * time.Millisecond
	h := startWith(t, db, Config{Lang: validate.English, Review: v, Timeout: wait})
	h.typ("1")
	h.see("turn: Anna")
	h.typNow("111111/111111\n")
	h.seeWhileWriting("saving…", "the review is being computed (only the first time takes long)")
	time.Sleep(5 * wait) // far beyond the database's wait
	h.seeWhileWriting("the review is being computed (only the first time takes long)")
	h.notSee("NOT TAKEN")
	if got := h.stored().Game.Len(); got != 2 {
		t.Fatalf("%d entries stored while the review waits, want 2", got)
	}
	close(gate)
	h.sync()
	h.notSee("NOT TAKEN")
	h.see("Anna")
	if got := h.games(storage.Finished); len(got) != 1 {
		t.Fatalf("finished games %v, want the one just ended", got)
	}
	// The review is stored: the one in chances (a review in pips, without
	// the table, is not kept).
	raw, err := sql.Open("sqlite", db.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var rows int
	if err := raw.QueryRow(`SELECT COUNT(*) FROM reviews`).Scan(&rows); err != nil || rows != 2 {
		t.Fatalf("%d review rows stored (%v), want 2", rows, err)
	}
}
