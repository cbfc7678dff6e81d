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
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func isInputError(err error) bool {
	var ie *scoresheet.InputError
	return errors.As(err, &ie)
}

func runJudge(e *env, args []string) int {
	fs := newFlags(e, "judge", "[--json] [FILE | -]")
	asJSON := fs.Bool("json", false, e.tr("print the verdict as JSON", "das Urteil als JSON ausgeben"))
	usage := fs.Usage
	fs.Usage = func() {
		if refused(fs) {
			return
		}
		usage()
		fmt.Fprintln(e.stdout, e.tr(
			"Without FILE (or with -) the record is read from standard input (end it with Ctrl-D).\n"+
				"FILE may hold one record, an export (a JSON array of records) or one record per line: every record is judged.",
			"Ohne DATEI (oder mit -) wird der Bericht von der Standardeingabe gelesen (mit Strg-D beenden).\n"+
				"DATEI darf einen Bericht, einen Export (eine JSON-Liste von Berichten) oder einen Bericht je Zeile enthalten: jeder Bericht wird beurteilt."))
	}
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 1 {
		fmt.Fprintln(e.stderr, "wuerfelblock judge: "+e.tr("at most one file", "höchstens eine Datei"))
		return exitInput
	}
	in, done, code, ok := e.judgeInput(pos)
	if !ok {
		return code
	}
	defer done()
	name := "-"
	if len(pos) == 1 {
		name = pos[0]
	}
	if in, code, ok = e.recordsIn("judge", name, in); !ok {
		return code
	}
	// Records are read one by one: one record, an export, or JSON Lines.
	x := storage.NewExportReader(in)
	first, second, more, code, ok := e.firstRecords(x, "judge")
	switch {
	case !ok:
		return code
	case !more:
		// One record: the verdict as docs/RECORD.md has it.
		return judgeOne(e, first, *asJSON)
	}
	return e.judgeAll(x, first, second, *asJSON)
}

// firstRecords reads the first two records of x, for a command that
// answers one record on its own and several as a list: more is false when
// there is only the first. ok is false after saying why not (no record at
// all, or a broken one), with the exit status in code.
func (e *env) firstRecords(x *storage.ExportReader, cmd string) (first, second storage.ExportRecord, more bool, code int, ok bool) {
	first, err := x.Next()
	if err == io.EOF {
		err = scoresheet.NewInputError("no records: the input is an empty list", "keine Spielberichte: die Eingabe ist eine leere Liste")
	}
	if err != nil {
		return first, second, false, e.fail(cmd, err), false
	}
	second, err = x.Next()
	if err == io.EOF {
		return first, second, false, 0, true
	}
	if err != nil {
		return first, second, false, e.fail(cmd, err), false
	}
	return first, second, true, 0, true
}

// judgeInput opens the file to judge (none or -: standard input, said at
// a terminal); done closes it. ok is false after saying why it cannot.
func (e *env) judgeInput(pos []string) (in io.Reader, done func(), code int, ok bool) {
	if len(pos) == 1 && pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			fmt.Fprintf(e.stderr, "wuerfelblock judge: %s\n", e.fileProblem(pos[0], err, false))
			return nil, nil, exitInput, false
		}
		return f, func() { f.Close() }, 0, true
	}
	if isTerminal(e.stdin) {
		fmt.Fprintln(e.stderr, "wuerfelblock judge: "+e.tr(
			"reading a record from standard input; end it with Ctrl-D (or give a file: judge FILE)",
			"lese einen Bericht von der Standardeingabe; mit Strg-D beenden (oder eine Datei angeben: judge DATEI)"))
	}
	return e.stdin, func() {}, 0, true
}

// judgeAll judges every record of an export or JSON Lines (first and
// second already read) and returns the worst exit status.
func (e *env) judgeAll(x *storage.ExportReader, first, second storage.ExportRecord, asJSON bool) int {
	status := exitOK
	worse := func(s int) {
		if s == exitInput || s == exitRule && status == exitOK {
			status = s
		}
	}
	var verdicts []judged
	r, i := first, 0
	var err error
	for {
		j := judgeRecord(e, i, r)
		worse(j.status)
		if asJSON {
			verdicts = append(verdicts, j)
		} else {
			printJudged(e, j, r)
		}
		switch i++; i {
		case 1:
			r = second
		default:
			r, err = x.Next()
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			worse(e.fail("judge", err))
			break
		}
	}
	if asJSON {
		e.printJSON(verdicts)
	}
	return status
}

