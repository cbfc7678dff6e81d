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

// totView is the screen of Totwürfeln and Dreißig tot: points per round or
// accounts, the live dice, and in Dreißig tot the attack on the Vordermann.
type totView struct {
	text
	p      *play
	scores *nameTable
	turn   *tview.TextView
	layout *fitFlex
	height int // the turn panel's rows where the screen has room

	// Dreißig tot: a throw typed whose keep is not chosen yet.
	pending []int
	// coachState: the Dreißig-tot coach (coach_tot.go).
	coachState totCoach
	// lines: the Dreißig-tot panel's lines, fitted to its size on drawing.
	lines []panelLine
}

func newTotView(p *play) *totView {
	v := &totView{text: p.text, p: p}
	v.scores = newNameTable(0, 14)
	v.scores.SetBorder(true)
	v.turn = newTextView()
	v.turn.SetBorder(true)
	height := 7
	if v.dreissig() {
		height = 10 // the coach's lines too
	}
	v.height = height
	v.layout = &fitFlex{Flex: tview.NewFlex().SetDirection(tview.FlexRow).
		AddItem(v.scores, 0, 1, false).
		AddItem(v.turn, height, 0, false)}
	v.layout.fit = v.fit
	return v
}

// fit gives the accounts table a row for every player where the screen is
// short (60×20 showed one of two players): the turn panel gives up rows,
// keeping at least three of text (the throw and the coach's first line;
// at Rat the list of the other keeps is what goes).
func (v *totView) fit(width, height int) {
	turn := v.height
	need := v.scores.GetRowCount() + 2
	if v.dreissig() {
		// A tall screen gives the panel the rows its text needs (at Rat
		// every keep of the throw) that the accounts leave.
		turn = max(turn, min(panelRows(fullText(v.lines), width-2)+2, height-need))
	}
	if height-turn < need {
		turn = max(height-need, 5)
	}
	v.layout.ResizeItem(v.turn, turn, 0)
	if v.dreissig() {
		// The panel's lines in the forms that fit (at Rat the list of
		// the other keeps gives way, with how many more there are).
		text, _ := fitLines(v.lines, width-2, turn-2)
		v.turn.SetText(text)
	}
}

func (v *totView) body() tview.Primitive  { return v.layout }
func (v *totView) game() *scoresheet.Game { return v.p.game() }
func (v *totView) dreissig() bool         { return v.game().Rules.TurnEngine() == validate.FamilyDreissig }

func (v *totView) prompt() string {
	g := v.game()
	if !v.dreissig() {
		return fmt.Sprintf(v.tr("throw (%s):", "Wurf (%s):"), v.dice(g.TotTurn().Live()))
	}
	t := g.DreissigTurn()
	switch {
	case v.pending != nil:
		if _, ok := v.advisedAside(); ok {
			return v.tr("set aside (Enter = advice):", "zur Seite (Enter = Rat):")
		}
		return v.tr("set aside (Enter = all):", "zur Seite (Enter = alle):")
	case t.Attacking():
		return fmt.Sprintf(v.tr("attack throw (%s):", "Angriffswurf (%s):"), v.dice(t.AttackLive()))
	}
	return fmt.Sprintf(v.tr("throw (%s):", "Wurf (%s):"), v.dice(t.InCup()))
}

// bindings is the view's table of keys on an empty input, with the throws
// typed as examples (they have as many dice as are to be thrown now): the
// play screen's handler, its help and its hint line are made from it.
func (v *totView) bindings() bindings {
	g := v.game()
	if !v.dreissig() {
		n := 5
		if tt := g.TotTurn(); tt != nil {
			n = tt.Live()
		}
		ex := diceExample("42613", n)
		return bindings{{label: ex, typed: ex, footer: v.tr("the throw, Enter", "der Wurf, Enter")}}
	}
	if v.pending != nil {
		ex := asideExample(v.pending)
		keep, what := v.enterAside()
		// An example to type, said as the other screens say theirs
		// ("11152 Enter Wurf"): "2 diese zur Seite" read as a command.
		return bindings{{label: ex + " Enter", tight: ex, typed: ex, footer: v.tr("aside", "zur Seite"),
			help: v.tr("these dice aside", "diese Würfel zur Seite")},
			{keys: specialKey(tcell.KeyEnter), label: "Enter", footer: what, do: func() { v.own(v.pending, keep) }}}
	}
	dt := g.DreissigTurn()
	if dt != nil && dt.Attacking() {
		// The dice showing the target face go aside by rule: nothing to choose.
		ex := diceExample("654321", dt.AttackLive())
		return bindings{{label: ex, typed: ex, footer: v.tr("the attack throw, Enter", "der Angriffswurf, Enter")}}
	}
	n := 6
	if dt != nil {
		n = dt.InCup()
	}
	ex := diceExample("654321", n)
	both := ex + "/" + ex[:1]
	return bindings{{label: ex, typed: ex, footer: v.tr("the throw, Enter", "der Wurf, Enter")},
		{label: both, typed: both, footer: v.tr("throw/aside", "Wurf/zur Seite")}}
}

