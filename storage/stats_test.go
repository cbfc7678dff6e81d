package storage

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func statsTestDB(t testing.TB) *DB {
	t.Helper()
	db, err := openWithReviews(filepath.Join(t.TempDir(), "stats.db"))
	if err != nil {
		t.Fatal(err)
	}
	tick := time.Date(2025, 3, 1, 19, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { tick = tick.Add(time.Minute); return tick }
	t.Cleanup(func() { db.Close() })
	return db
}

// summaryQueries recompute the trigger-kept summary tables from the tables
// of 001; after any writes, undos and imports they must agree. What counts
// as a bust and as an attack is recomputed here from end_kind, game and
// points, independently of the typed columns the Go side writes (010).
var summaryQueries = map[string][2]string{
	"turn_stats": {
		`SELECT player_id, game, options, end_kind, dice_left, category, turns, points, best, zeros, throws, hot_dice, failed, bonus, attacks, taken
		 FROM turn_stats WHERE turns > 0 ORDER BY 1, 2, 3, 4, 5, 6`,
		`SELECT t.player_id, t.game, g.options, t.end_kind, t.dice_left, coalesce(t.category, ''),
			count(*), sum(t.points), max(t.points), sum(t.points = 0), sum(t.throws), sum(t.hot_dice), sum(t.failed), sum(t.bonus),
			sum(t.game = 'dreissig-tot' AND t.points > 30), sum(t.attack)
		 FROM turns t JOIN games g ON g.id = t.game_id GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`},
	"dice_stats": {
		`SELECT player_id, game, options, dice, throws, busts FROM dice_stats WHERE throws > 0 ORDER BY 1, 2, 3, 4`,
		`SELECT t.player_id, t.game, g.options, d.n,
			sum(CASE d.n WHEN 1 THEN t.t1 WHEN 2 THEN t.t2 WHEN 3 THEN t.t3 WHEN 4 THEN t.t4 WHEN 5 THEN t.t5 ELSE t.t6 END) AS c,
			sum(t.end_kind IN ('bust', 'nix') AND t.dice_left = d.n)
		 FROM turns t JOIN games g ON g.id = t.game_id,
			(SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 6) d
		 GROUP BY 1, 2, 3, 4 HAVING c > 0 ORDER BY 1, 2, 3, 4`},
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

func sThrow(roll []int, keep ...int) scoresheet.Entry {
	if keep == nil {
		keep = []int{}
	}
	return scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: keep}
}

// sBare is a throw without a keep: a bust, or in 5000 all scoring dice.
func sBare(roll ...int) scoresheet.Entry {
	return scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll}
}

var sStop = scoresheet.Entry{Kind: scoresheet.EntryStop}

func sDice(roll ...int) []int { return roll }

// playStored creates a game and enters every entry through Append.
func playStored(t testing.TB, db *DB, rules *validate.Rules, players []string, entries ...scoresheet.Entry) *StoredGame {
	t.Helper()
	ctx := context.Background()
	sg, err := db.CreateGame(ctx, rules, players)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range entries {
		if err := db.Append(ctx, sg, e); err != nil {
			t.Fatalf("%s entry %d %+v: %v", rules.Game, i, e, err)
		}
	}
	return sg
}

// Three short Zehntausend games (target 500) between Anna and Ben, the
// third with verdoppeln: Anna wins, Ben wins, then a shared win.
func knownZehntausend(t testing.TB, db *DB) (g1, g2, g3 *StoredGame) {
	r500 := validate.MustRules(validate.GameZehntausend, map[string]any{"ziel": 500})
	rVerd := validate.MustRules(validate.GameZehntausend, map[string]any{"ziel": 500, "verdoppeln": true})
	ab := []string{"Anna", "Ben"}
	full := []scoresheet.Entry{sThrow(sDice(1, 1, 5, 5, 2), 1, 1, 5, 5), sThrow(sDice(1), 1), sThrow(sDice(1, 2, 3, 4, 6), 1), sStop} // 500, hot dice once
	g1 = playStored(t, db, r500, ab,
		sThrow(sDice(1, 1, 2, 3, 4), 1, 1), sStop, // Anna 200
		sBare(2, 3, 4, 6, 6),                                                 // Ben busts with 5 dice
		sThrow(sDice(1, 5, 2, 3, 4), 1, 5), sThrow(sDice(1, 2, 3), 1), sStop, // Anna 250: 450
		sThrow(sDice(1, 1, 5, 5, 2), 1, 1, 5, 5), sThrow(sDice(1), 1), sStop, // Ben 400 after hot dice
		sThrow(sDice(1, 2, 3, 4, 6), 1), sStop, // Anna 100: 550, final round
		sThrow(sDice(5, 2, 3, 4, 6), 5), sBare(2, 3, 4, 6), // Ben busts with 4 dice
	)
	g2 = playStored(t, db, r500, ab, append([]scoresheet.Entry{sBare(2, 3, 4, 6, 6)}, full...)...)
	g3 = playStored(t, db, rVerd, ab, append(append([]scoresheet.Entry{}, full...), full...)...)
	for _, g := range []*StoredGame{g1, g2, g3} {
		if !g.Game.Finished() {
			t.Fatalf("a known game did not finish: %v", g.Game.Totals())
		}
	}
	return g1, g2, g3
}

