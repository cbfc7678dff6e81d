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
// (review.Valuers.WinFinalPlayers): three. With four or more the final
// round's tables (coach/win's robust keeps and first entries, kept per
// table and tie for the next game) hold about 50 MB over a history's
// import (four players; 129 MB before the robust keeps were kept small),
// past the import's heap limit of 46 MB and its goal of 100 MB: an import
// of the 20,000-game history with four took 140 MB and 249 CPU-seconds
// against 96 MB and 122 with three (docs/REVIEW.md). More players keep
// the points in the stored review; `review` and the game-over screen give
// their exact chances.
const StoredWinPlayers = 3

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
