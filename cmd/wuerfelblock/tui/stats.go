package tui

// The statistics screen: a leaderboard per game, a player page with charts
// drawn in the terminal (totals over time, distribution of turn results or
// Kniffel totals, bust rate by dice left) and head-to-head. It plugs into
// Config.Stats and draws itself in one primitive, so it fits 80×24.

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// StatsSource is what the statistics screen reads; *storage.DB satisfies it.
type StatsSource interface {
	Stats(ctx context.Context, f storage.StatsFilter) ([]storage.PlayerStats, error)
	HeadToHead(ctx context.Context, a, b, game string) (storage.HeadToHead, error)
	// The charts of the player page, of a house-rule set (storage.Figures.Set)
	// or of all sets together (storage.AllSets).
	Timeline(ctx context.Context, player, game, set string, n int) ([]storage.TotalPoint, error)
	TurnPoints(ctx context.Context, player, game, set string) ([]storage.Count, error)
	FinalTotals(ctx context.Context, player, game, set string) ([]storage.Count, error)
}

// NewStatsPage is the statistics screen for Config.Stats. It reads the
// store off the UI goroutine and shows what it read through env.App.
func NewStatsPage(src StatsSource) StatsPage {
	return func(env StatsEnv) tview.Primitive {
		v := &statsView{Box: tview.NewBox(), text: text{env.Lang}, src: src, back: env.Back}
		if env.App != nil {
			v.queue = func(f func()) { env.App.QueueUpdateDraw(f) }
			// While the screen is shown, a change to the store by another
			// connection (a restore, an import, a second device) is
			// noticed and the figures read again (checkChanged).
			done := make(chan struct{})
			var once sync.Once
			if back := env.Back; back != nil {
				v.back = func() { once.Do(func() { close(done) }); back() }
			}
			go func() {
				tick := time.NewTicker(statsWatchEvery)
				defer tick.Stop()
				for {
					select {
					case <-done:
						return
					case <-tick.C:
						env.App.QueueUpdate(v.checkChanged)
					}
				}
			}()
		}
		v.init()
		return v
	}
}

type statsMode int

const (
	modeBoard statsMode = iota
	modePlayer
	modeVersus
	modeByPlay // the "by play" leaderboard (review: loss per decision)
)

// statsView is the whole statistics screen.
type statsView struct {
	*tview.Box
	text
	src StatsSource
	// queue runs a function on the UI goroutine and redraws: the store is
	// read off it. Nil (tests drawing the view themselves): read at once.
	queue func(func())
	back  func() // q: back to the home screen (nil: none)
	// loading: the figures are being read (the first time, or after r).
	loading bool
	mode    statsMode
	games   []validate.GameID
	game    int // index into games
	set     int // house-rule set of the game: 0 all together, i: sets()[i-1]
	all     []storage.PlayerStats
	sel     int // selected player (index into all)
	vs      int // opponent in head-to-head
	err     error

	// Loaded for the player page and head-to-head, by (page, player,
	// opponent, game, house-rule set: chartKey); pending is what is being
	// read.
	loadedFor string
	pending   string
	timeline  []storage.TotalPoint
	losses    []storage.ReviewPoint // loss per reviewed game (player page)
	dist      []storage.Count
	h2h       storage.HeadToHead
	// version is the store's data version when the figures were read
	// (versioned: the source has one; checkChanged).
	version   int64
	versioned bool
	// shownTabs are the tab titles as last drawn (shorter forms on a
	// narrow screen): the footer names the pages so.
	shownTabs []string
}

// newStatsView is the statistics view reading the store at once (tests
// that draw it themselves).
func newStatsView(src StatsSource, lang validate.Lang) *statsView {
	v := &statsView{Box: tview.NewBox(), text: text{lang}, src: src}
	v.init()
	return v
}

func (v *statsView) init() {
	for _, g := range validate.Games() {
		v.games = append(v.games, g.ID)
	}
	v.reload()
}

func (v *statsView) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 5*time.Second)
}

// run reads the store with fetch off the UI goroutine and applies what it
// returns on it (without a queue: both at once).
func (v *statsView) run(fetch func(ctx context.Context) (apply func())) {
	if v.queue == nil {
		ctx, cancel := v.ctx()
		apply := fetch(ctx)
		cancel()
		apply()
		return
	}
	go func() {
		ctx, cancel := v.ctx()
		defer cancel()
		v.queue(fetch(ctx))
	}()
}

// statsWatchEvery is how often the shown statistics ask whether the store
// changed (a PRAGMA on a connection of its own: microseconds).
const statsWatchEvery = 2 * time.Second

// versionSource is a source that says when the store changed
// (storage.DB.DataVersion).
type versionSource interface {
	DataVersion(ctx context.Context) (int64, error)
}

// checkChanged reads the store's data version and reads the figures again
// where another connection committed since they were read (the figures
// stayed old until r).
func (v *statsView) checkChanged() {
	vs, ok := v.src.(versionSource)
	if !ok || v.loading || !v.versioned {
		return
	}
	v.run(func(ctx context.Context) func() {
		n, err := vs.DataVersion(ctx)
		return func() {
			if err == nil && n != v.version && !v.loading {
				v.reload()
			}
		}
	})
}

