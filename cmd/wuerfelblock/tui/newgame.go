package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/coach"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// setup is what the three new-game steps fill in.
type setup struct {
	game   validate.GameID
	values map[string]any // chosen house rules by id (only what was touched)
	preset string         // name of the preset loaded, if any
	// presetKey: the preset's house rules (say.OptionsKey of their Map),
	// which the form's may no longer match
	presetKey string
	coach     storage.CoachLevel
}

// newNewGame is the first step: the games with a line each.
func newNewGame(ui *UI, _ validate.GameID, _ []string) screen {
	l := newList()
	l.ShowSecondaryText(true)
	l.SetBorder(true).SetTitle(" " + ui.tr("New game: which game?", "Neues Spiel: welches Spiel?") + " ")
	games := validate.Games()
	clipped := &clipList{List: l}
	for i, g := range games {
		id := g.ID
		clipped.second = append(clipped.second, esc(g.Summary(ui.lang)))
		l.AddItem("[::b]"+esc(g.Name(ui.lang))+"[::-]", esc(g.Summary(ui.lang)), rune('1'+i), func() {
			ui.push(newOptionsStep(ui, &setup{game: id, values: map[string]any{}, coach: storage.CoachOdds}))
		})
	}
	// The list cuts long lines (with an ellipsis): the chosen game's line is
	// shown whole below.
	about := newTextView()
	show := func(i int) {
		about.SetText("[::b]" + esc(games[i].Name(ui.lang)) + "[::-]: " + esc(games[i].Summary(ui.lang)))
	}
	l.SetChangedFunc(func(i int, _, _ string, _ rune) { show(i) })
	show(0)
	flex := tview.NewFlex().SetDirection(tview.FlexRow).AddItem(clipped, 0, 1, true).AddItem(about, 2, 0, false) // the keys go below (listPage)
	return &listPage{ui: ui, list: l, layout: flex, keys: []keyHelp{
		{fmt.Sprintf("1–%d / ↑↓ Enter", len(games)), ui.tr("choose the game", "Spiel wählen")},
		{"q/Esc", ui.tr("back", "zurück")},
	}}
}

// optionsStep is the second step: every house rule of the game with its
// description and default, and presets to load or save.
type optionsStep struct {
	text
	ui     *UI
	s      *setup
	specs  []validate.OptionSpec
	table  *tview.Table
	desc   *tview.TextView
	edit   *tview.InputField // for numbers and faces, and preset names
	layout *fitFlex
	// editing says what edit is for: "" none, an option id, or presetEdit.
	editing string
	// note is shown above the details until the next key: what is being
	// saved, what was, or why not.
	note string
}

const presetEdit = "\x00preset"

func newOptionsStep(ui *UI, s *setup) *optionsStep {
	o := &optionsStep{text: ui.text, ui: ui, s: s, specs: validate.OptionSpecs(s.game)}
	o.table = newTable().SetSelectable(true, false)
	o.table.SetBorder(true).SetTitle(" " + fmt.Sprintf(o.tr("%s: house rules", "%s: Hausregeln"), esc(o.gameName(s.game))) + " ")
	o.table.SetSelectionChangedFunc(func(int, int) { o.describe() })
	o.table.SetSelectedFunc(func(row, _ int) { o.activate(row) })
	o.desc = newTextView()
	o.edit = newInput("")
	o.edit.SetDoneFunc(o.editDone)
	o.layout = &fitFlex{Flex: tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(o.table, 0, 1, true).
		AddItem(o.desc, 5, 0, false).
		AddItem(o.edit, 1, 0, false)}
	o.layout.fit = o.fit
	o.refresh()
	return o
}

// fit gives the detail lines the rows they need once wrapped (a long
// description must not push the keys off), the table keeping the rest.
func (o *optionsStep) fit(width, height int) {
	rows := 0
	for _, line := range strings.Split(strings.TrimRight(o.desc.GetText(false), "\n"), "\n") {
		rows += max(len(tview.WordWrap(line, max(width, 1))), 1)
	}
	o.layout.ResizeItem(o.desc, max(min(rows, height-6), 1), 0)
}

