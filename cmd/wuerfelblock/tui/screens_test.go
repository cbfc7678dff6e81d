package tui

import (
	"context"
	"fmt"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Help shows the keys of the screen and the rules with the active house rules.
func TestHelp(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("?")
	h.see("Tasten auf diesem Bild", "neues Spiel")
	h.key(tcell.KeyEscape)
	h.notSee("Tasten auf diesem Bild")
	h.newGame('1', "Anna", "Bob")
	h.typ("?")
	h.see("schreiben", "Regeln: 5050")
	for range 3 {
		h.key(tcell.KeyDown) // the rules go on below the screen's edge
	}
	h.see("Sechs Würfel")
	h.key(tcell.KeyEnd)
	h.see("Hausregeln dieses Spiels", "Würfel (wuerfel) = 6")
	h.typ("q")
	h.see("am Zug: Anna")
}

// House rules are a form with descriptions and defaults; a preset saved
// once loads the next time.
func TestHouseRulesAndPresets(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n3")
	h.see("Zehntausend: Hausregeln", "Ziel", "(Vorgabe 10000)", "Beweisen")
	h.key(tcell.KeyDown) // ziel
	h.see("Zielpunktzahl")
	h.key(tcell.KeyRight)
	h.see("* Ziel", "10050")
	h.key(tcell.KeyEnter) // type a number
	h.key(tcell.KeyCtrlU)
	h.typ("5000\n")
	h.see("* Ziel", "5000")
	h.typ("p")
	h.typ("Oma\n")
	h.see("Vorlage: Oma")
	h.key(tcell.KeyEscape)
	h.typ("3")
	h.notSee("* Ziel")
	h.typ("l")
	h.see("Vorlage laden")
	h.typ("1")
	h.see("* Ziel", "5000", "Vorlage: Oma")
	// A contradiction is refused with the rules' words.
	h.key(tcell.KeyDown)
	for range 8 {
		h.key(tcell.KeyDown)
	}
	h.see("Minus (minus):")
	h.typ(" ")
	h.key(tcell.KeyDown)
	h.typ(" ") // refused at once, not only at Tab
	h.see("widersprechen sich")
	ps, err := h.db.Presets(context.Background(), "zehntausend")
	if err != nil || len(ps) != 1 || ps[0].Name != "Oma" {
		t.Fatalf("presets %+v, %v", ps, err)
	}
}

// In 5050 the winner of the last game between the same players begins.
func TestLastWinnerStarts(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	for _, n := range []string{"Anna", "Bob"} {
		if _, err := db.EnsurePlayer(ctx, n); err != nil {
			t.Fatal(err)
		}
	}
	sg, err := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Bob"})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Abandon(ctx, sg.ID); err != nil {
		t.Fatal(err)
	}
	_ = sg
	h := start(t, db)
	h.typ("n1")
	h.key(tcell.KeyTab)
	h.see("Sitzordnung")
	// No finished game yet: seat order as picked.
	h.typ(" ")
	h.key(tcell.KeyDown)
	h.typ(" ")
	h.see("1. Anna", "2. Bob")
	h.typ("b") // Bob begins
	h.see("1. Bob", "2. Anna")
	h.typ("s")
	h.see("am Zug: Bob")
	// Bob wins quickly: 111555 and 111666 are two hot-dice passes... the
	// test needs a finished game, so play one through the store.
	h.stop()
	won := finish5050(t, db, []string{"Bob", "Anna"})
	_ = won
	h2 := start(t, db)
	h2.typ("n1")
	h2.key(tcell.KeyTab)
	h2.typ(" ") // the first known player
	h2.key(tcell.KeyDown)
	h2.typ(" ")
	h2.see("hat das letzte Spiel zwischen euch gewonnen und beginnt", "1. Bob")
}

// finish5050 plays a 5050 game through the store that the first player wins.
func finish5050(t testing.TB, db *storage.DB, players []string) *storage.StoredGame {
	t.Helper()
	ctx := context.Background()
	sg, err := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), players)
	if err != nil {
		t.Fatal(err)
	}
	throw := func(roll, keep []int) {
		t.Helper()
		if err := db.Append(ctx, sg, entryThrow(roll, keep)); err != nil {
			t.Fatal(err)
		}
	}
	stop := func() {
		t.Helper()
		if err := db.Append(ctx, sg, entryStop()); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 {
		throw([]int{1, 1, 1, 5, 5, 5}, []int{1, 1, 1, 5, 5, 5})
		throw([]int{1, 1, 1, 6, 6, 6}, []int{1, 1, 1, 6, 6, 6})
		stop()
		throw([]int{2, 3, 4, 6, 2, 3}, []int{})
	}
	if !sg.Game.Finished() {
		t.Fatalf("the game did not end: totals %v", sg.Game.Totals())
	}
	return sg
}

