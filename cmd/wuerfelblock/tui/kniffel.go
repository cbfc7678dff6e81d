package tui

import (
	"fmt"
	"strings"

	"github.com/gdamore/tcell/v2"
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
}

func (v *kniffelView) body() tview.Primitive  { return v.layout }
func (v *kniffelView) game() *scoresheet.Game { return v.p.game() }

// quick reports whether the final dice are entered instead of every throw:
// the table's choice, except in a turn whose throws are being entered one
// by one (as in a game resumed in the middle of such a turn).
func (v *kniffelView) quick() bool {
	t := v.game().KniffelTurn()
	if _, kept := t.Kept(); t.Throws() > 0 && (kept || v.pending != nil) {
		return false // quick entry is one entry of the final dice, never kept
	}
	return !v.p.ui.prefs.kniffelByThrow
}

func (v *kniffelView) prompt() string {
	t := v.game().KniffelTurn()
	switch {
	case v.lastThrow():
		return v.tr("box (a–m, ↑↓, Enter):", "Feld (a–m, ↑↓, Enter):")
	case v.pending != nil:
		return v.tr("keep (dice) or box:", "behalten (Würfel) oder Feld:")
	case v.canScore():
		return v.tr("box (a–m, ↑↓, Enter):", "Feld (a–m, ↑↓, Enter):")
	case v.quick():
		return v.tr("final dice:", "Endwürfel:")
	default:
		return fmt.Sprintf(v.tr("throw %d (%s):", "Wurf %d (%s):"), t.Throws()+1, v.text.dice(t.DiceToThrow()))
	}
}

func (v *kniffelView) keys() []keyHelp {
	k := []keyHelp{}
	switch {
	case v.lastThrow():
		k = append(k, keyHelp{"a–m/↑↓", v.tr("choose box", "Feld wählen")}, keyHelp{"Enter", v.tr("write it", "eintragen")})
	case v.pending != nil:
		k = append(k, keyHelp{"22", v.tr("keep these, throw the rest", "behalten, Rest werfen")},
			keyHelp{"n", v.tr("keep none", "nichts behalten")},
			keyHelp{"a–m/↑↓ Enter", v.tr("write in a box", "in ein Feld schreiben")})
	case v.canScore():
		k = append(k, keyHelp{"a–m/↑↓", v.tr("choose box", "Feld wählen")}, keyHelp{"Enter", v.tr("write it", "eintragen")})
	case v.quick():
		k = append(k, keyHelp{"22456", v.tr("final dice, Enter", "Endwürfel, Enter")})
	default:
		// The example has as many dice as are to be thrown now; the last
		// throw keeps nothing.
		t := v.game().KniffelTurn()
		ex := "22456"[:max(1, min(5, t.DiceToThrow()))]
		k = append(k, keyHelp{ex, v.tr("throw", "Wurf")})
		if t.ThrowsLeft() > 1 {
			k = append(k, keyHelp{ex + "/" + ex[:min(2, len(ex))], v.tr("throw/keep", "Wurf/behalten")})
		}
	}
	if v.canToggle() {
		// The hint line names the mode t switches to; help says both.
		what := v.tr("throw by throw ↔ final dice", "Wurf für Wurf ↔ Endwürfel")
		switch {
		case v.p.brief && v.quick():
			what = v.tr("throw by throw", "Wurf für Wurf")
		case v.p.brief:
			what = v.tr("final dice", "Endwürfel")
		}
		k = append(k, keyHelp{"t", what})
	}
	return k
}

// lastThrow reports whether the pending throw is the turn's last: its
// dice go in a box, nothing can be kept.
func (v *kniffelView) lastThrow() bool {
	return v.pending != nil && v.game().KniffelTurn().ThrowsLeft() <= 1
}

func (v *kniffelView) canToggle() bool {
	return v.pending == nil && v.game().KniffelTurn().Throws() == 0
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
	v.p.say(fmt.Sprintf(v.tr("Throw %d: %s. Type the dice to keep, or choose a box.", "Wurf %d: %s. Zu behaltende Würfel tippen oder ein Feld wählen."), t.Throws()+1, validate.FormatDice(roll)))
	return true
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
			v.p.say(v.p.message.GetText(false) + " [::b]" + fmt.Sprintf(v.tr("Held before, now thrown again: %s.", "Vorher behalten, jetzt wieder geworfen: %s."), released) + "[::-]")
		}
	})
}

// score writes the dice in the chosen box (taking a pending throw first).
func (v *kniffelView) score() {
	if v.sel < 0 {
		v.p.say(v.tr("Choose a box first (a–m or ↑↓).", "Erst ein Feld wählen (a–m oder ↑↓)."))
		return
	}
	box := func() {
		v.p.commit(scoresheet.Entry{Kind: scoresheet.EntryScore, Category: v.sel.ID()}, func() { v.sel = -1 })
	}
	if v.pending != nil {
		v.p.commit(scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: v.pending}, func() {
			v.pending = nil
			box()
		})
		return
	}
	box()
}

