package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// adviseTurn is `advise GAME` without throws: what a whole turn is worth and
// from which points on stopping is best.
type adviseTurn struct {
	TurnValue float64        `json:"turn_value"`
	StopAt    map[string]int `json:"stop_at"`
}

// adviseStop is the advice after a keep: what stopping banks now (null
// where it is not allowed) and what throwing on is worth.
type adviseStop struct {
	Stop  *int    `json:"stop"`
	Throw float64 `json:"throw"`
}

type adviseKeep struct {
	Keep        []int   `json:"keep"`
	FivesAsOnes int     `json:"fives_as_ones,omitempty"`
	Points      int     `json:"points"`
	Value       float64 `json:"value"`
	Then        string  `json:"then"` // "stop" or "throw"
}

// adviseKeeps is the advice for a throw waiting for its keep. A bust lists
// no keeps and says what the turn banks.
type adviseKeeps struct {
	Keeps  []adviseKeep `json:"keeps"`
	Bust   bool         `json:"bust,omitempty"`
	Banked *int         `json:"banked,omitempty"`
}

// adviseThrow is one throw as typed: ROLL, ROLL/KEEP (a 5 followed by * in
// KEEP counts as a 1), or v for a void throw (hausbau).
type adviseThrow struct {
	th      validate.Throw
	hasKeep bool
	typed   string // as typed: a refusal names it
}

func parseAdviseThrow(tok string) (adviseThrow, error) {
	if strings.EqualFold(tok, "v") {
		return adviseThrow{th: validate.Throw{Void: true}, hasKeep: true, typed: tok}, nil
	}
	roll, keep, fives, has, err := validate.ParseThrowText(tok, true)
	if err != nil {
		return adviseThrow{}, err
	}
	if len(roll) == 0 {
		return adviseThrow{}, &validate.Error{Code: validate.CodeNoDice}
	}
	return adviseThrow{th: validate.Throw{Roll: roll, Keep: keep, FivesAsOnes: fives}, hasKeep: has, typed: tok}, nil
}

// runAdviseFamily is `advise` for 5050, 5000 and zehntausend (issue 13).
func runAdviseFamily(e *env, args []string) int {
	fs := newFlags(e, "advise", "[--json] GAME [--option ID=VALUE]... [--not-entered] [--previous N] [--totals T1,T2[,…] [--seat N]] [THROW...]")
	asJSON := fs.Bool("json", false, e.tr("print JSON", "als JSON ausgeben"))
	var opts optionList
	fs.Var(&opts, "option", e.tr("a house rule, e.g. --option wuerfel=6 (repeatable)", "eine Hausregel, z. B. --option wuerfel=6 (mehrfach)"))
	notEntered := fs.Bool("not-entered", false, e.tr("5000: the player has not entered yet (needs 500 to stop)", "5000: der Spieler ist noch nicht drin (schreiben erst ab 500)"))
	previous := fs.Int("previous", 0, e.tr("steigerung: the result of the turn before", "steigerung: das Ergebnis des Zugs davor"))
	totals := fs.String("totals", "", e.tr("every player's total in seat order (T1,T2,…): adds the chance to win", "der Stand jedes Spielers in Sitzreihenfolge (T1,T2,…): dazu die Gewinnchance"))
	seat := fs.Int("seat", 1, e.tr("with --totals: the seat on turn (1 = first)", "mit --totals: wer am Zug ist (1 = der Erste)"))
	usage := fs.Usage
	fs.Usage = func() {
		if refused(fs) {
			return
		}
		usage()
		fmt.Fprintln(e.stdout, adviseFamilyHelp(e))
	}
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		fmt.Fprintln(e.stderr, "wuerfelblock advise: "+e.tr("give a game, e.g. advise zehntausend 11123/111",
			"ein Spiel angeben, z. B. advise zehntausend 11123/111"))
		return exitInput
	}
	rules, err := rulesFromFlags(pos[0], opts)
	if err != nil {
		return e.fail("advise", err)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if msg := e.familyFlagProblem(rules, set, *previous, *totals != ""); msg != "" {
		fmt.Fprintln(e.stderr, "wuerfelblock advise: "+msg)
		return exitInput
	}
	s, code, ok := e.familySolver(rules)
	if !ok {
		return code
	}
	if *totals != "" {
		return e.adviseWin(s, rules, *totals, *seat, *previous, pos[1:], *asJSON)
	}
	ctx := validate.TurnContext{Entered: !*notEntered, Previous: *previous}
	tb := s.Table(ctx)
	if len(pos) == 1 {
		return e.adviseWholeTurn(tb, rules, *asJSON)
	}
	throws, code, ok := e.parseAdviseThrows(pos[1:])
	if !ok {
		return code
	}
	return e.adviseThrows(tb, ctx, throws, *asJSON)
}

