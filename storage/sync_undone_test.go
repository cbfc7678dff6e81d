package storage

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// syncedPair is a running game of seed's bot on two devices that both
// synced it: A's copy, B's copy and the folder.
func syncedPair(t *testing.T, seed uint64) (dir string, a, b *DB, ga, gb *StoredGame) {
	t.Helper()
	dir = t.TempDir()
	a, b = device(t, "a"), device(t, "b")
	ga = playGames(t, a, seed, 1)
	for ga.Game.Len() < 6 {
		appendOther(t, a, ga, nil)
	}
	syncOK(t, a, dir)
	syncOK(t, b, dir)
	gb, err := b.LoadGame(ctx, ga.ID)
	if err != nil {
		t.Fatal(err)
	}
	return dir, a, b, ga, gb
}

// appendOther appends to sg an entry of the bot other than not (nil: any).
func appendOther(t *testing.T, db *DB, sg *StoredGame, not *scoresheet.Entry) scoresheet.Entry {
	t.Helper()
	for seed := uint64(1); seed < 1000; seed++ {
		e := newBot(seed).next(sg.Game)
		if not != nil && samePrefix([]scoresheet.Entry{*not}, []scoresheet.Entry{e}) {
			continue
		}
		if err := db.Append(ctx, sg, e); err != nil {
			t.Fatal(err)
		}
		return e
	}
	t.Fatal("no other entry")
	return scoresheet.Entry{}
}

