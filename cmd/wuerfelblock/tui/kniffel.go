package tui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Sheet rows of the Kniffel table.
const (
	rowHead     = 0
	rowUpper    = 1 // six rows
	rowUpperSum = 7
	rowBonus    = 8
	rowLower    = 9 // seven rows
	rowLowerSum = 16
	rowKBonus   = 17
	rowTotal    = 18
)

// kniffelView is the Kniffel sheet with the turn panel.
type kniffelView struct {
	text
	p      *play
	sheet  *tview.Table
	turn   *tview.TextView
	layout *fitFlex
	// nameW is how many letters of a name the sheet's head shows; fit
	// narrows it so that every player's column fits the screen.
	nameW int
	// compact: the screen is too low for the whole sheet; it shows the
	// boxes and the totals, the turn panel the current player's sums.
	compact bool

	// pending is a throw typed in throw-by-throw mode whose keep (or box)
	// is not chosen yet.
	pending []int
	sel     validate.Category // the box under the cursor; -1 none
	// byThrow is the turn (its number, from 1) that t switched to throw-by-
	// throw entry; every other turn starts in the game's mode, final dice.
	byThrow int
	// lines are the turn panel's lines; fit picks their forms for its rows.
	lines []panelLine

	coachState kniffelCoach // coach_kniffel.go
}

func newKniffelView(p *play) *kniffelView {
	v := &kniffelView{text: p.text, p: p, sel: -1, nameW: kniffelNameMax}
	v.sheet = newTable()
	v.turn = newTextView()
	v.turn.SetBorder(true)
	v.layout = &fitFlex{Flex: tview.NewFlex().
		AddItem(v.sheet, 0, 3, false).
		AddItem(v.turn, 0, 2, false)}
	v.layout.fit = v.fit
	if p.coach() != storage.CoachOff {
		v.coachSolver() // the coach's table, built in the background
	}
	v.selectBest() // a game resumed with the dice in: the best box is ready
	return v
}

const (
	kniffelNameMax  = 9  // letters of a name in the sheet's head, at most
	kniffelPanelMin = 26 // columns the turn panel keeps beside the sheet
)

// fit gives the sheet the width its columns need and the turn panel the
// rest; with many players the names are shortened so that every player's
// column stays on the screen.
// minHeight is the rows the sheet needs on a screen of the given height:
// the whole sheet where it fits with a one-row hint line, else the compact
// one (boxes and totals). None of its rows may be cut.
func (v *kniffelView) minHeight(screenHeight int) int {
	if screenHeight-1-2-1-1 >= rowTotal+1 { // header, message, input, hints
		return rowTotal + 1
	}
	return compactRows
}

// compactRows are the rows of the compact sheet: head, 13 boxes, total.
const compactRows = 1 + int(validate.NumCategories) + 1

// sheetRow is the row of box c on the sheet.
func (v *kniffelView) sheetRow(c validate.Category) int {
	if c.Upper() {
		return rowUpper + int(c)
	}
	if v.compact {
		return rowUpper + int(c)
	}
	return rowLower + int(c-validate.Dreierpasch)
}

func (v *kniffelView) totalRow() int {
	if v.compact {
		return compactRows - 1
	}
	return rowTotal
}

func (v *kniffelView) fit(width, height int) {
	if compact := height < rowTotal+1; compact != v.compact {
		v.compact = compact
		v.refreshSheet()
		v.refreshTurn()
	}
	labelW := 0
	for row := 0; row < v.sheet.GetRowCount(); row++ {
		if c := v.sheet.GetCell(row, 0); c != nil {
			labelW = max(labelW, tview.TaggedStringWidth(c.Text))
		}
	}
	// A column is as wide as its name, and at least "(63)" or "1575".
	sheetWidth := func(nameW int) int {
		w := labelW + 1
		for _, name := range v.game().Players {
			w += max(len([]rune(say.Short(name, nameW))), 4) + 1
		}
		return w
	}
	nameW := kniffelNameMax
	for nameW > 3 && sheetWidth(nameW)+kniffelPanelMin > width {
		nameW--
	}
	if nameW != v.nameW {
		v.nameW = nameW
		v.refreshSheet()
	}
	v.layout.ResizeItem(v.sheet, sheetWidth(nameW), 0).ResizeItem(v.turn, 0, 1)
	v.fitTurn(width-sheetWidth(nameW)-2, height-2) // inside the border
}

