package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// playersStep is the last new-game step: players picked from the known
// ones (most recent first) or added, in a seat order that can be changed.
type playersStep struct {
	text
	ui      *UI
	rules   *validate.Rules
	coach   storage.CoachLevel // chosen in the house-rules step
	known   []storage.Player
	seats   []string // the chosen players in seat order
	table   *tview.Table
	order   *tview.TextView
	name    *tview.InputField
	info    *tview.TextView
	layout  *tview.Flex
	naming  bool   // the name field has the focus
	lastSet string // the player set the 5050 starter was proposed for
	note    string
}

func newPlayersStep(ui *UI, rules *validate.Rules, level storage.CoachLevel) *playersStep {
	s := &playersStep{text: ui.text, ui: ui, rules: rules, coach: level}
	s.table = newTable().SetSelectable(true, false)
	s.table.SetBorder(true).SetTitle(" " + s.tr("Players (Space: in)", "Spieler (Leertaste)") + " ")
	s.table.SetSelectedFunc(func(row, _ int) { s.toggle(row) })
	s.order = newTextView()
	s.order.SetBorder(true).SetTitle(" " + s.tr("Seat order", "Sitzordnung") + " ")
	s.name = newInput(s.tr("New player: ", "Neuer Spieler: "))
	s.name.SetPlaceholder(s.tr("type a name, Enter (a)", "Namen tippen, Enter (a)"))
	s.name.SetDoneFunc(s.nameDone)
	s.info = newTextView()
	s.layout = tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(tview.NewFlex().
			AddItem(s.table, 0, 1, true).
			AddItem(s.order, 0, 1, false), 0, 1, true).
		AddItem(s.name, 1, 0, false).
		AddItem(s.info, 3, 0, false)
	s.load()
	return s
}

func (s *playersStep) root() tview.Primitive { return s.layout }
func (s *playersStep) focus() tview.Primitive {
	if s.naming {
		return s.name
	}
	return s.table
}
func (s *playersStep) typing() bool { return s.naming }
func (s *playersStep) back()        { s.ui.pop() }

func (s *playersStep) keys() []keyHelp { return s.bindings().keyHelp() }

// bindings is the step's table of keys on the list (the name field has
// its own: Enter, Esc/Tab): the handler, the help and the footer are made
// from it. Enter on a player toggles it too (the table's own key).
func (s *playersStep) bindings() bindings {
	row, _ := s.table.GetSelection()
	name := func() string { return s.known[row].Name }
	seat := func() int {
		if row >= len(s.known) {
			return -1
		}
		return slices.Index(s.seats, name())
	}
	// +/- and b move a seated player among two or more.
	movable := func() bool { return seat() >= 0 && len(s.seats) > 1 }
	return bindings{
		{keys: runeKey(' '), label: s.tr("Space/Enter", "Leertaste/Enter"), short: s.tr("Space", "Leertaste"),
			footer: s.tr("in/out", "dabei"), help: s.tr("player in or out", "Spieler dabei oder nicht"), do: func() { s.toggle(row) }},
		{keys: append(runeKey('a', 'n'), keyPress{key: tcell.KeyTab}), label: "a", footer: s.tr("new", "neu"),
			help: s.tr("add a new player (also n or Tab; or type the name with its capital)", "neuen Spieler anlegen (auch n oder Tab; oder den Namen groß anfangend tippen)"), do: s.startNaming},
		{keys: runeKey('+'), label: "+/-", when: movable, footer: s.tr("seat", "Platz"),
			help: s.tr("move the player earlier/later in the seat order", "Spieler in der Sitzordnung vor/zurück"), do: func() { s.move(name(), -1) }},
		{keys: runeKey('-'), when: movable, do: func() { s.move(name(), +1) }},
		{keys: runeKey('b'), label: "b", when: func() bool { return seat() > 0 }, footer: s.tr("begins", "beginnt"),
			help: s.tr("this player begins", "dieser Spieler beginnt"), do: func() { s.begin(name()) }},
		{keys: runeKey('s'), label: "s", footer: s.tr("start", "starten"), help: s.tr("start the game", "Spiel starten"), do: s.start},
		// q and Esc go back through the UI (back).
		{label: "q/Esc", help: s.tr("back to the house rules", "zurück zu den Hausregeln")},
	}
}

func (s *playersStep) help() ([]keyHelp, *validate.Rules) { return s.keys(), s.rules }