func (o *optionsStep) root() tview.Primitive { return o.layout }
func (o *optionsStep) focus() tview.Primitive {
	if o.editing != "" {
		return o.edit
	}
	return o.table
}
func (o *optionsStep) typing() bool { return o.editing != "" }
func (o *optionsStep) back()        { o.ui.pop() }

func (o *optionsStep) help() ([]keyHelp, *validate.Rules) {
	r, _ := validate.NewRules(o.s.game, validate.DefaultOptions(o.s.game))
	return o.bindings().keyHelp(), r
}

// bindings is the step's table of keys (the input field of a number or a
// preset name has its own): the handler, the help and the footer are made
// from it. ↑/↓ and Enter are the table's own keys.
func (o *optionsStep) bindings() bindings {
	row, _ := o.table.GetSelection()
	changes := func() bool { return o.canChange(row) }
	return bindings{
		{label: "↑/↓", help: o.tr("choose a house rule", "Hausregel wählen")},
		{keys: runeKey(' '), label: o.tr("Space/Enter/→ ←", "Leertaste/Enter/→ ←"), short: o.tr("Space", "Leertaste"), when: changes,
			footer: o.tr("change", "ändern"), help: o.tr("change its value (numbers: type them)", "Wert ändern (Zahlen: eintippen)"),
			do: func() { o.activate(row) }},
		// On the players row Space goes on, as Enter does (the table's key).
		{keys: runeKey(' '), when: func() bool { return row == o.playersRow() }, do: o.next},
		{keys: specialKey(tcell.KeyRight), when: changes, do: func() { o.step(row, +1) }},
		{keys: specialKey(tcell.KeyLeft), when: changes, do: func() { o.step(row, -1) }},
		{keys: runeKey('d'), label: "d", when: func() bool { return o.changed(row) }, footer: o.tr("default", "Vorgabe"),
			help: o.tr("back to the default", "zurück zur Vorgabe"), do: func() { o.toDefault(row) }},
		{keys: runeKey('l'), label: "l", footer: o.tr("load preset", "Vorlage laden"),
			help: o.tr("load a saved preset (in the list d deletes one)", "gespeicherte Vorlage laden (in der Liste löscht d eine)"), do: o.loadPreset},
		{keys: runeKey('p'), label: "p", footer: o.tr("save preset", "Vorlage speichern"),
			help: o.tr("save these house rules as a preset", "diese Hausregeln als Vorlage speichern"),
			do:   func() { o.startEdit(presetEdit, o.tr("preset name: ", "Name der Vorlage: "), o.s.preset) }},
		{keys: specialKey(tcell.KeyTab), label: "Tab", footer: o.tr("players", "Spieler"), help: o.tr("on to the players", "weiter zu den Spielern"), do: o.next},
		// q and Esc go back through the UI (back).
		{label: "q/Esc", help: o.tr("back", "zurück")},
	}
}

// canChange reports whether the value of row can change: the coach and a
// house rule with more than one allowed value (5050 has six dice, no
// other number). The players row is no value.
func (o *optionsStep) canChange(row int) bool {
	if row == o.coachRow() {
		return true
	}
	return row < len(o.specs) && !(o.specs[row].Kind == validate.KindInt && len(o.specs[row].Values) == 1)
}

// changed reports whether the value of row is not its default (d resets it).
func (o *optionsStep) changed(row int) bool {
	if row == o.coachRow() {
		return o.s.coach != storage.CoachOdds
	}
	if row >= len(o.specs) {
		return false
	}
	s := o.specs[row]
	return fmt.Sprint(o.value(s)) != fmt.Sprint(s.Default)
}

