package tui

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/rivo/tview"

	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// familyView is the Zehntausend-family screen: 5050, 5000, Zehntausend,
// Zehntausend Rückwärts.
type familyView struct {
	text
	p      *play
	scores *nameTable
	turn   *tview.TextView
	keeps  *keepList
	right  *fitFlex
	layout *fitFlex
	lines  []panelLine // the turn panel's lines (fitRight fits them)

	// A throw typed but not yet taken: its keep is still to be chosen.
	pending []int
	options []validate.Keep

	win winCoach // the coach that plays to win (coach_win.go)
}

func newFamilyView(p *play) *familyView {
	v := &familyView{text: p.text, p: p}
	v.scores = newNameTable(1, 14)
	v.scores.SetBorder(true).SetTitle(" " + v.tr("Score", "Stand") + " ")
	v.turn = newTextView()
	v.keeps = newKeepList()
	v.keeps.pick = func(i int) {
		if v.pending != nil && i < len(v.options) {
			v.take(keepThrow(v.pending, v.options[i]))
			v.p.refresh()
		}
	}
	v.keeps.more = func(from, to string) string {
		return "[::b]" + fmt.Sprintf(v.tr("%s–%s shown · ↓/↑ more", "%s–%s gezeigt · ↓/↑ weitere"), from, to) + "[::-]"
	}
	v.right = &fitFlex{Flex: tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(v.turn, 0, 1, false).
		AddItem(v.keeps, 0, 0, false)}
	v.right.fit = v.fitRight
	v.right.SetBorder(true)
	v.layout = &fitFlex{Flex: tview.NewFlex().
		AddItem(v.scores, 0, 2, false).
		AddItem(v.right, 0, 3, false)}
	v.layout.fit = v.fitColumns
	return v
}

// fitColumns gives the score table two fifths of the width, and more where
// that would cut its header (a narrow screen: "Spieler", not "Spiel…") as
// long as the turn panel keeps half the width.
func (v *familyView) fitColumns(width, _ int) {
	v.fitWinColumn(width) // the column Win where it fits (coach_win.go)
	left := width * 2 / 5
	if need := v.scores.needs(); need > left && width-need >= width/2 {
		left = need
	}
	v.layout.ResizeItem(v.scores, left, 0).ResizeItem(v.right, 0, 1)
}

func (v *familyView) body() tview.Primitive { return v.layout }

func (v *familyView) game() *scoresheet.Game { return v.p.game() }

func (v *familyView) rules() *validate.Rules { return v.game().Rules }

// rueckwaerts: the table game (one throw a turn, points on the table).
func (v *familyView) rueckwaerts() bool { return v.rules().Variant().TableTurns }

func (v *familyView) prompt() string {
	if v.pending != nil {
		return v.tr("keep (letter or dice):", "zur Seite (Buchstabe oder Würfel):")
	}
	return fmt.Sprintf(v.tr("throw (%s):", "Wurf (%s):"), v.dice(v.game().Family().DiceToThrow()))
}

// confirmsKeeps is whether a keep of this game can need a confirmation:
// with bestaetigen, or where a combination must be confirmed (5050's
// 1500s; the engine is asked about a street of all dice).
func (v *familyView) confirmsKeeps() bool {
	r := v.rules()
	if r.Variant().Stops.ConfirmAll {
		return true
	}
	street := []int{1, 2, 3, 4, 5, 6}[:min(r.Dice(), 6)]
	t := r.NewFamilyTurn(validate.TurnContext{})
	for _, k := range t.LegalKeeps(street) {
		if t.NoteOf(k).NeedsConfirm {
			return true
		}
	}
	return false
}

func (v *familyView) cancel() bool {
	if v.pending == nil {
		return false
	}
	v.p.input.SetText(strings.ReplaceAll(validate.FormatDice(v.pending), " ", ""))
	v.pending, v.options = nil, nil
	v.p.say(v.tr("Correct the throw and press Enter.", "Wurf korrigieren und Enter drücken."))
	return true
}

