package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/coach/dreissig"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// advise dreissig-tot (issue 24): the exact chance to win under best play
// by all (2 … 4 players, hundert), or the turn's points (other numbers of
// players), for a position between turns or within one.

const (
	methodWin    = "chance to win"
	methodPoints = "turn points"
)

// adviseDreissigPos is a position of the turn: the value for the mover
// and, with chances, every player's chance by seat.
type adviseDreissigPos struct {
	Players   int                `json:"players"`
	Accounts  []int              `json:"accounts"`
	Seat      int                `json:"seat"`
	Exact     bool               `json:"exact"`
	Method    string             `json:"method"`
	Settled   *bool              `json:"settled,omitempty"` // false: best play by all has no fixed point here
	Aside     int                `json:"aside"`
	Sum       int                `json:"sum"`
	InCup     int                `json:"in_cup"`
	Value     float64            `json:"value"`
	Win       []float64          `json:"win,omitempty"`
	BestCount map[string]float64 `json:"best_count,omitempty"`
	Outcome   string             `json:"outcome,omitempty"` // six aside: "loss", "nothing", "attack"
	Target    int                `json:"target,omitempty"`
	Taken     int                `json:"taken,omitempty"`
	AttackDue int                `json:"attack_dice,omitempty"`
	Keeps     []adviseDreissigK  `json:"keeps,omitempty"`
	// A finished turn (six aside, the attack over): the accounts after it
	// (hundert's additions made), the seat to move next or, when the game
	// is over, its winners.
	Done          bool  `json:"done"`
	AccountsAfter []int `json:"accounts_after,omitempty"`
	TopUps        int   `json:"top_ups,omitempty"` // hundert: how often both accounts got 30
	NextSeat      *int  `json:"next_seat,omitempty"`
	GameOver      bool  `json:"game_over,omitempty"`
	Winners       []int `json:"winners,omitempty"` // seats
}

type adviseDreissigK struct {
	Keep  []int     `json:"keep"`
	Value float64   `json:"value"`
	Win   []float64 `json:"win,omitempty"`
}

// parseAccounts reads --accounts A,B,…: the accounts by seat.
func (e *env) parseAccounts(v string) ([]int, string) {
	var a []int
	for p := range strings.SplitSeq(v, ",") {
		x, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return nil, fmt.Sprintf(e.tr("--accounts %s: the accounts are whole numbers by seat, e.g. 30,24,17",
				"--accounts %s: die Konten sind ganze Zahlen nach Sitz, z. B. 30,24,17"), strconv.Quote(say.Short(v, 40)))
		}
		a = append(a, x)
	}
	return a, ""
}

func runAdviseDreissig(e *env, args []string) int {
	fs := newFlags(e, "advise", "[--json] dreissig-tot [--option hundert=true] [--accounts A,B[,…]] [--seat N] [THROW...]")
	asJSON := fs.Bool("json", false, e.tr("print JSON", "als JSON ausgeben"))
	var opts optionList
	fs.Var(&opts, "option", e.tr("a house rule, e.g. --option hundert=true", "eine Hausregel, z. B. --option hundert=true"))
	accounts := fs.String("accounts", "30,30", e.tr("the accounts by seat, e.g. 30,24,17", "die Konten nach Sitz, z. B. 30,24,17"))
	seat := fs.Int("seat", 1, e.tr("the seat to move (1 = the first player)", "der Sitz am Zug (1 = der erste Spieler)"))
	adviseDreissigHelp(e, fs)
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	rules, err := rulesFromFlags(pos[0], opts)
	if err != nil {
		return e.fail("advise", err)
	}
	acc, msg := e.parseAccounts(*accounts)
	if msg == "" {
		msg = e.checkPosition(rules, acc, *seat)
	}
	if msg != "" {
		fmt.Fprintln(e.stderr, "wuerfelblock advise: "+msg)
		return exitInput
	}
	t, pending, bad, err := replayDreissig(rules, pos[1:])
	if err != nil {
		return e.adviseThrowRefused(bad, pos[bad], err)
	}
	c := dreissig.ForPosition(rules.Options.Hundert, acc, *seat-1)
	out := e.dreissigPos(c, acc, *seat, t)
	settleDreissig(&out, rules, t)
	if pending != nil {
		for _, k := range c.Keeps(t.InCup(), t.Sum(), pending) {
			out.Keeps = append(out.Keeps, adviseDreissigK{Keep: k.Dice, Value: roundValue(c, k.Value), Win: roundAll(dreissig.BySeat(k.Chances, *seat-1))})
		}
		out.BestCount = nil
	}
	if *asJSON {
		e.printJSON(out)
		return exitOK
	}
	e.printDreissig(out, pending, rules.Options.Hundert)
	return exitOK
}

