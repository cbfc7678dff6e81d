package storage

import (
	"bytes"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
)

// lenOn is how many entries the game id has on db.
func lenOn(t *testing.T, db *DB, id string) int {
	t.Helper()
	sg, err := db.LoadGame(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return sg.Game.Len()
}

// An undo is a change of the game like an added entry: it reaches the
// other device (the tester's steps: an undo on A, then one on B, each
// synced; before, both said "0 new, 0 brought up to date" and A kept the
// entry B had taken back). A finished game undone on one device runs again
// on the other.
func TestSyncPassesUndoOn(t *testing.T) {
	dir := t.TempDir()
	a, b := device(t, "a"), device(t, "b")
	playGames(t, a, 7, 3)
	gs, err := a.Games(ctx, GameFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var fin *StoredGame
	for _, g := range gs {
		if g.Status == Finished {
			if fin, err = a.LoadGame(ctx, g.ID); err != nil {
				t.Fatal(err)
			}
			break
		}
	}
	if fin == nil {
		t.Fatal("no finished game")
	}
	n := fin.Game.Len()
	if _, err := a.Undo(ctx, fin); err != nil {
		t.Fatal(err)
	}
	syncOK(t, a, dir)
	syncOK(t, b, dir) // B's first sync: the game as A has it
	if got := lenOn(t, b, fin.ID); got != n-1 {
		t.Fatalf("B after its first sync: %d entries, want %d", got, n-1)
	}
	gb, err := b.LoadGame(ctx, fin.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Undo(ctx, gb); err != nil {
		t.Fatal(err)
	}
	syncOK(t, b, dir)
	ra := syncOK(t, a, dir)
	if ra.Extended != 1 {
		t.Fatalf("A: %+v, want the game undone on B brought up to date", ra)
	}
	if got := lenOn(t, a, fin.ID); got != n-2 {
		t.Fatalf("A after B's undo: %d entries, want %d", got, n-2)
	}
	// Again both ways: nothing more changes, the two are the same.
	syncOK(t, b, dir)
	syncOK(t, a, dir)
	if !bytes.Equal(exportOfDB(t, a), exportOfDB(t, b)) {
		t.Fatal("exports differ after the undos")
	}
	// And an undo on A reaches B too.
	ga, _ := a.LoadGame(ctx, fin.ID)
	if _, err := a.Undo(ctx, ga); err != nil {
		t.Fatal(err)
	}
	syncOK(t, a, dir)
	if rb := syncOK(t, b, dir); rb.Extended != 1 || lenOn(t, b, fin.ID) != n-3 {
		t.Fatalf("B after A's undo: %+v, %d entries, want %d", rb, lenOn(t, b, fin.ID), n-3)
	}
	checkSummaries(t, a)
	checkSummaries(t, b)
	if !bytes.Equal(exportOfDB(t, a), exportOfDB(t, b)) {
		t.Fatal("exports differ after A's undo")
	}
}

// A game taken back and played otherwise on B, while A played on past the
// entry B took back: A's sync sees the conflict in B's file, and B's too from its next
// sync on (before, B never read a line of A's that showed it, and said
// nothing at every sync while A said it at every sync). Each names it at
// every sync until it is ended, the note says how; B then takes its entry
// back, and both agree.
func TestSyncConflictNamedOnBothDevices(t *testing.T) {
	dir := t.TempDir()
	a, b := device(t, "a"), device(t, "b")
	g := playGames(t, a, 9, 1)
	syncOK(t, a, dir)
	syncOK(t, b, dir)
	gb, _ := b.LoadGame(ctx, g.ID)
	undone, err := b.Undo(ctx, gb)
	if err != nil {
		t.Fatal(err)
	}
	var eb scoresheet.Entry
	for seed := uint64(1); ; seed++ {
		eb = newBot(seed).next(gb.Game)
		if !samePrefix([]scoresheet.Entry{undone}, []scoresheet.Entry{eb}) {
			break
		}
	}
	if err := b.Append(ctx, gb, eb); err != nil {
		t.Fatal(err)
	}
	// (Had A not played on, B's version would count: B took A's back as
	// it is, TestSyncUndoAndReplayOnIdleDevice.)
	appendOther(t, a, g, nil)
	conflicts := func(db *DB) int {
		t.Helper()
		rep, err := db.Sync(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, note := range rep.Notes {
			if ErrorCode(note.Err) != CodeSyncConflict || note.ID != g.ID {
				t.Fatalf("note %s", note)
			}
			if !strings.Contains(note.Err.Error(), "take its entries back (undo)") {
				t.Fatalf("the note does not say how to end the conflict: %s", note)
			}
			n++
		}
		return n
	}
	if n := conflicts(b); n != 0 {
		t.Fatalf("B's first sync: %d conflicts", n)
	}
	for i := range 3 {
		if n := conflicts(a); n != 1 {
			t.Fatalf("A, sync %d: %d conflicts, want 1", i+1, n)
		}
		if n := conflicts(b); n != 1 {
			t.Fatalf("B, sync %d: %d conflicts, want 1", i+1, n)
		}
	}
	// A's version counts: B takes its entry back and syncs, then A.
	gb, _ = b.LoadGame(ctx, g.ID)
	if _, err := b.Undo(ctx, gb); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if n := conflicts(b); n != 0 {
			t.Fatalf("B after its undo, sync %d: %d conflicts", i+1, n)
		}
		if n := conflicts(a); n != 0 {
			t.Fatalf("A after B's undo, sync %d: %d conflicts", i+1, n)
		}
	}
	if !bytes.Equal(exportOfDB(t, a), exportOfDB(t, b)) {
		t.Fatal("the devices differ after the conflict ended")
	}
	if lenOn(t, b, g.ID) != g.Game.Len() {
		t.Fatalf("B has %d entries, want A's %d", lenOn(t, b, g.ID), g.Game.Len())
	}
}
