package storage

import (
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Issue 10.5: Check finds what SQLite cannot: summaries and statistics
// that no longer follow from the games.
func TestCheckFindsDrift(t *testing.T) {
	db := openTest(t)
	fill(t, db, 3, 12)
	if ps, err := db.Check(ctx, nil); err != nil || len(ps) != 0 {
		t.Fatalf("a sound database: %v %v", ps, err)
	}
	if _, err := db.sql.Exec(`UPDATE turn_stats SET points = points + 1 WHERE rowid IN (SELECT rowid FROM turn_stats LIMIT 1)`); err != nil {
		// turn_stats is WITHOUT ROWID
		if _, err := db.sql.Exec(`UPDATE turn_stats SET points = points + 1 WHERE (player_id, game, options, end_kind, dice_left, category) IN (SELECT player_id, game, options, end_kind, dice_left, category FROM turn_stats LIMIT 1)`); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.sql.Exec(`UPDATE turns SET points = points + 50 WHERE (game_id, turn) IN (SELECT game_id, turn FROM turns LIMIT 1)`); err != nil {
		t.Fatal(err)
	}
	ps, err := db.Check(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var all []string
	for _, p := range ps {
		all = append(all, p.Text(validate.English))
		if p.Text(validate.German) == "" {
			t.Errorf("no German text for %q", p.EN)
		}
	}
	text := strings.Join(all, "\n")
	if !strings.Contains(text, "turn_stats") || !strings.Contains(text, ": the stored summary differs") {
		t.Errorf("problems: %s", text)
	}
}

// One row of a statistics table off is said in the singular (it said "1
// rows differ", "1 Zeilen weichen").
func TestCheckSaysOneRow(t *testing.T) {
	db := openTest(t)
	fill(t, db, 3, 12)
	if _, err := db.sql.Exec(`UPDATE turn_stats SET points = points + 1 WHERE (player_id, game, options, end_kind, dice_left, category) IN (SELECT player_id, game, options, end_kind, dice_left, category FROM turn_stats LIMIT 1)`); err != nil {
		t.Fatal(err)
	}
	ps, err := db.Check(ctx, nil)
	if err != nil || len(ps) != 1 {
		t.Fatalf("problems %v, %v; want the one", ps, err)
	}
	if en, de := ps[0].EN, ps[0].DE; !strings.Contains(en, "turn_stats: 1 row differs") || !strings.Contains(de, "turn_stats: 1 Zeile weicht") {
		t.Errorf("one changed row: %q / %q", en, de)
	}
}

// Once SQLite reported the file damaged, nothing more is written to it.
func TestDamagedDatabaseRefusesWrites(t *testing.T) {
	db := openTest(t)
	db.damaged.Store(true)
	_, err := db.AddPlayer(ctx, "Anna")
	wantCode(t, err, CodeDamaged)
	if ps, _ := db.Players(ctx); len(ps) != 0 {
		t.Errorf("a player was added: %v", ps)
	}
}