// adviseDreissigHelp adds what advise dreissig-tot says to --help.
func adviseDreissigHelp(e *env, fs *flag.FlagSet) {
	usage := fs.Usage
	fs.Usage = func() {
		if refused(fs) {
			return
		}
		usage()
		fmt.Fprintln(e.stdout, e.tr(`
The Dreißig-tot coach: with 2, 3 or 4 players (hundert: 2) the exact chance
to win under best play by all, each player maximising their own; with other
numbers of players the turn's points (pips taken from the Vordermann minus
pips lost).
  no throws          the chance (or the turn's value) and how many dice the
                     best keep sets aside
  ROLL/KEEP ...      the throws of the turn so far (then attack throws)
  ... ROLL           a last throw without its keep: every keep's value, best first
Example: wuerfelblock advise dreissig-tot --accounts 30,22 645321/65 4432`, `
Der Trainer für Dreißig tot: mit 2, 3 oder 4 Spielern (hundert: 2) die genaue
Gewinnchance bei bestem Spiel aller, jeder für sich; bei anderen Spielerzahlen
die Punkte des Zugs (dem Vordermann genommene minus verlorene Augen).
  ohne Würfe         die Chance (oder der Wert des Zugs) und wie viele Würfel
                     die beste Auswahl zur Seite legt
  WURF/AUSWAHL ...   die Würfe des Zugs bis jetzt (danach Angriffswürfe)
  ... WURF           ein letzter Wurf ohne Auswahl: jede Auswahl mit Wert, die beste zuerst
Beispiel: wuerfelblock advise dreissig-tot --accounts 30,22 645321/65 4432`))
	}
}

// errKeepMissing: a throw without its keep that is not the turn's last.
var errKeepMissing = errors.New("only the last throw may be without its keep")

// replayDreissig enters the throws of the turn so far into a new turn: own
// throws with their keeps, then attack throws; the last throw may lack its
// keep (pending). bad is the 1-based throw refused (for errKeepMissing the
// one without its keep).
func replayDreissig(rules *validate.Rules, toks []string) (t *validate.DreissigTurn, pending []int, bad int, err error) {
	t = rules.NewDreissigTurn()
	for i, tok := range toks {
		roll, keep, _, has, err := validate.ParseThrowText(tok, false)
		if err == nil && len(roll) == 0 {
			err = &validate.Error{Code: validate.CodeNoDice}
		}
		if err == nil {
			switch {
			case pending != nil:
				return nil, nil, i, errKeepMissing
			case has:
				err = t.Throw(roll, keep)
			case t.Attacking():
				err = t.Attack(roll)
			default:
				if err = t.CheckRoll(roll); err == nil {
					pending = roll
				}
			}
		}
		if err != nil {
			return nil, nil, i + 1, err
		}
	}
	return t, pending, 0, nil
}

// adviseThrowRefused says why throw n (tok as typed) was refused, in one
// line: bad dice are input (2), a rule broken the engine's refusal (1).
func (e *env) adviseThrowRefused(n int, tok string, err error) int {
	if errors.Is(err, errKeepMissing) {
		fmt.Fprintf(e.stderr, "wuerfelblock advise: %s: %s\n", e.throwName(n, tok),
			e.tr("only the last throw may be without its keep (ROLL/KEEP)", "nur der letzte Wurf darf ohne Auswahl sein (WURF/AUSWAHL)"))
		return exitInput
	}
	e.throwRefused(n, tok, err)
	if validate.IsInput(err) {
		return exitInput
	}
	return exitRule
}

