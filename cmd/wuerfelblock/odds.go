package main

import (
	"encoding/json"
	"fmt"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// kniffelPointer sends a Kniffel player from odds to the Kniffel coach.
func (e *env) kniffelPointer() string {
	return e.tr("Kniffel: 'wuerfelblock advise kniffel' gives the exact best hold and box.",
		"Kniffel: 'wuerfelblock advise kniffel' nennt genau das beste Halten und das beste Feld.")
}

type oddsRow struct {
	Dice         int     `json:"dice"`
	BustChance   float64 `json:"bust_chance"`
	ExpectedKeep float64 `json:"expected_keep"` // average best keep, a bust counting 0
}

// runOdds prints the exact chance of a bust for every number of dice.
func runOdds(e *env, args []string) int {
	fs := newFlags(e, "odds", "[--json] GAME [--option ID=VALUE]...")
	asJSON := fs.Bool("json", false, e.tr("print JSON", "als JSON ausgeben"))
	var opts optionList
	fs.Var(&opts, "option", e.tr("a house rule, e.g. --option wuerfel=6 (repeatable)", "eine Hausregel, z. B. --option wuerfel=6 (mehrfach)"))
	usage := fs.Usage
	fs.Usage = func() {
		if refused(fs) {
			return
		}
		usage()
		fmt.Fprintln(e.stdout, e.tr("\nOne throw's odds; for the best keep and when to stop over the whole turn, see 'wuerfelblock advise --help'.",
			"\nDie Chancen eines Wurfs; die beste Auswahl und wann zu schreiben ist, über den ganzen Zug: 'wuerfelblock advise --help'."))
		fmt.Fprintln(e.stdout, e.kniffelPointer())
	}
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		fmt.Fprintln(e.stderr, "wuerfelblock odds: "+e.tr("give one game of the Zehntausend family, e.g. odds 5050", "ein Spiel der Zehntausend-Familie angeben, z. B. odds 5050"))
		return exitInput
	}
	rules, err := rulesFromFlags(pos[0], opts)
	if err != nil {
		return e.fail("odds", err)
	}
	if !rules.Family() {
		fmt.Fprintln(e.stderr, "wuerfelblock odds: "+e.tr("odds are for the Zehntausend family (5050, 5000, zehntausend, zehntausend-rueckwaerts)",
			"Chancen gibt es für die Zehntausend-Familie (5050, 5000, zehntausend, zehntausend-rueckwaerts)"))
		switch rules.TurnEngine() {
		case validate.FamilyKniffel:
			fmt.Fprintln(e.stderr, "wuerfelblock odds: "+e.kniffelPointer())
		case validate.FamilyDreissig:
			fmt.Fprintln(e.stderr, "wuerfelblock odds: "+e.tr("Dreißig tot: 'wuerfelblock advise dreissig-tot' gives the exact best keep and when to stop.",
				"Dreißig tot: 'wuerfelblock advise dreissig-tot' nennt genau die beste Auswahl und wann zu schreiben ist."))
		}
		return exitInput
	}
	if len(pos) > 1 {
		// A game and dice: odds answers every number of dice at once.
		g := string(rules.Game)
		msg := fmt.Sprintf(e.tr("odds takes no dice, only the game: odds %[1]s gives the odds of a throw with every number of dice; a throw's value: score %[1]s DICE",
			"odds nimmt keine Würfel, nur das Spiel: odds %[1]s nennt die Chancen eines Wurfs mit jeder Zahl von Würfeln; was ein Wurf wert ist: score %[1]s WÜRFEL"), g)
		if family.Covers(rules.Game) {
			msg += fmt.Sprintf(e.tr("; the best keep: advise %s DICE", "; die beste Auswahl: advise %s WÜRFEL"), g)
		}
		fmt.Fprintf(e.stderr, "wuerfelblock odds: %s\n", msg)
		return exitInput
	}
	var rows []oddsRow
	for n := 1; n <= rules.Dice(); n++ {
		rows = append(rows, oddsRow{Dice: n, BustChance: rules.BustChance(n), ExpectedKeep: rules.ExpectedKeep(n)})
	}
	if *asJSON {
		json.NewEncoder(e.stdout).Encode(rows)
		return exitOK
	}
	fmt.Fprintf(e.stdout, "%s (%s)\n", e.tr("Exact odds of a throw at the start of a pass", "Genaue Chancen eines Wurfs am Anfang eines Durchgangs"), rules.Game)
	fmt.Fprintf(e.stdout, "  %-10s %9s %14s\n", "", e.tr("bust", "Fehlwurf"), e.tr("best keep ⌀", "beste Wahl ⌀"))
	for _, r := range rows {
		dice := e.tr("dice", "Würfel")
		if r.Dice == 1 {
			dice = e.tr("die", "Würfel")
		}
		pct := fmt.Sprintf("%5s", say.New(e.lang).Dec1(100*r.BustChance)) // 66,7 %
		fmt.Fprintf(e.stdout, "  %d %-8s %7s %% %14.0f\n", r.Dice, dice, pct, r.ExpectedKeep)
	}
	if family.Covers(rules.Game) {
		// The whole turn is the coach's: the same game and house rules.
		cmd := "wuerfelblock advise " + string(rules.Game)
		for _, o := range opts {
			cmd += " --option " + scoresheet.SafeText(o)
		}
		fmt.Fprintf(e.stdout, "%s %s\n", e.tr("The best keep and when to stop, over the whole turn:", "Die beste Auswahl und wann zu schreiben ist, über den ganzen Zug:"), cmd)
	}
	return exitOK
}
