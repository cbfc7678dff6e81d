package storage

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/storage/generate"
)

func wantDue(t *testing.T, db *DB, want bool, what string) {
	t.Helper()
	due, err := db.FullCheckDue(ctx)
	if err != nil || due != want {
		t.Errorf("%s: full check due %v (%v), want %v", what, due, err, want)
	}
}

// Issues 19.5 and 20.13: the whole file is checked at most once a day, or
// after an unclean shutdown, and each pass is recorded.
func TestFullCheckAtMostDailyOrAfterUncleanShutdown(t *testing.T) {
	small := alwaysCheckUpTo
	alwaysCheckUpTo = 0 // a large file, as far as Guard is concerned
	t.Cleanup(func() { alwaysCheckUpTo = small })
	dir := t.TempDir()
	path := filepath.Join(dir, "w.db")
	db := openAt(t, path)
	now := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	db.Now = func() time.Time { return now }
	wantDue(t, db, true, "a new database")
	if err := db.Guard(ctx, nil); err != nil {
		t.Fatal(err)
	}
	wantDue(t, db, false, "right after a pass")
	now = now.Add(23 * time.Hour)
	wantDue(t, db, false, "23 hours later")
	now = now.Add(2 * time.Hour)
	wantDue(t, db, true, "25 hours later")
	if _, err := db.AddPlayer(ctx, "Anna"); err != nil {
		t.Fatal(err)
	}
	if ps, err := db.Check(ctx, nil); err != nil || len(ps) > 0 {
		t.Fatal(err)
	}
	wantDue(t, db, false, "after wuerfelblock check")

	// The file open here, with its WAL: a second opening (as a command
	// beside the app) sees the WAL in use, not left over.
	again := openAt(t, path)
	again.Now = db.Now
	wantDue(t, again, false, "a WAL in use by another connection")
	again.Close()

	// The files as a SIGKILL leaves them: the WAL left over, nobody has it open.
	crashed := filepath.Join(dir, "crashed.db")
	copyFiles(t, path, crashed)
	if !hasWAL(crashed) {
		t.Fatal("the copy has no WAL")
	}
	after := openAt(t, crashed)
	after.Now = db.Now
	wantDue(t, after, true, "after an unclean shutdown")
	if err := after.Guard(ctx, nil); err != nil {
		t.Fatal(err)
	}
	wantDue(t, after, false, "after the check that followed the unclean shutdown")

	// A small file is checked whole every time; nothing is recorded.
	alwaysCheckUpTo = small
	fresh := openAt(t, filepath.Join(dir, "small.db"))
	for range 2 {
		if err := fresh.Guard(ctx, nil); err != nil {
			t.Fatal(err)
		}
		wantDue(t, fresh, true, "a small file after its check")
	}
}

