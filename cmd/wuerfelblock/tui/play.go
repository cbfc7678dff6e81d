package tui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/coach"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// gameView is the game-specific part of the play screen: the sheet and the
// turn panel, and what typed text and command keys mean in this game.
type gameView interface {
	body() tview.Primitive
	// refresh redraws from the stored game.
	refresh()
	// submit handles Enter with typed text; true clears the input.
	submit(text string) bool
	// bindings are the view's keys on an empty input (letters, arrows,
	// Enter) and the throws it takes typed, as examples: the handler, the
	// help and the hint line are made from them (with play.bindings).
	bindings() bindings
	// cancel drops a throw typed but not yet taken; false if there was none.
	cancel() bool
	// typedThrow is a throw typed but not yet taken (its keep is still to
	// be chosen); nil if there is none.
	typedThrow() []int
	// enterTyped is what Enter does with the text typed (not empty), in
	// the hint line's words: "1 1 nehmen", "Wurf 1 1 1 5 2 3, 1 1 1 zur
	// Seite", or why it refuses ("letzter Wurf: nichts zu behalten").
	enterTyped(text string) string
	prompt() string
}

// play is the screen of a running game: a header, the game's view, the
// message line, the input line and a line of key hints.
type play struct {
	text
	ui      *UI
	sg      *storage.StoredGame
	view    gameView
	header  *lineView // cut with an ellipsis where narrow
	message *fitView  // dice kept whole; an ellipsis where it needs more rows
	input   *tview.InputField
	hints   *tview.TextView
	layout  *fitFlex
	// hintKeys are the keys the hint line shows: the view's first, then
	// undo, help and leave. The line wraps to a second row when it does not
	// fit; where the game's sheet needs that row, the view's extra keys are
	// left out instead (help lists them all).
	hintKeys []keyHelp
	hintView int // how many of hintKeys are the view's
	// hintTight are the view's keys as said where the line is too narrow
	// ("11" for the example "11 Enter"), by the key as said in full.
	hintTight map[string]string
	// atStake are the turn's points before the last entry (what a bust loses).
	atStake int
	// saving is the write under way (nil: none); see write.
	saving *saving
	// refused is the code of the rule (or storage problem) behind the last
	// refusal, "" once an entry is taken: what the screen said, as meaning.
	refused string
	// warmed is closed once the tables that the review of the game's end
	// needs are there (WarmPlayers, started when the screen opens).
	warmed chan struct{}
	// gone: the game is no longer in the database (showGone).
	gone bool
	// seenAt is the store's data version at the last look for changes
	// made elsewhere (checkElsewhere).
	seenAt versionAt
}

func newPlay(ui *UI, sg *storage.StoredGame) *play {
	p := &play{text: ui.text, ui: ui, sg: sg}
	// The review at the game's end needs the tables: they are loaded or
	// built from now on, whatever the coach shows.
	p.warmed = make(chan struct{})
	go func() {
		defer close(p.warmed)
		ui.review.WarmPlayers(sg.Game.Rules, len(sg.Game.Players))
	}()
	p.header = newLineView()
	p.message = newFitView()
	p.hints = newTextView()
	p.input = newInput("> ")
	p.input.SetAcceptanceFunc(func(s string, r rune) bool { return isDiceChar(r) })
	switch {
	case sg.Game.Rules.Family():
		p.view = newFamilyView(p)
	case sg.Game.Rules.TurnEngine() == validate.FamilyKniffel:
		p.view = newKniffelView(p)
	default:
		p.view = newTotView(p)
	}
	p.layout = &fitFlex{Flex: tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(p.header, 1, 0, false).
		AddItem(p.view.body(), 0, 1, false).
		AddItem(p.message, 2, 0, false).
		AddItem(p.input, 1, 0, true).
		AddItem(p.hints, 1, 0, false)}
	p.layout.fit = p.fitHints
	p.refresh()
	p.input.SetChangedFunc(func(string) { p.refreshHints() })
	return p
}

// fitFlex is a Flex that lets fit adjust its items to the size it is
// about to be drawn with (also after the terminal was resized).
type fitFlex struct {
	*tview.Flex
	fit func(width, height int)
}

func (f *fitFlex) Draw(screen tcell.Screen) {
	_, _, w, h := f.GetRect()
	f.fit(w, h)
	f.Flex.Draw(screen)
}

// minHeighter is a view whose body needs at least some rows (the Kniffel
// sheet); the others shrink as needed.
type minHeighter interface {
	minHeight(screenHeight int) int
}

// fitHints fits the hint line to the screen: one row if it fits, else two
// rows if the view can spare one, else one row without the view's extra
// keys (its first key, undo, help and leave stay as long as they fit).
func (p *play) fitHints(width, height int) {
	keys := p.hintKeys
	rows := 1
	if tview.TaggedStringWidth(hintLine(keys)) > width {
		spare := true
		if m, ok := p.view.(minHeighter); ok {
			spare = height-1-2-1-2 >= m.minHeight(height) // header, message, input, two hint rows
		}
		if spare {
			rows = 2
		} else {
			keys = slices.Clone(keys)
			wide := func() bool { return tview.TaggedStringWidth(hintLine(keys)) > width }
			// tighten says key k shorter where it has a tight form, and
			// whether the line fits now: an example's "Enter" gives way
			// before the key itself, and the first key's before the second
			// key (t, Kniffel's other entry mode).
			tighten := func(k int) bool {
				if t, ok := p.hintTight[keys[k].key]; ok {
					keys[k].key = t
				}
				return !wide()
			}
			for i := p.hintView - 1; i >= 1 && wide(); i-- {
				if tighten(i) || i == 1 && tighten(0) {
					break
				}
				keys = slices.Delete(keys, i, i+1)
			}
			if wide() {
				tighten(0)
			}
		}
	}
	p.hints.SetText(hintLine(keys))
	p.layout.ResizeItem(p.hints, rows, 0)
}

