package say

import (
	"fmt"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Event says in words what the rules did at the end of a turn, after the
// turn's summary (which told the bust).
func (p P) Event(ev scoresheet.Event) string { return p.event(ev, false) }

// EventAlone says it on a line of its own, as judge lists the events.
func (p P) EventAlone(ev scoresheet.Event) string { return p.event(ev, true) }

func (p P) event(ev scoresheet.Event, alone bool) string {
	pl, f := p.name(ev.Player), p.name(ev.From)
	switch ev.Kind {
	case scoresheet.EventReset:
		// Player is the one sent back, From the mover who reached their total.
		return fmt.Sprintf(p.Tr("%[2]s reached %[1]s's score (%[3]d): %[1]s goes back to 0", "%[2]s hat den Stand von %[1]s erreicht (%[3]d): %[1]s fällt auf 0"), pl, f, ev.Points)
	case scoresheet.EventTransfer:
		return fmt.Sprintf(p.Tr("%s would pass 5000: %d points go to %s", "%s wäre über 5000: %d Punkte gehen an %s"), f, ev.Points, pl)
	case scoresheet.EventLost:
		return fmt.Sprintf(p.Tr("%s would pass 5000 and nobody can take the %d points: they are lost", "%s wäre über 5000 und niemand kann die %d Punkte nehmen: sie verfallen"), pl, ev.Points)
	case scoresheet.EventAttack:
		return fmt.Sprintf(p.Tr("%s takes %s from %s", "%[1]s nimmt %[3]s %[2]s ab"), f, p.Pips(ev.Points), pl)
	case scoresheet.EventTopUp:
		if alone { // after "turn 3: "
			return p.Tr("an account reached 0: both accounts get 30", "ein Konto hat 0 erreicht: beide Konten bekommen 30")
		}
		return p.Tr("An account reached 0: both accounts get 30", "Ein Konto hat 0 erreicht: beide Konten bekommen 30")
	case scoresheet.EventUpperBonus:
		return fmt.Sprintf(p.Tr("%s earns the upper bonus (+%d)", "%s bekommt den Bonus oben (+%d)"), pl, ev.Points)
	case scoresheet.EventKniffelBonus:
		return fmt.Sprintf(p.Tr("%s earns a Kniffel bonus (+%d)", "%s bekommt einen Kniffel-Bonus (+%d)"), pl, ev.Points)
	case scoresheet.EventMinusPoints:
		if alone {
			return fmt.Sprintf(p.Tr("%s busts and takes the %d points on the table as minus points", "%s: Fehlwurf, bekommt die %d ausliegenden Punkte als Minuspunkte"), pl, ev.Points)
		}
		return fmt.Sprintf(p.Tr("%s takes the %d points on the table as minus points", "%s bekommt die %d ausliegenden Punkte als Minuspunkte"), pl, ev.Points)
	}
	return p.name(string(ev.Kind))
}

// Entry says what an entry was ("taken back: …", the list of a game's entries).
func (p P) Entry(e scoresheet.Entry, game validate.GameID) string {
	switch e.Kind {
	case scoresheet.EntryThrow:
		s := p.Tr("throw ", "Wurf ") + validate.FormatDice(e.Roll)
		if len(e.Roll) == 1 {
			// "Wurf 5" alone reads as the fifth throw.
			s += p.Tr(" (1 die)", " (1 Würfel)")
		}
		kniffel := validate.VariantOf(game).Family == validate.FamilyKniffel
		switch {
		case kniffel && len(e.Keep) == 5:
			// All five held: the player stood on them (the box follows).
			s += p.Tr(", stood", ", stehen lassen")
		case kniffel && len(e.Keep) > 0:
			s += p.Tr(", kept ", ", behalten ") + validate.FormatDice(e.Keep) // held for the next throw, not set aside
		case len(e.Keep) > 0:
			s += p.Tr(", kept ", ", zur Seite ") + validate.FormatDice(e.Keep)
		}
		if e.FivesAsOnes > 0 {
			s += fmt.Sprintf(p.Tr(" (%d× 5 as 1)", " (%d× 5 als 1)"), e.FivesAsOnes)
		}
		return s
	case scoresheet.EntryVoid:
		return p.Tr("void throw", "Fehlversuch")
	case scoresheet.EntryStop:
		return p.Tr("stop (points written down)", "das Schreiben")
	case scoresheet.EntryDice:
		return p.Tr("dice ", "Würfel ") + validate.FormatDice(e.Roll)
	case scoresheet.EntryScore:
		if c, err := validate.ParseCategory(e.Category); err == nil {
			return p.Tr("box ", "Feld ") + c.Name(p.Lang)
		}
		return p.name(e.Category)
	case scoresheet.EntryAttack:
		return p.Tr("attack throw ", "Angriffswurf ") + validate.FormatDice(e.Roll)
	}
	return p.name(string(e.Kind))
}

// TurnSummary says how a finished turn ended. atStake is what the turn
// held before its bust (0: nothing); table is the points on the table and
// the dice of the next throw after a Rückwärts turn.
func (p P) TurnSummary(r *validate.Rules, res scoresheet.TurnResult, atStake int, table [2]int) string {
	who := p.strong(p.name(res.Player))
	total := res.Totals[res.Seat]
	bust := p.alert(p.Tr(" BUST ", " FEHLWURF "))
	switch res.End {
	case validate.Bust:
		switch {
		case r.Variant().TableTurns:
			return fmt.Sprintf(p.Tr("%s %s: nothing scores.", "%s %s: nichts zählt."), bust, who)
		case res.Points < 0:
			return fmt.Sprintf(p.Tr("%s %s loses the turn and %d points (now %s).", "%s %s: Zug verloren und %d Punkte abgezogen (jetzt %s)."), bust, who, -res.Points, Int(total))
		case atStake == 0:
			return fmt.Sprintf(p.Tr("%s %s: nothing scores, the turn is over.", "%s %s: nichts zählt, der Zug ist vorbei."), bust, who)
		}
		return fmt.Sprintf(p.Tr("%s %s: the turn's %d points are lost.", "%s %s: die %d Punkte des Zugs sind verloren."), bust, who, atStake)
	case validate.Stopped:
		return fmt.Sprintf(p.Tr("%s writes %s (total %s).", "%s schreibt %s (Stand %s)."), who, Int(res.Points), Int(total))
	case validate.NixEnd:
		return fmt.Sprintf(p.Tr("%s: nix! %s points (total %s).", "%s: Nix! %s Punkte (Stand %s)."), who, Int(res.Points), Int(total))
	case validate.Voided:
		return fmt.Sprintf(p.Tr("%s: three void throws, the turn ends with nothing.", "%s: drei Fehlversuche, der Zug endet ohne Punkte."), who)
	}
	switch engine := r.TurnEngine(); {
	case r.Variant().TableTurns:
		// Every scoring die went aside: the engine's keep of the throw.
		scored := ""
		if k := res.LastKeep; len(k.Dice) > 0 {
			scored = fmt.Sprintf(p.Tr("%s: %s score %d. ", "%s: %s zählen %d. "), who, validate.FormatDice(k.Dice), k.Points)
			if len(k.Dice) == 1 {
				scored = fmt.Sprintf(p.Tr("%s: %s scores %d. ", "%s: %s zählt %d. "), who, validate.FormatDice(k.Dice), k.Points)
			}
		}
		return scored + fmt.Sprintf(p.Tr("%d points lie out, the next player throws %s.", "%d Punkte liegen aus, der Nächste wirft %s."), table[0], p.Dice(table[1]))
	case engine == validate.FamilyKniffel:
		name := res.Category
		if c, err := validate.ParseCategory(res.Category); err == nil {
			name = c.Name(p.Lang)
		}
		return fmt.Sprintf(p.Tr("%s: %s %d (total %d).", "%s: %s %d (Stand %d)."), who, name, res.Points, total)
	case engine == validate.FamilyTot:
		return fmt.Sprintf(p.Tr("%s: %d points this turn (total %d).", "%s: %d Punkte in diesem Zug (Stand %d)."), who, res.Points, total)
	case engine == validate.FamilyDreissig:
		pips := fmt.Sprintf(p.Tr("%d pips", "%d Augen"), res.Points)
		if cost := validate.DreissigResult(res.Points).Cost; cost > 0 {
			pips += " (" + Int(-cost) + ")" // under 30 costs the difference
		}
		return fmt.Sprintf(p.Tr("%s: %s, account %s.", "%s: %s, Konto %s."), who, pips, Int(total))
	}
	return fmt.Sprintf("%s: %d", who, res.Points)
}

// SheetLabel is the label of a row of the Kniffel sheet.
func (p P) SheetLabel(r scoresheet.SheetRow) string {
	switch r.Kind {
	case scoresheet.RowBox:
		return r.Category.Name(p.Lang)
	case scoresheet.RowUpperSum:
		return p.Tr("Upper sum", "Summe oben")
	case scoresheet.RowUpperBonus:
		return fmt.Sprintf(p.Tr("Bonus (at %d)", "Bonus (ab %d)"), scoresheet.UpperBonusAt)
	case scoresheet.RowLowerSum:
		return p.Tr("Lower sum", "Summe unten")
	case scoresheet.RowKniffelBonus:
		return p.Tr("Kniffel bonus", "Kniffel-Bonus")
	}
	return p.Tr("Total", "Gesamt")
}

// SheetCell is a cell of the Kniffel sheet as the finished sheet shows
// it: a box's points, "–" for a box struck or still free, the sums.
func (p P) SheetCell(r scoresheet.SheetRow, c scoresheet.SheetCell) string {
	if r.Kind == scoresheet.RowBox && c.Value == 0 {
		return "–"
	}
	return fmt.Sprint(c.Value)
}
