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

// A file that a sync tool has half copied (its last line cut in the
// middle) is read up to the last whole line; the rest waits and is read
// once it is whole. A foreign or garbled line is named with its number and
// skipped; the lines around it are merged.
func TestSyncHalfLinesAndGarbage(t *testing.T) {
	dir := t.TempDir()
	a, b := device(t, "a"), device(t, "b")
	playGames(t, a, 41, 4)
	syncOK(t, a, dir)
	_, fileA, _ := a.Device(ctx)
	pathA := filepath.Join(dir, fileA)
	whole, _ := os.ReadFile(pathA)
	lines := bytes.SplitAfter(whole, []byte("\n"))
	// The copy on B's side: two lines and half of the third.
	cut := len(lines[0]) + len(lines[1]) + len(lines[2])/2
	copyDir := t.TempDir()
	os.WriteFile(filepath.Join(copyDir, fileA), whole[:cut], 0o644)
	rep, err := b.Sync(ctx, copyDir)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Imported != 2 || len(rep.Notes) != 1 || ErrorCode(rep.Notes[0].Err) != CodeSyncPartial || rep.Notes[0].Line != 3 {
		t.Fatalf("half a file: %+v %v", rep, rep.Notes)
	}
	// The copy completes, with a garbled line and a foreign one put in.
	var more []byte
	more = append(more, whole[cut:len(lines[0])+len(lines[1])+len(lines[2])]...)
	more = append(more, "{\"game\": \"5050\", \"players\": [\"A\"], \"turns\": [garbled\n"...)
	more = append(more, "{\"name\": \"a shopping list\", \"items\": [\"milk\"]}\n"...)
	more = append(more, bytes.Join(lines[3:], nil)...)
	f, _ := os.OpenFile(filepath.Join(copyDir, fileA), os.O_APPEND|os.O_WRONLY, 0)
	f.Write(more)
	f.Close()
	rep, err = b.Sync(ctx, copyDir)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Imported != 2 || len(rep.Notes) != 2 || rep.Notes[0].Line != 4 || rep.Notes[1].Line != 5 {
		t.Fatalf("after the rest: %+v %v", rep, rep.Notes)
	}
	for _, n := range rep.Notes {
		if ErrorCode(n.Err) != "" || n.Err == nil {
			t.Fatalf("note %s: want the line's fault", n)
		}
	}
	if !bytes.Equal(exportOfDB(t, a), exportOfDB(t, b)) {
		t.Fatal("B lacks games of A")
	}
	// Read once: the next sync names nothing again.
	if rep := syncOK(t, b, copyDir); rep.Read != 0 {
		t.Fatalf("read again: %+v", rep)
	}
}

// A Syncthing conflict copy is read like any device's file.
func TestSyncReadsConflictCopies(t *testing.T) {
	dir := t.TempDir()
	a, b := device(t, "a"), device(t, "b")
	playGames(t, a, 42, 3)
	syncOK(t, a, dir)
	_, fileA, _ := a.Device(ctx)
	conflict := strings.TrimSuffix(fileA, ".jsonl") + ".sync-conflict-20261201-201500-ABCDEFG.jsonl"
	if err := os.Rename(filepath.Join(dir, fileA), filepath.Join(dir, conflict)); err != nil {
		t.Fatal(err)
	}
	rep := syncOK(t, b, dir)
	if rep.Imported != 3 {
		t.Fatalf("conflict copy: %+v", rep)
	}
}

// FuzzJournalReader: any bytes are read line by line without a panic;
// every whole line is accounted for, the offset is where the last whole
// line ends, and what follows it is the half line.
func FuzzJournalReader(f *testing.F) {
	f.Add([]byte("{\"game\": \"5050\", \"players\": [\"A\", \"B\"], \"turns\": []}\n{\"id\":"))
	f.Add([]byte("\n\n  \n[]\n{}\nnull\n\"x\"\n"))
	f.Add([]byte("{\"id\": \"00000000-0000-4000-8000-000000000001\", \"status\": \"running\", \"game\": \"kniffel\", \"players\": [\"A\"], \"turns\": []}\n"))
	f.Add([]byte{0xef, 0xbb, 0xbf, '{', '}', '\n', 0xff, 0xfe})
	f.Fuzz(func(t *testing.T, data []byte) {
		jr := newJournalReader(bytes.NewReader(data), 0, 0)
		n := 0
		for {
			l, err := jr.next()
			if err != nil {
				break
			}
			n++
			if l.err == nil && l.rec.bad != nil {
				t.Fatal("a bad record without an error")
			}
		}
		last := bytes.LastIndexByte(data, '\n') + 1
		if jr.offset != int64(last) || jr.partial != int64(len(data)-last) {
			t.Fatalf("offset %d partial %d; want %d and %d", jr.offset, jr.partial, last, len(data)-last)
		}
		if jr.lines != bytes.Count(data, []byte("\n")) || n > jr.lines {
			t.Fatalf("%d lines counted, %d records; %d line breaks", jr.lines, n, bytes.Count(data, []byte("\n")))
		}
	})
}

