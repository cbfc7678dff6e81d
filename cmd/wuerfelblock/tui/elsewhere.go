package tui

import (
	"context"
	"fmt"

	"github.com/wuerfelblock/wuerfelblock/storage"
)

// gameWatcher is a screen that shows one stored game (the play screen, the
// game-over screen): watchGames has it check the game when the store's
// data version is at (a change elsewhere: a restore, another terminal).
// The screen reads the game's revision only when at moved since it last
// looked, so that an idle app does no work.
type gameWatcher interface {
	screen
	checkElsewhere(at versionAt)
}

// unchanged reports whether nothing was committed to the store since the
// screen's last look at its game (seen; the store has versions).
func unchanged(seen, at versionAt) bool { return at.ok && seen == at }

// watched is the screen watchGames checks: the top one, or the game-over
// screen below the page it opened (the review, the final sheet).
func (ui *UI) watched() screen {
	top := ui.top()
	if _, ok := top.(*textPage); ok && len(ui.stack) > 1 {
		if over, ok := ui.stack[len(ui.stack)-2].(*gameOver); ok {
			return over
		}
	}
	return top
}

// homeDialog shows above the screen a dialog that says what became of the
// game shown (head in bold, then paras, tview markup); Enter, Esc and q go
// back to the home screen.
func (ui *UI) homeDialog(head string, paras ...string) {
	text := "[::b]" + head + "[::-]"
	for i, p := range paras {
		if i == 0 {
			text += " " + p
		} else {
			text += "\n\n" + p
		}
	}
	ui.dropOverlay()
	ui.showOverlay(ui.wideDialog(text, ui.tr("Enter: back to the home screen", "Enter: zurück zum Startbildschirm"), ui.home))
}

// goneWhy is why a game shown is no longer in the database.
func (t text) goneWhy() (head, why string) {
	return t.tr("This game is no longer in the database:", "Dieses Spiel ist nicht mehr in der Datenbank:"),
		t.tr("a restore put back a backup without it, or another program removed it.",
			"ein Zurückspielen hat eine Sicherung ohne es eingespielt, oder ein anderes Programm hat es entfernt.")
}

// checkElsewhere looks, off the UI goroutine, whether the finished game
// shown was taken out of the database or changed elsewhere since the
// screen showed it (a restore of an older backup, an undo in another
// terminal), and says so in a dialog whose Enter goes home: the standings
// and the review here are of a game the database no longer has.
func (s *gameOver) checkElsewhere(at versionAt) {
	if s.gone || s.ui.busy(s) != nil || unchanged(s.seenAt, at) {
		return
	}
	id, seen := s.sg.ID, s.sg.Revision()
	s.ui.read(s, s.tr("checking for changes made elsewhere…", "Änderungen von anderswo werden gesucht…"), func(ctx context.Context) func() {
		rev, err := s.ui.store.Revision(ctx, id)
		var now *storage.StoredGame
		if err == nil && rev != seen {
			now, err = s.ui.store.LoadGame(ctx, id)
		}
		return func() {
			switch {
			case gameGone(err):
				s.showGone()
			case err != nil: // the next check asks again
			case now != nil:
				s.showChanged(now)
			default:
				s.seenAt = at
			}
		}
	})
}

// shown reports whether the game-over screen is what the players see (or
// the page it opened is).
func (s *gameOver) shown() bool { return s.ui.watched() == screen(s) }

// showGone says that the finished game shown is no longer in the database.
func (s *gameOver) showGone() {
	if !s.shown() {
		return
	}
	s.gone = true
	head, why := s.goneWhy()
	s.ui.homeDialog(head, why,
		fmt.Sprintf(s.tr("Stored before: the finished game as shown here (%s). The database has none of it now; after a restore, the backup it made first (…-before-restore.db in the backups folder beside the database) still holds it.",
			"Vorher gespeichert: das beendete Spiel, wie es hier steht (%s). Die Datenbank hat nichts mehr davon; nach einem Zurückspielen hat sie die Sicherung, die es vorher gemacht hat (…-before-restore.db im Ordner backups neben der Datenbank)."), s.entriesWord(s.sg.Game.Len())),
		s.tr("Nothing more can be done with it here: no undo, no rematch from this screen.",
			"Hier lässt sich nichts mehr damit tun: kein Zurücknehmen, keine Revanche von hier aus."))
}

// showChanged says that the game shown stands otherwise in the database
// now (now: as it is stored).
func (s *gameOver) showChanged(now *storage.StoredGame) {
	if !s.shown() {
		return
	}
	s.gone = true
	g := now.Game
	n := g.Len()
	state := fmt.Sprintf(s.tr("in the database it has %d now and is finished otherwise.",
		"in der Datenbank hat es jetzt %d und ist anders beendet."), n)
	next := s.tr("The statistics count it as it is stored.", "Die Statistik zählt es, wie es gespeichert ist.")
	if !g.Finished() {
		state = fmt.Sprintf(s.tr("in the database it has %d now and is not over: %s's turn.",
			"in der Datenbank hat es jetzt %d und ist nicht zu Ende: %s ist am Zug."), n, "[::b]"+esc(g.Current())+"[::-]")
		next = s.tr("The home screen lists it under Continue, as it stands now.",
			"Der Startbildschirm führt es unter Weiterspielen, so wie es jetzt steht.")
	}
	s.ui.homeDialog(s.tr("This game was changed elsewhere:", "Dieses Spiel wurde anderswo geändert:"),
		s.tr("a restore put back another state of it, or another terminal took entries back.",
			"ein Zurückspielen hat einen anderen Stand eingespielt, oder ein anderes Terminal hat Einträge zurückgenommen."),
		fmt.Sprintf(s.tr("Shown here: %s; ", "Hier gezeigt: %s; "), s.entriesWord(s.sg.Game.Len()))+state,
		next)
}

// entriesWord is "1 entry", "12 entries".
func (t text) entriesWord(n int) string {
	if n == 1 {
		return t.tr("1 entry", "1 Eintrag")
	}
	return fmt.Sprintf(t.tr("%d entries", "%d Einträge"), n)
}
