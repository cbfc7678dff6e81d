package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// statusRunning is the status of games that can be continued.
const statusRunning = storage.Status("running")

// home is the first screen: new game, the running games to continue,
// players, statistics, rules, quit.
type home struct {
	text
	ui      *UI
	list    *tview.List
	info    *tview.TextView
	layout  *fitFlex
	running []storage.GameInfo // the games listed after "New game"
	err     error              // why they could not be read
	// at is the store's data version when they were read: watchGames
	// reads them again once another connection changed the store (a
	// restore, a game entered in another terminal).
	at versionAt
}

func newHome(ui *UI) *home {
	h := &home{text: ui.text, ui: ui}
	h.list = newList().ShowSecondaryText(false)
	title := " wuerfelblock "
	if ui.readOnly() != nil {
		title = " wuerfelblock · " + h.tr("read only", "nur lesen") + " "
	}
	h.list.SetBorder(true).SetTitle(title)
	h.info = newTextView()
	h.layout = &fitFlex{Flex: tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(h.list, 0, 1, true).
		AddItem(h.info, 2, 0, false)}
	h.layout.fit = h.fit
	h.refresh()
	return h
}

// fit shortens the lines of the running games to the screen's width.
func (h *home) fit(width, _ int) {
	prefix := h.tr("Continue: ", "Weiterspielen: ")
	avail := width - 2 - 4 - tview.TaggedStringWidth(prefix) // border, "(1) "
	for i, gi := range h.running {
		h.list.SetItemText(i+1, prefix+h.describeGameFit(gi, avail), "")
	}
}

func (h *home) root() tview.Primitive  { return h.layout }
func (h *home) focus() tview.Primitive { return h.list }
func (h *home) typing() bool           { return false }
func (h *home) back()                  { h.ui.quit() }

func (h *home) key(ev *tcell.EventKey) *tcell.EventKey {
	if ev.Key() == tcell.KeyEscape {
		return nil // q quits; Esc does nothing here, so no one quits by accident
	}
	return ev
}

// help lists the keys as the screen has them now (the running games read).
func (h *home) help() ([]keyHelp, *validate.Rules) { return h.table().keyHelp(), nil }

// table is the screen's table of keys for the running games read.
func (h *home) table() bindings {
	if h.running == nil {
		return h.bindings([]storage.GameInfo{}, h.err)
	}
	return h.bindings(h.running, h.err)
}

// bindings is the home screen's table of keys: the menu, the help and the
// footer are made from it. games are the running games listed (at most
// homeRunning), err why they could not be.
func (h *home) bindings(games []storage.GameInfo, err error) bindings {
	bs := bindings{{keys: runeKey('n'), label: "n", menu: h.tr("New game", "Neues Spiel"), footer: h.tr("new game", "neues Spiel"),
		do: h.newGame}}
	n := len(games)
	for i, gi := range games {
		b := binding{keys: runeKey(rune('1' + i)), menu: h.tr("Continue: ", "Weiterspielen: ") + h.describeGame(gi), do: func() { h.ui.resume(gi) }}
		if i == 0 { // the first one stands for them all
			b.label, b.footer = "1", h.tr("continue", "weiterspielen")
			b.help = h.tr("continue a running game (newest first)", "ein laufendes Spiel fortsetzen (neuestes zuerst)")
			if n > 1 {
				b.label = fmt.Sprintf("1–%d", n)
			}
		}
		bs = append(bs, b)
	}
	return append(bs,
		binding{keys: runeKey('c'), label: "c", when: func() bool { return n > 0 },
			menu: h.tr("All running games…", "Alle laufenden Spiele…"), footer: h.tr("all running", "alle laufenden"), help: h.tr("all running games", "alle laufenden Spiele"),
			do: func() { h.ui.push(newContinue(h.ui)) }},
		binding{keys: runeKey('p'), label: "p", menu: h.tr("Players", "Spieler"), help: h.tr("players", "Spieler"), do: func() { h.ui.push(newPlayers(h.ui)) }},
		binding{keys: runeKey('s'), label: "s", menu: h.tr("Statistics", "Statistik"), help: h.tr("statistics", "Statistik"), do: func() { h.ui.push(newStats(h.ui)) }},
		binding{keys: runeKey('r'), label: "r", menu: h.tr("Rules", "Regeln"), help: h.tr("rules of the games", "Regeln der Spiele"), do: func() { h.ui.push(newRulesList(h.ui)) }},
		binding{label: "↑/↓ Enter", help: h.tr("choose", "auswählen")},
		binding{label: "?", footer: h.tr("help", "Hilfe"), footerOnly: true},
		binding{keys: runeKey('q'), label: "q", menu: h.tr("Quit", "Beenden"), footer: h.tr("quit", "beenden"), help: h.tr("quit", "beenden"), do: h.ui.quit},
	)
}

