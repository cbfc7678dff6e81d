package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// gameOver shows the standings and the winners, and offers a rematch.
type gameOver struct {
	text
	ui     *UI
	sg     *storage.StoredGame
	table  *tview.Table
	info   *tview.TextView
	layout *fitFlex
	note   string // how the last turn ended
	msg    string // what is being saved, or why it was not

	rv     *review.Review // the review (reviewed games), once computed
	rvBusy bool           // the review is being computed
	rvOpen bool           // a was pressed meanwhile: open it once there

	// seenAt is the store's data version at the last look at the game
	// (checkElsewhere); gone: the game is no longer in the database as
	// shown (a dialog says so).
	seenAt versionAt
	gone   bool
}

func newGameOver(ui *UI, sg *storage.StoredGame) *gameOver {
	s := &gameOver{text: ui.text, ui: ui, sg: sg}
	s.table = newTable()
	s.table.SetBorder(true).SetTitle(" " + s.tr("Game over: ", "Spiel zu Ende: ") + esc(s.gameName(sg.Game.Rules.Game)) + " ")
	s.info = newTextView()
	s.layout = &fitFlex{Flex: tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(s.table, 0, 1, false).
		AddItem(s.info, 5, 0, false)}
	s.layout.fit = s.fit
	s.refresh()
	s.startReview()
	return s
}

// fit gives the text below the standings as many rows as it needs once
// wrapped (a long last turn and long winners' names), so that the keys
// stay on the screen; the standings keep at least a few rows.
func (s *gameOver) fit(width, height int) {
	rows := 0
	for _, line := range strings.Split(s.info.GetText(false), "\n") {
		rows += max(len(tview.WordWrap(line, width)), 1)
	}
	s.layout.ResizeItem(s.info, max(min(rows, height-6), 1), 0)
}

func (s *gameOver) root() tview.Primitive  { return s.layout }
func (s *gameOver) focus() tview.Primitive { return s.table }
func (s *gameOver) typing() bool           { return false }
func (s *gameOver) back()                  { s.ui.home() }

// bindings is the screen's table of keys: its handler, its help and the
// line of keys under the winners are made from it.
func (s *gameOver) bindings() bindings {
	return bindings{
		{keys: runeKey('b'), label: "b", when: s.hasSheet, help: s.tr("the final sheet", "das fertige Blatt"),
			do: func() { s.ui.push(newTextPage(s.ui, s.tr("Final sheet", "Das fertige Blatt"), s.kniffelSheet())) }},
		{keys: runeKey('a'), label: "a", when: func() bool { return s.rv != nil || s.rvBusy },
			help: s.reviewKeyHelp(), do: s.openReview},
		{keys: runeKey('r'), label: "r", help: s.tr("rematch: same players, same rules", "Revanche: gleiche Spieler, gleiche Regeln"), do: s.rematch},
		{keys: append(runeKey('u'), keyPress{key: tcell.KeyCtrlZ}), label: "u / Ctrl-Z",
			help: s.tr("take back the last entry and play on", "letzten Eintrag zurücknehmen und weiterspielen"), do: s.undo},
		// q and Esc go home through the UI (back); Enter here.
		{keys: specialKey(tcell.KeyEnter), label: "Enter/q", help: s.tr("home", "Hauptmenü"), do: s.ui.home},
	}
}

func (s *gameOver) keys() []keyHelp { return s.bindings().keyHelp() }

// reviewKeyHelp says what a opens: Totwürfeln's review has luck only.
func (s *gameOver) reviewKeyHelp() string {
	if !review.RatesDecisions(s.sg.Game.Rules.Game) {
		return s.tr("the review: every player's luck", "die Auswertung: das Glück jedes Spielers")
	}
	return s.tr("the review: every decision's cost, luck", "die Auswertung: was jede Entscheidung kostete, Glück")
}

func (s *gameOver) help() ([]keyHelp, *validate.Rules) { return s.keys(), s.sg.Game.Rules }

func (s *gameOver) key(ev *tcell.EventKey) *tcell.EventKey {
	if s.bindings().handle(ev) {
		return nil
	}
	return ev
}

// hasSheet: the game has a sheet of boxes to show (Kniffel).
func (s *gameOver) hasSheet() bool { return s.sg.Game.Rules.TurnEngine() == validate.FamilyKniffel }

// kniffelSheet writes the finished Kniffel sheet: every box, the sums, both
// bonuses and the totals, one column per player.
func (s *gameOver) kniffelSheet() string {
	g := s.sg.Game
	const labelW, colW = 16, 9
	var b strings.Builder
	row := func(label string, vals []string, bold bool) {
		on, off := "", ""
		if bold {
			on, off = "[::b]", "[::-]"
		}
		fmt.Fprintf(&b, "%s%-*s", on, labelW, esc(clip(label, labelW)))
		for _, v := range vals {
			fmt.Fprintf(&b, "%*s", colW, esc(v))
		}
		b.WriteString(off + "\n")
	}
	var names []string
	for _, p := range g.Players {
		names = append(names, clip(p, colW-1))
	}
	row("", names, true)
	w := say.New(s.lang)
	for _, r := range g.KniffelSheet() {
		vals := make([]string, len(r.Cells))
		for seat, c := range r.Cells {
			vals[seat] = w.SheetCell(r, c)
		}
		row(w.SheetLabel(r), vals, r.Kind != scoresheet.RowBox && r.Kind != scoresheet.RowUpperBonus && r.Kind != scoresheet.RowKniffelBonus)
	}
	return b.String()
}