// isDiceChar reports whether r belongs in a typed throw: digits (a wrong
// pip is explained by the rules' own message), separators and * (a turned
// five in the Zehntausend family).
func isDiceChar(r rune) bool {
	return r >= '0' && r <= '9' || strings.ContainsRune(" ,;-/*", r)
}

func (p *play) root() tview.Primitive  { return p.layout }
func (p *play) focus() tview.Primitive { return p.input }
func (p *play) typing() bool           { return false }

func (p *play) game() *scoresheet.Game { return p.sg.Game }

// help lists every key of the screen, from the same table as the handler
// and the hint line (as on an empty input: that is where the keys work).
func (p *play) help() ([]keyHelp, *validate.Rules) {
	return p.bindings(true).keyHelp(), p.game().Rules
}

func (p *play) helpNote() string {
	if n, ok := p.view.(helpNoter); ok {
		return n.helpNote()
	}
	return ""
}

func (p *play) key(ev *tcell.EventKey) *tcell.EventKey {
	if p.ui.app.GetFocus() != p.input {
		p.ui.app.SetFocus(p.input) // after a mouse click elsewhere
	}
	if p.saving != nil {
		return p.keyWhileSaving(ev)
	}
	if p.gone {
		p.showGone("") // nothing is entered into a game that is gone
		return nil
	}
	empty := strings.TrimSpace(p.input.GetText()) == ""
	if p.bindings(empty).handle(ev) {
		p.refresh()
		return nil
	}
	switch ev.Key() {
	case tcell.KeyEscape:
		return ev // leaving: the UI asks (back)
	case tcell.KeyRune:
		if ev = p.keyRune(ev, empty); ev == nil || !isDiceChar(ev.Rune()) {
			return ev
		}
	}
	return p.edit(ev)
}

// edit gives a key to the input. Where the key changes what is typed, a
// refusal of it no longer stands: the player corrects the entry, and the
// red NICHT ÜBERNOMMEN goes.
func (p *play) edit(ev *tcell.EventKey) *tcell.EventKey {
	if !p.refusalShown() {
		return ev
	}
	before := p.input.GetText()
	p.input.InputHandler()(ev, func(tview.Primitive) {})
	if p.input.GetText() != before {
		p.dropRefusal()
	}
	return nil
}

// refusalShown: the message line says NICHT ÜBERNOMMEN.
func (p *play) refusalShown() bool {
	return strings.HasPrefix(p.message.GetText(false), p.refusedTag())
}

// dropRefusal clears the message line where it says why an entry was not
// taken (the entry typed was cleared or changed since).
func (p *play) dropRefusal() {
	if p.refusalShown() {
		p.refused = ""
		p.say("")
	}
}

// bindings is the play screen's table of keys: the view's (on an empty
// input only: typed dice take letters as commands, arrows move in the
// input) and then those every play screen has. The handler, the help and
// the hint line are made from it.
func (p *play) bindings(empty bool) bindings {
	var bs bindings
	for _, b := range p.view.bindings() {
		when := b.when
		b.when = func() bool { return empty && (when == nil || when()) }
		bs = append(bs, b)
	}
	isEmpty := func() bool { return empty }
	return append(bs, bindings{
		{keys: specialKey(tcell.KeyCtrlZ), when: p.canUndo, do: p.undo},
		// Esc clears what is typed, else cancels a throw waiting for its
		// keep; only then it leaves (the UI asks).
		{keys: specialKey(tcell.KeyEscape), when: func() bool { return !empty }, do: func() { p.input.SetText(""); p.dropRefusal() }},
		{keys: specialKey(tcell.KeyEscape), when: func() bool { return empty && p.view.typedThrow() != nil },
			label: "Esc", footer: p.tr("correct", "korrigieren"), footerOnly: true, do: func() { p.dropRefusal(); p.view.cancel() }},
		{keys: specialKey(tcell.KeyEnter), when: func() bool { return !empty }, do: p.enter},
		// Enter on an empty input that the view has no use for now: what
		// to type first.
		{keys: specialKey(tcell.KeyEnter), explains: true, do: func() {
			p.input.SetText("")
			p.say(p.tr("Type the dice first, then Enter.", "Erst die Würfel tippen, dann Enter."))
		}},
		// A turned five is typed after its 5 (5*): * on an empty input can
		// only mean the coach. Elsewhere * is no key (Totwürfeln types it
		// into the throw).
		{keys: runeKey('*'), label: "*", when: func() bool { return empty && coach.Covers(p.game().Rules.Game) },
			help: fmt.Sprintf(p.tr("coach: off, odds, advice (now: %s)", "Trainer: aus, Chancen, Rat (jetzt: %s)"), p.coachName(p.coach())),
			do:   p.switchCoach},
		// u is offered only where there is something to take back; at the
		// game's start it still answers (nothing to take back), unoffered.
		{keys: runeKey('u'), label: "u / Ctrl-Z", short: "u", when: func() bool { return empty && p.canUndo() }, footer: p.tr("undo", "zurück"),
			help: p.tr("take back the throw waiting for its keep, else the last entry (u on an empty input)",
				"den Wurf zurücknehmen, der auf seine Auswahl wartet, sonst den letzten Eintrag (u bei leerer Eingabe)"),
			do: p.undo},
		{keys: runeKey('u'), when: isEmpty, explains: true, do: p.undo},
		{keys: specialKey(tcell.KeyCtrlZ), explains: true, do: p.undo},
		{label: "Esc", help: p.tr("clear the input / drop a typed throw; on an empty input: leave (asks first)",
			"Eingabe löschen / getippten Wurf verwerfen; bei leerer Eingabe: Spiel verlassen (mit Rückfrage)")},
		// ? is the UI's (the help).
		{label: "?", footer: p.tr("help", "Hilfe"), footerOnly: true},
		// Ctrl-C asks, like q: it must not end a running game unasked.
		{keys: specialKey(tcell.KeyCtrlC), label: "q / Ctrl-C", short: "q", footer: p.tr("leave", "verlassen"),
			help: p.tr("leave the game (asks first; the game is saved)", "Spiel verlassen (mit Rückfrage; das Spiel ist gespeichert)"),
			do:   p.back},
	}...)
}