// enterAside is what Enter sets aside of the throw waiting for its keep,
// and how the hint line says it: at Rat the coach's advice ("6 5 (Rat)"),
// else all the dice.
func (v *totView) enterAside() ([]int, string) {
	if keep, ok := v.advisedAside(); ok {
		return keep, fmt.Sprintf(v.tr("%s (advice)", "%s (Rat)"), validate.FormatDice(keep))
	}
	return v.pending, v.tr("all aside", "alle zur Seite")
}

// advisedAside is the coach's best keep of the throw waiting for its keep
// at Rat; ok false below Rat or while its table is not there.
func (v *totView) advisedAside() ([]int, bool) {
	if v.pending == nil || v.p.coach() != storage.CoachAdvice {
		return nil, false
	}
	c, ok := v.coachOf()
	if !ok || c == nil {
		return nil, false
	}
	dt := v.game().DreissigTurn()
	if ks := c.Keeps(dt.InCup(), dt.Sum(), v.pending); len(ks) > 0 {
		return ks[0].Dice, true
	}
	return nil, false
}

// enterWord is what Enter sets aside, in a sentence ("all", "the advice 6 5").
func (v *totView) enterWord() string {
	if keep, ok := v.advisedAside(); ok {
		return fmt.Sprintf(v.tr("the advice %s", "der Rat %s"), validate.FormatDice(keep))
	}
	return v.tr("all", "alle")
}

// diceExample is n dice from ex (repeated where n is more, up to 12 dice;
// beyond that ex itself: nobody reads a longer example).
func diceExample(ex string, n int) string {
	if n < 1 || n > 12 {
		return ex
	}
	return strings.Repeat(ex, n/len(ex)+1)[:n]
}

func (v *totView) cancel() bool {
	if v.pending == nil {
		return false
	}
	v.p.input.SetText(strings.ReplaceAll(validate.FormatDice(v.pending), " ", ""))
	v.pending = nil
	return true
}

func (v *totView) submit(s string) bool {
	g := v.game()
	if !v.dreissig() {
		roll, ok := v.p.parseDice(s)
		return ok && v.p.commit(scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll}, nil)
	}
	t := g.DreissigTurn()
	if v.pending != nil && strings.Contains(s, "/") {
		// "ROLL/ASIDE": the typed throw replaces the waiting one once
		// taken; refused, the waiting throw stays.
		pending := v.pending
		v.pending = nil
		if v.submit(s) {
			return true
		}
		if v.pending == nil {
			v.pending = pending
		}
		return false
	}
	if v.pending != nil {
		keep, err := validate.ParseDice(s)
		if err != nil {
			v.p.refuse(err)
			return false
		}
		return v.own(v.pending, keep)
	}
	if t.Attacking() {
		roll, ok := v.p.parseDice(s)
		return ok && v.p.commit(scoresheet.Entry{Kind: scoresheet.EntryAttack, Roll: roll}, nil)
	}
	roll, keep, hasKeep, ok := v.p.splitThrow(s)
	if !ok {
		return false
	}
	if hasKeep {
		return v.own(roll, keep)
	}
	// Ask the engine whether the throw itself is right before asking for the keep.
	if err := v.game().CheckRoll(roll); err != nil {
		v.p.refuse(err)
		return false
	}
	if len(roll) == 1 {
		return v.own(roll, roll) // the last die: nothing to choose
	}
	v.pending = roll
	v.p.say(fmt.Sprintf(v.tr("Throw %s: which dice go aside? (Enter: %s)", "Wurf %s: welche Würfel kommen zur Seite? (Enter: %s)"), validate.FormatDice(roll), v.enterWord()))
	return true
}

