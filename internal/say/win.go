package say

import (
	"fmt"
	"strconv"
	"strings"
)

// The words of the coach that plays to win (coach/win): the chance to win
// of the player on turn, of a stop and of throwing on, and where the keep
// or the stop that is best for the points is not the one best for the win.
// Percentages keep their number and sign together (non-breaking spaces).

// Percent is a chance from 0 to 1 for people: one decimal and a % sign
// ("41,3 %"); approx marks a figure that is not exact ("≈41,3 %"). A
// certain chance (exactly 0 or 1) is never marked approximate: "100,0 %";
// one that is not certain never reads 0,0 % or 100,0 %: "<0,1 %",
// ">99,9 %" (the bound, without ≈).
func (p P) Percent(x float64, approx bool) string {
	s := p.Dec1(100*x) + "\u00a0%"
	switch {
	case x == 0 || x == 1:
		return s
	case x > 0 && x < 0.0005:
		return "<" + p.Dec1(0.1) + "\u00a0%"
	case x < 1 && x >= 0.9995:
		return ">" + p.Dec1(99.9) + "\u00a0%"
	}
	if approx {
		s = "≈" + s
	}
	return s
}

// WholePercent is a share from 0 to 1 in whole percent, number and sign
// kept together by a no-break space ("41 %"): the statistics' win, bonus
// and bust rates. It rounds as fmt's %.0f does and needs no language.
func WholePercent(x float64) string {
	return wholePercent(100 * x)
}

// WholePercentOf is n of total in whole percent, counted as 100·n/total so
// that a share of exactly a half percent more (23 of 40: 57.5) rounds as
// the figure itself, not as 100 times its nearest float (57.4999…).
func WholePercentOf(n, total int) string {
	return wholePercent(100 * float64(n) / float64(total))
}

func wholePercent(pct float64) string { return strconv.FormatFloat(pct, 'f', 0, 64) + "\u00a0%" }

// WinNow is the chance to win from here: "Gewinnchance 41,3 %".
func (p P) WinNow(x float64, approx bool) string {
	return p.Tr("Chance to win ", "Gewinnchance ") + p.Percent(x, approx)
}

// StopWord and ThrowWord are the two choices of a turn, as the coach names them.
func (p P) StopWord() string  { return p.Tr("stop", "schreiben") }
func (p P) ThrowWord() string { return p.Tr("throw on", "weiter") }

func (p P) choice(stop bool) string {
	if stop {
		return p.StopWord()
	}
	return p.ThrowWord()
}

// WinChoices are the chances to win of a stop and of throwing on, the
// better one strong and marked ◀: long "Gewinnchance: schreiben 38,0 % ·
// weiter 44,2 % ◀", short "Sieg: schreiben 38,0 % · weiter 44,2 % ◀".
func (p P) WinChoices(stop, throw float64, approx, long bool) string {
	s, t := p.StopWord()+"\u00a0"+p.Percent(stop, approx), p.ThrowWord()+"\u00a0"+p.Percent(throw, approx)
	if stop >= throw {
		s = p.strong(s + "\u00a0◀")
	} else {
		t = p.strong(t + "\u00a0◀")
	}
	head := p.Tr("Win: ", "Sieg: ")
	if long {
		head = p.Tr("Chance to win: ", "Gewinnchance: ")
	}
	return head + s + " · " + t
}

// WinDiffer says where the choice best for the points is not the one best
// for the win: "Auf Punkte: schreiben; auf Sieg: weiter".
func (p P) WinDiffer(pointsStop, winStop bool) string {
	return fmt.Sprintf(p.Tr("On points: %s; to win: %s", "Auf Punkte: %s; auf Sieg: %s"), p.choice(pointsStop), p.choice(winStop))
}

// WinDifferKeep is WinDiffer for the keeps of a throw, each named by its
// letter and dice ("" leaves the dice out) with what follows it: "Auf
// Punkte: a (1 1 1 5), dann schreiben; auf Sieg: b (1 1 1), dann weiter".
func (p P) WinDifferKeep(pointsLetter, pointsDice string, pointsStop bool, winLetter, winDice string, winStop bool) string {
	named := func(letter, dice string, stop bool) string {
		if dice != "" {
			letter += "\u00a0(" + strings.ReplaceAll(dice, " ", "\u00a0") + ")"
		}
		if stop {
			return letter + p.Tr(", then stop", ", dann schreiben")
		}
		return letter + p.Tr(", then throw on", ", dann weiter")
	}
	return fmt.Sprintf(p.Tr("On points: %s; to win: %s", "Auf Punkte: %s; auf Sieg: %s"),
		named(pointsLetter, pointsDice, pointsStop), named(winLetter, winDice, winStop))
}

