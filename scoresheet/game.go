package scoresheet

import (
	"slices"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// EntryKind is what a player entered.
type EntryKind string

// The entry kinds.
const (
	EntryThrow  EntryKind = "throw"  // a throw, with its keep where the game has one
	EntryVoid   EntryKind = "void"   // a void throw (hausbau)
	EntryStop   EntryKind = "stop"   // write the turn's points down
	EntryDice   EntryKind = "dice"   // Kniffel quick entry: the final five dice
	EntryScore  EntryKind = "score"  // Kniffel: the category
	EntryAttack EntryKind = "attack" // Dreißig tot: a throw at the Vordermann
)

// Entry is one thing a player entered. Entries are what the database stores.
type Entry struct {
	Kind        EntryKind `json:"kind"`
	Roll        []int     `json:"roll,omitempty"`
	Keep        []int     `json:"keep"` // nil: not given
	FivesAsOnes int       `json:"fives_as_ones,omitempty"`
	Category    string    `json:"category,omitempty"`
}

// Event is something the rules did to a total at the end of a turn.
type Event struct {
	Kind   EventKind `json:"kind"`
	Player string    `json:"player"`
	Points int       `json:"points"`
	From   string    `json:"from,omitempty"`
}

// EventKind names an event.
type EventKind string

// The events.
const (
	EventReset        EventKind = "reset"         // 5000: same score, set to 0
	EventTransfer     EventKind = "transfer"      // 5000: points went to the lowest entered player
	EventLost         EventKind = "lost"          // 5000: over 5000 and nobody could take them
	EventAttack       EventKind = "attack"        // Dreißig tot: pips taken from the Vordermann
	EventTopUp        EventKind = "top-up"        // Dreißig tot hundert: both accounts +30
	EventUpperBonus   EventKind = "upper-bonus"   // Kniffel: +35
	EventKniffelBonus EventKind = "kniffel-bonus" // Kniffel: +100
	EventMinusPoints  EventKind = "minus-points"  // Rückwärts: the table's points as minus
)

// TurnResult is a finished (or the open last) turn.
type TurnResult struct {
	Seat    int
	Player  string
	Points  int
	Totals  []int // by seat, after the turn
	Open    bool
	End     validate.TurnEnd
	Throws  int
	HotDice int
	// Confirm/proof obligations still open when the turn busted (statistics).
	FailedObligation bool
	Category         string // Kniffel
	Bonus            int    // Kniffel bonus points earned in this turn (upper + Kniffel)
	Attack           int    // Dreißig tot: pips taken from the Vordermann
	DiceLeft         int    // Zehntausend family: dice in the cup on the last throw
	ByDice           [7]int // Zehntausend family: ByDice[n] is how many throws used n dice
	Events           []Event
	Entries          int // how many entries the turn took
	// LastKeep is what the turn's last scoring throw set aside (Zehntausend
	// family; in Rückwärts the dice whose points went on the table).
	LastKeep validate.Keep `json:"-"`
}

// Game is a game in progress or finished: rules, players, entries and all
// that follows from them.
type Game struct {
	Rules   *validate.Rules
	Players []string

	entries []Entry
	turns   []TurnResult
	totals  []int

	seat      int // whose turn
	turnStart int // index of the current turn's first entry

	turn sheetTurn // the current turn

	finalRound bool // 5050/zehntausend: the target was reached
	finished   bool
	winners    []int

	prevResult  int // steigerung
	tablePoints int // Rückwärts
	tableDice   int // Rückwärts: 0 = all dice
	boxes       []validate.KniffelBoxes
	bonus       []int // Kniffel bonus points (upper + Kniffel) by seat
	upperBonus  []bool

	lastPlacement validate.Placement
	// openRecordTurn: a record ended with a turn that has no entries yet.
	openRecordTurn bool
}

// New starts a game.
func New(rules *validate.Rules, players []string) (*Game, error) {
	if err := CheckPlayers(players); err != nil {
		return nil, err
	}
	if n := rules.Variant().Players; n > 0 && len(players) != n {
		return nil, &validate.Error{Code: validate.CodeHundertPlayers, Args: []any{len(players)}}
	}
	g := &Game{Rules: rules, Players: slices.Clone(players)}
	g.reset()
	return g, nil
}

func (g *Game) reset() {
	n := len(g.Players)
	g.entries, g.turns = nil, nil
	g.totals = make([]int, n)
	for i := range g.totals {
		g.totals[i] = g.Rules.Variant().StartTotal
	}
	g.seat, g.turnStart = 0, 0
	g.finalRound, g.finished, g.winners = false, false, nil
	g.prevResult, g.tablePoints, g.tableDice = 0, 0, 0
	g.boxes = make([]validate.KniffelBoxes, n)
	g.bonus = make([]int, n)
	g.upperBonus = make([]bool, n)
	g.turn = g.newTurn()
}

// Entries returns a copy of all entries so far.
func (g *Game) Entries() []Entry { return slices.Clone(g.entries) }

// Len is the number of entries.
func (g *Game) Len() int { return len(g.entries) }

// NumTurns is the number of finished turns.
func (g *Game) NumTurns() int { return len(g.turns) }

// LastTurn is the last finished turn; ok is false before the first one ends.
func (g *Game) LastTurn() (TurnResult, bool) {
	if len(g.turns) == 0 {
		return TurnResult{}, false
	}
	return g.turns[len(g.turns)-1], true
}

// Clone returns an independent copy of the game, for trying an entry.
func (g *Game) Clone() *Game {
	c := *g
	c.entries = slices.Clone(g.entries)
	c.turns = slices.Clone(g.turns)
	c.totals = slices.Clone(g.totals)
	c.winners = slices.Clone(g.winners)
	c.boxes = slices.Clone(g.boxes)
	c.bonus = slices.Clone(g.bonus)
	c.upperBonus = slices.Clone(g.upperBonus)
	c.turn = g.turn.clone()
	return &c
}

// Turns returns the finished turns.
func (g *Game) Turns() []TurnResult { return slices.Clone(g.turns) }

// Totals returns every player's total by seat.
func (g *Game) Totals() []int { return slices.Clone(g.totals) }

// Seat is the seat whose turn it is.
func (g *Game) Seat() int { return g.seat }

// Current is the name of the player whose turn it is.
func (g *Game) Current() string { return g.Players[g.seat] }

// Round is the current round, from 1.
func (g *Game) Round() int { return len(g.turns)/len(g.Players) + 1 }

// FinalRound reports whether the target was reached and the round is being played out.
func (g *Game) FinalRound() bool { return g.finalRound }

// Finished reports whether the game is over.
func (g *Game) Finished() bool { return g.finished }

// Winners lists the winners' seats (empty while the game runs).
func (g *Game) Winners() []int { return slices.Clone(g.winners) }

// TurnEntries is how many entries the current turn has.
func (g *Game) TurnEntries() int { return len(g.entries) - g.turnStart }

// Family is the current Zehntausend-family turn (nil in other games).
func (g *Game) Family() *validate.FamilyTurn {
	if t, ok := g.turn.(*famTurn); ok {
		return t.t
	}
	return nil
}

// KniffelTurn is the current Kniffel turn (nil in other games).
func (g *Game) KniffelTurn() *validate.KniffelTurn {
	if t, ok := g.turn.(*kniffelTurn); ok {
		return t.t
	}
	return nil
}

// TotTurn is the current Totwürfeln turn.
func (g *Game) TotTurn() *validate.TotTurn {
	if t, ok := g.turn.(*totTurn); ok {
		return t.t
	}
	return nil
}

// DreissigTurn is the current Dreißig-tot turn.
func (g *Game) DreissigTurn() *validate.DreissigTurn {
	if t, ok := g.turn.(*dreissigTurn); ok {
		return t.t
	}
	return nil
}

// ThrowSteps are the throws of the current turn of the Zehntausend family
// as the engine took them: void, bust, or the dice set aside (also where
// the game chose them). Empty in other games and after the game's last turn.
func (g *Game) ThrowSteps() []ThrowStep {
	if t, ok := g.turn.(*famTurn); ok && !t.over() {
		return slices.Clone(t.steps)
	}
	return nil
}

// CheckRoll checks a throw of the current turn before its keep is known:
// the turn is running, the pips are dice and the number of dice is right.
// A throw that passes may still be refused for its keep.
func (g *Game) CheckRoll(roll []int) error {
	if g.finished {
		return &validate.Error{Code: validate.CodeGameOver}
	}
	return g.turn.checkRoll(roll)
}

// Boxes is a player's Kniffel column.
func (g *Game) Boxes(seat int) validate.KniffelBoxes { return g.boxes[seat] }

// TablePoints are the points lying on the table (Rückwärts), and how many
// dice the next player throws.
func (g *Game) Table() (points, dice int) {
	d := g.tableDice
	if d == 0 {
		d = g.Rules.Dice()
	}
	return g.tablePoints, d
}

// Vordermann is the seat the current player attacks in Dreißig tot.
func (g *Game) Vordermann() int { return (g.seat + len(g.Players) - 1) % len(g.Players) }

// Apply enters one entry. On error nothing changes.
func (g *Game) Apply(e Entry) error {
	if g.finished {
		return &validate.Error{Code: validate.CodeGameOver}
	}
	stored, err := g.turn.apply(g, e)
	if err != nil || !stored {
		return err
	}
	g.entries = append(g.entries, e)
	g.afterEntry()
	return nil
}

func fieldErr(name string, g validate.GameID) error {
	return &validate.Error{Code: validate.CodeFieldForGame, Args: []any{name, string(g)}}
}

// place writes a Kniffel placement into the current player's column.
func (g *Game) place(p validate.Placement) {
	b := &g.boxes[g.seat]
	b.Filled[p.Category] = true
	b.Value[p.Category] = p.Points
	g.lastPlacement = p
}

func (g *Game) afterEntry() {
	if !g.turn.over() {
		return
	}
	res := TurnResult{Seat: g.seat, Player: g.Players[g.seat], Entries: len(g.entries) - g.turnStart}
	g.turn.finish(g, &res)
	res.Totals = slices.Clone(g.totals)
	g.turns = append(g.turns, res)
	g.turnStart = len(g.entries)
	g.seat = (g.seat + 1) % len(g.Players)
	g.checkEnd()
	if !g.finished {
		g.turn = g.newTurn()
	}
}