// own commits one of the player's own throws with the dice set aside.
func (v *totView) own(roll, keep []int) bool {
	return v.p.commit(scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: keep}, func() {
		v.pending = nil
		if t := v.game().DreissigTurn(); t != nil && t.Attacking() && t.Attacks() == 0 {
			g := v.game()
			v.p.say(fmt.Sprintf(v.tr("[::b]%d pips: attack![::-] Target face %d against %s: throw all six dice.", "[::b]%d Augen: Angriff![::-] Zielzahl %d gegen %s: alle sechs Würfel werfen."),
				t.Sum(), t.Target(), esc(g.Players[g.Vordermann()])))
		}
	})
}

func (v *totView) refresh() {
	if v.dreissig() {
		v.refreshDreissig()
	} else {
		v.refreshTot()
	}
}

func (v *totView) refreshTot() {
	g := v.game()
	t := v.scores
	t.Clear()
	t.nameCol = 0
	t.SetTitle(" " + v.tr("Points per round", "Punkte pro Runde") + " ")
	rounds := g.Rules.Options.Runden
	t.SetCell(0, 0, cell(v.tr("Player", "Spieler"), styleCurrent, tview.AlignLeft))
	for r := 1; r <= rounds; r++ {
		t.SetCell(0, r, cell(fmt.Sprintf("%s%d", v.tr("R", "R"), r), styleCurrent, tview.AlignRight))
	}
	t.SetCell(0, rounds+1, cell(v.tr("Total", "Summe"), styleCurrent, tview.AlignRight))
	n := len(g.Players)
	for i, name := range g.Players {
		st := styleNormal
		if i == g.Seat() {
			st = styleCurrent.Reverse(true)
		}
		t.SetCell(i+1, 0, cell(esc(name), st, tview.AlignLeft))
		t.SetCell(i+1, rounds+1, cell(say.Int(g.Totals()[i]), st.Underline(true), tview.AlignRight))
	}
	for k, res := range g.Turns() {
		t.SetCell(res.Seat+1, k/n+1, cell(fmt.Sprint(res.Points), styleNormal, tview.AlignRight))
	}
	tt := g.TotTurn()
	var b strings.Builder
	v.turn.SetTitle(" " + esc(g.Current()) + " ")
	fmt.Fprintf(&b, v.tr("Live dice: [::b]%d[::-] · points this turn: [::b]%d[::-] · throws: %d\n", "Lebende Würfel: [::b]%d[::-] · Punkte in diesem Zug: [::b]%d[::-] · Würfe: %d\n"), tt.Live(), tt.Points(), tt.Throws())
	killer := v.tr("Killer number: [::b]%s[::-]. ", "Killerzahl: [::b]%s[::-]. ")
	if len(g.Rules.Options.Killer) > 1 {
		killer = v.tr("Killer numbers: [::b]%s[::-]. ", "Killerzahlen: [::b]%s[::-]. ")
	}
	fmt.Fprintf(&b, killer+v.tr("Throw the live dice and type them.", "Die lebenden Würfel werfen und eintippen."), strings.ReplaceAll(validate.FormatDice(g.Rules.Options.Killer), " ", v.tr(" and ", " und ")))
	v.turn.SetText(b.String())
}