func (v *statsView) reload() {
	v.loading, v.loadedFor, v.pending = true, "", ""
	v.run(func(ctx context.Context) func() {
		// The version before the figures: a change while they are read
		// is noticed at the next check.
		var version int64
		var versioned bool
		if vs, ok := v.src.(versionSource); ok {
			n, err := vs.DataVersion(ctx)
			version, versioned = n, err == nil
		}
		all, err := v.src.Stats(ctx, storage.StatsFilter{})
		return func() {
			v.version, v.versioned = version, versioned
			first := len(v.all) == 0
			v.all, v.err, v.loading = all, err, false
			if v.sel >= len(v.all) {
				v.sel = 0
			}
			// Start on the first game anybody finished (read again: the
			// game shown stays where it has a board).
			for i, g := range v.games {
				if !first && len(v.board(v.gameID())) > 0 {
					break
				}
				if len(v.board(g)) > 0 {
					v.game = i
					break
				}
			}
			v.snap()
		}
	})
}

func (v *statsView) gameID() validate.GameID { return v.games[v.game] }

// board is the leaderboard of a game (storage.Leaderboard).
func (v *statsView) board(g validate.GameID) []int {
	return storage.Leaderboard(g, len(v.all), func(i int) *storage.Figures { return v.figures(i, g) })
}

// setKey names a house-rule set: its options that differ from the basic
// game, in order ("" for the basic game).
func setKey(o map[string]any) string { return say.OptionsKey(o) }