// enter takes the dice typed.
func (p *play) enter() {
	if p.view.submit(strings.TrimSpace(p.input.GetText())) {
		p.input.SetText("")
	}
}

// keyWhileSaving: leaving and help at once while an entry is being saved;
// every other key is kept and applied, in order, once it is stored (the
// entry may yet be refused: then they are dropped whole, and said).
func (p *play) keyWhileSaving(ev *tcell.EventKey) *tcell.EventKey {
	switch {
	case ev.Key() == tcell.KeyCtrlC:
		p.back()
		return nil
	case p.ui.heldKeys(p) == "" && (ev.Key() == tcell.KeyEscape || ev.Key() == tcell.KeyRune && (ev.Rune() == '?' || ev.Rune() == 'q')):
		return ev // after keys typed ahead, these wait their turn too
	}
	p.ui.hold(p, ev)
	p.sayWait()
	return nil
}

// keyRune is a letter or a die that no binding took: dice go to the
// input, ? and q to the UI; another letter is no command now, and the
// message line says so (a key must not do nothing without a word).
func (p *play) keyRune(ev *tcell.EventKey, empty bool) *tcell.EventKey {
	r := ev.Rune()
	switch {
	case isDiceChar(r):
		if dr, ok := p.view.(diceRefuser); ok {
			if why := dr.noDice(r); why != "" {
				p.say(why) // at once, not after a pile of digits and Enter
				return nil
			}
		}
		return ev
	case r == '?' || r == 'q':
		return ev
	case !empty && p.isCommand(ev):
		// A command letter after typed dice would be lost without a word.
		p.say(fmt.Sprintf(p.tr("%s is a command: first press Enter for the dice typed, or Esc to clear them.",
			"%s ist ein Befehl: erst die getippten Würfel mit Enter übernehmen oder mit Esc löschen."), p.shownRune(r)))
	case !empty:
		// Any other character in a throw ("1x0"): not taken into the
		// input, and said, with what a throw is typed with.
		p.say(fmt.Sprintf(p.tr("%s is not a die and was not typed: %s.", "%s ist kein Würfel und wurde nicht übernommen: %s."),
			p.shownRune(r), p.diceNotation()))
	case p.noKeepLetter(r):
		// The view said that no keep has this letter ("a–f" leaves out c).
	default:
		p.say(fmt.Sprintf(p.tr("%s is no key here: ? lists the keys.", "%s ist hier keine Taste: ? zeigt die Tasten."), p.shownRune(r)))
	}
	return nil // letters are commands, never dice
}

// diceRefuser is a view that takes no typed dice at times (Kniffel once
// the dice stand: a box is chosen by its letter): noDice is why, in the
// message line's words, for the key r; "" where dice are taken.
type diceRefuser interface {
	noDice(r rune) string
}

// isCommand: ev is a key of the screen on an empty input (a command
// letter, not one that only says why it does nothing now).
func (p *play) isCommand(ev *tcell.EventKey) bool {
	for _, b := range p.bindings(true) {
		if !b.explains && b.matches(ev) && b.active() {
			return true
		}
	}
	return false
}

// shownRune is a typed character as a message quotes it: 'x' („x“ in
// German), a control or format character escaped ('\x1b'), never raw.
func (p *play) shownRune(r rune) string {
	s := string(r)
	if scoresheet.SafeText(s) != s || !unicode.IsPrint(r) {
		return tview.Escape(strconv.QuoteRuneToASCII(r))
	}
	return tview.Escape(fmt.Sprintf(p.tr("'%s'", "„%s“"), s))
}

