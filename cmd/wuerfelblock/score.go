package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// optionList collects repeated --option ID=VALUE flags.
type optionList []string

func (o *optionList) String() string     { return strings.Join(*o, ",") }
func (o *optionList) Set(v string) error { *o = append(*o, v); return nil }

// rulesFromFlags makes the rules of game id with the given --option values.
func rulesFromFlags(id string, opts []string) (*validate.Rules, error) {
	info, err := validate.LookupGame(id)
	if err != nil {
		return nil, err
	}
	values := map[string]any{}
	for _, kv := range opts {
		k, v, err := validate.ParseOptionFlag(info.ID, kv)
		if err != nil {
			return nil, err
		}
		values[k] = v
	}
	return validate.ParseRules(id, validate.RawOptionsOf(values))
}

type scoreKeep struct {
	Keep        []int `json:"keep"`
	Points      int   `json:"points"`
	FivesAsOnes int   `json:"fives_as_ones,omitempty"`
}

type scoreFamily struct {
	Best  int         `json:"best"`
	Keeps []scoreKeep `json:"keeps"`
}

type scoreKniffel struct {
	Categories map[string]int `json:"categories"`
}

type scoreTot struct {
	Points int `json:"points"`
	Killed int `json:"killed"`
	Live   int `json:"live"`
}

type scoreDreissig struct {
	Sum int `json:"sum"`
}

func runScore(e *env, args []string) int {
	fs := newFlags(e, "score", "[--json] GAME [--option ID=VALUE]... DICE...")
	asJSON := fs.Bool("json", false, e.tr("print JSON", "als JSON ausgeben"))
	var opts optionList
	fs.Var(&opts, "option", e.tr("a house rule, e.g. --option fuenfer_drehen=true (repeatable)", "eine Hausregel, z. B. --option fuenfer_drehen=true (mehrfach)"))
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) < 2 {
		fmt.Fprintln(e.stderr, "wuerfelblock score: "+e.tr("give a game and the dice, e.g. score 5050 111523", "Spiel und Würfel angeben, z. B. score 5050 111523"))
		return exitInput
	}
	rules, err := rulesFromFlags(pos[0], opts)
	if err != nil {
		return e.fail("score", err)
	}
	dice, err := validate.ParseDice(strings.Join(pos[1:], " "))
	if err != nil {
		return e.fail("score", err)
	}
	ds, err := rules.ScoreDice(dice)
	if ve := (*validate.Error)(nil); errors.As(err, &ve) && ve.Code == validate.CodeTooManyDice {
		return e.tooManyDice(ve, len(dice))
	}
	if err != nil {
		return e.fail("score", err)
	}
	// The engine judged the dice; what follows only chooses how to show them.
	var out any
	switch rules.TurnEngine() {
	case validate.FamilyKniffel:
		sk := scoreKniffel{Categories: map[string]int{}}
		for cat := validate.Category(0); cat < validate.NumCategories; cat++ {
			sk.Categories[cat.ID()] = ds.Categories[cat]
		}
		out = sk
		if !*asJSON {
			w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
			for cat := validate.Category(0); cat < validate.NumCategories; cat++ {
				fmt.Fprintf(w, "%s\t%s\t%d\n", cat.ID(), cat.Name(e.lang), sk.Categories[cat.ID()])
			}
			w.Flush()
		}
	case validate.FamilyTot:
		out = scoreTot{Points: ds.Points, Killed: ds.Killed, Live: ds.Live}
		if !*asJSON {
			printTot(e, ds)
		}
	case validate.FamilyDreissig:
		out = scoreDreissig{Sum: ds.Sum}
		if !*asJSON {
			printDreissig(e, ds)
		}
	default:
		sf := scoreFamily{Keeps: []scoreKeep{}}
		for _, k := range ds.Keeps {
			sf.Keeps = append(sf.Keeps, scoreKeep{Keep: k.Dice, Points: k.Points, FivesAsOnes: k.FivesAsOnes})
		}
		if len(sf.Keeps) > 0 {
			sf.Best = sf.Keeps[0].Points
		}
		out = sf
		if !*asJSON {
			printKeeps(e, rules, dice, sf)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.Encode(out)
	}
	return exitOK
}

