// Package review rates a recorded game the way backgammon programs do:
// every decision by what it cost against the best play, every throw by the
// luck it brought, both from the exact values of the coaches (coach/family
// for 5050, 5000 and zehntausend; coach/kniffel for Kniffel).
//
// The definitions add up exactly (docs/REVIEW.md):
//
//   - Kniffel: before each throw a position is worth the expected value of
//     throwing; the luck of a throw is the value after it under best play
//     minus the value before it; the loss of a hold or box is the value of
//     the best choice minus that of the chosen one. For each player the
//     final total = game value + Σ luck − Σ loss.
//   - Zehntausend family, per turn: what the turn banked = the turn's value
//     at its start + Σ luck − Σ loss, with keeps and stop/throw-on choices
//     as decisions.
//
// A choice with only one option (5000's keeps, the last free Kniffel box)
// is no decision. Quick-entry Kniffel turns (final dice only) have one
// decision, the box; the rest of the turn counts as luck. Totwürfeln has no
// decisions, only luck (against the exact expected points of a turn).
// Dreißig tot (dreissig.go): keeps and luck in the chance to win (2 … 4
// players, hundert), else in pips per turn. Zehntausend Rückwärts is not
// reviewed.
//
// The package is pure: it replays entries through scoresheet and asks the
// solvers through small interfaces (Valuers).
package review

