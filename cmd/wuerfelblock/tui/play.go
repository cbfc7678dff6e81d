package tui

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/coach"
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
	// command handles a key typed on an empty input (letters, arrows,
	// Enter); true means it was used.
	command(ev *tcell.EventKey) bool
	// cancel drops a throw typed but not yet taken; false if there was none.
	cancel() bool
	// typedThrow is a throw typed but not yet taken (its keep is still to
	// be chosen); nil if there is none.
	typedThrow() []int
	keys() []keyHelp
	prompt() string
}

// play is the screen of a running game: a header, the game's view, the
// message line, the input line and a line of key hints.
type play struct {
	text
	ui      *UI
	sg      *storage.StoredGame
	view    gameView
	header  *tview.TextView
	message *tview.TextView
	input   *tview.InputField
	hints   *tview.TextView
	layout  *fitFlex
	// hintKeys are the keys the hint line shows: the view's first, then
	// undo, help and leave. The line wraps to a second row when it does not
	// fit; where the game's sheet needs that row, the view's extra keys are
	// left out instead (help lists them all).
	hintKeys []keyHelp
	hintView int // how many of hintKeys are the view's
	// brief: the views give the short key list for the hint line.
	brief bool
	// atStake are the turn's points before the last entry (what a bust loses).
	atStake int
}

