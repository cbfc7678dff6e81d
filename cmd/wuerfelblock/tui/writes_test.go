package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// press sends keys without waiting: a string types its runes ("\n" is
// Enter), a tcell.Key is that key, a seen waits until the screen shows its
// text (a list read off the UI goroutine, before the keys that act on it).
func (h *harness) press(keys ...any) {
	for _, k := range keys {
		switch k := k.(type) {
		case string:
			h.typNow(k)
		case tcell.Key:
			h.scr.InjectKey(k, 0, tcell.ModNone)
		case seen:
			h.see(string(k))
		default:
			panic(fmt.Sprintf("press %T", k))
		}
	}
}

// seen is a text press waits for on the screen.
type seen string

// seeDialog checks the text of the dialog on the screen of the last sync,
// its lines joined.
func (h *harness) seeDialog(texts ...string) {
	h.t.Helper()
	var lines []string
	for _, l := range strings.Split(h.screen(), "\n") {
		if _, in, ok := strings.Cut(l, "║"); ok {
			in, _, _ = strings.Cut(in, "║")
			lines = append(lines, strings.TrimSpace(in))
		}
	}
	flat := strings.Join(strings.Fields(strings.Join(lines, " ")), " ")
	for _, s := range texts {
		if !strings.Contains(flat, s) {
			h.t.Fatalf("the dialog does not say %q:\n%s", s, h.screen())
		}
	}
}

// busyWrite is one write of the UI tried on a database that another
// program holds.
type busyWrite struct {
	name string
	// prepare fills the database before the UI starts (may be nil).
	prepare func(t *testing.T, db *storage.DB)
	// setup brings the UI to just before the write.
	setup func(h *harness)
	// act starts the write (its keys, sent without waiting); it is also
	// what tries again after a refusal.
	act []any
	// saving is what the screen says while the write waits.
	saving []string
	// conflict is a key that must wait for the write; its word is wait.
	conflict []any
	wait     string
	// stored reports whether the write is in the database.
	stored func(h *harness) bool
	// done is what the screen shows once the write is stored.
	done []string
	// replayed, if set, is what it shows instead once the conflicting key,
	// kept meanwhile, was applied after the write.
	replayed []string
	// kept is what the screen shows after a refusal: the message and
	// what was typed or chosen.
	kept []string
}

// leaveGame goes from a running game back to the home screen.
func leaveGame(h *harness) {
	h.typ("q")
	h.key(tcell.KeyRight)
	h.key(tcell.KeyEnter) // "Verlassen"
	h.see("Neues Spiel")
}

// finishedGame plays a short game of Zehntausend Rückwärts to its end.
func finishedGame(h *harness) {
	h.newGame('4', "Anna", "Bob")
	h.typ("11111\n")
	h.typ("22346\n")
	h.see("Spiel zu Ende", "Gewonnen hat: Anna")
}

func status(h *harness, st storage.Status) int { return len(h.games(st)) }