func (v *familyView) submit(s string) bool {
	if v.pending != nil && strings.Contains(s, "/") {
		// "ROLL/KEEP" typed while a throw waits for its keep (as after an
		// undo that offers the throw again): the typed throw replaces it,
		// once it is taken; refused, the waiting throw stays.
		pending, options := v.pending, v.options
		v.pending, v.options = nil, nil
		if v.submit(s) {
			return true
		}
		if v.pending == nil {
			v.pending, v.options = pending, options
			v.refreshKeeps()
		}
		return false
	}
	if v.pending != nil {
		keep, fives, err := validate.ParseKeep(s)
		if err != nil {
			v.p.refuse(err)
			return false
		}
		return v.take(validate.Throw{Roll: v.pending, Keep: keep, FivesAsOnes: fives})
	}
	// "ROLL/KEEP": the keep may name turned fives (5*).
	// A bad character is named at its position in the whole text typed.
	roll, keep, fives, hasKeep, err := validate.ParseThrowText(s, true)
	if err != nil {
		v.p.refuse(err)
		return false
	}
	if len(roll) == 0 {
		v.p.refuse(&validate.Error{Code: validate.CodeNoDice})
		return false
	}
	if hasKeep {
		if n := v.game().Family().DiceToThrow(); len(roll) != n && len(keep) == n {
			// The keep typed before the throw: say so, with the right order.
			swapped := strings.ReplaceAll(validate.FormatDice(keep), " ", "") + "/" + strings.ReplaceAll(validate.FormatDice(roll), " ", "")
			v.p.message.SetText("[red::rb]" + v.tr(" NOT TAKEN ", " NICHT ÜBERNOMMEN ") + "[-::-] " + fmt.Sprintf(
				v.tr("first the throw (%s), then after / what goes aside: %s", "erst der Wurf (%s), dann nach / was zur Seite kommt: %s"), v.dice(n), swapped))
			return false
		}
		return v.take(validate.Throw{Roll: roll, Keep: keep, FivesAsOnes: fives})
	}
	t := v.game().Family()
	options := t.LegalKeeps(roll)
	if len(options) == 0 || v.rules().AllScoring() {
		// A bust, or a game where all scoring dice go aside by rule: the
		// throw alone is the entry.
		return v.take(validate.Throw{Roll: roll})
	}
	// Ask the engine whether the throw itself is right (number of dice)
	// before asking for the keep.
	if err := v.game().CheckRoll(roll); err != nil {
		v.p.refuse(err)
		return false
	}
	if len(options) == 1 {
		v.p.say(v.tr("Only one keep is possible.", "Nur eine Auswahl ist möglich."))
		return v.take(keepThrow(roll, options[0]))
	}
	v.pending, v.options = roll, v.keepOrder(roll, options)
	v.p.say(fmt.Sprintf(v.tr("Throw %s: pick what to set aside.", "Wurf %s: was kommt zur Seite?"), validate.FormatDice(roll)))
	return true
}

// exampleThrow is a throw of n dice to show how one is typed.
func exampleThrow(n int) string {
	const ex = "111523"
	if n >= 1 && n <= len(ex) {
		return ex[:n]
	}
	return ex
}

// reoffer shows a throw just taken back with its keeps to choose again;
// false when there is nothing to choose (a bust, a void throw, a stop, or a
// game where every scoring die goes aside by rule).
func (v *familyView) reoffer(e scoresheet.Entry) bool {
	if e.Kind != scoresheet.EntryThrow || v.rules().AllScoring() || v.game().Finished() {
		return false
	}
	t := v.game().Family()
	if t == nil {
		return false
	}
	options := t.LegalKeeps(e.Roll)
	if len(options) == 0 {
		return false
	}
	v.pending, v.options = e.Roll, v.keepOrder(e.Roll, options)
	return true
}

// keepOrder is the order of the keeps of roll as the list shows them and
// Enter takes the first: the engine's (points, then fewer dice) with, at
// equal points, a keep that gives hot dice first (every die aside: all are
// thrown again), and otherwise, where the coach is on, the coach's best
// first. The points always decide first. (docs/RULES.md: the engine's
// order stays for score and judge; this preference is the app's.)
func (v *familyView) keepOrder(roll []int, ks []validate.Keep) []validate.Keep {
	if len(ks) < 2 {
		return ks
	}
	hot := make(map[keepKey]bool, len(ks))
	for _, k := range ks {
		hot[keyOf(k)] = v.givesHotDice(roll, k)
	}
	value := v.coachValueOf(roll, ks)
	out := slices.Clone(ks)
	slices.SortStableFunc(out, func(a, b validate.Keep) int {
		if a.Points != b.Points {
			return b.Points - a.Points
		}
		if ha, hb := hot[keyOf(a)], hot[keyOf(b)]; ha != hb {
			if ha {
				return -1
			}
			return 1
		}
		return cmp.Compare(value[keyOf(b)], value[keyOf(a)]) // 0 without the coach
	})
	return out
}