// checkPosition: the accounts are a position between turns (1 … 30, with
// hundert 1 … 99 and two players), the seat one of them.
func (e *env) checkPosition(r *validate.Rules, a []int, seat int) string {
	if r.Options.Hundert && len(a) != 2 {
		return oneLine(validate.Localize(&validate.Error{Code: validate.CodeHundertPlayers, Args: []any{len(a)}}, e.lang))
	}
	hi := dreissig.Start
	if r.Options.Hundert {
		hi = dreissig.Target - 1
	}
	for i, x := range a {
		if x < 1 || x > hi {
			return fmt.Sprintf(e.tr("account %d of seat %d: during the game an account is 1 … %d", "Konto %d von Sitz %d: im Spiel ist ein Konto 1 … %d"), x, i+1, hi)
		}
	}
	if (seat < 1 || seat > len(a)) && len(a) == 1 {
		return fmt.Sprintf(e.tr("seat %d: there is only seat 1", "Sitz %d: es gibt nur Sitz 1"), seat)
	}
	if seat < 1 || seat > len(a) {
		return fmt.Sprintf(e.tr("seat %d: the seats are 1 … %d", "Sitz %d: die Sitze sind 1 … %d"), seat, len(a))
	}
	return ""
}

func roundValue(c *dreissig.Coach, v float64) float64 {
	if c.Exact() {
		return math.Round(v*1e4) / 1e4
	}
	return round2(v)
}

func roundAll(v []float64) []float64 {
	for i := range v {
		v[i] = math.Round(v[i]*1e4) / 1e4
	}
	return v
}

// dreissigPos is the position of turn t.
func (e *env) dreissigPos(c *dreissig.Coach, acc []int, seat int, t *validate.DreissigTurn) adviseDreissigPos {
	out := adviseDreissigPos{Players: len(acc), Accounts: acc, Seat: seat, Exact: c.Exact(), Method: methodPoints,
		Aside: t.Aside(), Sum: t.Sum(), InCup: t.InCup()}
	if c.Exact() {
		out.Method = methodWin
	}
	if !c.Settled() {
		no := false
		out.Settled = &no
	}
	var v float64
	var win []float64
	switch o := validate.DreissigResult(t.Sum()); {
	case t.Aside() < dreissig.Dice:
		v, win = c.Value(t.InCup(), t.Sum()), c.Chances(t.InCup(), t.Sum())
		out.BestCount = map[string]float64{}
		for k, p := range c.BestCount(t.InCup(), t.Sum()) {
			if p > 0 {
				out.BestCount[strconv.Itoa(k)] = math.Round(p*1e4) / 1e4
			}
		}
	case o.Target > 0:
		live := t.AttackLive()
		if !t.Attacking() {
			live = 0
		}
		out.Outcome, out.Target, out.Taken, out.AttackDue = "attack", o.Target, t.Taken(), live
		v, win = c.AttackValue(o.Target, t.Taken(), live), c.AttackChances(o.Target, t.Taken(), live)
	default:
		out.Outcome = "nothing"
		if o.Cost > 0 {
			out.Outcome = "loss"
		}
		v, win = c.Value(0, t.Sum()), c.Chances(0, t.Sum())
	}
	out.Value, out.Win = roundValue(c, v), roundAll(dreissig.BySeat(win, seat-1))
	return out
}

// settleDreissig adds to out what the finished turn t did: the accounts
// after it, the seat to move next or the end of the game, as the game's
// engine settles it.
func settleDreissig(out *adviseDreissigPos, rules *validate.Rules, t *validate.DreissigTurn) {
	st, ok := scoresheet.DreissigSettle(rules, out.Accounts, out.Seat-1, t)
	if !ok {
		return
	}
	out.Done, out.AccountsAfter = true, st.Result.Totals
	for _, ev := range st.Result.Events {
		if ev.Kind == scoresheet.EventTopUp {
			out.TopUps++
		}
	}
	if st.Finished {
		out.GameOver = true
		for _, w := range st.Winners {
			out.Winners = append(out.Winners, w+1)
		}
		return
	}
	next := st.Next + 1
	out.NextSeat = &next
}

