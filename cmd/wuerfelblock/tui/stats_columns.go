package tui

// What every column and figure of the statistics screen means: the help
// (? or F1) of each of its pages shows it.

import (
	"fmt"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/coach"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// helpNote explains every column of the page shown.
func (v *statsView) helpNote() string {
	var rows [][2]string
	switch v.mode {
	case modeBoard:
		rows = v.boardColumns()
	case modePlayer:
		rows = v.playerColumns()
	case modeByPlay:
		rows = v.byPlayColumns()
	case modeVersus:
		rows = v.versusColumns()
	}
	var b strings.Builder
	b.WriteString("[::b]" + v.tr("What the columns mean", "Was die Spalten bedeuten") + "[::-]\n")
	w := 0
	for _, r := range rows {
		w = max(w, len([]rune(r[0])))
	}
	for _, r := range rows {
		// The names padded to one column, so that every text (and its
		// wrapped lines, hangLines) starts under the others.
		fmt.Fprintf(&b, "  [::b]%s[::-]%s  %s\n", esc(r[0]), strings.Repeat(" ", w-len([]rune(r[0]))), esc(r[1]))
	}
	return b.String()
}

func (v *statsView) boardColumns() [][2]string {
	return [][2]string{
		{"#", v.tr("place: wins per game, then the average final total, then games", "Platz: Siege je Spiel, dann der mittlere Endstand, dann Spiele")},
		{v.tr("games", "Spiele"), v.tr("finished games of this game (and house rules)", "beendete Spiele dieses Spiels (und dieser Hausregeln)")},
		{v.tr("won", "Siege"), v.tr("games won (a shared win counts)", "gewonnene Spiele (ein geteilter Sieg zählt)")},
		{v.tr("win rate", "Quote"), v.tr("won of the games, in per cent, with a bar", "Siege von den Spielen, in Prozent, mit Balken")},
		{v.tr("avg", "Mittel"), v.tr("average final total", "mittlerer Endstand")},
		{v.tr("best", "bester"), v.tr("best final total", "bester Endstand")},
		{v.tr("streak", "Serie"), v.tr("wins in a row now / the longest run of wins", "Siege in Folge jetzt / die längste Siegesserie")},
	}
}

// playerColumns explain the figures of the player page of the game shown,
// as it shows them (Dreißig tot's page has attacks, no busts).
func (v *statsView) playerColumns() [][2]string {
	g := v.gameID()
	rows := [][2]string{
		{v.tr("games, won", "Spiele, gewonnen"), v.tr("finished games, those won and the rate", "beendete Spiele, gewonnene und die Quote")},
		{v.tr("final total", "Endstand"), v.tr("average and best final total", "mittlerer und bester Endstand")},
		{v.tr("streak", "Serie"), v.tr("wins in a row now, and the longest run", "Siege in Folge jetzt und die längste Serie")},
	}
	switch validate.VariantOf(g).Family {
	case validate.FamilyKniffel:
		rows = append(rows,
			[2]string{v.tr("upper bonus", "Bonus oben"), v.tr("games with the upper bonus (63 or more above), and their share", "Spiele mit dem Bonus oben (63 oder mehr oben) und ihr Anteil")},
			[2]string{v.tr("Kniffel box with 50", "Kniffel-Feld mit 50"), v.tr("games whose Kniffel box holds 50", "Spiele, deren Kniffel-Feld 50 hat")},
			[2]string{v.tr("further Kniffels", "weitere Kniffel"), v.tr("Kniffels beyond the first, each +100", "Kniffel nach dem ersten, je +100")})
	case validate.FamilyTot, validate.FamilyDreissig:
		rows = append(rows, [2]string{v.tr("per turn", "pro Zug"), v.tr("pips a turn scored: average and best", "Augen, die ein Zug zählte: Schnitt und bester")})
		if validate.StatsOf(g).Attacks {
			rows = append(rows,
				[2]string{v.tr("attacks made", "Angriffe"), v.tr("turns over 30 that attacked, and the points taken", "Züge über 30, die angriffen, und die genommenen Punkte")},
				[2]string{v.tr("attacked", "angegriffen"), v.tr("attacks suffered, and the points lost", "erlittene Angriffe und die verlorenen Punkte")})
		}
	default:
		rows = append(rows,
			[2]string{v.tr("turn", "Zug"), v.tr("points a turn wrote down: average and best", "Punkte, die ein Zug schrieb: Schnitt und bester")},
			[2]string{v.tr("busts", "Fehlwürfe"), v.tr("turns that ended with nothing, of all turns", "Züge, die mit nichts endeten, von allen Zügen")},
			[2]string{v.tr("hot dice", "alle raus"), v.tr("turns where every die scored and all were thrown again", "Züge, in denen alle Würfel zählten und neu geworfen wurden")})
	}
	if coach.Covers(g) {
		rows = append(rows,
			[2]string{v.tr("loss/decision", "Verlust/Entsch."), v.tr("points thrown away against best play, per decision (never negative)", "gegen bestes Spiel verschenkte Punkte je Entscheidung (nie negativ)")},
			[2]string{v.tr("luck/game", "Glück/Spiel"), v.tr("what the dice brought above (+) or below (−) the expected, per game", "was die Würfel über (+) oder unter (−) dem Erwarteten brachten, je Spiel")})
		if validate.VariantOf(g).Family != validate.FamilyDreissig { // its review is in the chance itself
			rows = append(rows, [2]string{v.tr("chance lost", "Gewinnch. verl."), v.tr("the chance to win thrown away against best play, in percentage points", "gegen bestes Spiel verschenkte Gewinnchance, in Prozentpunkten")},
				[2]string{v.tr("chance luck", "Gewinnch. Glück"), v.tr("what the dice and the others' play brought to the chance to win, per game, in percentage points", "was Würfel und das Spiel der anderen der Gewinnchance brachten, je Spiel, in Prozentpunkten")})
		}
	}
	return append(rows, [2]string{v.tr("charts", "Diagramme"), v.tr("final totals and the loss per reviewed game, oldest left; the distribution of turns or totals", "Endstände und Verlust je ausgewertetem Spiel, ältestes links; die Verteilung der Züge oder Endstände")})
}

func (v *statsView) byPlayColumns() [][2]string {
	return [][2]string{
		{"#", fmt.Sprintf(v.tr("place: least chance to win thrown away per decision first (players with %d games reviewed by the chance to win), then least points per decision", "Platz: wenigste verschenkte Gewinnchance je Entscheidung zuerst (wer %d Spiele mit Gewinnchance ausgewertet hat), dann wenigste Punkte je Entscheidung"), storage.ByPlayMinGames)},
		{v.tr("games", "Spiele"), v.tr("reviewed games", "ausgewertete Spiele")},
		{v.tr("loss/dec.", "Verl./Entsch."), v.tr("points thrown away against best play, per decision (never negative)", "gegen bestes Spiel verschenkte Punkte je Entscheidung (nie negativ)")},
		{v.tr("loss/game", "Verl./Spiel"), v.tr("points thrown away per game", "verschenkte Punkte je Spiel")},
		{v.tr("luck/game", "Glück/Spiel"), v.tr("what the dice brought above (+) or below (−) the expected, per game, in points", "was die Würfel über (+) oder unter (−) dem Erwarteten brachten, je Spiel, in Punkten")},
		{v.tr("pp/dec.", "Pp./Entsch."), v.tr("chance to win thrown away per decision, in percentage points", "verschenkte Gewinnchance je Entscheidung, in Prozentpunkten")},
		{v.tr("pp/game", "Pp./Spiel"), v.tr("chance to win thrown away per game, in percentage points", "verschenkte Gewinnchance je Spiel, in Prozentpunkten")},
		{v.tr("luck pp", "Glück Pp."), v.tr("luck per game in chance to win (the dice and the other players' mistakes)", "Glück je Spiel in Gewinnchance (Würfel und Fehler der anderen)")},
	}
}

func (v *statsView) versusColumns() [][2]string {
	return [][2]string{
		{v.tr("game", "Spiel"), v.tr("each game the two played together, then all games", "jedes Spiel, das die beiden zusammen spielten, dann alle")},
		{v.tr("games", "Spiele"), v.tr("finished games they both played", "beendete Spiele, die beide spielten")},
		{v.tr("(names)", "(Namen)"), v.tr("games each of them finished ahead of the other (the wins: the line below)", "Spiele, in denen jeder vor dem anderen lag (die Siege: die Zeile darunter)")},
		{v.tr("level", "gleich"), v.tr("games where neither finished ahead of the other", "Spiele, in denen keiner vor dem anderen lag")},
		{v.tr("ahead", "vorn"), v.tr("who finished ahead of the other more often", "wer öfter vor dem anderen lag")},
	}
}
