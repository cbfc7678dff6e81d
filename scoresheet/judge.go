package scoresheet

import (
	"encoding/json"
	"errors"
	"sync"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Verdict is what `judge` prints for a record (docs/RECORD.md).
type Verdict struct {
	Valid    bool           `json:"valid"`
	Turns    []VerdictTurn  `json:"turns"`
	Totals   map[string]int `json:"totals"`
	Finished bool           `json:"finished"`
	Winners  []string       `json:"winners"`
	Error    *VerdictError  `json:"error,omitempty"`
}

// VerdictTurn is one judged turn.
type VerdictTurn struct {
	Player string         `json:"player"`
	Points int            `json:"points"`
	Totals map[string]int `json:"totals"`
	Open   bool           `json:"open,omitempty"`
	Events []Event        `json:"events,omitempty"`
}

// VerdictError says where a record broke a rule and which.
type VerdictError struct {
	Turn    int    `json:"turn"`
	Throw   *int   `json:"throw"`
	Message string `json:"message"`
	Code    string `json:"code"`
	err     error
}

// Err is the underlying rule error.
func (e *VerdictError) Err() error { return e.err }

// Rules makes the rules of a record (game and options).
func (rec Record) Rules() (*validate.Rules, error) {
	r, err := validate.ParseRules(rec.Game, rec.Options)
	if err != nil {
		return nil, &InputError{Err: err}
	}
	// The same rule set gets the same rules, so that their lazily built
	// tables are built once (an export holds thousands of records).
	key, err := json.Marshal(r.Options.Map(r.Game))
	if err != nil {
		return nil, &InputError{Err: err}
	}
	k := string(r.Game) + "\x00" + string(key)
	rulesCache.Lock()
	defer rulesCache.Unlock()
	if c, ok := rulesCache.m[k]; ok {
		return c, nil
	}
	if rulesCache.m == nil || len(rulesCache.m) >= 1000 {
		rulesCache.m = map[string]*validate.Rules{}
	}
	rulesCache.m[k] = r
	return r, nil
}

// rulesCache keeps the rules of every rule set records used: building them
// costs about 0.3 ms and 0.5 MB, and an import of thousands of records uses
// a few dozen sets. Rules never change once built.
var rulesCache struct {
	sync.Mutex
	m map[string]*validate.Rules
}

// Load replays a record into a game. A record that is not a record at all
// gives an *InputError. A broken rule stops the replay: the game holds the
// turns before it, and the *VerdictError says where and why.
func Load(rec Record, lang validate.Lang) (*Game, *VerdictError, error) {
	rules, err := rec.Rules()
	if err != nil {
		return nil, nil, err
	}
	g, err := New(rules, rec.Players)
	if err != nil {
		return nil, nil, &InputError{Err: err}
	}
	for i, t := range rec.Turns {
		if verr := g.applyTurn(i, t, i == len(rec.Turns)-1, lang); verr != nil {
			// The verdict covers the turns before the broken one: replay them
			// into a fresh game so that nothing of the broken turn remains.
			g, _ = New(rules, rec.Players)
			for j := range i {
				g.applyTurn(j, rec.Turns[j], false, lang)
			}
			return g, verr, nil
		}
	}
	return g, nil, nil
}

// Judge replays a record and gives its verdict. err is an *InputError for
// input that is not a record.
func Judge(rec Record, lang validate.Lang) (Verdict, error) {
	g, verr, err := Load(rec, lang)
	if err != nil {
		return Verdict{}, err
	}
	v := g.Verdict()
	if verr != nil {
		v.Valid = false
		v.Error = verr
	}
	return v, nil
}

// Verdict describes the game as judged so far.
func (g *Game) Verdict() Verdict {
	v := Verdict{Valid: true, Turns: []VerdictTurn{}, Totals: g.totalsMap(g.totals), Finished: g.finished, Winners: []string{}}
	for _, t := range g.turns {
		v.Turns = append(v.Turns, VerdictTurn{Player: t.Player, Points: t.Points, Totals: g.totalsMap(t.Totals), Events: t.Events})
	}
	if !g.finished && g.TurnEntries() > 0 || g.openRecordTurn {
		v.Turns = append(v.Turns, VerdictTurn{Player: g.Current(), Points: 0, Totals: g.totalsMap(g.totals), Open: true})
	}
	for _, w := range g.winners {
		v.Winners = append(v.Winners, g.Players[w])
	}
	return v
}

func (g *Game) totalsMap(t []int) map[string]int {
	m := make(map[string]int, len(t))
	for i, p := range g.Players {
		m[p] = t[i]
	}
	return m
}

func turnErr(turn int, throw *int, err error, lang validate.Lang) *VerdictError {
	ve := &VerdictError{Turn: turn, Throw: throw, Message: validate.Localize(err, lang), err: err}
	var e *validate.Error
	if errors.As(err, &e) {
		ve.Code = string(e.Code)
	}
	return ve
}

func idx(i int) *int { return &i }

// TurnEntries converts a record turn into entries, in order. throwIdx[k] is
// the record throw index of entry k, or -1 for the turn's own fields.
func (t RecordTurn) entries() (es []Entry, throwIdx []int) {
	for j, th := range t.Throws {
		e := Entry{Kind: EntryThrow, Roll: th.Roll, Keep: th.Keep, FivesAsOnes: th.FivesAsOnes}
		if th.Void {
			e = Entry{Kind: EntryVoid, Roll: th.Roll}
		}
		es, throwIdx = append(es, e), append(throwIdx, j)
	}
	if t.Dice != nil {
		es, throwIdx = append(es, Entry{Kind: EntryDice, Roll: t.Dice}), append(throwIdx, -1)
	}
	for j, th := range t.Attack {
		es, throwIdx = append(es, Entry{Kind: EntryAttack, Roll: th.Roll, Keep: th.Keep}), append(throwIdx, len(t.Throws)+j)
	}
	if t.Stop {
		es, throwIdx = append(es, Entry{Kind: EntryStop}), append(throwIdx, -1)
	}
	if t.Score != "" {
		es, throwIdx = append(es, Entry{Kind: EntryScore, Category: t.Score}), append(throwIdx, -1)
	}
	return es, throwIdx
}

// applyTurn replays one record turn.
func (g *Game) applyTurn(i int, t RecordTurn, last bool, lang validate.Lang) *VerdictError {
	r := g.Rules
	if g.finished {
		return turnErr(i, nil, &validate.Error{Code: validate.CodeGameOver}, lang)
	}
	if t.Player != g.Current() {
		return turnErr(i, nil, &validate.Error{Code: validate.CodeWrongPlayer, Args: []any{g.Current(), t.Player}}, lang)
	}
	if err := g.checkFields(t); err != nil {
		return turnErr(i, nil, err, lang)
	}
	es, at := t.entries()
	turns := len(g.turns)
	for k, e := range es {
		where := func() *int {
			if at[k] < 0 {
				return nil
			}
			return idx(at[k])
		}
		if len(g.turns) > turns {
			// The turn already ended; a Rückwärts stop after a scoring throw is fine.
			if e.Kind == EntryStop && r.Variant().TableTurns && g.turns[turns].End == validate.Finished {
				continue
			}
			return turnErr(i, where(), g.endedErr(g.turns[turns], e), lang)
		}
		if e.Kind == EntryVoid && (t.Throws[at[k]].Keep != nil || t.Throws[at[k]].FivesAsOnes != 0) {
			return turnErr(i, where(), &validate.Error{Code: validate.CodeFieldForGame, Args: []any{"keep", "a void throw"}}, lang)
		}
		if err := g.Apply(e); err != nil {
			var ve *validate.Error
			if errors.As(err, &ve) && ve.Code == validate.CodeKniffelKeepLast && len(t.Throws) > 0 {
				// The fault is the keep on the last throw.
				return turnErr(i, idx(len(t.Throws)-1), err, lang)
			}
			return turnErr(i, where(), err, lang)
		}
	}
	if len(g.turns) == turns {
		if last {
			g.openRecordTurn = true
			return nil
		}
		return turnErr(i, nil, &validate.Error{Code: validate.CodeUnfinishedTurn, Args: []any{g.unfinishedReason()}}, lang)
	}
	return nil
}

// endedErr explains why entry e comes too late: the turn res already ended.
func (g *Game) endedErr(res TurnResult, e Entry) error {
	var why validate.Phrase
	switch res.End {
	case validate.Bust:
		why = validate.PhraseBust
	case validate.NixEnd:
		why = validate.PhraseNix
	case validate.Voided:
		why = validate.PhraseThreeVoid
	case validate.Stopped:
		why = validate.PhraseStopped
	default:
		var err error
		if why, err = g.turn.finishedWhy(res, e); err != nil {
			return err
		}
	}
	if e.Kind == EntryStop {
		return &validate.Error{Code: validate.CodeStopAfterBust, Args: []any{why}}
	}
	return &validate.Error{Code: validate.CodeTurnOver, Args: []any{why}}
}

// unfinishedReason says what an unfinished turn lacks.
func (g *Game) unfinishedReason() validate.Phrase { return g.turn.missing() }

// checkFields refuses turn fields that the game does not have.
func (g *Game) checkFields(t RecordTurn) error {
	game := g.Rules.Game
	engine := g.Rules.TurnEngine()
	family := engine == validate.FamilyZehntausend
	switch {
	case t.Stop && !family:
		return fieldErr("stop", game)
	case t.Score != "" && engine != validate.FamilyKniffel:
		return fieldErr("score", game)
	case t.Dice != nil && engine != validate.FamilyKniffel:
		return fieldErr("dice", game)
	case t.Attack != nil && engine != validate.FamilyDreissig:
		return fieldErr("attack", game)
	case t.Dice != nil && t.Throws != nil:
		return &validate.Error{Code: validate.CodeKniffelBoth}
	}
	for _, list := range [][]RecordThrow{t.Throws, t.Attack} {
		for _, th := range list {
			if th.FivesAsOnes != 0 && !family {
				return fieldErr("fives_as_ones", game)
			}
		}
	}
	for _, th := range t.Attack {
		if th.Keep != nil {
			return fieldErr("keep", game)
		}
	}
	return nil
}
