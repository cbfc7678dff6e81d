package storage

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
)

// device is a database of its own, as on another device.
func device(t *testing.T, name string) *DB {
	t.Helper()
	return openAt(t, filepath.Join(t.TempDir(), name, "wuerfelblock.db"))
}

// playGames stores n games played by seed's bot on db; the last one is
// left running halfway.
func playGames(t *testing.T, db *DB, seed uint64, n int) *StoredGame {
	t.Helper()
	b := newBot(seed)
	var sg *StoredGame
	for i := range n {
		g := b.randomGame()
		if i < n-1 {
			storeGame(t, db, g)
			continue
		}
		var err error
		sg, err = db.CreateGame(ctx, g.Rules, g.Players)
		if err != nil {
			t.Fatal(err)
		}
		es := g.Entries()
		for _, e := range es[:len(es)/2] {
			if err := db.Append(ctx, sg, e); err != nil {
				t.Fatal(err)
			}
		}
	}
	return sg
}

func exportOfDB(t *testing.T, db *DB) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := db.ExportTo(ctx, nil, &buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func syncOK(t *testing.T, db *DB, dir string) SyncReport {
	t.Helper()
	rep, err := db.Sync(ctx, dir)
	if err != nil {
		t.Fatalf("sync: %v", err)
	}
	for _, n := range rep.Notes {
		t.Errorf("sync note: %s", n)
	}
	return rep
}

// Two devices play, sync both ways twice, and have the same history: their
// exports are byte for byte the same; a game continued on the other device
// comes back brought up to date.
func TestSyncTwoDevices(t *testing.T) {
	dir := t.TempDir()
	a, b := device(t, "a"), device(t, "b")
	playGames(t, a, 1, 4)
	running := playGames(t, b, 2, 3)
	for range 2 {
		syncOK(t, a, dir)
		syncOK(t, b, dir)
	}
	ea, eb := exportOfDB(t, a), exportOfDB(t, b)
	if !bytes.Equal(ea, eb) {
		t.Fatalf("exports differ after syncing:\n%s\n---\n%s", ea, eb)
	}
	if n := bytes.Count(ea, []byte("\n")); n != 7+2 {
		t.Fatalf("export has %d lines, want 7 games:\n%s", n-2, ea)
	}
	// B's running game goes on on A.
	sg, err := a.LoadGame(ctx, running.ID)
	if err != nil {
		t.Fatal(err)
	}
	bt := newBot(3)
	for range 4 {
		if sg.Game.Finished() {
			break
		}
		if err := a.Append(ctx, sg, bt.next(sg.Game)); err != nil {
			t.Fatal(err)
		}
	}
	ra := syncOK(t, a, dir)
	if ra.Written != 1 {
		t.Fatalf("A wrote %d games, want the one continued", ra.Written)
	}
	rb := syncOK(t, b, dir)
	if rb.Extended != 1 || rb.Written != 0 {
		t.Fatalf("B: %+v, want one game brought up to date and nothing written back", rb)
	}
	if !bytes.Equal(exportOfDB(t, a), exportOfDB(t, b)) {
		t.Fatal("exports differ after the continuation")
	}
	// Nothing new: nothing read, nothing written.
	if r := syncOK(t, a, dir); r.Read != 0 || r.Written != 0 {
		t.Fatalf("a sync with nothing new: %+v", r)
	}
}

// Three devices in a ring (each syncs after the one before) converge.
func TestSyncRingOfThree(t *testing.T) {
	dir := t.TempDir()
	ds := []*DB{device(t, "a"), device(t, "b"), device(t, "c")}
	for i, d := range ds {
		playGames(t, d, uint64(10+i), 3)
	}
	for range 2 {
		for _, d := range ds {
			syncOK(t, d, dir)
		}
	}
	e0 := exportOfDB(t, ds[0])
	for _, d := range ds[1:] {
		if e := exportOfDB(t, d); !bytes.Equal(e, e0) {
			t.Fatalf("the ring did not converge:\n%s\n---\n%s", e0, e)
		}
	}
	names, _ := syncFiles(dir)
	if len(names) != 3 {
		t.Fatalf("files in the folder: %v", names)
	}
}

// A game continued differently on two devices is never mixed: each keeps
// its own, the other is named in a note, and both versions stay in the
// devices' files.
func TestSyncConflictingContinuation(t *testing.T) {
	dir := t.TempDir()
	a, b := device(t, "a"), device(t, "b")
	g := playGames(t, a, 5, 1)
	syncOK(t, a, dir)
	syncOK(t, b, dir)
	gb, err := b.LoadGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	// Different entries on each side (bots with other dice).
	var ea, eb scoresheet.Entry
	for seed := uint64(1); ; seed++ {
		ea, eb = newBot(seed).next(g.Game), newBot(seed+1000).next(gb.Game)
		if !samePrefix([]scoresheet.Entry{ea}, []scoresheet.Entry{eb}) {
			break
		}
	}
	if err := a.Append(ctx, g, ea); err != nil {
		t.Fatal(err)
	}
	if err := b.Append(ctx, gb, eb); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Sync(ctx, dir); err != nil {
		t.Fatal(err)
	}
	rb, err := b.Sync(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	_, fileA, _ := a.Device(ctx)
	if len(rb.Notes) != 1 || ErrorCode(rb.Notes[0].Err) != CodeSyncConflict || rb.Notes[0].File != fileA {
		t.Fatalf("B's notes: %v; want one conflict naming %s", rb.Notes, fileA)
	}
	msg := rb.Notes[0].Err.Error()
	if !strings.Contains(msg, g.ID) || !strings.Contains(msg, fileA) || !strings.Contains(msg, "continued differently") {
		t.Fatalf("message %q names neither the game nor the device", msg)
	}
	ra, err := a.Sync(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ra.Notes) != 1 || ErrorCode(ra.Notes[0].Err) != CodeSyncConflict {
		t.Fatalf("A's notes: %v", ra.Notes)
	}
	// Each device keeps its own version.
	for _, c := range []struct {
		db   *DB
		want scoresheet.Entry
	}{{a, ea}, {b, eb}} {
		sg, err := c.db.LoadGame(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		es := sg.Game.Entries()
		if !samePrefix(es[len(es)-1:], []scoresheet.Entry{c.want}) {
			t.Fatalf("%s: last entry %+v, want %+v", c.db.Path(), es[len(es)-1], c.want)
		}
	}
	// Both versions are in the folder, each readable as a record.
	versions := map[string]bool{}
	names, _ := syncFiles(dir)
	for _, n := range names {
		data, _ := os.ReadFile(filepath.Join(dir, n))
		lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
		r := decodeLine(lines[len(lines)-1])
		if r.Err() != nil || r.ID != g.ID {
			t.Fatalf("%s: last line %v", n, r.Err())
		}
		last := r.Record.Turns[len(r.Record.Turns)-1]
		b, _ := json.Marshal(last)
		versions[string(b)] = true
	}
	if len(versions) != 2 {
		t.Fatalf("versions in the folder: %d, want 2", len(versions))
	}
}