// fitTurn fits the turn panel's lines to its rows: where they are too few,
// the least important lines give way first (fitLines), so that the dice,
// the box and the coach's holds stay on the screen.
func (v *kniffelView) fitTurn(width, rows int) {
	text, fits := fitLines(v.lines, width, rows)
	if text != v.turn.GetText(false) {
		v.turn.SetText(text)
	}
	if fits {
		v.turn.ScrollToBeginning()
	} else {
		v.turn.ScrollToEnd()
	}
}

func (v *kniffelView) body() tview.Primitive  { return v.layout }
func (v *kniffelView) game() *scoresheet.Game { return v.p.game() }

// quick reports whether the final dice are entered instead of every throw:
// the game's mode, except in a turn switched with t and in a turn whose
// throws are being entered one by one (as in a game resumed in the middle
// of such a turn).
func (v *kniffelView) quick() bool {
	t := v.game().KniffelTurn()
	if _, kept := t.Kept(); t.Throws() > 0 && (kept || v.pending != nil) {
		return false // quick entry is one entry of the final dice, never kept
	}
	return v.byThrow != v.turnNumber()
}

// turnNumber is the number of the turn being played, from 1.
func (v *kniffelView) turnNumber() int { return v.game().NumTurns() + 1 }

// early reports whether a throw is waiting for its hold with throws still
// to come: Enter takes a hold there, never a box (s writes one).
func (v *kniffelView) early() bool { return v.pending != nil && !v.lastThrow() }

func (v *kniffelView) prompt() string {
	t := v.game().KniffelTurn()
	switch {
	case v.lastThrow():
		return v.tr("box (a–m, ↑↓, Enter):", "Feld (a–m, ↑↓, Enter):")
	case v.pending != nil:
		return v.tr("keep (dice) or s (stand):", "behalten (Würfel) oder s (stehen lassen):")
	case v.canScore():
		return v.tr("box (a–m, ↑↓, Enter):", "Feld (a–m, ↑↓, Enter):")
	case v.quick():
		return v.tr("final dice:", "Endwürfel:")
	default:
		return fmt.Sprintf(v.tr("throw %d (%s):", "Wurf %d (%s):"), t.Throws()+1, v.text.dice(t.DiceToThrow()))
	}
}

// holdExample is the example of a hold at the hold prompt, from the dice
// that lie there: those of the face shown most (the highest on a tie),
// never a face that is not among them ("22" beside 1 3 4 5 6); two at
// most.
func (v *kniffelView) holdExample() string {
	d := v.pendingDice()
	best := 6
	for f := 6; f >= 1; f-- {
		if d[f] > d[best] {
			best = f
		}
	}
	if d[best] == 0 {
		return "22"
	}
	return strings.Repeat(string(rune('0'+best)), min(d[best], 2)) // as narrow as "22": the hint line keeps t
}

// pendingDice are the five dice of the throw waiting for its hold.
func (v *kniffelView) pendingDice() validate.Counts {
	return v.game().KniffelTurn().After(v.pending)
}

// lastThrow reports whether the pending throw is the turn's last: its
// dice go in a box, nothing can be kept.
func (v *kniffelView) lastThrow() bool {
	return v.pending != nil && v.game().KniffelTurn().ThrowsLeft() <= 1
}

// canToggle reports whether t switches the entry mode: before the turn's
// first throw is stored (a first throw typed throw by throw becomes the
// final dice).
func (v *kniffelView) canToggle() bool {
	return v.game().KniffelTurn().Throws() == 0
}

// dice are the five dice the boxes preview, and whether there are any.
func (v *kniffelView) dice() (validate.Counts, bool) {
	t := v.game().KniffelTurn()
	if v.pending != nil {
		return t.After(v.pending), true
	}
	return t.ScoreDice()
}

// canScore reports whether a box can be chosen now.
func (v *kniffelView) canScore() bool {
	_, ok := v.dice()
	return ok
}