// A conflict is named at every sync until it ends: when one side takes its
// different entries back, its next sync takes the other version, its file
// then carries it, and the other side's conflict ends too; both devices
// have the same game.
func TestSyncConflictEnds(t *testing.T) {
	dir := t.TempDir()
	a, b := device(t, "a"), device(t, "b")
	g := playGames(t, a, 6, 1)
	syncOK(t, a, dir)
	syncOK(t, b, dir)
	gb, _ := b.LoadGame(ctx, g.ID)
	var ea, eb scoresheet.Entry
	for seed := uint64(1); ; seed++ {
		ea, eb = newBot(seed).next(g.Game), newBot(seed+1000).next(gb.Game)
		if !samePrefix([]scoresheet.Entry{ea}, []scoresheet.Entry{eb}) {
			break
		}
	}
	a.Append(ctx, g, ea)
	b.Append(ctx, gb, eb)
	conflicts := func(db *DB) int {
		rep, err := db.Sync(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, note := range rep.Notes {
			if ErrorCode(note.Err) != CodeSyncConflict {
				t.Fatalf("note %s", note)
			}
			n++
		}
		return n
	}
	conflicts(a)
	if n := conflicts(b); n != 1 {
		t.Fatalf("B: %d conflicts", n)
	}
	if n := conflicts(a); n != 1 {
		t.Fatalf("A: %d conflicts", n)
	}
	// Said again at the next sync, with nothing new.
	if n := conflicts(b); n != 1 {
		t.Fatalf("B again: %d conflicts, want the conflict named again", n)
	}
	// B takes its entry back: its next sync takes A's version.
	if _, err := b.Undo(ctx, gb); err != nil {
		t.Fatal(err)
	}
	if n := conflicts(b); n != 0 {
		t.Fatalf("B after undo: %d conflicts", n)
	}
	if n := conflicts(a); n != 0 {
		t.Fatalf("A after B's undo: %d conflicts", n)
	}
	if n := conflicts(a); n != 0 {
		t.Fatalf("A once more: %d conflicts", n)
	}
	if !bytes.Equal(exportOfDB(t, a), exportOfDB(t, b)) {
		t.Fatal("the devices differ after the conflict ended")
	}
}

// A rename made on one device: the other refuses the game going on with
// the new name, names it at every sync, and takes it once the same rename
// is made there.
func TestSyncRenameOnOneDevice(t *testing.T) {
	dir := t.TempDir()
	a, b := device(t, "a"), device(t, "b")
	g := playGames(t, a, 7, 1)
	syncOK(t, a, dir)
	syncOK(t, b, dir)
	old := g.Game.Players[0]
	if err := a.RenamePlayer(ctx, old, "Neu"); err != nil {
		t.Fatal(err)
	}
	g, _ = a.LoadGame(ctx, g.ID)
	if err := a.Append(ctx, g, newBot(8).next(g.Game)); err != nil {
		t.Fatal(err)
	}
	syncOK(t, a, dir)
	for range 2 {
		rep, err := b.Sync(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Notes) != 1 || ErrorCode(rep.Notes[0].Err) != CodeDiffers {
			t.Fatalf("B: %v, want the players named", rep.Notes)
		}
	}
	if err := b.RenamePlayer(ctx, old, "Neu"); err != nil {
		t.Fatal(err)
	}
	if rep := syncOK(t, b, dir); rep.Extended != 1 {
		t.Fatalf("after the same rename: %+v", rep)
	}
	if !bytes.Equal(exportOfDB(t, a), exportOfDB(t, b)) {
		t.Fatal("the devices differ")
	}
}
