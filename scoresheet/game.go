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

	fam      *validate.FamilyTurn
	kniffel  *validate.KniffelTurn
	tot      *validate.TotTurn
	dreissig *validate.DreissigTurn

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
	if rules.Game == validate.GameDreissigTot && rules.Options.Hundert && len(players) != 2 {
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
	if g.Rules.Game == validate.GameDreissigTot {
		for i := range g.totals {
			g.totals[i] = 30
		}
	}
	g.seat, g.turnStart = 0, 0
	g.finalRound, g.finished, g.winners = false, false, nil
	g.prevResult, g.tablePoints, g.tableDice = 0, 0, 0
	g.boxes = make([]validate.KniffelBoxes, n)
	g.bonus = make([]int, n)
	g.upperBonus = make([]bool, n)
	g.fam, g.kniffel, g.tot, g.dreissig = nil, nil, nil, nil
	g.startTurn()
}

func (g *Game) startTurn() {
	r := g.Rules
	g.fam, g.kniffel, g.tot, g.dreissig = nil, nil, nil, nil
	switch r.Game {
	case validate.GameKniffel:
		g.kniffel = r.NewKniffelTurn()
	case validate.GameTotwuerfeln:
		g.tot = r.NewTotTurn()
	case validate.GameDreissigTot:
		g.dreissig = r.NewDreissigTurn()
	default:
		g.fam = r.NewFamilyTurn(validate.TurnContext{
			Entered:     g.totals[g.seat] > 0,
			Previous:    g.prevResult,
			TableDice:   g.tableDice,
			TablePoints: g.tablePoints,
		})
	}
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
	if g.fam != nil {
		c.fam = g.fam.Clone()
	}
	if g.kniffel != nil {
		c.kniffel = g.kniffel.Clone()
	}
	if g.tot != nil {
		c.tot = g.tot.Clone()
	}
	if g.dreissig != nil {
		c.dreissig = g.dreissig.Clone()
	}
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
func (g *Game) Family() *validate.FamilyTurn { return g.fam }

// KniffelTurn is the current Kniffel turn (nil in other games).
func (g *Game) KniffelTurn() *validate.KniffelTurn { return g.kniffel }

// TotTurn is the current Totwürfeln turn.
func (g *Game) TotTurn() *validate.TotTurn { return g.tot }

// DreissigTurn is the current Dreißig-tot turn.
func (g *Game) DreissigTurn() *validate.DreissigTurn { return g.dreissig }

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
	if err := g.apply(e); err != nil {
		if err == errNoop {
			return nil
		}
		return err
	}
	g.entries = append(g.entries, e)
	g.afterEntry()
	return nil
}

func fieldErr(name string, g validate.GameID) error {
	return &validate.Error{Code: validate.CodeFieldForGame, Args: []any{name, string(g)}}
}

func (g *Game) apply(e Entry) error {
	r := g.Rules
	switch {
	case g.fam != nil:
		switch e.Kind {
		case EntryThrow:
			return g.fam.Throw(validate.Throw{Roll: e.Roll, Keep: e.Keep, FivesAsOnes: e.FivesAsOnes})
		case EntryVoid:
			return g.fam.Throw(validate.Throw{Roll: e.Roll, Void: true})
		case EntryStop:
			if r.Game == validate.GameRueckwaerts {
				// A Rückwärts stop changes nothing; it is not stored.
				if err := g.fam.Stop(); err != nil {
					return err
				}
				return errNoop
			}
			return g.fam.Stop()
		}
	case g.kniffel != nil:
		switch e.Kind {
		case EntryThrow:
			return g.kniffel.Throw(e.Roll, e.Keep)
		case EntryDice:
			if g.kniffel.Throws() > 0 {
				return &validate.Error{Code: validate.CodeKniffelBoth}
			}
			return g.kniffel.SetDice(e.Roll)
		case EntryScore:
			c, err := validate.ParseCategory(e.Category)
			if err != nil {
				return err
			}
			t := g.kniffel.Clone()
			p, err := r.Score(t, g.boxes[g.seat], c)
			if err != nil {
				return err
			}
			g.kniffel = t
			g.place(p)
			return nil
		}
	case g.tot != nil:
		if e.Kind == EntryThrow {
			if e.Keep != nil {
				return fieldErr("keep", r.Game)
			}
			return g.tot.Throw(e.Roll)
		}
	case g.dreissig != nil:
		switch e.Kind {
		case EntryThrow:
			return g.dreissig.Throw(e.Roll, e.Keep)
		case EntryAttack:
			return g.dreissig.Attack(e.Roll)
		}
	}
	if e.Kind == EntryVoid {
		return &validate.Error{Code: validate.CodeVoidNotAllowed}
	}
	return fieldErr(string(e.Kind), r.Game)
}

type noopError struct{}

func (noopError) Error() string { return "no-op" }

// errNoop is returned by apply for an entry that is accepted but changes nothing.
var errNoop error = noopError{}

// place writes a Kniffel placement into the current player's column.
func (g *Game) place(p validate.Placement) {
	b := &g.boxes[g.seat]
	b.Filled[p.Category] = true
	b.Value[p.Category] = p.Points
	g.lastPlacement = p
}

// turnOver reports whether the current turn has ended.
func (g *Game) turnOver() bool {
	switch {
	case g.fam != nil:
		return g.fam.End() != validate.Running
	case g.kniffel != nil:
		return g.kniffel.Done()
	case g.tot != nil:
		return g.tot.Done()
	case g.dreissig != nil:
		return g.dreissig.Done()
	}
	return false
}

func (g *Game) afterEntry() {
	if !g.turnOver() {
		return
	}
	res := TurnResult{Seat: g.seat, Player: g.Players[g.seat], Entries: len(g.entries) - g.turnStart}
	g.finishTurn(&res)
	res.Totals = slices.Clone(g.totals)
	g.turns = append(g.turns, res)
	g.turnStart = len(g.entries)
	g.seat = (g.seat + 1) % len(g.Players)
	g.checkEnd()
	if !g.finished {
		g.startTurn()
	}
}