// givesHotDice is whether keep k of roll sets the last dice of the pass
// aside (the engine's new pass: all dice are thrown again).
func (v *familyView) givesHotDice(roll []int, k validate.Keep) bool {
	c := v.game().Family().Clone()
	return c.Throw(keepThrow(roll, k)) == nil && c.NewPass()
}

func keepThrow(roll []int, k validate.Keep) validate.Throw {
	return validate.Throw{Roll: roll, Keep: k.Dice, FivesAsOnes: k.FivesAsOnes}
}

// take commits a throw; once it is stored the pending throw is done.
func (v *familyView) take(th validate.Throw) bool {
	e := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: th.Roll, Keep: th.Keep, FivesAsOnes: th.FivesAsOnes}
	seat := v.game().Seat()
	turns := len(v.game().Turns())
	return v.p.commit(e, func() {
		v.pending, v.options = nil, nil
		if len(v.game().Turns()) == turns && v.game().Seat() == seat {
			t := v.game().Family()
			var msg string
			if t.NewPass() {
				// Every die thrown went aside: the throw is the keep (said
				// once, so that the message fits two rows of a small screen).
				msg = fmt.Sprintf(v.tr("Taken: %s (%d).", "Übernommen: %s (%d)."), validate.FormatDice(th.Roll), t.LastValue) +
					" [::b]" + fmt.Sprintf(v.tr("All dice set aside: a new pass with %d dice!", "Alle Würfel liegen: neuer Durchgang mit %d Würfeln!"), t.DiceToThrow()) + "[::-]"
			} else {
				msg = fmt.Sprintf(v.tr("Taken: %s, set aside %s (%d).", "Übernommen: %s, zur Seite %s (%d)."),
					validate.FormatDice(th.Roll), v.keepDice(t.LastKeep, true), t.LastValue)
			}
			v.p.say(msg)
		}
	})
}

func (v *familyView) refresh() {
	v.refreshScores()
	v.refreshTurn()
	v.refreshKeeps()
}

// fitRight gives the turn panel the rows its text needs and the keep list,
// while a throw waits for its keep, the rest; otherwise the turn panel gets
// the whole column: what blocks a stop must never be cut off. Where the
// rows are too few, the panel's least important lines are shortened or left
// out (fitLines), so the coach line, its last, stays on the screen.
func (v *familyView) fitRight(_, _ int) {
	_, _, w, h := v.right.GetInnerRect()
	rows := h
	if v.pending != nil {
		// The keeps keep at least half the rows, or a row each.
		rows = min(panelRows(fullText(v.lines), w), max(h/2, h-len(v.keeps.items), 1))
	}
	text, fits := fitLines(v.lines, w, rows)
	if v.pending != nil {
		v.right.ResizeItem(v.turn, min(textRows(text, w), rows), 0).ResizeItem(v.keeps, 0, 1)
	} else {
		v.right.ResizeItem(v.turn, 0, 1).ResizeItem(v.keeps, 0, 0)
	}
	if text != v.turn.GetText(false) {
		v.turn.SetText(text)
	}
	if fits {
		v.turn.ScrollToBeginning()
	} else {
		v.turn.ScrollToEnd() // the last lines (the coach) rather than the first
	}
}

// lastTurns is each seat's last finished turn.
func lastTurns(g *scoresheet.Game) []*scoresheet.TurnResult {
	out := make([]*scoresheet.TurnResult, len(g.Players))
	turns := g.Turns()
	for i := range turns {
		out[turns[i].Seat] = &turns[i]
	}
	return out
}