func (v *kniffelView) command(ev *tcell.EventKey) bool {
	switch ev.Key() {
	case tcell.KeyEnter:
		if v.canScore() {
			v.score()
		}
		return true
	case tcell.KeyUp, tcell.KeyDown:
		if v.canScore() {
			v.move(ev.Key() == tcell.KeyDown)
		}
		return true
	case tcell.KeyRune:
		r := ev.Rune()
		switch {
		case r >= 'a' && r < 'a'+rune(validate.NumCategories) && v.canScore():
			c := validate.Category(r - 'a')
			if b := v.game().Boxes(v.game().Seat()); b.Filled[c] {
				// Say so, and leave the box chosen before as it was.
				v.p.say(fmt.Sprintf(v.tr("%s is already filled (%d): choose a free box.", "%s ist schon belegt (%d): ein freies Feld wählen."), c.Name(v.lang), b.Value[c]))
				return true
			}
			v.sel = c
			return true
		case r == 'n' && v.pending != nil:
			v.throw(v.pending, []int{})
			return true
		case r == 't' && v.canToggle():
			v.p.ui.prefs.kniffelByThrow = !v.p.ui.prefs.kniffelByThrow
			if v.quick() {
				v.p.say(v.tr("Entry: final dice only.", "Eingabe: nur die Endwürfel."))
			} else {
				v.p.say(v.tr("Entry: throw by throw.", "Eingabe: Wurf für Wurf."))
			}
			return true
		}
	}
	return false
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
	var b strings.Builder
	v.turn.SetTitle(" " + esc(g.Current()) + " ")
	mode := v.tr("final dice", "Endwürfel")
	if !v.quick() {
		mode = v.tr("throw by throw", "Wurf für Wurf")
	}
	fmt.Fprintf(&b, "%s [::b]%s[::-]\n", v.tr("Entry:", "Eingabe:"), mode)
	if v.compact {
		b.WriteString(v.sumsLine(g.Seat()))
	}
	if boxes := g.Boxes(g.Seat()); scoresheet.UpperMissing(boxes) > 0 && scoresheet.UpperBonusReachable(boxes) {
		fmt.Fprintf(&b, v.tr("Upper section: %d more to the bonus.\n", "Oben: noch %d bis zum Bonus.\n"), scoresheet.UpperMissing(boxes))
	}
	if !v.quick() && (t.Throws() > 0 || v.pending != nil) {
		// The throw being entered (or waiting for its keep); once the dice
		// stand, the last one thrown: always the number the prompt names.
		n := t.Throws()
		if v.pending != nil || !v.canScore() {
			n++
		}
		fmt.Fprintf(&b, v.tr("Throw %d of %d\n", "Wurf %d von %d\n"), n, validate.KniffelThrows)
	}
	if k, ok := t.Kept(); ok && t.Throws() > 0 {
		fmt.Fprintf(&b, "%s [::b]%s[::-]\n", v.tr("Kept:", "Behalten:"), k.String())
	}
	if d, ok := v.dice(); ok {
		fmt.Fprintf(&b, "%s [::b]%s[::-]\n", v.tr("Dice:", "Würfel:"), d.String())
		if v.sel >= 0 {
			pl, err := g.Rules.Place(g.Boxes(g.Seat()), d, v.sel)
			if err != nil {
				fmt.Fprintf(&b, "%s: %s\n", v.sel.Name(v.lang), v.errText(err))
			} else {
				fmt.Fprintf(&b, "▸ [::bu]%s %d[::-]", v.sel.Name(v.lang), pl.Points)
				if pl.Bonus > 0 {
					fmt.Fprintf(&b, v.tr(" + Kniffel bonus %d", " + Kniffel-Bonus %d"), pl.Bonus)
				}
				b.WriteString(v.tr("\nEnter writes it.\n", "\nEnter trägt ein.\n"))
			}
		}
	} else {
		if n := t.DiceToThrow(); n == 1 {
			b.WriteString(v.tr("Type the die.\n", "Den Würfel eintippen.\n"))
		} else {
			fmt.Fprintf(&b, v.tr("Type the %d dice.\n", "Die %d Würfel eintippen.\n"), n)
		}
	}
	b.WriteString(v.coachLines())
	v.turn.SetText(b.String())
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

// reoffer, after an undo of a box, chooses the best box for the dice again.
func (v *kniffelView) reoffer(e scoresheet.Entry) bool {
	if e.Kind == scoresheet.EntryScore {
		v.sel = -1
		v.selectBest()
	}
	return false
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
	return fmt.Sprintf(v.tr("Upper %d · bonus %s · lower %d · Kniffel bonus %d\n", "Oben %d · Bonus %s · unten %d · Kniffel-Bonus %d\n"),
		upper, bonus, lower, kb)
}
