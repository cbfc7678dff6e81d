package tui

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// readOnlyDB is a database with the player Anna in a directory made
// immutable (chattr +i, as root may write anywhere else), opened as the
// app opens it: read-only, every write refused with the operating
// system's reason. It returns the file's bytes before the opening.
func readOnlyDB(t *testing.T) (*storage.DB, string, []byte) {
	return readOnlyDBWith(t, func(db *storage.DB) {
		if _, err := db.EnsurePlayer(context.Background(), "Anna"); err != nil {
			t.Fatal(err)
		}
	})
}

// readOnlyDBWith is readOnlyDB with what fill stores before.
func readOnlyDBWith(t *testing.T, fill func(db *storage.DB)) (*storage.DB, string, []byte) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "w.db")
	db, err := openReviewed(path)
	if err != nil {
		t.Fatal(err)
	}
	fill(db)
	db.Close()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("chattr", "+i", dir).CombinedOutput(); err != nil {
		t.Skipf("chattr +i: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", dir).Run() })
	db, err = openReviewed(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if !db.ReadOnly() {
		t.Fatal("the database in an immutable directory is not read-only")
	}
	return db, path, before
}

// A refused write on a read-only database says the operating system's
// reason in the players' language: the German app said "… lässt sich nur
// lesen (operation not permitted): …", and the message, with the path and
// --db of the command line's, was cut at 80 columns before what to do
// (now all of it shows). Nothing of the file changes.
func TestReadOnlyReasonInLanguage(t *testing.T) {
	for _, c := range []struct {
		lang       validate.Lang
		want, not  string
		notSavedAs string
	}{
		{validate.German, "nur lesen (nicht erlaubt (fehlende Rechte oder unveränderlich)); nichts gespeichert: beenden, Schreibrechte für Datei und Verzeichnis geben, neu starten", "operation not permitted", "NICHT GESPEICHERT"},
		{validate.English, "can only be read (operation not permitted); nothing was saved: quit, allow writing to its file and directory, start again", "nicht erlaubt", "NOT SAVED"},
	} {
		t.Run(string(c.lang), func(t *testing.T) {
			db, path, before := readOnlyDB(t)
			h := startLang(t, db, c.lang)
			h.key(tcell.KeyEnter) // the dialog at start that says the file can only be read
			h.typ("p")            // a new game is refused up front: a player is written
			h.typ("a")
			h.typ("Bob\n")
			h.see(c.notSavedAs, c.want)
			h.notSee(c.not)
			h.stop()
			if after, err := os.ReadFile(path); err != nil || !bytes.Equal(after, before) {
				t.Errorf("the database file changed (%v)", err)
			}
			if ps, err := db.Players(context.Background()); err != nil || len(ps) != 1 {
				t.Errorf("players after the refusal: %v %v", ps, err)
			}
		})
	}
}

// fullDisk is a store whose entries meet a full disk, with the error
// storage gives then.
type fullDisk struct{ *storage.DB }

func (d fullDisk) Append(context.Context, *storage.StoredGame, scoresheet.Entry) error {
	pe := &fs.PathError{Op: "write", Path: "/data/w.db-wal", Err: syscall.ENOSPC}
	return &storage.Error{Code: storage.CodeDiskFull, Args: []any{"/data/w.db", pe}, Err: pe}
}

// failingRead is a statistics source whose read meets a directory where
// a file should be.
type failingRead struct{ *storage.DB }

func (failingRead) Stats(context.Context, storage.StatsFilter) ([]storage.PlayerStats, error) {
	return nil, &fs.PathError{Op: "read", Path: "/data/w.db", Err: syscall.EISDIR}
}

// An entry refused by a full disk and the statistics refused by the
// system are told with the system's reason in the players' language; the
// full disk's message whole, on the message line's two rows.
func TestOSReasonsOnScreens(t *testing.T) {
	for _, c := range []struct {
		lang            validate.Lang
		full, dir, stat string
		english         []string
	}{
		{validate.German, "der Datenträger der Datenbank ist voll (kein Platz mehr auf dem Datenträger): nichts gespeichert, nichts verloren; erst Platz schaffen", "/data/w.db: ist ein Verzeichnis, keine Datei", "Statistik nicht verfügbar",
			[]string{"no space left", "is a directory", "read /data"}},
		{validate.English, "the database's disk is full (no space left on device): nothing was saved, nothing was lost; free some space, then try again", "is a directory", "Statistics unavailable", nil},
	} {
		t.Run(string(c.lang), func(t *testing.T) {
			db := openDB(t)
			h := startWith(t, db, Config{Store: fullDisk{db}, Lang: c.lang})
			h.newGameIn(c.lang, '1', "Anna")
			h.typ("111523\n\n")
			h.see(c.full)
			for _, en := range c.english {
				h.notSee(en)
			}
			h.stop()
			h = startWith(t, db, Config{Store: db, Lang: c.lang, Stats: NewStatsPage(failingRead{db}), Review: testValuers})
			h.typ("s")
			h.see(c.stat, c.dir)
			for _, en := range c.english {
				h.notSee(en)
			}
		})
	}
}

// newGameIn is newGame in either language.
func (h *harness) newGameIn(l validate.Lang, gameKey rune, players ...string) {
	h.t.Helper()
	if l == validate.German {
		h.newGame(gameKey, players...)
		return
	}
	h.typ("n" + string(gameKey))
	h.see("house rules")
	h.key(tcell.KeyTab)
	if !strings.Contains(h.screen(), "Nobody yet") {
		h.typ("a")
	}
	for _, p := range players {
		h.typ(p + "\n")
	}
	h.typ("\n")
	h.see("turn: " + players[0])
}
