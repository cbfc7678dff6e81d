package generate

import (
	"slices"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func TestSameSeedSameHistory(t *testing.T) {
	a, err := All(Config{Games: 60, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := All(Config{Games: 60, Seed: 7})
	c, _ := All(Config{Games: 60, Seed: 8})
	if len(a) != 60 {
		t.Fatalf("made %d games, want 60", len(a))
	}
	same := func(x, y []Game) bool {
		for i := range x {
			if x[i].ID != y[i].ID || !x[i].Started.Equal(y[i].Started) || !slices.EqualFunc(x[i].Game.Entries(), y[i].Game.Entries(), entryEqual) {
				return false
			}
		}
		return true
	}
	if !same(a, b) {
		t.Error("seed 7 gave two different histories")
	}
	if same(a, c) {
		t.Error("seeds 7 and 8 gave the same history")
	}
}

func entryEqual(x, y scoresheet.Entry) bool {
	return x.Kind == y.Kind && slices.Equal(x.Roll, y.Roll) && slices.Equal(x.Keep, y.Keep) &&
		x.FivesAsOnes == y.FivesAsOnes && x.Category == y.Category
}

// Every game is finished, replays through the engine to the same end, and
// all seven games are played.
func TestGamesAreFinishedAndReplay(t *testing.T) {
	gs, err := All(Config{Games: 300, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[validate.GameID]int{}
	ids := map[string]bool{}
	for i, g := range gs {
		if !g.Game.Finished() {
			t.Fatalf("game %d (%s) is not finished", i, g.Game.Rules.Game)
		}
		if ids[g.ID] {
			t.Fatalf("game %d: id %s twice", i, g.ID)
		}
		ids[g.ID] = true
		if !g.Ended.After(g.Started) || i > 0 && !g.Started.After(gs[i-1].Ended) {
			t.Fatalf("game %d: times out of order", i)
		}
		again, err := scoresheet.FromEntries(g.Game.Rules, g.Game.Players, g.Game.Entries())
		if err != nil || !again.Finished() || !slices.Equal(again.Totals(), g.Game.Totals()) {
			t.Fatalf("game %d (%s) does not replay: %v", i, g.Game.Rules.Game, err)
		}
		seen[g.Game.Rules.Game]++
	}
	for _, info := range validate.Games() {
		if seen[info.ID] == 0 {
			t.Errorf("no %s game in 300", info.ID)
		}
	}
}

func TestUUIDShape(t *testing.T) {
	g, _ := New(Config{Seed: 3})
	id := g.uuid()
	if len(id) != 36 || id[14] != '4' || !slices.Contains([]byte("89ab"), id[19]) {
		t.Errorf("uuid %q is not a version-4 UUID", id)
	}
}

// Issue 12.22: with End set, the same games are dated so that the last one
// ends at or before End (and less than a day before it).
func TestEndMovesTheHistory(t *testing.T) {
	base := Config{Games: 40, Seed: 3, Players: 5}
	plain, err := All(base)
	if err != nil {
		t.Fatal(err)
	}
	for _, end := range []time.Time{time.Date(2015, 3, 1, 12, 0, 0, 0, time.UTC), time.Date(2030, 6, 1, 12, 0, 0, 0, time.UTC)} {
		cfg := base
		cfg.End = end
		moved, err := All(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if len(moved) != len(plain) {
			t.Fatalf("%d games, want %d", len(moved), len(plain))
		}
		shift := moved[0].Started.Sub(plain[0].Started)
		for i := range moved {
			if moved[i].ID != plain[i].ID || moved[i].Game.Len() != plain[i].Game.Len() || moved[i].Started.Sub(plain[i].Started) != shift {
				t.Fatalf("game %d differs: %s %v, want %s %v", i, moved[i].ID, moved[i].Started, plain[i].ID, plain[i].Started)
			}
		}
		last := moved[len(moved)-1].Ended
		if last.After(end) || end.Sub(last) >= 24*time.Hour {
			t.Fatalf("the last game ends %v, want within the day before %v", last, end)
		}
	}
}