// undo takes back the last entry (off the UI goroutine) and then shows the
// game again to play on.
func (s *gameOver) undo() {
	work := *s.sg
	work.Game = s.sg.Game.Clone()
	j := s.ui.newJob(s, s.tr("taking back the last entry", "den letzten Eintrag zurücknehmen"))
	j.doing = s.tr("taking back the last entry…", "der letzte Eintrag wird zurückgenommen…")
	var e scoresheet.Entry
	s.ui.save(s, j, func(ctx context.Context) (err error) {
		e, err = s.ui.store.Undo(ctx, &work)
		return err
	}, func() {
		*s.sg = work
		if s.ui.top() != screen(s) {
			return
		}
		p := newPlay(s.ui, s.sg)
		p.say(fmt.Sprintf(s.tr("Taken back: %s (%s). The game goes on.", "Zurückgenommen: %s (%s). Das Spiel geht weiter."), s.describeEntry(e, s.sg.Game.Rules.Game), esc(s.sg.Game.Current())))
		s.ui.replace(p)
	})
}

// rematch starts the same game with the same players; in 5050 the winner
// starts (the seat order rotates so that the order around the table stays).
// The game is stored off the UI goroutine; its screen shows once stored.
func (s *gameOver) rematch() {
	g := s.sg.Game
	players := g.RematchOrder()
	note := ""
	if g.Rules.WinnerBegins() {
		if w := g.Winners(); len(w) > 0 {
			note = fmt.Sprintf(s.tr("Rematch: %s won and begins.", "Revanche: %s hat gewonnen und beginnt."), "[::b]"+esc(g.Players[w[0]])+"[::-]")
		}
	}
	level := s.sg.Coach // a rematch keeps the coach level of the game before
	j := s.ui.newJob(s, fmt.Sprintf(s.tr("rematch: %s with %s", "Revanche: %s mit %s"), esc(s.gameName(g.Rules.Game)), esc(strings.Join(players, ", "))))
	var sg *storage.StoredGame
	var coachErr error
	s.ui.save(s, j, func(ctx context.Context) (err error) {
		sg, coachErr, err = s.ui.createGame(ctx, g.Rules, players, level)
		return err
	}, func() {
		s.msg = ""
		if s.ui.top() == screen(s) {
			s.ui.openNewGame(sg, level, coachErr, note)
		}
	})
}

// tell shows a message above the winners.
func (s *gameOver) tell(msg string) {
	s.msg = msg
	s.refresh()
}

func (s *gameOver) refresh() {
	g := s.sg.Game
	t := s.table
	t.Clear()
	order := g.Standings()
	totals := g.Totals()
	winners := g.Winners()
	total := s.tr("Total", "Stand")
	switch v := g.Rules.Variant(); {
	case v.LowerWins:
		total = s.tr("Minus", "Minus") // the fewest win
	case v.Settle == validate.SettleAccount:
		total = s.tr("Account", "Konto")
	}
	head := []string{"", s.tr("Player", "Spieler"), total}
	rv := s.rv
	lossCol := rv != nil && review.RatesDecisions(g.Rules.Game) // Totwürfeln: luck only
	if rv != nil {
		head = append(head, s.tr("Luck", "Glück"))
	}
	if lossCol {
		head = append(head, s.tr("Loss", "Verlust"))
	}
	for c, h := range head {
		t.SetCell(0, c, cell(h, styleCurrent, tview.AlignLeft))
	}
	rank, _ := scoresheet.Ranks(g.Rules.Game, totals, winners) // equal totals share a place
	for r, seat := range order {
		st, mark := styleNormal, fmt.Sprintf("%d.", rank[seat])
		if slices.Contains(winners, seat) {
			st, mark = styleCurrent.Reverse(true), "★"
		}
		t.SetCell(r+1, 0, cell(mark, st, tview.AlignRight))
		t.SetCell(r+1, 1, cell(esc(g.Players[seat]), st, tview.AlignLeft))
		t.SetCell(r+1, 2, cell(say.Int(totals[seat]), st, tview.AlignRight))
		if rv != nil {
			luck, loss := s.signedPts(rv.Players[seat].Luck, rv), s.pts(rv.Players[seat].Loss, rv)
			switch {
			case rv.Win && rv.WinFrom == 0: // Kniffel's (from round 11) is on the review screen
				// As the review screen shows them: they add up (winShown).
				_, l, o, _ := winRow(rv.Players[seat], rv.Finished)
				luck, loss = s.ppN(l, true), s.ppN(o, false)
			case rv.Chances: // Dreißig tot: already percentage points
				_, l, o, _ := chanceRow(rv.Players[seat])
				luck, loss = s.ppN(l, true), s.ppN(o, false)
			}
			t.SetCell(r+1, 3, cell(luck, st, tview.AlignRight))
			if lossCol {
				t.SetCell(r+1, 4, cell(loss, st, tview.AlignRight))
			}
		}
	}
	var won []string
	for _, w := range winners {
		won = append(won, esc(g.Players[w]))
	}
	label := s.tr("Winner: ", "Gewonnen hat: ")
	if len(won) > 1 {
		label = s.tr("Winners: ", "Gewonnen haben: ")
	}
	tie := ""
	if g.TieBrokenBySeat() {
		tie = s.tr(" (same total: the earlier seat wins)", " (Gleichstand: wer früher dran war, gewinnt)")
	}
	note := ""
	if s.note != "" {
		note = s.note + "\n"
	}
	if s.msg != "" {
		note += s.msg + "\n"
	}
	if rv != nil {
		note += "[::d]" + lossLuckLegend(s.text, rv) + "[::-]\n"
	} else if s.rvBusy {
		note += "[::d]" + s.tr("The review is being computed…", "Die Auswertung wird berechnet…") + "[::-]\n"
	}
	s.info.SetText(note + "[::b]" + label + strings.Join(won, ", ") + "[::-]" + tie + "\n" + hintLine(s.keys()))
}