// load reads the known players off the UI goroutine (keys typed meanwhile
// wait, see UI.read); with none known the name field takes the keys.
func (s *playersStep) load() {
	doing := s.tr("reading the players…", "die Spieler werden gelesen…")
	s.note = "[::d]" + doing + "[::-]"
	s.refresh()
	s.ui.read(s, doing, func(ctx context.Context) func() {
		ps, err := s.ui.store.Players(ctx)
		return func() {
			s.note = "" // not the read's own note
			if err != nil {
				s.note = s.errText(err)
			}
			s.known = ps
			if len(s.known) == 0 {
				s.startNaming()
			}
			s.table.Select(0, 0) // the most recent player first
			s.refresh()
		}
	})
}

func (s *playersStep) key(ev *tcell.EventKey) *tcell.EventKey {
	if s.naming {
		return ev
	}
	if s.bindings().handle(ev) {
		return nil
	}
	if ev.Key() == tcell.KeyRune {
		if unicode.IsUpper(ev.Rune()) {
			// A name typed on the list ("Dora"): the commands are lower
			// case, so a capital starts the new player's name.
			s.startNaming()
			s.name.SetText(string(ev.Rune()))
			return nil
		}
	}
	return ev
}

func (s *playersStep) startNaming() {
	s.naming = true
	s.ui.app.SetFocus(s.name)
}

func (s *playersStep) nameDone(k tcell.Key) {
	typed := s.name.GetText()
	name := scoresheet.CleanName(typed)
	switch {
	case k == tcell.KeyEnter && name == "" && len(s.seats) > 0:
		s.start()
		return
	case k == tcell.KeyEnter && name != "":
		s.addPlayer(typed, name)
		return // stay in the name field for the next player
	}
	if len(s.known) > 0 {
		s.naming = false
		s.ui.app.SetFocus(s.table)
	}
	s.refresh()
}

// addPlayer stores a new player (off the UI goroutine) and seats them once
// stored; the name stays in the field until then, and after a refusal.
func (s *playersStep) addPlayer(typed, name string) {
	j := s.ui.newJob(s, fmt.Sprintf(s.tr("new player %s", "neuer Spieler %s"), esc(name)))
	var p storage.Player
	s.ui.save(s, j, func(ctx context.Context) (err error) {
		p, err = s.ui.store.EnsurePlayer(ctx, name)
		return err
	}, func() {
		s.name.SetText("")
		if !slices.ContainsFunc(s.known, func(q storage.Player) bool { return q.Name == p.Name }) {
			s.known = append(s.known, p)
		}
		if !slices.Contains(s.seats, p.Name) {
			s.seats = append(s.seats, p.Name)
		}
		s.note = cleanedNote(s.text, typed, p.Name)
		s.proposeStarter()
		s.refresh()
	})
}

// tell shows a message above the keys.
func (s *playersStep) tell(msg string) {
	s.note = msg
	s.refresh()
}

func (s *playersStep) toggle(row int) {
	if row >= len(s.known) {
		return
	}
	name := s.known[row].Name
	if i := slices.Index(s.seats, name); i >= 0 {
		s.seats = slices.Delete(s.seats, i, i+1)
	} else {
		s.seats = append(s.seats, name)
	}
	s.proposeStarter()
	s.refresh()
}

func (s *playersStep) move(name string, d int) {
	i := slices.Index(s.seats, name)
	j := i + d
	if i < 0 || j < 0 || j >= len(s.seats) {
		return
	}
	s.seats[i], s.seats[j] = s.seats[j], s.seats[i]
	s.refresh()
}

// begin rotates the seat order so that name begins and the order around
// the table stays.
func (s *playersStep) begin(name string) {
	if i := slices.Index(s.seats, name); i > 0 {
		s.seats = append(s.seats[i:], s.seats[:i]...)
	}
	s.refresh()
}

