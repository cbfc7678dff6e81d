// Package tui is the table-side terminal UI of wuerfelblock: home, new game,
// one screen per turn engine, game over, statistics and help. What is
// legal, what a throw is worth, whose turn it is and every fact about a game
// it shows (its house rules and which switch others off, its statistics'
// charts) come from packages validate and scoresheet; it decides no ruling
// itself, but it does word the rules for players (hints, examples). Every
// entry is committed through the Store before the screen shows it as taken.
package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
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

// StatsPage builds the statistics screen (NewStatsPage, stats.go); the
// program plugs it in through Config.Stats, without one the UI shows a
// placeholder. A page that says its keys (keyHelp) has them in the help.
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
	// Review are the solvers of the review on the game-over screen (the
	// zero Valuers: no review shown).
	Review review.Valuers
	// DamagedAdvice says, in Lang, what to do when the check at start finds
	// the database damaged: a sentence and the command that restores its
	// latest backup (with its path), or that starts with a new file. nil:
	// nothing more than the damage is said. It is called off the UI
	// goroutine.
	DamagedAdvice func() (lead, cmd string)
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
	review  review.Valuers
	// damagedAdvice is Config.DamagedAdvice.
	damagedAdvice func() (lead, cmd string)

	stack   []screen
	overlay bool // help or a dialog is shown above the top screen
	// jobs are the writes under way off the UI goroutine (see background);
	// only the UI goroutine touches it. inflight counts them until the
	// store has answered, so that Run can wait for them.
	jobs     []*job
	inflight sync.WaitGroup
	// quitting: the players quit while a write was under way; the app
	// ends once the last one is stored (see quit).
	quitting bool
	// ahead are the keys typed on a screen while its write was under way
	// (see hold); they are applied in order once it is done.
	ahead typedAhead

	// barrier is signalled when the test key arrives (headless tests); the
	// UI then waits until the test signals back.
	barrier chan struct{}
	// checked is closed when the check of the database at start is done.
	checked chan struct{}
	// poke makes watchGames check at once (tests, instead of waiting for
	// ui.watch); it closes the channel sent once the check has run on the
	// UI goroutine (the reads it starts may still be under way).
	poke chan chan struct{}
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

type keyHelp struct{ key, what string }

// barrierKey is a key no terminal sends; tests use it to wait until all keys
// before it were handled.
const barrierKey = tcell.KeyF64

// New makes the UI with the home screen showing.
func New(cfg Config) *UI {
	setTheme()
	ui := &UI{
		text:          text{cfg.Lang},
		app:           tview.NewApplication(),
		pages:         tview.NewPages(),
		store:         cfg.Store,
		stats:         cfg.Stats,
		timeout:       cfg.Timeout,
		watch:         cfg.Watch,
		checked:       make(chan struct{}),
		poke:          make(chan chan struct{}),
		review:        cfg.Review,
		damagedAdvice: cfg.DamagedAdvice,
	}
	if ui.timeout == 0 {
		ui.timeout = 5 * time.Second
	}
	if ui.watch == 0 {
		ui.watch = 2 * time.Second
	}
	ui.app.SetRoot(ui.pages, true).EnableMouse(true)
	ui.app.SetInputCapture(ui.capture)
	ui.app.SetMouseCapture(func(ev *tcell.EventMouse, a tview.MouseAction) (*tcell.EventMouse, tview.MouseAction) {
		if !ui.overlay && ui.busy(ui.top()) != nil {
			return nil, 0 // a click could start what the keys are refused meanwhile
		}
		return ev, a
	})
	ui.push(newHome(ui))
	return ui
}

// App is the tview application (tests set a simulation screen on it).
func (ui *UI) App() *tview.Application { return ui.app }

