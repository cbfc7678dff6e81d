package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
)

func isInputError(err error) bool {
	var ie *scoresheet.InputError
	return errors.As(err, &ie)
}

func runJudge(e *env, args []string) int {
	fs := newFlags(e, "judge", "[--json] [FILE]")
	asJSON := fs.Bool("json", false, e.tr("print the verdict as JSON", "das Urteil als JSON ausgeben"))
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 1 {
		fmt.Fprintln(e.stderr, "wuerfelblock judge: "+e.tr("at most one file", "höchstens eine Datei"))
		return exitInput
	}
	var in io.Reader = e.stdin
	if len(pos) == 1 && pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			fmt.Fprintf(e.stderr, "wuerfelblock judge: %s\n", e.fileProblem(pos[0], err, false))
			return exitInput
		}
		defer f.Close()
		in = f
	}
	rec, err := scoresheet.DecodeRecord(in)
	if err != nil {
		return e.fail("judge", err)
	}
	v, err := scoresheet.Judge(rec, e.lang)
	if err != nil {
		return e.fail("judge", err)
	}
	if *asJSON {
		e.printJSON(v)
	} else {
		printVerdict(e, rec, v)
	}
	if !v.Valid {
		return exitRule
	}
	return exitOK
}

func printVerdict(e *env, rec scoresheet.Record, v scoresheet.Verdict) {
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "#\t%s\t%s\t", e.tr("player", "Spieler"), e.tr("points", "Punkte"))
	for _, p := range rec.Players {
		fmt.Fprintf(w, "%s\t", p)
	}
	fmt.Fprintln(w)
	for i, t := range v.Turns {
		pts := fmt.Sprint(t.Points)
		if t.Open {
			pts = e.tr("(open)", "(offen)")
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t", i+1, t.Player, pts)
		for _, p := range rec.Players {
			fmt.Fprintf(w, "%d\t", t.Totals[p])
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\t%s\t\t", e.tr("total", "Summe"))
	for _, p := range rec.Players {
		fmt.Fprintf(w, "%d\t", v.Totals[p])
	}
	fmt.Fprintln(w)
	w.Flush()
	for i, t := range v.Turns {
		for _, ev := range t.Events {
			fmt.Fprintf(e.stdout, "%s %d: %s\n", e.tr("turn", "Zug"), i+1, describeEvent(e, ev))
		}
	}
	switch {
	case v.Error != nil:
		where := fmt.Sprintf("%s %d", e.tr("turn", "Zug"), v.Error.Turn+1)
		if v.Error.Throw != nil {
			where += fmt.Sprintf(", %s %d", e.tr("throw", "Wurf"), *v.Error.Throw+1)
		}
		fmt.Fprintf(e.stdout, "\n%s (%s): %s\n", e.tr("Not allowed", "Nicht erlaubt"), where, v.Error.Message)
	case v.Finished:
		fmt.Fprintf(e.stdout, "\n%s: %s\n", e.tr("Game over. Won", "Spiel zu Ende. Gewonnen"), strings.Join(v.Winners, ", "))
	default:
		fmt.Fprintf(e.stdout, "\n%s\n", e.tr("Valid so far; the game goes on.", "Bisher alles regelgerecht; das Spiel läuft."))
	}
}

func describeEvent(e *env, ev scoresheet.Event) string {
	switch ev.Kind {
	case scoresheet.EventReset:
		return fmt.Sprintf(e.tr("%s had the same score as %s (%d) and goes back to 0", "%s hatte denselben Stand wie %s (%d) und fällt auf 0"), ev.Player, ev.From, ev.Points)
	case scoresheet.EventTransfer:
		return fmt.Sprintf(e.tr("%s would pass 5000: %d points go to %s", "%s wäre über 5000: %d Punkte gehen an %s"), ev.From, ev.Points, ev.Player)
	case scoresheet.EventLost:
		return fmt.Sprintf(e.tr("%s would pass 5000 and nobody can take the %d points: they are lost", "%s wäre über 5000 und niemand kann die %d Punkte nehmen: sie verfallen"), ev.Player, ev.Points)
	case scoresheet.EventAttack:
		return fmt.Sprintf(e.tr("%s takes %d from %s", "%[1]s nimmt %[3]s %[2]d ab"), ev.From, ev.Points, ev.Player)
	case scoresheet.EventTopUp:
		return e.tr("an account reached 0: both accounts get 30", "ein Konto hat 0 erreicht: beide Konten bekommen 30")
	case scoresheet.EventUpperBonus:
		return fmt.Sprintf(e.tr("%s earns the upper bonus (+%d)", "%s bekommt den Bonus oben (+%d)"), ev.Player, ev.Points)
	case scoresheet.EventKniffelBonus:
		return fmt.Sprintf(e.tr("%s earns a Kniffel bonus (+%d)", "%s bekommt einen Kniffel-Bonus (+%d)"), ev.Player, ev.Points)
	case scoresheet.EventMinusPoints:
		return fmt.Sprintf(e.tr("%s busts and takes the %d points on the table as minus points", "%s wirft nichts und bekommt die %d ausliegenden Punkte als Minus"), ev.Player, ev.Points)
	}
	return string(ev.Kind)
}
