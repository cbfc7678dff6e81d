// Package reviewer hands storage the reviews it keeps: a storage.Reviewer
// made of the coaches' exact values (coach/review). Storage runs no solver
// itself; the program opens it with one of these (storage.Options).
package reviewer

import (
	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
)

// Reviewer reviews finished games with its valuers.
type Reviewer struct {
	Valuers review.Valuers
}

// StoredWinPlayers is the most players of a game with a final round
// (5050, zehntausend) whose stored review follows the chance to win
// (review.Valuers.WinFinalPlayers): four. With coach/win's robust keeps
// and closed shares (many_robust.go) such a review costs about 66 CPU-ms a
// game of four players and 178 of five (two: 13, three: 26); the 1,500 or
// so four-player games of the 20,000-game history add about 100 CPU-s to
// an import (353 s), its 1,800 five-player ones would add 315 more. More
// players keep the points in the stored review; `review` gives their
// chances.
const StoredWinPlayers = 4

// New is the reviewer with valuers v (review.Solvers: the project's
// solvers; tests keep the Kniffel tables in memory), limited to
// StoredWinPlayers for the chance to win.
func New(v review.Valuers) Reviewer {
	v.WinFinalPlayers = StoredWinPlayers
	return Reviewer{v}
}

// Review is the rows the reviews table keeps of finished game g, by seat:
// none for a game that is not finished or whose kind keeps no review
// (review.RatesDecisions), nor for a Dreißig-tot review in pips
// (Review.Kept).
func (r Reviewer) Review(g *scoresheet.Game) ([]storage.ReviewRow, error) {
	if !g.Finished() || !review.RatesDecisions(g.Rules.Game) {
		return nil, nil
	}
	rv, err := review.OfGame(g, r.Valuers)
	if err != nil || !rv.Kept() {
		return nil, err
	}
	return Rows(rv), nil
}

// Rows is what the reviews table keeps of review rv, by seat.
func Rows(rv *review.Review) []storage.ReviewRow {
	rows := make([]storage.ReviewRow, len(rv.Players))
	for seat, p := range rv.Players {
		rows[seat] = storage.ReviewRow{Decisions: p.Decisions, Loss: p.Loss, Luck: p.Luck, QuickTurns: p.QuickTurns,
			Win: rv.Win, WinStart: p.WinStart, WinLuck: p.WinLuck, WinLoss: p.WinLoss, Result: p.Result, WinExact: rv.WinExact}
	}
	return rows
}