// diceNotation says what a throw is typed with on this screen: the pips,
// and where the game has them, what goes aside after / and turned fives.
func (p *play) diceNotation() string {
	o := p.game().Rules.Options
	switch v := p.view.(type) {
	case *familyView:
		if o.FuenferDrehen {
			return p.tr("dice are 1 to 6 (111523), what goes aside after / (111523/111), a turned five 5*",
				"Würfel sind 1 bis 6 (111523), was zur Seite kommt nach / (111523/111), eine gedrehte Fünf 5*")
		}
		return p.tr("dice are 1 to 6 (111523), what goes aside after / (111523/111)",
			"Würfel sind 1 bis 6 (111523), was zur Seite kommt nach / (111523/111)")
	case *kniffelView:
		return p.tr("dice are 1 to 6 (66231), the dice kept after / (66231/66)",
			"Würfel sind 1 bis 6 (66231), die behaltenen nach / (66231/66)")
	case *totView:
		if v.dreissig() {
			return p.tr("dice are 1 to 6 (654321), what goes aside after / (654321/6)",
				"Würfel sind 1 bis 6 (654321), was zur Seite kommt nach / (654321/6)")
		}
	}
	return p.tr("dice are 1 to 6 (12345)", "Würfel sind 1 bis 6 (12345)")
}

// keepLetterer is a view that names a throw's keeps by letters (the
// Zehntausend family; Kniffel and Dreißig tot take them typed as dice):
// noKeep says that letter r names none of the keeps of the throw waiting
// for its keep, false where no throw waits.
type keepLetterer interface {
	noKeep(r rune) bool
}

// noKeepLetter: the view took letter r as naming no keep, and said so.
func (p *play) noKeepLetter(r rune) bool {
	kl, ok := p.view.(keepLetterer)
	return ok && kl.noKeep(r)
}

func (p *play) back() {
	q := p.tr("Leave the game? It is saved: \"Continue\" on the home screen resumes it.",
		"Spiel verlassen? Es ist gespeichert: „Weiterspielen“ im Hauptmenü setzt es fort.")
	if p.saving != nil && p.saving.entry {
		q += "\n\n" + p.tr("An entry is still being saved: leaving does not stop that.",
			"Ein Eintrag wird noch gespeichert: Verlassen hält das nicht auf.")
	} else if p.saving != nil && !p.saving.read {
		q += "\n\n" + p.saving.doing + " " + p.tr("Leaving does not stop that.", "Verlassen hält das nicht auf.")
	} else if d := p.view.typedThrow(); d != nil {
		q += "\n\n" + fmt.Sprintf(p.tr("The throw %s is not taken yet: it is not saved.", "Der Wurf %s ist noch nicht übernommen: er wird nicht gespeichert."), validate.FormatDice(d))
	} else if strings.TrimSpace(p.input.GetText()) != "" {
		q += "\n\n" + fmt.Sprintf(p.tr("What you typed (%s) is not taken yet: it is not saved.", "Das Getippte (%s) ist noch nicht übernommen: es wird nicht gespeichert."), esc(strings.TrimSpace(p.input.GetText())))
	}
	p.ui.ask(q,
		[]string{p.tr("Keep playing", "Weiterspielen"), p.tr("Leave", "Verlassen"), p.tr("Abandon game", "Spiel abbrechen")},
		func(i int) {
			switch i {
			case 1:
				p.ui.home()
			case 2:
				p.confirmAbandon()
			}
		})
}

func (p *play) confirmAbandon() {
	p.ui.ask(p.tr("Really abandon this game? It stays in the records as abandoned and cannot be continued.",
		"Dieses Spiel wirklich abbrechen? Es bleibt als abgebrochen gespeichert und kann nicht fortgesetzt werden."),
		[]string{p.tr("No, keep playing", "Nein, weiterspielen"), p.tr("Abandon", "Abbrechen")},
		func(i int) {
			if i != 1 {
				return
			}
			what := p.tr("game abandoned", "Spiel abbrechen")
			p.write(nil, p.saveNote(what), what,
				func(ctx context.Context, sg *storage.StoredGame) error { return p.ui.store.Abandon(ctx, sg.ID) },
				func(err error) {
					if err != nil {
						p.refuse(err)
						return
					}
					if p.ui.top() == screen(p) {
						p.ui.home()
					}
				})
		})
}

// refresh redraws everything from the stored game.
func (p *play) refresh() {
	g := p.game()
	h := fmt.Sprintf("[::b]%s[::-] · %s %d", esc(p.gameName(g.Rules.Game)), p.tr("round", "Runde"), g.Round())
	// Kniffel and Totwürfeln have a fixed number of rounds.
	if rounds := g.Rounds(); rounds > 0 {
		h += fmt.Sprintf(p.tr(" of %d", " von %d"), rounds)
	}
	if g.LastRound() {
		h += " · [::r]" + p.tr(" FINAL ROUND ", " LETZTE RUNDE ") + "[::-]"
	}
	h += " · " + p.tr("turn: ", "am Zug: ") + "[::b]" + esc(g.Current()) + "[::-]"
	// The house rules that differ from the basic game, after whose turn it
	// is (a narrow screen cuts these first).
	if house := say.New(p.lang).OptionsBrief(g.Rules); house != "" {
		h += " · [::d]" + esc(house) + "[::-]"
	}
	p.header.SetText(h)
	p.view.refresh()
	p.input.SetLabel(p.view.prompt() + " ")
	p.refreshHints()
}