// Zehntausend Rückwärts shows the points on the table as they grow and
// the minus points of the one who busts.
func TestRueckwaerts(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('4', "Anna", "Bob")
	h.typ("11234\n")
	h.see("Anna: 1 1 zählen 200. 200 Punkte liegen aus, der Nächste wirft 3 Würfel", "Auf dem Tisch: 200 Punkte · wirf 3 Würfel")
	h.typ("234\n")
	h.see("FEHLWURF", "Bob bekommt die 200 ausliegenden Punkte als Minuspunkte")
	totals(t, h.stored(), 0, 200)
}

// Totwürfeln: points per round and the live dice.
func TestTotwuerfeln(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('6', "Anna", "Bob")
	h.see("Lebende Würfel: 5", "Killerzahl: 5")
	h.typ("56641\n")
	h.see("Lebende Würfel: 4", "Punkte in diesem Zug: 17")
	h.typ("5555\n")
	h.see("Anna: 17 Punkte in diesem Zug", "am Zug: Bob")
	totals(t, h.stored(), 17, 0)
}

// The UI speaks English when asked to.
func TestEnglish(t *testing.T) {
	h := startLang(t, openDB(t), validate.English)
	h.see("New game", "Players", "Statistics", "Rules", "Quit")
	h.typ("s")
	h.see("Statistics will appear here")
	h.typ("q")
	h.typ("r1")
	h.see("Six dice")
	h.typ("q")
	h.typ("q")
	h.typ("n1")
	h.key(tcell.KeyTab)
	h.typ("Ann\nBen\n\n")
	h.see("turn: Ann", "Throw 6 dice and type them")
	h.typ("66\n")
	h.see("NOT TAKEN")
	h.refused(validate.CodeDiceCount)
}

// Mouse: a click on a keep takes it.
func TestMouseKeep(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	h.typ("111523\n")
	h.see("b  1 1 1   1000")
	x, y := h.find("1 1 1   1000")
	h.scr.InjectMouse(x, y, tcell.Button1, tcell.ModNone)
	h.scr.InjectMouse(x, y, tcell.ButtonNone, tcell.ModNone)
	h.sync()
	h.see("Zug 1000", "3 Würfel im Becher")
}

// A yes/no house rule lists its values in the screen's language, as the
// table shows them, not as the command line's true/false.
func TestHouseRuleBoolValuesInGerman(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n3")
	h.key(tcell.KeyDown)
	h.key(tcell.KeyDown) // verdoppeln
	h.see("Verdoppeln (verdoppeln):", "Vorgabe nein · Werte: nein, ja")
	h.notSee("false")
	h.notSee("true")
}

// Every game's line in the new-game list is whole at 80 columns.
func TestNewGameListNotCut(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n")
	h.see("schreibt man die ausliegenden Punkte minus", "die übrigen Augen zählen", "über 30 greift an")
}

// Totwürfeln with two killer numbers names both, in the plural.
func TestTotwuerfelnTwoKillers(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n6")
	h.see("Totwürfeln: Hausregeln")
	h.key(tcell.KeyDown) // killer
	h.key(tcell.KeyEnter)
	h.key(tcell.KeyCtrlU)
	h.typ("2 5\n")
	h.see("* Killerzahlen")
	h.key(tcell.KeyTab)
	h.typ("Anna\nBob\n\n")
	h.see("am Zug: Anna", "Killerzahlen: 2 und 5.")
	h.typ("12346\n")
	h.see("Punkte in diesem Zug: 14")
}

// failingGames is a store whose list of games fails with a rule error.
type failingGames struct{ *storage.DB }

func (failingGames) Games(context.Context, storage.GameFilter) ([]storage.GameInfo, error) {
	return nil, &validate.Error{Code: validate.CodeNoDice}
}

// A database problem on the home screen is told in the players' language.
func TestHomeErrorInGerman(t *testing.T) {
	db := openDB(t)
	h := &harness{t: t, db: db, done: make(chan error, 1)}
	h.ui = New(Config{Store: failingGames{db}, Lang: validate.German})
	h.ui.barrier = make(chan struct{})
	h.scr = tcell.NewSimulationScreen("UTF-8")
	h.ui.app.SetScreen(h.scr)
	h.scr.SetSize(80, 24)
	go func() { h.done <- h.ui.Run() }()
	t.Cleanup(h.stop)
	h.sync()
	h.see("Die laufenden Spiele lassen sich nicht auflisten: keine Würfel angegeben")
	h.notSee("no dice given")
}