// proposeStarter: in 5050 the winner of the last game between the same
// players begins (proposed once per set of players; it can be changed).
func (s *playersStep) proposeStarter() {
	if !s.rules.WinnerBegins() || len(s.seats) < 2 {
		return
	}
	set := slices.Clone(s.seats)
	slices.Sort(set)
	key := strings.Join(set, "\x00")
	if key == s.lastSet {
		return
	}
	s.lastSet = key
	seats, note := slices.Clone(s.seats), s.note
	// Off the UI goroutine; keys typed meanwhile (s: start) wait for it.
	s.ui.read(s, s.tr("looking up the last winner…", "der letzte Sieger wird gesucht…"), func(ctx context.Context) func() {
		w, ok, err := s.ui.store.LastWinner(ctx, string(s.rules.Game), seats)
		return func() {
			s.note = note // not the read's own note
			defer s.refresh()
			if err != nil || !ok || !slices.Contains(s.seats, w) {
				return
			}
			s.begin(w)
			s.note = fmt.Sprintf(s.tr("%s won the last game between you and begins (b changes it).", "%s hat das letzte Spiel zwischen euch gewonnen und beginnt (b ändert das)."), "[::b]"+esc(w)+"[::-]")
		}
	})
}

func (s *playersStep) refresh() {
	row, _ := s.table.GetSelection()
	t := s.table
	t.Clear()
	for i, p := range s.known {
		mark, st := "[ ]", styleNormal
		if k := slices.Index(s.seats, p.Name); k >= 0 {
			mark, st = fmt.Sprintf("[%d]", k+1), styleCurrent
		}
		t.SetCell(i, 0, cell(mark, st, tview.AlignLeft))
		t.SetCell(i, 1, cell(esc(p.Name), st, tview.AlignLeft).SetExpansion(1))
	}
	if len(s.known) == 0 {
		// Two short rows: one line was cut to "tippe…" at 80 columns.
		t.SetCell(0, 0, cell(s.tr("Nobody yet.", "Noch niemand."), styleDim, tview.AlignLeft).SetSelectable(false))
		t.SetCell(1, 0, cell(s.tr("Type a name below.", "Unten einen Namen tippen."), styleDim, tview.AlignLeft).SetSelectable(false))
	} else {
		t.Select(min(row, len(s.known)-1), 0)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "[::b]%s[::-]\n", esc(s.gameName(s.rules.Game)))
	for i, n := range s.seats {
		fmt.Fprintf(&b, "%d. %s\n", i+1, esc(n))
	}
	if len(s.seats) == 0 {
		b.WriteString(s.tr("Pick the players in the order they sit.\n", "Spieler in Sitzreihenfolge auswählen.\n"))
	}
	s.order.SetText(b.String())
	info := s.note
	if info != "" {
		info += "\n"
	}
	if s.naming {
		info += hintLine([]keyHelp{{"Enter", s.tr("add (empty: start)", "anlegen (leer: starten)")}, {"Esc/Tab", s.tr("to the list", "zur Liste")}})
	} else {
		info += hintLine(s.bindings().footerHelp())
	}
	s.info.SetText(info)
}

// start stores the new game (off the UI goroutine) and shows its screen
// once stored; after a refusal the players and seats stay as chosen.
func (s *playersStep) start() {
	if len(s.seats) == 0 {
		s.note = "[::r]" + esc(validate.Localize(&validate.Error{Code: validate.CodeNoPlayers}, s.lang)) + "[::-]"
		s.refresh()
		return
	}
	seats, level := slices.Clone(s.seats), s.coach
	j := s.ui.newJob(s, fmt.Sprintf(s.tr("new game: %s with %s", "neues Spiel: %s mit %s"), esc(s.gameName(s.rules.Game)), esc(strings.Join(seats, ", "))))
	var sg *storage.StoredGame
	var coachErr error
	s.ui.save(s, j, func(ctx context.Context) (err error) {
		sg, coachErr, err = s.ui.createGame(ctx, s.rules, seats, level)
		return err
	}, func() {
		s.note = ""
		if s.ui.top() == screen(s) {
			s.ui.openNewGame(sg, level, coachErr, "")
		}
	})
}

// playersPage lists the known players; new ones can be added and names corrected.
type playersPage struct {
	text
	ui      *UI
	table   *tview.Table
	edit    *tview.InputField
	info    *tview.TextView
	layout  *tview.Flex
	known   []storage.Player
	editing bool
	old     string // the name being renamed; "" adds
	note    string // what happened last, above the keys ("" : the hint)
}

func newPlayers(ui *UI) *playersPage {
	p := &playersPage{text: ui.text, ui: ui}
	p.table = newTable().SetSelectable(true, false).SetFixed(1, 0)
	p.table.SetBorder(true).SetTitle(" " + p.tr("Players", "Spieler") + " ")
	p.table.SetSelectedFunc(func(row, _ int) {
		if row >= 1 && row <= len(p.known) {
			p.startEdit(p.known[row-1].Name)
		}
	})
	p.edit = newInput("")
	p.edit.SetDoneFunc(p.editDone)
	p.info = newTextView()
	p.layout = tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(p.table, 0, 1, true).
		AddItem(p.edit, 1, 0, false).
		AddItem(p.info, 3, 0, false)
	p.refresh()
	return p
}

