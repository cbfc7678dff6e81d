package validate

// Variant holds the facts of a game (with its house rules) that are not the
// rules of a single turn: which turn engine it uses, where the totals start,
// when the game ends and who wins. The score sheet, the storage and the
// screens read these facts here instead of asking which game it is.
type Variant struct {
	Family     Family
	StartTotal int // every player's total before the first turn
	End        EndRule
	Target     int // the total the end rule looks for (EndFinalRound, EndExact, EndAtTarget)
	// Rounds is the fixed number of rounds (EndRounds), 0 when the game
	// has no fixed length.
	Rounds int
	// LowerWins: the fewest points are best (the minus points of Rückwärts).
	LowerWins bool
	// EarlierSeatWinsTies: a tie for the win goes to the player who sits
	// earlier in the turn order instead of being shared (5050).
	EarlierSeatWinsTies bool
	// WinnerBegins: the next game between the same players starts with the
	// winner of the last one (5050).
	WinnerBegins bool
	// AllScoring: a player must set aside all scoring dice of every throw.
	AllScoring bool
	// TableTurns: a turn is one throw with the dice the previous player
	// left; its points go on the table, a bust takes the table as minus
	// (Zehntausend Rückwärts).
	TableTurns bool
	// EntryPoints: a player's first stop needs this many turn points, and
	// again after being set back to 0 (5000); 0 means no entry.
	EntryPoints int
	// Stops are the rules that may forbid writing a turn down (the
	// Zehntausend family; with the house rules that add some).
	Stops Stops
	// Settle is how a stopped turn's points reach the totals.
	Settle Settle
	// Players is the exact number of players the game needs, 0 for any.
	Players int
	// Coached: the coach advises in this game (an exact solver of its
	// turns in coach/: the turn engine's solver must cover the game).
	Coached bool
	// Review is what the review of a finished game rates (coach/review).
	Review ReviewKind
}

// ReviewKind is what the review of a game rates.
type ReviewKind uint8

// The kinds of review.
const (
	// NotReviewed: no review (Zehntausend Rückwärts).
	NotReviewed ReviewKind = iota
	// ReviewLuck: the throws' luck only, the game has no decisions
	// (Totwürfeln); not kept in the statistics.
	ReviewLuck
	// ReviewDecisions: every decision's loss and every throw's luck; kept
	// in the statistics (the reviews table).
	ReviewDecisions
)

// Family is the turn engine a game uses.
type Family uint8

// The turn engines.
const (
	FamilyZehntausend Family = iota + 1 // FamilyTurn: 5050, 5000, Zehntausend, Rückwärts
	FamilyKniffel                       // KniffelTurn
	FamilyTot                           // TotTurn: Totwürfeln
	FamilyDreissig                      // DreissigTurn: Dreißig tot
)

// EndRule says when a game is over.
type EndRule uint8

// The end rules.
const (
	// EndFinalRound: once a total reaches Target the round is played out;
	// the highest total wins.
	EndFinalRound EndRule = iota + 1
	// EndExact: whoever lands exactly on Target wins at once.
	EndExact
	// EndAtTarget: the game is over as soon as a total reaches Target; the
	// best total (LowerWins) wins.
	EndAtTarget
	// EndRounds: the game is over after Rounds rounds; the highest total wins.
	EndRounds
	// EndAtZero: the game is over as soon as a total is 0 or below; the
	// highest total wins.
	EndAtZero
)

// Settle is how a finished turn's points reach the totals.
type Settle uint8

// The ways to settle a turn.
const (
	// SettleAdd adds the turn's result to the player's total.
	SettleAdd Settle = iota + 1
	// SettleExact (5000): points that pass Target go to the lowest entered
	// other player, if they fit, else they are lost; whoever reaches another
	// player's total sets that player back to 0.
	SettleExact
	// SettleTable (Rückwärts): a scoring throw puts its points on the table;
	// a bust takes the table's points as minus points.
	SettleTable
	// SettleAccount (Dreißig tot): under 30 costs the difference, over 30
	// attacks the Vordermann; with hundert both accounts get 30 whenever
	// one is at 0 or below.
	SettleAccount
	// SettleSheet (Kniffel): the total is the column plus its bonuses.
	SettleSheet
)

// Variant returns the game facts of the rules.
func (r *Rules) Variant() Variant { return r.variant }

// TurnEngine is the turn engine the rules use.
func (r *Rules) TurnEngine() Family { return r.variant.Family }

// FixedRounds is the number of rounds of a game with a fixed length, 0 for
// the others.
func (v Variant) FixedRounds() int {
	if v.End == EndRounds {
		return v.Rounds
	}
	return 0
}

// VariantOf is the game facts of game g with its basic rules (the zero
// Variant for an unknown game). Facts that depend on house rules (target,
// rounds) need the rules' own Variant.
func VariantOf(g GameID) Variant {
	d := def(g)
	if d == nil {
		return Variant{}
	}
	return d.variant(DefaultOptions(g))
}