// toDefault sets the house rule (or the coach) of row back to its default.
func (o *optionsStep) toDefault(row int) {
	if row < len(o.specs) {
		delete(o.s.values, o.specs[row].ID)
		o.refresh()
	} else if row == o.coachRow() {
		o.s.coach = storage.CoachOdds
		o.refresh()
	}
}

func (o *optionsStep) value(s validate.OptionSpec) any {
	if v, ok := o.s.values[s.ID]; ok {
		return v
	}
	return s.Default
}

// effective is the value an option has with the others as chosen: an
// option another one switches off (the spec says which: beweisen under
// bestaetigen or verschaerft) shows as off, with the reason.
func (o *optionsStep) effective(s validate.OptionSpec) (v any, note string) {
	v = o.value(s)
	opts, err := o.options()
	if err != nil {
		return v, ""
	}
	if e := opts.Get(s.ID); fmt.Sprint(e) != fmt.Sprint(v) {
		for _, by := range o.specs {
			if slices.Contains(by.SwitchesOff(), s.ID) && opts.Get(by.ID) == true {
				return e, fmt.Sprintf(o.tr("(off: %s)", "(aus durch %s)"), by.Name(o.lang))
			}
		}
		return e, ""
	}
	return v, ""
}

func (o *optionsStep) refresh() {
	row, _ := o.table.GetSelection()
	t := o.table
	t.Clear()
	for i, s := range o.specs {
		v, note := o.effective(s)
		st := styleNormal
		mark := " "
		if fmt.Sprint(v) != fmt.Sprint(s.Default) {
			st, mark = styleCurrent, "*"
		}
		val := o.formatValue(v)
		if note != "" {
			val += " " + note
		}
		t.SetCell(i, 0, cell(mark+" "+esc(s.Name(o.lang)), st, tview.AlignLeft))
		t.SetCell(i, 1, cell(val, st.Underline(true), tview.AlignLeft))
		t.SetCell(i, 2, cell(fmt.Sprintf("(%s %s)", o.tr("default", "Vorgabe"), o.formatValue(s.Default)), styleDim, tview.AlignLeft).SetExpansion(1))
	}
	if r := o.coachRow(); r >= 0 {
		st, mark := styleNormal, " "
		if o.s.coach != storage.CoachOdds {
			st, mark = styleCurrent, "*"
		}
		t.SetCell(r, 0, cell(mark+" "+o.tr("coach", "Trainer"), st, tview.AlignLeft))
		t.SetCell(r, 1, cell(o.coachName(o.s.coach), st.Underline(true), tview.AlignLeft))
		t.SetCell(r, 2, cell(fmt.Sprintf("(%s %s)", o.tr("default", "Vorgabe"), o.coachName(storage.CoachOdds)), styleDim, tview.AlignLeft).SetExpansion(1))
	}
	next := o.playersRow()
	t.SetCell(next, 0, cell("→ "+o.tr("Players (Tab)", "Spieler (Tab)"), styleCurrent, tview.AlignLeft))
	t.Select(min(row, next), 0)
	o.describe()
}