// newGame opens the new game's screen; on a database file that can only
// be read it says so instead, before the players are typed in vain.
func (h *home) newGame() {
	if err := h.ui.readOnly(); err != nil {
		h.ui.notice(h.ui.readOnlyStart(err, [2]string{"A new game cannot be started: %s.", "Ein neues Spiel lässt sich nicht beginnen: %s."}))
		return
	}
	h.ui.push(newNewGame(h.ui, "", nil))
}

const homeRunning = 6 // running games listed on the home screen

// refresh reads the running games off the UI goroutine and then lists
// them (keys typed meanwhile wait for the list, see UI.read).
func (h *home) refresh() {
	doing := h.tr("reading the running games…", "die laufenden Spiele werden gelesen…")
	h.info.SetText("[::d]" + doing + "[::-]")
	h.ui.read(h, doing, func(ctx context.Context) func() {
		at := h.ui.readVersion(ctx)
		games, err := h.ui.store.Games(ctx, storage.GameFilter{Status: statusRunning, Limit: homeRunning + 1})
		return func() { h.at = at; h.show(games, err) }
	})
}

func (h *home) readAt() (int64, bool) { return h.at.n, h.at.ok }

// show lists the menu with the running games read (err: why they could
// not be).
func (h *home) show(games []storage.GameInfo, err error) {
	cur := h.list.GetCurrentItem()
	h.list.Clear()
	if err != nil {
		h.info.SetText(h.tr("The running games cannot be listed: ", "Die laufenden Spiele lassen sich nicht auflisten: ") + h.errText(err))
	}
	h.running, h.err = games[:min(len(games), homeRunning)], err
	bs := h.table()
	for _, b := range bs {
		if b.menu != "" && b.active() {
			h.list.AddItem(b.menu, "", b.keys[0].r, b.do)
		}
	}
	h.list.SetCurrentItem(min(cur, h.list.GetItemCount()-1))
	if err == nil {
		h.info.SetText(hintLine(bs.footerHelp()))
	}
}

// tell shows what goes on (the read under way, the keys typed meanwhile).
func (h *home) tell(msg string) { h.info.SetText(msg) }

// describeGame is one line about a stored game: name, players and standing, round.
func (t text) describeGame(gi storage.GameInfo) string { return t.describeGameFit(gi, 0) }

// describeGameFit is describeGame in at most width columns (0: any): long
// names are shortened first, so that every player, the round and the time
// stay on the line.
func (t text) describeGameFit(gi storage.GameInfo, width int) string {
	line := t.describeGameNames(gi, 0)
	for nameW := 12; width > 0 && nameW >= 3 && tview.TaggedStringWidth(line) > width; nameW-- {
		line = t.describeGameNames(gi, nameW)
	}
	// Still too wide with the shortest names: the time goes (it was cut
	// to "12:" at 60 columns), not a piece of it.
	if width > 0 && tview.TaggedStringWidth(line) > width && !gi.Started.IsZero() {
		gi.Started = time.Time{}
		return t.describeGameFit(gi, width)
	}
	if width > 0 {
		return clipTagged(line, width) // a long game name: cut with "…"
	}
	return line
}

