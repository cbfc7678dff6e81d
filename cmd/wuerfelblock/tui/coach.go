package tui

import (
	"context"
	"fmt"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/coach"
	"github.com/wuerfelblock/wuerfelblock/storage"
)

// coachName is how players read a coach level.
func (t text) coachName(l storage.CoachLevel) string {
	switch l {
	case storage.CoachOff:
		return t.tr("off", "aus")
	case storage.CoachAdvice:
		return t.tr("advice", "Rat")
	}
	return t.tr("odds", "Chancen")
}

// coachValues lists the levels in the order * and Space go through them.
func (t text) coachValues() string {
	var names []string
	for _, l := range storage.CoachLevels {
		names = append(names, t.coachName(l))
	}
	return strings.Join(names, ", ")
}

// coachAbout says what each level shows.
func (t text) coachAbout() string {
	return t.tr("what the turn panel says about the best play (exact, under these house rules): off; odds: chances and values; advice: also the best choice and what a choice costs. * switches it during play.",
		"was die Zuganzeige über das beste Spiel sagt (genau, nach diesen Hausregeln): aus; Chancen: Chancen und Werte; Rat: auch die beste Wahl und was eine Wahl kostet. * schaltet es im Spiel um.")
}

// coach is the coach level the game views draw with: off for a game the
// coach does not cover.
func (p *play) coach() storage.CoachLevel {
	if !coach.Covers(p.game().Rules.Game) || !p.sg.Coach.Valid() {
		return storage.CoachOff
	}
	return p.sg.Coach
}

// switchCoach is the key *: the next coach level, stored with the game
// (off the UI goroutine, like an entry); the screen shows it once stored.
func (p *play) switchCoach() {
	if !coach.Covers(p.game().Rules.Game) {
		p.say(p.tr("This game has no coach.", "Für dieses Spiel gibt es keinen Trainer."))
		return
	}
	next := p.coach().Next()
	what := fmt.Sprintf(p.tr("coach: %s", "Trainer: %s"), p.coachName(next))
	p.write(nil, p.saveNote(what), what,
		func(ctx context.Context, sg *storage.StoredGame) error {
			if err := p.ui.store.SetCoach(ctx, sg.ID, next); err != nil {
				return err
			}
			sg.Coach = next
			return nil
		},
		func(err error) {
			if err != nil {
				p.refuse(err)
				return
			}
			p.say(fmt.Sprintf(p.tr("Coach: %s (* switches).", "Trainer: %s (* schaltet um)."), p.coachName(next)))
		})
}