// Run runs the UI until the player quits. A write still under way then
// (the terminal was closed) is waited for: the store answers within the
// timeout, and the database must not be closed beneath it.
func (ui *UI) Run() error {
	done := make(chan struct{})
	defer close(done)
	go ui.watchGames(done)
	if err := ui.readOnly(); err != nil {
		// Up front, before anyone types what could not be stored.
		ui.notice(ui.readOnlyNotice(err))
	}
	go func() {
		defer close(ui.checked)
		ui.quickCheck()
	}()
	err := ui.app.Run()
	ui.inflight.Wait()
	return err
}

// quickCheck checks the database beside the first screen and warns when
// the file is damaged (the store then refuses every write): SQLite's check
// of the whole file only when it is due (at most once a day, or after an
// unclean shutdown), the cheap checks otherwise, so that the start costs
// the same for any history.
func (ui *UI) quickCheck() {
	qc, ok := ui.store.(interface {
		Guard(context.Context, func(int64)) error
	})
	if !ok {
		return
	}
	err := qc.Guard(context.Background(), nil)
	if storage.ErrorCode(err) != storage.CodeDamaged {
		return
	}
	msg := sentenceEnd(ui.errText(err))
	if ui.damagedAdvice != nil {
		// The command on its own lines, as wide as the screen allows: it
		// is to be copied.
		lead, cmd := ui.damagedAdvice()
		msg += "\n\n" + esc(lead) + "\n\n" + esc(cmd)
	}
	ui.app.QueueUpdateDraw(func() { ui.notice(msg) })
}

// watchGames asks, every ui.watch, whether what the screen on top shows
// was changed elsewhere (another terminal, the command line, a restore),
// until done is closed: the game on screen (gameWatcher: the play and the
// game-over screen, also below the review it opened) reads its revision,
// and the lists of running games are read again, only when the store's
// data version moved since they were read (versionSource: SQLite's PRAGMA data_version,
// a few microseconds on a connection of its own, asked here off the UI
// goroutine).
func (ui *UI) watchGames(done <-chan struct{}) {
	tick := time.NewTicker(ui.watch)
	defer tick.Stop()
	for {
		var checked chan struct{} // a test's poke: closed once checked
		select {
		case <-done:
			return
		case <-tick.C:
		case checked = <-ui.poke:
		}
		version := ui.dataVersion()
		ui.app.QueueUpdateDraw(func() {
			if checked != nil {
				defer close(checked)
			}
			if ui.overlay {
				return // help or a dialog: the next tick checks
			}
			switch s := ui.watched().(type) {
			case gameWatcher:
				s.checkElsewhere(version)
			case versionWatcher:
				if at, ok := s.readAt(); version.ok && ok && at != version.n && ui.busy(s) == nil {
					s.refresh()
				}
			}
		})
	}
}

// versionWatcher is a screen that lists what it read at a data version of
// the store (the lists of running games): watchGames reads it again when
// the version moved.
type versionWatcher interface {
	screen
	// readAt is the data version at which the screen read what it
	// shows; false when it has none (the store has no versions, or the
	// read is under way).
	readAt() (int64, bool)
}

// dataVersion is the store's data version (storage.DB.DataVersion);
// not ok when the store has none or does not answer.
func (ui *UI) dataVersion() versionAt {
	ctx, cancel := ui.ctx()
	defer cancel()
	return ui.readVersion(ctx)
}

// readVersion is dataVersion for a screen's read, taken before it reads
// (off the UI goroutine): a change while it reads is noticed at the next
// check.
func (ui *UI) readVersion(ctx context.Context) versionAt {
	vs, ok := ui.store.(versionSource)
	if !ok {
		return versionAt{}
	}
	n, err := vs.DataVersion(ctx)
	return versionAt{n, err == nil}
}

// versionAt is the data version a screen read at (ok: known).
type versionAt struct {
	n  int64
	ok bool
}

func (ui *UI) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), ui.timeout)
}

func (ui *UI) top() screen { return ui.stack[len(ui.stack)-1] }

func (ui *UI) pageName(i int) string { return "screen" + string(rune('A'+i)) }

