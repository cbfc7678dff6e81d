package storage

import (
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/golden_stats.txt")

// TestGoldenStatsAndReviews is the safety net of what storage keeps: a
// generated history of every game is stored (entry by entry for some
// games, by import for others, whole for the rest), and the statistics of
// every player, the "by play" boards and every stored review row are
// hashed against testdata/golden_stats.txt. A change in any figure fails it
// (-update rewrites the file after a deliberate change).
func TestGoldenStatsAndReviews(t *testing.T) {
	games, err := generate.All(generate.Config{Games: 90, Seed: 17, Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	db := openTest(t)
	var whole []PlayedGame
	var recs []ExportRecord
	for i, gm := range games {
		switch i % 3 {
		case 0: // entry by entry, as the app stores them
			sg, err := db.CreateGame(ctx, gm.Game.Rules, gm.Game.Players)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range gm.Game.Entries() {
				if err := db.Append(ctx, sg, e); err != nil {
					t.Fatal(err)
				}
			}
		case 1:
			st := Finished
			if !gm.Game.Finished() {
				st = Running
			}
			recs = append(recs, ExportRecord{ID: gm.ID, Status: st, Started: gm.Started, Ended: gm.Ended, Record: gm.Game.Record()})
		default:
			whole = append(whole, PlayedGame{ID: gm.ID, Started: gm.Started, Ended: gm.Ended, Game: gm.Game})
		}
	}
	if _, err := db.Import(ctx, recs); err != nil {
		t.Fatal(err)
	}
	k := 0
	if _, err := db.StorePlayed(ctx, func() (PlayedGame, bool) {
		if k == len(whole) {
			return PlayedGame{}, false
		}
		k++
		return whole[k-1], true
	}, nil); err != nil {
		t.Fatal(err)
	}
	sum := goldenSums(t, db)
	path := filepath.Join("testdata", "golden_stats.txt")
	if *updateGolden {
		if err := os.WriteFile(path, []byte(sum), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != sum {
		t.Errorf("the stored statistics or reviews changed:\n%s\nwant\n%s", sum, want)
	}
}

// goldenSums hashes the statistics (the times left out: the clock is the
// test's), the by-play boards and the review rows, one line each.
func goldenSums(t *testing.T, db *DB) string {
	t.Helper()
	ps, err := db.Stats(ctx, StatsFilter{})
	if err != nil {
		t.Fatal(err)
	}
	stats, err := json.Marshal(ps)
	if err != nil {
		t.Fatal(err)
	}
	var boards []ByPlayRow
	for _, g := range validate.Games() {
		b, err := db.ByPlay(ctx, string(g.ID), "*")
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b...)
	}
	byPlay, err := json.Marshal(boards)
	if err != nil {
		t.Fatal(err)
	}
	var reviews strings.Builder
	// Games by their row (the order they were stored in): a game made by
	// CreateGame gets a new random id.
	rows, err := db.sql.Query(`SELECT r.game_id, r.seat, p.name, r.game, r.options, r.decisions, r.loss, r.luck, r.quick_turns
		FROM reviews r JOIN players p ON p.id = r.player_id ORDER BY r.game_id, r.seat`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var id int64
		var name, game, options string
		var seat, decisions, quick int
		var loss, luck float64
		if err := rows.Scan(&id, &seat, &name, &game, &options, &decisions, &loss, &luck, &quick); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&reviews, "%d %d %s %s %s %d %x %x %d\n", id, seat, name, game, options, decisions, loss, luck, quick)
		n++
	}
	if n < 40 {
		t.Fatalf("only %d review rows: generate more", n)
	}
	h := func(b []byte) string { return fmt.Sprintf("%x", sha256.Sum256(b)) }
	return fmt.Sprintf("stats %s\nby_play %s\nreviews %d %s\n", h(stats), h(byPlay), n, h([]byte(reviews.String())))
}