func (p *playersPage) root() tview.Primitive { return p.layout }
func (p *playersPage) focus() tview.Primitive {
	if p.editing {
		return p.edit
	}
	return p.table
}
func (p *playersPage) typing() bool { return p.editing }
func (p *playersPage) back()        { p.ui.pop() }

func (p *playersPage) help() ([]keyHelp, *validate.Rules) { return p.bindings().keyHelp(), nil }

// bindings is the page's table of keys (the name field has its own: Enter
// and Esc): the handler, the help and the footer are made from it.
func (p *playersPage) bindings() bindings {
	chosen := func() (string, bool) {
		if row, _ := p.table.GetSelection(); row >= 1 && row <= len(p.known) {
			return p.known[row-1].Name, true
		}
		return "", false
	}
	onPlayer := func() bool { _, ok := chosen(); return ok }
	return bindings{
		{keys: runeKey('a'), label: "a", footer: p.tr("add", "anlegen"), help: p.tr("add a player", "Spieler anlegen"), do: func() { p.startEdit("") }},
		// Enter is the table's own key (its selected function).
		{label: "Enter", when: onPlayer, footer: p.tr("rename", "umbenennen"), help: p.tr("rename the player (their games keep them)", "Spieler umbenennen (die Spiele bleiben bei ihm)")},
		{keys: append(runeKey('d'), keyPress{key: tcell.KeyDelete}), label: "d / Del", short: "d", when: onPlayer, footer: p.tr("delete", "löschen"),
			help: p.tr("delete the player (only without games; asks first)", "Spieler löschen (nur ohne Spiele; mit Rückfrage)"),
			do: func() {
				row, _ := p.table.GetSelection()
				if name, ok := chosen(); ok && p.known[row-1].Games > 0 {
					// Refused at once, with the reason: asking first
					// only to refuse then says nothing new.
					p.tell(fmt.Sprintf(p.tr("%s has games (%d) and cannot be deleted: rename instead (Enter).",
						"%s hat Spiele (%d) und kann nicht gelöscht werden: stattdessen umbenennen (Enter)."), esc(name), p.known[row-1].Games))
				} else if ok {
					p.confirmDelete(name)
				}
			}},
		// q and Esc go back through the UI (back).
		{label: "q/Esc", short: "q", footer: p.tr("back", "zurück"), help: p.tr("back", "zurück")},
	}
}

func (p *playersPage) key(ev *tcell.EventKey) *tcell.EventKey {
	if !p.editing {
		p.note = "" // a message stays until the next key
	}
	if p.editing || !p.bindings().handle(ev) {
		return ev
	}
	return nil
}

// confirmDelete deletes a player after asking (off the UI goroutine); one
// with games is refused by the store, and the screen says why.
func (p *playersPage) confirmDelete(name string) {
	p.ui.ask(fmt.Sprintf(p.tr("Delete the player %s?", "Spieler %s löschen?"), esc(name)),
		[]string{p.tr("No", "Nein"), p.tr("Delete", "Löschen")}, func(i int) {
			if i != 1 {
				return
			}
			j := p.ui.newJob(p, fmt.Sprintf(p.tr("player %s deleted", "Spieler %s löschen"), esc(name)))
			p.tell("[::b]" + j.doing + "[::-]")
			p.ui.background(j, func(ctx context.Context) error { return p.ui.store.DeletePlayer(ctx, name) }, func(err error) {
				p.refresh()
				if err != nil {
					p.tell(j.failed(err))
					return
				}
				p.tell(fmt.Sprintf(p.tr("%s deleted.", "%s gelöscht."), esc(name)))
			})
		})
}

// tell shows a message above the keys.
func (p *playersPage) tell(msg string) {
	p.note = msg
	p.info.SetText(msg + "\n" + p.keysLine())
}

func (p *playersPage) startEdit(old string) {
	p.editing, p.old = true, old
	if old == "" {
		p.edit.SetLabel(p.tr("New player: ", "Neuer Spieler: ")).SetText("")
	} else {
		p.edit.SetLabel(fmt.Sprintf(p.tr("Rename %s to: ", "%s umbenennen in: "), esc(old))).SetText(old)
	}
	p.ui.app.SetFocus(p.edit)
}

