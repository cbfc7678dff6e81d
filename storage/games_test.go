package storage

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func throw(roll, keep []int) scoresheet.Entry {
	return scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: keep}
}

var stop = scoresheet.Entry{Kind: scoresheet.EntryStop}

func TestAppendRefusesBrokenRulesAndLeavesTheGameAsItWas(t *testing.T) {
	db := openTest(t)
	sg, err := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Append(ctx, sg, throw([]int{1, 1, 1, 5, 2, 3}, []int{1, 1, 1, 5})); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []scoresheet.Entry{
		throw([]int{1, 1, 1, 5, 2, 3}, []int{1}),     // six dice, but only two are left
		throw([]int{2, 3}, []int{2}),                 // a 2 alone scores nothing
		{Kind: scoresheet.EntryScore, Category: "x"}, // not a 5050 entry
	} {
		before := sg.Game.Record()
		err := db.Append(ctx, sg, bad)
		var ve *validate.Error
		if !errors.As(err, &ve) {
			t.Fatalf("Append(%+v) = %v, want a rule error", bad, err)
		}
		if !reflect.DeepEqual(sg.Game.Record(), before) || sg.Game.Len() != 1 {
			t.Fatalf("Append(%+v) changed the game", bad)
		}
	}
	loaded, _ := db.LoadGame(ctx, sg.ID)
	if loaded.Game.Len() != 1 {
		t.Fatalf("%d stored entries, want 1", loaded.Game.Len())
	}
}