// failingPlayers is a store whose list of players fails.
type failingPlayers struct{ *storage.DB }

func (failingPlayers) Players(context.Context) ([]storage.Player, error) {
	return nil, &validate.Error{Code: validate.CodeNoDice}
}

// failingStats is a statistics source that fails.
type failingStats struct{ *storage.DB }

func (failingStats) Stats(context.Context, storage.StatsFilter) ([]storage.PlayerStats, error) {
	return nil, &validate.Error{Code: validate.CodeNoDice}
}

// Errors on the players step and the statistics screen are in German too.
func TestPlayersAndStatsErrorsInGerman(t *testing.T) {
	db := openDB(t)
	run := func(store Store) *harness {
		h := &harness{t: t, db: db, done: make(chan error, 1)}
		h.ui = New(Config{Store: store, Lang: validate.German, Stats: NewStatsPage(failingStats{db}), Review: testValuers})
		h.ui.barrier = make(chan struct{})
		h.scr = tcell.NewSimulationScreen("UTF-8")
		h.ui.app.SetScreen(h.scr)
		h.scr.SetSize(80, 24)
		go func() { h.done <- h.ui.Run() }()
		t.Cleanup(h.stop)
		h.sync()
		return h
	}
	h := run(failingPlayers{db})
	h.typ("n1")
	h.key(tcell.KeyTab)
	h.see("keine Würfel angegeben")
	h.notSee("no dice given")
	h.stop()
	h = run(db)
	h.typ("s")
	h.see("Statistik nicht verfügbar: keine Würfel angegeben")
}

// The game-over table of Zehntausend Rückwärts heads its column "Minus":
// the fewest minus points win.
func TestRueckwaertsGameOverSaysMinus(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('4', "Anna", "Bob")
	h.typ("11111\n")
	h.typ("22346\n")
	h.see("Spiel zu Ende", "Spieler Minus", "Gewonnen hat: Anna")
}

// slowStore is a store whose writes time out, as when another program
// holds the database.
type slowStore struct{ *storage.DB }

func (slowStore) Append(context.Context, *storage.StoredGame, scoresheet.Entry) error {
	return fmt.Errorf("append: %w", context.DeadlineExceeded)
}

// A database that does not answer is explained in German; the throw typed
// is kept to try again.
func TestTimeoutExplained(t *testing.T) {
	db := openDB(t)
	h := &harness{t: t, db: db, done: make(chan error, 1)}
	h.ui = New(Config{Store: slowStore{db}, Lang: validate.German})
	h.ui.barrier = make(chan struct{})
	h.scr = tcell.NewSimulationScreen("UTF-8")
	h.ui.app.SetScreen(h.scr)
	h.scr.SetSize(80, 24)
	go func() { h.done <- h.ui.Run() }()
	t.Cleanup(h.stop)
	h.sync()
	h.newGame('1', "Anna", "Bob")
	h.typ("111523/111\n")
	h.see("NICHT ÜBERNOMMEN", "die Datenbank antwortet nicht", "Wurf (6 Würfel): 111523/111")
	h.notSee("deadline")
}

// The help of a game with house rules says, before the basic rules, which
// house rules change them.
func TestHelpNamesChangingHouseRules(t *testing.T) {
	h := start(t, openDB(t))
	h.typ("n3")
	h.key(tcell.KeyDown) // ziel
	h.key(tcell.KeyRight)
	h.see("* Ziel", "10050")
	h.key(tcell.KeyTab)
	h.typ("Anna\n")
	h.typ("Bob\n")
	h.typ("\n")
	h.see("am Zug: Anna")
	h.typ("?")
	h.see("Gespielt mit Hausregeln, die das Folgende ändern: Ziel")
}

// x on the list of running games asks about the game by its name,
// players and round (two games of the same players look alike otherwise).
func TestAbandonFromListNamesTheGame(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Bob")
	leaveGame(h)
	h.newGame('5', "Anna", "Bob")
	leaveGame(h)
	h.typ("c")
	h.see("Laufende Spiele", "Kniffel · Anna 0, Bob 0", "5050 · Anna 0, Bob 0")
	h.key(tcell.KeyDown)
	h.typ("x")
	h.see("Nein", "Abbrechen")
	h.seeDialog("Dieses Spiel (5050 · Anna 0, Bob 0 · Runde 1) abbrechen?")
	h.key(tcell.KeyEscape)
}
