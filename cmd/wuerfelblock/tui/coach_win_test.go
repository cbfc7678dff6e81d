package tui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/coach/win"
	"github.com/wuerfelblock/wuerfelblock/internal/cputime"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The tests of other screens see no chance to win (their lines stay as
// they were, and no table is built behind them); the tests here put their
// tables in place with useWin.
func init() { winCache = noWinTables{} }

type noWinTables struct{}

func (noWinTables) Solver(*validate.Rules) (*win.Solver, error) { return nil, win.ErrNotCovered }
func (noWinTables) Build(s *win.Solver) (*win.Table, error)     { return s.Table() }

// testWinTables are win solvers of one test with their files in dir; gate,
// where set, holds every build until it is closed.
type testWinTables struct {
	dir     string
	gate    chan struct{}
	mu      sync.Mutex
	solvers map[string]*win.Solver
}

func (w *testWinTables) Solver(r *validate.Rules) (*win.Solver, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	key := fmt.Sprintf("%s %+v", r.Game, r.Options)
	if s, ok := w.solvers[key]; ok {
		return s, nil
	}
	s, err := win.New(r)
	if err != nil {
		return nil, err
	}
	s.SetDir(w.dir)
	if w.solvers == nil {
		w.solvers = map[string]*win.Solver{}
	}
	w.solvers[key] = s
	return s, nil
}

func (w *testWinTables) Build(s *win.Solver) (*win.Table, error) {
	if w.gate != nil {
		<-w.gate
	}
	return s.Table()
}

// winFixtures is the directory of the tables of 5050 and 5000 (their
// builds take a minute on a loaded machine; reading them a few ms). With
// WUERFELBLOCK_WIN_FIXTURES=1 the tests build them there anew.
const winFixtures = "testdata/win"

// useWin gives one test win tables: a copy of the fixtures in a directory
// of its own (a table that is not among them is built there).
func useWin(t testing.TB) *testWinTables {
	t.Helper()
	dir := t.TempDir()
	if os.Getenv("WUERFELBLOCK_WIN_FIXTURES") == "1" {
		dir = winFixtures
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	} else {
		files, _ := filepath.Glob(filepath.Join(winFixtures, "*.table"))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	w := &testWinTables{dir: dir}
	saved := winCache
	winCache = w
	t.Cleanup(func() { winCache = saved })
	return w
}

// waitWin waits for the table of the game on screen and for the screen
// drawn with it; it says where a fixture had to be built.
func waitWin(t *testing.T, h *harness, w *testWinTables) *win.Table {
	t.Helper()
	s, err := w.Solver(h.ui.top().(*play).game().Rules)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := s.Table()
	if err != nil {
		t.Fatal(err)
	}
	if !tb.Loaded && s.Rules().Game != validate.GameZehntausend {
		t.Logf("%s: the win table was built, not read from %s (stale: regenerate with WUERFELBLOCK_WIN_FIXTURES=1 go test -run TestWin ./cmd/wuerfelblock/tui)", s.Rules().Game, winFixtures)
	}
	h.sync()
	return tb
}

// newZiel starts a Zehntausend game with a small target (its win table
// builds in a blink).
func (h *harness) newZiel(ziel int, players ...string) {
	h.t.Helper()
	h.typ("n3")
	h.see("10000")
	h.key(tcell.KeyDown) // ziel
	h.key(tcell.KeyEnter)
	h.key(tcell.KeyCtrlU)
	h.typ(fmt.Sprintf("%d\n", ziel))
	h.see(fmt.Sprintf("%d", ziel))
	h.key(tcell.KeyTab)
	if !strings.Contains(h.screen(), "Noch niemand") && !strings.Contains(h.screen(), "Nobody yet") {
		h.typ("a")
	}
	for _, p := range players {
		h.typ(p + "\n")
	}
	h.typ("\n")
	h.see(players[0])
}

// rightPanel is the text of the turn panel (right of the score table), its
// rows joined by spaces, non-breaking spaces as spaces.
func (h *harness) rightPanel() string {
	var rows []string
	for _, row := range strings.Split(h.screen(), "\n") {
		parts := strings.Split(row, "│")
		if len(parts) >= 5 {
			rows = append(rows, strings.TrimSpace(parts[3]))
		}
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(strings.Join(rows, " "), "\u00a0", " ")), " ")
}

// seePanel waits until the turn panel says every text (wrapped or not).
func (h *harness) seePanel(texts ...string) {
	h.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for _, s := range texts {
		for !strings.Contains(h.rightPanel(), strings.ReplaceAll(s, "\u00a0", " ")) {
			if time.Now().After(deadline) {
				h.t.Fatalf("the turn panel does not say %q:\n%s", s, h.screen())
			}
			time.Sleep(5 * time.Millisecond)
			h.sync()
		}
	}
}

// scoreHeader is the score table's heading row.
func (h *harness) scoreHeader() string {
	for _, row := range strings.Split(h.screen(), "\n") {
		if parts := strings.Split(row, "│"); len(parts) >= 5 && (strings.Contains(parts[1], "Zuletzt") || strings.Contains(parts[1], "Last")) {
			return parts[1]
		}
	}
	h.t.Fatalf("no score table:\n%s", h.screen())
	return ""
}

// winAt is the win solver's position of the game on screen, found as
// advise --totals finds it (written totals in seat order, the seat on turn,
// the turn's throws replayed).
func winAt(t *testing.T, tb *win.Table, g *scoresheet.Game) win.Position {
	t.Helper()
	p0, err := tb.Start(g.Totals(), g.Seat())
	if err != nil {
		t.Fatal(err)
	}
	ctx := validate.TurnContext{Entered: g.Totals()[g.Seat()] > 0}
	fp, _, _, err := p0.Family().Table().Replay(ctx, turnThrows(g))
	if err != nil {
		t.Fatal(err)
	}
	return p0.At(fp)
}

func wordsOf(l validate.Lang) say.P { return say.P{Lang: l} }

// pct is a chance as the coach line writes it, in plain text.
func pct(l validate.Lang, x float64) string {
	return strings.ReplaceAll(wordsOf(l).Percent(x, false), "\u00a0", " ")
}

// 5050, the last round (issue 22): Ben (4500) must pass Anna's 5750. After
// 1 1 1 5 (1050) a stop banks 5550 and loses; the points coach stops, the
// win coach throws on, and the line says so.
func TestWin5050Chase(t *testing.T) {
	w := useWin(t)
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Ben")
	h.typ("*") // Rat
	for _, s := range []string{
		"111111/111111\n", "555234/555\n", "s", // Anna 2500
		"111111/111111\n", "111111/111111\n", "555234/555\n", "s", // Ben 4500
		"111111/111111\n", "111234/111\n", "115/115\n", "s", // Anna 5750
	} {
		h.typ(s)
	}
	h.see("LETZTE RUNDE", "am Zug: Ben")
	g := h.ui.top().(*play).game()
	if fmt.Sprint(g.Totals()) != "[5750 4500]" {
		t.Fatalf("totals %v", g.Totals())
	}
	tb := waitWin(t, h, w)
	h.typ("111523/1115\n")
	p := winAt(t, tb, h.ui.top().(*play).game())
	stop, ok := p.StopWin()
	if !ok || stop != 0 || p.ShouldStop() || !p.Family().ShouldStop() {
		t.Fatalf("the solver: stop %v (%v), throw %v, points stop %v", stop, ok, p.ThrowWin(), p.Family().ShouldStop())
	}
	h.seePanel("besser schreiben",
		"Gewinnchance: schreiben "+pct(validate.German, 0)+" · weiter "+pct(validate.German, p.ThrowWin())+" ◀",
		"Auf Punkte: schreiben; auf Sieg: weiter")
	// The score table: Ben's chance from here, Anna's the rest.
	h.see(fmt.Sprintf("%.0f %%", 100*p.Win()), fmt.Sprintf("%.0f %%", 100*(1-p.Win())))
}

// 5000 (issue 22): Anna (3500) with 2400 in the turn would pass 5000 and
// hand the points to Ben; the points coach does not advise that stop, the
// win coach shows why: its chance is lower than throwing on.
func TestWin5000StopHandsPointsOver(t *testing.T) {
	w := useWin(t)
	h := start(t, openDB(t))
	h.newGame('2', "Anna", "Ben")
	for _, s := range []string{"11155\n", "11155\n", "11123\n", "s"} {
		h.typ(s)
	}
	// Ben has not entered (0): 150 in the turn allow no stop, for the
	// points coach and the win coach alike.
	tb := waitWin(t, h, w)
	h.typ("15236\n")
	p := winAt(t, tb, h.ui.top().(*play).game())
	if _, ok := p.StopWin(); ok {
		t.Fatalf("the solver lets a player who has not entered stop at 150 (%v, %v):\n%s", p.Family().Points(), p.Family().CanStop(), h.screen())
	}
	h.seePanel("Gewinnchance " + pct(validate.German, p.ThrowWin()))
	h.notSee("Gewinnchance:")
	h.notSee("Schreiben:")
	h.typ("u")
	for _, s := range []string{"11155\n", "11155\n", "s"} {
		h.typ(s)
	}
	g := h.ui.top().(*play).game()
	if fmt.Sprint(g.Totals()) != "[3500 2400]" || g.Seat() != 0 {
		t.Fatalf("totals %v, seat %d", g.Totals(), g.Seat())
	}
	h.typ("11155\n11155\n")
	h.see("Anna wäre über 5000", "Schreiben: 2400, zählt aber nicht")
	p = winAt(t, tb, h.ui.top().(*play).game())
	stop, ok := p.StopWin()
	if !ok || stop >= p.ThrowWin() {
		t.Fatalf("the solver: stop %v (%v), throw %v", stop, ok, p.ThrowWin())
	}
	h.seePanel("Gewinnchance: schreiben " + pct(validate.German, stop) + " · weiter " + pct(validate.German, p.ThrowWin()) + " ◀")
	// At 80×24 the score table has room for the column with 5000's Drin.
	if head := h.scoreHeader(); !strings.Contains(head, "Drin") || !strings.Contains(head, "Sieg") {
		t.Fatalf("score table heading %q:\n%s", head, h.screen())
	}
}

// Until the table is there the points coach shows alone; when it arrives
// the screen is drawn again with the chances.
func TestWinPointsUntilTableIsThere(t *testing.T) {
	w := useWin(t)
	w.gate = make(chan struct{})
	h := start(t, openDB(t))
	h.newZiel(1000, "Anna", "Ben")
	h.typ("11123/111\n15/15\n")
	h.see("Schreiben: 1150")
	h.notSee("Gewinnchance")
	h.notSee("Sieg")
	h.resize(100, 40) // the whole help
	h.typ("?")
	h.see("wird gerade berechnet")
	h.typ("q")
	close(w.gate)
	tb := waitWin(t, h, w)
	p := winAt(t, tb, h.ui.top().(*play).game())
	stop, _ := p.StopWin()
	h.seePanel("Schreiben: 1150", "Gewinnchance: schreiben "+pct(validate.German, stop))
	if !strings.Contains(h.scoreHeader(), "Sieg") {
		t.Fatalf("no column Sieg:\n%s", h.screen())
	}
}

// The coach line at 80×24 and 60×20 in both languages: the chances whole
// in the turn panel; the score table's column of chances at 80×24 only.
func TestWinLineSizesAndLanguages(t *testing.T) {
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		for _, size := range [][2]int{{80, 24}, {60, 20}} {
			t.Run(fmt.Sprintf("%s-%dx%d", lang, size[0], size[1]), func(t *testing.T) {
				w := useWin(t)
				h := startLang(t, openDB(t), lang)
				h.newZiel(1000, "Anna", "Ben")
				h.resize(size[0], size[1])
				tb := waitWin(t, h, w)
				h.typ("11123/111\n15/15\n")
				p := winAt(t, tb, h.ui.top().(*play).game())
				stop, _ := p.StopWin()
				wd := wordsOf(lang)
				best := map[bool]string{true: wd.StopWord(), false: wd.ThrowWord()}[p.ShouldStop()]
				h.seePanel(wd.StopWord()+" "+pct(lang, stop), wd.ThrowWord()+" "+pct(lang, p.ThrowWin()),
					best+" "+pct(lang, p.Win())+" ◀")
				head := h.scoreHeader()
				if has := strings.Contains(head, wd.WinColumn()); has != (size[0] == 80) {
					t.Fatalf("column %q shown %v at %dx%d:\n%s", wd.WinColumn(), has, size[0], size[1], h.screen())
				}
				// Rat, a throw waiting for its keep: every keep's chance, the
				// best marked.
				h.typ("*11152\n")
				ks, err := p.Keeps([]int{1, 1, 1, 5, 2})
				if err != nil {
					t.Fatal(err)
				}
				h.see(pct(lang, ks[0].Win) + " ◀")
				h.seePanel(wd.WinNow(ks[0].Win, false))
			})
		}
	}
}