// judged is the verdict on one record of several.
type judged struct {
	Index   int                 `json:"index"` // from 1
	ID      string              `json:"id,omitempty"`
	Verdict *scoresheet.Verdict `json:"verdict,omitempty"`
	Error   string              `json:"error,omitempty"` // not a record at all
	status  int
}

func judgeRecord(e *env, i int, r storage.ExportRecord) judged {
	j := judged{Index: i + 1, ID: r.ID}
	err := r.Err()
	if err == nil {
		var v scoresheet.Verdict
		if v, err = scoresheet.Judge(r.Record, e.lang); err == nil {
			j.Verdict = &v
			if !v.Valid {
				j.status = exitRule
			}
			return j
		}
	}
	j.Error, j.status = e.errText(err), exitInput
	return j
}

func printJudged(e *env, j judged, r storage.ExportRecord) {
	head := fmt.Sprintf("%s %d", e.tr("Record", "Bericht"), j.Index)
	if j.ID != "" {
		head += " (" + scoresheet.Short(j.ID, 40) + ")"
	}
	fmt.Fprintln(e.stdout, head+":")
	if j.Verdict == nil {
		fmt.Fprintf(e.stdout, "%s: %s\n\n", e.tr("Not a record", "Kein Spielbericht"), j.Error)
		return
	}
	printVerdict(e, r.Record, *j.Verdict)
	fmt.Fprintln(e.stdout)
}

// judgeOne judges a single record and prints its verdict.
func judgeOne(e *env, r storage.ExportRecord, asJSON bool) int {
	if err := r.Err(); err != nil {
		return e.fail("judge", err)
	}
	v, err := scoresheet.Judge(r.Record, e.lang)
	if err != nil {
		return e.fail("judge", err)
	}
	if asJSON {
		e.printJSON(v)
	} else {
		printVerdict(e, r.Record, v)
	}
	if !v.Valid {
		return exitRule
	}
	return exitOK
}

// isTerminal reports whether r is a terminal (a character device).
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func printVerdict(e *env, rec scoresheet.Record, v scoresheet.Verdict) {
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	boxes := turnBoxes(e, rec)
	points := e.tr("points", "Punkte")
	if validate.VariantOf(validate.GameID(rec.Game)).Family == validate.FamilyDreissig { // a turn's sum of pips (it said "points")
		points = e.tr("pips", "Augen")
	}
	fmt.Fprintf(w, "#\t%s\t%s\t", e.tr("player", "Spieler"), points)
	if boxes != nil {
		fmt.Fprintf(w, "%s\t", e.tr("box", "Feld"))
	}
	for _, p := range rec.Players {
		fmt.Fprintf(w, "%s\t", p)
	}
	fmt.Fprintln(w)
	for i, t := range v.Turns {
		pts := say.Int(t.Points) // a true minus, as the app writes it
		if t.Open {
			pts = e.tr("(open)", "(offen)")
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t", i+1, t.Player, pts)
		if boxes != nil {
			box := ""
			if i < len(boxes) {
				box = boxes[i]
			}
			fmt.Fprintf(w, "%s\t", box)
		}
		for _, p := range rec.Players {
			fmt.Fprintf(w, "%s\t", say.Int(t.Totals[p]))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\t%s\t\t", e.tr("total", "Summe"))
	if boxes != nil {
		fmt.Fprint(w, "\t")
	}
	for _, p := range rec.Players {
		fmt.Fprintf(w, "%s\t", say.Int(v.Totals[p]))
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
	return say.New(e.lang).EventAlone(ev)
}

// turnBoxes are the names of the boxes a Kniffel record's turns were
// written in, in the user's language, by turn ("" where a turn names
// none or one unknown); nil for a record that writes no boxes.
func turnBoxes(e *env, rec scoresheet.Record) []string {
	var boxes []string
	for i, t := range rec.Turns {
		if t.Score == "" {
			continue
		}
		if boxes == nil {
			boxes = make([]string, len(rec.Turns))
		}
		if c, err := validate.ParseCategory(t.Score); err == nil {
			boxes[i] = c.Name(e.lang)
		}
	}
	return boxes
}