func (v *familyView) refreshScores() {
	g := v.game()
	t := v.scores
	t.Clear()
	head := []string{"", v.tr("Player", "Spieler"), v.tr("Total", "Stand"), v.tr("Last", "Zuletzt")}
	if v.rueckwaerts() {
		head[2] = v.tr("Minus", "Minus")
	}
	is5000 := v.rules().Variant().EntryPoints > 0 // who is in the game yet
	if is5000 {
		head = append(head, v.tr("In", "Drin"))
	}
	for c, h := range head {
		t.SetCell(0, c, cell(h, styleCurrent, tview.AlignLeft).SetSelectable(false))
	}
	last := lastTurns(g)
	totals := g.Totals()
	for i, name := range g.Players {
		st := styleNormal
		marker := " "
		if i == g.Seat() {
			st, marker = styleCurrent.Reverse(true), "▶"
		}
		t.SetCell(i+1, 0, cell(marker, st, tview.AlignLeft))
		t.SetCell(i+1, 1, cell(esc(name), st, tview.AlignLeft).SetExpansion(1))
		t.SetCell(i+1, 2, cell(say.Int(totals[i]), st, tview.AlignRight))
		t.SetCell(i+1, 3, cell(v.lastText(last[i]), st, tview.AlignRight))
		if is5000 {
			in := "–"
			if g.Entered(i) {
				in = "✓"
			}
			t.SetCell(i+1, 4, cell(in, st, tview.AlignCenter))
		}
	}
	v.winColumn()
}

func (v *familyView) lastText(r *scoresheet.TurnResult) string {
	if r == nil {
		return ""
	}
	switch r.End {
	case validate.Bust:
		if v.rueckwaerts() && r.Points > 0 {
			return fmt.Sprintf("+%d", r.Points)
		}
		return v.tr("bust", "Fehlwurf")
	case validate.Voided:
		return v.tr("void", "Fehlversuch")
	}
	if v.rueckwaerts() {
		return "–"
	}
	for _, ev := range r.Events {
		if ev.Kind == scoresheet.EventTransfer || ev.Kind == scoresheet.EventLost {
			return v.tr("over", "drüber")
		}
	}
	return fmt.Sprint(r.Points)
}

// keptThisTurn lists the dice set aside by each throw of the current turn,
// pass by pass (void throws set nothing aside: the panel counts them apart).
func (v *familyView) keptThisTurn() [][]string {
	g := v.game()
	es := g.Entries()
	es = es[len(es)-g.TurnEntries():]
	var passes [][]string
	var pass []string
	aside := 0
	for i, st := range g.ThrowSteps() {
		if st.Void || st.Bust {
			continue // void throws are counted apart
		}
		dice := es[i].Keep // as typed (the engine keeps the dice in order)
		if dice == nil {
			// All-scoring games: the engine chose the dice.
			dice = st.Keep.Dice
		}
		if len(dice) == 0 {
			continue
		}
		k := validate.FormatDice(dice)
		if st.Keep.FivesAsOnes > 0 {
			k += fmt.Sprintf(" (%d×5→1)", st.Keep.FivesAsOnes)
		}
		pass = append(pass, k)
		if aside += len(dice); aside >= v.rules().Dice() {
			passes, pass, aside = append(passes, pass), nil, 0
		}
	}
	if len(pass) > 0 {
		passes = append(passes, pass)
	}
	return passes
}

func (v *familyView) refreshTurn() {
	v.lines = v.turnLines()
	v.turn.SetText(fullText(v.lines))
}

// panelLines collects the turn panel's lines.
type panelLines []panelLine

// add adds a line in its forms, longest first; a keep never splits when
// the line wraps.
func (ls *panelLines) add(rank int, forms ...string) {
	for i := range forms {
		forms[i] = wholeDice(forms[i])
	}
	*ls = append(*ls, panelLine{forms: forms, rank: rank})
}

// turnLines are the lines of the turn panel, each with its shorter forms
// for a small screen (see fitRight).
func (v *familyView) turnLines() []panelLine {
	g := v.game()
	var ls panelLines
	// The header names the player too.
	ls.add(rankRepeat, "[::b]"+fmt.Sprintf(v.tr("%s's turn", "%s ist am Zug"), esc(g.Current()))+"[::-]", "")
	if v.rueckwaerts() {
		pts, dice := g.Table()
		ls.add(rankEssential, fmt.Sprintf(v.tr("On the table: [::b]%d[::-] points · throw [::b]%s[::-]", "Auf dem Tisch: [::b]%d[::-] Punkte · wirf [::b]%s[::-]"), pts, nbsp(v.dice(dice))))
		ls.add(rankDetail, v.tr("Every scoring die goes aside; nothing scoring: the table's points become your minus points.",
			"Alle zählenden Würfel kommen raus; zählt nichts, bekommst du die ausliegenden Punkte als Minus."), "")
		return ls
	}
	v.asideLines(&ls)
	v.tieLines(&ls)
	t := g.Family()
	switch {
	case v.pending != nil:
		// The message line and the prompt ask too.
		ls.add(rankRepeat, fmt.Sprintf(v.tr("Throw [::b]%s[::-]: what goes aside?", "Wurf [::b]%s[::-]: was kommt zur Seite?"), validate.FormatDice(v.pending)), "")
		if forms := v.coachPendingLine(); forms != nil {
			ls.add(rankCoach, forms...)
		}
	case t.Throws() == 0:
		ls.add(rankRepeat, fmt.Sprintf(v.tr("Throw %d dice and type them, e.g. %s.", "%d Würfel werfen und eintippen, z.\u00a0B. %s."), t.DiceToThrow(), exampleThrow(t.DiceToThrow())), "")
		ls = append(ls, v.coachLines()...)
	default:
		v.stopLines(&ls)
		ls = append(ls, v.coachLines()...)
	}
	return append(ls, v.winLines()...)
}

