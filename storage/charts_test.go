package storage

import (
	"path/filepath"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/storage/generate"
)

// The player page's charts follow the house-rule set chosen on the
// statistics screen, as its figures do: the final totals over time and
// their counts, the turn results and the loss per reviewed game of one set
// count exactly that set's games and turns (they counted every set of the
// game together); AllSets counts them all. On a real file with a
// generated history of several sets.
func TestChartsPerHouseRuleSet(t *testing.T) {
	db, err := openWithReviews(filepath.Join(t.TempDir(), "charts.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	gen, err := generate.New(generate.Config{Games: 60, Seed: 4, Players: 5})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.StorePlayed(ctx, func() (PlayedGame, bool) {
		g, ok := gen.Next()
		return PlayedGame{ID: g.ID, Started: g.Started, Ended: g.Ended, Game: g.Game}, ok
	}, nil); err != nil {
		t.Fatal(err)
	}
	all, err := db.Stats(ctx, StatsFilter{})
	if err != nil {
		t.Fatal(err)
	}
	sum := func(cs []Count) (n int) {
		for _, c := range cs {
			n += c.N
		}
		return n
	}
	// turns is how many finished turns the figures count.
	turns := func(f Figures) int {
		switch {
		case f.Family != nil:
			return f.Family.Turns
		case f.Tot != nil:
			return f.Tot.Turns
		}
		return -1 // Kniffel's chart is its final totals
	}
	check := func(p, game string, f Figures) {
		t.Helper()
		set := f.Set()
		tl, err := db.Timeline(ctx, p, game, set, 0)
		if err != nil || len(tl) != f.Played {
			t.Errorf("%s %s %q: %d final totals over time (%v), want %d", p, game, set, len(tl), err, f.Played)
		}
		if ft, err := db.FinalTotals(ctx, p, game, set); err != nil || sum(ft) != f.Played {
			t.Errorf("%s %s %q: %d final totals counted (%v), want %d", p, game, set, sum(ft), err, f.Played)
		}
		if n := turns(f); n >= 0 {
			if tp, err := db.TurnPoints(ctx, p, game, set); err != nil || sum(tp) != n {
				t.Errorf("%s %s %q: %d turn results (%v), want %d", p, game, set, sum(tp), err, n)
			}
		}
		reviewed := 0
		if f.Review != nil {
			reviewed = f.Review.Games
		}
		if lt, err := db.LossTimeline(ctx, p, game, set, 0); err != nil || len(lt) != reviewed {
			t.Errorf("%s %s %q: %d losses over time (%v), want %d", p, game, set, len(lt), err, reviewed)
		}
	}
	mixed := 0
	for _, p := range all {
		for game, gs := range p.Games {
			if gs.Set() != AllSets {
				t.Errorf("%s %s: the figures of every set name the set %q", p.Name, game, gs.Set())
			}
			check(p.Name, game, gs.Figures)
			for _, hr := range gs.HouseRules {
				if hr.Set() == AllSets {
					t.Errorf("%s %s: a set's figures name no set (%v)", p.Name, game, hr.Options)
				}
				check(p.Name, game, hr)
			}
			if len(gs.HouseRules) > 1 {
				mixed++
			}
		}
	}
	if mixed == 0 {
		t.Fatal("no player played a game under two house-rule sets: the test shows nothing")
	}
}