// notEnteredFlag is named as an argument: its "not" is no English word
// in a German text.
const notEnteredFlag = "--not-entered"

// familyFlagProblem says what is wrong with advise's flags for these
// rules ("" where nothing is), before anything is solved: a flag is
// refused where it has no meaning rather than ignored; set holds the flags
// given.
func (e *env) familyFlagProblem(rules *validate.Rules, set map[string]bool, previous int, withTotals bool) string {
	game := say.New(e.lang).GameName(rules.Game)
	switch {
	case set["previous"] && !rules.Variant().Stops.AbovePrevious:
		return e.tr("--previous counts only with the house rule steigerung (--option steigerung=true)",
			"--previous gilt nur mit der Hausregel steigerung (--option steigerung=true)")
	case set["previous"] && (previous < 0 || previous%50 != 0):
		return fmt.Sprintf(e.tr("--previous %d: the result of the turn before is 0 or more, a multiple of 50 (0 after a bust)",
			"--previous %d: das Ergebnis des Zugs davor ist 0 oder mehr, ein Vielfaches von 50 (0 nach einem Fehlwurf)"), previous)
	case set["not-entered"] && rules.Variant().EntryPoints == 0:
		return fmt.Sprintf(e.tr("%s: %s has no entry to reach (only a game with one, such as 5000: 500 to enter)",
			"%s: %s kennt kein Hineinkommen (nur ein Spiel damit, etwa 5000: 500 zum Hineinkommen)"), notEnteredFlag, game)
	case set["not-entered"] && withTotals:
		return fmt.Sprintf(e.tr("%[1]s with --totals: the totals say who has entered (a total above 0); leave %[1]s out",
			"%[1]s mit --totals: die Stände sagen, wer drin ist (ein Stand über 0); %[1]s weglassen"), notEnteredFlag)
	case set["seat"] && !withTotals:
		return e.tr("--seat needs --totals (the seat on turn among every player's total, 1 = first)",
			"--seat braucht --totals (wer von allen Ständen am Zug ist, 1 = der Erste)")
	}
	return ""
}

// adviseFamilyHelp is what `advise --help` adds for the family coach.
func adviseFamilyHelp(e *env) string {
	return e.tr(`
The coach of 5050, 5000 and zehntausend: without --totals, the exact
expected points a turn banks under best play, with every house rule (the
totals and the target do not count); with --totals, the chance to win.
Other forms, each with its own --help: advise kniffel (the best
hold and box), advise dreissig-tot [--accounts A1,A2,... --seat N].
  no throws          the value of a whole turn and from which points on to
                     stop with 1, 2, ... dice in the cup
  ROLL/KEEP ...      the throws of the turn so far: what stopping banks now
                     and what throwing on is worth
  ... ROLL           a last throw without its keep: every legal keep with its
                     value, best first
A 5 marked with * in KEEP counts as a 1 (55234/5*), v is a void throw
(hausbau). Zehntausend Rückwärts has no stop to choose: no coach.
With --totals T1,T2,... (every total in seat order, --seat N on turn) also
the chance to win of each choice, exact for two players (docs/COACH.md).
Example: wuerfelblock advise zehntausend 11123/111 15/15`, `
Der Trainer für 5050, 5000 und zehntausend: ohne --totals die genauen
Punkte, die ein Zug bei bestem Spiel im Schnitt schreibt, mit jeder
Hausregel (Stände und Ziel zählen nicht mit); mit --totals die Gewinnchance.
Weitere Formen, jede mit eigenem --help: advise kniffel (das beste
Halten und Feld), advise dreissig-tot [--accounts K1,K2,... --seat N].
  ohne Würfe         der Wert eines ganzen Zugs und ab welchen Punkten mit 1,
                     2, ... Würfeln im Becher zu schreiben ist
  WURF/AUSWAHL ...   die Würfe des Zugs bis jetzt: was Schreiben jetzt bringt
                     und was Weiterwürfeln wert ist
  ... WURF           ein letzter Wurf ohne Auswahl: jede erlaubte Auswahl mit
                     ihrem Wert, die beste zuerst
Eine 5 mit * in der AUSWAHL zählt als 1 (55234/5*), v ist ein Fehlversuch
(Hausbau). Zehntausend Rückwärts hat kein Schreiben zu wählen: kein Trainer.
Mit --totals T1,T2,... (jeder Stand in Sitzreihenfolge, --seat N am Zug)
auch die Gewinnchance jeder Wahl, genau für zwei Spieler (docs/COACH.md).
Beispiel: wuerfelblock advise zehntausend 11123/111 15/15`)
}