func undo(t *testing.T, db *DB, sg *StoredGame) scoresheet.Entry {
	t.Helper()
	e, err := db.Undo(ctx, sg)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// syncNotes syncs db and returns its notes, each of the codes allowed.
func syncNotes(t *testing.T, db *DB, dir string, allowed ...Code) []SyncNote {
	t.Helper()
	rep, err := db.Sync(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range rep.Notes {
		ok := false
		for _, c := range allowed {
			ok = ok || ErrorCode(n.Err) == c
		}
		if !ok {
			t.Fatalf("%s: unexpected note %s", db.Path(), n)
		}
	}
	return rep.Notes
}

// wantSame fails unless both devices have the game with n entries and the
// same exports.
func wantSame(t *testing.T, a, b *DB, id string, n int) {
	t.Helper()
	if la, lb := lenOn(t, a, id), lenOn(t, b, id); la != n || lb != n {
		t.Fatalf("A has %d entries, B %d; want %d on both", la, lb, n)
	}
	if !bytes.Equal(exportOfDB(t, a), exportOfDB(t, b)) {
		t.Fatal("the exports differ")
	}
	checkSummaries(t, a)
	checkSummaries(t, b)
}

// whereOf is how a note names entry n (from 0) of g: "entry N (round R,
// PLAYER: " in English and German.
func whereOf(g *scoresheet.Game, n int) [2]string {
	base, err := scoresheet.FromEntries(g.Rules, g.Players, g.Entries()[:n])
	if err != nil {
		panic(err)
	}
	return [2]string{fmt.Sprintf("entry %d (round %d, %s: ", n+1, base.Round(), base.Current()),
		fmt.Sprintf("Eintrag %d (Runde %d, %s: ", n+1, base.Round(), base.Current())}
}

func wantWhere(t *testing.T, n SyncNote, where [2]string, how ...string) {
	t.Helper()
	en, de := Localize(n.Err, validate.English), Localize(n.Err, validate.German)
	if !strings.Contains(en, where[0]) || !strings.Contains(de, where[1]) {
		t.Fatalf("the note does not name %q / %q:\n%s\n%s", where[0], where[1], en, de)
	}
	for _, h := range how {
		if !strings.Contains(en+de, h) {
			t.Fatalf("the note does not say %q:\n%s\n%s", h, en, de)
		}
	}
	if strings.Contains(en+de, "%!") {
		t.Fatalf("a verb without its argument:\n%s\n%s", en, de)
	}
}

// The tester's case: A takes an entry back while B, which had synced the
// game, adds throws to it. Before, A's undo won on both devices (it had
// more undos) and B's throws were dropped without a word. Now it is a
// conflict, named on both devices at every sync, whichever syncs first,
// with the entry where the versions part and how to end it; each device
// keeps its version. Ended by keeping the undo: B takes its entries back
// to there, and both agree without a note.
func TestSyncUndoAgainstContinuationIsConflict(t *testing.T) {
	for _, aFirst := range []bool{true, false} {
		dir, a, b, ga, gb := syncedPair(t, 8)
		n := ga.Game.Len()
		where := whereOf(ga.Game, n-1)
		undo(t, a, ga)
		appendOther(t, b, gb, nil)
		appendOther(t, b, gb, nil)
		x, y := a, b
		if !aFirst {
			x, y = b, a
		}
		for i := range 3 {
			for _, db := range []*DB{x, y} {
				notes := syncNotes(t, db, dir, CodeSyncUndoneHere, CodeSyncUndoneThere)
				if i == 0 && db == x {
					continue // the other device's version is not in the folder yet
				}
				want := CodeSyncUndoneThere
				if db == a {
					want = CodeSyncUndoneHere
				}
				if len(notes) != 1 || ErrorCode(notes[0].Err) != want || notes[0].ID != ga.ID {
					t.Fatalf("A first %v, round %d, %s: notes %v, want one %s", aFirst, i, db.Path(), notes, want)
				}
				wantWhere(t, notes[0], where, "taken back", "zurückgenommen", "to keep the undo", "nothing is lost")
			}
		}
		if la, lb := lenOn(t, a, ga.ID), lenOn(t, b, ga.ID); la != n-1 || lb != n+2 {
			t.Fatalf("A first %v: %d and %d entries, want each device's own %d and %d", aFirst, la, lb, n-1, n+2)
		}
		// The undo counts: B takes back its entries from there on.
		for range 3 {
			undo(t, b, gb)
		}
		for range 2 {
			syncNotes(t, b, dir)
			syncNotes(t, a, dir)
		}
		wantSame(t, a, b, ga.ID, n-1)
	}
}

// The same conflict ended the other way: B's entries count, and A enters
// the entry it took back again as B has it; B's entries after it then
// reach A, without a note.
func TestSyncUndoConflictEndsWithTheEntryAgain(t *testing.T) {
	dir, a, b, ga, gb := syncedPair(t, 11)
	n := ga.Game.Len()
	e := undo(t, a, ga)
	appendOther(t, b, gb, nil)
	syncNotes(t, a, dir)
	if notes := syncNotes(t, b, dir, CodeSyncUndoneThere); len(notes) != 1 {
		t.Fatalf("B: %v", notes)
	}
	if notes := syncNotes(t, a, dir, CodeSyncUndoneHere); len(notes) != 1 {
		t.Fatalf("A: %v", notes)
	}
	if err := a.Append(ctx, ga, e); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		syncNotes(t, a, dir)
		syncNotes(t, b, dir)
	}
	wantSame(t, a, b, ga.ID, n+1)
}

// A takes back an entry that B never had (A added it and took it back
// before syncing) while B adds its own: B's entry is no undone one, so
// B's version counts on both devices, without a note. Before, A's higher
// count of undos took B's entry back on B, without a word.
func TestSyncUndoOfAnEntryTheOtherNeverHad(t *testing.T) {
	dir, a, b, ga, gb := syncedPair(t, 12)
	n := ga.Game.Len()
	x := appendOther(t, a, ga, nil)
	undo(t, a, ga)
	appendOther(t, b, gb, &x)
	for range 2 {
		syncNotes(t, a, dir)
		syncNotes(t, b, dir)
	}
	wantSame(t, a, b, ga.ID, n+1)
}

// A takes two entries back; B takes one back and plays another in its
// place. B's entry is played after an entry A took back: a conflict, on
// both devices. Before, A's two undos beat B's one and B's entry was
// dropped without a word.
func TestSyncTwoUndosAgainstOneAndAnotherEntry(t *testing.T) {
	dir, a, b, ga, gb := syncedPair(t, 13)
	n := ga.Game.Len()
	undo(t, a, ga)
	undo(t, a, ga)
	e := undo(t, b, gb)
	appendOther(t, b, gb, &e)
	syncNotes(t, a, dir)
	for range 2 {
		if notes := syncNotes(t, b, dir, CodeSyncUndoneThere); len(notes) != 1 {
			t.Fatalf("B: %v", notes)
		}
		notes := syncNotes(t, a, dir, CodeSyncUndoneHere)
		if len(notes) != 1 {
			t.Fatalf("A: %v", notes)
		}
		wantWhere(t, notes[0], whereOf(gb.Game, n-2))
	}
	if la, lb := lenOn(t, a, ga.ID), lenOn(t, b, ga.ID); la != n-2 || lb != n {
		t.Fatalf("%d and %d entries, want %d and %d", la, lb, n-2, n)
	}
}

// Plain undos still reach the other device silently: two undos on A, none
// on B; then B undoes one more.
func TestSyncUndosPassSilently(t *testing.T) {
	dir, a, b, ga, gb := syncedPair(t, 14)
	n := ga.Game.Len()
	undo(t, a, ga)
	undo(t, a, ga)
	syncNotes(t, a, dir)
	syncNotes(t, b, dir)
	wantSame(t, a, b, ga.ID, n-2)
	gb, _ = b.LoadGame(ctx, gb.ID)
	undo(t, b, gb)
	syncNotes(t, b, dir)
	syncNotes(t, a, dir)
	wantSame(t, a, b, ga.ID, n-3)
}

// A conflict of two versions played on from the same entry names that
// entry (its number, round, player and what it is here), in both
// languages.
func TestSyncConflictNamesWhereVersionsPart(t *testing.T) {
	dir, a, b, ga, gb := syncedPair(t, 15)
	n := ga.Game.Len()
	ea := appendOther(t, a, ga, nil)
	appendOther(t, b, gb, &ea)
	syncNotes(t, a, dir)
	for _, db := range []*DB{b, a} {
		notes := syncNotes(t, db, dir, CodeSyncConflict)
		if len(notes) != 1 {
			t.Fatalf("%s: %v", db.Path(), notes)
		}
		g := ga.Game
		if db == b {
			g = gb.Game
		}
		wantWhere(t, notes[0], whereOf(g, n), "take its entries back (undo) from entry")
	}
}

// import (not sync) refuses the version that went on past an entry taken
// back, in either direction, and names the entry; the stored game stays.
func TestImportRefusesUndoneContinued(t *testing.T) {
	_, a, b, ga, gb := syncedPair(t, 16)
	n := ga.Game.Len()
	undo(t, a, ga)
	appendOther(t, b, gb, nil)
	for _, c := range []struct {
		from, into *DB
		code       Code
		keeps      int
	}{{a, b, CodeUndoneThere, n + 1}, {b, a, CodeUndoneHere, n - 1}} {
		recs, err := DecodeExport(exportOfDB(t, c.from))
		if err != nil {
			t.Fatal(err)
		}
		rep, err := c.into.Import(ctx, recs)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Refused) != 1 || ErrorCode(rep.Refused[0].Err) != c.code {
			t.Fatalf("refused %v, want one %s", rep.Refused, c.code)
		}
		wantWhere(t, SyncNote{Err: rep.Refused[0].Err}, whereOf(gb.Game, n-1))
		if got := lenOn(t, c.into, ga.ID); got != c.keeps {
			t.Fatalf("%d entries after the refusal, want %d", got, c.keeps)
		}
	}
}