func printTot(e *env, ds validate.DiceScore) {
	out, alive := e.tr("%d dice out", "%d Würfel scheiden aus"), e.tr("%d still alive", "%d leben noch")
	if ds.Killed == 1 {
		out = e.tr("%d die out", "%d Würfel scheidet aus")
	}
	if ds.Live == 1 {
		alive = e.tr("%d still alive", "%d lebt noch")
	}
	fmt.Fprintf(e.stdout, e.tr("%d points; ", "%d Punkte; ")+out+", "+alive+"\n", ds.Points, ds.Killed, ds.Live)
}

func printDreissig(e *env, ds validate.DiceScore) {
	fmt.Fprint(e.stdout, say.New(e.lang).Pips(ds.Sum))
	if ds.AllSix {
		// All six aside: say what the turn's sum means.
		switch o := ds.Dreissig; {
		case o.Cost > 0:
			fmt.Fprintf(e.stdout, e.tr(": under 30, %d off your own account", ": unter 30, %d vom eigenen Konto"), o.Cost)
		case o.Target == 0:
			fmt.Fprint(e.stdout, e.tr(": exactly 30, nothing happens", ": genau 30, nichts passiert"))
		default:
			fmt.Fprintf(e.stdout, e.tr(": over 30, attack on the Vordermann with target face %d", ": über 30, Angriff auf den Vordermann mit Zielzahl %d"), o.Target)
		}
	}
	fmt.Fprintln(e.stdout)
}

func printKeeps(e *env, rules *validate.Rules, dice []int, sf scoreFamily) {
	fmt.Fprintf(e.stdout, "%s %s: %s\n", e.tr("Throw", "Wurf"), rules.Game, validate.FormatDice(dice))
	if len(sf.Keeps) == 0 {
		fmt.Fprintln(e.stdout, e.tr("Nothing scores: a bust.", "Nichts zählt: ein Fehlwurf."))
		return
	}
	if rules.AllScoring() {
		fmt.Fprintln(e.stdout, e.tr("All scoring dice must be set aside:", "Alle zählenden Würfel müssen zur Seite:"))
	} else {
		fmt.Fprintln(e.stdout, e.tr("Legal keeps, best first:", "Erlaubte Auswahl, beste zuerst:"))
	}
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "  %s\t%s\t%s\n", e.tr("keep", "zur Seite"), e.tr("points", "Punkte"), e.tr("dice left", "Würfel übrig"))
	for _, k := range sf.Keeps {
		d := validate.FormatDice(k.Keep)
		if k.FivesAsOnes > 0 {
			d += fmt.Sprintf(e.tr(" (%d× 5 as 1)", " (%d× 5 als 1)"), k.FivesAsOnes)
		}
		left := len(dice) - len(k.Keep)
		fmt.Fprintf(w, "  %s\t%d\t%d\n", d, k.Points, left)
	}
	w.Flush()
}

// tooManyDice refuses a throw with more dice than the game is played with,
// and names the house rule that takes that many where there is one.
func (e *env) tooManyDice(err *validate.Error, got int) int {
	msg := validate.Localize(err, e.lang)
	game := validate.GameID(fmt.Sprint(err.Args[0]))
	for _, s := range validate.OptionSpecs(game) {
		if s.ID != "wuerfel" {
			continue
		}
		if _, err := validate.MakeOptions(game, map[string]any{"wuerfel": got}); err == nil {
			msg += " " + fmt.Sprintf(e.tr("(use --option wuerfel=%d)", "(mit --option wuerfel=%d)"), got)
		}
	}
	fmt.Fprintf(e.stderr, "%s: %s\n", progName("score"), oneLine(msg))
	return exitInput
}