func (v *totView) refreshDreissig() {
	g := v.game()
	t := v.scores
	t.Clear()
	t.nameCol = 1
	t.SetTitle(" " + v.tr("Accounts", "Konten") + " ")
	dt := g.DreissigTurn()
	head := []string{"", v.tr("Player", "Spieler"), v.tr("Account", "Konto"), v.tr("Last turn", "Letzter Zug")}
	for c, h := range head {
		t.SetCell(0, c, cell(h, styleCurrent, tview.AlignLeft))
	}
	last := lastTurns(g)
	for i, name := range g.Players {
		st, mark := styleNormal, " "
		switch {
		case i == g.Seat():
			st, mark = styleCurrent.Reverse(true), "▶"
		case dt != nil && dt.Target() > 0 && i == g.Vordermann():
			st, mark = styleCurrent.Underline(true), "⚔"
		}
		t.SetCell(i+1, 0, cell(mark, st, tview.AlignLeft))
		t.SetCell(i+1, 1, cell(esc(name), st, tview.AlignLeft))
		t.SetCell(i+1, 2, cell(say.Int(g.Totals()[i]), st, tview.AlignRight))
		if s := v.lastTurnCell(last[i], i); s != "" {
			t.SetCell(i+1, 3, cell(s, styleNormal, tview.AlignLeft))
		}
	}
	v.turn.SetTitle(" " + esc(g.Current()) + " ")
	// Nothing aside yet: what is in the cup, not "0 Würfel, 0 Augen" (as
	// the Zehntausend family leaves out "Zug 0 · Durchgang 0").
	aside := fmt.Sprintf(v.tr("In the cup: [::b]%s[::-]", "Im Becher: [::b]%s[::-]"), nbsp(v.dice(dt.InCup())))
	if dt.Aside() > 0 {
		aside = fmt.Sprintf(v.tr("Aside: [::b]%s[::-], [::b]%d[::-] %s · in the cup: %d", "Zur Seite: [::b]%s[::-], [::b]%d[::-] %s · im Becher: %d"), v.dice(dt.Aside()), dt.Sum(), v.pipWord(dt.Sum()), dt.InCup())
	}
	ls := []panelLine{line(aside, rankEssential)}
	switch {
	case v.pending != nil:
		ls = append(ls, line(fmt.Sprintf(v.tr("Throw [::b]%s[::-]: which dice go aside? (Enter: %s)", "Wurf [::b]%s[::-]: welche kommen zur Seite? (Enter: %s)"), validate.FormatDice(v.pending), v.enterWord()), rankEssential))
	case dt.Attacking():
		ls = append(ls, line(fmt.Sprintf(v.tr("[::r] ATTACK [::-] on [::b]%s[::-] (Vordermann) · target face [::b]%d[::-] · %s · %s taken so far",
			"[::r] ANGRIFF [::-] auf [::b]%s[::-] (Vordermann) · Zielzahl [::b]%d[::-] · %s · %s genommen"),
			esc(g.Players[g.Vordermann()]), dt.Target(), v.dice(dt.AttackLive()), v.pips(dt.Taken())), rankEssential))
	default:
		ls = append(ls, line(v.tr("Throw, then set at least one die aside.", "Werfen, dann mindestens einen Würfel zur Seite legen."), rankDetail),
			line(v.tr("Exactly 30: nothing · less: lose the difference · more: attack the Vordermann.",
				"Genau 30: nichts · weniger: Differenz abziehen · mehr: Vordermann angreifen."), rankDetail))
		if !g.Rules.Options.Hundert {
			ls = append(ls, line(v.tr("The game ends when an account is at 0 or below.", "Das Spiel endet, sobald ein Konto auf 0 oder darunter ist."), rankDetail))
		}
	}
	if g.Rules.Options.Hundert {
		// The house rule by its name in the user's language and what it
		// means, at every step of the turn (where an account may fall to
		// 0), not only before the first throw.
		ls = append(ls, line(v.tr("Thirty to a hundred: first to 100 wins; an account at 0 or below: both get 30.",
			"Von dreißig auf hundert: wer zuerst 100 hat, gewinnt; ein Konto auf 0 oder darunter: beide bekommen 30."), rankDetail))
	}
	v.lines = append(ls, v.coachLines()...)
	v.turn.SetText(fullText(v.lines))
}

// lastTurnCell is the accounts' "Last turn" of seat (r: its own last
// turn, nil before it had one): its pips, what they cost or took from the
// Vordermann, and then what an attack on it since took ("−12 (attacked
// by Anna, target face 3)"): the attacked player's account falls too.
//
// Beside an attack on the seat, what its own attack took is said without
// the unit ("took 20"), and the attacker's name is cut, so that the
// column fits at 80 columns.
func (v *totView) lastTurnCell(r *scoresheet.TurnResult, seat int) string {
	attacks := attacksSince(v.game(), seat)
	var parts []string
	if r != nil {
		s := v.pips(r.Points)
		if cost := validate.DreissigResult(r.Points).Cost; cost > 0 {
			s += " (" + say.Int(-cost) + ")" // under 30 costs the difference
		}
		for _, ev := range r.Events {
			switch {
			case ev.Kind != scoresheet.EventAttack:
			case len(attacks) > 0:
				s += fmt.Sprintf(v.tr(", took %d", ", %d genommen"), ev.Points)
			default:
				s += fmt.Sprintf(v.tr(", took %s", ", %s genommen"), v.pips(ev.Points))
			}
		}
		parts = append(parts, s)
	}
	for _, a := range attacks {
		target := validate.DreissigResult(a.Points).Target
		lost := say.Int(-a.lost)
		if a.lost == 0 {
			lost = v.tr("nothing lost", "nichts verloren")
		}
		parts = append(parts, fmt.Sprintf(v.tr("%s (attacked by %s, target face %d)", "%s (Angriff von %s, Zielzahl %d)"), lost, esc(clip(a.Player, 10)), target))
	}
	return strings.Join(parts, "; ")
}