// familySolver is the coach of rules, or the exit status after saying why
// there is none.
func (e *env) familySolver(rules *validate.Rules) (s *family.Solver, code int, ok bool) {
	s, err := family.For(rules)
	if errors.Is(err, family.ErrNotCovered) {
		msg := fmt.Sprintf(e.tr("the coach covers 5050, 5000 and zehntausend (and Kniffel, Dreißig tot: advise kniffel, advise dreissig-tot); %s has none",
			"einen Trainer gibt es für 5050, 5000 und zehntausend (und Kniffel, Dreißig tot: advise kniffel, advise dreissig-tot); für %s keinen"), rules.Game)
		if rules.Variant().TableTurns { // Rückwärts: nothing to choose
			msg = e.tr("Zehntausend Rückwärts has no coach: a turn is one throw with every scoring die set aside, nothing to choose (the coach covers 5050, 5000 and zehntausend)",
				"für Zehntausend Rückwärts gibt es keinen Trainer: ein Zug ist ein Wurf, alle zählenden Würfel kommen raus, es gibt nichts zu wählen (einen Trainer gibt es für 5050, 5000 und zehntausend)")
		}
		fmt.Fprintln(e.stderr, "wuerfelblock advise: "+msg)
		return nil, exitInput, false
	}
	if err != nil {
		return nil, e.fail("advise", err), false
	}
	return s, 0, true
}

// parseAdviseThrows reads the throws as typed, or says what is wrong and
// gives the exit status.
func (e *env) parseAdviseThrows(toks []string) (throws []adviseThrow, code int, ok bool) {
	for i, tok := range toks {
		at, err := parseAdviseThrow(tok)
		if err != nil {
			// Which throw, as typed (escaped, cut): positions count in it.
			e.throwRefused(i+1, tok, err)
			return nil, exitInput, false
		}
		throws = append(throws, at)
	}
	return throws, 0, true
}

// adviseThrows is the advice after the throws of a turn so far: after the
// last keep, or for a last throw without its keep every keep's value.
func (e *env) adviseThrows(tb *family.Table, ctx validate.TurnContext, throws []adviseThrow, asJSON bool) int {
	played, last := playedThrows(throws)
	p, ft, bad, err := tb.Replay(ctx, played)
	if err != nil {
		return e.replayFailed(err, bad, throws[bad].typed)
	}
	if last.hasKeep {
		return e.adviseAfter(p, ft, asJSON)
	}
	return e.adviseKeeps(p, ft, last.th.Roll, e.throwName(len(throws), last.typed), asJSON)
}

// playedThrows are the throws of the turn that have their keep (all but a
// last one without), as the engine replays them; last is the last throw.
func playedThrows(throws []adviseThrow) (played []validate.Throw, last adviseThrow) {
	last = throws[len(throws)-1]
	done := throws
	if !last.hasKeep {
		done = throws[:len(throws)-1]
	}
	for _, at := range done {
		played = append(played, at.th)
	}
	return played, last
}