// refreshHints redraws the hint line: the keys of an empty input (where
// they work). While something is typed the view's keys wait (a letter is
// a command only on an empty input): the line says what Enter does with
// the text typed ("Enter 1 1 nehmen", "Enter Wurf 1 1 1 5 2 3, 1 1 1 zur
// Seite"), that Esc clears it, and help and leave. Esc that corrects a
// typed throw counts with the view's keys (it gives way first where the
// line is too narrow). The input calls it on every change.
func (p *play) refreshHints() {
	keys := p.bindings(true).footerHelp()
	if text := strings.TrimSpace(p.input.GetText()); text != "" {
		p.hintKeys = []keyHelp{{"Enter", p.view.enterTyped(text)}, {"Esc", p.tr("clear", "löschen")}}
		for _, k := range keys {
			if k.key == "?" || k.key == "q" {
				p.hintKeys = append(p.hintKeys, k)
			}
		}
		// Where the line must be one row too narrow for them all, leave
		// and help give way first, then Esc: Enter stays.
		p.hintView = len(p.hintKeys)
		p.hints.SetText(hintLine(p.hintKeys))
		return
	}
	p.hintView = len(p.view.bindings().footerHelp())
	if p.view.typedThrow() != nil {
		p.hintView++
	}
	p.hintTight = map[string]string{}
	for _, b := range p.view.bindings() {
		if b.tight != "" {
			p.hintTight[b.label] = b.tight
		}
	}
	p.hintKeys = keys
	p.hints.SetText(hintLine(p.hintKeys))
}

// keepWords is a keep typed ("115*") as Enter takes it ("1 1 5
// (1×5→1)"); what does not read as dice stays as typed (Enter says why),
// as does a turned five (5*) where the game has none.
func (p *play) keepWords(text string) string {
	dice, fives, err := validate.ParseKeep(text)
	if fives > 0 && !p.game().Rules.Options.FuenferDrehen {
		err = errors.New("no turned fives")
	}
	switch {
	case err != nil:
		return esc(strings.TrimSpace(text))
	case len(dice) == 0:
		return p.tr("nothing", "nichts")
	case fives > 0:
		return validate.FormatDice(dice) + fmt.Sprintf(" (%d×5→1)", fives)
	}
	return validate.FormatDice(dice)
}

// takeWords is the hint for a keep typed while a throw waits for it
// ("1 1 nehmen").
func (p *play) takeWords(text string) string {
	return fmt.Sprintf(p.tr("take %s", "%s nehmen"), p.keepWords(text))
}

// throwWords is the hint for a throw typed, with its keep after a slash
// ("Wurf 1 1 1 5 2 3, 1 1 1 zur Seite"); again is whether it replaces a
// throw that waits for its keep; aside is the keep's word in the game
// ("zur Seite", "behalten").
func (p *play) throwWords(text string, again bool, aside [2]string) string {
	rollText, keepText, hasKeep := strings.Cut(text, "/")
	w := fmt.Sprintf(p.tr("throw %s", "Wurf %s"), p.keepWords(rollText))
	if again {
		w = fmt.Sprintf(p.tr("new throw %s", "neuer Wurf %s"), p.keepWords(rollText))
	}
	if hasKeep {
		w += ", " + fmt.Sprintf(p.tr(aside[0], aside[1]), p.keepWords(keepText))
	}
	return w
}

// say shows a message.
func (p *play) say(msg string) { p.message.SetText(msg) }

// warm reports whether the tables the review of the game's end needs are
// there (loaded or built since the screen opened).
func (p *play) warm() bool {
	if p.warmed == nil {
		return true // nothing was started
	}
	select {
	case <-p.warmed:
		return true
	default:
		return false
	}
}

// refuse shows why an entry was not taken. The input keeps what was typed.
func (p *play) refuse(err error) {
	p.refused = errorCode(err)
	p.message.SetText(p.refusedTag() + p.errText(err))
	if gameGone(err) {
		typed := strings.TrimSpace(p.input.GetText())
		if d := p.view.typedThrow(); d != nil {
			typed = strings.TrimSpace(validate.FormatDice(d) + " " + typed)
		}
		p.showGone(typed)
	}
}

// gameGone: err says the game is no longer in the database (a restore put
// back a backup without it, or another program removed it).
func gameGone(err error) bool {
	var se *storage.Error
	return errors.As(err, &se) && (se.Code == storage.CodeGameGone || se.Code == storage.CodeNotFound)
}

// showGone says, in a dialog, that the game shown is no longer in the
// database, what of it was stored and what not (typed: what was typed
// and not stored, "" none); its key goes back to the home screen. The
// screen takes no entry any more.
func (p *play) showGone(typed string) {
	if p.ui.top() != screen(p) {
		return
	}
	p.gone = true
	p.view.cancel()
	p.input.SetText("")
	n := p.game().Len()
	stored := fmt.Sprintf(p.tr("Stored before: the %s shown here (the game as it stands on this screen). The database has none of them now; after a restore, the backup it made first (…-before-restore.db in the backups folder beside the database) still holds them.",
		"Vorher gespeichert: %s, die hier zu sehen sind (das Spiel, wie es hier steht). Die Datenbank hat keinen davon mehr; nach einem Zurückspielen hat sie die Sicherung, die es vorher gemacht hat (…-before-restore.db im Ordner backups neben der Datenbank)."), p.entriesWord(n))
	if n == 1 {
		stored = p.tr("Stored before: the 1 entry shown here (the game as it stands on this screen). The database does not have it now; after a restore, the backup it made first (…-before-restore.db in the backups folder beside the database) still holds it.",
			"Vorher gespeichert: der 1 Eintrag, der hier zu sehen ist (das Spiel, wie es hier steht). Die Datenbank hat ihn nicht mehr; nach einem Zurückspielen hat sie die Sicherung, die es vorher gemacht hat (…-before-restore.db im Ordner backups neben der Datenbank).")
	}
	if n == 0 {
		stored = p.tr("Stored before: the game's start (players and house rules), no entry yet.",
			"Vorher gespeichert: der Beginn des Spiels (Spieler und Hausregeln), noch kein Eintrag.")
	}
	notStored := p.tr("Not stored: anything typed here from now on; nothing more can be entered into this game.",
		"Nicht gespeichert: alles, was hier ab jetzt getippt wird; in dieses Spiel lässt sich nichts mehr eintragen.")
	if typed != "" {
		notStored = fmt.Sprintf(p.tr("Not stored: what was typed (%s), and anything typed here from now on; nothing more can be entered into this game.",
			"Nicht gespeichert: das Getippte (%s) und alles, was hier ab jetzt getippt wird; in dieses Spiel lässt sich nichts mehr eintragen."), esc(typed))
	}
	// "NOT TAKEN" only of an entry typed: the check, or a key such as *
	// with nothing typed, took nothing to refuse.
	tag := ""
	if typed != "" {
		tag = p.refusedTag()
	}
	p.say(tag + p.tr("This game is no longer in the database.", "Dieses Spiel ist nicht mehr in der Datenbank."))
	head, why := p.goneWhy()
	p.ui.homeDialog(head, why, stored, notStored)
}