// The cheap check, on a day without a full check, finds a damaged players
// table before anything is written.
func TestCheapCheckFindsDamagedPlayers(t *testing.T) {
	small := alwaysCheckUpTo
	alwaysCheckUpTo = 0 // a large file, as far as Guard is concerned
	t.Cleanup(func() { alwaysCheckUpTo = small })
	path := filepath.Join(t.TempDir(), "w.db")
	db := openAt(t, path)
	for _, n := range []string{"Anna", "Ben"} {
		if _, err := db.AddPlayer(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Guard(ctx, nil); err != nil {
		t.Fatal(err)
	}
	var root, size int64
	if err := db.sql.QueryRow(`SELECT rootpage, (SELECT page_size FROM pragma_page_size()) FROM sqlite_schema WHERE name = 'players'`).Scan(&root, &size); err != nil {
		t.Fatal(err)
	}
	db.Close()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteAt(make([]byte, size), (root-1)*size)
	f.Close()
	db = openAt(t, path)
	wantDue(t, db, false, "a clean close the same day")
	wantCode(t, db.Guard(ctx, nil), CodeDamaged)
	_, err = db.AddPlayer(ctx, "Carla")
	wantCode(t, err, CodeDamaged)
}

// Issue 19.5: once a command found the file damaged, every later command
// is stopped too, also one that reads nothing of the damage (on a large
// file, checked whole once a day): the mark beside the file makes it check
// the whole file first. A full check that passes (a backup put back)
// removes the mark.
func TestDamageFoundStopsLaterCommands(t *testing.T) {
	small := alwaysCheckUpTo
	alwaysCheckUpTo = 0 // a large file, as far as Guard is concerned
	t.Cleanup(func() { alwaysCheckUpTo = small })
	path := filepath.Join(t.TempDir(), "w.db")
	db := openAt(t, path)
	if err := fillGenerated(db, generate.Config{Games: 30, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if err := db.Guard(ctx, nil); err != nil {
		t.Fatal(err)
	}
	var root, size int64
	if err := db.sql.QueryRow(`SELECT rootpage, (SELECT page_size FROM pragma_page_size()) FROM sqlite_schema WHERE name = 'entries'`).Scan(&root, &size); err != nil {
		t.Fatal(err)
	}
	db.Close()
	good, _ := os.ReadFile(path)
	damaged := append([]byte(nil), good...)
	copy(damaged[(root-1)*size:root*size], make([]byte, size))
	os.WriteFile(path, damaged, 0o644)

	first := openAt(t, path)
	if err := first.Guard(ctx, nil); err != nil {
		t.Fatalf("the cheap check read the entries: %v", err)
	}
	_, err := first.Export(ctx, nil)
	wantCode(t, err, CodeDamaged)
	first.Close()

	later := openAt(t, path)
	wantDue(t, later, true, "after a command found the file damaged")
	wantCode(t, later.Guard(ctx, nil), CodeDamaged)
	_, err = later.AddPlayer(ctx, "Neu")
	wantCode(t, err, CodeDamaged)
	later.Close()
	if after, _ := os.ReadFile(path); string(after) != string(damaged) {
		t.Error("the damaged file was written to")
	}

	// The backup put back: checked whole once, then used as before.
	os.WriteFile(path, good, 0o644)
	back := openAt(t, path)
	if err := back.Guard(ctx, nil); err != nil {
		t.Fatal(err)
	}
	wantDue(t, back, false, "after the backup passed its check")
}

// Issue 25's nothing-new sync right after a new device's first sync: a
// file this process saw whole while it was small (the quick check every
// small file gets before a command, a new device's empty one too) and that
// grew large by an import or a sync counts as checked at that moment once
// the program closes it; the next command
// does not check it whole again that day. Not after an unclean end, nor
// after damage was found, nor a day after that pass.
func TestPassBeforeGrowthCounts(t *testing.T) {
	small := alwaysCheckUpTo
	t.Cleanup(func() { alwaysCheckUpTo = small })
	games, err := generate.All(generate.Config{Games: 60, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	dir := t.TempDir()
	open := func(path string) *DB {
		db, err := OpenWith(path, testOptions)
		if err != nil {
			t.Fatal(err)
		}
		db.Now = clock
		return db
	}
	// grow stores the games (a large file from here on) and returns the
	// database still open.
	grow := func(path string, guard bool) *DB {
		db := open(path)
		if guard {
			if err := db.Guard(ctx, nil); err != nil {
				t.Fatal(err)
			}
		}
		alwaysCheckUpTo = db.size() + 64<<10
		k := 0
		if _, err := db.StorePlayed(ctx, func() (PlayedGame, bool) {
			if k == len(games) {
				return PlayedGame{}, false
			}
			k++
			gm := games[k-1]
			return PlayedGame{ID: gm.ID, Started: gm.Started, Ended: gm.Ended, Game: gm.Game}, true
		}, nil); err != nil {
			t.Fatal(err)
		}
		if db.size() <= alwaysCheckUpTo {
			t.Fatalf("%d bytes: store more games", db.size())
		}
		return db
	}
	reopen := func(path string, want bool, what string) {
		t.Helper()
		db := open(path)
		wantDue(t, db, want, what)
		db.Close()
	}

	created := filepath.Join(dir, "created.db")
	grow(created, true).Close()
	reopen(created, false, "a file this program created and filled (an import into a new device)")
	now = now.Add(25 * time.Hour)
	reopen(created, true, "25 hours after its creation")

	checked := filepath.Join(dir, "checked.db")
	alwaysCheckUpTo = small
	open(checked).Close() // made by an earlier program, small
	grow(checked, true).Close()
	reopen(checked, false, "a small file checked whole before it grew")

	// A program killed while it wrote: its WAL left over.
	crashed := filepath.Join(dir, "crashed.db")
	db := grow(filepath.Join(dir, "killed.db"), true)
	copyFiles(t, filepath.Join(dir, "killed.db"), crashed)
	db.Close()
	reopen(crashed, true, "a file grown by a program that did not close it")

	marked := filepath.Join(dir, "marked.db")
	db = grow(marked, true)
	if err := os.WriteFile(marked+damagedMark, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	db.Close()
	os.Remove(marked + damagedMark)
	reopen(marked, true, "a file found damaged before it was closed")
}
