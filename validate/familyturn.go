package validate

// TurnEnd says how a turn ended.
type TurnEnd uint8

// The ways a turn ends.
const (
	Running  TurnEnd = iota
	Stopped          // points written down (Zehntausend family)
	Bust             // a throw with nothing scoring
	NixEnd           // zehntausend nix: first throw scored nothing, 1000 points
	Voided           // three void throws in a row (hausbau)
	Finished         // a turn that ends by itself (Rückwärts scoring throw, Kniffel, Totwürfeln, Dreißig tot)
)

// Throw is one throw as a player enters it.
type Throw struct {
	Roll []int
	// Keep is the dice set aside from this throw; nil means none were given
	// (5000 and Rückwärts then set aside all scoring dice).
	Keep        []int
	FivesAsOnes int
	Void        bool
}

// TurnContext is what a turn of the Zehntausend family needs to know of the
// game around it.
type TurnContext struct {
	Entered  bool // 5000: the player has entered the game
	Previous int  // steigerung: the result of the turn just before
	// Rückwärts: how many dice the previous player left (0: all) and the
	// points lying on the table.
	TableDice   int
	TablePoints int
}

// FamilyTurn is the state machine of one turn of the Zehntausend family.
// Its zero value is not usable; see Rules.NewFamilyTurn.
type FamilyTurn struct {
	rules *Rules
	ctx   TurnContext

	aside       int // dice set aside in the current pass
	passPoints  int
	turnPoints  int
	throws      int // scoring or bust throws, void ones not counted
	voidsInRow  int
	lastVoid    bool
	pendProof   bool // an of-a-kind combination waits for its proof
	mustConfirm bool // bestaetigen: all dice of a full throw set aside
	pass1500    bool // 5050: the pass holds a 1500 combination
	// 5050: a 1500 of an earlier pass still waits for its confirmation (a
	// new pass that holds 350); a bust before that fails it.
	confirming bool
	passCombos [7]int

	end    TurnEnd
	result int // points written for the turn

	// Tallies for statistics.
	HotDice   int    // passes completed with all dice set aside
	ByDice    [7]int // ByDice[n]: throws of n dice (void throws not counted)
	LastKeep  Keep
	LastValue int // points of the last throw (Rückwärts: put on the table)
	LastKept  int // dice set aside in the last throw
}

// NewFamilyTurn starts a turn.
func (r *Rules) NewFamilyTurn(ctx TurnContext) *FamilyTurn {
	return &FamilyTurn{rules: r, ctx: ctx}
}

// DiceToThrow is how many dice the next throw uses.
func (t *FamilyTurn) DiceToThrow() int {
	n := t.rules.Dice()
	if t.rules.Game == GameRueckwaerts {
		if t.ctx.TableDice > 0 {
			return t.ctx.TableDice
		}
		return n
	}
	if t.aside == n {
		return n // hot dice: a new pass with all dice
	}
	return n - t.aside
}

// NewPass reports whether the next throw starts a new pass with all dice
// after all dice were set aside.
func (t *FamilyTurn) NewPass() bool { return t.aside == t.rules.Dice() }

// End says whether and how the turn ended.
func (t *FamilyTurn) End() TurnEnd { return t.end }

// Result is what the turn writes for its player: the banked points, 0 after a
// bust, −1000 for a minus bust, 1000 for nix. Rückwärts: the points its
// throw put on the table (0 for a bust; the sheet writes the minus points).
func (t *FamilyTurn) Result() int { return t.result }

// TurnPoints are the points gathered in the turn so far.
func (t *FamilyTurn) TurnPoints() int { return t.turnPoints }

// PassPoints are the points of the current pass.
// After all dice are set aside it is the finished pass's points until the
// next throw starts a new pass.
func (t *FamilyTurn) PassPoints() int { return t.passPoints }

// Aside is the number of dice set aside in the current pass (all of them
// after hot dice, until the next throw starts a new pass).
func (t *FamilyTurn) Aside() int { return t.aside }

// Throws counts the throws of the turn, void throws not included.
func (t *FamilyTurn) Throws() int { return t.throws }

// ProofPending reports whether an of-a-kind combination still waits for its proof.
func (t *FamilyTurn) ProofPending() bool { return t.rules.Options.Beweisen && t.pendProof }

// MustConfirm reports whether a confirmation is outstanding: a 5050 1500
// from its hot dice until a new pass holds 350, or a bestaetigen throw of
// all dice until the next throw scores.
func (t *FamilyTurn) MustConfirm() bool {
	return t.pass1500 || t.confirming || t.rules.Options.Bestaetigen && t.mustConfirm
}

// KeepNote says what taking a keep now would bring with it besides its
// points, for marking it in a list of keeps.
type KeepNote struct {
	NeedsProof   bool // beweisen: it holds an of-a-kind combination to prove
	Proves       bool // beweisen: it proves the combinations kept before
	NeedsConfirm bool // a 5050 1500, or bestaetigen: all dice of a full throw
}