func (o *optionsStep) describe() {
	row, _ := o.table.GetSelection()
	var b strings.Builder
	if o.note != "" {
		b.WriteString(o.note + "\n")
	}
	if row < len(o.specs) {
		s := o.specs[row]
		fmt.Fprintf(&b, "[::b]%s[::-] [::d](%s)[::-]: %s\n", esc(s.Name(o.lang)), s.ID, esc(s.Describe(o.lang)))
		allowed := esc(s.AllowedIn(o.lang))
		if s.Kind == validate.KindBool {
			// Space toggles: the values are shown as the table shows them.
			allowed = o.formatValue(false) + ", " + o.formatValue(true)
		}
		if o.canChange(row) {
			fmt.Fprintf(&b, "%s %s · %s %s\n", o.tr("default", "Vorgabe"), o.formatValue(s.Default), o.tr("values:", "Werte:"), allowed)
		} else {
			fmt.Fprintf(&b, "%s %s\n", o.tr("fixed in this game:", "in diesem Spiel fest:"), o.formatValue(s.Default))
		}
	} else if row == o.coachRow() {
		fmt.Fprintf(&b, "[::b]%s[::-]: %s\n", o.tr("coach", "Trainer"), o.coachAbout())
		fmt.Fprintf(&b, "%s %s · %s %s\n", o.tr("default", "Vorgabe"), o.coachName(storage.CoachOdds), o.tr("values:", "Werte:"), o.coachValues())
	} else {
		b.WriteString(o.tr("Enter or Tab: on to the players.\n", "Enter oder Tab: weiter zu den Spielern.\n"))
	}
	if o.s.preset != "" {
		changed := ""
		if opts, err := o.options(); err != nil || say.OptionsKey(opts.Map(o.s.game)) != o.s.presetKey {
			// A house rule changed since: the name alone would say the
			// settings are the preset's.
			changed = " " + o.tr("(changed)", "(geändert)")
		}
		fmt.Fprintf(&b, "%s [::b]%s[::-]%s\n", o.tr("Preset:", "Vorlage:"), esc(o.s.preset), changed)
	}
	b.WriteString(hintLine(o.footer()))
	o.desc.SetText(b.String())
}

// footer is the keys under the details: the table's, or while a value or
// a preset's name is typed the field's (the table's keys wait till then).
func (o *optionsStep) footer() []keyHelp {
	switch o.editing {
	case "":
		return o.bindings().footerHelp()
	case presetEdit:
		return []keyHelp{{"Enter", o.tr("save", "speichern")}, {"Esc", o.tr("cancel", "abbrechen")}}
	}
	return []keyHelp{{"Enter", o.tr("take the value", "Wert übernehmen")}, {"Esc", o.tr("cancel", "abbrechen")}}
}

// tell shows a message above the details.
func (o *optionsStep) tell(msg string) {
	o.note = msg
	o.describe()
}

func (o *optionsStep) key(ev *tcell.EventKey) *tcell.EventKey {
	o.note = ""
	if o.editing != "" {
		return ev // the input field has it; Esc ends editing in editDone
	}
	if o.bindings().handle(ev) {
		return nil
	}
	return ev
}

// activate is Enter or Space on a row: change the value, or go on.
func (o *optionsStep) activate(row int) {
	if row == o.coachRow() {
		o.step(row, +1)
		return
	}
	if row >= len(o.specs) {
		o.next()
		return
	}
	s := o.specs[row]
	if !o.canChange(row) {
		return // one allowed value: nothing to change
	}
	if s.Kind == validate.KindFaces || s.Kind == validate.KindInt && len(s.Values) == 0 {
		o.startEdit(s.ID, s.Name(o.lang)+": ", o.formatValue(o.value(s)))
		return
	}
	o.step(row, +1)
}

// step moves an option to its next or previous allowed value.
func (o *optionsStep) step(row, dir int) {
	if row == o.coachRow() {
		n := len(storage.CoachLevels)
		i := slices.Index(storage.CoachLevels, o.s.coach)
		o.s.coach = storage.CoachLevels[(i+dir+n)%n]
		o.refresh()
		return
	}
	if row >= len(o.specs) {
		return
	}
	s := o.specs[row]
	v := o.value(s)
	switch s.Kind {
	case validate.KindBool:
		o.s.values[s.ID] = !v.(bool)
	case validate.KindInt:
		n := v.(int)
		if len(s.Values) > 0 {
			i := slices.Index(s.Values, n)
			o.s.values[s.ID] = s.Values[(i+dir+len(s.Values))%len(s.Values)]
		} else {
			d := max(s.Step, 1)
			o.s.values[s.ID] = max(n+dir*d, max(s.Min, d))
		}
	default:
		return
	}
	// A value that contradicts another house rule (minus with nix) is
	// refused at once, with the reason, not only when going on.
	if _, err := o.options(); err != nil {
		if v == s.Default {
			delete(o.s.values, s.ID)
		} else {
			o.s.values[s.ID] = v
		}
		o.refresh()
		o.tell("[::r]" + o.errText(err) + "[::-]")
		return
	}
	o.refresh()
}