func newPlay(ui *UI, sg *storage.StoredGame) *play {
	p := &play{text: ui.text, ui: ui, sg: sg}
	go ReviewValuers().Warm(sg.Game.Rules) // the review at the game's end needs the tables
	p.header = newTextView().SetWrap(false)
	p.message = newTextView()
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
			for i := p.hintView - 1; i >= 1 && tview.TaggedStringWidth(hintLine(keys)) > width; i-- {
				keys = slices.Delete(keys, i, i+1)
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

func (p *play) help() ([]keyHelp, *validate.Rules) {
	// Esc is explained once, below, for every case.
	var view []keyHelp
	for _, k := range p.view.keys() {
		if k.key != "Esc" {
			view = append(view, k)
		}
	}
	keys := append(view,
		keyHelp{"*", fmt.Sprintf(p.tr("coach: off, odds, advice (now: %s)", "Rat: aus, Chancen, Rat (jetzt: %s)"), p.coachName(p.coach()))},
		keyHelp{"u / Ctrl-Z", p.tr("take back the throw waiting for its keep, else the last entry (u on an empty input)",
			"den Wurf zurücknehmen, der auf seine Auswahl wartet, sonst den letzten Eintrag (u bei leerer Eingabe)")},
		keyHelp{"Esc", p.tr("clear the input / drop a typed throw; on an empty input: leave (asks first)", "Eingabe löschen / getippten Wurf verwerfen; bei leerer Eingabe: Spiel verlassen (mit Rückfrage)")},
		keyHelp{"q / Ctrl-C", p.tr("leave the game (asks first; the game is saved)", "Spiel verlassen (mit Rückfrage; das Spiel ist gespeichert)")},
	)
	return keys, p.game().Rules
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
	empty := strings.TrimSpace(p.input.GetText()) == ""
	switch ev.Key() {
	case tcell.KeyCtrlZ:
		p.undo()
		return nil
	case tcell.KeyCtrlC:
		p.back() // asks, like q: Ctrl-C must not end a running game unasked
		return nil
	case tcell.KeyEscape:
		if !empty {
			p.input.SetText("")
			return nil
		}
		if p.view.cancel() {
			p.refresh()
			return nil
		}
		return ev
	case tcell.KeyEnter:
		if empty {
			p.input.SetText("")
			p.view.command(ev)
		} else if p.view.submit(strings.TrimSpace(p.input.GetText())) {
			p.input.SetText("")
		}
		p.refresh()
		return nil
	case tcell.KeyRune:
		r := ev.Rune()
		switch {
		case empty && r == '*' && coach.Covers(p.game().Rules.Game):
			// A turned five is typed after its 5 (5*): * on an empty
			// input can only mean the coach.
			p.switchCoach()
			p.refresh()
			return nil
		case isDiceChar(r):
			return ev
		case r == '?' || r == 'q':
			return ev
		case empty && r == 'u':
			p.undo()
			return nil
		case empty && p.view.command(ev):
			p.refresh()
			return nil
		case !empty:
			// A command letter after typed dice would be lost without a word.
			p.say(fmt.Sprintf(p.tr("'%c' is a command: first press Enter for the dice typed, or Esc to clear them.",
				"„%c“ ist ein Befehl: erst die getippten Würfel mit Enter übernehmen oder mit Esc löschen."), r))
			return nil
		}
		return nil // letters are commands, never dice
	case tcell.KeyUp, tcell.KeyDown, tcell.KeyLeft, tcell.KeyRight, tcell.KeyTab, tcell.KeyBacktab, tcell.KeyPgUp, tcell.KeyPgDn, tcell.KeyHome, tcell.KeyEnd:
		if empty && p.view.command(ev) {
			p.refresh()
			return nil
		}
	}
	return ev
}

func (p *play) back() {
	q := p.tr("Leave the game? It is saved: \"Continue\" on the home screen resumes it.",
		"Spiel verlassen? Es ist gespeichert: „Weiterspielen“ im Hauptmenü setzt es fort.")
	if d := p.view.typedThrow(); d != nil {
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
			ctx, cancel := p.ui.ctx()
			defer cancel()
			if err := p.ui.store.Abandon(ctx, p.sg.ID); err != nil {
				p.refuse(err)
				return
			}
			p.ui.home()
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
	changed := g.Rules.Options.Map(g.Rules.Game)
	var house []string
	for _, spec := range validate.OptionSpecs(g.Rules.Game) {
		if v, ok := changed[spec.ID]; ok {
			house = append(house, spec.Name(p.lang)+" "+p.formatValue(v))
		}
	}
	if len(house) > 0 {
		h += " · [::d]" + esc(strings.Join(house, ", ")) + "[::-]"
	}
	p.header.SetText(h)
	p.view.refresh()
	p.input.SetLabel(p.view.prompt() + " ")
	p.brief = true
	keys := p.view.keys()
	p.brief = false
	p.hintView = len(keys)
	p.hintKeys = append(keys,
		keyHelp{"u", p.tr("undo", "zurück")}, keyHelp{"?", p.tr("help", "Hilfe")}, keyHelp{"q", p.tr("leave", "verlassen")})
	p.hints.SetText(hintLine(p.hintKeys))
}

// say shows a message.
func (p *play) say(msg string) { p.message.SetText(msg) }

// refuse shows why an entry was not taken. The input keeps what was typed.
func (p *play) refuse(err error) {
	p.message.SetText("[red::rb]" + p.tr(" NOT TAKEN ", " NICHT ÜBERNOMMEN ") + "[-::-] " + p.errText(err))
}

// commit stores an entry; only after that does the screen show it. On
// a refusal the message says why and false is returned.
func (p *play) commit(e scoresheet.Entry) bool {
	before := len(p.game().Turns())
	if t := p.game().Family(); t != nil {
		p.atStake = t.TurnPoints()
	}
	ctx, cancel := p.ui.ctx()
	defer cancel()
	if err := p.ui.store.Append(ctx, p.sg, e); err != nil {
		p.refuse(err)
		p.reloadOnConflict(err)
		return false
	}
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
	if p.game().Finished() {
		over := newGameOver(p.ui, p.sg)
		over.note = strings.Join(msgs, " ")
		over.refresh()
		p.ui.replace(over)
	}
	return true
}

// checkElsewhere loads the game again when another program changed it
// since this screen last saw it, and says so; what was typed stays.
func (p *play) checkElsewhere() {
	ctx, cancel := p.ui.ctx()
	defer cancel()
	rev, err := p.ui.store.Revision(ctx, p.sg.ID)
	if err != nil || rev == p.sg.Revision() {
		return
	}
	if p.reload() {
		p.message.SetText("[::b]" + p.tr("Changed elsewhere (another terminal or the command line): this is how the game stands now.",
			"Anderswo geändert (anderes Terminal oder Befehlszeile): so steht das Spiel jetzt.") + "[::-]")
		p.refresh()
	}
}

// reload replaces the game by the stored one, keeping what was typed; false
// when it could not be loaded or the game is over (then the game-over
// screen shows).
func (p *play) reload() bool {
	ctx, cancel := p.ui.ctx()
	defer cancel()
	sg, lerr := p.ui.store.LoadGame(ctx, p.sg.ID)
	if lerr != nil {
		p.message.SetText(p.message.GetText(false) + " " + p.errText(lerr))
		return false
	}
	typed := p.input.GetText()
	if p.view.cancel() && typed != "" {
		p.input.SetText(typed)
	}
	*p.sg = *sg
	if p.game().Finished() {
		p.ui.replace(newGameOver(p.ui, p.sg))
		return false
	}
	return true
}

// reloadOnConflict loads the game again when another program (a second
// device, the command line) changed it meanwhile, so that the table sees
// the stored state and can enter again. What was typed is dropped (and
// named): it was meant for a state that is gone, maybe another player's turn.
func (p *play) reloadOnConflict(err error) {
	var se *storage.Error
	if !errors.As(err, &se) || se.Code != storage.CodeConflict {
		return
	}
	msg := "[red::rb]" + p.tr(" NOT TAKEN ", " NICHT ÜBERNOMMEN ") + "[-::-] " +
		p.tr("The game was changed elsewhere meanwhile and has been loaded again: this is how it stands now.",
			"Das Spiel wurde inzwischen anderswo geändert und neu geladen: so steht es jetzt.")
	typed := strings.TrimSpace(p.input.GetText())
	if d := p.view.typedThrow(); d != nil {
		typed = strings.ReplaceAll(validate.FormatDice(d), " ", "")
	}
	if p.reload() {
		p.view.cancel()
		p.input.SetText("")
		if typed != "" {
			msg += " " + fmt.Sprintf(p.tr("What was typed (%s) is dropped: type it again if it still holds.",
				"Das Getippte (%s) ist verworfen: neu eingeben, falls es noch gilt."), esc(typed))
		}
		p.message.SetText(msg)
		p.refresh()
	}
}

// turnSummary says how a finished turn ended.
func (p *play) turnSummary(res scoresheet.TurnResult) string {
	who := "[::b]" + esc(res.Player) + "[::-]"
	total := res.Totals[res.Seat]
	r := p.game().Rules
	switch res.End {
	case validate.Bust:
		if r.Variant().TableTurns {
			return fmt.Sprintf(p.tr("[::r] BUST [::-] %s: nothing scores.", "[::r] FEHLWURF [::-] %s: nichts zählt."), who)
		}
		if res.Points < 0 {
			return fmt.Sprintf(p.tr("[::r] BUST [::-] %s loses the turn and %d points (now %d).", "[::r] FEHLWURF [::-] %s: Zug verloren und %d Punkte abgezogen (jetzt %d)."), who, -res.Points, total)
		}
		if p.atStake == 0 {
			return fmt.Sprintf(p.tr("[::r] BUST [::-] %s: nothing scores, the turn is over.", "[::r] FEHLWURF [::-] %s: nichts zählt, der Zug ist vorbei."), who)
		}
		return fmt.Sprintf(p.tr("[::r] BUST [::-] %s: the turn's %d points are lost.", "[::r] FEHLWURF [::-] %s: die %d Punkte des Zugs sind verloren."), who, p.atStake)
	case validate.Stopped:
		return fmt.Sprintf(p.tr("%s writes %d (total %d).", "%s schreibt %d (Stand %d)."), who, res.Points, total)
	case validate.NixEnd:
		return fmt.Sprintf(p.tr("%s: nix! %d points (total %d).", "%s: Nix! %d Punkte (Stand %d)."), who, res.Points, total)
	case validate.Voided:
		return fmt.Sprintf(p.tr("%s: three void throws, the turn ends with nothing.", "%s: drei Fehlversuche, der Zug endet ohne Punkte."), who)
	}
	switch engine := r.TurnEngine(); {
	case r.Variant().TableTurns:
		pts, dice := p.game().Table()
		scored := ""
		if es := p.game().Entries(); len(es) > 0 {
			// Every scoring die went aside: the engine's keep of the throw.
			if ks := r.LegalKeeps(es[len(es)-1].Roll); len(ks) > 0 {
				scored = fmt.Sprintf(p.tr("%s: %s score %d. ", "%s: %s zählen %d. "), who, validate.FormatDice(ks[0].Dice), ks[0].Points)
				if len(ks[0].Dice) == 1 {
					scored = fmt.Sprintf(p.tr("%s: %s scores %d. ", "%s: %s zählt %d. "), who, validate.FormatDice(ks[0].Dice), ks[0].Points)
				}
			}
		}
		return scored + fmt.Sprintf(p.tr("%d points lie out, the next player throws %s.", "%d Punkte liegen aus, der Nächste wirft %s."), pts, p.dice(dice))
	case engine == validate.FamilyKniffel:
		name := res.Category
		if c, err := validate.ParseCategory(res.Category); err == nil {
			name = c.Name(p.lang)
		}
		return fmt.Sprintf(p.tr("%s: %s %d (total %d).", "%s: %s %d (Stand %d)."), who, name, res.Points, total)
	case engine == validate.FamilyTot:
		return fmt.Sprintf(p.tr("%s: %d points this turn (total %d).", "%s: %d Punkte in diesem Zug (Stand %d)."), who, res.Points, total)
	case engine == validate.FamilyDreissig:
		return fmt.Sprintf(p.tr("%s: %d pips, account %d.", "%s: %d Augen, Konto %d."), who, res.Points, total)
	}
	return fmt.Sprintf("%s: %d", who, res.Points)
}

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
	ctx, cancel := p.ui.ctx()
	defer cancel()
	e, err := p.ui.store.Undo(ctx, p.sg)
	if err != nil {
		p.refuse(err)
		p.reloadOnConflict(err)
		return
	}
	msg := fmt.Sprintf(p.tr("Taken back: %s (%s).", "Zurückgenommen: %s (%s)."), p.describeEntry(e, p.game().Rules.Game), "[::b]"+esc(p.game().Current())+"[::-]")
	if r, ok := p.view.(reofferer); ok && r.reoffer(e) {
		// The usual mistake is the wrong keep: the throw stays, only the
		// keep is chosen again.
		msg += " " + p.tr("Pick the keep again; Esc corrects the throw.", "Auswahl neu treffen; Esc korrigiert den Wurf.")
	}
	p.say(msg)
	p.refresh()
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
func (p *play) splitThrow(s string) (roll, keep []int, hasKeep, ok bool) {
	rs, ks, has := strings.Cut(s, "/")
	if roll, ok = p.parseDice(rs); !ok {
		return nil, nil, false, false
	}
	if !has {
		return roll, nil, false, true
	}
	k, err := validate.ParseDice(ks)
	if err != nil {
		p.refuse(err)
		return nil, nil, false, false
	}
	return roll, k, true, true
}
