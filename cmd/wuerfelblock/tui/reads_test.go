package tui

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// gatedStore answers the lists of games and players only once open is
// closed (as a database another program holds): the screens must read
// them off the UI goroutine.
type gatedStore struct {
	*storage.DB
	games, players chan struct{} // nil: at once
	// revisions, loads, presets and appends gate Revision, LoadGame,
	// Presets and Append alike.
	revisions, loads, presets, appends chan struct{}
	// checking, when not nil, is told (without waiting) each time
	// Revision is asked, before its gate.
	checking chan struct{}
}

// newGate is a closed gate and the function that opens it (also when the
// test ends early, before the UI is stopped: the reads must not wait).
func newGate(t *testing.T) (chan struct{}, func()) {
	gate := make(chan struct{})
	var once sync.Once
	open := func() { once.Do(func() { close(gate) }) }
	t.Cleanup(open)
	return gate, open
}

func wait(ctx context.Context, gate chan struct{}) error {
	if gate == nil {
		return nil
	}
	select {
	case <-gate:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s gatedStore) Games(ctx context.Context, f storage.GameFilter) ([]storage.GameInfo, error) {
	if err := wait(ctx, s.games); err != nil {
		return nil, err
	}
	return s.DB.Games(ctx, f)
}

func (s gatedStore) Players(ctx context.Context) ([]storage.Player, error) {
	if err := wait(ctx, s.players); err != nil {
		return nil, err
	}
	return s.DB.Players(ctx)
}

func (s gatedStore) Revision(ctx context.Context, id string) (storage.Revision, error) {
	if s.checking != nil {
		select {
		case s.checking <- struct{}{}:
		default:
		}
	}
	if err := wait(ctx, s.revisions); err != nil {
		return storage.Revision{}, err
	}
	return s.DB.Revision(ctx, id)
}

func (s gatedStore) LoadGame(ctx context.Context, id string) (*storage.StoredGame, error) {
	if err := wait(ctx, s.loads); err != nil {
		return nil, err
	}
	return s.DB.LoadGame(ctx, id)
}

func (s gatedStore) Presets(ctx context.Context, game string) ([]storage.Preset, error) {
	if err := wait(ctx, s.presets); err != nil {
		return nil, err
	}
	return s.DB.Presets(ctx, game)
}

func (s gatedStore) Append(ctx context.Context, sg *storage.StoredGame, e scoresheet.Entry) error {
	if err := wait(ctx, s.appends); err != nil {
		return err
	}
	return s.DB.Append(ctx, sg, e)
}

// whileReading waits until the screen's read is under way and no write
// is (the UI answers meanwhile: syncNow returns).
func (h *harness) whileReading() {
	h.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for h.syncNow() == 0 || h.writes > 0 {
		if time.Now().After(deadline) {
			h.t.Fatalf("no read under way after %v; screen:\n%s", waitLimit, h.screen())
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// The home screen reads the running games off the UI goroutine: while the
// database does not answer the screen does (help opens and closes), says
// what it reads and what was typed ahead; once the list is there the keys
// apply in order, whole: "1" resumes the game and the throw typed after
// it goes to the game's screen.
func TestHomeReadsOffTheUIGoroutine(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	if _, err := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"}); err != nil {
		t.Fatal(err)
	}
	gate, open := newGate(t)
	h := startNow(t, db, Config{Store: gatedStore{DB: db, games: gate}, Lang: validate.German})
	h.seeNow("die laufenden Spiele werden gelesen…")
	h.typNow("?")
	h.syncNow()
	h.seeNow("Tasten auf diesem Bild")
	h.scr.InjectKey(tcell.KeyEscape, 0, tcell.ModNone)
	h.typNow("1111523\n")
	h.syncNow()
	h.seeNow("Vorgetippt, kommt danach: 1111523⏎")
	open()
	h.sync()
	h.see("am Zug: Anna", "Wurf 1 1 1 5 2 3: was kommt zur Seite?")
}

// The players page reads the players off the UI goroutine; a new player
// typed meanwhile (a, the name, Enter) is added once the list is there.
func TestPlayersPageReadsOffTheUIGoroutine(t *testing.T) {
	db := openDB(t)
	gate, open := newGate(t)
	h := startWith(t, db, Config{Store: gatedStore{DB: db, players: gate}, Lang: validate.German})
	h.typNow("p")
	h.syncNow()
	h.seeNow("die Spieler werden gelesen…")
	h.typNow("aDora\n")
	h.syncNow()
	h.seeNow("Vorgetippt, kommt danach: aDora⏎")
	open()
	h.sync()
	h.see("Dora angelegt.", "Dora ")
	ps, err := db.Players(context.Background())
	if err != nil || len(ps) != 1 || ps[0].Name != "Dora" {
		t.Fatalf("players %+v, %v", ps, err)
	}
}

// The new game's players step reads the known players off the UI
// goroutine; the names typed meanwhile (none known: the name field takes
// them) and the Enter that starts the game apply once the list is there.
func TestPlayersStepReadsOffTheUIGoroutine(t *testing.T) {
	db := openDB(t)
	gate, open := newGate(t)
	h := startWith(t, db, Config{Store: gatedStore{DB: db, players: gate}, Lang: validate.German})
	h.typ("n1")
	h.see("5050: Hausregeln")
	h.scr.InjectKey(tcell.KeyTab, 0, tcell.ModNone)
	h.syncNow()
	h.seeNow("die Spieler werden gelesen…")
	h.typNow("Anna\nBen\n\n")
	h.syncNow()
	h.seeNow("Vorgetippt, kommt danach: Anna⏎Ben⏎⏎")
	open()
	h.sync()
	h.see("am Zug: Anna", "Ben")
}

// The play screen asks off the UI goroutine whether the game was changed
// elsewhere: while the database does not answer the screen does (help
// opens and closes) and keeps the throw typed meanwhile; once the answer
// is there the change shows first and the throw applies to the game as it
// stands (a second device's throw before it), stored on top of it.
func TestPlayChecksElsewhereOffTheUIGoroutine(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	if _, err := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"}); err != nil {
		t.Fatal(err)
	}
	gate, open := newGate(t)
	// The store's own timeout is longer than the harness waits: a check on
	// the UI goroutine shows as a UI that does not answer.
	checking := make(chan struct{}, 1)
	h := startWith(t, db, Config{Store: gatedStore{DB: db, revisions: gate, checking: checking}, Lang: validate.German,
		Watch: 5 * time.Millisecond, Timeout: time.Minute})
	h.typNow("1")
	// The check itself must be under way (not the game's opening, which
	// reads too): the keys typed below are held by it.
	select {
	case <-checking:
	case <-time.After(waitLimit):
		t.Fatalf("the play screen did not check for changes elsewhere; screen:\n%s", h.screen())
	}
	h.whileReading()
	h.seeWhileWriting("am Zug: Anna")
	other := h.stored() // a second device throws meanwhile
	if err := db.Append(ctx, other, entryThrow([]int{1, 1, 1, 2, 3, 4}, []int{1, 1, 1})); err != nil {
		t.Fatal(err)
	}
	h.typNow("?")
	h.syncNow()
	h.seeNow("Tasten auf diesem Bild")
	h.scr.InjectKey(tcell.KeyEscape, 0, tcell.ModNone)
	h.typNow("155/15\n")
	h.syncNow()
	h.seeNow("Änderungen von anderswo werden gesucht… Vorgetippt, kommt danach: 155/15⏎")
	open()
	h.sync()
	h.see("Zug 1150")
	if g := h.stored().Game; g.Len() != 2 {
		t.Fatalf("stored entries %d, want the other device's throw and this one", g.Len())
	}
}

// After an entry refused because the game was changed elsewhere, the play
// screen loads the game again off the UI goroutine: the keys typed while
// the refused entry was being saved are dropped (and named), those typed
// while it loads apply to the game as it stands.
func TestConflictReloadReadsOffTheUIGoroutine(t *testing.T) {
	db := openDB(t)
	loads, openLoads := newGate(t)
	appends, openAppends := newGate(t)
	h := startWith(t, db, Config{Store: gatedStore{DB: db, loads: loads, appends: appends}, Lang: validate.German,
		Watch: time.Hour, Timeout: time.Minute})
	h.newGame('1', "Anna", "Bob")
	other := h.stored() // a second device throws meanwhile
	if err := db.Append(context.Background(), other, entryThrow([]int{1, 1, 1, 2, 3, 4}, []int{1, 1, 1})); err != nil {
		t.Fatal(err)
	}
	h.typNow("155234/15\n")
	h.syncNow()
	h.seeNow("wird gespeichert…")
	h.typNow("6") // meant for after this entry
	h.syncNow()
	openAppends()
	h.whileReading() // the entry was refused: the game is being loaded again
	h.seeNow("NICHT ÜBERNOMMEN", "Vorgetipptes verworfen: 6.")
	h.typNow("155/15\n")
	h.syncNow()
	h.seeNow("das Spiel wird neu geladen… Vorgetippt, kommt danach: 155/15⏎")
	openLoads()
	h.sync()
	h.see("Zug 1150")
	if g := h.stored().Game; g.Len() != 2 {
		t.Fatalf("stored entries %d, want the other device's throw and this one", g.Len())
	}
}

// The house rules' presets are read off the UI goroutine; the preset's
// number typed meanwhile goes to the list once it shows.
func TestPresetsReadOffTheUIGoroutine(t *testing.T) {
	db := openDB(t)
	if err := db.SavePreset(context.Background(), storage.Preset{Name: "Oma", Game: "zehntausend", Options: map[string]any{"ziel": 5000}}); err != nil {
		t.Fatal(err)
	}
	gate, open := newGate(t)
	h := startWith(t, db, Config{Store: gatedStore{DB: db, presets: gate}, Lang: validate.German, Timeout: time.Minute})
	h.typ("n3")
	h.see("Zehntausend: Hausregeln")
	h.typNow("l")
	h.syncNow()
	h.seeNow("die Vorlagen werden gelesen…")
	h.typNow("1")
	h.syncNow()
	h.seeNow("Vorgetippt, kommt danach: 1")
	open()
	h.sync()
	h.see("Vorlage: Oma", "5000")
}