func (o *optionsStep) startEdit(what, label, text string) {
	o.editing = what
	o.edit.SetLabel(label).SetText(text)
	o.ui.app.SetFocus(o.edit)
	o.describe()
}

func (o *optionsStep) editDone(k tcell.Key) {
	what := o.editing
	text := strings.TrimSpace(o.edit.GetText())
	if k == tcell.KeyEnter && what == presetEdit && text != "" {
		o.savePreset(text)
		return // editing ends once it is stored
	} else if k == tcell.KeyEnter && what != presetEdit {
		_, v, err := validate.ParseOptionFlag(o.s.game, what+"="+text)
		if err == nil {
			_, err = validate.MakeOptions(o.s.game, map[string]any{what: v})
		}
		if err != nil {
			o.tell("[::r]" + o.errText(err) + "[::-]")
			return // keep what was typed
		}
		o.s.values[what] = v
	}
	o.editing = ""
	o.edit.SetLabel("").SetText("")
	o.ui.app.SetFocus(o.table)
	o.refresh()
}

// coachRow is the table row of the coach level, -1 for a game without a
// coach; playersRow is the last row, "on to the players".
func (o *optionsStep) coachRow() int {
	if coach.Covers(o.s.game) {
		return len(o.specs)
	}
	return -1
}

func (o *optionsStep) playersRow() int {
	if coach.Covers(o.s.game) {
		return len(o.specs) + 1
	}
	return len(o.specs)
}

// options checks the chosen house rules together.
func (o *optionsStep) options() (validate.Options, error) {
	return validate.MakeOptions(o.s.game, o.s.values)
}

func (o *optionsStep) next() {
	opts, err := o.options()
	if err != nil {
		o.tell("[::r]" + o.errText(err) + "[::-]")
		return
	}
	rules, err := validate.NewRules(o.s.game, opts)
	if err != nil {
		o.tell("[::r]" + o.errText(err) + "[::-]")
		return
	}
	o.ui.push(newPlayersStep(o.ui, rules, o.s.coach))
}

// savePreset stores the house rules as chosen under name, off the UI
// goroutine; the name stays in its field until the preset is stored, and
// after a refusal.
func (o *optionsStep) savePreset(name string) {
	opts, err := o.options()
	if err != nil {
		o.tell("[::r]" + o.errText(err) + "[::-]")
		return
	}
	preset := storage.Preset{Name: name, Game: string(o.s.game), Options: opts.Map(o.s.game)}
	j := o.ui.newJob(o, fmt.Sprintf(o.tr("preset %s", "Vorlage %s"), esc(quote(o.lang, name))))
	o.ui.save(o, j, func(ctx context.Context) error { return o.ui.store.SavePreset(ctx, preset) }, func() {
		o.s.preset, o.s.presetKey = name, say.OptionsKey(preset.Options)
		o.editing = ""
		o.edit.SetLabel("").SetText("")
		if o.ui.top() == screen(o) && !o.ui.overlay {
			o.ui.app.SetFocus(o.table)
		}
		o.note = fmt.Sprintf(o.tr("Preset %s saved.", "Vorlage %s gespeichert."), esc(quote(o.lang, name)))
		o.refresh()
	})
}

