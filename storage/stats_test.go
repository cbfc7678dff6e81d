package storage

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/storage/generate"
)

func statsTestDB(t testing.TB) *DB {
	t.Helper()
	db, err := Open(filepath.Join(t.TempDir(), "stats.db"))
	if err != nil {
		t.Fatal(err)
	}
	tick := time.Date(2025, 3, 1, 19, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { tick = tick.Add(time.Minute); return tick }
	t.Cleanup(func() { db.Close() })
	return db
}

// summaryQueries recompute the trigger-kept summary tables from the tables
// of 001; after any writes, undos and imports they must agree.
var summaryQueries = map[string][2]string{
	"turn_stats": {
		`SELECT player_id, game, options, end_kind, dice_left, category, turns, points, best, zeros, throws, hot_dice, failed, bonus, attacks, taken
		 FROM turn_stats WHERE turns > 0 ORDER BY 1, 2, 3, 4, 5, 6`,
		`SELECT t.player_id, t.game, g.options, t.end_kind, t.dice_left, coalesce(t.category, ''),
			count(*), sum(t.points), max(t.points), sum(t.points = 0), sum(t.throws), sum(t.hot_dice), sum(t.failed), sum(t.bonus),
			sum(t.game = 'dreissig-tot' AND t.points > 30), sum(t.attack)
		 FROM turns t JOIN games g ON g.id = t.game_id GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`},
	"event_stats": {
		`SELECT player_id, role, game, options, kind, n, points FROM event_stats WHERE n > 0 ORDER BY 1, 2, 3, 4, 5`,
		`SELECT x.pid, x.role, g.game, g.options, x.kind, count(*), sum(x.points)
		 FROM (SELECT game_id, player_id AS pid, 'to' AS role, kind, points FROM events WHERE player_id IS NOT NULL
		       UNION ALL SELECT game_id, from_id, 'by', kind, points FROM events WHERE from_id IS NOT NULL) x
		 JOIN games g ON g.id = x.game_id GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`},
	"result_stats": {
		`SELECT player_id, game, options, played, won, total, high, low, last, last_game, streak, longest FROM result_stats ORDER BY 1, 2, 3`,
		`SELECT k.player_id, k.game, k.options, count(*), sum(r.won), sum(r.total), max(r.total), min(r.total), max(r.ended),
			(SELECT l.game_id FROM results l WHERE l.player_id = k.player_id AND l.game = k.game AND (k.options = '*' OR l.options = k.options) ORDER BY l.ended DESC, l.game_id DESC LIMIT 1),
			(SELECT streak FROM result_runs u WHERE (u.player_id, u.game, u.options) = (k.player_id, k.game, k.options)),
			(SELECT longest FROM result_runs u WHERE (u.player_id, u.game, u.options) = (k.player_id, k.game, k.options))
		 FROM (SELECT DISTINCT player_id, game, options FROM results UNION SELECT DISTINCT player_id, game, '*' FROM results) k
		 JOIN results r ON r.player_id = k.player_id AND r.game = k.game AND (k.options = '*' OR r.options = k.options)
		 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`},
}

// checkStatsSummaries compares the summary tables with a recomputation.
func checkStatsSummaries(t testing.TB, db *DB) {
	t.Helper()
	for table, q := range summaryQueries {
		got, want := queryStrings(t, db, q[0]), queryStrings(t, db, q[1])
		if len(got) != len(want) {
			t.Errorf("%s: %d rows, recomputed %d", table, len(got), len(want))
		}
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("%s row %d:\n  kept       %s\n  recomputed %s", table, i, got[i], want[i])
				break
			}
		}
	}
}

func queryStrings(t testing.TB, db *DB, q string) []string {
	t.Helper()
	rows, err := db.sql.Query(q)
	if err != nil {
		t.Fatalf("%v\n%s", err, q)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		s := ""
		for _, v := range vals {
			s += " " + stringOf(v)
		}
		out = append(out, s)
	}
	return out
}

func stringOf(v any) string {
	switch v := v.(type) {
	case []byte:
		return string(v)
	case nil:
		return "NULL"
	}
	return fmt.Sprint(v)
}

func TestGeneratedHistorySummaries(t *testing.T) {
	db := statsTestDB(t)
	start := time.Now()
	if err := fillGenerated(db, generate.Config{Games: 300, Seed: 2}); err != nil {
		t.Fatal(err)
	}
	t.Logf("300 games in %v", time.Since(start))
	checkStatsSummaries(t, db)
	ps, err := db.Stats(context.Background(), StatsFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 12 {
		t.Errorf("%d players", len(ps))
	}
}