// push shows s above the current screen.
func (ui *UI) push(s screen) {
	ui.dropOverlay()
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
		ui.quit()
		return
	}
	ui.dropOverlay()
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
	s := ui.top()
	if ev.Key() == tcell.KeyCtrlC && len(ui.jobs) > 0 && !ui.quitting {
		if _, ok := s.(*play); !ok || ui.overlay {
			// Ctrl-C would end the app at once (tview), with a write under way.
			ui.quit()
			return nil
		}
	}
	if ui.overlay {
		return ev // the dialog or help handles its keys
	}
	if ev.Key() == tcell.KeyF1 {
		ui.showHelp(s)
		return nil
	}
	if _, ok := s.(*play); !ok {
		if j := ui.busy(s); j != nil {
			// Only help at once while the screen's write is under way:
			// every other key could change what is being saved or go past
			// its result, so it is kept and applied once the write is done.
			if ui.heldKeys(s) == "" && !s.typing() && ev.Key() == tcell.KeyRune && ev.Rune() == '?' {
				ui.showHelp(s)
				return nil
			}
			ui.hold(s, ev)
			if t, ok := s.(teller); ok {
				t.tell(j.aheadNote(ui.heldKeys(s)))
			}
			return nil
		}
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

// dropOverlay removes help or a dialog before another screen shows (a
// write's result may change the screen while help is open).
func (ui *UI) dropOverlay() {
	if ui.overlay {
		ui.overlay = false
		ui.pages.RemovePage("overlay")
	}
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

// notice shows text in a wide dialog until Enter, Esc or q (ask's dialog
// is a third of the screen wide: a command with paths in it would wrap
// into pieces).
func (ui *UI) notice(text string) {
	ui.showOverlay(ui.wideDialog(text, ui.tr("Enter: close", "Enter: schließen"), nil))
}

// wideDialog is a wide dialog of text with its key hint below it; Enter,
// Esc and q close it and then call after (nil: nothing more).
func (ui *UI) wideDialog(text, hint string, after func()) tview.Primitive {
	tv := newTextView().SetScrollable(true)
	tv.SetText(text + "\n\n[::r] " + hint + " [::-]")
	tv.SetBorder(true).SetBorderPadding(0, 0, 1, 1)
	tv.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		switch {
		case ev.Key() == tcell.KeyEscape, ev.Key() == tcell.KeyEnter,
			ev.Key() == tcell.KeyRune && ev.Rune() == 'q':
			ui.closeOverlay()
			if after != nil {
				after()
			}
			return nil
		}
		return ev
	})
	return centered(tv, 76, 16)
}

// createGame stores a new game and then its coach level. The game may be
// stored while its coach level is not: then coachErr says why (and the
// game is not to be created again).
func (ui *UI) createGame(ctx context.Context, rules *validate.Rules, players []string, level storage.CoachLevel) (sg *storage.StoredGame, coachErr, err error) {
	sg, err = ui.store.CreateGame(ctx, rules, players)
	if err != nil || sg.Coach == level || !level.Valid() {
		return sg, nil, err
	}
	if coachErr = timedOut(ctx, ui.store.SetCoach(ctx, sg.ID, level)); coachErr == nil {
		sg.Coach = level
	}
	return sg, coachErr, nil
}

// openNewGame shows the screen of a game just created, above the home
// screen; note says how it begins, and a coach level that could not be
// stored is named.
func (ui *UI) openNewGame(sg *storage.StoredGame, level storage.CoachLevel, coachErr error, note string) {
	p := newPlay(ui, sg)
	if coachErr != nil {
		note = strings.TrimSpace(note + " " + fmt.Sprintf(ui.tr("The game is stored, but not its coach level (%s): %s; * switches it.",
			"Das Spiel ist gespeichert, aber nicht die Trainer-Stufe (%s): %s; * schaltet um."), ui.coachName(level), ui.errText(coachErr)))
	}
	if note != "" {
		p.say(note)
	}
	ui.home()
	ui.push(p)
}