// asideLines are the dice set aside this turn, the void throws in a row
// and the turn's and pass's points with the dice in the cup.
func (v *familyView) asideLines(ls *panelLines) {
	t := v.game().Family()
	if passes := v.keptThisTurn(); len(passes) > 0 {
		var ps []string
		for _, p := range passes {
			ps = append(ps, strings.Join(p, " | "))
		}
		// Throws of a pass apart by |, passes by ‖ (all dice were aside);
		// on a small screen only the current pass.
		label := v.tr("Set aside:", "Zur Seite:")
		forms := []string{fmt.Sprintf("%s [::b]%s[::-]", label, strings.Join(ps, " ‖ "))}
		if len(ps) > 1 {
			forms = append(forms, fmt.Sprintf("%s … ‖ [::b]%s[::-]", label, ps[len(ps)-1]))
		}
		ls.add(rankAside, append(forms, "")...)
	}
	if n := t.VoidsInRow(); n > 0 {
		ls.add(rankDetail,
			fmt.Sprintf(v.tr("Void throws in a row: [::b]%d of %d[::-] (the third ends the turn with nothing)",
				"Fehlversuche in Folge: [::b]%d von %d[::-] (der dritte beendet den Zug ohne Punkte)"), n, validate.VoidLimit),
			fmt.Sprintf(v.tr("Void throws in a row: [::b]%d of %d[::-]", "Fehlversuche in Folge: [::b]%d von %d[::-]"), n, validate.VoidLimit))
	}
	if t.Throws() == 0 && t.TurnPoints() == 0 {
		// Nothing happened yet this turn: "Zug 0 · Durchgang 0" would read
		// as a count; the next line says how many dice to throw.
		return
	}
	pass := t.PassPoints()
	passWord := v.tr("pass", "Durchgang")
	if t.NewPass() {
		// All dice aside: what counts from here is the new pass, which
		// starts at 0 (the 350 of a stop now is the finished pass's, and the
		// panel says whether it may stop).
		pass, passWord = 0, v.tr("new pass", "neuer Durchgang")
	}
	ls.add(rankEssential, fmt.Sprintf(v.tr("Turn [::b]%d[::-] · %s %d · [::b]%s[::-] in the cup", "Zug [::b]%d[::-] · %s %d · [::b]%s[::-] im Becher"),
		t.TurnPoints(), passWord, pass, nbsp(v.dice(t.DiceToThrow())))) // "3 Würfel" never split
	if t.Confirming() {
		ls.add(rankEssential, "[::b]"+fmt.Sprintf(v.tr("Confirming the 1500: this pass needs %d (now %d).", "Die 1500 wird bestätigt: dieser Durchgang braucht %d (jetzt %d)."),
			v.rules().Variant().Stops.PassPoints, pass)+"[::-]")
	}
}

