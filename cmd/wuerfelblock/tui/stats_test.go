package tui

import (
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// statsHistory is a database with a small generated history.
func statsHistory(t testing.TB, games int) *storage.DB {
	t.Helper()
	db, err := openReviewed(filepath.Join(t.TempDir(), "stats.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	gen, err := generate.New(generate.Config{Games: games, Seed: 4, Players: 5})
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.StorePlayed(context.Background(), func() (storage.PlayedGame, bool) {
		g, ok := gen.Next()
		return storage.PlayedGame{ID: g.ID, Started: g.Started, Ended: g.Ended, Game: g.Game}, ok
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// statsScreen draws the statistics view on an 80×24 simulation screen.
type statsScreen struct {
	t *testing.T
	v *statsView
	s tcell.SimulationScreen
}

func newStatsScreen(t *testing.T, db *storage.DB, lang validate.Lang) *statsScreen {
	s := tcell.NewSimulationScreen("UTF-8")
	if err := s.Init(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Fini)
	s.SetSize(80, 24)
	v := newStatsView(db, lang)
	v.SetRect(0, 0, 80, 24)
	return &statsScreen{t, v, s}
}

// text draws the view and returns the screen, one line per row.
func (ss *statsScreen) text() string {
	ss.s.Clear()
	ss.v.Draw(ss.s)
	ss.s.Show()
	cells, w, h := ss.s.GetContents()
	var b strings.Builder
	for y := range h {
		for x := range w {
			c := cells[y*w+x]
			if len(c.Runes) == 0 || c.Runes[0] == 0 {
				b.WriteByte(' ')
			} else {
				b.WriteString(string(c.Runes))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func (ss *statsScreen) key(k tcell.Key, r rune) {
	ss.v.InputHandler()(tcell.NewEventKey(k, r, tcell.ModNone), func(p tview.Primitive) {})
}

func (ss *statsScreen) see(texts ...string) string {
	ss.t.Helper()
	scr := ss.text()
	for _, want := range texts {
		if !strings.Contains(scr, want) {
			ss.t.Errorf("the screen lacks %q:\n%s", want, scr)
		}
	}
	return scr
}

func TestStatsScreenLeaderboardPlayerAndVersus(t *testing.T) {
	db := statsHistory(t, 150)
	ss := newStatsScreen(t, db, validate.English)
	ctx := context.Background()
	all, err := db.Stats(ctx, storage.StatsFilter{})
	if err != nil {
		t.Fatal(err)
	}
	// The leaderboard of 5050 (the first game) shows every player who
	// finished one, with games, wins and the win-rate bar.
	scr := ss.see("Statistics", "Leaderboard", "5050", "win rate", "█")
	for _, p := range all {
		if g := p.Games["5050"]; g != nil && g.Played > 0 && !strings.Contains(scr, p.Name) {
			t.Errorf("5050 leaderboard lacks %s", p.Name)
		}
	}
	// To Kniffel: right arrow four times.
	for range 4 {
		ss.key(tcell.KeyRight, 0)
	}
	if ss.v.gameID() != validate.GameKniffel {
		t.Fatalf("game %s, want kniffel", ss.v.gameID())
	}
	ss.see("Kniffel")
	// Enter opens the selected player's page with both charts.
	ss.key(tcell.KeyEnter, 0)
	name := ss.v.all[ss.v.sel].Name
	f := ss.v.all[ss.v.sel].Games["kniffel"].Figures
	scr = ss.see(name+" · Kniffel", "upper bonus", "final totals, last", "final totals")
	if !strings.ContainsAny(scr, "▁▂▃▄▅▆▇") {
		t.Errorf("no sparkline:\n%s", scr)
	}
	if want := "games " + itoa(f.Played) + ", won " + itoa(f.Won); !strings.Contains(scr, want) {
		t.Errorf("player page lacks %q:\n%s", want, scr)
	}
	// Back to 5050: the bust rate by dice thrown is charted beside the turns.
	for range 4 {
		ss.key(tcell.KeyLeft, 0)
	}
	ss.see("turn results", "bust rate by dice thrown", "dice", "bust")
	// Head-to-head against the next player.
	ss.key(tcell.KeyRune, 'v')
	scr = ss.see("Head-to-head", " – ", "all games")
	h, _ := db.HeadToHead(ctx, ss.v.all[ss.v.sel].Name, ss.v.all[ss.v.vs].Name, "")
	if !strings.Contains(scr, "won "+itoa(h.Total.AWon)) {
		t.Errorf("versus lacks the wins %d:\n%s", h.Total.AWon, scr)
	}
	ss.key(tcell.KeyDown, 0)
	ss.see("Head-to-head")
}

func TestStatsScreenFitsAndSpeaksGerman(t *testing.T) {
	db := statsHistory(t, 60)
	ss := newStatsScreen(t, db, validate.German)
	ss.see("Statistik", "Bestenliste", "Quote", "zurück")
	for _, mode := range []rune{'p', 'v', 'b'} {
		ss.key(tcell.KeyRune, mode)
		for range 7 {
			ss.key(tcell.KeyRight, 0)
			scr := ss.text()
			// Nothing is cut off at the right edge but the key line.
			for i, line := range strings.Split(strings.TrimRight(scr, "\n"), "\n") {
				if n := len([]rune(strings.TrimRight(line, " "))); n > 80 || i > 23 {
					t.Fatalf("line %d is %d wide:\n%s", i, n, scr)
				}
			}
		}
	}
}

func TestStatsScreenEmpty(t *testing.T) {
	db, err := openReviewed(filepath.Join(t.TempDir(), "empty.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ss := newStatsScreen(t, db, validate.English)
	ss.see("No finished turns yet")
	ss.key(tcell.KeyRune, 'p')
	ss.key(tcell.KeyDown, 0)
	ss.see("No finished turns yet")
}

// From home, s opens the statistics (Config.Stats) and q goes back.
func TestStatsFromHome(t *testing.T) {
	db := statsHistory(t, 30)
	h := &harness{t: t, db: db, done: make(chan error, 1)}
	h.ui = New(Config{Store: db, Lang: validate.English, Stats: NewStatsPage(db), Review: testValuers})
	h.ui.barrier = make(chan struct{})
	h.scr = tcell.NewSimulationScreen("UTF-8")
	h.ui.app.SetScreen(h.scr)
	h.scr.SetSize(80, 24)
	go func() { h.done <- h.ui.Run() }()
	t.Cleanup(h.stop)
	h.sync()
	h.typ("s")
	h.see("Leaderboard", "win rate")
	h.typ("p")
	h.see("final totals, last")
	h.typ("q")
	h.notSee("Leaderboard")
}

// slowStats is a statistics source whose reads wait for release.
type slowStats struct {
	*storage.DB
	release chan struct{}
}

func (s slowStats) Stats(ctx context.Context, f storage.StatsFilter) ([]storage.PlayerStats, error) {
	<-s.release
	return s.DB.Stats(ctx, f)
}

func (s slowStats) Timeline(ctx context.Context, player, game, set string, n int) ([]storage.TotalPoint, error) {
	<-s.release
	return s.DB.Timeline(ctx, player, game, set, n)
}

// TestStatsReadOffTheUIGoroutine: while the statistics are being read the
// screen answers keys and says so; the figures and the charts appear once
// read. (Before, the page read the store in its constructor and its Draw,
// on the UI goroutine: the UI stood still until the read was done.)
func TestStatsReadOffTheUIGoroutine(t *testing.T) {
	db := statsHistory(t, 30)
	src := slowStats{db, make(chan struct{})}
	h := startWith(t, db, Config{Lang: validate.English, Stats: NewStatsPage(src)})
	h.typ("s")
	h.see("Reading the statistics…")
	h.typ("?") // the help opens meanwhile
	h.see("Keys on this screen", "the leaderboard by play")
	h.typ("q")
	src.release <- struct{}{}
	h.see("Leaderboard", "win rate")
	h.typ("p")
	h.see("Reading the charts…")
	close(src.release)
	h.see("final totals, last")
}

func itoa(n int) string { return strconv.Itoa(n) }

// The game tabs fit 80 columns with the chosen game's name whole; the
// others lose only the letters that do not fit.
func TestStatsTabsFit(t *testing.T) {
	db := statsHistory(t, 30)
	ss := newStatsScreen(t, db, validate.German)
	for range 3 {
		ss.key(tcell.KeyRight, 0)
	}
	scr := ss.see("Zehntausend Rückwärts", "Dreißig tot")
	line := strings.Split(scr, "\n")[1]
	if n := len([]rune(strings.TrimRight(line, " "))); n > 80 {
		t.Fatalf("tab line %d wide: %q", n, line)
	}
	ss.key(tcell.KeyLeft, 0)
	// Whole, two spaces apart; the last one on a second row.
	ss.see("Zehntausend  Zehntausend Rückwärts  Kniffel  Totwürfeln", "\nDreißig tot")
	if got := fitTabs([][]string{{"Bestenliste", "Besten"}, {"Spieler"}, {"Direkter Vergleich", "Vergleich"}}, 0, 80, 1); got[2] != "Direkter Vergleich" {
		t.Fatalf("tabs cut though they fit: %q", got)
	}
}

// On a 60-column screen the statistics' tabs were cut inside words
// ("Direkter…", "Spielstär…", "Fünftau…", "Dreißig …"). Every page, every
// game, both languages: the pages' tabs take whole shorter words
// ("Vergleich"), the games' names wrap to a second row, whole.
func TestStatsTabsWholeWordsAt60(t *testing.T) {
	db := statsHistory(t, 60)
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		ss := newStatsScreen(t, db, lang)
		ss.s.SetSize(60, 20)
		ss.v.SetRect(0, 0, 60, 20)
		for _, mode := range []rune{'b', 'p', 'v', 'y'} {
			ss.key(tcell.KeyRune, mode)
			for range 7 {
				rows := strings.Split(ss.text(), "\n")
				tabs := strings.Join(rows[:3], "\n")
				if strings.Contains(rows[0], "…") || !strings.Contains(tabs, "Zehntausend Rückwärts") || !strings.Contains(tabs, "Dreißig tot") {
					t.Fatalf("%v %c: tabs cut:\n%s", lang, mode, strings.Join(rows, "\n"))
				}
				ss.key(tcell.KeyRight, 0)
			}
		}
	}
}

// The player page names what can fail in each game: 5050 confirms,
// Zehntausend proves, Rückwärts has neither.
func TestStatsFailedLabelByGame(t *testing.T) {
	db := statsHistory(t, 120)
	ss := newStatsScreen(t, db, validate.German)
	ss.key(tcell.KeyRune, 'p')
	ss.see("· 5050", "Bestätigung verfehlt")
	ss.key(tcell.KeyRight, 0)
	ss.key(tcell.KeyRight, 0)
	ss.see("· Zehntausend", "Beweis verfehlt")
	ss.key(tcell.KeyRight, 0)
	scr := ss.see("· Zehntausend Rückwärts", "alle raus")
	if strings.Contains(scr, "verfehlt") {
		t.Errorf("Rückwärts shows a failed proof:\n%s", scr)
	}
}

// o walks through the house-rule sets of a game: the leaderboard then counts
// only the games of that set, as the CLI's per-set figures do.
func TestStatsScreenHouseRuleSets(t *testing.T) {
	db := statsHistory(t, 150)
	ss := newStatsScreen(t, db, validate.German)
	for ss.v.gameID() != validate.GameZehntausend {
		ss.key(tcell.KeyRight, 0)
	}
	ss.see("Hausregeln: alle Hausregeln zusammen")
	sets := ss.v.sets(validate.GameZehntausend)
	if len(sets) < 2 {
		t.Fatalf("the generated history has %d Zehntausend house-rule sets, want several", len(sets))
	}
	for i, set := range sets {
		ss.key(tcell.KeyRune, 'o')
		name := "Grundregeln"
		if set != "" {
			// The set in words, by each house rule's name.
			for _, p := range ss.v.all {
				if gs := p.Games["zehntausend"]; gs != nil {
					for _, hr := range gs.HouseRules {
						if setKey(hr.Options) == set {
							name = ss.v.setLabel(validate.GameZehntausend, hr.Options)
						}
					}
				}
			}
			if strings.Contains(name, "=") {
				t.Fatalf("set %q reads %q", set, name)
			}
		}
		scr := ss.see("Hausregeln: " + name)
		// Every player on the board shows the games of exactly this set.
		for pi, p := range ss.v.all {
			gs := p.Games["zehntausend"]
			if gs == nil {
				continue
			}
			for _, hr := range gs.HouseRules {
				if setKey(hr.Options) == set && hr.Played > 0 {
					f := ss.v.figures(pi, validate.GameZehntausend)
					if f == nil || f.Played != hr.Played {
						t.Errorf("set %d (%s): %s shows %+v, want %d games", i+1, set, p.Name, f, hr.Played)
					}
					if !strings.Contains(scr, p.Name) {
						t.Errorf("set %q: the board lacks %s:\n%s", set, p.Name, scr)
					}
				}
			}
		}
	}
	ss.key(tcell.KeyRune, 'o')
	ss.see("Hausregeln: alle Hausregeln zusammen")
}

// The Dreißig tot page gives pips per turn with a decimal comma in German.
func TestStatsScreenDecimalCommaInGerman(t *testing.T) {
	db := statsHistory(t, 120)
	for _, c := range []struct {
		lang validate.Lang
		re   string
	}{
		{validate.German, `pro Zug: Schnitt \d+,\d, bester`},
		{validate.English, `per turn: avg \d+\.\d, best`},
	} {
		ss := newStatsScreen(t, db, c.lang)
		ss.key(tcell.KeyRune, 'p')
		for range 6 {
			ss.key(tcell.KeyRight, 0)
		}
		if scr := ss.text(); !regexp.MustCompile(c.re).MatchString(scr) {
			t.Errorf("%v: no %s:\n%s", c.lang, c.re, scr)
		}
	}
}

// The bust-rate chart says "1 die", not "1 dice".
func TestStatsByDiceOneDie(t *testing.T) {
	db := statsHistory(t, 120)
	ss := newStatsScreen(t, db, validate.English)
	ss.key(tcell.KeyRune, 'p')
	ss.key(tcell.KeyRight, 0)
	ss.key(tcell.KeyRight, 0)
	scr := ss.see("· Zehntausend", "1 die ", "2 dice ")
	if strings.Contains(scr, "1 dice") {
		t.Errorf("1 dice:\n%s", scr)
	}
}

// On a 60×20 screen the leaderboard lost its last columns ("bester",
// "Serie") to the win rate's bar, while its legend explained "Serie". The
// bar narrows there; every column stays.
func TestStatsBoardAllColumnsOnSmallScreen(t *testing.T) {
	db := openDB(t)
	h := startWith(t, db, Config{Lang: validate.German, Stats: NewStatsPage(db)})
	fiveOFiftyToEnd(h)
	h.key(tcell.KeyEnter) // home
	h.resize(60, 20)
	h.typ("s")
	h.see("Bestenliste", "Mittel bester   Serie")
	if lineWith(h, "1  Anna", "100\u00a0%", "6000   6000   1/1") == "" { // "100 %" as the coach writes a chance
		t.Fatalf("Anna's row lacks a column:\n%s", h.screen())
	}
}

// The head-to-head page at 60 columns cut the games' names ("Zehntause…"
// twice: Zehntausend and Rückwärts looked alike, "Dreißig t…", "alle
// Spie…"); the names' column is as wide as the longest, the bar narrower.
func TestStatsVersusGameNamesWholeAt60(t *testing.T) {
	db := statsHistory(t, 120)
	ss := newStatsScreen(t, db, validate.German)
	ss.s.SetSize(60, 20)
	ss.v.SetRect(0, 0, 60, 20)
	ss.key(tcell.KeyRune, 'v')
	scr := ss.see("Spiel ", "Zehntausend Rückwärts ", "Dreißig tot ", "alle Spiele ")
	for _, l := range strings.Split(scr, "\n")[4:] {
		if strings.Contains(l, "…") {
			t.Fatalf("a game's name cut:\n%s", scr)
		}
	}
}

// The by-play board at 60 columns cut its order line ("… in Punkten…",
// the minimum of games lost) and said "Noch niemand hat 5 ausgewertete
// Spiele 5050."; the line wraps now, and the sentence names the game
// first.
func TestStatsByPlayTextsAt60(t *testing.T) {
	db := statsHistory(t, 120)
	ss := newStatsScreen(t, db, validate.German)
	ss.s.SetSize(60, 20)
	ss.v.SetRect(0, 0, 60, 20)
	ss.key(tcell.KeyRune, 'y')
	scr := ss.see("(ab 5 Spielen)")
	if strings.Contains(scr, "…") {
		t.Fatalf("a line cut:\n%s", scr)
	}

	db = openDB(t)
	h := startWith(t, db, Config{Lang: validate.German, Stats: NewStatsPage(db)})
	fiveOFiftyToEnd(h)
	h.key(tcell.KeyEnter) // home
	h.typ("sy")
	h.see("5050: noch niemand hat 5 ausgewertete Spiele.")
}