func (v *kniffelView) cancel() bool {
	if v.pending == nil {
		return false
	}
	v.p.input.SetText(strings.ReplaceAll(validate.FormatDice(v.pending), " ", ""))
	v.pending = nil
	v.sel = -1
	return true
}

func (v *kniffelView) submit(s string) bool {
	t := v.game().KniffelTurn()
	if v.pending != nil && strings.Contains(s, "/") {
		// "ROLL/HOLD" typed while a throw waits for its hold: the typed
		// throw replaces it once taken; refused, the waiting throw stays
		// (as in the Zehntausend family).
		pending, sel := v.pending, v.sel
		v.pending, v.sel = nil, -1
		if v.submit(s) {
			return true
		}
		if v.pending == nil {
			v.pending, v.sel = pending, sel
		}
		return false
	}
	if v.pending != nil {
		keep, err := validate.ParseDice(s)
		if err != nil {
			v.p.refuse(err)
			return false
		}
		return v.throw(v.pending, keep)
	}
	if v.canScore() {
		v.p.say(v.tr("The dice are in: choose a box (a–m or ↑↓, Enter), or u to take them back.",
			"Die Würfel stehen: Feld wählen (a–m oder ↑↓, Enter) oder mit u zurücknehmen."))
		return false
	}
	roll, keep, hasKeep, ok := v.p.splitThrow(s)
	if !ok {
		return false
	}
	if v.quick() && t.Throws() == 0 && !hasKeep {
		return v.p.commit(scoresheet.Entry{Kind: scoresheet.EntryDice, Roll: roll}, v.selectBest)
	}
	if hasKeep {
		return v.throw(roll, keep)
	}
	if err := v.game().CheckRoll(roll); err != nil {
		v.p.refuse(err)
		return false
	}
	v.pending = roll
	v.selectBest()
	// "Throw 2: 6", never "Throw 6": a single die could be read as the throw's number.
	if v.lastThrow() {
		v.p.say(fmt.Sprintf(v.tr("Throw %d: %s. The last throw: choose a box.", "Wurf %d: %s. Der letzte Wurf: Feld wählen."), t.Throws()+1, validate.FormatDice(roll)))
		return true
	}
	v.p.say(fmt.Sprintf(v.tr("Throw %d: %s. ", "Wurf %d: %s. "), t.Throws()+1, validate.FormatDice(roll)) + v.holdHelp())
	return true
}

// holdHelp says what the keys at the hold prompt do: Enter takes the
// advised hold (or asks for one), s stands and writes the box.
func (v *kniffelView) holdHelp() string {
	if h, ok := v.advisedHold(); ok {
		return fmt.Sprintf(v.tr("Type the dice to keep, or Enter: %s (advice); s stands and writes the box.",
			"Zu behaltende Würfel tippen, oder Enter: %s (Rat); s lässt stehen und trägt ein."), v.holdPhrase(h, v.pendingDice()))
	}
	return v.tr("Type the dice to keep and Enter (n: none); s stands and writes the box.",
		"Zu behaltende Würfel tippen und Enter (n: keine); s lässt stehen und trägt ein.")
}

// takeHold is Enter on an empty input at the hold prompt: the coach's
// best hold where it advises (all five: the boxes come next, none is
// written), else a word on what to type. Never a box.
func (v *kniffelView) takeHold() {
	if h, ok := v.advisedHold(); ok {
		v.throw(v.pending, v.typedOrder(h))
		return
	}
	v.p.say(v.holdHelp())
}

// typedOrder is a hold in the order its dice were typed: the dice held
// before in their order, then those of the pending throw in theirs (so
// "Wurf 6 6 2 3 1, behalten 6 6 2 3" reads as the throw, not sorted).
func (v *kniffelView) typedOrder(hold validate.Counts) []int {
	var before []int
	g := v.game()
	if es := g.Entries(); g.TurnEntries() > 0 && len(es) > 0 && es[len(es)-1].Kind == scoresheet.EntryThrow {
		before = es[len(es)-1].Keep
	}
	out := make([]int, 0, hold.N())
	for _, d := range append(slices.Clone(before), v.pending...) {
		if d >= 1 && d <= 6 && hold[d] > 0 {
			hold[d]--
			out = append(out, d)
		}
	}
	return append(out, hold.Pips()...) // none left where the hold is of these dice
}