// dreissigValue writes a value for people: a chance in per cent, or pips
// with a true minus (no "-0.00"; JSON keeps its plain numbers).
func (e *env) dreissigValue(exact bool, v float64) string {
	if exact {
		return e.decimal(100*v, 2) + " %"
	}
	return say.New(e.lang).Number(v, 2)
}

func (e *env) printDreissig(out adviseDreissigPos, pending []int, hundert bool) {
	what := e.tr("chance to win (exact, best play by all)", "Gewinnchance (genau, bestes Spiel aller)")
	if !out.Exact {
		what = e.tr("the turn's value in pips (pips taken minus pips lost; no chances for this number of players)",
			"Wert des Zugs in Augen (genommene minus verlorene Augen; keine Chancen bei dieser Spielerzahl)")
	}
	game := "Dreißig tot"
	if hundert {
		// The house rule in the user's language and what it means.
		game += e.tr(", thirty to a hundred (at 0 or below both accounts get 30; first to 100 wins)",
			", Von dreißig auf hundert (bei 0 oder darunter bekommen beide Konten 30; wer zuerst 100 hat, gewinnt)")
	}
	fmt.Fprintf(e.stdout, e.tr("%s, accounts %s, seat %d to move: %s.\n", "%s, Konten %s, Sitz %d am Zug: %s.\n"),
		game, accountsText(out.Accounts), out.Seat, what)
	if out.Settled != nil {
		fmt.Fprintln(e.stdout, e.tr("Here best play by all has no fixed point (each best answer changes another's): the plays of the last round, exact for them (docs/COACH.md).",
			"Hier hat bestes Spiel aller keinen Fixpunkt (jede beste Antwort ändert eine andere): die Spielweisen der letzten Runde, genau für sie (docs/COACH.md)."))
	}
	e.printAside(out)
	if pending != nil {
		e.printDreissigKeeps(out, pending)
		return
	}
	e.printOutcome(out)
	v := e.dreissigValue(out.Exact, out.Value)
	if !out.Exact {
		v += e.tr(" pips", " Augen")
	}
	label := e.tr("Value for seat %d: %s.\n", "Wert für Sitz %d: %s.\n")
	if out.Done && out.Exact {
		label = e.tr("After the turn, seat %d's chance to win: %s.\n", "Nach dem Zug, Gewinnchance von Sitz %d: %s.\n")
	}
	fmt.Fprintf(e.stdout, label, out.Seat, v)
	for i, w := range out.Win {
		fmt.Fprintf(e.stdout, e.tr("  seat %d: %s\n", "  Sitz %d: %s\n"), i+1, e.dreissigValue(true, w))
	}
	if len(out.BestCount) > 0 {
		// "…; 6 dice in 0.3 % of throws." (the last one ended in ";").
		var parts []string
		for k := 1; k <= out.InCup; k++ {
			if p, ok := out.BestCount[strconv.Itoa(k)]; ok {
				parts = append(parts, fmt.Sprintf(e.tr("%s in %s of throws", "%s in %s der Würfe"), e.diceWord(k), e.decimal(100*p, 1)+" %"))
			}
		}
		fmt.Fprintln(e.stdout, e.tr("The best keep of the next throw sets aside: ", "Die beste Auswahl des nächsten Wurfs legt zur Seite: ")+strings.Join(parts, "; ")+".")
	}
}

// printAside: the dice aside and their pips, the dice still to throw.
func (e *env) printAside(out adviseDreissigPos) {
	p := say.New(e.lang)
	if out.InCup == 0 {
		fmt.Fprintf(e.stdout, e.tr("Aside %s, %s.\n", "Zur Seite %s, %s.\n"), e.diceWord(out.Aside), p.Pips(out.Sum))
		return
	}
	fmt.Fprintf(e.stdout, e.tr("Aside %s, %s; %s in the cup.\n", "Zur Seite %s, %s; %s im Becher.\n"),
		e.diceWord(out.Aside), p.Pips(out.Sum), e.diceWord(out.InCup))
}