// NoteOf is what keep k brings with it at this point of the turn.
func (t *FamilyTurn) NoteOf(k Keep) KeepNote {
	r := t.rules
	var n KeepNote
	if r.Options.Beweisen && !r.AllScoring() {
		n.NeedsProof = k.Reading.OfAKind
		n.Proves = k.Reading.Proves && t.pendProof
	}
	full := t.aside == 0 || t.NewPass()
	n.NeedsConfirm = k.Reading.Confirm || r.Options.Bestaetigen && full && len(k.Dice) == r.Dice()
	return n
}

// Confirming reports whether a 5050 1500 of an earlier pass of the turn
// still waits for the current pass to hold 350.
func (t *FamilyTurn) Confirming() bool { return t.confirming }

// LegalKeeps lists the legal keeps of roll at this point of the turn, best first.
func (t *FamilyTurn) LegalKeeps(roll []int) []Keep {
	return t.rules.legalKeeps(CountsOf(roll), t.currentPass())
}

func (t *FamilyTurn) currentPass() *[7]int {
	if t.NewPass() {
		return nil
	}
	return &t.passCombos
}

func (t *FamilyTurn) overErr() *Error {
	switch t.end {
	case Bust:
		return newError(CodeTurnOver, PhraseBust)
	case NixEnd:
		return newError(CodeTurnOver, PhraseNix)
	case Voided:
		return newError(CodeTurnOver, PhraseThreeVoid)
	case Stopped:
		return newError(CodeTurnOver, PhraseStopped)
	default:
		return newError(CodeTurnOver, PhraseOneThrow)
	}
}

// Throw enters a throw with its keep. On error the turn is unchanged.
func (t *FamilyTurn) Throw(th Throw) error {
	if t.end != Running {
		return t.overErr()
	}
	r := t.rules
	if err := CheckPips(th.Roll); err != nil {
		return err
	}
	if err := CheckPips(th.Keep); err != nil {
		return err
	}
	want := t.DiceToThrow()
	if th.Void {
		if !r.Options.Hausbau || r.Game != GameZehntausend {
			return newError(CodeVoidNotAllowed)
		}
		if len(th.Roll) != 0 && len(th.Roll) != want {
			return newError(CodeDiceCount, want, t.cupPhrase(), len(th.Roll))
		}
		t.voidsInRow++
		t.lastVoid = true
		if t.voidsInRow == 3 {
			t.end, t.result = Voided, 0
		}
		return nil
	}
	if len(th.Roll) != want {
		return newError(CodeDiceCount, want, t.cupPhrase(), len(th.Roll))
	}
	if th.FivesAsOnes < 0 || th.FivesAsOnes > 0 && (!r.Options.FuenferDrehen || r.AllScoring()) {
		return newError(CodeFivesNotAllowed)
	}
	roll := CountsOf(th.Roll)
	keep := CountsOf(th.Keep)
	if !roll.Contains(keep) {
		return newError(CodeKeepNotThrown, FormatDice(th.Keep), FormatDice(th.Roll))
	}
	newPass := t.NewPass()
	pass := t.currentPass()
	first := t.throws == 0
	if !r.scores(roll, pass) {
		if keep.N() > 0 || th.FivesAsOnes > 0 {
			return newError(CodeKeepOnBust, FormatDice(th.Roll))
		}
		t.throws++
		t.ByDice[want]++
		t.lastVoid, t.voidsInRow = false, 0
		t.LastValue, t.LastKept = 0, 0
		t.end, t.result = Bust, 0
		switch {
		case first && r.Options.Nix && r.Game == GameZehntausend:
			t.end, t.result = NixEnd, 1000
		case first && r.Options.Minus && r.Game == GameZehntausend:
			t.result = -1000
		}
		return nil
	}
	var k Keep
	if r.AllScoring() {
		all, _ := r.allScoring(roll)
		if th.Keep != nil && CountsOf(all.Dice) != keep {
			return newError(CodeKeepAllScoring, FormatDice(all.Dice), FormatDice(th.Keep))
		}
		k = all
	} else {
		if keep.N() == 0 {
			return newError(CodeKeepRequired)
		}
		if th.FivesAsOnes > 0 && (th.FivesAsOnes > keep[5] || roll[5]-keep[5] < th.FivesAsOnes) {
			return newError(CodeFivesPartner, th.FivesAsOnes, roll[5]-keep[5])
		}
		var ok bool
		k, ok = r.keepEval(keep, th.FivesAsOnes, pass)
		if !ok {
			return newError(CodeKeepNotScoring, FormatDice(keep.Pips()))
		}
	}
	// The throw is legal: apply it.
	if newPass {
		t.confirming = t.confirming || t.pass1500
		t.aside, t.passPoints, t.passCombos, t.pass1500 = 0, 0, [7]int{}, false
	}
	kept := len(k.Dice)
	fullThrow := t.aside == 0
	t.throws++
	t.ByDice[want]++
	t.lastVoid, t.voidsInRow = false, 0
	t.aside += kept
	t.passPoints += k.Points
	t.turnPoints += k.Points
	t.LastKeep, t.LastValue, t.LastKept = k, k.Points, kept
	// Proof: a later throw with a 1 or 5 outside of-a-kind proves all before it.
	if k.Reading.Proves {
		t.pendProof = false
	}
	if k.Reading.OfAKind {
		t.pendProof = true
	}
	if k.Reading.Confirm {
		t.pass1500 = true
	}
	if t.confirming && t.passPoints >= 350 {
		t.confirming = false // the new pass confirmed the 1500
	}
	if r.Options.Bestaetigen {
		t.mustConfirm = fullThrow && t.aside == r.Dice()
	}
	for f := 1; f <= 6; f++ {
		if k.Doubled[f] > 0 {
			t.passCombos[f] <<= k.Doubled[f]
		}
		if v := k.Reading.OfAKindValue[f]; v > t.passCombos[f] {
			t.passCombos[f] = v
		}
	}
	if t.aside == r.Dice() {
		t.HotDice++
	}
	if r.Game == GameRueckwaerts {
		t.end, t.result = Finished, k.Points
	}
	return nil
}