// finalDice takes a first throw typed throw by throw as the final dice
// (t): entered as quick entry, only the box is left to choose.
func (v *kniffelView) finalDice() {
	roll := v.pending
	v.byThrow = 0
	v.p.commit(scoresheet.Entry{Kind: scoresheet.EntryDice, Roll: roll}, func() {
		v.pending, v.sel = nil, -1
		v.selectBest()
		v.p.say(fmt.Sprintf(v.tr("Final dice: %s. Choose a box.", "Endwürfel: %s. Feld wählen."), validate.FormatDice(roll)))
	})
}

// released are the held dice a keep lets go (thrown again), in words; ""
// when it keeps every held die.
func (v *kniffelView) released(keep []int) string {
	t := v.game().KniffelTurn()
	held, ok := t.Kept()
	if !ok || t.Throws() == 0 {
		return ""
	}
	k := validate.CountsOf(keep)
	var out []int
	for f := 1; f <= 6; f++ {
		for range max(held[f]-k[f], 0) {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return ""
	}
	return validate.FormatDice(out)
}

// throw commits a throw with the dice kept for the next one.
func (v *kniffelView) throw(roll, keep []int) bool {
	released := ""
	if v.pending != nil {
		released = v.released(keep)
	}
	if v.game().KniffelTurn().LastThrow() {
		// The last throw of the turn: nothing can be kept for a next one.
		if len(keep) > 0 {
			v.p.refuse(&validate.Error{Code: validate.CodeKniffelKeepLast})
			return false
		}
		keep = nil
	} else if keep == nil {
		keep = []int{}
	}
	return v.p.commit(scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: keep}, func() {
		v.pending, v.sel = nil, -1
		if v.canScore() {
			v.selectBest() // all five kept: on to the box
		}
		if released != "" && keep != nil {
			v.p.say(sentenceEnd(v.p.message.GetText(false)) + " [::b]" + fmt.Sprintf(v.tr("Held before, now thrown again: %s.", "Vorher behalten, jetzt wieder geworfen: %s."), released) + "[::-]")
		}
	})
}

// score writes the dice in the chosen box (taking a pending throw first:
// before the last throw as a stand, the hold of all five).
func (v *kniffelView) score() {
	if v.sel < 0 {
		v.p.say(v.tr("Choose a box first (a–m or ↑↓).", "Erst ein Feld wählen (a–m oder ↑↓)."))
		return
	}
	box := func() {
		v.p.commit(scoresheet.Entry{Kind: scoresheet.EntryScore, Category: v.sel.ID()}, func() { v.sel = -1 })
	}
	if v.pending != nil {
		var keep []int
		if v.early() {
			keep = v.pendingDice().Pips()
		}
		v.p.commit(scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: v.pending, Keep: keep}, func() {
			v.pending = nil
			box()
		})
		return
	}
	box()
}

// move steps the cursor to the next free box.
func (v *kniffelView) move(down bool) {
	b := v.game().Boxes(v.game().Seat())
	n := int(validate.NumCategories)
	c := int(v.sel)
	for range n {
		if down {
			c = (c + 1 + n) % n
		} else {
			c = (c - 1 + n) % n
		}
		if !b.Filled[c] {
			v.sel = validate.Category(c)
			return
		}
	}
}

// selectBest puts the cursor on the free box the dice score most in.
func (v *kniffelView) selectBest() {
	d, ok := v.dice()
	if !ok {
		return
	}
	if c, ok := v.coachBestBox(d); ok {
		v.sel = c // the coach's advice
		return
	}
	g := v.game()
	b := g.Boxes(g.Seat())
	best := -1
	v.sel = -1
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		if pl, err := g.Rules.Place(b, d, c); err == nil && pl.Points > best {
			best, v.sel = pl.Points, c
		}
	}
}

func (v *kniffelView) refresh() {
	g := v.game()
	if v.sel >= 0 && g.Boxes(g.Seat()).Filled[v.sel] {
		v.sel = -1
	}
	if level := v.p.coach(); level != v.coachState.level {
		// Switched to Rat (*): the cursor goes to the advised box.
		v.coachState.level = level
		v.selectBest()
	}
	v.refreshSheet()
	v.refreshTurn()
}