// Three or more players: the win solver has no figure before it offers
// one; the points coach shows and the help says so once.
func TestWinThreePlayers(t *testing.T) {
	w := useWin(t)
	h := start(t, openDB(t))
	h.newZiel(1000, "Anna", "Ben", "Cleo")
	tb := waitWin(t, h, w)
	g := h.ui.top().(*play).game()
	h.typ("11123/111\n15/15\n")
	h.see("Schreiben: 1150")
	p0, err := tb.Start(g.Totals(), g.Seat())
	if err != nil {
		// No figure for three: the points alone, said once in the help.
		h.notSee("Gewinnchance")
		h.resize(100, 40) // the whole help
		h.typ("?")
		h.see("Bei drei oder mehr Spielern rechnet der Trainer hier nur die Punkte")
		return
	}
	// The solver's approximation, marked on the line and the player's
	// chance in the table, and explained once in the help.
	if p0.Exact() {
		t.Fatal("three players before the final round: exact?")
	}
	// Each player's share of the game, as the review gives it (not the
	// two-player figure against the strongest other).
	p := winAt(t, tb, h.ui.top().(*play).game())
	stop, _ := p.StopChances()
	h.seePanel("Gewinnchance: schreiben ≈" + pct(validate.German, stop[0]))
	h.see(fmt.Sprintf("≈%.0f %%", 100*p.Chances()[0]))
	h.resize(100, 40) // the whole help
	h.typ("?")
	h.see("vor der letzten Runde genähert (≈")
	h.see("in der letzten Runde genau")
	if n := strings.Count(h.screen(), "drei oder mehr Spieler"); n != 0 {
		t.Fatalf("said %d times more:\n%s", n, h.screen())
	}
}