// attack is a turn that attacked a player and the pips it took.
type attack struct {
	scoresheet.TurnResult
	lost int
}

// attacksSince are the turns that attacked seat since its own last turn
// (Dreißig tot: the seat after it attacks it, its Vordermann).
func attacksSince(g *scoresheet.Game, seat int) []attack {
	turns := g.Turns()
	from := 0
	for k := range turns {
		if turns[k].Seat == seat {
			from = k + 1
		}
	}
	var out []attack
	for _, res := range turns[from:] {
		for _, ev := range res.Events {
			if ev.Kind == scoresheet.EventAttack && ev.Player == g.Players[seat] {
				out = append(out, attack{res, ev.Points})
			}
		}
	}
	return out
}

func (v *totView) typedThrow() []int { return v.pending }

// pipWord is the word for n pips: "1 pip", "1 Auge" (the panel showed
// "1 pips", "1 Augen" after a single 1 aside).
func (v *totView) pipWord(n int) string { return v.words().PipWord(n) }

// pips is n pips in words: "1 pip", "12 pips".
func (v *totView) pips(n int) string { return v.words().Pips(n) }

// helpNote explains the coach line of Dreißig tot on the help screen.
func (v *totView) helpNote() string {
	if !v.dreissig() {
		return ""
	}
	return v.tr("The coach (* switches off/odds/advice): with 2, 3 or 4 players (hundert: 2) every player's exact chance to win under best play by all, each for themself; with more players what the turn is worth in pips (taken from the Vordermann minus lost). Advice: the best keep of the throw and every keep's value; before a throw, how many dice the best keep sets aside.",
		"Der Trainer (* schaltet aus/Chancen/Rat): mit 2, 3 oder 4 Spielern (hundert: 2) die genaue Gewinnchance jedes Spielers bei bestem Spiel aller, jeder für sich; mit mehr Spielern, was der Zug in Augen wert ist (dem Vordermann genommene minus verlorene). Rat: die beste Auswahl des Wurfs und der Wert jeder Auswahl; vor einem Wurf, wie viele Würfel die beste Auswahl zur Seite legt.")
}

// asideExample is the example of dice to set aside after a Dreißig-tot
// throw, from the dice thrown: the highest face among them, twice where it
// lies twice ("66" beside a single 6 named dice that are not there).
func asideExample(thrown []int) string {
	high, n := 0, 0
	for _, d := range thrown {
		switch {
		case d > high:
			high, n = d, 1
		case d == high:
			n++
		}
	}
	if high == 0 {
		return "66"
	}
	return strings.Repeat(string(rune('0'+high)), min(n, 2))
}

// enterTyped: Totwürfeln's throw; Dreißig tot's dice set aside while a
// throw waits for them, its attack throw, else a throw (with what goes
// aside after /; at the keep prompt such a throw replaces the waiting
// one).
func (v *totView) enterTyped(text string) string {
	slash := strings.Contains(text, "/")
	switch {
	case slash && (!v.dreissig() || v.game().DreissigTurn().Attacking()):
		return v.tr("refused: a throw only, no / here", "abgelehnt: nur der Wurf, hier kein /")
	case !v.dreissig():
		return v.p.throwWords(text, false, [2]string{})
	case v.pending != nil && !slash:
		return fmt.Sprintf(v.tr("set %s aside", "%s zur Seite"), v.p.keepWords(text))
	case v.game().DreissigTurn().Attacking():
		return fmt.Sprintf(v.tr("attack throw %s", "Angriffswurf %s"), v.p.keepWords(text))
	}
	return v.p.throwWords(text, v.pending != nil, [2]string{"%s aside", "%s zur Seite"})
}