func (v *kniffelView) refreshSheet() {
	g := v.game()
	t := v.sheet
	t.Clear()
	t.SetCell(rowHead, 0, cell("", styleNormal, tview.AlignLeft))
	for seat, name := range g.Players {
		head := styleCurrent
		if seat == g.Seat() {
			head = head.Reverse(true)
		}
		t.SetCell(rowHead, seat+1, cell(esc(say.Short(name, v.nameW)), head, tview.AlignRight))
	}
	w := v.words()
	for _, r := range g.KniffelSheet() {
		row, ok := v.tableRow(r)
		if !ok {
			continue // the compact sheet: sums and bonuses are in the turn panel
		}
		st := styleCurrent
		label := w.SheetLabel(r)
		switch r.Kind {
		case scoresheet.RowBox:
			st, label = styleNormal, fmt.Sprintf("%c %s", 'a'+rune(r.Category), label)
		case scoresheet.RowTotal:
			st = styleCurrent.Underline(true)
		}
		t.SetCell(row, 0, cell(label, st, tview.AlignLeft))
		for seat, c := range r.Cells {
			t.SetCell(row, seat+1, v.sheetCell(r, seat, c))
		}
	}
}

// tableRow is where row r of the sheet goes on the screen; ok is false
// for a row the compact sheet leaves out.
func (v *kniffelView) tableRow(r scoresheet.SheetRow) (int, bool) {
	switch r.Kind {
	case scoresheet.RowBox:
		return v.sheetRow(r.Category), true
	case scoresheet.RowTotal:
		return v.totalRow(), true
	}
	if v.compact {
		return 0, false
	}
	return map[scoresheet.SheetRowKind]int{scoresheet.RowUpperSum: rowUpperSum, scoresheet.RowUpperBonus: rowBonus,
		scoresheet.RowLowerSum: rowLowerSum, scoresheet.RowKniffelBonus: rowKBonus}[r.Kind], true
}

// sheetCell draws one player's cell of a row: a box filled, struck or
// free (with what the dice would score for the player at the table), the
// upper bonus earned, missed or still missing points, a sum.
func (v *kniffelView) sheetCell(r scoresheet.SheetRow, seat int, c scoresheet.SheetCell) *tview.TableCell {
	g := v.game()
	switch r.Kind {
	case scoresheet.RowBox:
		if c.Filled {
			return cell(v.words().SheetCell(r, c), styleNormal, tview.AlignRight)
		}
		if dice, have := v.dice(); seat == g.Seat() && have {
			return v.previewCell(r.Category, dice)
		}
		return cell("·", styleDim, tview.AlignRight)
	case scoresheet.RowUpperBonus:
		if c.Filled {
			return cell(bonusText(c), styleCurrent, tview.AlignRight)
		}
		return cell(bonusText(c), styleDim, tview.AlignRight)
	case scoresheet.RowTotal:
		return cell(fmt.Sprint(c.Value), styleCurrent.Underline(true), tview.AlignRight)
	}
	return cell(fmt.Sprint(c.Value), styleNormal, tview.AlignRight)
}

// previewCell is a free box of the player at the table: what the dice
// would score there, the box under the cursor marked; a click chooses it.
func (v *kniffelView) previewCell(c validate.Category, dice validate.Counts) *tview.TableCell {
	g := v.game()
	pl, err := g.Rules.Place(g.Boxes(g.Seat()), dice, c)
	s, st := fmt.Sprint(pl.Points), stylePreview
	if err != nil {
		s, st = "✗", styleDim
	}
	if c == v.sel {
		st = styleSelected.Bold(true)
		s = "▸" + s
	}
	cl := cell(s, st, tview.AlignRight)
	cl.SetClickedFunc(func() bool {
		if v.sel == c {
			v.score()
		} else {
			v.sel = c
		}
		v.p.refresh()
		return true
	})
	return cl
}