// sets lists the house-rule sets anybody played of game g.
func (v *statsView) sets(g validate.GameID) []string {
	var out []string
	for _, p := range v.all {
		if gs := p.Games[string(g)]; gs != nil {
			for _, hr := range gs.HouseRules {
				if k := setKey(hr.Options); !slices.Contains(out, k) {
					out = append(out, k)
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// figures are player pi's figures in game g under the chosen house-rule set
// (nil when they have none).
func (v *statsView) figures(pi int, g validate.GameID) *storage.Figures {
	gs := v.all[pi].Games[string(g)]
	if gs == nil {
		return nil
	}
	if v.set == 0 {
		return &gs.Figures
	}
	sets := v.sets(g)
	if v.set > len(sets) {
		return &gs.Figures
	}
	for i := range gs.HouseRules {
		if setKey(gs.HouseRules[i].Options) == sets[v.set-1] {
			return &gs.HouseRules[i]
		}
	}
	return nil
}

// setName is the chosen house-rule set in words.
func (v *statsView) setName(g validate.GameID) string {
	sets := v.sets(g)
	switch {
	case v.set == 0 || v.set > len(sets):
		return v.tr("all house rules together", "alle Hausregeln zusammen")
	case sets[v.set-1] == "":
		return v.tr("basic game", "Grundregeln")
	}
	// The set in words: each house rule's name and value, as the form shows them.
	for _, p := range v.all {
		if gs := p.Games[string(g)]; gs != nil {
			for _, hr := range gs.HouseRules {
				if setKey(hr.Options) == sets[v.set-1] {
					return v.setLabel(g, hr.Options)
				}
			}
		}
	}
	return sets[v.set-1]
}

// setLabel names a house-rule set for players: "Joker ja, Würfel 6".
func (v *statsView) setLabel(g validate.GameID, o map[string]any) string {
	var parts []string
	for _, spec := range validate.OptionSpecs(g) {
		val, ok := o[spec.ID]
		if !ok {
			continue
		}
		// The figures come as JSON-like values: whole numbers may be floats.
		if f, isFloat := val.(float64); isFloat {
			val = int(f)
		}
		if xs, isList := val.([]any); isList {
			var faces []int
			for _, x := range xs {
				if f, ok := x.(float64); ok {
					faces = append(faces, int(f))
				}
			}
			val = faces
		}
		parts = append(parts, spec.Name(v.lang)+" "+v.formatValue(val))
	}
	return strings.Join(parts, ", ")
}

// statsDetail is what the player page and head-to-head read besides the
// figures.
type statsDetail struct {
	timeline []storage.TotalPoint
	losses   []storage.ReviewPoint
	dist     []storage.Count
	h2h      storage.HeadToHead
	err      error
}

// load reads the charts (player page) or the comparison (head-to-head) of
// the chosen players and game, off the UI goroutine.
func (v *statsView) load() {
	if len(v.all) == 0 || v.loading || (v.mode != modePlayer && v.mode != modeVersus) {
		return
	}
	key := v.chartKey()
	if key == v.loadedFor || key == v.pending {
		return
	}
	v.pending = key
	mode, name, g := v.mode, v.all[v.sel].Name, v.gameID()
	other := v.all[v.vs].Name
	// The charts follow the chosen house-rule set, as the figures above
	// them do (they counted every set together).
	set := storage.AllSets
	if f := v.figures(v.sel, g); f != nil {
		set = f.Set()
	}
	v.run(func(ctx context.Context) func() {
		var d statsDetail
		if mode == modePlayer {
			d = v.readPlayer(ctx, name, g, set)
		} else {
			d.h2h, d.err = v.src.HeadToHead(ctx, name, other, "")
		}
		return func() {
			if v.pending != key {
				return // the players chose something else meanwhile
			}
			v.pending, v.loadedFor, v.err = "", key, d.err
			v.timeline, v.losses, v.dist, v.h2h = d.timeline, d.losses, d.dist, d.h2h
		}
	})
}

// readPlayer reads the charts of player name in game g under the
// house-rule set set (off the UI goroutine: it touches no field of v but
// the source).
func (v *statsView) readPlayer(ctx context.Context, name string, g validate.GameID, set string) (d statsDetail) {
	if d.timeline, d.err = v.src.Timeline(ctx, name, string(g), set, 60); d.err != nil {
		return d
	}
	if ls, ok := v.src.(lossSource); ok {
		if d.losses, d.err = ls.LossTimeline(ctx, name, string(g), set, 60); d.err != nil {
			return d
		}
	}
	if validate.StatsOf(g).FinalTotals {
		d.dist, d.err = v.src.FinalTotals(ctx, name, string(g), set)
	} else {
		d.dist, d.err = v.src.TurnPoints(ctx, name, string(g), set)
	}
	return d
}

// chartKey names what the player page or head-to-head shows: the page, the
// players, the game and the house-rule set.
func (v *statsView) chartKey() string { return fmt.Sprint(v.mode, v.sel, v.vs, v.game, v.set) }

// loaded reports whether the charts or the comparison on screen are the
// chosen ones'.
func (v *statsView) loaded() bool { return v.loadedFor == v.chartKey() }

// InputHandler moves between games, players and pages (keys).
func (v *statsView) InputHandler() func(ev *tcell.EventKey, setFocus func(p tview.Primitive)) {
	return v.WrapInputHandler(func(ev *tcell.EventKey, _ func(p tview.Primitive)) {
		v.keys().handle(ev)
	})
}

// keyHelp is the statistics screen's keys for the help screen.
func (v *statsView) keyHelp() []keyHelp { return v.keys().keyHelp() }

// keys is the statistics screen's table of keys, as they apply in the
// current mode: the handler, the help and the footer are made from it.
func (v *statsView) keys() bindings {
	n := len(v.all)
	onBoard := func() bool { return (v.mode == modeBoard || v.mode == modeByPlay) && v.boardHas(v.sel) }
	notVersus := func() bool { return v.mode != modeVersus }
	not := func(m statsMode) func() bool { return func() bool { return v.mode != m } }
	tabs := v.tabNames()
	choose := v.tr("choose", "wählen")
	if v.mode == modeVersus {
		choose = v.tr("opponent", "Gegner")
	}
	return bindings{
		{keys: specialKey(tcell.KeyRight, tcell.KeyTab), label: "←/→", when: notVersus,
			footer: v.tr("game", "Spiel"), help: v.tr("the game before, after (also Tab)", "voriges, nächstes Spiel (auch Tab)"), do: func() { v.nextGame(1) }},
		{keys: specialKey(tcell.KeyLeft, tcell.KeyBacktab), when: notVersus, do: func() { v.nextGame(-1) }},
		{keys: append(specialKey(tcell.KeyDown), runeKey('j')...), label: "↑/↓", when: v.canChoose,
			footer: choose, help: fmt.Sprintf(v.tr("choose the player (%s: the opponent); also k/j", "Spieler wählen (%s: den Gegner); auch k/j"), tabs[modeVersus]),
			do: func() { v.step(1) }},
		{keys: append(specialKey(tcell.KeyUp), runeKey('k')...), when: v.canChoose, do: func() { v.step(-1) }},
		{keys: specialKey(tcell.KeyEnter), label: "Enter", when: onBoard,
			footer: tabs[modePlayer], help: v.tr("the chosen player's page", "Seite des gewählten Spielers"), do: func() { v.setMode(modePlayer) }},
		{keys: runeKey('o'), label: "o", when: v.hasSets,
			footer: v.tr("rules", "Regeln"), help: v.tr("the next house-rule set (then all together)", "nächster Hausregel-Satz (dann alle zusammen)"), do: v.nextSet},
		{keys: runeKey('b', 'l'), label: "b", when: not(modeBoard),
			footer: tabs[modeBoard], help: v.tr("the leaderboard", "die Bestenliste"), do: func() { v.setMode(modeBoard) }},
		{keys: runeKey('p'), label: "p", when: func() bool { return n > 0 && v.mode != modePlayer },
			footer: tabs[modePlayer], help: v.tr("the player page", "die Spielerseite"), do: func() { v.setMode(modePlayer) }},
		{keys: runeKey('v', 'h'), label: "v", when: func() bool { return n > 1 && v.mode != modeVersus },
			footer: tabs[modeVersus], help: v.tr("head-to-head with another player (also h)", "direkter Vergleich mit einem anderen Spieler (auch h)"), do: v.versus},
		{keys: runeKey('y'), label: "y", when: not(modeByPlay),
			footer: tabs[modeByPlay], help: v.tr("the leaderboard by play (chance to win or points thrown away per decision)", "Bestenliste nach Spielstärke (verschenkte Gewinnchance oder Punkte je Entscheidung)"), do: func() { v.setMode(modeByPlay) }},
		{keys: runeKey('r'), label: "r", help: v.tr("read the figures again", "Zahlen neu lesen"), do: v.reload},
		{keys: runeKey('q'), label: "q", footer: v.tr("back", "zurück"),
			help: v.tr("back to the home screen (also Esc)", "zurück zum Startbild (auch Esc)"), do: v.goBack},
	}
}

// tabs are the pages' tab titles in the order of the modes, each with its
// shorter forms, whole words (60 columns: "Vergleich").
func (v *statsView) tabs() [][]string {
	return [][]string{{v.tr("Leaderboard", "Bestenliste"), v.tr("Board", "Besten")}, {v.tr("Player", "Spieler")},
		{v.tr("Head-to-head", "Direkter Vergleich"), v.tr("Versus", "Vergleich")}, {v.tr("By play", "Spielstärke"), v.tr("By play", "Stärke")}}
}

// tabNames are the pages' names as their tabs show them (before the
// first draw: the full titles), for the footer and the help.
func (v *statsView) tabNames() []string {
	var out []string
	for i, f := range v.tabs() {
		name := f[0]
		if i < len(v.shownTabs) {
			name = v.shownTabs[i]
		}
		if strings.Contains(name, "…") { // cut to fit: the shortest form whole
			name = f[len(f)-1]
		}
		out = append(out, name)
	}
	return out
}

// canChoose reports whether ↑/↓ has someone to choose between: two
// players on the board shown, two players for the player page, a second
// opponent in head-to-head.
func (v *statsView) canChoose() bool {
	switch v.mode {
	case modeBoard, modeByPlay:
		return len(v.shownBoard()) > 1
	case modeVersus:
		return len(v.all) > 2
	}
	return len(v.all) > 1
}

// hasSets reports whether o has house-rule sets to walk: on a page with
// a game whose games anybody played.
func (v *statsView) hasSets() bool { return v.mode != modeVersus && len(v.sets(v.gameID())) > 0 }

// goBack returns to the home screen.
func (v *statsView) goBack() {
	if v.back != nil {
		v.back()
	}
}

// nextGame goes d games on (the tabs wrap), with all house rules together.
func (v *statsView) nextGame(d int) {
	v.game = (v.game + d + len(v.games)) % len(v.games)
	v.set = 0
	v.snap()
}

// setMode switches the page and puts the selection on its board.
func (v *statsView) setMode(m statsMode) {
	v.mode = m
	v.snap()
}

// nextSet walks the house-rule sets of the game one by one, then all together.
func (v *statsView) nextSet() {
	v.set = (v.set + 1) % (len(v.sets(v.gameID())) + 1)
	v.snap()
}

func (v *statsView) versus() {
	v.mode = modeVersus
	if n := len(v.all); n > 1 && v.vs == v.sel {
		v.vs = (v.sel + 1) % n
	}
}

// shownBoard is the board of the current page (the leaderboard or the "by
// play" board) of the chosen game.
func (v *statsView) shownBoard() []int {
	if v.mode == modeByPlay {
		return v.byPlay(v.gameID())
	}
	return v.board(v.gameID())
}

// boardHas reports whether player pi is on the board shown.
func (v *statsView) boardHas(pi int) bool { return slices.Contains(v.shownBoard(), pi) }

// snap puts the selection on the board shown when it is not on it (the
// first of it), so that the highlight and Enter always mean someone.
func (v *statsView) snap() {
	if v.mode != modeBoard && v.mode != modeByPlay {
		return
	}
	if b := v.shownBoard(); len(b) > 0 && !slices.Contains(b, v.sel) {
		v.sel = b[0]
	}
}

// step moves the selection: the player on the leaderboard and the player
// page, the opponent in head-to-head.
func (v *statsView) step(d int) {
	n := len(v.all)
	if n == 0 {
		return
	}
	switch v.mode {
	case modeBoard, modeByPlay:
		b := v.board(v.gameID())
		if v.mode == modeByPlay {
			b = v.byPlay(v.gameID())
		}
		if len(b) == 0 {
			return
		}
		i := max(slices.Index(b, v.sel), 0)
		v.sel = b[min(max(i+d, 0), len(b)-1)]
	case modePlayer:
		v.sel = (v.sel + d + n) % n
	case modeVersus:
		if n < 2 {
			return
		}
		v.vs = (v.vs + d + n) % n
		if v.vs == v.sel {
			v.vs = (v.vs + d + n) % n
		}
	}
}

// canvas draws text into a rectangle, clipped.
type canvas struct {
	s          tcell.Screen
	x, y, w, h int
}

func (c canvas) put(col, row int, s string, st tcell.Style) {
	if row < 0 || row >= c.h {
		return
	}
	x := c.x + col
	for _, r := range s {
		if x >= c.x+c.w {
			return
		}
		c.s.SetContent(x, c.y+row, r, nil, st)
		x++
	}
}

func (v *statsView) Draw(screen tcell.Screen) {
	v.Box.DrawForSubclass(screen, v)
	x, y, w, h := v.GetInnerRect()
	c := canvas{screen, x, y, w, h}
	v.load()
	titles := v.tabs()
	col := 0
	c.put(col, 0, v.tr("Statistics", "Statistik")+": ", styleCurrent)
	col += len([]rune(v.tr("Statistics", "Statistik"))) + 2
	// Each title takes its letters and three spaces; in a shorter form
	// (the chosen one whole) where the row is too narrow.
	v.shownTabs = fitTabs(titles, int(v.mode), w-col-2*len(titles)-1, 1)
	for i, t := range v.shownTabs {
		st := styleDim
		if statsMode(i) == v.mode {
			st = styleSelected
		}
		c.put(col, 0, " "+t+" ", st)
		col += len([]rune(t)) + 3
	}
	// The games as tabs, two spaces apart ("Zehntausend  Rückwärts" are
	// two), whole, in a second row where one is too narrow.
	rows := tabRows(v.gameNames(), w, 2)
	for r, row := range rows {
		col := 0
		for _, i := range row {
			st := styleNormal
			if i == v.game {
				st = styleSelected
			}
			if v.mode == modeVersus {
				st = styleDim
			}
			name := clip(v.gameNames()[i], w)
			c.put(col, 1+r, name, st)
			col += len([]rune(name)) + 2
		}
	}
	extra := len(rows) - 1
	if v.mode != modeVersus {
		next := ""
		if v.hasSets() {
			next = v.tr("  (o: next set)", "  (o: nächste)")
		}
		c.put(0, 2+extra, clip(v.tr("House rules: ", "Hausregeln: ")+v.setName(v.gameID())+next, w), styleDim)
	}
	footer := footerRows(v.keys().footerHelp(), w, 2)
	for i, row := range footer {
		c.put(0, h-len(footer)+i, row, styleDim)
	}
	body := canvas{screen, x, y + 3 + extra, w, h - 3 - extra - len(footer)}
	switch {
	case v.loading:
		body.put(0, 0, v.tr("Reading the statistics…", "Statistik wird gelesen…"), styleDim)
	case v.err != nil:
		body.put(0, 0, v.tr("Statistics unavailable: ", "Statistik nicht verfügbar: ")+scoresheet.SafeText(v.osText(storage.Localize(v.err, v.lang))), styleNormal)
	case len(v.all) == 0:
		body.put(0, 0, v.tr("No finished turns yet: play a game first.", "Noch keine beendeten Züge: erst einmal spielen."), styleNormal)
	case v.mode == modeBoard:
		v.drawBoard(body)
	case v.mode == modePlayer:
		v.drawPlayer(body)
	case v.mode == modeByPlay:
		v.drawByPlay(body)
	default:
		v.drawVersus(body)
	}
}

// boardWidths are the leaderboard's widths for a row width cells wide:
// the names' column as wide as the longest name (7 to 15), the win rate's
// bar 12 wide where there is room, narrower or none where the screen is
// narrow (60 columns cut off "bester" and "Serie"), the names cut last.
func (v *statsView) boardWidths(board []int, width int) (nameW, quoteW, barW int) {
	nameW = len([]rune(v.tr("player", "Spieler")))
	for _, pi := range board {
		nameW = max(nameW, len([]rune(v.all[pi].Name)))
	}
	nameW = min(nameW, 15)
	head := len([]rune(v.tr("win rate", "Quote")))
	rest := 2 + 2 + 1 + 6 + 1 + 5 + 2 + 1 + 6 + 1 + 6 + 1 + 7 // #, games, won, avg, best, streak and the spaces
	barW = min(12, width-rest-nameW-6)                        // "100% " before the bar
	if barW < 3 {
		barW = 0
	}
	quoteW = 5
	if barW > 0 {
		quoteW += 1 + barW
	}
	quoteW = max(quoteW, head)
	nameW = max(min(nameW, width-rest-quoteW), 4)
	return nameW, quoteW, barW
}

func (v *statsView) drawBoard(c canvas) {
	g := v.gameID()
	b := v.board(g)
	if len(b) == 0 {
		c.put(0, 0, fmt.Sprintf(v.tr("%s: no finished games yet.", "%s: noch keine beendeten Spiele."), v.gameName(g)), styleNormal)
		return
	}
	nameW, quoteW, barW := v.boardWidths(b, c.w)
	c.put(0, 0, fmt.Sprintf("%2s  %-*s %6s %5s  %-*s %6s %6s %7s", "#", nameW, v.tr("player", "Spieler"), v.tr("games", "Spiele"),
		v.tr("won", "Siege"), quoteW, v.tr("win rate", "Quote"), v.tr("avg", "Mittel"), v.tr("best", "bester"), v.tr("streak", "Serie")), styleCurrent)
	for i, pi := range b {
		if i+1 >= c.h {
			break
		}
		p := v.all[pi]
		f := v.figures(pi, g)
		st := styleNormal
		if pi == v.sel {
			st = styleSelected
		}
		rate := fmt.Sprintf("%5s", say.WholePercent(f.WinRate)) // "100 %", as the coach writes a chance
		if barW > 0 {
			rate += " " + bar(f.WinRate, barW)
		}
		line := fmt.Sprintf("%2d  %-*s %6d %5d  %-*s %6s %6s %3d/%-3d", i+1, nameW, clip(p.Name, nameW), f.Played, f.Won,
			quoteW, rate, whole(f.AvgTotal), say.Int(f.BestTotal), f.Streak, f.LongestStreak)
		c.put(0, i+1, line, st)
	}
	// What the columns count and the order, under the last row: wrapped
	// on a narrow screen (60 columns cut "then more g…"), the last row
	// that fits cut.
	var legend []string
	for _, s := range []string{v.tr("games: finished games · streak: wins in a row now / longest",
		"Spiele: beendete Spiele · Serie: Siege in Folge jetzt / längste"), v.boardOrder(g)} {
		legend = append(legend, tview.WordWrap(s, max(c.w, 1))...)
	}
	row := min(len(b)+2, c.h-len(legend))
	for i, line := range legend {
		if row+i > len(b) && row+i < c.h {
			c.put(0, row+i, clip(line, c.w), styleDim)
		}
	}
}

// boardOrder says how the leaderboard of g is ordered (storage.Leaderboard).
func (v *statsView) boardOrder(g validate.GameID) string {
	if validate.VariantOf(g).LowerWins {
		return v.tr("order: wins per game, then the lowest average, then more games",
			"Reihenfolge: Siege je Spiel, dann das niedrigste Mittel, dann mehr Spiele")
	}
	return v.tr("order: wins per game, then the highest average, then more games",
		"Reihenfolge: Siege je Spiel, dann das höchste Mittel, dann mehr Spiele")
}

func (v *statsView) drawPlayer(c canvas) {
	p := v.all[v.sel]
	g := v.gameID()
	c.put(0, 0, p.Name+" · "+v.gameName(g), styleCurrent)
	fp := v.figures(v.sel, g)
	if fp == nil {
		c.put(0, 2, v.tr("No finished turns in this game (and house rules) yet.", "In diesem Spiel (mit diesen Hausregeln) noch keine beendeten Züge."), styleNormal)
		return
	}
	f := *fp
	left, right := v.gameLines(f), v.turnLines(f, g)
	half := c.w / 2
	// A figure wider than its column wraps within it (at 60 columns
	// "best 2…" hid the number).
	put := func(col, w int, lines []string) int {
		n := 0
		for _, s := range lines {
			for _, part := range tview.WordWrap(s, max(w, 1)) {
				c.put(col, 1+n, clip(strings.TrimSpace(part), w), styleNormal)
				n++
			}
		}
		return n
	}
	rows := max(put(0, half-1, left), put(half, c.w-half, right))
	row := 1 + rows + 1
	if !v.loaded() {
		c.put(0, row, v.tr("Reading the charts…", "Diagramme werden gelesen…"), styleDim)
		return
	}
	if v.set != 0 {
		// The charts follow the chosen set, as the figures above do: their
		// caption names it, on one row (the house-rule line above has it
		// too), so that the charts keep their rows at 80×24.
		c.put(0, row, clip(fmt.Sprintf(v.tr("Charts: only %s", "Diagramme: nur %s"), quote(v.lang, v.setName(g))), c.w), styleDim)
		row++
	}
	row = v.drawTimeline(c, row)
	row = v.drawLosses(c, row)
	v.drawDistribution(c, row, f, g)
}

// gameLines are a player's figures over whole games.
func (v *statsView) gameLines(f storage.Figures) []string {
	left := []string{
		fmt.Sprintf(v.tr("games %d, won %d (%s)", "Spiele %d, gewonnen %d (%s)"), f.Played, f.Won, say.WholePercent(f.WinRate)),
		fmt.Sprintf(v.tr("final total: avg %s, best %s", "Endstand: Schnitt %s, bester %s"), whole(f.AvgTotal), say.Int(f.BestTotal)),
		fmt.Sprintf(v.tr("streak %d, longest %d", "Serie %d, längste %d"), f.Streak, f.LongestStreak),
	}
	if !f.LastPlayed.IsZero() {
		left = append(left, v.tr("last played ", "zuletzt ")+f.LastPlayed.Local().Format("2006-01-02"))
	}
	return left
}

// turnLines are a player's turn figures in game g, as its kind of turn
// has them, and the review's.
func (v *statsView) turnLines(f storage.Figures, g validate.GameID) []string {
	var right []string
	shape := validate.StatsOf(g)
	switch {
	case f.Family != nil:
		right = v.familyLines(f.Family, shape.Obligation)
	case f.Kniffel != nil:
		k := f.Kniffel
		right = append(right,
			fmt.Sprintf(v.tr("upper bonus %d (%s)", "Bonus oben %d (%s)"), k.UpperBonus, say.WholePercent(k.UpperBonusRate)),
			fmt.Sprintf(v.tr("Kniffel box with 50: %d", "Kniffel-Feld mit 50: %d"), k.Kniffels),
			fmt.Sprintf(v.tr("further Kniffels (+100 bonus): %d", "weitere Kniffel (+100 Bonus): %d"), k.KniffelBonuses))
	case f.Tot != nil:
		t := f.Tot
		right = append(right, fmt.Sprintf(v.tr("per turn: avg %s, best %d", "pro Zug: Schnitt %s, bester %d"), v.dec1(t.AvgTurn), t.Best))
		if shape.Attacks {
			right = append(right,
				fmt.Sprintf(v.tr("attacks made %d (took %d)", "Angriffe %d (%d genommen)"), t.AttacksMade, t.PointsTaken),
				fmt.Sprintf(v.tr("attacked %d (lost %d)", "angegriffen %d (%d verloren)"), t.AttacksSuffered, t.PointsLost))
		}
	}
	if r := f.Review; r != nil {
		right = append(right, v.reviewLines(r, g)...)
	}
	return right
}

// familyLines are the turn figures of the Zehntausend family; what a turn
// can fail is the game's obligation (5050 confirms its 1500s, Zehntausend
// proves or confirms; 5000 and Rückwärts have neither).
func (v *statsView) familyLines(fam *storage.FamilyFigures, ob validate.Obligation) []string {
	var right []string
	if fam.Banked > 0 {
		right = append(right, fmt.Sprintf(v.tr("banked turn: avg %.0f, best %d", "Zug: Schnitt %.0f, bester %d"), fam.AvgBanked, fam.BestTurn))
	}
	busts := v.tr("busts %d of %d turns (%s)", "Fehlwürfe %d von %d Zügen (%s)")
	if fam.Turns == 1 {
		busts = v.tr("busts %d of %d turn (%s)", "Fehlwürfe %d von %d Zug (%s)")
	}
	right = append(right, fmt.Sprintf(busts, fam.Busts, fam.Turns, say.WholePercent(fam.BustRate)))
	switch ob {
	case validate.ObligeConfirm:
		right = append(right, fmt.Sprintf(v.tr("hot dice %d, failed confirmations %d", "alle raus %d, Bestätigung verfehlt %d"), fam.HotDice, fam.Failed))
	case validate.ObligeProve:
		right = append(right, fmt.Sprintf(v.tr("hot dice %d, failed proofs %d", "alle raus %d, Beweis verfehlt %d"), fam.HotDice, fam.Failed))
	default:
		right = append(right, fmt.Sprintf(v.tr("hot dice %d", "alle raus %d"), fam.HotDice))
	}
	if fam.ResetsSuffered+fam.ResetsCaused > 0 {
		right = append(right, fmt.Sprintf(v.tr("reset to 0: suffered %d, caused %d", "auf 0 gefallen %d, andere auf 0 %d"), fam.ResetsSuffered, fam.ResetsCaused))
	}
	if fam.MinusPoints > 0 {
		right = append(right, fmt.Sprintf(v.tr("minus points taken %d", "Minuspunkte %d"), fam.MinusPoints))
	}
	return right
}

// drawTimeline draws the final totals over time from row on and returns
// the next free row.
func (v *statsView) drawTimeline(c canvas, row int) int {
	if len(v.timeline) == 0 {
		return row
	}
	vals := make([]float64, len(v.timeline))
	for i, tp := range v.timeline {
		vals[i] = float64(tp.Total)
	}
	title := fmt.Sprintf(v.tr("final totals, last %d games (oldest left)", "Endstände, letzte %d Spiele (ältestes links)"), len(vals))
	if len(vals) == 1 {
		title = v.tr("final total of the one game", "Endstand des einen Spiels")
	}
	c.put(0, row, title, styleCurrent)
	c.put(0, row+1, sparkline(vals, c.w), styleNormal)
	return row + 3
}

// drawDistribution draws the distribution of the game's chart from row
// on, and beside it the bust rate by dice thrown (Zehntausend family).
func (v *statsView) drawDistribution(c canvas, row int, f storage.Figures, g validate.GameID) {
	distW := c.w
	if f.Family != nil && len(f.Family.ByDice) > 0 {
		distW = c.w / 2
	}
	rows := c.h - row - 1
	if rows < 2 {
		return
	}
	title, buckets := v.distribution(g)
	c.put(0, row, clip(title, distW-1), styleCurrent)
	drawBars(canvas{c.s, c.x, c.y + row + 1, distW - 1, rows}, buckets)
	if distW < c.w {
		var bd []bucket
		for _, d := range f.Family.ByDice {
			bd = append(bd, bucket{v.dice(d.Dice), d.BustRate, say.WholePercent(d.BustRate)})
		}
		c.put(distW, row, clip(v.tr("bust rate by dice thrown", "Fehlwürfe nach geworfenen Würfeln"), c.w-distW), styleCurrent)
		drawBars(canvas{c.s, c.x + distW, c.y + row + 1, c.w - distW, rows}, bd)
	}
}

// bucket is one bar of a chart: label, length 0…1 and the figure shown.
type bucket struct {
	label string
	frac  float64
	value string
}

// distribution groups the loaded counts into the bars of game g's chart
// (validate.StatsOf).
func (v *statsView) distribution(g validate.GameID) (string, []bucket) {
	shape := validate.StatsOf(g)
	title, spans := shape.Chart.In(v.lang), shape.Buckets
	counts := make([]int, len(spans))
	total := 0
	for _, c := range v.dist {
		for i, s := range spans {
			if c.Value >= s.From && c.Value <= s.To {
				counts[i] += c.N
				total += c.N
				break
			}
		}
	}
	top := slices.Max(counts)
	out := make([]bucket, len(spans))
	for i, s := range spans {
		b := bucket{label: s.Label.In(v.lang), value: fmt.Sprint(counts[i])}
		if top > 0 {
			b.frac = float64(counts[i]) / float64(top)
		}
		if total > 0 {
			b.value = say.WholePercentOf(counts[i], total)
		}
		out[i] = b
	}
	return title, out
}

func (v *statsView) drawVersus(c canvas) {
	h := v.h2h
	a, b := v.all[v.sel].Name, v.all[v.vs].Name
	c.put(0, 0, fmt.Sprintf("%s – %s", a, b), styleCurrent)
	if v.sel == v.vs || h.Total.Played == 0 {
		c.put(0, 2, v.tr("No finished games together yet.", "Noch keine gemeinsamen beendeten Spiele."), styleNormal)
		return
	}
	// The bar gets what the figures leave, up to 20; on a narrow screen the
	// game's name gives way first, so that the bar is never cut.
	longest := len([]rune(v.tr("all games", "alle Spiele")))
	for _, p := range h.Games {
		longest = max(longest, len([]rune(v.gameName(validate.GameID(p.Game)))))
	}
	nameW, barW := versusWidths(c.w, longest)
	c.put(0, 1, fmt.Sprintf("%-*s %6s %6s %6s %6s  %s", nameW, clip(v.tr("game", "Spiel"), nameW), v.tr("games", "Spiele"),
		clip(a, 6), clip(b, 6), v.tr("level", "gleich"), v.tr("ahead", "vorn")), styleDim)
	row := 2
	line := func(name string, p storage.PairFigures, st tcell.Style) {
		name = clip(name, nameW)
		// The bar: A's share of the games where one was ahead.
		frac := 0.5
		if n := p.AAhead + p.BAhead; n > 0 {
			frac = float64(p.AAhead) / float64(n)
		}
		c.put(0, row, fmt.Sprintf("%-*s %6d %6d %6d %6d  %s", nameW, name, p.Played, p.AAhead, p.BAhead, p.Level, versusBar(frac, barW)), st)
		row++
	}
	for _, p := range h.Games {
		line(v.gameName(validate.GameID(p.Game)), p, styleNormal)
	}
	line(v.tr("all games", "alle Spiele"), h.Total, styleCurrent)
	won := v.tr("%s won %d, %s won %d of %d games together", "%s gewann %d, %s gewann %d von %d gemeinsamen Spielen")
	if h.Total.Played == 1 {
		won = v.tr("%s won %d, %s won %d of %d game together", "%s gewann %d, %s gewann %d von %d gemeinsamen Spiel")
	}
	c.put(0, row+1, fmt.Sprintf(won, a, h.Total.AWon, b, h.Total.BWon, h.Total.Played), styleNormal)
	hint := v.tr("p the player page", "p Spielerseite")
	if v.canChoose() { // a second opponent to choose
		hint = v.tr("↑/↓ choose the opponent, p the player page", "↑/↓ Gegner wählen, p Spielerseite")
	}
	c.put(0, row+2, hint, styleDim)
}

// versusWidths splits a head-to-head line of width w: the games' names
// as wide as the longest (up to 22; 60 columns cut "Zehntause…" for both
// Zehntausend and Rückwärts) and the bar what is left (up to 20; at least
// 6, the names cut for it down to 8; else no bar).
func versusWidths(w, longest int) (nameW, barW int) {
	const figures = 4*7 + 2 // four numbers, the gap before the bar
	w--                     // a bar never reaches the edge: it is whole
	nameW = min(longest, 22)
	barW = min(w-nameW-figures, 20)
	if barW < 6 {
		nameW = max(nameW-(6-barW), 8)
		barW = min(w-nameW-figures, 20)
	}
	if barW < 6 {
		barW = 0
	}
	return nameW, barW
}

// drawBars draws labelled horizontal bars.
func drawBars(c canvas, bs []bucket) {
	labelW := 0
	for _, b := range bs {
		labelW = max(labelW, len([]rune(b.label)))
	}
	barW := c.w - labelW - 7
	if barW < 3 {
		return
	}
	for i, b := range bs {
		c.put(0, i, b.label, styleNormal)
		c.put(labelW+1, i, bar(b.frac, barW), styleNormal)
		c.put(labelW+2+barW, i, b.value, styleNormal)
	}
}

// bar is frac (0…1) of width as a bar of eighth blocks, padded with spaces.
func bar(frac float64, width int) string {
	frac = min(max(frac, 0), 1)
	eighths := int(math.Round(frac * float64(width*8)))
	s := strings.Repeat("█", eighths/8)
	if r := eighths % 8; r > 0 {
		s += string([]rune("▏▎▍▌▋▊▉")[r-1])
	}
	return s + strings.Repeat(" ", width-len([]rune(s)))
}

// versusBar shows A's share from the left (█) and B's from the right (░).
func versusBar(frac float64, width int) string {
	a := int(math.Round(frac * float64(width)))
	return strings.Repeat("█", a) + strings.Repeat("░", width-a)
}

// sparkline draws the values as one line of block heights, at most width
// wide (the last values when there are more).
func sparkline(vals []float64, width int) string {
	if len(vals) > width {
		vals = vals[len(vals)-width:]
	}
	if len(vals) == 0 {
		return ""
	}
	lo, hi := slices.Min(vals), slices.Max(vals)
	levels := []rune("▁▂▃▄▅▆▇█")
	out := make([]rune, len(vals))
	for i, x := range vals {
		l := len(levels) - 1
		if hi > lo {
			l = int(math.Round((x - lo) / (hi - lo) * float64(len(levels)-1)))
		}
		out[i] = levels[l]
	}
	return string(out)
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	if n <= 1 {
		return string(r[:n])
	}
	return string(r[:n-1]) + "…"
}

// gameNames are the games' names, as their tabs show them.
func (v *statsView) gameNames() []string {
	names := make([]string, len(v.games))
	for i, g := range v.games {
		names[i] = v.gameName(g)
	}
	return names
}

// tabRows lays tabs out in rows of width cells, gap spaces apart: the
// indices of each row's tabs, a tab never split (one wider than a row is
// cut on its own row).
func tabRows(tabs []string, width, gap int) [][]int {
	var rows [][]int
	used := 0
	for i, t := range tabs {
		n := len([]rune(t))
		if len(rows) == 0 || used+gap+n > width {
			rows = append(rows, []int{i})
			used = n
			continue
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], i)
		used += gap + n
	}
	return rows
}

// tabsWidth is how wide tabs are, gap spaces apart.
func tabsWidth(tabs []string, gap int) int {
	w := gap * (len(tabs) - 1)
	for _, t := range tabs {
		w += len([]rune(t))
	}
	return w
}

// fitTabs picks each tab's form (forms[i], longest first) so that they
// fit width, gap spaces apart: the longest tab but the selected one takes
// its next shorter form first, the selected one last, so no tab is cut in
// a word. Only where even the shortest forms are too wide do they lose
// letters (cutTabs).
func fitTabs(forms [][]string, selected, width, gap int) []string {
	at := make([]int, len(forms))
	tabs := make([]string, len(forms))
	for i, f := range forms {
		tabs[i] = f[0]
	}
	for tabsWidth(tabs, gap) > width {
		next := -1
		for i, f := range forms {
			if i != selected && at[i] < len(f)-1 && (next < 0 || len([]rune(tabs[i])) > len([]rune(tabs[next]))) {
				next = i
			}
		}
		if next < 0 && selected >= 0 && selected < len(forms) && at[selected] < len(forms[selected])-1 {
			next = selected
		}
		if next < 0 {
			return cutTabs(tabs, selected, width, gap)
		}
		at[next]++
		tabs[next] = forms[next][at[next]]
	}
	return tabs
}

// cutTabs shortens tab names (gap spaces apart) until they fit width: the
// longest name but the selected one loses a letter at a time ("…" shows
// it), so every game stays recognisable and the chosen one is whole.
func cutTabs(names []string, selected, width, gap int) []string {
	runes := make([][]rune, len(names))
	total := gap * (len(names) - 1)
	for i, n := range names {
		runes[i] = []rune(n)
		total += len(runes[i])
	}
	for total > width {
		longest := -1
		for i, r := range runes {
			if i != selected && len(r) > 4 && (longest < 0 || len(r) > len(runes[longest])) {
				longest = i
			}
		}
		if longest < 0 {
			break
		}
		// One letter (and the "…" of an earlier cut) off, "…" on.
		r := runes[longest]
		runes[longest] = append(r[:len(r)-2:len(r)-2], '…')
		total--
	}
	out := make([]string, len(names))
	for i, r := range runes {
		out[i] = string(r)
	}
	return out
}