// deletePreset deletes a preset after asking, off the UI goroutine.
func (o *optionsStep) deletePreset(name string) {
	o.ui.ask(fmt.Sprintf(o.tr("Delete the preset %s?", "Vorlage %s löschen?"), esc(quote(o.lang, name))),
		[]string{o.tr("No", "Nein"), o.tr("Delete", "Löschen")}, func(i int) {
			if i != 1 {
				return
			}
			j := o.ui.newJob(o, fmt.Sprintf(o.tr("preset %s deleted", "Vorlage %s löschen"), esc(quote(o.lang, name))))
			o.ui.save(o, j, func(ctx context.Context) error { return o.ui.store.DeletePreset(ctx, name) }, func() {
				if strings.EqualFold(o.s.preset, name) {
					o.s.preset = "" // the house rules stay as loaded
				}
				o.note = fmt.Sprintf(o.tr("Preset %s deleted.", "Vorlage %s gelöscht."), esc(quote(o.lang, name)))
				o.refresh()
			})
		})
}

// quote puts a name in the language's quotation marks.
func quote(lang validate.Lang, s string) string {
	if lang == validate.German {
		return "„" + s + "“"
	}
	return "“" + s + "”"
}

// loadPreset lists the game's presets to load one. It reads them off the
// UI goroutine; keys typed meanwhile (a preset's number) go to the list.
func (o *optionsStep) loadPreset() {
	game := string(o.s.game)
	doing := o.tr("reading the presets…", "die Vorlagen werden gelesen…")
	o.tell("[::b]" + doing + "[::-]")
	j := o.ui.read(o, doing, func(ctx context.Context) func() {
		presets, err := o.ui.store.Presets(ctx, game)
		return func() {
			o.tell("")
			if o.ui.top() == screen(o) {
				o.showPresets(presets, err)
			}
		}
	})
	j.toOverlay = true
}

// showPresets opens the list of presets read (err: why they could not be).
func (o *optionsStep) showPresets(presets []storage.Preset, err error) {
	if err != nil {
		o.tell("[::r]" + o.tr("The presets could not be read: ", "Die Vorlagen ließen sich nicht lesen: ") + o.errText(err) + "[::-]")
		return
	}
	if len(presets) == 0 {
		o.tell(o.tr("No presets saved for this game yet (p saves one).", "Für dieses Spiel ist noch keine Vorlage gespeichert (p speichert eine)."))
		return
	}
	l := newList()
	l.SetBorder(true).SetTitle(" " + o.tr("Load preset (d: delete, Esc: back)", "Vorlage laden (d: löschen, Esc: zurück)") + " ")
	for i, p := range presets {
		p := p
		var sc rune
		if i < 9 {
			sc = rune('1' + i)
		}
		l.AddItem(esc(p.Name), "", sc, func() {
			o.ui.closeOverlay()
			r, err := p.Rules()
			if err != nil {
				o.tell("[::r]" + o.errText(err) + "[::-]")
				return
			}
			o.s.values = r.Options.Map(o.s.game)
			o.s.preset, o.s.presetKey = p.Name, say.OptionsKey(o.s.values)
			o.refresh()
		})
	}
	l.SetInputCapture(func(ev *tcell.EventKey) *tcell.EventKey {
		if ev.Key() == tcell.KeyDelete || ev.Key() == tcell.KeyRune && ev.Rune() == 'd' {
			name := presets[l.GetCurrentItem()].Name
			o.ui.closeOverlay()
			o.deletePreset(name)
			return nil
		}
		return ev
	})
	l.SetDoneFunc(o.ui.closeOverlay)
	o.ui.showOverlay(centered(l, 48, min(len(presets)+2, 12)))
}

// centered puts p in the middle of the screen with the given size.
func centered(p tview.Primitive, w, h int) tview.Primitive {
	return tview.NewFlex().
		AddItem(nil, 0, 1, false).
		AddItem(tview.NewFlex().SetDirection(tview.FlexRow).
			AddItem(nil, 0, 1, false).
			AddItem(p, h, 0, true).
			AddItem(nil, 0, 1, false), w, 0, true).
		AddItem(nil, 0, 1, false)
}