// editDone stores a new player or a new name (off the UI goroutine); the
// field keeps what was typed until it is stored, and after a refusal.
func (p *playersPage) editDone(k tcell.Key) {
	typed := p.edit.GetText()
	name := scoresheet.CleanName(typed)
	if k != tcell.KeyEnter || name == "" || name == p.old {
		p.endEdit()
		p.refresh()
		return
	}
	old := p.old
	what := fmt.Sprintf(p.tr("new player %s", "neuer Spieler %s"), esc(name))
	if old != "" {
		what = fmt.Sprintf(p.tr("%s renamed to %s", "%s umbenennen in %s"), esc(old), esc(name))
	}
	j := p.ui.newJob(p, what)
	p.ui.save(p, j, func(ctx context.Context) error {
		if old == "" {
			_, err := p.ui.store.EnsurePlayer(ctx, name)
			return err
		}
		return p.ui.store.RenamePlayer(ctx, old, name)
	}, func() {
		p.endEdit()
		p.refresh()
		done := fmt.Sprintf(p.tr("%s added.", "%s angelegt."), esc(name))
		if old != "" {
			done = fmt.Sprintf(p.tr("%s is now %s.", "%s heißt jetzt %s."), esc(old), esc(name))
		}
		if note := cleanedNote(p.text, typed, name); note != "" {
			done += " " + note
		}
		p.tell(done)
	})
}

func (p *playersPage) endEdit() {
	p.editing = false
	p.edit.SetLabel("").SetText("")
	p.ui.app.SetFocus(p.table)
}

// refresh reads the players off the UI goroutine and then lists them
// (keys typed meanwhile wait for the list, see UI.read).
func (p *playersPage) refresh() {
	doing := p.tr("reading the players…", "die Spieler werden gelesen…")
	p.info.SetText("[::d]" + doing + "[::-]")
	p.ui.read(p, doing, func(ctx context.Context) func() {
		known, err := p.ui.store.Players(ctx)
		return func() { p.show(known, err) }
	})
}

// show lists the players read (err: why they could not be).
func (p *playersPage) show(known []storage.Player, err error) {
	p.known = known
	if err != nil {
		p.note = "[::r]" + p.tr("The players cannot be listed: ", "Die Spieler lassen sich nicht auflisten: ") + p.errText(err) + "[::-]"
	}
	t := p.table
	t.Clear()
	for c, h := range []string{p.tr("Name", "Name"), p.tr("Games", "Spiele"), p.tr("Last played", "Zuletzt gespielt")} {
		t.SetCell(0, c, cell(h, styleCurrent, tview.AlignLeft).SetSelectable(false))
	}
	for i, pl := range p.known {
		last := ""
		if !pl.LastPlayed.IsZero() {
			last = p.when(pl.LastPlayed)
		}
		t.SetCell(i+1, 0, cell(esc(pl.Name), styleNormal, tview.AlignLeft).SetExpansion(1))
		t.SetCell(i+1, 1, cell(fmt.Sprint(pl.Games), styleNormal, tview.AlignRight))
		t.SetCell(i+1, 2, cell(last, styleNormal, tview.AlignLeft))
	}
	if len(p.known) > 0 {
		if r, _ := t.GetSelection(); r < 1 {
			t.Select(1, 0)
		}
	}
	if p.note != "" {
		p.info.SetText(p.note + "\n" + p.keysLine())
		return
	}
	p.info.SetText(p.hint())
}

func (p *playersPage) hint() string {
	// The statistics count finished games only: say why the numbers differ.
	return p.tr("Games: every game, running and abandoned ones too (the statistics count finished games).\n",
		"Spiele: alle Spiele, auch laufende und abgebrochene (die Statistik zählt beendete).\n") + p.keysLine()
}

func (p *playersPage) keysLine() string {
	return hintLine(p.bindings().footerHelp())
}

// cleanedNote says that a typed name was stored cleaned (control characters
// and escape sequences removed, spaces tidied, cut to 40 characters).
func cleanedNote(t text, typed, stored string) string {
	if strings.TrimSpace(typed) == stored {
		return ""
	}
	return esc(fmt.Sprintf(t.tr("Stored as %q: names have at most 40 characters and no control characters.",
		"Gespeichert als %q: Namen haben höchstens 40 Zeichen und keine Steuerzeichen."), stored))
}
