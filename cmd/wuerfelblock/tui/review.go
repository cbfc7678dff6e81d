package tui

import (
	"fmt"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
)

// gameReview is the review of the finished game, computed once; nil for a
// game without one (Totwürfeln has no decisions; Rückwärts and Dreißig tot
// are not reviewed).
func (s *gameOver) gameReview() *review.Review {
	if s.rv == nil && !s.rvTried {
		s.rvTried = true
		if review.RatesDecisions(s.sg.Game.Rules.Game) {
			if rv, err := review.OfGame(s.sg.Game, s.ui.review); err == nil {
				s.rv = rv
			}
		}
	}
	return s.rv
}

// reviewText is the full review: per player decisions, loss and luck, then
// every decision that cost something, in the order of the game.
func reviewText(t text, rv *review.Review) string {
	var b strings.Builder
	l := t.lang
	if rv.WholeGame {
		fmt.Fprintf(&b, t.tr("Game value (expected final score under best play): %s\n", "Spielwert (erwartete Endsumme bei bestem Spiel): %s\n"),
			review.Number(rv.GameValue, l))
		b.WriteString(t.tr("Total = game value + luck − loss.\n\n", "Summe = Spielwert + Glück − Verlust.\n\n"))
	} else {
		b.WriteString(t.tr("Banked = turn values + luck − loss.\n\n", "Geschrieben = Zugwerte + Glück − Verlust.\n\n"))
	}
	fmt.Fprintf(&b, "[::b]%-16s %6s %9s %9s[::-]\n", t.tr("Player", "Spieler"), t.tr("dec.", "Entsch."), t.tr("loss", "Verlust"), t.tr("luck", "Glück"))
	for _, p := range rv.Players {
		fmt.Fprintf(&b, "%-16s %6d %9s %9s\n", esc(clip(p.Name, 16)), p.Decisions, review.Number(-p.Loss, l), review.Number(p.Luck, l))
	}
	var quick []string
	for _, p := range rv.Players {
		if p.QuickTurns > 0 {
			quick = append(quick, fmt.Sprintf("%s %d", esc(p.Name), p.QuickTurns))
		}
	}
	if len(quick) > 0 {
		fmt.Fprintf(&b, t.tr("Quick entries (only the box is a decision): %s\n", "Schnelleingaben (nur das Feld ist eine Entscheidung): %s\n"), strings.Join(quick, ", "))
	}
	b.WriteString("\n")
	worst := rv.Costliest(5)
	if len(worst) == 0 {
		b.WriteString(t.tr("No decision cost anything: best play throughout.\n", "Keine Entscheidung hat etwas gekostet: durchweg bestes Spiel.\n"))
		return b.String()
	}
	b.WriteString(t.tr("[::b]The costliest decisions[::-]\n", "[::b]Die teuersten Entscheidungen[::-]\n"))
	for _, d := range worst {
		fmt.Fprintf(&b, "%s, %s: %s  %s\n", esc(d.Player), rv.Where(d, l), esc(rv.Describe(d, l)), review.Number(-d.Loss, l))
	}
	b.WriteString(t.tr("\n[::b]Every decision that cost something[::-]\n", "\n[::b]Jede Entscheidung, die etwas kostete[::-]\n"))
	for _, d := range rv.Decisions {
		if d.Loss < 0.005 {
			continue
		}
		fmt.Fprintf(&b, "%s, %s: %s  %s\n", esc(d.Player), rv.Where(d, l), esc(rv.Describe(d, l)), review.Number(-d.Loss, l))
	}
	return b.String()
}