func (p *play) refusedTag() string {
	return "[red::rb]" + p.tr(" NOT TAKEN ", " NICHT ÜBERNOMMEN ") + "[-::-] "
}

// commit stores an entry; only after that does the screen show it, and
// then, on the UI goroutine, runs then (may be nil). The write happens off
// the UI goroutine: meanwhile the screen says the entry is being saved and
// takes no other entry. commit reports whether the entry is on its way
// (the caller may clear the input: a refusal puts what was typed back); on
// a refusal the message says why and then does not run.
func (p *play) commit(e scoresheet.Entry, then func()) bool {
	if p.saving != nil {
		p.sayWait()
		return false
	}
	// The rules answer at once: only the database may keep the table waiting.
	after := p.game().Clone()
	if err := after.Apply(e); err != nil {
		p.refuse(err)
		return false
	}
	before := len(p.game().Turns())
	atStake := p.atStake
	if t := p.game().Family(); t != nil {
		atStake = t.TurnPoints()
	}
	what := p.describeEntry(e, p.game().Rules.Game)
	doing := p.saveNote(what)
	var first func() // what the write waits for first: nothing, usually
	if after.Finished() && !p.warm() {
		// The entry that ends the game is stored with the game's review,
		// which waits for its tables (the first game of four in Dreißig
		// tot: a table of seconds, far beyond the database's wait): the
		// wait for them comes first, and says so; the database's own
		// wait begins after it.
		doing += p.tr(" · the review is being computed (only the first time takes long)",
			" · die Auswertung wird berechnet (nur das erste Mal dauert es)")
		first = func() { <-p.warmed }
	}
	started := p.writeEntry(first, doing, what,
		func(ctx context.Context, sg *storage.StoredGame) error { return p.ui.store.Append(ctx, sg, e) },
		func(err error) {
			if err != nil {
				p.refuse(err)
				p.reloadOnConflict(err)
				return
			}
			p.taken(e, before)
			if then != nil && p.ui.top() == screen(p) {
				then()
			}
		})
	if started {
		p.atStake = atStake
	}
	return started
}

// taken says what the entry just stored did (before is the number of
// finished turns before it) and shows the game-over screen when it ended
// the game.
func (p *play) taken(e scoresheet.Entry, before int) {
	p.refused = ""
	turns := p.game().Turns()
	var msgs []string
	for _, res := range turns[before:] {
		msgs = append(msgs, p.turnSummary(res))
		for _, ev := range res.Events {
			msgs = append(msgs, "[::b]"+p.describeEvent(ev)+".[::-]")
		}
	}
	if len(msgs) > 0 {
		if !p.game().Finished() {
			msgs = append(msgs, p.tr("Next: ", "Weiter: ")+"[::b]"+esc(p.game().Current())+"[::-]")
		}
		p.say(strings.Join(msgs, " "))
	} else {
		p.say(p.tr("Taken: ", "Übernommen: ") + p.describeEntry(e, p.game().Rules.Game))
	}
	if p.game().Finished() && p.ui.top() == screen(p) {
		if p.ui.overlay {
			p.ui.closeOverlay() // help or the leave dialog: the game is over now
		}
		over := newGameOver(p.ui, p.sg)
		over.note = strings.Join(msgs, " ")
		over.refresh()
		p.ui.replace(over)
	}
}

// saving is a write of the game under way off the UI goroutine.
type saving struct {
	*job
	typed string // the input when the write began: a refusal puts it back
	entry bool   // an entry or its undo (the words say "entry")
}