import (
	"errors"
	"fmt"
	"slices"

	"github.com/wuerfelblock/wuerfelblock/coach/dreissig"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Kind is the kind of a decision.
type Kind string

// The decision kinds.
const (
	Hold Kind = "hold" // Kniffel: which dice to hold (all five: stand)
	Box  Kind = "box"  // Kniffel: which box
	Keep Kind = "keep" // Zehntausend family, Dreißig tot: which dice to set aside
	Stop Kind = "stop" // Zehntausend family: stop or throw on
)

// Choice is one option of a decision, in the record's own notation.
type Choice struct {
	Dice        []int  // hold, keep: the dice (sorted)
	FivesAsOnes int    // keep: how many kept 5s count as a 1
	Box         string // box: the category id
	Stop        bool   // stop: true to stop, false to throw on
}

// Decision is one decision of a player and what it cost.
type Decision struct {
	Player string
	Seat   int
	Turn   int // 0-based, as in the verdict
	Throw  int // 0-based: the throw after which the decision was taken
	Kind   Kind
	Chosen Choice
	Best   Choice
	Loss   float64 // value of the best choice − value of the chosen one (≥ 0)
	// FinalDice: a Kniffel box chosen on dice entered as the turn's final
	// dice (quick entry, or a throw without a hold with throws left, which
	// the review takes as final dice entered without their holds). Where
	// says "Endwürfel" / "final dice" for it, not a throw's number (Throw
	// stays the index of the entry after which the box was chosen).
	FinalDice bool
	// The same decision by the chance to win (HasWin: the game has a win
	// review): the chance of the chosen and of the best choice (0–1), the
	// loss (WinBest − WinChosen) and the choice best for the win.
	HasWin                      bool
	WinLoss, WinChosen, WinBest float64
	WinBestChoice               Choice
	// Differs: best on points but not on the chance to win, or the reverse.
	Differs bool
}

// Player is one player's summary.
type Player struct {
	Name       string
	Decisions  int
	Loss       float64 // Σ loss of the decisions
	Luck       float64 // Σ luck of the throws
	Turns      int     // finished turns reviewed
	QuickTurns int     // Kniffel: turns entered as final dice only
	// Zehntausend family and Totwürfeln: Σ of the values of the player's
	// turns at their start, and Σ of what the turns banked (the turn's own
	// result, before 5000's transfers): Banked = TurnValueSum + Luck − Loss.
	TurnValueSum float64
	// Banked: family, Σ of the turns' results; Kniffel, the total;
	// Dreißig tot in pips, Σ of the turns' pips (taken minus lost).
	Banked int
	// Dreißig tot in chances (percentage points): the chance to win at the
	// start, and the result (the share of the win, 0 … 100; in a game
	// still running the chance now): ChanceResult = ChanceStart + Luck − Loss.
	ChanceStart, ChanceResult float64
	// The win review (Review.Win), chances from 0 to 1: the chance to win
	// at the game's first turn, the luck (every change of the player's
	// chance they did not decide: their throws, the other players' throws
	// and decisions) and the loss of their decisions; Result is 1 for a win,
	// 1/2 shared, 0 otherwise (finished games): Result = WinStart + WinLuck − WinLoss.
	WinStart, WinLuck, WinLoss, Result float64
}

// Review is the review of one game.
type Review struct {
	Game     validate.GameID
	Reviewed bool // false: the game has no review yet (Note says why)
	Note     Note
	Players  []Player // by seat
	// Decisions in the order they were taken.
	Decisions []Decision
	// GameValue is the expected final score from the empty sheet (Kniffel).
	GameValue float64
	Finished  bool
	// WholeGame: the values are of the whole game (final total = game
	// value + luck − loss, Kniffel); else of each turn (banked = turn values
	// + luck − loss).
	WholeGame bool
	// Transfers: turns may pass points on after they are banked (5000 over
	// its target); banked counts what each turn wrote down before that.
	Transfers bool
	// Chances: Dreißig tot with a table (2 … 4 players, hundert): luck and
	// loss are percentage points of the chance to win (else pips).
	Chances bool
	// Unit of luck and loss where the game has more than one: Dreißig tot,
	// UnitPercent (Chances) or UnitPips; "" elsewhere (the game's points).
	Unit Unit
	// Win: the game also has the review by the chance to win (the
	// Zehntausend family); WinExact: its chances are exact (not with three
	// or more players: approximated before the final round); WinNote says
	// why there is none where there is not, and what is approximated.
	Win, WinExact bool
	WinNote       Note
	// WinFrom: Kniffel, the round from which the decisions also carry the
	// chance to win (KniffelWinFrom; 0: none); Player.WinLoss is then the
	// sum of their losses (kniffel_win.go).
	WinFrom int
	winGap  float64
}

// Unit is the unit of a review's luck and loss.
type Unit string

// The units of Dreißig tot's reviews.
const (
	UnitPercent Unit = "percent" // percentage points of the chance to win
	UnitPips    Unit = "pips"    // pips of the turn (taken minus lost)
)

// Note is a remark in both languages.
type Note struct{ EN, DE string }

// Text returns the note in l.
func (n Note) Text(l validate.Lang) string {
	if l == validate.German {
		return n.DE
	}
	return n.EN
}

// Reviewable reports whether games of g are reviewed (Totwürfeln is, with
// no decisions).
// The game's definition says so (validate.Variant.Review).
func Reviewable(g validate.GameID) bool { return validate.VariantOf(g).Review != validate.NotReviewed }

// RatesDecisions reports whether games of g have decisions to rate, and
// their reviews are kept for the statistics (Totwürfeln is reviewed for
// luck only).
func RatesDecisions(g validate.GameID) bool {
	return validate.VariantOf(g).Review == validate.ReviewDecisions
}

// Kept reports whether the statistics keep this review (the reviews
// table): a game that rates decisions, and Dreißig tot only in chances
// (2 … 4 players, hundert): reviews in pips are in other units.
func (r *Review) Kept() bool {
	return r.Reviewed && RatesDecisions(r.Game) && r.Unit != UnitPips
}

// ErrNoSolver is returned when the valuer a game needs is missing.
var ErrNoSolver = errors.New("review: no solver for this game")

// Costliest returns the n decisions that cost most, costliest first (at
// equal loss, the earlier); decisions without loss are left out.
func (r *Review) Costliest(n int) []Decision {
	var out []Decision
	for _, d := range r.Decisions {
		if d.Loss > lossEpsilon {
			out = append(out, d)
		}
	}
	slices.SortStableFunc(out, func(a, b Decision) int {
		switch {
		case a.Loss > b.Loss:
			return -1
		case a.Loss < b.Loss:
			return 1
		}
		return 0
	})
	return out[:min(n, len(out))]
}

// lossEpsilon: losses below it are rounding, not mistakes.
const lossEpsilon = 1e-9

// Of reviews a stored game or record: rules, players and entries. Entries
// the rules refuse give an error; a running game is reviewed as far as it
// goes (an open turn's decisions so far count).
func Of(rules *validate.Rules, players []string, entries []scoresheet.Entry, v Valuers) (*Review, error) {
	return of(rules, players, entries, nil, v)
}

// of is Of; whole, where known, is the game of the entries (its turns
// give the turn starts before the walk: prepareStarts).
func of(rules *validate.Rules, players []string, entries []scoresheet.Entry, whole *scoresheet.Game, v Valuers) (*Review, error) {
	g, err := scoresheet.New(rules, players)
	if err != nil {
		return nil, err
	}
	vt := rules.Variant()
	rv := &Review{Game: rules.Game, Reviewed: Reviewable(rules.Game),
		WholeGame: vt.Family == validate.FamilyKniffel, Transfers: vt.Settle == validate.SettleExact}
	for _, p := range players {
		rv.Players = append(rv.Players, Player{Name: p})
	}
	rv.Note = noteOf(rules.Game, vt)
	if vt.Family == validate.FamilyDreissig {
		rv.Chances, rv.Note = dreissigNote(players, rules, v)
		rv.Unit = UnitPips
		if rv.Chances {
			rv.Unit = UnitPercent
		}
	}
	w := &walker{g: g, rv: rv, v: v, entries: entries, whole: whole}
	if rv.Chances {
		// Every player's chance at the start, also for a game without turns.
		w.chanceTo(pct(w.dreissigCoach().Chances(dreissig.Dice, 0), g.Seat()), -1)
	}
	if rv.Reviewed {
		switch {
		case vt.Family == validate.FamilyKniffel && v.Kniffel == nil,
			isFamily(rules.Game) && v.Family == nil:
			return nil, ErrNoSolver
		}
		if vt.Family == validate.FamilyKniffel {
			rv.GameValue = v.Kniffel.GameValue(rules)
		}
	}
	w.initWin()
	defer w.winDone()
	if err := w.run(); err != nil {
		return nil, err
	}
	rv.Finished = g.Finished()
	return rv, nil
}

// noteOf is what the review says of a game it does not rate fully, from
// the game's definition.
func noteOf(g validate.GameID, vt validate.Variant) Note {
	info, _ := validate.LookupGame(string(g))
	en, de := info.Name(validate.English), info.Name(validate.German)
	switch {
	case vt.Review == validate.NotReviewed && vt.TableTurns:
		return Note{en + " is not reviewed: a turn is one throw, with no choice.",
			de + " wird nicht ausgewertet: ein Zug ist ein Wurf, ohne Wahl."}
	case vt.Review == validate.NotReviewed:
		return Note{en + " is not reviewed yet.", de + " wird noch nicht ausgewertet."}
	case vt.Review == validate.ReviewLuck:
		return Note{en + " has no decisions: the dice decide everything; luck is measured against a turn's expected points.",
			de + " kennt keine Entscheidungen: alles entscheiden die Würfel; das Glück misst sich am Erwartungswert eines Zugs."}
	}
	return Note{}
}

// OfGame reviews a game in progress or finished.
func OfGame(g *scoresheet.Game, v Valuers) (*Review, error) {
	return of(g.Rules, g.Players, g.Entries(), g, v)
}

// OfRecord reviews a record (docs/RECORD.md). A record that breaks a rule
// gives the verdict's error.
func OfRecord(rec scoresheet.Record, lang validate.Lang, v Valuers) (*Review, error) {
	g, verr, err := scoresheet.Load(rec, lang)
	if err != nil {
		return nil, err
	}
	if verr != nil {
		return nil, &RuleError{Verdict: verr}
	}
	return OfGame(g, v)
}

// RuleError is a record that breaks a rule: it is not reviewed.
type RuleError struct{ Verdict *scoresheet.VerdictError }

func (e *RuleError) Error() string {
	if e.Verdict.Throw != nil {
		return fmt.Sprintf("turn %d, throw %d: %s", e.Verdict.Turn, *e.Verdict.Throw, e.Verdict.Message)
	}
	return fmt.Sprintf("turn %d: %s", e.Verdict.Turn, e.Verdict.Message)
}

// isFamily reports whether the family coach values the turns of game g:
// the coached games of the Zehntausend turn engine.
func isFamily(g validate.GameID) bool {
	v := validate.VariantOf(g)
	return v.Family == validate.FamilyZehntausend && v.Coached
}

// walker replays the entries and reviews each turn.
type walker struct {
	g       *scoresheet.Game
	rv      *Review
	v       Valuers
	entries []scoresheet.Entry
	whole   *scoresheet.Game // the game of the entries, where known (nil: Of)
	pos     int              // next entry
	tot     []float64        // Totwürfeln: expected points by dice alive
	// dreissig: every player's chance now (Dreißig tot with chances).
	dreissig dreissigState
	ws       winState
	wp       WinPosition // the win position of the family turn under review (nil: none)
	// stopExact: the last stop's chances were exact (its gap to the next
	// turn's start is a defect, not the approximation's)
	stopExact bool
	kw        kniffelWinState
}

func (w *walker) run() error {
	for w.pos < len(w.entries) {
		start := w.pos
		turn := w.g.NumTurns()
		seat := w.g.Seat()
		// The turn's entries: up to the one that ends it.
		var err error
		switch engine := w.g.Rules.TurnEngine(); {
		case !w.rv.Reviewed:
			err = w.skipTurn()
		case engine == validate.FamilyTot:
			err = w.totTurn(turn, seat)
		case engine == validate.FamilyKniffel:
			err = w.kniffelTurn(turn, seat)
		case engine == validate.FamilyDreissig:
			err = w.dreissigTurn(turn, seat)
		default:
			err = w.familyTurn(turn, seat)
		}
		if err != nil {
			return err
		}
		if w.g.NumTurns() > turn {
			w.rv.Players[seat].Turns++
		}
		if w.pos == start { // nothing consumed: cannot happen, but never loop
			return fmt.Errorf("review: entry %d not consumed", start)
		}
	}
	return nil
}

// apply enters the next entry into the game.
func (w *walker) apply() (scoresheet.Entry, error) {
	e := w.entries[w.pos]
	if err := w.g.Apply(e); err != nil {
		return e, &EntryError{Index: w.pos, Err: err}
	}
	w.pos++
	return e, nil
}

// EntryError is an entry the rules refuse.
type EntryError struct {
	Index int
	Err   error
}

func (e *EntryError) Error() string { return fmt.Sprintf("entry %d: %v", e.Index, e.Err) }
func (e *EntryError) Unwrap() error { return e.Err }

// next is the entry after the current one, if any.
func (w *walker) next() (scoresheet.Entry, bool) {
	if w.pos < len(w.entries) {
		return w.entries[w.pos], true
	}
	return scoresheet.Entry{}, false
}

func (w *walker) skipTurn() error {
	turn := w.g.NumTurns()
	for w.pos < len(w.entries) && w.g.NumTurns() == turn && !w.g.Finished() {
		if _, err := w.apply(); err != nil {
			return err
		}
	}
	return nil
}

func (w *walker) decide(d Decision) *Decision {
	d.Player = w.g.Players[d.Seat]
	w.rv.Decisions = append(w.rv.Decisions, d)
	p := &w.rv.Players[d.Seat]
	p.Decisions++
	p.Loss += d.Loss
	return &w.rv.Decisions[len(w.rv.Decisions)-1]
}