// gotoGame opens the screen of a stored game (or its game-over screen).
func (ui *UI) gotoGame(sg *storage.StoredGame, replaceTop bool) {
	var s screen
	ro := ui.readOnly()
	if sg.Game.Finished() {
		over := newGameOver(ui, sg)
		if ro != nil {
			over.tell(ui.readOnlyStart(ro, [2]string{"%s: no undo, no rematch.", "%s: kein Zurücknehmen, keine Revanche."}))
		}
		s = over
	} else {
		p := newPlay(ui, sg)
		if ro != nil {
			p.say("[red::b]" + ui.readOnlyStart(ro, [2]string{"%s: entries cannot be stored.", "%s: Einträge lassen sich nicht speichern."}) + "[-::-]")
		}
		s = p
	}
	if replaceTop {
		ui.replace(s)
	} else {
		ui.push(s)
	}
}

// teller is a screen with a line for what is going on (the play screen has
// its own handling of keys while it saves).
type teller interface {
	tell(msg string)
}

// job is a write under way off the UI goroutine. Its texts are tview
// markup (names escaped).
type job struct {
	text
	from  screen // the screen that started it
	doing string // what that screen says meanwhile ("wird gespeichert… Spieler Anna")
	what  string // what is written, for a refusal ("Spieler Anna")
	wait  string // the word for a key that has to wait; "" the usual one
	// read: the job only reads the store (read); a quit does not wait
	// for it, and it changes nothing that another screen shows.
	read bool
	// toOverlay: the read's result opens the overlay that the keys typed
	// meanwhile are meant for (the list of presets), so they go to it.
	toOverlay bool
	// first (may be nil) runs off the UI goroutine before the job's
	// database work, outside its wait for the database (ctx): the tables
	// that the review of the entry ending a game needs.
	first func()
}

// saveNote is "saving… what" in the UI's language, for job.doing.
func (t text) saveNote(what string) string {
	return t.tr("saving…", "wird gespeichert…") + " " + what
}

// newJob is a write of what from the screen s, said as "saving… what".
func (ui *UI) newJob(s screen, what string) *job {
	return &job{text: ui.text, from: s, doing: ui.saveNote(what), what: what}
}

// waitNote is what a screen says to a key that has to wait for the job.
func (j *job) waitNote() string {
	w := j.wait
	if w == "" {
		w = j.tr("One moment: this is still being saved.", "Einen Moment: das wird noch gespeichert.")
	}
	return "[::b]" + j.doing + "[::-] " + w
}

// aheadNote is what a screen says while keys typed during the job wait
// for it.
func (j *job) aheadNote(typed string) string {
	note := j.tr("Typed ahead, taken once it is stored: %s", "Vorgetippt, kommt danach: %s")
	if j.read {
		note = j.tr("Typed ahead, taken once it is read: %s", "Vorgetippt, kommt danach: %s")
	}
	return "[::b]" + j.doing + "[::-] " + fmt.Sprintf(note, typed)
}

// droppedNote says that the keys typed during a refused job were dropped.
func (t text) droppedNote(typed string) string {
	return fmt.Sprintf(t.tr("Typed ahead, dropped: %s.", "Vorgetipptes verworfen: %s."), typed)
}

// failed is the one line that says the job was refused and why.
func (j *job) failed(err error) string {
	return "[red::rb]" + j.tr(" NOT SAVED ", " NICHT GESPEICHERT ") + "[-::-] " + j.what + ": " + j.errText(err)
}

// busy is the write that s started and that is still under way, nil if none.
func (ui *UI) busy(s screen) *job {
	for _, j := range ui.jobs {
		if j.from == s {
			return j
		}
	}
	return nil
}