func (t text) describeGameNames(gi storage.GameInfo, nameW int) string {
	parts := make([]string, len(gi.Players))
	for i, p := range gi.Players {
		if nameW > 0 {
			p = say.Short(p, nameW)
		}
		if i < len(gi.Totals) {
			parts[i] = esc(p) + " " + say.Int(gi.Totals[i])
		} else {
			parts[i] = esc(p)
		}
	}
	s := fmt.Sprintf("%s · %s", esc(t.gameName(validate.GameID(gi.Game))), strings.Join(parts, ", "))
	if gi.Round > 0 {
		s += fmt.Sprintf(" · %s %d", t.tr("round", "Runde"), gi.Round)
	}
	if !gi.Started.IsZero() {
		s += " · " + t.when(gi.Started)
	}
	return s
}

// when says when something happened, briefly: today the time, else the
// date as the player's language writes it ("01.12.26 23:09"; English
// "2026-12-01 23:09", as the command line and the statistics write it:
// 01.12.26 read there as January 12).
func (t text) when(ts time.Time) string {
	ts = ts.Local()
	now := time.Now()
	if ts.YearDay() == now.YearDay() && ts.Year() == now.Year() {
		return ts.Format("15:04")
	}
	return ts.Format(t.tr("2006-01-02 15:04", "02.01.06 15:04"))
}

// resume loads a stored game and opens its screen.
// It reads off the UI goroutine; keys typed meanwhile go to the game's
// screen once it shows (see UI.read).
func (ui *UI) resume(gi storage.GameInfo) {
	from := ui.top()
	ui.read(from, ui.tr("loading the game…", "das Spiel wird geladen…"), func(ctx context.Context) func() {
		sg, err := ui.store.LoadGame(ctx, gi.ID)
		return func() {
			if gameGone(err) {
				// Named as the list named it, not by its id (a UUID
				// wrapped across three lines of the dialog).
				ui.notice(fmt.Sprintf(ui.tr("This game (%s) is no longer in the database: a restore put back a backup without it, or another program removed it. The list of running games is read again.",
					"Dieses Spiel (%s) ist nicht mehr in der Datenbank: ein Zurückspielen hat eine Sicherung ohne es eingespielt, oder ein anderes Programm hat es entfernt. Die Liste der laufenden Spiele wird neu gelesen."), ui.describeGame(gi)))
				if from == ui.top() {
					from.refresh()
				}
				return
			}
			if err != nil {
				ui.ask(ui.tr("The game cannot be loaded: ", "Das Spiel lässt sich nicht laden: ")+ui.errText(err), []string{"OK"}, func(int) {})
				return
			}
			if ui.top() == from {
				ui.gotoGame(sg, false)
			}
		}
	})
}

// continueList lists every running game, newest first.
type continueList struct {
	text
	ui     *UI
	table  *tview.Table
	info   *tview.TextView
	layout *fitFlex
	games  []storage.GameInfo
	note   string    // what happened last (a game abandoned, or why not)
	at     versionAt // the store's data version when the games were read (home.at)
}

func newContinue(ui *UI) *continueList {
	c := &continueList{text: ui.text, ui: ui}
	c.table = newTable().SetSelectable(true, false)
	c.table.SetBorder(true).SetTitle(" " + c.tr("Running games", "Laufende Spiele") + " ")
	c.table.SetSelectedFunc(func(row, _ int) {
		if row < len(c.games) {
			c.ui.resume(c.games[row])
		}
	})
	c.info = newTextView()
	c.layout = &fitFlex{Flex: tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(c.table, 0, 1, true).
		AddItem(c.info, 2, 0, false), fit: c.fit}
	c.refresh()
	return c
}

// fit shortens the games' lines to the screen's width and gives the
// message and the keys below the rows they need.
func (c *continueList) fit(width, height int) {
	for i, gi := range c.games {
		if cl := c.table.GetCell(i, 0); cl != nil {
			cl.SetText(c.describeGameFit(gi, width-2))
		}
	}
	rows := 0
	for _, line := range strings.Split(c.info.GetText(false), "\n") {
		rows += max(len(tview.WordWrap(line, max(width, 1))), 1)
	}
	c.layout.ResizeItem(c.info, max(min(rows, height-3), 1), 0)
}

