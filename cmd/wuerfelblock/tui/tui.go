// Package tui is the table-side terminal UI of wuerfelblock: home, new game,
// one screen per family of games, game over and help. It holds no game rule:
// what is legal, what a throw is worth and whose turn it is come from
// packages validate and scoresheet; every entry is committed through the
// Store before the screen shows it as taken.
package tui

import (
	"context"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Store is what the UI needs of the database; *storage.DB satisfies it.
type Store interface {
	Players(ctx context.Context) ([]storage.Player, error)
	EnsurePlayer(ctx context.Context, name string) (storage.Player, error)
	RenamePlayer(ctx context.Context, old, new string) error
	DeletePlayer(ctx context.Context, name string) error
	CreateGame(ctx context.Context, rules *validate.Rules, players []string) (*storage.StoredGame, error)
	LoadGame(ctx context.Context, id string) (*storage.StoredGame, error)
	Revision(ctx context.Context, id string) (storage.Revision, error)
	Append(ctx context.Context, sg *storage.StoredGame, e scoresheet.Entry) error
	Undo(ctx context.Context, sg *storage.StoredGame) (scoresheet.Entry, error)
	Abandon(ctx context.Context, id string) error
	SetCoach(ctx context.Context, id string, level storage.CoachLevel) error
	Games(ctx context.Context, f storage.GameFilter) ([]storage.GameInfo, error)
	LastWinner(ctx context.Context, game string, players []string) (string, bool, error)
	SavePreset(ctx context.Context, p storage.Preset) error
	Presets(ctx context.Context, game string) ([]storage.Preset, error)
	DeletePreset(ctx context.Context, name string) error
}

// StatsEnv is what a statistics page gets from the UI.
type StatsEnv struct {
	Lang validate.Lang
	App  *tview.Application
	// Back returns to the home screen.
	Back func()
}

// StatsPage builds the statistics screen. The statistics package plugs its
// page in here (see Config.Stats); without one the UI shows a placeholder.
// The returned primitive gets the keys first; q and Esc go back unless it
// consumes them.
type StatsPage func(env StatsEnv) tview.Primitive

// Config is what New needs.
type Config struct {
	Store Store
	Lang  validate.Lang
	// Stats is the statistics page; nil shows a placeholder.
	Stats StatsPage
	// Timeout bounds every storage call (default 5 s).
	Timeout time.Duration
	// Watch is how often a game on screen is checked for changes made
	// elsewhere (another terminal, the command line); default 2 s.
	Watch time.Duration
}

// UI is the running terminal UI.
type UI struct {
	text
	app     *tview.Application
	pages   *tview.Pages
	store   Store
	stats   StatsPage
	timeout time.Duration
	watch   time.Duration

	prefs prefs

	stack   []screen
	overlay bool // help or a dialog is shown above the top screen
	// writes counts the writes under way off the UI goroutine (see
	// play.write); only the UI goroutine touches it.
	writes int

	// barrier is signalled when the test key arrives (headless tests); the
	// UI then waits until the test signals back.
	barrier chan struct{}
}

// screen is one page of the UI.
type screen interface {
	root() tview.Primitive
	// focus is the primitive to focus when the screen is shown.
	focus() tview.Primitive
	// key sees every key first; it returns nil when it consumed the key.
	key(ev *tcell.EventKey) *tcell.EventKey
	// typing reports whether a free-text field has the focus, so that
	// q and ? are letters, not commands.
	typing() bool
	// back is q/Esc: leave the screen (possibly after asking).
	back()
	// help lists the keys of the screen; rules is the game whose rules and
	// house rules the help shows (nil: none).
	help() (keys []keyHelp, rules *validate.Rules)
	// refresh redraws the screen's data (after returning to it).
	refresh()
}

// prefs are choices the table makes once per evening.
type prefs struct {
	kniffelByThrow bool // Kniffel: enter every throw instead of the final dice
}

type keyHelp struct{ key, what string }

// barrierKey is a key no terminal sends; tests use it to wait until all keys
// before it were handled.
const barrierKey = tcell.KeyF64

// New makes the UI with the home screen showing.
func New(cfg Config) *UI {
	setTheme()
	ui := &UI{
		text:    text{cfg.Lang},
		app:     tview.NewApplication(),
		pages:   tview.NewPages(),
		store:   cfg.Store,
		stats:   cfg.Stats,
		timeout: cfg.Timeout,
		watch:   cfg.Watch,
	}
	if ui.timeout == 0 {
		ui.timeout = 5 * time.Second
	}
	if ui.watch == 0 {
		ui.watch = 2 * time.Second
	}
	ui.app.SetRoot(ui.pages, true).EnableMouse(true)
	ui.app.SetInputCapture(ui.capture)
	ui.push(newHome(ui))
	return ui
}

// App is the tview application (tests set a simulation screen on it).
func (ui *UI) App() *tview.Application { return ui.app }

// Run runs the UI until the player quits.
func (ui *UI) Run() error {
	done := make(chan struct{})
	defer close(done)
	go ui.watchGames(done)
	go ui.quickCheck()
	return ui.app.Run()
}

// quickCheck runs SQLite's quick check of the database beside the first
// screen and warns when the file is damaged (the store then refuses every
// write).
func (ui *UI) quickCheck() {
	qc, ok := ui.store.(interface{ QuickCheck(context.Context) error })
	if !ok {
		return
	}
	err := qc.QuickCheck(context.Background())
	if storage.ErrorCode(err) != storage.CodeDamaged {
		return
	}
	ui.app.QueueUpdateDraw(func() {
		ui.ask(ui.errText(err), []string{"OK"}, func(int) {})
	})
}

// watchGames asks, every ui.watch, whether the game on screen was changed
// elsewhere, until done is closed.
func (ui *UI) watchGames(done <-chan struct{}) {
	tick := time.NewTicker(ui.watch)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
			ui.app.QueueUpdateDraw(func() {
				if p, ok := ui.top().(*play); ok && !ui.overlay {
					p.checkElsewhere()
				}
			})
		}
	}
}

