package storage

import (
	"bytes"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
)

// B takes the last entry back and enters another in its place (a throw
// typed wrong, corrected) while A, which had synced the game, does
// nothing with it. B saw all of A's version and replaced it: A's version
// is the one B's undo took back as it is (its fingerprint is in B's
// undone, A does not know it). So B's version counts on every device,
// whichever syncs first, without a conflict; a third device that had A's
// version takes B's too, and a fourth that reads both lines for the first
// time ends with B's. Also with two entries taken back, and for a game A
// finished (it runs again on A unless B's entry ends it too).
func TestSyncUndoAndReplayOnIdleDevice(t *testing.T) {
	for _, c := range []struct {
		bFirst   bool
		undos    int
		finished bool
	}{{true, 1, false}, {false, 1, false}, {true, 2, false}, {false, 2, true}, {true, 1, true}} {
		dir, a, b, ga, gb := syncedPair(t, 17)
		if c.finished {
			ga = finishedGame(t, a, 19)
			syncOK(t, a, dir)
			syncOK(t, b, dir)
			var err error
			if gb, err = b.LoadGame(ctx, ga.ID); err != nil || gb.Status != Finished {
				t.Fatalf("B: %+v, %v; want the finished game", gb, err)
			}
		}
		cdb := device(t, "c")
		syncOK(t, cdb, dir)
		n := ga.Game.Len()
		var e scoresheet.Entry
		for range c.undos {
			e = undo(t, b, gb)
		}
		appendOther(t, b, gb, &e)
		order := []*DB{a, b, cdb}
		if c.bFirst {
			order = []*DB{b, a, cdb}
		}
		for i := range 2 {
			for _, db := range order {
				if rep := syncOK(t, db, dir); t.Failed() {
					t.Fatalf("%+v, round %d, %s: %+v", c, i, db.Path(), rep)
				}
			}
		}
		want := n - c.undos + 1
		wantSame(t, a, b, ga.ID, want)
		wantSame(t, cdb, b, ga.ID, want)
		d := device(t, "d")
		syncOK(t, d, dir)
		wantSame(t, d, b, ga.ID, want)
		got, err := a.LoadGame(ctx, ga.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !samePrefix(got.Game.Entries(), gb.Game.Entries()) || got.Status != gb.Status {
			t.Fatalf("%+v: A has not B's version (status %s, B's %s)", c, got.Status, gb.Status)
		}
	}
}

// The same by import, both ways: B's export into A brings A's game up to
// date (B's entry in place of A's last), A's export into B is skipped (an
// older version) and changes nothing; neither is refused.
func TestImportUndoAndReplayFromIdleDevice(t *testing.T) {
	_, a, b, ga, gb := syncedPair(t, 18)
	n := ga.Game.Len()
	e := undo(t, b, gb)
	appendOther(t, b, gb, &e)
	fromA, fromB := exportOfDB(t, a), exportOfDB(t, b)
	importInto := func(db *DB, data []byte) ImportReport {
		t.Helper()
		recs, err := DecodeExport(data)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := db.Import(ctx, recs)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Refused) != 0 {
			t.Fatalf("%s: refused %v", db.Path(), rep.Refused)
		}
		return rep
	}
	if rep := importInto(b, fromA); rep.Extended != 0 || !bytes.Equal(exportOfDB(t, b), fromB) {
		t.Fatalf("A's export into B: %+v, or B's game changed", rep)
	}
	if rep := importInto(a, fromB); rep.Extended != 1 {
		t.Fatalf("B's export into A: %+v, want the game brought up to date", rep)
	}
	wantSame(t, a, b, ga.ID, n)
	// And again: nothing more changes.
	importInto(b, exportOfDB(t, a))
	importInto(a, exportOfDB(t, b))
	wantSame(t, a, b, ga.ID, n)
}

// finishedGame stores finished games of seed's bot on db and returns one.
func finishedGame(t *testing.T, db *DB, seed uint64) *StoredGame {
	t.Helper()
	playGames(t, db, seed, 2)
	gs, err := db.Games(ctx, GameFilter{Status: Finished})
	if err != nil || len(gs) == 0 {
		t.Fatalf("no finished game: %v", err)
	}
	sg, err := db.LoadGame(ctx, gs[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	return sg
}
