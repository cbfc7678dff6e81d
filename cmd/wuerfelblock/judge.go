package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/wuerfelblock/wuerfelblock/internal/say"
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
	return say.New(e.lang).Event(ev)
}