// replayFailed says which throw of the turn the engine refused (bad from
// 0, typed as typed), and why: bad notation exits 2, a broken rule 1.
func (e *env) replayFailed(err error, bad int, typed string) int {
	var ve *validate.Error
	if errors.As(err, &ve) {
		e.throwRefused(bad+1, typed, err)
		if validate.IsInput(err) {
			return exitInput
		}
		return exitRule
	}
	return e.fail("advise", err)
}

// throwName names the n-th throw of the turn (from 1) by its place and as
// typed: `the 2nd throw "2"`, German `der 2. Wurf „2“`.
func (e *env) throwName(n int, typed string) string { return say.New(e.lang).NthThrow(n, typed) }

// throwRefused says in one line why the n-th throw, typed, was refused.
func (e *env) throwRefused(n int, typed string, err error) {
	fmt.Fprintf(e.stderr, "wuerfelblock advise: %s: %s\n", e.throwName(n, typed), oneLine(validate.Localize(err, e.lang)))
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// points writes expected points for people: one decimal, a decimal comma
// in German.
func (e *env) points(x float64) string { return e.decimal(x, 1) }

func (e *env) diceWord(n int) string {
	if n == 1 {
		return e.tr("1 die", "1 Würfel")
	}
	return fmt.Sprintf(e.tr("%d dice", "%d Würfel"), n)
}

func (e *env) adviseWholeTurn(tb *family.Table, rules *validate.Rules, asJSON bool) int {
	out := adviseTurn{TurnValue: round2(tb.TurnValue()), StopAt: map[string]int{}}
	for n := 1; n <= rules.Dice(); n++ {
		if p, ok := tb.StopAt(n); ok {
			out.StopAt[strconv.Itoa(n)] = p
		}
	}
	if asJSON {
		e.printJSON(out)
		return exitOK
	}
	fmt.Fprintf(e.stdout, e.tr("%s: a turn banks %s points on average under best play.\n", "%s: ein Zug schreibt bei bestem Spiel im Schnitt %s Punkte.\n"),
		rules.Game, e.points(tb.TurnValue()))
	fmt.Fprintln(e.stdout, e.tr("Stop from (with nothing to prove, confirm or reach):", "Schreiben ab (wenn nichts zu beweisen, bestätigen oder erreichen ist):"))
	for n := 1; n <= rules.Dice(); n++ {
		label := e.diceWord(n) + e.tr(" in the cup", " im Becher")
		if n == rules.Dice() {
			label = e.diceWord(n) + e.tr(" (all dice again)", " (alle wieder)")
		}
		if p, ok := out.StopAt[strconv.Itoa(n)]; ok {
			fmt.Fprintf(e.stdout, "  %-26s %6d\n", label, p)
		} else {
			fmt.Fprintf(e.stdout, "  %-26s %6s\n", label, e.tr("never", "nie"))
		}
	}
	fmt.Fprintln(e.stdout, e.tr("(Expected points of the turn; the game's totals and target are not part of it.)",
		"(Erwartete Punkte des Zugs; Stände und Ziel des Spiels zählen nicht mit.)"))
	return exitOK
}

// adviseOver says what an ended turn banked.
func (e *env) adviseOver(ft *validate.FamilyTurn, banked int, asJSON bool) int {
	if asJSON {
		e.printJSON(adviseKeeps{Keeps: []adviseKeep{}, Bust: true, Banked: &banked})
		return exitOK
	}
	fmt.Fprintf(e.stdout, e.tr("The turn is over (%s): it banks %d.\n", "Der Zug ist vorbei (%s): er schreibt %d.\n"),
		e.endWord(ft.End()), banked)
	return exitOK
}

func (e *env) endWord(end validate.TurnEnd) string {
	switch end {
	case validate.NixEnd:
		return "nix"
	case validate.Voided:
		return e.tr("three void throws", "drei Fehlversuche")
	}
	return e.tr("bust", "Fehlwurf")
}

func (e *env) adviseAfter(p family.Position, ft *validate.FamilyTurn, asJSON bool) int {
	if banked, over := p.Over(); over {
		return e.adviseOver(ft, banked, asJSON)
	}
	out := adviseStop{Throw: round2(p.ThrowValue())}
	if v, ok := p.StopValue(); ok {
		out.Stop = &v
	}
	if asJSON {
		e.printJSON(out)
		return exitOK
	}
	fmt.Fprintf(e.stdout, e.tr("Turn %d points, %s in the cup.\n", "Zug %d Punkte, %s im Becher.\n"), p.Points(), e.diceWord(p.Dice()))
	if out.Stop == nil {
		fmt.Fprint(e.stdout, e.tr("Stop: not allowed", "Schreiben: nicht erlaubt"))
		if b := ft.StopBlockers(); len(b) > 0 {
			fmt.Fprintf(e.stdout, " (%s)", oneLine(b[0].Message(e.lang)))
		}
		fmt.Fprintf(e.stdout, e.tr(". Throw on: %s.\n", ". Weiterwürfeln: %s.\n"), e.points(p.ThrowValue()))
		return exitOK
	}
	d := p.ThrowValue() - float64(*out.Stop)
	fmt.Fprintf(e.stdout, e.tr("Stop: %d. Throw on: %s. ", "Schreiben: %d. Weiterwürfeln: %s. "), *out.Stop, e.points(p.ThrowValue()))
	if d > 0 {
		fmt.Fprintf(e.stdout, e.tr("Best: throw on (+%s).\n", "Besser: weiter (+%s).\n"), e.points(d))
	} else {
		fmt.Fprintf(e.stdout, e.tr("Best: stop (+%s).\n", "Besser: schreiben (+%s).\n"), e.points(-d))
	}
	return exitOK
}

func (e *env) adviseKeeps(p family.Position, ft *validate.FamilyTurn, roll []int, name string, asJSON bool) int {
	if _, over := p.Over(); over {
		err := ft.Throw(validate.Throw{Roll: roll}) // the engine says why
		fmt.Fprintf(e.stderr, "wuerfelblock advise: %s: %s\n", name, oneLine(validate.Localize(err, e.lang)))
		return exitRule
	}
	engine := ft.LegalKeeps(roll)
	// The throw itself must be right (the number of dice, pips): ask the
	// engine with the first keep, or as a bust.
	probe := validate.Throw{Roll: roll}
	if len(engine) > 0 {
		probe.Keep, probe.FivesAsOnes = engine[0].Dice, engine[0].FivesAsOnes
	}
	c := ft.Clone()
	if err := c.Throw(probe); err != nil {
		fmt.Fprintf(e.stderr, "wuerfelblock advise: %s: %s\n", name, oneLine(validate.Localize(err, e.lang)))
		if validate.IsInput(err) {
			return exitInput
		}
		return exitRule
	}
	if len(engine) == 0 {
		return e.adviseOver(c, c.Result(), asJSON)
	}
	ks, err := p.Keeps(roll)
	if err != nil {
		return e.fail("advise", err)
	}
	out := adviseKeeps{Keeps: []adviseKeep{}}
	for _, k := range ks {
		then := "throw"
		if k.Stop {
			then = "stop"
		}
		out.Keeps = append(out.Keeps, adviseKeep{Keep: k.Keep.Dice, FivesAsOnes: k.Keep.FivesAsOnes, Points: k.Keep.Points, Value: round2(k.Value), Then: then})
	}
	if asJSON {
		e.printJSON(out)
		return exitOK
	}
	fmt.Fprintf(e.stdout, e.tr("Throw %s with %d points so far: every keep, best first.\n", "Wurf %s bei %d Punkten bisher: jede Auswahl, die beste zuerst.\n"),
		validate.FormatDice(roll), p.Points())
	fmt.Fprintf(e.stdout, "  %-22s %6s %9s  %s\n", e.tr("keep", "Auswahl"), e.tr("points", "Punkte"), e.tr("value", "Wert"), e.tr("then", "dann"))
	for _, k := range out.Keeps {
		dice := validate.FormatDice(k.Keep)
		if k.FivesAsOnes > 0 {
			dice += fmt.Sprintf(e.tr(" (%d× 5 as 1)", " (%d× 5 als 1)"), k.FivesAsOnes)
		}
		then := e.tr("throw on", "weiter")
		if k.Then == "stop" {
			then = e.tr("stop", "schreiben")
		}
		fmt.Fprintf(e.stdout, "  %-22s %6d %9s  %s\n", dice, k.Points, e.points(k.Value), then)
	}
	return exitOK
}
