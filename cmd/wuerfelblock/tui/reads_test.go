package tui

import (
	"context"
	"sync"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// gatedStore answers the lists of games and players only once open is
// closed (as a database another program holds): the screens must read
// them off the UI goroutine.
type gatedStore struct {
	*storage.DB
	games, players chan struct{} // nil: at once
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