func (v *kniffelView) refreshTurn() {
	g := v.game()
	t := g.KniffelTurn()
	v.turn.SetTitle(" " + esc(g.Current()) + " ")
	var ls []panelLine
	add := func(rank int, forms ...string) { ls = append(ls, panelLine{forms: forms, rank: rank}) }
	mode := v.tr("final dice", "Endwürfel")
	if !v.quick() {
		mode = v.tr("throw by throw", "Wurf für Wurf")
	}
	// The entry mode stays on screen however small (t switches it): other
	// lines give way first.
	add(rankEssential, v.tr("Entry:", "Eingabe:")+" [::b]"+mode+"[::-]")
	if v.compact {
		add(rankAside, v.sumsLine(g.Seat()), "")
	}
	if boxes := g.Boxes(g.Seat()); scoresheet.UpperMissing(boxes) > 0 && scoresheet.UpperBonusReachable(boxes) {
		add(rankRepeat, fmt.Sprintf(v.tr("Upper section: %d more to the bonus.", "Oben: noch %d bis zum Bonus."), scoresheet.UpperMissing(boxes)), "")
	}
	if !v.quick() && (t.Throws() > 0 || v.pending != nil) {
		// The throw being entered (or waiting for its keep); once the dice
		// stand, the last one thrown: always the number the prompt names.
		n := t.Throws()
		if v.pending != nil || !v.canScore() {
			n++
		}
		add(rankDetail, fmt.Sprintf(v.tr("Throw %d of %d", "Wurf %d von %d"), n, validate.KniffelThrows), "")
	}
	if k, ok := t.Kept(); ok && t.Throws() > 0 && k.N() > 0 {
		add(rankPreview, fmt.Sprintf("%s [::b]%s[::-]", v.tr("Kept:", "Behalten:"), k.String()))
	} else if ok && t.Throws() > 0 {
		// Nothing kept (n): all five are thrown again; an empty "Kept:"
		// read as if the dice were missing.
		add(rankPreview, v.tr("Nothing kept.", "Nichts behalten."), "")
	}
	if d, ok := v.dice(); ok {
		add(rankEssential, fmt.Sprintf("%s [::b]%s[::-]", v.tr("Dice:", "Würfel:"), d.String()))
		ls = append(ls, v.boxLines(d)...)
	} else if n := t.DiceToThrow(); n == 1 {
		add(rankRepeat, v.tr("Type the die.", "Den Würfel eintippen."), "")
	} else {
		add(rankRepeat, fmt.Sprintf(v.tr("Type the %d dice.", "Die %d Würfel eintippen."), n), "")
	}
	v.lines = append(ls, v.coachLines()...)
	v.turn.SetText(fullText(v.lines))
}

// boxLines are the box under the cursor with what the dice score there,
// and which key writes it: Enter once the dice stand, s (standing on them)
// while throws are left.
func (v *kniffelView) boxLines(d validate.Counts) []panelLine {
	if v.sel < 0 {
		return nil
	}
	g := v.game()
	pl, err := g.Rules.Place(g.Boxes(g.Seat()), d, v.sel)
	if err != nil {
		return []panelLine{line(fmt.Sprintf("%s: %s", v.sel.Name(v.lang), v.errText(err)), rankEssential)}
	}
	box := fmt.Sprintf("▸ [::bu]%s %d[::-]", v.sel.Name(v.lang), pl.Points)
	if pl.Bonus > 0 {
		box += fmt.Sprintf(v.tr(" + Kniffel bonus %d", " + Kniffel-Bonus %d"), pl.Bonus)
	}
	how := v.tr("Enter writes it.", "Enter trägt ein.")
	if v.early() {
		how = v.tr("s writes it now (stand).", "s trägt jetzt ein (stehen lassen).")
	}
	return []panelLine{line(box, rankEssential), {forms: []string{how, ""}, rank: rankDetail}}
}

func (v *kniffelView) typedThrow() []int { return v.pending }

// bonusText is the upper bonus as the sheet shows it: earned, "–" missed
// for good, or "(n)" points still missing.
func bonusText(c scoresheet.SheetCell) string {
	switch {
	case c.Filled:
		return fmt.Sprint(c.Value)
	case !c.Reachable:
		return "–"
	}
	return fmt.Sprintf("(%d)", c.Missing)
}

