package storage

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
)

var ctx = context.Background()

// clock is a test clock that moves a minute per reading.
func clock() func() time.Time {
	t := time.Date(2024, 12, 24, 18, 0, 0, 0, time.UTC)
	return func() time.Time {
		t = t.Add(time.Minute)
		return t
	}
}

func openTest(t testing.TB) *DB {
	t.Helper()
	return openAt(t, filepath.Join(t.TempDir(), "data", "wuerfelblock.db"))
}

func openAt(t testing.TB, path string) *DB {
	t.Helper()
	return openAtWith(t, path, testOptions)
}

func openAtWith(t testing.TB, path string, o Options) *DB {
	t.Helper()
	db, err := OpenWith(path, o)
	if err != nil {
		t.Fatalf("Open(%s): %v", path, err)
	}
	db.Now = clock()
	t.Cleanup(func() { db.Close() })
	return db
}

// checkSummaries replays every stored game and compares the summary tables
// with what the replay says: statistics read only the summaries, so they
// must never drift from the entries.
func checkSummaries(t testing.TB, db *DB) {
	t.Helper()
	rows, err := db.sql.Query(`SELECT uuid FROM games`)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for rows.Next() {
		var id string
		rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	for _, id := range ids {
		sg, err := db.LoadGame(ctx, id)
		if err != nil {
			t.Fatalf("load %s: %v", id, err)
		}
		g := sg.Game
		turns := g.Turns()
		var n int
		db.sql.QueryRow(`SELECT count(*) FROM turns WHERE game_id = ?`, sg.row).Scan(&n)
		if n != len(turns) {
			t.Fatalf("game %s (%s): %d turn rows, replay has %d turns", id, g.Rules.Game, n, len(turns))
		}
		for i, tr := range turns {
			var seat, points, total, throws, events int
			var end string
			err := db.sql.QueryRow(`SELECT seat, points, total, end_kind, throws, (SELECT count(*) FROM events e WHERE e.game_id = t.game_id AND e.turn = t.turn)
				FROM turns t WHERE game_id = ? AND turn = ?`, sg.row, i).Scan(&seat, &points, &total, &end, &throws, &events)
			if err != nil {
				t.Fatalf("game %s turn %d: %v", id, i, err)
			}
			if seat != tr.Seat || points != tr.Points || total != tr.Totals[tr.Seat] || end != endKinds[tr.End] || throws != tr.Throws || events != len(tr.Events) {
				t.Fatalf("game %s turn %d: row seat %d points %d total %d end %s throws %d events %d; replay %+v",
					id, i, seat, points, total, end, throws, events, tr)
			}
		}
		var results, won int
		db.sql.QueryRow(`SELECT count(*), coalesce(sum(won), 0) FROM results WHERE game_id = ?`, sg.row).Scan(&results, &won)
		switch {
		case g.Finished():
			if sg.Status != Finished || sg.Ended.IsZero() {
				t.Fatalf("game %s is over but stored as %s (ended %v)", id, sg.Status, sg.Ended)
			}
			if results != len(g.Players) || won != len(g.Winners()) {
				t.Fatalf("game %s: %d result rows with %d winners; want %d and %d", id, results, won, len(g.Players), len(g.Winners()))
			}
			totals := g.Totals()
			for seat := range g.Players {
				var total, w int
				db.sql.QueryRow(`SELECT total, won FROM results WHERE game_id = ? AND seat = ?`, sg.row, seat).Scan(&total, &w)
				if total != totals[seat] || (w == 1) != slices.Contains(g.Winners(), seat) {
					t.Fatalf("game %s seat %d: result total %d won %d; replay %d %v", id, seat, total, w, totals[seat], g.Winners())
				}
			}
		default:
			if sg.Status == Finished || results != 0 {
				t.Fatalf("game %s runs but is stored as %s with %d result rows", id, sg.Status, results)
			}
		}
	}
}

// storeGame enters all entries of a played game through Append.
func storeGame(t testing.TB, db *DB, g *scoresheet.Game) *StoredGame {
	t.Helper()
	sg, err := db.CreateGame(ctx, g.Rules, g.Players)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range g.Entries() {
		if err := db.Append(ctx, sg, e); err != nil {
			t.Fatalf("append %+v: %v", e, err)
		}
	}
	return sg
}

func asErr[T error](err error, target *T) bool { return errors.As(err, target) }

// poolConns takes n connections of db's pool at once (each a connection
// of its own), closed when the test ends.
func poolConns(t *testing.T, db *DB, n int) []*sql.Conn {
	t.Helper()
	var conns []*sql.Conn
	for range n {
		c, err := db.sql.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		conns = append(conns, c)
	}
	return conns
}