func hasPlayer(h *harness, name string) bool {
	ps, err := h.db.Players(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	return slices.ContainsFunc(ps, func(p storage.Player) bool { return p.Name == name })
}

func presets(h *harness) []storage.Preset {
	ps, err := h.db.Presets(context.Background(), "")
	if err != nil {
		h.t.Fatal(err)
	}
	return ps
}

func ensurePlayers(names ...string) func(t *testing.T, db *storage.DB) {
	return func(t *testing.T, db *storage.DB) {
		for _, n := range names {
			if _, err := db.EnsurePlayer(context.Background(), n); err != nil {
				t.Fatal(err)
			}
		}
	}
}

var busyWrites = []busyWrite{{
	name:  "abandon in play",
	setup: func(h *harness) { h.newGame('1', "Anna", "Bob") },
	// q, "Spiel abbrechen", then "Abbrechen" in the question that follows.
	act:      []any{"q", tcell.KeyTab, tcell.KeyTab, tcell.KeyEnter, tcell.KeyTab, tcell.KeyEnter},
	saving:   []string{"wird gespeichert… Spiel abbrechen", "am Zug: Anna"},
	conflict: []any{"5"},
	wait:     "wird gespeichert… Spiel abbrechen Vorgetippt, kommt danach: 5",
	stored:   func(h *harness) bool { return status(h, "abandoned") == 1 },
	done:     []string{"Neues Spiel", "Spieler"},
	kept:     []string{"NICHT ÜBERNOMMEN", "die Datenbank antwortet nicht", "am Zug: Anna"},
}, {
	name: "abandon in the list of running games",
	setup: func(h *harness) {
		h.newGame('1', "Anna", "Bob")
		leaveGame(h)
		h.typ("c")
		h.see("Laufende Spiele", "5050 · Anna 0, Bob 0")
	},
	act:      []any{"x", tcell.KeyRight, tcell.KeyEnter},
	saving:   []string{"wird gespeichert… Spiel abbrechen: 5050 · Anna 0, Bob 0"},
	conflict: []any{tcell.KeyEnter}, // continuing the game being abandoned: after it, on the list as it is then
	wait:     "Vorgetippt, kommt danach: ⏎",
	stored:   func(h *harness) bool { return status(h, "abandoned") == 1 },
	done:     []string{"Keine laufenden Spiele."},
	kept:     []string{"NICHT GESPEICHERT", "Spiel abbrechen: 5050", "die Datenbank antwortet nicht", "Laufende Spiele"},
}, {
	name:     "coach level",
	setup:    func(h *harness) { h.newGame('1', "Anna", "Bob") },
	act:      []any{"*"},
	saving:   []string{"wird gespeichert… Trainer: Rat"},
	conflict: []any{"5"},
	wait:     "wird gespeichert… Trainer: Rat Vorgetippt, kommt danach: 5",
	stored:   func(h *harness) bool { return h.stored().Coach == storage.CoachAdvice },
	done:     []string{"Trainer: Rat (* schaltet um)."},
	kept:     []string{"NICHT ÜBERNOMMEN", "die Datenbank antwortet nicht", "am Zug: Anna"},
}, {
	name:    "new game",
	prepare: ensurePlayers("Anna", "Bob"),
	setup: func(h *harness) {
		h.typ("n1")
		h.see("5050: Hausregeln", "Trainer")
		h.key(tcell.KeyDown)
		h.key(tcell.KeyRight) // the coach: Rat
		h.see("* Trainer       Rat")
		h.key(tcell.KeyTab)
		h.typ(" ") // both in
		h.key(tcell.KeyDown)
		h.typ(" ")
		h.see("1. Anna", "2. Bob")
	},
	act:      []any{"s"},
	saving:   []string{"wird gespeichert… neues Spiel: 5050 mit Anna, Bob"},
	conflict: []any{" "}, // a seat changed while the game is stored
	wait:     "Vorgetippt, kommt danach:",
	stored: func(h *harness) bool {
		gs := h.games("")
		return len(gs) == 1 && h.stored().Coach == storage.CoachAdvice
	},
	done: []string{"am Zug: Anna", "Anna ist am Zug"},
	kept: []string{"NICHT GESPEICHERT", "neues Spiel", "die Datenbank antwortet nicht", "1. Anna", "2. Bob"},
}, {
	name:     "rematch",
	setup:    finishedGame,
	act:      []any{"r"},
	saving:   []string{"wird gespeichert… Revanche: Zehntausend Rückwärts mit Anna, Bob"},
	conflict: []any{"u"},
	wait:     "Vorgetippt, kommt danach: u",
	stored:   func(h *harness) bool { return status(h, "running") == 1 && status(h, "finished") == 1 },
	done:     []string{"am Zug: Anna", "Runde 1"},
	kept:     []string{"NICHT GESPEICHERT", "Revanche", "die Datenbank antwortet nicht", "Spiel zu Ende"},
}, {
	name:     "undo after the game",
	setup:    finishedGame,
	act:      []any{"u"},
	saving:   []string{"der letzte Eintrag wird zurückgenommen…"},
	conflict: []any{"r"},
	wait:     "der letzte Eintrag wird zurückgenommen… Vorgetippt, kommt danach: r",
	stored:   func(h *harness) bool { return h.stored().Game.Len() == 1 && status(h, "running") == 1 },
	done:     []string{"Zurückgenommen: ", "Das Spiel geht weiter.", "am Zug: Bob"},
	kept:     []string{"NICHT GESPEICHERT", "den letzten Eintrag zurücknehmen", "die Datenbank antwortet nicht", "Spiel zu Ende"},
}, {
	name: "new player while choosing the players",
	setup: func(h *harness) {
		h.typ("n1")
		h.key(tcell.KeyTab)
		h.see("Noch niemand")
		h.typ("Anna")
	},
	act:      []any{"\n"},
	saving:   []string{"wird gespeichert… neuer Spieler Anna", "Neuer Spieler: Anna"},
	conflict: []any{"x"},
	wait:     "Vorgetippt, kommt danach: x",
	stored:   func(h *harness) bool { return hasPlayer(h, "Anna") },
	done:     []string{"1. Anna"},
	kept:     []string{"NICHT GESPEICHERT", "neuer Spieler Anna", "die Datenbank antwortet nicht", "Neuer Spieler: Anna"},
}, {
	name: "new player on the players page",
	setup: func(h *harness) {
		h.typ("pa")
		h.typ("Zoë")
	},
	act:      []any{"\n"},
	saving:   []string{"wird gespeichert… neuer Spieler Zoë", "Neuer Spieler: Zoë"},
	conflict: []any{"x"},
	wait:     "Vorgetippt, kommt danach: x",
	stored:   func(h *harness) bool { return hasPlayer(h, "Zoë") },
	done:     []string{"Zoë angelegt."},
	kept:     []string{"NICHT GESPEICHERT", "die Datenbank antwortet nicht", "Neuer Spieler: Zoë"},
}, {
	name:    "rename on the players page",
	prepare: ensurePlayers("Anna"),
	setup: func(h *harness) {
		h.typ("p")
		h.key(tcell.KeyEnter)
		h.see("Anna umbenennen in: Anna")
		h.typ("e") // Annae
	},
	act:      []any{"\n"},
	saving:   []string{"wird gespeichert… Anna umbenennen in Annae"},
	conflict: []any{"x"},
	wait:     "Vorgetippt, kommt danach: x",
	stored:   func(h *harness) bool { return hasPlayer(h, "Annae") && !hasPlayer(h, "Anna") },
	done:     []string{"Anna heißt jetzt Annae."},
	kept:     []string{"NICHT GESPEICHERT", "die Datenbank antwortet nicht", "Anna umbenennen in: Annae"},
}, {
	name:    "delete on the players page",
	prepare: ensurePlayers("Zoë"),
	setup: func(h *harness) {
		h.typ("p")
		h.see("Zoë")
	},
	act:      []any{"d", tcell.KeyRight, tcell.KeyEnter},
	saving:   []string{"wird gespeichert… Spieler Zoë löschen"},
	conflict: []any{"a"},
	wait:     "Vorgetippt, kommt danach: a",
	stored:   func(h *harness) bool { return !hasPlayer(h, "Zoë") },
	done:     []string{"Zoë gelöscht."},
	kept:     []string{"NICHT GESPEICHERT", "Spieler Zoë löschen", "die Datenbank antwortet nicht", "Zoë"},
}, {
	name: "save a preset",
	setup: func(h *harness) {
		h.typ("n3")
		h.key(tcell.KeyDown)
		h.key(tcell.KeyRight) // Ziel 10050
		h.typ("p")
		h.typ("Oma")
	},
	act:      []any{"\n"},
	saving:   []string{"wird gespeichert… Vorlage „Oma“", "Name der Vorlage: Oma"},
	conflict: []any{"x"},
	wait:     "Vorgetippt, kommt danach: x",
	stored: func(h *harness) bool {
		ps := presets(h)
		return len(ps) == 1 && ps[0].Name == "Oma" && fmt.Sprint(ps[0].Options["ziel"]) == "10050"
	},
	done: []string{"Vorlage „Oma“ gespeichert.", "Vorlage: Oma"},
	kept: []string{"NICHT GESPEICHERT", "die Datenbank antwortet nicht", "Name der Vorlage: Oma"},
}, {
	name: "delete a preset",
	prepare: func(t *testing.T, db *storage.DB) {
		if err := db.SavePreset(context.Background(), storage.Preset{Name: "Oma", Game: "zehntausend", Options: map[string]any{"ziel": 5000}}); err != nil {
			t.Fatal(err)
		}
	},
	setup: func(h *harness) {
		h.typ("n3")
		h.typ("l")
		h.see("Vorlage laden (d: löschen", "Oma")
		h.key(tcell.KeyEscape)
	},
	act:      []any{"l", seen("Vorlage laden (d: löschen"), "d", tcell.KeyRight, tcell.KeyEnter},
	saving:   []string{"wird gespeichert… Vorlage „Oma“ löschen"},
	conflict: []any{tcell.KeyDown},
	wait:     "Vorgetippt, kommt danach: ‹Down›",
	stored:   func(h *harness) bool { return len(presets(h)) == 0 },
	done:     []string{"Vorlage „Oma“ gelöscht."},
	replayed: []string{"Ziel (ziel): Zielpunktzahl"}, // Down went to the next option
	kept:     []string{"NICHT GESPEICHERT", "Vorlage „Oma“ löschen", "die Datenbank antwortet nicht"},
}}

// Every write of the UI waits off the UI goroutine while another program
// holds the database: the screen says what is being saved and answers
// keys (help opens, a key that would conflict waits with a word), and
// shows the result once the database has it.
func TestWritesPendingWhileDatabaseBusy(t *testing.T) {
	for _, c := range busyWrites {
		t.Run(c.name, func(t *testing.T) {
			db, path := openDBAt(t)
			if c.prepare != nil {
				c.prepare(t, db)
			}
			h := start(t, db)
			c.setup(h)

			release := lockDB(t, path)
			h.press(c.act...)
			if n := h.syncNow(); n != 1 {
				t.Fatalf("%d writes under way, want 1; screen:\n%s", n, h.screen())
			}
			h.seeNow(c.saving...)
			h.press(tcell.KeyF1)
			h.syncNow()
			h.seeNow("diese Hilfe (Esc schließt sie)")
			h.press(tcell.KeyEscape)
			h.syncNow()
			h.notSee("diese Hilfe")
			h.press(c.conflict...)
			if n := h.syncNow(); n != 1 {
				t.Fatalf("%d writes under way after a key that must wait, want 1", n)
			}
			h.seeNow(c.wait)
			if c.stored(h) {
				t.Fatal("stored while the database was locked")
			}

			release()
			h.sync()
			if c.replayed != nil {
				h.see(c.replayed...)
			} else {
				h.see(c.done...)
			}
			h.notSee("wird gespeichert")
			h.notSee("Einen Moment")
			if !c.stored(h) {
				t.Fatalf("not stored once the database was free; screen:\n%s", h.screen())
			}
		})
	}
}

// A write the busy database does not take in time is refused with one
// line that says so; what was typed or chosen stays, and trying again
// once the database is free stores it.
func TestWritesRefusedWhenDatabaseStaysBusy(t *testing.T) {
	for _, c := range busyWrites {
		t.Run(c.name, func(t *testing.T) {
			db, path := openDBAt(t)
			if c.prepare != nil {
				c.prepare(t, db)
			}
			h := startWith(t, db, Config{Lang: validate.German, Timeout: 200 * time.Millisecond})
			c.setup(h)

			release := lockDB(t, path)
			h.press(c.act...)
			h.sync() // until the store gives up
			h.see(c.kept...)
			h.notSee("database is locked")
			h.notSee("deadline")
			if c.stored(h) {
				t.Fatal("stored after a refusal")
			}

			release()
			h.press(c.act...)
			h.sync()
			h.see(c.done...)
			if !c.stored(h) {
				t.Fatalf("not stored when tried again; screen:\n%s", h.screen())
			}
		})
	}
}

// Quitting while a write is under way says so and ends the app once it is
// stored.
func TestQuitWaitsForWrite(t *testing.T) {
	db, path := openDBAt(t)
	h := start(t, db)
	h.typ("pa")
	h.typ("Zoë")

	release := lockDB(t, path)
	h.press("\n")
	h.syncNow()
	h.seeNow("wird gespeichert… neuer Spieler Zoë")
	h.press("x") // refused: the name field keeps Zoë
	h.press(tcell.KeyCtrlC)
	h.syncNow()
	h.seeDialog("Noch nicht fertig: wird gespeichert… neuer Spieler Zoë", "wuerfelblock endet, sobald das gespeichert ist.", "Nicht beenden")
	select {
	case err := <-h.done:
		t.Fatalf("the app ended with a write under way (%v)", err)
	default:
	}

	release()
	select {
	case err := <-h.done:
		h.done = nil
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(waitLimit):
		t.Fatal("the app did not end once the write was stored")
	}
	if !hasPlayer(h, "Zoë") {
		t.Fatal("Zoë not stored")
	}
}

// Quitting from the home screen while an entry of a game left meanwhile is
// refused: the app stays and says what was not saved. (The timeout leaves
// the keys before it time to be handled on a busy machine.)
func TestQuitStaysWhenWriteRefused(t *testing.T) {
	db, path := openDBAt(t)
	h := startWith(t, db, Config{Lang: validate.German, Timeout: time.Second})
	h.newGame('1', "Anna", "Bob")

	release := lockDB(t, path)
	h.press("111523/111\n")
	h.press("q", tcell.KeyRight, tcell.KeyEnter) // leave the game
	h.press("q")                                 // and quit
	h.sync()
	h.seeDialog("wuerfelblock wurde nicht beendet: NICHT GESPEICHERT Wurf 1 1 1 5 2 3, zur Seite 1 1 1: die Datenbank antwortet nicht")
	select {
	case err := <-h.done:
		t.Fatalf("the app ended although the entry was refused (%v)", err)
	default:
	}
	release()
	h.key(tcell.KeyEnter) // OK
	h.see("Weiterspielen: 5050 · Anna 0, Bob 0")
}

// Cancelling the wait keeps the app running; the write still lands.
func TestQuitCancelled(t *testing.T) {
	db, path := openDBAt(t)
	h := start(t, db)
	h.newGame('1', "Anna", "Bob")
	leaveGame(h)
	h.typ("c")

	release := lockDB(t, path)
	h.press("x", tcell.KeyRight, tcell.KeyEnter)
	h.press("q") // the list is busy: q waits
	h.syncNow()
	h.seeNow("Vorgetippt, kommt danach: q")
	h.press(tcell.KeyCtrlC)
	h.syncNow()
	h.seeDialog("wuerfelblock endet, sobald das gespeichert ist.")
	h.press(tcell.KeyEnter) // "Nicht beenden"
	h.syncNow()
	h.notSee("wuerfelblock endet")
	release()
	h.sync()
	h.see("(n) Neues Spiel") // the q typed meanwhile, applied after the write
	if status(h, "abandoned") != 1 {
		t.Fatal("the game was not abandoned")
	}
	select {
	case err := <-h.done:
		t.Fatalf("the app ended although quitting was cancelled (%v)", err)
	default:
	}
}

// coachFails is a store that cannot store a coach level.
type coachFails struct{ *storage.DB }

func (coachFails) SetCoach(context.Context, string, storage.CoachLevel) error {
	return fmt.Errorf("set coach: %w", context.DeadlineExceeded)
}

// A new game whose coach level cannot be stored is stored all the same:
// its screen opens and says so (the players step said only the error, and
// starting again stored a second game).
func TestNewGameCoachLevelNotStored(t *testing.T) {
	db := openDB(t)
	h := startWith(t, db, Config{Lang: validate.German, Store: coachFails{db}})
	h.typ("n1")
	h.key(tcell.KeyDown)
	h.key(tcell.KeyRight) // the coach: Rat
	h.see("* Trainer       Rat")
	h.key(tcell.KeyTab)
	h.typ("Anna\nBob\n\n")
	h.see("am Zug: Anna", "Das Spiel ist gespeichert, aber nicht die Trainer-Stufe (Rat): die Datenbank antwortet nicht")
	if n := len(h.games("")); n != 1 {
		t.Fatalf("%d games stored, want 1", n)
	}
}

// A refusal that the screen which started the write cannot show any more
// (the game was left meanwhile) comes as a dialog.
func TestRefusalAfterLeavingIsShown(t *testing.T) {
	db, path := openDBAt(t)
	h := startWith(t, db, Config{Lang: validate.German, Timeout: time.Second})
	h.newGame('1', "Anna", "Bob")

	lockDB(t, path)
	h.press("111523/111\n")
	h.press("q", tcell.KeyRight, tcell.KeyEnter) // leave the game
	h.sync()
	h.seeDialog("NICHT GESPEICHERT Wurf 1 1 1 5 2 3, zur Seite 1 1 1: die Datenbank antwortet nicht")
	h.key(tcell.KeyEnter)
	h.see("Weiterspielen: 5050 · Anna 0, Bob 0")
}

// The words of a write under way and of its refusal are in English too.
func TestWritesPendingInEnglish(t *testing.T) {
	db, path := openDBAt(t)
	h := startWith(t, db, Config{Lang: validate.English, Timeout: time.Second})
	h.typ("pa")
	h.typ("Zoë")

	release := lockDB(t, path)
	h.press("\n", "x")
	h.syncNow()
	h.seeNow("saving… new player Zoë Typed ahead, taken once it is stored: x")
	h.sync()
	h.see("NOT SAVED new player Zoë: the database does not answer", "Typed ahead, dropped: x.", "New player: Zoë")
	release()
	h.typ("\n")
	h.see("Zoë added.")
}