// write runs do on a copy of the stored game off the UI goroutine (the
// database may be busy: the screen must not freeze meanwhile) and then,
// back on the UI goroutine, keeps the copy if do succeeded and calls done.
// Meanwhile the message line says doing (and the screen takes no other
// entry); what names the write in a refusal shown elsewhere. first (may be
// nil) runs before do, off the UI goroutine and before the database's wait
// begins. false if another write is still under way.
func (p *play) write(first func(), doing, what string, do func(context.Context, *storage.StoredGame) error, done func(error)) bool {
	if p.saving != nil {
		p.sayWait()
		return false
	}
	j := &job{text: p.text, from: p, doing: doing, what: what, first: first}
	p.saving = &saving{job: j, typed: p.input.GetText()}
	p.say("[::b]" + doing + "[::-]")
	work := *p.sg
	work.Game = p.sg.Game.Clone()
	p.ui.background(j, func(ctx context.Context) error { return do(ctx, &work) }, func(err error) {
		s := p.saving
		p.saving = nil
		if err == nil {
			g := p.sg.Game
			*g = *work.Game // the views keep p.sg.Game: update it in place
			work.Game = g
			*p.sg = work
		} else {
			p.input.SetText(s.typed)
		}
		done(err)
		if p.ui.top() == screen(p) {
			p.refresh()
		}
	})
	return true
}

// writeEntry is write for an entry or its undo.
func (p *play) writeEntry(first func(), doing, what string, do func(context.Context, *storage.StoredGame) error, done func(error)) bool {
	if !p.write(first, doing, what, do, done) {
		return false
	}
	p.saving.entry = true
	p.saving.wait = p.tr("One moment: the entry is still being saved.", "Einen Moment: der Eintrag wird noch gespeichert.")
	return true
}

// sayWait says that keys wait until the write under way is done, and
// which keys were typed meanwhile.
func (p *play) sayWait() {
	if typed := p.ui.heldKeys(p); typed != "" {
		p.say(p.saving.aheadNote(typed))
		return
	}
	p.say(p.saving.waitNote())
}

// aheadDropped says that the keys typed while the write was under way were
// not applied (the write was refused): first, so that a long refusal does
// not push it off the message line.
func (p *play) aheadDropped(typed string) {
	msg := p.message.GetText(false)
	note := p.droppedNote(typed) + " "
	if tag := p.refusedTag(); strings.HasPrefix(msg, tag) {
		p.say(tag + note + strings.TrimPrefix(msg, tag))
		return
	}
	p.say(note + msg)
}

// checkElsewhere loads the game again when another program changed it
// since this screen last saw it, and says so; what was typed stays. It
// reads off the UI goroutine (readGame): keys typed meanwhile wait and
// then apply to the game as it stands, so no entry is written before the
// check has answered.
func (p *play) checkElsewhere(at versionAt) {
	if p.saving != nil || p.gone || unchanged(p.seenAt, at) {
		return // the entry under way checks the revision itself
	}
	id, seen := p.sg.ID, p.sg.Revision()
	before := p.message.GetText(false)
	p.readGame(p.tr("checking for changes made elsewhere…", "Änderungen von anderswo werden gesucht…"), func(ctx context.Context) func() {
		rev, err := p.ui.store.Revision(ctx, id)
		if gameGone(err) {
			return func() { p.say(before); p.showGone("") }
		}
		if err != nil || rev == seen {
			return func() {
				p.say(before) // what the line said before keys typed meanwhile
				if err == nil {
					p.seenAt = at
				}
			}
		}
		sg, err := p.ui.store.LoadGame(ctx, id)
		return func() {
			if err != nil {
				p.say(before + " " + p.errText(err))
				return
			}
			p.seenAt = at
			if p.loaded(sg) {
				p.say("[::b]" + p.tr("Changed elsewhere (a restore, another terminal): loaded again as it stands now.",
					"Anderswo geändert (Zurückspielen, anderes Terminal): so steht das Spiel jetzt.") + "[::-]")
				p.refresh()
			}
		}
	})
}

// readGame reads the store for the play screen off the UI goroutine (a
// database another program holds must not freeze the table), then applies
// what fetch returns on it. Meanwhile the screen is busy as during a write
// (p.saving): no entry starts, and the keys typed are kept and applied
// whole, in order, once the read is applied (keyWhileSaving, UI.read).
func (p *play) readGame(doing string, fetch func(ctx context.Context) (apply func())) {
	var s *saving
	j := p.ui.read(p, doing, func(ctx context.Context) func() {
		apply := fetch(ctx)
		return func() {
			if p.saving == s {
				p.saving = nil
			}
			apply()
		}
	})
	s = &saving{job: j, typed: p.input.GetText()}
	p.saving = s
}

// loaded puts the game read again in place of the one shown, keeping what
// was typed; false when the screen was left meanwhile or the game is over
// (then the game-over screen shows).
func (p *play) loaded(sg *storage.StoredGame) bool {
	if p.ui.top() != screen(p) {
		return false
	}
	typed := p.input.GetText()
	if p.view.cancel() && typed != "" {
		p.input.SetText(typed)
	}
	g := p.sg.Game
	*g = *sg.Game // the views keep p.sg.Game: update it in place
	sg.Game = g
	*p.sg = *sg
	if p.game().Finished() {
		p.ui.replace(newGameOver(p.ui, p.sg))
		return false
	}
	return true
}