func (t *FamilyTurn) cupPhrase() Phrase {
	switch {
	case t.rules.Game == GameRueckwaerts && t.ctx.TableDice > 0:
		return PhraseFromPrevious
	case t.NewPass():
		return PhraseNewPass
	case t.aside == 0:
		return PhraseAllDice
	}
	return PhraseLeftInCup
}

// StopBlockers lists every rule that forbids stopping now, most important
// first; empty means the player may stop.
func (t *FamilyTurn) StopBlockers() []*Error {
	r := t.rules
	if r.Game == GameRueckwaerts {
		switch t.end {
		case Finished:
			return nil
		case Bust:
			return []*Error{newError(CodeStopAfterBust, PhraseBust)}
		}
		return []*Error{newError(CodeStopNoThrow)}
	}
	switch t.end {
	case Bust:
		return []*Error{newError(CodeStopAfterBust, PhraseBust)}
	case NixEnd:
		return []*Error{newError(CodeStopAfterBust, PhraseNix)}
	case Voided:
		return []*Error{newError(CodeStopAfterBust, PhraseThreeVoid)}
	case Stopped:
		return []*Error{t.overErr()}
	}
	if t.throws == 0 {
		return []*Error{newError(CodeStopNoThrow)}
	}
	if t.lastVoid {
		return []*Error{newError(CodeStopAfterVoid)}
	}
	var out []*Error
	o := r.Options
	switch r.Game {
	case Game5050:
		if t.pass1500 {
			out = append(out, newError(CodeConfirm1500))
		}
		if p := t.passPoints; p < 350 && !t.pass1500 {
			out = append(out, newError(CodeHurdle350, p))
		}
	case Game5000:
		if !t.ctx.Entered && t.turnPoints < 500 {
			out = append(out, newError(CodeEntry500, t.turnPoints))
		} else if t.turnPoints < 100 {
			out = append(out, newError(CodeMin100, t.turnPoints))
		}
		if t.turnPoints%100 == 50 {
			out = append(out, newError(CodeRoundHundreds, t.turnPoints))
		}
	case GameZehntausend:
		if o.Beweisen && t.pendProof {
			out = append(out, newError(CodeProof))
		}
		if o.Bestaetigen && t.mustConfirm {
			out = append(out, newError(CodeConfirmAll))
		}
		if o.Verschaerft {
			if t.turnPoints < 350 {
				out = append(out, newError(CodeVerschaerftPts, t.turnPoints))
			}
			if left := r.Dice() - t.aside; left > 2 {
				out = append(out, newError(CodeVerschaerftDice, left))
			}
		}
		if o.Steigerung && t.turnPoints <= t.ctx.Previous {
			out = append(out, newError(CodeSteigerung, t.turnPoints, t.ctx.Previous))
		}
	}
	return out
}

// Stop writes the turn's points down, where the rules allow it.
func (t *FamilyTurn) Stop() error {
	if b := t.StopBlockers(); len(b) > 0 {
		return b[0]
	}
	if t.rules.Game == GameRueckwaerts {
		return nil // a Rückwärts stop changes nothing
	}
	t.end, t.result = Stopped, t.turnPoints
	return nil
}

// Clone returns an independent copy of the turn.
func (t *FamilyTurn) Clone() *FamilyTurn {
	c := *t
	return &c
}