// WinColumn is the score table's heading of the chance to win.
func (p P) WinColumn() string { return p.Tr("Win", "Sieg") }

// WinHelp explains the chance to win on the help screen; earlierSeat:
// the game gives a tie to the player who sits earlier (5050), else a tie
// is a shared win and counts half.
func (p P) WinHelp(earlierSeat bool) string {
	tie := p.Tr("a tie counts half", "Gleichstand halb")
	if earlierSeat {
		tie = p.Tr("a tie goes to the earlier seat", "bei Gleichstand gewinnt, wer früher dran war")
	}
	return fmt.Sprintf(p.Tr("Chance to win (Win in the score table): of winning the game from these totals when everyone plays best (%s); also for a stop, throwing on and each keep, ◀ the best. Advice: a line where the best for points and the best to win differ.",
		"Gewinnchance (Sieg in der Tabelle): das Spiel von diesen Ständen aus zu gewinnen, wenn alle bestmöglich spielen (%s); auch für Schreiben, Weiter und jede Auswahl, ◀ die beste. Rat: eine Zeile, wo das Beste für Punkte und für den Sieg verschieden ist."), tie)
}

// WinHelpExact says how exact the chances of two players are: method is
// what is not exact ("": all).
func (p P) WinHelpExact(method string) string {
	if method == "" {
		return p.Tr("Exact.", "Genau.")
	}
	return p.Tr("Approximate (≈): ", "Genähert (≈): ") + method + "."
}

// WinHelpNone says why there is no chance to win for this game (coach/win's
// reason, which says that the points stay).
func (p P) WinHelpNone(reason string) string {
	return p.Tr("No chance to win here: ", "Keine Gewinnchance hier: ") + reason + "."
}

// WinHelpMany explains the chances of three or more players (coach/win's
// approximation before the final round, exact in it), said once in the help.
func (p P) WinHelpMany() string {
	return p.Tr("Three or more players: before the final round approximate (≈: each player's two-player chance against their strongest other player, normalised to add up to 1; 5000 always so); in the final round exact, however many players still throw after the one on turn.",
		"Drei oder mehr Spieler: vor der letzten Runde genähert (≈: jedes Spielers Chance zu zweit gegen seinen stärksten anderen Spieler, auf 1 normiert; 5000 immer so); in der letzten Runde genau, wie viele nach dem Spieler am Zug auch noch werfen.")
}

// WinHelpPointsOnly: three or more players where the win solver has no
// figure (the points coach speaks alone).
func (p P) WinHelpPointsOnly() string {
	return p.Tr("With three or more players the coach counts the turn's points only here.",
		"Bei drei oder mehr Spielern rechnet der Trainer hier nur die Punkte des Zugs.")
}

// WinMethod is coach/win's note on what is not exact (Position.Method,
// Solver.Note, in English) in this language; a note it does not know stays
// as it is.
func (p P) WinMethod(en string) string {
	var a, b int
	if n, _ := fmt.Sscanf(en, "minus: totals below −%d are counted as −%d", &a, &b); n == 2 {
		return fmt.Sprintf(p.Tr("minus: totals below −%d are counted as −%d", "minus: Stände unter −%d zählen wie −%d"), a, b)
	}
	de, ok := map[string]string{
		"final round, last seat: exact":                                                                                       "letzte Runde, der letzte Platz: genau",
		"final round, one more player throws after this one: exact":                                                           "letzte Runde, nach diesem wirft noch ein Spieler: genau",
		"final round, two or more players throw after this one: exact (from the last seat back)":                              "letzte Runde, nach diesem werfen noch zwei oder mehr Spieler: genau (vom letzten Platz zurück)",
		"final round: the seats still to throw each chase the total alone":                                                    "letzte Runde: wer noch wirft, jagt den Stand je allein",
		"three or more players: each one's two-player chance against their strongest other player, normalised to add up to 1": "drei oder mehr Spieler: jedes Spielers Chance zu zweit gegen seinen stärksten anderen Spieler, auf 1 normiert",
	}[en]
	if !ok {
		return en
	}
	return p.Tr(en, de)
}

// WinHelpBuilding: the table is still being computed.
func (p P) WinHelpBuilding() string {
	return p.Tr("The table of the chances to win is being computed (once for these house rules, then kept); until it is there, the points alone.",
		"Die Tabelle der Gewinnchancen wird gerade berechnet (einmal für diese Hausregeln, dann aufbewahrt); bis sie da ist, nur die Punkte.")
}