// background runs do off the UI goroutine, so that a database another
// program holds (an import) does not freeze the screen for the store's
// busy wait, and then, back on the UI goroutine, done with do's error.
// Meanwhile ui.busy(j.from) is j: the screen shows j.doing and refuses the
// keys that would conflict. A store that gives up waiting reads as "the
// database does not answer". A refusal that the screen cannot show any
// more (it was left meanwhile) comes as a dialog.
func (ui *UI) background(j *job, do func(ctx context.Context) error, done func(error)) {
	ui.jobs = append(ui.jobs, j)
	ui.inflight.Add(1)
	go func() {
		if j.first != nil {
			j.first()
		}
		ctx, cancel := ui.ctx()
		err := timedOut(ctx, do(ctx))
		cancel()
		ui.inflight.Done()
		ui.app.QueueUpdateDraw(func() { ui.finish(j, err, done) })
	}()
}

// read reads the store for screen s off the UI goroutine (a database
// another program holds must not freeze the screen) and then applies what
// fetch returns on it. Meanwhile the screen's keys wait as they do during
// a write: they are kept and applied in order, whole, once the read is
// applied (see hold), and the screen says doing (a teller) with what was
// typed ahead. It returns the job (the play screen keeps it as its own).
func (ui *UI) read(s screen, doing string, fetch func(ctx context.Context) (apply func())) *job {
	j := &job{text: ui.text, from: s, doing: doing, what: doing, read: true,
		wait: ui.tr("One moment: this is still being read.", "Einen Moment: das wird noch gelesen.")}
	var apply func()
	ui.background(j, func(ctx context.Context) error {
		apply = fetch(ctx)
		return nil
	}, func(error) { apply() })
	return j
}

// save is background for a screen that tells what goes on: it says j.doing
// meanwhile and why not when the write is refused (what the player typed
// or chose stays); ok runs once the write is stored.
func (ui *UI) save(s teller, j *job, do func(ctx context.Context) error, ok func()) {
	s.tell("[::b]" + j.doing + "[::-]")
	ui.background(j, do, func(err error) {
		if err != nil {
			s.tell(j.failed(err))
			return
		}
		ok()
	})
}

// timedOut is err, marked as the database not answering in time when the
// store gave up waiting for it (its last error may be SQLite's own
// "database is locked").
func timedOut(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("%w: %w", ctx.Err(), err)
	}
	return err
}

// finish ends a job on the UI goroutine.
func (ui *UI) finish(j *job, err error, done func(error)) {
	ui.jobs = slices.DeleteFunc(ui.jobs, func(k *job) bool { return k == j })
	quitting := ui.quitting
	if quitting && err != nil {
		ui.quitting = false
		ui.dropOverlay() // the quit dialog: the app does not end now
		ui.app.SetFocus(ui.top().focus())
	}
	shown := ui.top() == j.from
	done(err)
	defer ui.replayAhead(j, err) // last: the keys typed meanwhile see the state after the write
	switch {
	case err != nil && quitting:
		ui.ask(ui.tr("wuerfelblock did not quit: ", "wuerfelblock wurde nicht beendet: ")+j.failed(err), []string{"OK"}, func(int) {})
	case err != nil && !shown:
		ui.ask(j.failed(err), []string{"OK"}, func(int) {})
	case !shown && !j.read:
		switch s := ui.top().(type) {
		case *home, *continueList:
			s.refresh() // the list of games may have changed
		}
	}
	if ui.quitting {
		if ui.writes() == 0 {
			ui.app.Stop()
		} else {
			ui.quit() // the dialog again, with what is left
		}
	}
}

// quit ends the app; with writes under way it says so and ends once they
// are stored (or stays when one is refused, and says that).
func (ui *UI) quit() {
	if ui.writes() == 0 {
		ui.app.Stop() // a read under way is not waited for (Run waits for the store to answer)
		return
	}
	var doing []string
	for _, j := range ui.jobs {
		if !j.read {
			doing = append(doing, j.doing)
		}
	}
	ui.quitting = true
	ui.ask(ui.tr("Not done yet: ", "Noch nicht fertig: ")+strings.Join(doing, "; ")+"\n\n"+
		ui.tr("wuerfelblock quits as soon as this is stored.", "wuerfelblock endet, sobald das gespeichert ist."),
		[]string{ui.tr("Do not quit", "Nicht beenden")}, func(int) { ui.quitting = false })
}