// The coach off: no chance to win, not in the panel, not in the table.
func TestWinCoachOff(t *testing.T) {
	w := useWin(t)
	h := start(t, openDB(t))
	h.newZiel(1000, "Anna", "Ben")
	waitWin(t, h, w)
	h.see("Gewinnchance")
	h.typ("**") // Chancen → Rat → aus
	h.see("Trainer: aus")
	h.typ("11123/111\n")
	h.notSee("Gewinnchance")
	h.notSee("Sieg")
	h.notSee("%")
}

// Target: the coach line with the chances to win adds well under 1 ms to a
// key press (the turn panel, the keep list and the score table drawn at
// "Rat", the table read from its file).
func BenchmarkWinCoachRefresh(b *testing.B) {
	w := useWin(b)
	h := start(b, openDB(b))
	h.newGame('1', "Anna", "Ben")
	v := h.ui.top().(*play).view.(*familyView)
	s, _ := w.Solver(v.rules())
	if _, err := s.Table(); err != nil {
		b.Fatal(err)
	}
	h.typ("*111111/111111\n111523\n") // Rat, a throw waiting for its keep
	if v.pending == nil || v.winTable() == nil {
		b.Fatalf("no throw waiting for its keep or no table:\n%s", h.screen())
	}
	h.seePanel("Gewinnchance")
	h.stop() // the view alone from here: nothing else draws
	for _, level := range []storage.CoachLevel{storage.CoachOff, storage.CoachAdvice} {
		b.Run(string(level), func(b *testing.B) {
			v.p.sg.Coach = level
			cpu0 := cputime.Used()
			for b.Loop() {
				v.refreshScores()
				v.refreshTurn()
				v.refreshKeeps()
			}
			b.ReportMetric(float64(cputime.Used()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
	// A new turn's start, found off the UI goroutine (winStart).
	b.Run("turn-start", func(b *testing.B) {
		tb := s.Ready()
		cpu0 := cputime.Used()
		for b.Loop() {
			if _, err := tb.Start([]int{0, 0}, 0); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(cputime.Used()-cpu0)/float64(b.N), "cpu-ns/op")
	})
}

// coach/win's notes on what is not exact (English) reach the German help
// in German: the minus note of two players and the methods of three.
func TestWinNotesInGerman(t *testing.T) {
	de := wordsOf(validate.German)
	r := validate.MustRules(validate.GameZehntausend, map[string]any{"ziel": 300, "minus": true})
	s, err := win.New(r)
	if err != nil {
		t.Fatal(err)
	}
	s.SetDir("")
	if s.Exact() || de.WinMethod(s.Note()) == s.Note() {
		t.Errorf("minus note %q not in German: %q", s.Note(), de.WinMethod(s.Note()))
	}
	// (minus makes the table slow to build: the methods without it.)
	if s, err = win.New(validate.MustRules(validate.GameZehntausend, map[string]any{"ziel": 300})); err != nil {
		t.Fatal(err)
	}
	s.SetDir("")
	tb, err := s.Table()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		totals []int
		seat   int
	}{{[]int{0, 0, 0}, 0}, {[]int{300, 0, 0}, 1}, {[]int{300, 0, 0}, 2}} {
		p, err := tb.Start(c.totals, c.seat)
		if err != nil {
			t.Fatal(err)
		}
		if de.WinMethod(p.Method()) == p.Method() {
			t.Errorf("%v seat %d: method %q not in German", c.totals, c.seat+1, p.Method())
		}
	}
}

// The screens of the win coach at 60×20 and 80×24 in both languages: no
// word cut without an ellipsis, no keep split (the check of
// TestEveryScreenRendersWhole): 5050's last-round chase at Rat before the
// throw, after a keep (the line where points and win differ) and with a
// throw waiting for its keep; and its help.
func TestWinScreensRenderWhole(t *testing.T) {
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			w := useWin(t)
			h := startLang(t, openDB(t), lang)
			h.typ("n1")
			h.key(tcell.KeyTab)
			h.typ("Anna\nBen\n\n*")
			for _, s := range []string{"111111/111111\n", "555234/555\n", "s", "111111/111111\n", "111111/111111\n", "555234/555\n", "s", "111111/111111\n", "111234/111\n", "115/115\n", "s"} {
				h.typ(s)
			}
			waitWin(t, h, w)
			wd := wordsOf(lang)
			h.seePanel(strings.TrimSuffix(wd.WinNow(0, false), wd.Percent(0, false)))
			c := &renderCheck{h: h, start: time.Now()}
			c.shot("win: before the throw")
			h.typ("111523/1115\n")
			h.seePanel(wd.WinDiffer(true, false))
			c.shot("win: points and win differ")
			h.typ("u")
			c.shot("win: a throw waiting for its keep")
			h.typ("?")
			c.shot("win: help")
			for _, p := range c.problems {
				t.Error(p)
			}
		})
	}
}

// steigerung has no win table: the points coach alone, and the help says
// why (coach/win's reason, in the players' language).
func TestWinSteigerungSaysWhy(t *testing.T) {
	useWin(t)
	db := openDB(t)
	if err := db.SavePreset(context.Background(), storage.Preset{Name: "Oma", Game: "zehntausend", Options: map[string]any{"steigerung": true}}); err != nil {
		t.Fatal(err)
	}
	h := start(t, db)
	h.typ("n3")
	h.typ("l")
	h.see("Oma")
	h.typ("1")
	h.see("Vorlage: Oma")
	h.key(tcell.KeyTab)
	h.typ("Anna\nBen\n\n")
	h.see("am Zug: Anna")
	h.typ("11123/111\n15/15\n")
	h.see("Schreiben: 1150")
	h.notSee("Gewinnchance")
	h.notSee("Sieg")
	h.resize(100, 40)
	h.typ("?")
	h.see("Keine Gewinnchance hier: Steigerung:", "der Trainer zeigt die Punkte des Zugs.")
}

// Three players before the final round, Rat with a throw waiting: ◀ marks
// the keep best for the win (the solver's order, the first of Keeps) and
// the chance line gives its share. Before, the marker compared each keep's
// two-player figure with the share of the best so far and so always fell
// on the last keep of the list ("h 5 ≈30,4 % ◀" beside "b 1 1 1 ≈40,1 %").
func TestWinThreePlayersMarksTheBestKeep(t *testing.T) {
	w := useWin(t)
	h := start(t, openDB(t))
	h.newZiel(1000, "Anna", "Ben", "Cleo")
	tb := waitWin(t, h, w)
	p := winAt(t, tb, h.ui.top().(*play).game())
	if p.Exact() {
		t.Fatal("three players at the start: exact?")
	}
	ks, err := p.Keeps([]int{1, 1, 1, 5, 2})
	if err != nil {
		t.Fatal(err)
	}
	share := func(k win.KeepWin) string {
		q, err := p.After(k.Keep)
		if err != nil {
			t.Fatal(err)
		}
		return "≈" + pct(validate.German, q.Chances()[0])
	}
	h.typ("*11152\n")
	best, last := share(ks[0]), share(ks[len(ks)-1])
	if best == last {
		t.Fatalf("best and last keep alike (%s): no test", best)
	}
	h.see(best + " ◀")
	h.notSee(last + " ◀")
	h.seePanel("Gewinnchance " + best)
}