// reloadOnConflict loads the game again (off the UI goroutine) when
// another program (a second device, the command line) changed it
// meanwhile, so that the table sees the stored state and can enter again.
// What was typed, and the keys typed while the refused entry was being
// saved, are dropped (and named): they were meant for a state that is
// gone, maybe another player's turn. Keys typed while it loads apply to
// the game as it stands.
func (p *play) reloadOnConflict(err error) {
	var se *storage.Error
	if !errors.As(err, &se) || se.Code != storage.CodeConflict {
		return
	}
	typed := strings.TrimSpace(p.input.GetText())
	if d := p.view.typedThrow(); d != nil {
		typed = strings.ReplaceAll(validate.FormatDice(d), " ", "")
	}
	ahead := p.ui.dropAhead(p)
	if ahead != "" {
		p.aheadDropped(ahead)
	}
	refused := p.message.GetText(false)
	id := p.sg.ID
	p.readGame(p.tr("loading the game again…", "das Spiel wird neu geladen…"), func(ctx context.Context) func() {
		sg, lerr := p.ui.store.LoadGame(ctx, id)
		return func() {
			if gameGone(lerr) {
				p.showGone(typed)
				return
			}
			if lerr != nil {
				p.say(refused + " " + p.errText(lerr))
				return
			}
			if !p.loaded(sg) {
				return
			}
			p.view.cancel()
			p.input.SetText("")
			msg := p.refusedTag() + p.tr("The game was changed elsewhere meanwhile and has been loaded again: this is how it stands now.",
				"Das Spiel wurde inzwischen anderswo geändert und neu geladen: so steht es jetzt.")
			if typed != "" {
				msg += " " + fmt.Sprintf(p.tr("What was typed (%s) is dropped: type it again if it still holds.",
					"Das Getippte (%s) ist verworfen: neu eingeben, falls es noch gilt."), esc(typed))
			}
			p.say(msg)
			if ahead != "" {
				p.aheadDropped(ahead)
			}
			p.refresh()
		}
	})
}

// turnSummary says how a finished turn ended.
func (p *play) turnSummary(res scoresheet.TurnResult) string {
	pts, dice := p.game().Table()
	return p.words().TurnSummary(p.game().Rules, res, p.atStake, [2]int{pts, dice})
}

// canUndo reports whether undo has something to take back: a throw
// waiting for its keep or a stored entry.
func (p *play) canUndo() bool { return p.view.typedThrow() != nil || p.game().Len() > 0 }

// undo takes back a throw typed but not taken yet (at the keep prompt);
// otherwise the last stored entry, and says what it was.
func (p *play) undo() {
	if d := p.view.typedThrow(); d != nil {
		p.view.cancel()
		p.input.SetText("")
		p.say(fmt.Sprintf(p.tr("Taken back: the throw %s (it was not stored yet).", "Zurückgenommen: der Wurf %s (er war noch nicht gespeichert)."), validate.FormatDice(d)))
		p.refresh()
		return
	}
	p.input.SetText("")
	if p.game().Len() == 0 {
		p.say(p.tr("Nothing to take back.", "Nichts zurückzunehmen."))
		p.refresh()
		return
	}
	var e scoresheet.Entry
	p.writeEntry(nil, p.tr("taking back the last entry…", "der letzte Eintrag wird zurückgenommen…"),
		p.tr("taking back the last entry", "den letzten Eintrag zurücknehmen"),
		func(ctx context.Context, sg *storage.StoredGame) (err error) {
			e, err = p.ui.store.Undo(ctx, sg)
			return err
		},
		func(err error) {
			if err != nil {
				p.refuse(err)
				p.reloadOnConflict(err)
				return
			}
			msg := fmt.Sprintf(p.tr("Taken back: %s (%s).", "Zurückgenommen: %s (%s)."), p.describeEntry(e, p.game().Rules.Game), "[::b]"+esc(p.game().Current())+"[::-]")
			if r, ok := p.view.(reofferer); ok && r.reoffer(e) {
				// The usual mistake is the wrong keep: the throw stays, only the
				// keep is chosen again.
				again := p.tr("Pick the keep again; Esc corrects the throw.", "Auswahl neu treffen; Esc korrigiert den Wurf.")
				if k, ok := p.view.(*kniffelView); ok && k.lastThrow() {
					// Kniffel's last throw: its dice still lie there, for a box.
					again = p.tr("Choose the box again; Esc corrects the throw.", "Feld neu wählen; Esc korrigiert den Wurf.")
				}
				msg += " " + again
			}
			p.say(msg)
		})
}

// reofferer is a view that, after an undo, can offer the throw taken back
// again so that only its keep needs choosing.
type reofferer interface {
	reoffer(e scoresheet.Entry) bool
}

// parseDice reads typed dice; a bad character is refused with the rules' message.
func (p *play) parseDice(s string) ([]int, bool) {
	d, err := validate.ParseDice(s)
	if err != nil {
		p.refuse(err)
		return nil, false
	}
	if len(d) == 0 {
		p.refuse(&validate.Error{Code: validate.CodeNoDice})
		return nil, false
	}
	return d, true
}

// splitThrow splits "ROLL/KEEP" typed in one go; keep is nil without a slash.
// A bad character is named at its position in the whole text typed.
func (p *play) splitThrow(s string) (roll, keep []int, hasKeep, ok bool) {
	roll, keep, _, hasKeep, err := validate.ParseThrowText(s, false)
	if err != nil {
		p.refuse(err)
		return nil, nil, false, false
	}
	if len(roll) == 0 {
		p.refuse(&validate.Error{Code: validate.CodeNoDice})
		return nil, nil, false, false
	}
	return roll, keep, hasKeep, true
}

// errorCode is the stable code of a rule or storage error, "" for others.
func errorCode(err error) string {
	var ve *validate.Error
	if errors.As(err, &ve) {
		return string(ve.Code)
	}
	var se *storage.Error
	if errors.As(err, &se) {
		return string(se.Code)
	}
	return ""
}