// writes counts the jobs under way that write.
func (ui *UI) writes() int {
	n := 0
	for _, j := range ui.jobs {
		if !j.read {
			n++
		}
	}
	return n
}

// typedAhead are keys typed on a screen while its write was under way.
type typedAhead struct {
	from screen
	keys []*tcell.EventKey
}

// aheadNoter is a screen that says when the keys typed ahead on it were
// not applied (its write was refused, or it was left meanwhile).
type aheadNoter interface {
	aheadDropped(typed string)
}

// hold keeps a key typed on s while its write is under way, to be applied
// after it (replayAhead). A fast player types the next throw meanwhile:
// no key of it may be lost, nor applied before the write it follows.
func (ui *UI) hold(s screen, ev *tcell.EventKey) {
	if ui.ahead.from != s {
		ui.ahead = typedAhead{from: s}
	}
	ui.ahead.keys = append(ui.ahead.keys, ev)
}

// heldKeys is what was typed ahead on s, as typed ("223466⏎"), "" for
// nothing; markup-safe.
func (ui *UI) heldKeys(s screen) string {
	if ui.ahead.from != s {
		return ""
	}
	return keysText(ui.ahead.keys)
}

// dropAhead takes the keys typed ahead on s off the queue, unapplied
// (they were meant for a state that did not come), and returns them as
// heldKeys does.
func (ui *UI) dropAhead(s screen) string {
	typed := ui.heldKeys(s)
	if ui.ahead.from == s {
		ui.ahead = typedAhead{}
	}
	return typed
}

// keysText writes keys as typed: the letters, ⏎ for Enter, ‹name› for
// another key; markup-safe.
func keysText(keys []*tcell.EventKey) string {
	var b strings.Builder
	for _, ev := range keys {
		switch ev.Key() {
		case tcell.KeyRune:
			b.WriteRune(ev.Rune())
		case tcell.KeyEnter:
			b.WriteString("⏎")
		default:
			b.WriteString("‹" + ev.Name() + "›")
		}
	}
	return esc(b.String())
}

// replayAhead, once a write (or read) of j.from has ended, applies the keys
// typed on that screen meanwhile, in order, as if they were typed now (a
// key that starts the next write holds the keys after it again). After a
// refusal, or when a write's screen is not on top any more (or a dialog is
// open), they are dropped whole, and the screen says so: they were meant
// for a state that did not come. After a read they go to the screen on top
// (the game it opened), or to the overlay it opened for them (toOverlay).
func (ui *UI) replayAhead(j *job, err error) {
	a := ui.ahead
	if a.from != j.from || len(a.keys) == 0 || ui.busy(a.from) != nil {
		return
	}
	ui.ahead = typedAhead{}
	// A read may open the screen the keys were meant for (a game resumed:
	// its first throw typed while it loads); a write leaves its screen.
	if err != nil || ui.top() != a.from && !j.read || ui.overlay && !j.toOverlay || ui.quitting {
		if n, ok := a.from.(aheadNoter); ok {
			n.aheadDropped(keysText(a.keys))
		} else if t, ok := a.from.(teller); ok {
			msg := ui.droppedNote(keysText(a.keys))
			if err != nil {
				msg = j.failed(err) + " " + msg
			}
			t.tell(msg)
		}
		return
	}
	for _, ev := range a.keys {
		ui.replayKey(ev)
	}
}

// replayKey handles a key as tview does with one typed: the input capture
// first, then the focused primitive.
func (ui *UI) replayKey(ev *tcell.EventKey) {
	if ev = ui.capture(ev); ev == nil {
		return
	}
	if ui.pages.HasFocus() {
		if handle := ui.pages.InputHandler(); handle != nil {
			handle(ev, func(p tview.Primitive) { ui.app.SetFocus(p) })
		}
	}
}