func figuresOf(t *testing.T, db *DB, player, game string) *GameStats {
	t.Helper()
	ps, err := db.Stats(context.Background(), StatsFilter{Player: player, Game: game})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 || ps[0].Games[game] == nil {
		t.Fatalf("%s in %s: %+v", player, game, ps)
	}
	return ps[0].Games[game]
}

func near(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

func TestStatsZehntausendKnownGames(t *testing.T) {
	db := statsTestDB(t)
	knownZehntausend(t, db)
	checkStatsSummaries(t, db)

	anna := figuresOf(t, db, "anna", "zehntausend") // names in any case
	a := anna.Figures
	if a.Played != 3 || a.Won != 2 || !near(a.WinRate, 2.0/3) || !near(a.AvgTotal, 350) || a.BestTotal != 550 ||
		a.Streak != 1 || a.LongestStreak != 1 {
		t.Errorf("Anna: played %d won %d rate %.3f avg %.1f best %d streak %d longest %d; want 3 2 0.667 350 550 1 1",
			a.Played, a.Won, a.WinRate, a.AvgTotal, a.BestTotal, a.Streak, a.LongestStreak)
	}
	// Anna's turns: 200, 250, 100, then (game 2) a bust with 5 dice, then 500 twice… no:
	// game 2 Anna busts once; game 3 she banks 500.
	f := a.Family
	if f == nil || f.Turns != 5 || f.Banked != 4 || !near(f.AvgBanked, (200+250+100+500)/4.0) || f.BestTurn != 500 ||
		f.Busts != 1 || !near(f.BustRate, 0.2) || f.HotDice != 1 {
		t.Errorf("Anna's turns: %+v", f)
	}
	if len(anna.HouseRules) != 2 {
		t.Fatalf("Anna has %d house-rule sets, want 2", len(anna.HouseRules))
	}
	for _, hr := range anna.HouseRules {
		switch {
		case hr.Options["verdoppeln"] == true:
			if hr.Played != 1 || hr.Won != 1 || hr.Streak != 1 || hr.BestTotal != 500 {
				t.Errorf("Anna with verdoppeln: %+v", hr)
			}
		default:
			if hr.Options["ziel"] != 500 || hr.Played != 2 || hr.Won != 1 || hr.Streak != 0 || hr.LongestStreak != 1 || !near(hr.AvgTotal, 275) {
				t.Errorf("Anna without verdoppeln: %+v", hr)
			}
		}
	}

	b := figuresOf(t, db, "Ben", "zehntausend").Figures
	if b.Played != 3 || b.Won != 2 || b.Streak != 2 || b.LongestStreak != 2 || b.BestTotal != 500 || !near(b.AvgTotal, 1400.0/3) {
		t.Errorf("Ben: %+v", b)
	}
	bf := b.Family
	// Ben's throws: game 1: 5 dice (bust); 5, 1 (400, hot dice); 5, 4 dice (bust).
	// Games 2 and 3: 5, 1, 5 dice (500) each.
	wantDice := []DiceFigures{{Dice: 1, Throws: 3, Busts: 0, BustRate: 0}, {Dice: 4, Throws: 1, Busts: 1, BustRate: 1},
		{Dice: 5, Throws: 7, Busts: 1, BustRate: 1.0 / 7}}
	if bf == nil || bf.Turns != 5 || bf.Busts != 2 || bf.Banked != 3 || bf.BestTurn != 500 || bf.HotDice != 3 || len(bf.ByDice) != len(wantDice) {
		t.Fatalf("Ben's turns: %+v", bf)
	}
	for i, d := range wantDice {
		if got := bf.ByDice[i]; got.Dice != d.Dice || got.Throws != d.Throws || got.Busts != d.Busts || !near(got.BustRate, d.BustRate) {
			t.Errorf("Ben with %d dice: %+v, want %+v", d.Dice, got, d)
		}
	}

	h, err := db.HeadToHead(context.Background(), "Anna", "Ben", "")
	if err != nil {
		t.Fatal(err)
	}
	if h.Total.Played != 3 || h.Total.AAhead != 1 || h.Total.BAhead != 1 || h.Total.Level != 1 || h.Total.AWon != 2 || h.Total.BWon != 2 {
		t.Errorf("head-to-head: %+v", h.Total)
	}
}

// Undo of a game's last entry takes its results out of the figures (and
// the streaks are recomputed); entering it again puts them back.
func TestStatsFollowUndo(t *testing.T) {
	db := statsTestDB(t)
	ctx := context.Background()
	_, _, g3 := knownZehntausend(t, db)
	if _, err := db.Undo(ctx, g3); err != nil {
		t.Fatal(err)
	}
	checkStatsSummaries(t, db)
	b := figuresOf(t, db, "Ben", "zehntausend").Figures
	if b.Played != 2 || b.Won != 1 || b.Streak != 1 || b.LongestStreak != 1 {
		t.Errorf("Ben after undo: played %d won %d streak %d longest %d; want 2 1 1 1", b.Played, b.Won, b.Streak, b.LongestStreak)
	}
	if b.Family.Turns != 4 {
		t.Errorf("Ben after undo has %d turns, want 4", b.Family.Turns)
	}
	// Walk back through the whole game, then play it again.
	for g3.Game.Len() > 0 {
		if _, err := db.Undo(ctx, g3); err != nil {
			t.Fatal(err)
		}
	}
	checkStatsSummaries(t, db)
	full := []scoresheet.Entry{sThrow(sDice(1, 1, 5, 5, 2), 1, 1, 5, 5), sThrow(sDice(1), 1), sThrow(sDice(1, 2, 3, 4, 6), 1), sStop}
	for _, e := range append(full, full...) {
		if err := db.Append(ctx, g3, e); err != nil {
			t.Fatal(err)
		}
	}
	checkStatsSummaries(t, db)
	b = figuresOf(t, db, "Ben", "zehntausend").Figures
	if b.Played != 3 || b.Won != 2 || b.Streak != 2 {
		t.Errorf("Ben after playing again: %+v", b)
	}
}

func TestStatsKniffelKnownGame(t *testing.T) {
	db := statsTestDB(t)
	r := validate.MustRules(validate.GameKniffel, nil)
	var es []scoresheet.Entry
	for _, box := range []struct {
		cat  string
		dice []int
	}{
		{"einser", sDice(1, 1, 1, 2, 3)}, {"zweier", sDice(2, 2, 2, 2, 3)}, {"dreier", sDice(3, 3, 3, 1, 2)},
		{"vierer", sDice(4, 4, 4, 1, 2)}, {"fuenfer", sDice(5, 5, 5, 1, 2)}, {"sechser", sDice(6, 6, 6, 1, 2)},
		{"kniffel", sDice(6, 6, 6, 6, 6)}, {"dreierpasch", sDice(6, 6, 6, 6, 6)}, {"viererpasch", sDice(1, 2, 3, 4, 5)},
		{"full-house", sDice(2, 2, 3, 3, 3)}, {"kleine-strasse", sDice(1, 2, 3, 4, 6)}, {"grosse-strasse", sDice(1, 1, 1, 1, 1)},
		{"chance", sDice(6, 6, 5, 5, 4)},
	} {
		es = append(es, scoresheet.Entry{Kind: scoresheet.EntryDice, Roll: box.dice}, scoresheet.Entry{Kind: scoresheet.EntryScore, Category: box.cat})
	}
	sg := playStored(t, db, r, []string{"Anna"}, es...)
	if got := sg.Game.Totals()[0]; got != 461 {
		t.Fatalf("the known Kniffel game totals %d, want 461", got)
	}
	checkStatsSummaries(t, db)
	g := figuresOf(t, db, "Anna", "kniffel").Figures
	k := g.Kniffel
	if g.Played != 1 || g.Won != 1 || g.BestTotal != 461 || k == nil || k.UpperBonus != 1 || k.UpperBonusRate != 1 ||
		k.Kniffels != 1 || k.KniffelBonuses != 2 || len(k.Boxes) != 13 {
		t.Fatalf("Kniffel figures: %+v %+v", g, k)
	}
	for _, b := range k.Boxes {
		want := map[string]BoxFigures{
			"einser": {Filled: 1, Avg: 3}, "viererpasch": {Filled: 1, Struck: 1}, "grosse-strasse": {Filled: 1, Struck: 1},
			"dreierpasch": {Filled: 1, Avg: 30}, "chance": {Filled: 1, Avg: 26},
		}[b.Category]
		if want.Filled > 0 && (b.Filled != want.Filled || b.Avg != want.Avg || b.Struck != want.Struck) {
			t.Errorf("box %s: %+v, want %+v", b.Category, b, want)
		}
	}
}

func TestStatsDreissigTotAttacks(t *testing.T) {
	db := statsTestDB(t)
	r := validate.MustRules(validate.GameDreissigTot, nil)
	sg := playStored(t, db, r, []string{"Anna", "Ben"},
		sThrow(sDice(6, 6, 6, 6, 6, 6), 6, 6, 6, 6, 6, 6), // 36: attack on Ben with 6s
		scoresheet.Entry{Kind: scoresheet.EntryAttack, Roll: sDice(6, 6, 1, 2, 3, 4)},
		scoresheet.Entry{Kind: scoresheet.EntryAttack, Roll: sDice(1, 2, 3, 4)}, // Ben 30 − 12 = 18
		sThrow(sDice(1, 1, 1, 1, 1, 1), 1, 1, 1, 1, 1, 1),                       // Ben 6: 18 − 24 < 0, the game is over
	)
	if !sg.Game.Finished() {
		t.Fatalf("not over: %v", sg.Game.Totals())
	}
	checkStatsSummaries(t, db)
	a := figuresOf(t, db, "Anna", "dreissig-tot").Figures
	if a.Won != 1 || a.BestTotal != 30 || a.Tot == nil || a.Tot.AttacksMade != 1 || a.Tot.PointsTaken != 12 || a.Tot.AvgTurn != 36 {
		t.Errorf("Anna: %+v %+v", a, a.Tot)
	}
	b := figuresOf(t, db, "Ben", "dreissig-tot").Figures
	if b.Won != 0 || b.BestTotal != -6 || b.Tot.AttacksSuffered != 1 || b.Tot.PointsLost != 12 || b.Tot.AvgTurn != 6 || b.Tot.AttacksMade != 0 {
		t.Errorf("Ben: %+v %+v", b, b.Tot)
	}
}

// Same score in 5000: Ben's 1200 sends Anna's 1200 back to 0. The game is
// not over, so it counts for the turn figures but not as played.
func TestStats5000Resets(t *testing.T) {
	db := statsTestDB(t)
	r := validate.MustRules(validate.Game5000, nil)
	playStored(t, db, r, []string{"Anna", "Ben"},
		sBare(1, 1, 1, 5, 5), sStop, // no keep: all scoring dice go aside, 1200
		sBare(1, 1, 1, 5, 5), sStop, // Ben 1200 too: Anna back to 0
	)
	checkStatsSummaries(t, db)
	a := figuresOf(t, db, "Anna", "5000").Figures
	b := figuresOf(t, db, "Ben", "5000").Figures
	if a.Played != 0 || a.Family == nil || a.Family.ResetsSuffered != 1 || a.Family.ResetsCaused != 0 || a.Family.BestTurn != 1200 || a.Family.HotDice != 1 {
		t.Errorf("Anna: %+v %+v", a, a.Family)
	}
	if b.Family == nil || b.Family.ResetsCaused != 1 || b.Family.ResetsSuffered != 0 {
		t.Errorf("Ben: %+v", b.Family)
	}
}

// Games stored out of time order (a merged history) keep the streaks right.
func TestStatsOutOfOrderImport(t *testing.T) {
	db := statsTestDB(t)
	gs, err := generate.All(generate.Config{Games: 120, Seed: 5, Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	i := len(gs)
	_, err = db.StorePlayed(context.Background(), func() (PlayedGame, bool) {
		if i == 0 {
			return PlayedGame{}, false
		}
		i--
		g := gs[i]
		return PlayedGame{ID: g.ID, Started: g.Started, Ended: g.Ended, Game: g.Game}, true
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkStatsSummaries(t, db)
}

// A database written before migration 002 gets its summaries filled in
// when it is opened by this version.
func TestStatsMigrationFillsOlderDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := openWithReviews(path)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := generate.All(generate.Config{Games: 80, Seed: 9, Players: 5})
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	if _, err := old.StorePlayed(context.Background(), func() (PlayedGame, bool) {
		if i == len(gs) {
			return PlayedGame{}, false
		}
		g := gs[i]
		i++
		return PlayedGame{ID: g.ID, Started: g.Started, Ended: g.Ended, Game: g.Game}, true
	}, nil); err != nil {
		t.Fatal(err)
	}
	// Take the database back to schema 1: what 002 to 005 added goes.
	for _, q := range []string{
		`DROP TRIGGER turns_stats_insert`, `DROP TRIGGER turns_stats_delete`, `DROP TRIGGER events_stats_insert`,
		`DROP TRIGGER events_stats_delete`, `DROP TRIGGER results_stats_insert`, `DROP TRIGGER results_stats_delete`,
		`DROP TRIGGER turns_dice_insert`, `DROP TRIGGER turns_dice_delete`,
		`DROP VIEW result_runs`, `DROP INDEX results_timeline`,
		`DROP TABLE turn_stats`, `DROP TABLE event_stats`, `DROP TABLE result_stats`, `DROP TABLE dice_stats`,
		`ALTER TABLE turns DROP COLUMN t1`, `ALTER TABLE turns DROP COLUMN t2`, `ALTER TABLE turns DROP COLUMN t3`,
		`ALTER TABLE turns DROP COLUMN t4`, `ALTER TABLE turns DROP COLUMN t5`, `ALTER TABLE turns DROP COLUMN t6`,
		`ALTER TABLE turns DROP COLUMN busted`, `ALTER TABLE turns DROP COLUMN attacked`,
		`ALTER TABLE games DROP COLUMN rev`, `ALTER TABLE games DROP COLUMN coach`, `ALTER TABLE games DROP COLUMN undos`,
		`ALTER TABLE games DROP COLUMN undone`,
		`DROP TABLE reviews`,
		`DROP TRIGGER sync_entry_added`, `DROP TRIGGER sync_entry_removed`, `DROP TRIGGER sync_game_added`, `DROP TRIGGER sync_game_status`,
		`DROP TABLE sync_device`, `DROP TABLE sync_files`, `DROP TABLE sync_pending`, `DROP TABLE sync_conflicts`,
		`DELETE FROM migrations WHERE version > 1`,
	} {
		if _, err := old.sql.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	old.Close()
	db, err := openWithReviews(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	db.sql.QueryRow(`SELECT count(*) FROM result_stats`).Scan(&n)
	if n == 0 {
		t.Fatal("no result summaries after the upgrade")
	}
	checkStatsSummaries(t, db)
}

// The leaderboard: more wins per game first, then the better average
// final total, then more games, then the given order; players without a
// game are left out. (Issue 20.9: players without a win were ordered by
// name, "Anna 250" above "Ben 2350", Ben −20 above Carla 15.)
func TestLeaderboard(t *testing.T) {
	fs := []*Figures{
		{Played: 4, Won: 2, WinRate: 0.5, AvgTotal: 3000},
		nil,
		{Played: 10, Won: 5, WinRate: 0.5, AvgTotal: 3000},
		{Played: 3, Won: 3, WinRate: 1},
		{Played: 0},
		{Played: 4, Won: 2, WinRate: 0.5, AvgTotal: 3000},
		{Played: 2, AvgTotal: 250},  // Anna
		{Played: 2, AvgTotal: 2350}, // Ben
		{Played: 2, Won: 2, WinRate: 1, AvgTotal: 9000},
	}
	figures := func(i int) *Figures { return fs[i] }
	got := Leaderboard(validate.GameZehntausend, len(fs), figures)
	want := []int{8, 3, 2, 0, 5, 7, 6}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("order %v, want %v", got, want)
	}
	// Where the lowest total wins, the lower average comes first.
	got = Leaderboard(validate.GameRueckwaerts, len(fs), figures)
	want = []int{3, 8, 2, 0, 5, 6, 7}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Rückwärts: order %v, want %v", got, want)
	}
	// Dreißig tot: Carla (15) above Ben (−20), neither won.
	dt := []*Figures{{Played: 1, AvgTotal: -20}, {Played: 1, AvgTotal: 15}}
	if got := Leaderboard(validate.GameDreissigTot, 2, func(i int) *Figures { return dt[i] }); fmt.Sprint(got) != "[1 0]" {
		t.Errorf("Dreißig tot: order %v, want Carla first", got)
	}
}