// reoffer, after an undo, brings back the state before the entry taken
// back: a throw comes back waiting for its hold (or, the last one, its
// box); a box chooses the best box for the dice again, and a box written
// by standing before the last throw (s) also takes back that stand, so
// that the hold prompt is back (a second undo, started here).
func (v *kniffelView) reoffer(e scoresheet.Entry) bool {
	g := v.game()
	switch e.Kind {
	case scoresheet.EntryThrow:
		if g.Finished() || g.KniffelTurn() == nil {
			return false
		}
		v.pending = e.Roll
		v.sel = -1
		v.selectBest()
		return true // the hold prompt, or the last throw's box (play.undo says which)
	case scoresheet.EntryScore:
		v.sel = -1
		v.selectBest()
		if v.stoodEarly() {
			v.p.undo()
		}
	}
	return false
}

// stoodEarly reports whether the last entry is a throw of the turn on
// which the player stood (all five held, or named the box without a hold)
// while throws were left.
func (v *kniffelView) stoodEarly() bool {
	g := v.game()
	es := g.Entries()
	t := g.KniffelTurn()
	if g.TurnEntries() == 0 || len(es) == 0 || t == nil || t.Throws() >= validate.KniffelThrows {
		return false
	}
	last := es[len(es)-1]
	return last.Kind == scoresheet.EntryThrow && (last.Keep == nil || len(last.Keep) == 5)
}

// sumsLine gives a player's sums and bonuses in the turn panel when the
// screen is too low for those rows of the sheet.
func (v *kniffelView) sumsLine(seat int) string {
	var upper, lower, kb int
	var bonus string
	for _, r := range v.game().KniffelSheet() {
		c := r.Cells[seat]
		switch r.Kind {
		case scoresheet.RowUpperSum:
			upper = c.Value
		case scoresheet.RowUpperBonus:
			bonus = bonusText(c)
		case scoresheet.RowLowerSum:
			lower = c.Value
		case scoresheet.RowKniffelBonus:
			kb = c.Value
		}
	}
	return fmt.Sprintf(v.tr("Upper %d · bonus %s · lower %d · Kniffel bonus %d", "Oben %d · Bonus %s · unten %d · Kniffel-Bonus %d"),
		upper, bonus, lower, kb)
}

// noDice refuses a die typed once the dice stand (after the final dice,
// or a hold of all five): only a box can follow, and the digits piled up
// without a word until Enter ("Feld (a–m…): 1234511123…").
func (v *kniffelView) noDice(r rune) string {
	if v.pending != nil || !v.canScore() {
		return ""
	}
	why := v.tr("The dice are in: choose a box (a–m or ↑↓, Enter), or u to take them back.",
		"Die Würfel stehen: Feld wählen (a–m oder ↑↓, Enter) oder mit u zurücknehmen.")
	if r >= '0' && r <= '9' {
		why = fmt.Sprintf(v.tr("'%c' is no box. ", "„%c“ ist kein Feld. "), r) + why
	}
	return why
}

// enterTyped: a hold while a throw waits for it (none at the turn's last
// throw: its dice go in a box), else a throw (with its hold after /; at
// the hold prompt such a throw replaces the waiting one) or, in quick
// entry, the final dice.
func (v *kniffelView) enterTyped(text string) string {
	_, hold, slash := strings.Cut(text, "/")
	switch {
	case v.lastThrow() && (!slash || strings.TrimSpace(hold) != ""):
		return v.tr("refused: the last throw keeps nothing, choose a box", "abgelehnt: der letzte Wurf behält nichts, Feld wählen")
	case v.pending == nil && v.canScore():
		return v.tr("refused: the dice are in, choose a box", "abgelehnt: die Würfel stehen, Feld wählen")
	case v.pending != nil && !slash:
		return v.p.takeWords(text)
	case v.pending == nil && !slash && v.quick() && v.game().KniffelTurn().Throws() == 0:
		return fmt.Sprintf(v.tr("final dice %s", "Endwürfel %s"), v.p.keepWords(text))
	}
	return v.p.throwWords(text, v.pending != nil, [2]string{"keep %s", "%s behalten"})
}