// printDreissigKeeps: every keep of the throw pending, best first.
func (e *env) printDreissigKeeps(out adviseDreissigPos, pending []int) {
	fmt.Fprintf(e.stdout, e.tr("Throw %s: every keep, best first.\n", "Wurf %s: jede Auswahl, die beste zuerst.\n"), validate.FormatDice(pending))
	value := e.tr("value", "Wert")
	if !out.Exact {
		value = e.tr("value (pips)", "Wert (Augen)")
	}
	fmt.Fprintf(e.stdout, "  %-18s %6s %12s\n", e.tr("keep", "Auswahl"), e.tr("pips", "Augen"), value)
	for _, k := range out.Keeps {
		s := out.Sum
		for _, d := range k.Keep {
			s += d
		}
		fmt.Fprintf(e.stdout, "  %-18s %6d %12s\n", validate.FormatDice(k.Keep), s, e.dreissigValue(out.Exact, k.Value))
	}
}

// printOutcome: with six dice aside, what the turn does (the attack under
// way, or over), and for a finished turn the accounts after it and who
// moves next, or who won.
func (e *env) printOutcome(out adviseDreissigPos) {
	p := say.New(e.lang)
	vorder := (out.Seat+out.Players-2)%out.Players + 1
	switch {
	case out.Outcome == "attack" && out.Done:
		fmt.Fprintf(e.stdout, e.tr("Attack over (target face %d): %s taken from seat %d.\n", "Angriff vorbei (Zielzahl %d): %s von Sitz %d genommen.\n"),
			out.Target, p.Pips(out.Taken), vorder)
	case out.Outcome == "attack":
		fmt.Fprintf(e.stdout, e.tr("Attack on seat %d with target face %d, %s taken so far, %s to throw.\n", "Angriff auf Sitz %d mit Zielzahl %d, bisher %s genommen, %s zu werfen.\n"),
			vorder, out.Target, p.Pips(out.Taken), e.diceWord(out.AttackDue))
	case out.Outcome == "loss":
		fmt.Fprintf(e.stdout, e.tr("Turn over: %s, %d off the own account.\n", "Zug vorbei: %s, %d vom eigenen Konto.\n"), p.Pips(out.Sum), dreissig.Start-out.Sum)
	case out.Outcome == "nothing":
		fmt.Fprintln(e.stdout, e.tr("Turn over: exactly 30, nothing happens.", "Zug vorbei: genau 30, nichts passiert."))
	}
	if !out.Done {
		return
	}
	line := fmt.Sprintf(e.tr("Accounts after the turn: %s", "Konten nach dem Zug: %s"), accountsText(out.AccountsAfter))
	if out.TopUps > 0 {
		line += fmt.Sprintf(e.tr(" (at 0 or below: both +%d)", " (bei 0 oder darunter: beide +%d)"), out.TopUps*dreissig.Start)
	}
	if out.NextSeat != nil {
		fmt.Fprintf(e.stdout, e.tr("%s; seat %d to move.\n", "%s; Sitz %d ist am Zug.\n"), line, *out.NextSeat)
		return
	}
	fmt.Fprintf(e.stdout, "%s. %s\n", line, e.winnersText(out.Winners))
}

// accountsText writes accounts with a true minus: "30 18", "−19 30".
func accountsText(a []int) string {
	parts := make([]string, len(a))
	for i, x := range a {
		parts[i] = say.Int(x)
	}
	return strings.Join(parts, " ")
}

// winnersText: the game is over and who won (equal accounts share).
func (e *env) winnersText(w []int) string {
	if len(w) == 1 {
		return fmt.Sprintf(e.tr("The game is over: seat %d wins.", "Das Spiel ist vorbei: Sitz %d gewinnt."), w[0])
	}
	seats := make([]string, len(w))
	for i, s := range w {
		seats[i] = strconv.Itoa(s)
	}
	last := len(seats) - 1
	list := strings.Join(seats[:last], ", ") + e.tr(" and ", " und ") + seats[last]
	return fmt.Sprintf(e.tr("The game is over: seats %s share the win.", "Das Spiel ist vorbei: die Sitze %s teilen sich den Sieg."), list)
}