func (ui *UI) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), ui.timeout)
}

func (ui *UI) top() screen { return ui.stack[len(ui.stack)-1] }

func (ui *UI) pageName(i int) string { return "screen" + string(rune('A'+i)) }

// push shows s above the current screen.
func (ui *UI) push(s screen) {
	ui.stack = append(ui.stack, s)
	ui.pages.AddAndSwitchToPage(ui.pageName(len(ui.stack)-1), s.root(), true)
	ui.app.SetFocus(s.focus())
}

// replace swaps the top screen for s.
func (ui *UI) replace(s screen) {
	ui.pages.RemovePage(ui.pageName(len(ui.stack) - 1))
	ui.stack = ui.stack[:len(ui.stack)-1]
	ui.push(s)
}

// pop goes back to the screen below.
func (ui *UI) pop() {
	if len(ui.stack) == 1 {
		ui.app.Stop()
		return
	}
	ui.pages.RemovePage(ui.pageName(len(ui.stack) - 1))
	ui.stack = ui.stack[:len(ui.stack)-1]
	s := ui.top()
	s.refresh()
	ui.pages.SwitchToPage(ui.pageName(len(ui.stack) - 1))
	ui.app.SetFocus(s.focus())
}

// home drops every screen but the home screen.
func (ui *UI) home() {
	for len(ui.stack) > 1 {
		ui.pop()
	}
}

func (ui *UI) capture(ev *tcell.EventKey) *tcell.EventKey {
	if ev.Key() == barrierKey {
		if ui.barrier != nil {
			// Hand over, and wait while the test reads the screen.
			ui.barrier <- struct{}{}
			<-ui.barrier
		}
		return nil
	}
	if ui.overlay {
		return ev // the dialog or help handles its keys
	}
	s := ui.top()
	if ev.Key() == tcell.KeyF1 {
		ui.showHelp(s)
		return nil
	}
	if ev = s.key(ev); ev == nil {
		return nil
	}
	if s.typing() {
		return ev
	}
	switch {
	case ev.Key() == tcell.KeyRune && ev.Rune() == '?':
		ui.showHelp(s)
		return nil
	case ev.Key() == tcell.KeyEscape, ev.Key() == tcell.KeyRune && ev.Rune() == 'q':
		s.back()
		return nil
	}
	return ev
}

// showOverlay puts p above the top screen until closeOverlay.
func (ui *UI) showOverlay(p tview.Primitive) {
	ui.overlay = true
	ui.pages.AddPage("overlay", p, true, true)
	ui.app.SetFocus(p)
}

func (ui *UI) closeOverlay() {
	ui.overlay = false
	ui.pages.RemovePage("overlay")
	ui.app.SetFocus(ui.top().focus())
}

// ask shows a question with buttons; choose gets the button's index, or -1 for Esc.
func (ui *UI) ask(question string, buttons []string, choose func(int)) {
	m := tview.NewModal().SetText(question).AddButtons(buttons)
	m.SetButtonStyle(tcell.StyleDefault)
	m.SetButtonActivatedStyle(tcell.StyleDefault.Reverse(true).Bold(true))
	m.SetBackgroundColor(tcell.ColorDefault)
	m.SetTextColor(tcell.ColorDefault)
	m.SetBorder(true)
	m.SetDoneFunc(func(i int, _ string) {
		ui.closeOverlay()
		choose(i)
	})
	ui.showOverlay(m)
}

// gotoGame opens the screen of a stored game (or its game-over screen).
func (ui *UI) gotoGame(sg *storage.StoredGame, replaceTop bool) {
	var s screen
	if sg.Game.Finished() {
		s = newGameOver(ui, sg)
	} else {
		s = newPlay(ui, sg)
	}
	if replaceTop {
		ui.replace(s)
	} else {
		ui.push(s)
	}
}