// A writer that lost the race for an entry number gets a clear conflict and
// keeps its game as it was.
func TestAppendConflictBetweenTwoCopies(t *testing.T) {
	db := openTest(t)
	a, _ := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	b, _ := db.LoadGame(ctx, a.ID)
	if err := db.Append(ctx, a, throw([]int{1, 1, 1, 5, 2, 3}, []int{1, 1, 1, 5})); err != nil {
		t.Fatal(err)
	}
	err := db.Append(ctx, b, throw([]int{5, 2, 2, 3, 4, 6}, []int{5}))
	wantCode(t, err, CodeConflict)
	if b.Game.Len() != 0 {
		t.Errorf("the losing copy changed: %d entries", b.Game.Len())
	}
	_, err = db.Undo(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	// b never saw a's entry nor its undo: it must load the game again.
	wantCode(t, db.Append(ctx, b, throw([]int{5, 2, 2, 3, 4, 6}, []int{5})), CodeConflict)
	b, _ = db.LoadGame(ctx, a.ID)
	if err := db.Append(ctx, b, throw([]int{5, 2, 2, 3, 4, 6}, []int{5})); err != nil {
		t.Errorf("a freshly loaded copy appends: %v", err)
	}
}

// An old copy can neither append after another copy's undo (which would
// leave a gap in the entries) nor undo another copy's newer entry.
func TestStaleCopyAfterUndo(t *testing.T) {
	db := openTest(t)
	a, _ := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	if err := db.Append(ctx, a, throw([]int{1, 1, 5, 2, 3, 4}, []int{1, 1})); err != nil {
		t.Fatal(err)
	}
	b, _ := db.LoadGame(ctx, a.ID)
	if _, err := db.Undo(ctx, b); err != nil {
		t.Fatal(err)
	}
	// a still believes in its first entry: its next throw would be stored as
	// entry 1 with no entry 0.
	wantCode(t, db.Append(ctx, a, throw([]int{1, 2, 3, 4}, []int{1})), CodeConflict)
	// b enters something else; a's undo must not take that away.
	if err := db.Append(ctx, b, throw([]int{5, 2, 2, 3, 4, 6}, []int{5})); err != nil {
		t.Fatal(err)
	}
	_, err := db.Undo(ctx, a)
	wantCode(t, err, CodeConflict)
	loaded, err := db.LoadGame(ctx, a.ID)
	if err != nil || loaded.Game.Len() != 1 || loaded.Game.Entries()[0].Roll[0] != 5 {
		t.Fatalf("stored game after the stale copy's tries: %v %+v", err, loaded)
	}
}

// Every game, played to its end through Append, keeps summaries that match
// the replay; undo walks all the way back and the summaries follow.
func TestPlayUndoResumeEveryGame(t *testing.T) {
	b := newBot(7)
	for _, info := range validate.Games() {
		t.Run(string(info.ID), func(t *testing.T) {
			db := openTest(t)
			rules := validate.MustRules(info.ID, nil)
			players := []string{"Anna", "Ben", "Clara"}
			if info.ID == validate.GameDreissigTot {
				players = players[:2]
			}
			g, err := scoresheet.New(rules, players)
			if err != nil {
				t.Fatal(err)
			}
			b.play(g, 3000)
			if !g.Finished() {
				t.Fatalf("the bot did not finish a game of %s", info.ID)
			}
			sg := storeGame(t, db, g)
			if sg.Status != Finished || sg.Ended.IsZero() {
				t.Fatalf("status %s, ended %v", sg.Status, sg.Ended)
			}
			checkSummaries(t, db)
			// Entries after the end are refused.
			var ve *validate.Error
			if err := db.Append(ctx, sg, b.next(mustNew(rules, players))); !errors.As(err, &ve) || ve.Code != validate.CodeGameOver {
				t.Errorf("an entry after the end: %v", err)
			}

			// Resume: a fresh load is the same game.
			loaded, err := db.LoadGame(ctx, sg.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(loaded.Game.Record(), g.Record()) || !reflect.DeepEqual(loaded.Game.Totals(), g.Totals()) {
				t.Fatal("the loaded game differs")
			}

			// Undo back to the start, checking at some points on the way.
			n := g.Len()
			for i := n - 1; i >= 0; i-- {
				undone, err := db.Undo(ctx, loaded)
				if err != nil {
					t.Fatalf("undo entry %d: %v", i, err)
				}
				if !reflect.DeepEqual(undone, g.Entries()[i]) {
					t.Fatalf("undo %d gave %+v, want %+v", i, undone, g.Entries()[i])
				}
				if loaded.Status != Running || loaded.Game.Len() != i {
					t.Fatalf("after undo %d: status %s, %d entries", i, loaded.Status, loaded.Game.Len())
				}
				if i == n-1 || i%17 == 0 {
					checkSummaries(t, db)
				}
			}
			_, err = db.Undo(ctx, loaded)
			wantCode(t, err, CodeNothingToUndo)
			var rows int
			db.sql.QueryRow(`SELECT (SELECT count(*) FROM entries) + (SELECT count(*) FROM turns) + (SELECT count(*) FROM events) + (SELECT count(*) FROM results)`).Scan(&rows)
			if rows != 0 {
				t.Errorf("%d rows left after undoing everything", rows)
			}
		})
	}
}

func mustNew(r *validate.Rules, players []string) *scoresheet.Game {
	g, err := scoresheet.New(r, players)
	if err != nil {
		panic(err)
	}
	return g
}

func TestTurnSummaryFields(t *testing.T) {
	db := openTest(t)
	sg, _ := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	for _, e := range []scoresheet.Entry{
		throw([]int{1, 1, 1, 5, 2, 3}, []int{1, 1, 1, 5}),       // 1050
		throw([]int{2, 3}, []int{}),                             // bust with two dice left
		throw([]int{1, 2, 3, 4, 5, 6}, []int{1, 2, 3, 4, 5, 6}), // street: 1500, must be confirmed
		throw([]int{2, 2, 3, 3, 4, 6}, []int{}),                 // bust: the confirmation failed
	} {
		if err := db.Append(ctx, sg, e); err != nil {
			t.Fatalf("%+v: %v", e, err)
		}
	}
	type row struct {
		Seat, Points, Throws, DiceLeft, Failed, HotDice int
		End                                             string
	}
	var got []row
	rows, _ := db.sql.Query(`SELECT seat, points, throws, dice_left, failed, hot_dice, end_kind FROM turns ORDER BY turn`)
	for rows.Next() {
		var r row
		rows.Scan(&r.Seat, &r.Points, &r.Throws, &r.DiceLeft, &r.Failed, &r.HotDice, &r.End)
		got = append(got, r)
	}
	rows.Close()
	want := []row{
		{Seat: 0, Points: 0, Throws: 2, DiceLeft: 2, Failed: 0, HotDice: 0, End: "bust"},
		{Seat: 1, Points: 0, Throws: 2, DiceLeft: 6, Failed: 1, HotDice: 1, End: "bust"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("turn rows\n got %+v\nwant %+v", got, want)
	}
}

func TestAbandonAndGamesList(t *testing.T) {
	db := openTest(t)
	b := newBot(3)
	rules := validate.MustRules(validate.GameKniffel, nil)
	done := mustNew(rules, []string{"Anna", "Ben"})
	b.play(done, 1000)
	finished := storeGame(t, db, done)
	half := mustNew(validate.MustRules(validate.Game5050, nil), []string{"Clara", "Anna"})
	b.play(half, 9)
	running := storeGame(t, db, half)
	left := storeGame(t, db, mustNew(rules, []string{"Ben"}))
	if err := db.Abandon(ctx, left.ID); err != nil {
		t.Fatal(err)
	}
	if err := db.Abandon(ctx, finished.ID); err != nil {
		t.Errorf("abandoning a finished game: %v", err)
	}
	wantCode(t, db.Abandon(ctx, "0b6f0000-0000-4000-8000-000000000000"), CodeNotFound)
	wantCode(t, db.Abandon(ctx, "nonsense"), CodeBadID)

	all, err := db.Games(ctx, GameFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 3 || all[0].ID != left.ID || all[2].ID != finished.ID {
		t.Fatalf("games, newest first: %+v", all)
	}
	byID := map[string]GameInfo{}
	for _, gi := range all {
		byID[gi.ID] = gi
	}
	fi := byID[finished.ID]
	var winners []string
	for _, w := range done.Winners() {
		winners = append(winners, done.Players[w])
	}
	if fi.Status != Finished || !slices.Equal(fi.Totals, done.Totals()) || !slices.Equal(fi.Winners, winners) ||
		fi.Entries != done.Len() || fi.Round != 13 || fi.Ended.IsZero() {
		t.Errorf("finished game %+v", fi)
	}
	ri := byID[running.ID]
	if ri.Status != Running || !slices.Equal(ri.Totals, half.Totals()) || ri.Round != half.Round() || ri.Entries != 9 ||
		!slices.Equal(ri.Players, []string{"Clara", "Anna"}) || len(ri.Winners) != 0 {
		t.Errorf("running game %+v", ri)
	}
	if ab := byID[left.ID]; ab.Status != Abandoned || ab.Ended.IsZero() {
		t.Errorf("abandoned game %+v", ab)
	}
	for st, want := range map[Status]int{Running: 1, Finished: 1, Abandoned: 1} {
		gs, _ := db.Games(ctx, GameFilter{Status: st})
		if len(gs) != want || gs[0].Status != st {
			t.Errorf("filter %s: %+v", st, gs)
		}
	}
	if gs, _ := db.Games(ctx, GameFilter{Limit: 2}); len(gs) != 2 {
		t.Errorf("limit 2: %d games", len(gs))
	}
	// An entry brings an abandoned game back.
	sg, _ := db.LoadGame(ctx, left.ID)
	if err := db.Append(ctx, sg, b.next(sg.Game)); err != nil {
		t.Fatal(err)
	}
	if gs, _ := db.Games(ctx, GameFilter{Status: Running}); len(gs) != 2 {
		t.Errorf("after resuming the abandoned game, %d running", len(gs))
	}
	checkSummaries(t, db)
}

func TestLastWinner(t *testing.T) {
	db := openTest(t)
	rules := validate.MustRules(validate.Game5050, nil)
	b := newBot(11)
	if _, ok, err := db.LastWinner(ctx, "5050", []string{"Anna", "Ben"}); ok || err != nil {
		t.Fatalf("no games yet: ok %v, err %v", ok, err)
	}
	var last *scoresheet.Game
	for i := range 3 {
		players := []string{"Anna", "Ben"}
		if i == 1 {
			players = []string{"Ben", "Anna"}
		}
		g := mustNew(rules, players)
		b.play(g, 5000)
		storeGame(t, db, g)
		last = g
	}
	// A later game with a third player, and a running one, do not count.
	g3 := mustNew(rules, []string{"Anna", "Ben", "Clara"})
	b.play(g3, 5000)
	storeGame(t, db, g3)
	storeGame(t, db, mustNew(rules, []string{"Ben", "Anna"}))

	w, ok, err := db.LastWinner(ctx, "5050", []string{"ben", "Anna"})
	if err != nil || !ok || w != last.Players[last.Winners()[0]] {
		t.Errorf("LastWinner = %q, %v, %v; want %q", w, ok, err, last.Players[last.Winners()[0]])
	}
	if _, ok, _ := db.LastWinner(ctx, "5050", []string{"Anna"}); ok {
		t.Error("Anna alone has no finished game")
	}
	if _, ok, _ := db.LastWinner(ctx, "kniffel", []string{"Anna", "Ben"}); ok {
		t.Error("no Kniffel game was played")
	}
	if _, ok, _ := db.LastWinner(ctx, "5050", []string{"Anna", "Nobody"}); ok {
		t.Error("an unknown player")
	}
}

func TestPresets(t *testing.T) {
	db := openTest(t)
	oma := Preset{Name: "Zehntausend bei Oma", Game: "zehntausend", Options: map[string]any{"wuerfel": 6, "strasse": 1000, "minus": true}}
	if err := db.SavePreset(ctx, oma); err != nil {
		t.Fatal(err)
	}
	// Options as JSON numbers (float64) are fine too.
	if err := db.SavePreset(ctx, Preset{Name: "Kurz", Game: "totwuerfeln", Options: map[string]any{"runden": float64(1), "killer": []any{6.0, 1.0}}}); err != nil {
		t.Fatal(err)
	}
	if err := db.SavePreset(ctx, Preset{Name: "Kaputt", Game: "zehntausend", Options: map[string]any{"minus": true, "nix": true}}); !validate.IsInput(err) {
		t.Errorf("contradicting options: %v", err)
	}
	if err := db.SavePreset(ctx, Preset{Name: "x", Game: "schach"}); !validate.IsInput(err) {
		t.Errorf("unknown game: %v", err)
	}
	// Replace by name, in any case.
	oma.Name, oma.Options["minus"] = "zehntausend BEI oma", false
	if err := db.SavePreset(ctx, oma); err != nil {
		t.Fatal(err)
	}
	ps, err := db.Presets(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || ps[0].Name != "Kurz" || ps[1].Name != "zehntausend BEI oma" {
		t.Fatalf("presets %+v", ps)
	}
	if got := fmt.Sprint(ps[1].Options); got != "map[strasse:1000 wuerfel:6]" {
		t.Errorf("options %s", got)
	}
	if got := fmt.Sprint(ps[0].Options); got != "map[killer:[1 6] runden:1]" {
		t.Errorf("options %s", got)
	}
	r, err := ps[1].Rules()
	if err != nil || r.Options.Wuerfel != 6 || r.Options.Strasse != 1000 {
		t.Errorf("rules of the preset: %+v, %v", r, err)
	}
	if only, _ := db.Presets(ctx, "totwuerfeln"); len(only) != 1 {
		t.Errorf("presets of totwuerfeln: %+v", only)
	}
	if err := db.DeletePreset(ctx, "KURZ"); err != nil {
		t.Fatal(err)
	}
	wantCode(t, db.DeletePreset(ctx, "Kurz"), CodeNotFound)
}

// A game whose stored entries the rules refuse (say, after a rules fix) is
// marked in the list and left out of a full export; the others still go.
func TestBrokenGameDoesNotBlockTheOthers(t *testing.T) {
	db := openTest(t)
	good, _ := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	bad, _ := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	if err := db.Append(ctx, good, throw([]int{1, 1, 5, 2, 3, 4}, []int{1, 1})); err != nil {
		t.Fatal(err)
	}
	// Four dice where six must be thrown.
	if _, err := db.sql.Exec(`INSERT INTO entries (game_id, n, kind, roll, keep) VALUES (?, 0, 'throw', '1234', '1')`, bad.row); err != nil {
		t.Fatal(err)
	}
	gs, err := db.Games(ctx, GameFilter{})
	if err != nil || len(gs) != 2 {
		t.Fatalf("games: %v %d", err, len(gs))
	}
	for _, g := range gs {
		if g.Broken != (g.ID == bad.ID) {
			t.Errorf("game %s broken=%v", g.ID, g.Broken)
		}
	}
	recs, err := db.Export(ctx, nil)
	wantCode(t, err, CodeSomeBroken)
	if len(recs) != 1 || recs[0].ID != good.ID {
		t.Fatalf("export kept %d records", len(recs))
	}
	if !strings.Contains(err.(*Error).Message(validate.German), "nicht nachspielen lassen: 1") {
		t.Errorf("message: %s", err.(*Error).Message(validate.German))
	}
	// Asked for by id, the broken game is an error of its own.
	_, err = db.Export(ctx, []string{bad.ID})
	wantCode(t, err, CodeReplay)
}

func TestRevisionFollowsChanges(t *testing.T) {
	db := openTest(t)
	sg, _ := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	rev := func() Revision {
		r, err := db.Revision(ctx, sg.ID)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	start := rev()
	if start != sg.Revision() || start != (Revision{0, 0}) {
		t.Fatalf("a new game: stored %v, copy %v", start, sg.Revision())
	}
	if err := db.Append(ctx, sg, throw([]int{1, 1, 5, 2, 3, 4}, []int{1, 1})); err != nil {
		t.Fatal(err)
	}
	entered := rev()
	if entered != sg.Revision() || entered != (Revision{0, 1}) {
		t.Errorf("after an entry: stored %v, copy %v, want {0 1}", entered, sg.Revision())
	}
	if _, err := db.Undo(ctx, sg); err != nil {
		t.Fatal(err)
	}
	// Back to no entries, but not to the start: a copy that saw the entry,
	// or one that saw none, must both notice.
	undone := rev()
	if undone != sg.Revision() || undone == start || undone == entered {
		t.Errorf("after an entry and an undo: stored %v, copy %v (start %v, entered %v)", undone, sg.Revision(), start, entered)
	}
	if _, err := db.Revision(ctx, "0b6f0000-0000-4000-8000-000000000000"); ErrorCode(err) != CodeNotFound {
		t.Errorf("unknown game: %v", err)
	}
}

// A copy that missed another program's entry can take nothing back: its
// undo would delete the other program's entry with its own.
func TestStaleCopyCannotUndoNewerEntry(t *testing.T) {
	db := openTest(t)
	a, _ := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	if err := db.Append(ctx, a, throw([]int{1, 1, 5, 2, 3, 4}, []int{1, 1})); err != nil {
		t.Fatal(err)
	}
	b, _ := db.LoadGame(ctx, a.ID)
	if err := db.Append(ctx, b, throw([]int{5, 2, 3, 4}, []int{5})); err != nil {
		t.Fatal(err)
	}
	_, err := db.Undo(ctx, a)
	wantCode(t, err, CodeConflict)
	if a.Game.Len() != 1 {
		t.Errorf("the refused undo changed the copy: %d entries", a.Game.Len())
	}
	loaded, err := db.LoadGame(ctx, a.ID)
	if err != nil || loaded.Game.Len() != 2 {
		t.Fatalf("stored game after the stale undo: %v %+v", err, loaded)
	}
}

// A refused write leaves the copy exactly as it was, though the entry was
// tried on it: the next entry goes on from the same state.
func TestRefusedAppendLeavesCopyAsItWas(t *testing.T) {
	db := openTest(t)
	a, _ := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	for _, e := range []scoresheet.Entry{throw([]int{1, 1, 5, 2, 3, 4}, []int{1, 1}), throw([]int{5, 2, 3, 4}, []int{5})} {
		if err := db.Append(ctx, a, e); err != nil {
			t.Fatal(err)
		}
	}
	b, _ := db.LoadGame(ctx, a.ID)
	before := b.Game.Record()
	state := func() [3]int {
		ft := b.Game.Family()
		return [3]int{ft.TurnPoints(), ft.Throws(), ft.DiceToThrow()}
	}
	was := state()
	if _, err := db.Undo(ctx, a); err != nil {
		t.Fatal(err)
	}
	// b's throw passes the rules and is refused by the database.
	wantCode(t, db.Append(ctx, b, throw([]int{1, 2, 3}, []int{1})), CodeConflict)
	if !reflect.DeepEqual(b.Game.Record(), before) || state() != was {
		t.Errorf("the refused entry changed the copy: %+v, was %+v", b.Game.Record(), before)
	}
}

// Another program left the game; an entry from a copy that did not see it
// makes the game run again, as an entry into a left game always does.
func TestEntryRevivesGameLeftElsewhere(t *testing.T) {
	db := openTest(t)
	a, _ := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	if err := db.Abandon(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if err := db.Append(ctx, a, throw([]int{1, 1, 5, 2, 3, 4}, []int{1, 1})); err != nil {
		t.Fatal(err)
	}
	loaded, err := db.LoadGame(ctx, a.ID)
	if err != nil || loaded.Status != Running || !loaded.Ended.IsZero() {
		t.Fatalf("after an entry into a game left elsewhere: %v status %s ended %v", err, loaded.Status, loaded.Ended)
	}
}

// A prefix of fewer than 4 characters is refused for being short, not as
// "not a game id" (the help promises "id or its first characters").
func TestFindGameShortPrefix(t *testing.T) {
	db := openTest(t)
	for _, p := range []string{"4", "44", "0b6"} {
		_, err := db.FindGame(ctx, p)
		wantCode(t, err, CodeShortID)
		if m := Localize(err, validate.German); !strings.Contains(m, "mindestens die ersten 4 Zeichen") {
			t.Errorf("%q: %s", p, m)
		}
	}
	_, err := db.FindGame(ctx, "zz")
	wantCode(t, err, CodeBadID)
}