func (c *continueList) root() tview.Primitive  { return c.layout }
func (c *continueList) focus() tview.Primitive { return c.table }
func (c *continueList) typing() bool           { return false }
func (c *continueList) back()                  { c.ui.pop() }

func (c *continueList) help() ([]keyHelp, *validate.Rules) {
	return []keyHelp{{"↑/↓ Enter", c.tr("continue the game", "Spiel fortsetzen")}, {"x", c.tr("abandon the game (asks first)", "Spiel abbrechen (mit Rückfrage)")}, {"q/Esc", c.tr("back", "zurück")}}, nil
}

func (c *continueList) key(ev *tcell.EventKey) *tcell.EventKey {
	c.note = ""
	if ev.Key() == tcell.KeyRune && ev.Rune() == 'x' {
		row, _ := c.table.GetSelection()
		if row < len(c.games) {
			gi := c.games[row]
			named := gi
			named.Started = time.Time{} // the game by its name, players and round
			c.ui.ask(fmt.Sprintf(c.tr("Abandon this game (%s)? It cannot be continued afterwards.", "Dieses Spiel (%s) abbrechen? Es kann danach nicht fortgesetzt werden."), c.describeGame(named)),
				[]string{c.tr("No", "Nein"), c.tr("Abandon", "Abbrechen")}, func(i int) {
					if i == 1 {
						c.abandon(gi)
					}
				})
		}
		c.showInfo()
		return nil
	}
	c.showInfo()
	return ev
}

// abandon stores the game as abandoned, off the UI goroutine; the list
// shows it gone once stored.
func (c *continueList) abandon(gi storage.GameInfo) {
	j := c.ui.newJob(c, fmt.Sprintf(c.tr("game abandoned: %s", "Spiel abbrechen: %s"), c.describeGame(gi)))
	c.tell("[::b]" + j.doing + "[::-]")
	c.ui.background(j, func(ctx context.Context) error { return c.ui.store.Abandon(ctx, gi.ID) }, func(err error) {
		c.refresh()
		if err != nil {
			c.tell(j.failed(err))
			return
		}
		c.tell(fmt.Sprintf(c.tr("Abandoned: %s.", "Abgebrochen: %s."), c.describeGame(gi)))
	})
}

// tell shows a message above the keys.
func (c *continueList) tell(msg string) {
	c.note = msg
	c.showInfo()
}

func (c *continueList) showInfo() {
	keys := hintLine([]keyHelp{{"Enter", c.tr("continue", "weiterspielen")}, {"x", c.tr("abandon", "abbrechen")}, {"q", c.tr("back", "zurück")}})
	if c.note == "" {
		c.info.SetText(keys)
		return
	}
	c.info.SetText(c.note + "\n" + keys)
}

// refresh reads the running games off the UI goroutine and then lists
// them (keys typed meanwhile wait for the list, see UI.read).
func (c *continueList) refresh() {
	c.ui.read(c, c.tr("reading the running games…", "die laufenden Spiele werden gelesen…"), func(ctx context.Context) func() {
		at := c.ui.readVersion(ctx)
		games, err := c.ui.store.Games(ctx, storage.GameFilter{Status: statusRunning})
		return func() { c.at = at; c.show(games, err) }
	})
}

func (c *continueList) readAt() (int64, bool) { return c.at.n, c.at.ok }

func (c *continueList) show(games []storage.GameInfo, err error) {
	c.games = games
	c.table.Clear()
	for i, gi := range c.games {
		c.table.SetCell(i, 0, cell(c.describeGame(gi), styleNormal, tview.AlignLeft))
	}
	if len(c.games) == 0 {
		c.table.SetCell(0, 0, cell(c.tr("No running games.", "Keine laufenden Spiele."), styleDim, tview.AlignLeft).SetSelectable(false))
	}
	if err != nil {
		c.note = "[::r]" + c.tr("The running games cannot be listed: ", "Die laufenden Spiele lassen sich nicht auflisten: ") + c.errText(err) + "[::-]"
	}
	c.showInfo()
}