// stopLines say, after a throw was taken, whether the player may stop
// (and what a stop would do beyond writing the points) or what forbids it.
func (v *familyView) stopLines(ls *panelLines) {
	g := v.game()
	t := g.Family()
	if t.NewPass() {
		// The dice in the cup say it, and the message line.
		ls.add(rankRepeat, "[::b]"+fmt.Sprintf(v.tr("All dice aside: a new pass with %d dice.", "Alle Würfel liegen: neuer Durchgang mit %d Würfeln."), t.DiceToThrow())+"[::-]", "")
	}
	blockers := t.StopBlockers()
	if len(blockers) > 0 {
		// Not advice: what forbids a stop now.
		ls.add(rankEssential, "[::u]"+v.tr("You may not stop yet:", "Schreiben noch nicht erlaubt:")+"[::-]")
		for _, e := range blockers {
			ls.add(rankEssential, "• "+esc(e.Message(v.lang)))
		}
		return
	}
	may := "[green::bu]" + v.tr("You may stop (s).", "Du darfst schreiben (s).") + "[-::-]"
	ls.add(rankDetail, may+" "+fmt.Sprintf(v.tr("Or throw %s on.", "Oder mit %s weiterwürfeln."), v.diceWith(t.DiceToThrow())), may)
	// What the stop would do beyond writing the points (5000).
	if res, ok := g.StopPreview(); ok {
		for _, ev := range res.Events {
			stop := v.tr("A stop now:", "Schreiben jetzt:")
			ls.add(rankPreview, fmt.Sprintf("[::b]%s %s[::-]", stop, v.previewEvent(ev)), fmt.Sprintf("[::b]%s %s[::-]", stop, v.previewEventShort(ev)))
		}
	}
}

// tieLines: in the final round of a game where a tie for the win goes to
// the player who sits earlier (5050), what the player on turn needs to
// beat the leader, and who wins a tie; nothing while they lead.
func (v *familyView) tieLines(ls *panelLines) {
	g := v.game()
	if !g.LastRound() || !v.rules().EarlierSeatWinsTies() {
		return
	}
	seat, totals := g.Seat(), g.Totals()
	lead := -1
	for i, t := range totals {
		// The leader among the others; of equal totals the earliest seat.
		if i != seat && (lead < 0 || t > totals[lead]) {
			lead = i
		}
	}
	if lead < 0 || totals[seat] > totals[lead] {
		return
	}
	name, need := esc(g.Players[lead]), totals[lead]-totals[seat]
	if lead < seat {
		ls.add(rankEssential, fmt.Sprintf(v.tr("Final round: a tie with %s (%d) goes to %s (earlier seat). To win: [::b]more than %d[::-] this turn.",
			"Letzte Runde: bei Gleichstand mit %s (%d) gewinnt %s (sitzt früher). Zum Sieg: [::b]mehr als %d[::-] in diesem Zug."), name, totals[lead], name, need),
			fmt.Sprintf(v.tr("Tie: %s wins (earlier seat); to win more than %d.", "Gleichstand: %s gewinnt (sitzt früher); zum Sieg mehr als %d."), name, need))
		return
	}
	ls.add(rankEssential, fmt.Sprintf(v.tr("Final round: a tie with %s (%d) goes to you (earlier seat). To win: [::b]%d[::-] this turn.",
		"Letzte Runde: bei Gleichstand mit %s (%d) gewinnst du (sitzt früher). Zum Sieg: [::b]%d[::-] in diesem Zug."), name, totals[lead], need),
		fmt.Sprintf(v.tr("Tie with %s: you win (earlier seat); to win %d.", "Gleichstand mit %s: du gewinnst (sitzt früher); zum Sieg %d."), name, need))
}

// previewEvent says what a stop now would do, in the conditional.
func (v *familyView) previewEvent(ev scoresheet.Event) string {
	p, f := esc(ev.Player), esc(ev.From)
	switch ev.Kind {
	case scoresheet.EventTransfer:
		return fmt.Sprintf(v.tr("%s would pass 5000: the %d points go to %s", "%s wäre über 5000: die %d Punkte gehen an %s"), f, ev.Points, p)
	case scoresheet.EventLost:
		return fmt.Sprintf(v.tr("%s would pass 5000 and nobody can take the %d points: they are lost", "%s wäre über 5000 und niemand kann die %d Punkte nehmen: sie verfallen"), p, ev.Points)
	case scoresheet.EventReset:
		// ev.Player is sent back; ev.From (the mover) would reach their total.
		return fmt.Sprintf(v.tr("%[2]s would reach %[1]s's %[3]d: %[1]s goes back to 0", "%[2]s käme auf den Stand von %[1]s (%[3]d): %[1]s fiele auf 0"), p, f, ev.Points)
	}
	return v.describeEvent(ev)
}

// previewEventShort is previewEvent for a small screen: the player on turn
// is not named again.
func (v *familyView) previewEventShort(ev scoresheet.Event) string {
	switch ev.Kind {
	case scoresheet.EventTransfer:
		return fmt.Sprintf(v.tr("over 5000, the %d go to %s", "über 5000, die %d gehen an %s"), ev.Points, esc(ev.Player))
	case scoresheet.EventLost:
		return fmt.Sprintf(v.tr("over 5000, the %d are lost", "über 5000, die %d verfallen"), ev.Points)
	case scoresheet.EventReset:
		return fmt.Sprintf(v.tr("%s goes back to 0", "%s fällt auf 0"), esc(ev.Player))
	}
	return v.previewEvent(ev)
}

