package tui

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	_ "modernc.org/sqlite"

	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// lockDB holds the write lock of the database file at path from another
// connection, as a second program (an import) does; release ends it.
func lockDB(t *testing.T, path string) (release func()) {
	t.Helper()
	other, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	done := false
	release = func() {
		if done {
			return
		}
		done = true
		if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
			t.Error(err)
		}
		conn.Close()
		other.Close()
	}
	t.Cleanup(release)
	return release
}

// openDBAt opens a new database in a temporary directory and says where.
func openDBAt(t *testing.T) (*storage.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.db")
	db, err := openReviewed(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

// seeNow checks the screen of the last syncNow, without waiting for writes.
func (h *harness) seeNow(texts ...string) {
	h.t.Helper()
	flat := strings.Join(strings.Fields(h.screen()), " ")
	for _, s := range texts {
		if !strings.Contains(flat, strings.Join(strings.Fields(s), " ")) {
			h.t.Fatalf("the screen does not show %q:\n%s", s, h.screen())
		}
	}
}

// Issue 10.9: an entry while another program holds the database waits off
// the UI goroutine: the screen says it is being saved, still answers keys
// (help opens, other entries are refused with a word), and shows the entry
// as taken once the database has it.
func TestEntryPendingWhileDatabaseBusy(t *testing.T) {
	db, path := openDBAt(t)
	h := start(t, db)
	h.newGame('1', "Anna", "Bob")
	h.typ("111523\n")
	h.see("was kommt zur Seite?")

	release := lockDB(t, path)
	h.typNow("a") // the keep 1 1 1 5: the entry goes to the busy database
	if n := h.syncNow(); n != 1 {
		t.Fatalf("%d writes under way, want the entry's", n)
	}
	h.seeNow("wird gespeichert… Wurf 1 1 1 5 2 3, zur Seite 1 1 1 5")
	h.notSee("Übernommen")

	// The UI goroutine is free: help opens and closes.
	h.typNow("?")
	h.syncNow()
	h.seeNow("diese Hilfe (Esc schließt sie)")
	h.scr.InjectKey(tcell.KeyEscape, 0, tcell.ModNone)
	h.syncNow()
	h.notSee("diese Hilfe")
	// A key typed meanwhile waits for the entry: said, and kept.
	h.typNow("5")
	h.syncNow()
	h.seeNow("wird gespeichert…", "Vorgetippt, kommt danach: 5")
	if sg := h.stored(); sg.Game.Len() != 0 {
		t.Fatalf("stored %d entries while the database was locked", sg.Game.Len())
	}
	if n := h.syncNow(); n != 1 {
		t.Fatalf("%d writes under way while the lock is held, want 1", n)
	}

	release()
	h.sync() // waits until the entry is settled
	h.see("Übernommen: 1 1 1 5 2 3, zur Seite 1 1 1 5 (1050).")
	h.notSee("wird gespeichert")
	h.notSee("Einen Moment")
	sg := h.stored()
	if sg.Game.Len() != 1 {
		t.Fatalf("stored entries %d, want 1", sg.Game.Len())
	}
	if e := sg.Game.Entries()[0]; validate.FormatDice(e.Roll) != "1 1 1 5 2 3" || validate.FormatDice(e.Keep) != "1 1 1 5" {
		t.Fatalf("stored %+v", e)
	}
	// The 5 is in the input now; the table clears it and plays on: the
	// next entry is taken at once.
	h.see("Zug 1050", "Würfel): 5")
	h.key(tcell.KeyEscape)
	h.typ("s")
	h.see("Anna schreibt 1050")
	if n := h.stored().Game.Len(); n != 2 {
		t.Fatalf("stored entries %d after the stop, want 2", n)
	}
}

// Issue 10.9: an entry the busy database does not take in time is refused
// with the usual message, and what was typed is back in the input.
func TestEntryRefusedWhenDatabaseStaysBusy(t *testing.T) {
	db, path := openDBAt(t)
	h := startWith(t, db, Config{Lang: validate.German, Timeout: 200 * time.Millisecond})
	h.newGame('1', "Anna", "Bob")

	release := lockDB(t, path)
	h.typNow("111523/111\n")
	if n := h.syncNow(); n != 1 {
		t.Fatalf("%d writes under way, want the entry's", n)
	}
	h.seeNow("wird gespeichert… Wurf 1 1 1 5 2 3, zur Seite 1 1 1")
	h.sync() // until the store gives up
	h.see("NICHT ÜBERNOMMEN", "die Datenbank antwortet nicht", "nichts gespeichert, bitte nochmal versuchen", "111523/111")
	h.notSee("database is locked")
	h.notSee("wird gespeichert")
	if n := h.stored().Game.Len(); n != 0 {
		t.Fatalf("stored entries %d after a refusal, want 0", n)
	}

	// Once the database is free, Enter takes what is still typed.
	release()
	h.typ("\n")
	h.see("Übernommen: 1 1 1 5 2 3, zur Seite 1 1 1 (1000).")
	if n := h.stored().Game.Len(); n != 1 {
		t.Fatalf("stored entries %d, want 1", n)
	}
}

// Issue 10.9: leaving while an entry is being saved says so; the entry is
// stored all the same and the home screen then shows it.
func TestLeaveWhileEntryPending(t *testing.T) {
	db, path := openDBAt(t)
	h := start(t, db)
	h.newGame('1', "Anna", "Bob")
	h.typ("111523\n")
	h.typ("a")
	h.see("Zug 1050")

	release := lockDB(t, path)
	h.typNow("s")
	h.syncNow()
	h.seeNow("wird gespeichert… das Schreiben")
	h.typNow("q")
	h.syncNow()
	h.seeNow("Spiel verlassen?", "Ein Eintrag wird noch gespeichert: Verlassen hält")
	h.notSee("nicht übernommen")
	h.scr.InjectKey(tcell.KeyTab, 0, tcell.ModNone) // to "Verlassen"
	h.scr.InjectKey(tcell.KeyEnter, 0, tcell.ModNone)
	if h.syncNow(); h.writes != 1 {
		t.Fatalf("%d writes under way after leaving, want the stop's", h.writes)
	}
	h.seeWhileWriting("Weiterspielen: 5050 · Anna 0, Bob 0") // the home screen reads its list meanwhile

	release()
	h.sync()
	h.see("Weiterspielen: 5050 · Anna 1050, Bob 0")
	if n := h.stored().Game.Len(); n != 2 {
		t.Fatalf("stored entries %d, want the throw and the stop", n)
	}
}

// Issue 10.9: an undo on a busy database waits off the UI goroutine too.
func TestUndoPendingWhileDatabaseBusy(t *testing.T) {
	db, path := openDBAt(t)
	h := start(t, db)
	h.newGame('1', "Anna", "Bob")
	h.typ("111523\n")
	h.typ("a")
	h.see("Zug 1050")

	release := lockDB(t, path)
	h.typNow("u")
	if n := h.syncNow(); n != 1 {
		t.Fatalf("%d writes under way, want the undo's", n)
	}
	h.seeNow("der letzte Eintrag wird zurückgenommen…")
	h.typNow("?")
	h.syncNow()
	h.seeNow("diese Hilfe (Esc schließt sie)")
	h.scr.InjectKey(tcell.KeyEscape, 0, tcell.ModNone)
	if n := h.stored().Game.Len(); n != 1 {
		t.Fatalf("stored entries %d while the undo waits, want 1", n)
	}

	release()
	h.sync()
	h.see("Zurückgenommen: Wurf 1 1 1 5 2 3, zur Seite 1 1 1 5", "was kommt zur Seite?")
	h.notSee("Zug 1050") // nothing is counted of the turn any more
	if n := h.stored().Game.Len(); n != 0 {
		t.Fatalf("stored entries %d after the undo, want 0", n)
	}
}

// Issue 19.9: a fast player types the next throw while the first is being
// saved (tmux send-keys 234623 Enter 223466 Enter), and a third: every key
// is kept and applied in order once the write before it is stored; none is
// lost or taken early.
func TestKeysTypedWhileSavingAreKept(t *testing.T) {
	db, path := openDBAt(t)
	h := start(t, db)
	h.newGame('1', "Anna", "Bob")

	release := lockDB(t, path)
	h.typNow("234623\n223466\n662243\n")
	if n := h.syncNow(); n != 1 {
		t.Fatalf("%d writes under way, want the first throw's", n)
	}
	h.seeNow("wird gespeichert… Wurf 2 3 4 6 2 3", "Vorgetippt, kommt danach: 223466⏎662243⏎")
	release()
	h.sync()
	h.see("am Zug: Bob")
	sg := h.stored()
	if sg.Game.Len() != 3 {
		t.Fatalf("stored entries %d, want both throws; screen:\n%s", sg.Game.Len(), h.screen())
	}
	for i, want := range []string{"2 3 4 6 2 3", "2 2 3 4 6 6", "6 6 2 2 4 3"} {
		if got := validate.FormatDice(sg.Game.Entries()[i].Roll); got != want {
			t.Fatalf("entry %d rolled %s, want %s", i, got, want)
		}
	}
	if ts := sg.Game.Turns(); len(ts) != 3 || ts[1].Player != "Bob" || ts[2].Player != "Anna" {
		t.Fatalf("turns %+v, want Anna's, Bob's and Anna's", ts)
	}
}

// Issue 19.9: when the write is refused, the keys typed meanwhile are
// dropped whole and named; the refused entry's text is back in the input,
// and nothing of what followed is mixed into it.
func TestKeysTypedWhileSavingDroppedWholeOnRefusal(t *testing.T) {
	db, path := openDBAt(t)
	h := startWith(t, db, Config{Lang: validate.German, Timeout: 200 * time.Millisecond})
	h.newGame('1', "Anna", "Bob")

	release := lockDB(t, path)
	h.typNow("234623\n22346")
	h.sync() // until the store gives up
	h.see("NICHT ÜBERNOMMEN Vorgetipptes verworfen: 22346. die Datenbank antwortet nicht", "Wurf (6 Würfel): 234623 ")
	h.notSee("23462322346")
	release()
	h.typ("\n")
	h.see("Anna: nichts zählt")
	if sg := h.stored(); sg.Game.Len() != 1 || validate.FormatDice(sg.Game.Entries()[0].Roll) != "2 3 4 6 2 3" {
		t.Fatalf("stored %d entries: %+v", sg.Game.Len(), sg.Game.Entries())
	}
}

// Issue 19.9 on the other screens: a name typed while the one before is
// being saved is kept whole and taken after it (it lost its first letters).
func TestNameTypedWhileSavingIsKept(t *testing.T) {
	db, path := openDBAt(t)
	h := start(t, db)
	h.typ("n1")
	h.key(tcell.KeyTab)
	h.see("Noch niemand")

	release := lockDB(t, path)
	h.typNow("Anna\nBob\n")
	if n := h.syncNow(); n != 1 {
		t.Fatalf("%d writes under way, want Anna's", n)
	}
	h.seeNow("wird gespeichert… neuer Spieler Anna", "Vorgetippt, kommt danach: Bob⏎")
	release()
	h.sync()
	h.see("1. Anna", "2. Bob")
	if !hasPlayer(h, "Anna") || !hasPlayer(h, "Bob") {
		t.Fatal("not both players stored")
	}
}