// newStats is the statistics page: the hook from Config, or a placeholder.
func newStats(ui *UI) screen {
	if ui.stats != nil {
		return &hooked{ui: ui, p: ui.stats(StatsEnv{Lang: ui.lang, App: ui.app, Back: ui.pop})}
	}
	return newTextPage(ui, ui.tr("Statistics", "Statistik"),
		ui.tr("Statistics will appear here: games, wins, averages, best turns, busts, bonuses, head-to-head.\n\nq or Esc goes back.",
			"Hier erscheint bald die Statistik: Spiele, Siege, Durchschnitte, beste Züge, Fehlwürfe, Boni, direkter Vergleich.\n\nq oder Esc geht zurück."))
}

// hooked is a page built by someone else (the statistics page).
type hooked struct {
	ui *UI
	p  tview.Primitive
}

func (s *hooked) root() tview.Primitive                  { return s.p }
func (s *hooked) focus() tview.Primitive                 { return s.p }
func (s *hooked) key(ev *tcell.EventKey) *tcell.EventKey { return ev }
func (s *hooked) typing() bool                           { return false }
func (s *hooked) back()                                  { s.ui.pop() }
func (s *hooked) refresh()                               {}

// helpNote is the page's own explanation of what it shows, if it has one.
func (s *hooked) helpNote() string {
	if n, ok := s.p.(helpNoter); ok {
		return n.helpNote()
	}
	return ""
}

func (s *hooked) help() ([]keyHelp, *validate.Rules) {
	if kh, ok := s.p.(keyHelper); ok {
		return kh.keyHelp(), nil // the page's own table of keys
	}
	return []keyHelp{{"q/Esc", s.ui.tr("back", "zurück")}}, nil
}

// newRulesList lists the games; Enter shows a game's rules and house rules.
func newRulesList(ui *UI) screen {
	l := newList()
	l.SetBorder(true).SetTitle(" " + ui.tr("Rules", "Regeln") + " ")
	clipped := &clipList{List: l} // a summary too long is cut with "…", as in the new-game list
	for i, g := range validate.Games() {
		g := g
		clipped.second = append(clipped.second, esc(g.Summary(ui.lang)))
		l.AddItem(g.Name(ui.lang), esc(g.Summary(ui.lang)), rune('1'+i), func() {
			r, _ := validate.NewRules(g.ID, validate.DefaultOptions(g.ID))
			body := esc(reflow(validate.RulesText(g.ID, ui.lang))) + "\n" + ui.houseRulesText(r)
			// Laid out for the width, so that wrapped lines hang as in the help.
			p := newFitTextPage(ui, g.Name(ui.lang), func(w int) string { return hangLines(body, w) })
			p.rules = r
			ui.push(p)
		})
	}
	return &listPage{ui: ui, list: l, layout: clipped, keys: []keyHelp{{fmt.Sprintf("1–%d / Enter", len(validate.Games())), ui.tr("show the rules", "Regeln zeigen")}, {"q/Esc", ui.tr("back", "zurück")}}}
}

// listPage is a page that is just a list, with a line of its keys under
// it (as every other screen has; the list pages had none).
type listPage struct {
	ui     *UI
	list   *tview.List
	layout tview.Primitive // nil: just the list
	keys   []keyHelp
	shown  tview.Primitive // layout (or list) and the line of keys, once made
}

func (p *listPage) root() tview.Primitive {
	if p.shown != nil {
		return p.shown
	}
	var body tview.Primitive = p.list
	if p.layout != nil {
		body = p.layout
	}
	hints := newTextView().SetText(hintLine(append(slices.Clone(p.keys), keyHelp{"?", p.ui.tr("help", "Hilfe")})))
	p.shown = tview.NewFlex().SetDirection(tview.FlexRow).AddItem(body, 0, 1, true).AddItem(hints, 1, 0, false)
	return p.shown
}
func (p *listPage) focus() tview.Primitive                 { return p.list }
func (p *listPage) key(ev *tcell.EventKey) *tcell.EventKey { return ev }
func (p *listPage) typing() bool                           { return false }
func (p *listPage) back()                                  { p.ui.pop() }
func (p *listPage) refresh()                               {}
func (p *listPage) help() ([]keyHelp, *validate.Rules)     { return p.keys, nil }
