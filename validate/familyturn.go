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
	if t.rules.variant.TableTurns {
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
func (t *FamilyTurn) ProofPending() bool { return t.stops().Proof && t.pendProof }

// MustConfirm reports whether a confirmation is outstanding: a 5050 1500
// from its hot dice until a new pass holds 350, or a bestaetigen throw of
// all dice until the next throw scores.
func (t *FamilyTurn) MustConfirm() bool {
	return t.pass1500 || t.confirming || t.stops().ConfirmAll && t.mustConfirm
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
	if t.stops().Proof && !r.AllScoring() {
		n.NeedsProof = k.Reading.OfAKind
		n.Proves = k.Reading.Proves && t.pendProof
	}
	full := t.aside == 0 || t.NewPass()
	n.NeedsConfirm = k.Reading.Confirm || t.stops().ConfirmAll && full && len(k.Dice) == r.Dice()
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

// VoidLimit is how many void throws in a row end a turn with nothing (hausbau).
const VoidLimit = 3

// VoidsInRow is how many void throws (hausbau) came in a row just now.
func (t *FamilyTurn) VoidsInRow() int { return t.voidsInRow }

// throwPlan is a checked throw: what applying it does.
type throwPlan struct {
	void bool
	bust bool
	want int // dice thrown
	keep Keep
}

// Throw enters a throw with its keep. It checks the throw first and changes
// the turn only when every check passed; on error the turn is unchanged.
func (t *FamilyTurn) Throw(th Throw) error {
	p, err := t.check(th)
	if err != nil {
		return err
	}
	switch {
	case p.void:
		t.applyVoid()
	case p.bust:
		t.applyBust(p.want)
	default:
		t.applyKeep(p)
	}
	return nil
}

// CheckRoll checks a throw before its keep is known: the turn is running,
// the pips are dice and the number of dice is right. A throw that passes
// may still be refused for its keep.
func (t *FamilyTurn) CheckRoll(roll []int) error {
	if t.end != Running {
		return t.overErr()
	}
	if err := CheckPips(roll); err != nil {
		return err
	}
	return t.checkCount(roll)
}

// check runs the checks of a throw in order, changing nothing.
func (t *FamilyTurn) check(th Throw) (throwPlan, error) {
	if t.end != Running {
		return throwPlan{}, t.overErr()
	}
	if err := CheckPips(th.Roll); err != nil {
		return throwPlan{}, err
	}
	if err := CheckPips(th.Keep); err != nil {
		return throwPlan{}, err
	}
	p := throwPlan{want: t.DiceToThrow()}
	if th.Void {
		p.void = true
		return p, t.checkVoid(th)
	}
	if err := t.checkCount(th.Roll); err != nil {
		return p, err
	}
	if err := t.checkFivesAllowed(th); err != nil {
		return p, err
	}
	roll, keep := CountsOf(th.Roll), CountsOf(th.Keep)
	if !roll.Contains(keep) {
		return p, newError(CodeKeepNotThrown, FormatDice(th.Keep), FormatDice(th.Roll))
	}
	if !t.rules.scores(roll, t.currentPass()) {
		p.bust = true
		return p, checkNothingKeptOnBust(th, keep)
	}
	var err error
	p.keep, err = t.chooseKeep(th, roll, keep)
	return p, err
}

// checkVoid: a void throw needs hausbau; its dice, if given, are all dice.
func (t *FamilyTurn) checkVoid(th Throw) error {
	if !t.rules.voidThrows {
		return newError(CodeVoidNotAllowed)
	}
	if len(th.Roll) != 0 {
		return t.checkCount(th.Roll)
	}
	return nil
}

// checkCount: the throw has the dice the turn throws next.
func (t *FamilyTurn) checkCount(roll []int) error {
	if want := t.DiceToThrow(); len(roll) != want {
		return newError(CodeDiceCount, want, t.cupPhrase(), len(roll))
	}
	return nil
}

// checkFivesAllowed: fives count as ones only under fuenfer_drehen, and
// never where all scoring dice go aside anyway.
func (t *FamilyTurn) checkFivesAllowed(th Throw) error {
	r := t.rules
	if th.FivesAsOnes < 0 || th.FivesAsOnes > 0 && (!r.Options.FuenferDrehen || r.AllScoring()) {
		return newError(CodeFivesNotAllowed)
	}
	return nil
}

// checkNothingKeptOnBust: a throw with nothing scoring sets nothing aside.
func checkNothingKeptOnBust(th Throw, keep Counts) error {
	if keep.N() > 0 || th.FivesAsOnes > 0 {
		return newError(CodeKeepOnBust, FormatDice(th.Roll))
	}
	return nil
}

// chooseKeep is the keep a scoring throw sets aside: all scoring dice where
// the game says so, else the dice the player chose, which must all score.
func (t *FamilyTurn) chooseKeep(th Throw, roll, keep Counts) (Keep, error) {
	r := t.rules
	if r.AllScoring() {
		all, _ := r.allScoring(roll)
		if th.Keep != nil && CountsOf(all.Dice) != keep {
			return Keep{}, newError(CodeKeepAllScoring, FormatDice(all.Dice), FormatDice(th.Keep))
		}
		return all, nil
	}
	if keep.N() == 0 {
		return Keep{}, newError(CodeKeepRequired)
	}
	if th.FivesAsOnes > 0 && (th.FivesAsOnes > keep[5] || roll[5]-keep[5] < th.FivesAsOnes) {
		return Keep{}, newError(CodeFivesPartner, th.FivesAsOnes, roll[5]-keep[5])
	}
	k, ok := r.keepEval(keep, th.FivesAsOnes, t.currentPass())
	if !ok {
		return Keep{}, newError(CodeKeepNotScoring, FormatDice(keep.Pips()))
	}
	return k, nil
}

// applyVoid counts a void throw; the third in a row ends the turn (hausbau).
func (t *FamilyTurn) applyVoid() {
	t.voidsInRow++
	t.lastVoid = true
	if t.voidsInRow == VoidLimit {
		t.end, t.result = Voided, 0
	}
}

// countThrow counts a throw of want dice that was not void.
func (t *FamilyTurn) countThrow(want int) {
	t.throws++
	t.ByDice[want]++
	t.lastVoid, t.voidsInRow = false, 0
}

// applyBust ends the turn with nothing, or as the house rules for a bust
// on the turn's first throw say (nix pays 1000, minus costs 1000).
func (t *FamilyTurn) applyBust(want int) {
	first := t.throws == 0
	t.countThrow(want)
	t.LastValue, t.LastKept = 0, 0
	t.end, t.result = Bust, 0
	if first {
		t.result = t.rules.FirstBust()
		if t.rules.nixPays {
			t.end = NixEnd
		}
	}
}

// FirstBust is what a bust on a turn's first throw writes (the Zehntausend
// family): 1000 with nix, −1000 with minus, else nothing like any bust.
func (r *Rules) FirstBust() int {
	switch {
	case r.nixPays:
		return 1000
	case r.minusBust:
		return -1000
	}
	return 0
}

// applyKeep sets a scoring throw's keep aside, one named step after the other.
func (t *FamilyTurn) applyKeep(p throwPlan) {
	k := p.keep
	t.startPassAfterHotDice()
	fullThrow := t.aside == 0
	t.countThrow(p.want)
	t.aside += len(k.Dice)
	t.passPoints += k.Points
	t.turnPoints += k.Points
	t.LastKeep, t.LastValue, t.LastKept = k, k.Points, len(k.Dice)
	t.stepProof(k)
	t.stepConfirm1500(k)
	t.stepBestaetigen(fullThrow)
	t.stepPassCombos(k)
	if t.aside == t.rules.Dice() {
		t.HotDice++
	}
	if t.rules.variant.TableTurns {
		t.end, t.result = Finished, k.Points // one throw, its points go on the table
	}
}

// startPassAfterHotDice begins a new pass after all dice were set aside; a
// 1500 of the pass just finished must now be confirmed (5050).
func (t *FamilyTurn) startPassAfterHotDice() {
	if t.NewPass() {
		t.confirming = t.confirming || t.pass1500
		t.aside, t.passPoints, t.passCombos, t.pass1500 = 0, 0, [7]int{}, false
	}
}

// stepProof: a later throw with a 1 or 5 outside of-a-kind proves all
// before it; a new of-a-kind combination waits for its own proof.
func (t *FamilyTurn) stepProof(k Keep) {
	if k.Reading.Proves {
		t.pendProof = false
	}
	if k.Reading.OfAKind {
		t.pendProof = true
	}
}

// stepConfirm1500 (5050): a 1500 combination marks its pass; a new pass
// with 350 confirms the 1500 of the pass before.
func (t *FamilyTurn) stepConfirm1500(k Keep) {
	if k.Reading.Confirm {
		t.pass1500 = true
	}
	if t.confirming && t.passPoints >= t.stops().PassPoints {
		t.confirming = false
	}
}

// stepBestaetigen: a throw of all dice that sets all of them aside must be
// confirmed by the next throw.
func (t *FamilyTurn) stepBestaetigen(fullThrow bool) {
	if t.stops().ConfirmAll {
		t.mustConfirm = fullThrow && t.aside == t.rules.Dice()
	}
}

// stepPassCombos remembers the pass's of-a-kind values, doubled where
// ergaenzen added dice to them.
func (t *FamilyTurn) stepPassCombos(k Keep) {
	for f := 1; f <= 6; f++ {
		if k.Doubled[f] > 0 {
			t.passCombos[f] <<= k.Doubled[f]
		}
		if v := k.Reading.OfAKindValue[f]; v > t.passCombos[f] {
			t.passCombos[f] = v
		}
	}
}

func (t *FamilyTurn) cupPhrase() Phrase {
	switch {
	case t.rules.variant.TableTurns && t.ctx.TableDice > 0:
		return PhraseFromPrevious
	case t.NewPass():
		return PhraseNewPass
	case t.aside == 0:
		return PhraseAllDice
	}
	return PhraseLeftInCup
}

// StopBlockers lists every rule that forbids stopping now, most important
// first; empty means the player may stop. The rules of the game are those
// of its Variant's Stops (stops.go).
func (t *FamilyTurn) StopBlockers() []*Error {
	if b := t.stateBlocker(); b != nil {
		return []*Error{b}
	}
	var out []*Error
	if t.end == Finished {
		return out // Rückwärts: the scoring throw ended the turn; a stop changes nothing
	}
	for _, rule := range t.rules.stops {
		if e := rule(t); e != nil {
			out = append(out, e)
		}
	}
	return out
}

// stateBlocker is what forbids any stop whatever the game: the turn ended,
// nothing was thrown yet, or the last throw was void.
func (t *FamilyTurn) stateBlocker() *Error {
	switch t.end {
	case Bust:
		return newError(CodeStopAfterBust, PhraseBust)
	case NixEnd:
		return newError(CodeStopAfterBust, PhraseNix)
	case Voided:
		return newError(CodeStopAfterBust, PhraseThreeVoid)
	case Stopped:
		return t.overErr()
	case Finished:
		return nil
	}
	if t.throws == 0 {
		return newError(CodeStopNoThrow)
	}
	if t.lastVoid {
		return newError(CodeStopAfterVoid)
	}
	return nil
}

// Stop writes the turn's points down, where the rules allow it. In
// Rückwärts, where the throw itself ended the turn, a stop changes nothing.
func (t *FamilyTurn) Stop() error {
	if b := t.StopBlockers(); len(b) > 0 {
		return b[0]
	}
	if t.end == Finished {
		return nil
	}
	t.end, t.result = Stopped, t.turnPoints
	return nil
}

// Clone returns an independent copy of the turn.
func (t *FamilyTurn) Clone() *FamilyTurn {
	c := *t
	return &c
}