func (v *familyView) helpNote() string {
	if v.rueckwaerts() {
		return ""
	}
	return v.typingNote() + v.coachHelpNote() + v.winHelpNote()
}

// refreshKeeps lists the keeps the engine offers for the pending throw,
// best first, each in one line made by keepEntry.
func (v *familyView) refreshKeeps() {
	var items []keepItem
	if v.pending != nil {
		diceW, pointsW := 0, 0
		for _, k := range v.options {
			diceW = max(diceW, len([]rune(v.keepDice(k, true))))
			pointsW = max(pointsW, len(fmt.Sprint(k.Points)))
		}
		values, best := v.coachKeeps()
		wk := v.winKeeps()
		for i, k := range v.options {
			if i >= len(keepLetters) {
				break
			}
			items = append(items, v.keepEntry(i, k, diceW, pointsW, keepCoachNote(values, best, wk, i, v.words())))
		}
	}
	if len(items) != len(v.keeps.items) || v.pending == nil {
		v.keeps.setItems(items)
	} else {
		v.keeps.items = items // same throw: stay on the page shown
	}
}

// keepEntry is the line of keep i in its forms, longest first: spaced dice
// with the dice left, spaced dice, packed dice.
func (v *familyView) keepEntry(i int, k validate.Keep, diceW, pointsW int, coach string) keepItem {
	letter := keepLetters[i]
	best := i == 0
	spaced, packed := v.keepDice(k, true), v.keepDice(k, false)
	left := fmt.Sprintf(v.tr("%d left", "Rest %d"), len(v.pending)-len(k.Dice))
	packedW := 0
	for _, o := range v.options {
		packedW = max(packedW, len([]rune(v.keepDice(o, false))))
	}
	words, marks := v.keepNote(k)
	join := func(a, b string) string {
		if a == "" || b == "" {
			return a + b
		}
		return a + " · " + b
	}
	// The coach's value of the keep stays in every form.
	return keepItem{letter: letter, best: best, forms: []string{
		keepForm(letter, spaced, k.Points, diceW, pointsW, join(join(words, left), coach), best),
		keepForm(letter, spaced, k.Points, diceW, pointsW, join(words, coach), best),
		keepForm(letter, packed, k.Points, packedW, pointsW, join(words, coach), best),
		keepForm(letter, packed, k.Points, packedW, pointsW, join(marks, coach), best),
	}}
}

// keepNote is what the engine says a keep brings with it, in words and as
// short marks (explained in help): ? to prove, ✓ proves, ! to confirm.
func (v *familyView) keepNote(k validate.Keep) (words, marks string) {
	n := v.game().Family().NoteOf(k)
	var ws []string
	if n.NeedsConfirm {
		ws, marks = append(ws, v.tr("to confirm", "bestätigen")), marks+"!"
	}
	if n.Proves {
		ws, marks = append(ws, v.tr("proves", "beweist")), marks+"✓"
	}
	if n.NeedsProof {
		ws, marks = append(ws, v.tr("to prove", "beweisen")), marks+"?"
	}
	return strings.Join(ws, ", "), marks
}

// keepDice are a keep's dice as the list shows them, a turned five marked.
func (v *familyView) keepDice(k validate.Keep, spaced bool) string {
	d := validate.FormatDice(k.Dice)
	if !spaced {
		d = strings.ReplaceAll(d, " ", "")
	}
	if k.FivesAsOnes > 0 {
		d += fmt.Sprintf(" (%d×5→1)", k.FivesAsOnes)
		if !spaced {
			d = strings.ReplaceAll(d, " ", "")
		}
	}
	return d
}

func (v *familyView) typedThrow() []int { return v.pending }

// enterTyped: a keep while a throw waits for it, else a throw (with its
// keep after /; at the keep prompt such a throw replaces the waiting one).
func (v *familyView) enterTyped(text string) string {
	if v.pending != nil && !strings.Contains(text, "/") {
		return v.p.takeWords(text)
	}
	return v.p.throwWords(text, v.pending != nil, [2]string{"%s aside", "%s zur Seite"})
}
