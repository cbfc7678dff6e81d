package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/wuerfelblock/wuerfelblock/coach/review"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// reviewValuers are the solvers of every review the program makes: the
// review command's, the game-over screen's (tui.Config) and the stored
// ones (storage.Options); tests swap them for tables kept in memory.
var reviewValuers = review.Solvers

func runReview(e *env, args []string) int {
	fs := newFlags(e, "review", "[--json] (GAME_ID | FILE)")
	asJSON := fs.Bool("json", false, e.tr("print the review as JSON", "die Auswertung als JSON ausgeben"))
	usage := fs.Usage
	fs.Usage = func() {
		if refused(fs) {
			return
		}
		usage()
		fmt.Fprintln(e.stdout, e.tr("FILE may hold one record, an export (a JSON array of records) or one record per line: every record is reviewed.",
			"DATEI darf einen Bericht, einen Export (eine JSON-Liste von Berichten) oder einen Bericht je Zeile enthalten: jeder Bericht wird ausgewertet."))
	}
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintln(e.stderr, "wuerfelblock review: "+e.tr(
			"give one stored game's id or one record file (- for standard input)",
			"eine Spielnummer aus der Datenbank oder eine Berichtsdatei angeben (- für die Standardeingabe)"))
		return exitInput
	}
	arg := pos[0]
	if _, statErr := os.Stat(arg); arg == "-" || statErr == nil || looksLikePath(arg) {
		return reviewFile(e, arg, *asJSON)
	}
	// A stored game: an id that fits none, several or is too short is
	// said as games says it, not as a missing file.
	var rv *review.Review
	code = e.withDB("review", func(ctx context.Context, db *storage.DB) int {
		id, err := db.FindGame(ctx, arg)
		if err != nil {
			return e.dbFail("review", err)
		}
		sg, err := db.LoadGame(ctx, id)
		if err != nil {
			return e.dbFail("review", err)
		}
		if rv, err = review.OfGame(sg.Game, reviewValuers()); err != nil {
			return e.fail("review", err)
		}
		return exitOK
	})
	if code != exitOK {
		return code
	}
	if *asJSON {
		e.printJSON(rv.JSON(e.lang))
		return exitOK
	}
	printReview(e, rv)
	return exitOK
}

// reviewFile reviews the records of a file (or of standard input): one
// record, an export (a JSON array) or JSON Lines. One record is reviewed
// as it always was; of several, every one is, each under its number.
func reviewFile(e *env, arg string, asJSON bool) int {
	var in io.Reader = e.stdin
	if arg != "-" {
		f, err := os.Open(arg)
		if err != nil {
			fmt.Fprintf(e.stderr, "wuerfelblock review: %s\n", e.fileProblem(scoresheet.SafeText(arg), err, false))
			return exitInput
		}
		defer f.Close()
		in = f
	}
	in, code, ok := e.recordsIn("review", arg, in)
	if !ok {
		return code
	}
	x := storage.NewExportReader(in)
	first, second, more, code, ok := e.firstRecords(x, "review")
	switch {
	case !ok:
		return code
	case !more:
		return reviewOne(e, first, asJSON)
	}
	var err error
	status := exitOK
	out := reviewList{e: e, asJSON: asJSON}
	for i, r := 0, first; ; i++ {
		status = worseStatus(status, out.add(i, r))
		switch {
		case i == 0:
			r = second
		default:
			r, err = x.Next()
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			status = worseStatus(status, e.fail("review", err))
			break
		}
	}
	out.close()
	return status
}

// worseStatus is the exit status of two results together: not a record
// (2) before a broken rule (1) before all well.
func worseStatus(a, b int) int {
	if a == exitInput || b == exitInput {
		return exitInput
	}
	return max(a, b)
}

// reviewOne reviews a file's only record.
func reviewOne(e *env, r storage.ExportRecord, asJSON bool) int {
	if err := r.Err(); err != nil {
		return e.fail("review", err)
	}
	rv, err := review.OfRecord(r.Record, e.lang, reviewValuers())
	var re *review.RuleError
	if errors.As(err, &re) {
		fmt.Fprintf(e.stderr, "wuerfelblock review: %s (%s): %s\n",
			e.tr("the record breaks a rule, so it is not reviewed", "der Bericht bricht eine Regel und wird nicht ausgewertet"),
			e.ruleWhere(re), oneLine(re.Verdict.Message))
		return exitRule
	}
	if err != nil {
		return e.fail("review", err)
	}
	if asJSON {
		e.printJSON(rv.JSON(e.lang))
	} else {
		printReview(e, rv)
	}
	return exitOK
}

func (e *env) ruleWhere(re *review.RuleError) string {
	where := fmt.Sprintf("%s %d", e.tr("turn", "Zug"), re.Verdict.Turn+1)
	if re.Verdict.Throw != nil {
		where += fmt.Sprintf(", %s %d", e.tr("throw", "Wurf"), *re.Verdict.Throw+1)
	}
	return where
}

// reviewList writes the reviews of several records as they are made:
// text under a heading each, or one JSON array (written element by
// element: memory does not grow with the file).
type reviewList struct {
	e      *env
	asJSON bool
	n      int
}

// reviewed is one record's entry in the JSON array.
type reviewed struct {
	Index  int          `json:"index"` // from 1
	ID     string       `json:"id,omitempty"`
	Review *review.JSON `json:"review,omitempty"`
	Error  string       `json:"error,omitempty"` // not a record, or a broken rule
}

// add reviews record i and writes it; it returns the record's status.
func (l *reviewList) add(i int, r storage.ExportRecord) int {
	e := l.e
	j := reviewed{Index: i + 1, ID: r.ID}
	status := exitOK
	var rv *review.Review
	err := r.Err()
	if err == nil {
		rv, err = review.OfRecord(r.Record, e.lang, reviewValuers())
	}
	var re *review.RuleError
	switch {
	case errors.As(err, &re):
		j.Error = fmt.Sprintf("%s (%s): %s", e.tr("breaks a rule, not reviewed", "bricht eine Regel, nicht ausgewertet"), e.ruleWhere(re), oneLine(re.Verdict.Message))
		status = exitRule
	case err != nil && (isInputError(err) || validate.IsInput(err)):
		j.Error = e.tr("Not a record", "Kein Spielbericht") + ": " + e.errText(err)
		status = exitInput
	case err != nil:
		j.Error = e.errText(err)
		status = exitFailure
	default:
		rj := rv.JSON(e.lang)
		j.Review = &rj
	}
	if l.asJSON {
		l.writeJSON(j)
		return status
	}
	head := fmt.Sprintf("%s %d", e.tr("Record", "Bericht"), j.Index)
	if j.ID != "" {
		head += " (" + scoresheet.Short(j.ID, 40) + ")"
	}
	if l.n++; l.n > 1 {
		fmt.Fprintln(e.stdout)
	}
	fmt.Fprintln(e.stdout, head+":")
	if rv == nil {
		fmt.Fprintln(e.stdout, j.Error)
	} else {
		printReview(e, rv)
	}
	return status
}

func (l *reviewList) writeJSON(j reviewed) {
	b, err := json.MarshalIndent(j, "  ", "  ")
	if err != nil {
		b = []byte(fmt.Sprintf("{%q: %q}", "error", err.Error()))
	}
	sep := "[\n  "
	if l.n++; l.n > 1 {
		sep = ",\n  "
	}
	fmt.Fprint(l.e.stdout, sep+string(b))
}

// close ends the JSON array.
func (l *reviewList) close() {
	if l.asJSON {
		fmt.Fprintln(l.e.stdout, "\n]")
	}
}

// looksLikePath: a name with a directory or an extension ("games/a",
// "x.json", "~/x"), which no game id has: review speaks of a file only
// for such a name (or one that exists).
func looksLikePath(s string) bool {
	return strings.ContainsAny(s, "./"+string(os.PathSeparator)) || strings.HasPrefix(s, "~")
}

func printReview(e *env, rv *review.Review) {
	info, _ := validate.LookupGame(string(rv.Game))
	name := string(rv.Game)
	if info.ID != "" {
		name = info.Name(e.lang)
	}
	fmt.Fprintln(e.stdout, name)
	if rv.Note.EN != "" {
		fmt.Fprintln(e.stdout, rv.Note.Text(e.lang))
	}
	if !rv.Reviewed {
		return
	}
	if !rv.Finished { // a running or abandoned game: what the figures cover
		fmt.Fprintln(e.stdout, e.tr("The game is not over: the review covers what was played so far.",
			"Das Spiel ist nicht zu Ende: die Bewertung umfasst, was bisher gespielt wurde."))
	}
	kniffel := rv.WholeGame
	if kniffel {
		fmt.Fprintf(e.stdout, e.tr("Game value (expected final score under best play): %s\n",
			"Spielwert (erwartete Endsumme bei bestem Spiel): %s\n"), review.Number(rv.GameValue, e.lang))
	}
	printReviewTable(e, rv, kniffel)
	printReviewIdentity(e, rv, kniffel)
	if !review.RatesDecisions(rv.Game) {
		return
	}
	printWinReview(e, rv)
	printCostliest(e, rv)
}

// printCostliest lists the five costliest decisions (in points, or the
// unit of Dreißig tot's review).
func printCostliest(e *env, rv *review.Review) {
	worst := rv.Costliest(5)
	fmt.Fprintln(e.stdout)
	switch {
	case len(rv.Decisions) == 0: // nothing to rate yet (it said "best play throughout")
		fmt.Fprintln(e.stdout, e.tr("No decision taken yet.", "Noch keine Entscheidung getroffen."))
		return
	case len(worst) == 0:
		fmt.Fprintln(e.stdout, e.tr("No decision cost anything: best play throughout.",
			"Keine Entscheidung hat etwas gekostet: durchweg bestes Spiel."))
		return
	}
	fmt.Fprintln(e.stdout, costliestTitle(e, rv))
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	// What was thrown away, never negative, as the table's loss and the
	// app say it (the list said "−33.99" beside a loss of 33.99).
	for _, d := range worst {
		fmt.Fprintf(w, "%s\t%s: %s\t%s %s\n", scoresheet.SafeText(d.Player), rv.Where(d, e.lang),
			rv.Describe(d, e.lang), review.Number(d.Loss, e.lang), e.tr("thrown away", "verschenkt"))
	}
	w.Flush()
}

// printReviewTable writes each player's loss, luck and the terms of the
// review's identity.
func printReviewTable(e *env, rv *review.Review, kniffel bool) {
	fmt.Fprintln(e.stdout)
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "%s\t%s\t%s\t%s\t", e.tr("player", "Spieler"), e.tr("decisions", "Entscheidungen"),
		e.tr("loss", "Verlust"), e.tr("luck", "Glück"))
	switch {
	case rv.Chances:
		fmt.Fprintf(w, "%s\t%s\t", e.tr("start", "Start"), e.tr("result", "Ergebnis"))
	case kniffel:
		fmt.Fprintf(w, "%s\t%s\t", e.tr("quick turns", "Schnelleingaben"), e.tr("total", "Summe"))
	case rv.Unit == review.UnitPips: // Dreißig tot: the turns' pips (taken minus lost), not points banked
		fmt.Fprintf(w, "%s\t%s\t", e.tr("turn values", "Zugwerte"), e.tr("pips", "Augen"))
	default:
		fmt.Fprintf(w, "%s\t%s\t", e.tr("turn values", "Zugwerte"), e.tr("banked", "geschrieben"))
	}
	fmt.Fprintln(w)
	for _, p := range rv.Players {
		fmt.Fprintf(w, "%s\t%d\t%s\t%s\t", scoresheet.SafeText(p.Name), p.Decisions,
			review.Number(p.Loss, e.lang), say.Plus(review.Number(p.Luck, e.lang)))
		switch {
		case rv.Chances:
			fmt.Fprintf(w, "%s\t%s\t", review.Number(p.ChanceStart, e.lang), review.Number(p.ChanceResult, e.lang))
		case kniffel:
			fmt.Fprintf(w, "%d\t%d\t", p.QuickTurns, p.Banked)
		default:
			fmt.Fprintf(w, "%s\t%s\t", review.Number(p.TurnValueSum, e.lang), say.Int(p.Banked)) // a true minus
		}
		fmt.Fprintln(w)
	}
	w.Flush()
}

// printReviewIdentity says what the table's columns add up to.
func printReviewIdentity(e *env, rv *review.Review, kniffel bool) {
	switch {
	case rv.Chances:
		fmt.Fprintln(e.stdout, e.tr("Result (100 won, 50 shared by two, 0 lost) = start + luck − loss, in percentage points of the chance to win.",
			"Ergebnis (100 gewonnen, 50 zu zweit geteilt, 0 verloren) = Start + Glück − Verlust, in Prozentpunkten der Gewinnchance."))
		if names, share, ok := review.SharedWin(rv); ok {
			fmt.Fprintf(e.stdout, e.tr("%s: a shared win, %s each.\n", "%s: ein geteilter Sieg, je %s.\n"),
				scoresheet.SafeText(strings.Join(names, ", ")), review.Number(share, e.lang))
		}
	case kniffel:
		fmt.Fprintln(e.stdout, e.tr("Total = game value + luck − loss.", "Summe = Spielwert + Glück − Verlust."))
	case rv.Unit == review.UnitPips:
		fmt.Fprintln(e.stdout, e.tr("Pips (taken from the Vordermann minus lost, per turn) = turn values + luck − loss, all in pips.",
			"Augen (dem Vordermann genommene minus verlorene, je Zug) = Zugwerte + Glück − Verlust, alles in Augen."))
	default:
		line := e.tr("Banked = turn values + luck − loss", "Geschrieben = Zugwerte + Glück − Verlust")
		if rv.Transfers {
			line += e.tr(" (what each turn wrote down, before the transfers over 5000)", " (was jeder Zug schrieb, vor den Übertragungen über 5000)")
		}
		fmt.Fprintln(e.stdout, line+".")
	}
}

// costliestTitle heads the costliest decisions by the unit they are in
// (Dreißig tot: the chance to win or pips).
func costliestTitle(e *env, rv *review.Review) string {
	switch rv.Unit {
	case review.UnitPercent:
		return e.tr("The costliest decisions by the chance to win (percentage points):", "Die teuersten Entscheidungen nach Gewinnchance (Prozentpunkte):")
	case review.UnitPips:
		return e.tr("The costliest decisions in pips:", "Die teuersten Entscheidungen in Augen:")
	}
	return e.tr("The costliest decisions in points:", "Die teuersten Entscheidungen in Punkten:")
}

// printWinReview prints the review by the chance to win (two players of
// the Zehntausend family): a table in percentage points and the five
// decisions that cost most of it; else why there is none.
func printWinReview(e *env, rv *review.Review) {
	if !rv.Win {
		if rv.WinNote.EN != "" {
			fmt.Fprintln(e.stdout, "\n"+rv.WinNote.Text(e.lang))
		}
		return
	}
	fmt.Fprintln(e.stdout)
	start := e.tr("at the start", "zu Beginn")
	if rv.WinFrom > 0 { // Kniffel: from round 11, what it assumes
		fmt.Fprintln(e.stdout, rv.WinNote.Text(e.lang))
		start = fmt.Sprintf(e.tr("round %d", "Runde %d"), rv.WinFrom)
	}
	head := e.tr("Chance to win, in percentage points", "Gewinnchance, in Prozentpunkten")
	if !rv.WinExact {
		head += e.tr(" (not exact)", " (nicht exakt)")
	}
	fmt.Fprintln(e.stdout, head+":")
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t\n", e.tr("player", "Spieler"), start,
		e.tr("luck", "Glück"), e.tr("loss", "Verlust"), e.tr("result", "Ergebnis"))
	for _, p := range rv.Players {
		res := "–"
		if rv.Finished {
			res = review.Points1(p.Result, e.lang)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t\n", scoresheet.SafeText(p.Name), review.Points1(p.WinStart, e.lang),
			say.Plus(review.Points1(p.WinLuck, e.lang)), review.Points1(p.WinLoss, e.lang), res)
	}
	w.Flush()
	fmt.Fprintf(e.stdout, e.tr("Result (100 won, 50 shared, 0 lost) = %s + luck − loss; luck: everything the player did not decide (their throws, the others' throws and mistakes).\n",
		"Ergebnis (100 gewonnen, 50 geteilt, 0 verloren) = %s + Glück − Verlust; Glück: alles, was der Spieler nicht entschied (seine Würfe, Würfe und Fehler der anderen).\n"), start)
	if rv.WinNote.EN != "" && rv.WinFrom == 0 { // three or more players: what is approximated (Kniffel's said above)
		fmt.Fprintln(e.stdout, rv.WinNote.Text(e.lang))
	}
	worst := rv.CostliestWin(5)
	switch {
	case len(rv.Decisions) == 0: // none taken yet: said below
		return
	case len(worst) == 0:
		fmt.Fprintln(e.stdout, e.tr("No decision cost any chance to win.", "Keine Entscheidung hat Gewinnchance gekostet."))
		return
	}
	fmt.Fprintln(e.stdout, e.tr("The costliest decisions by the chance to win:", "Die teuersten Entscheidungen nach Gewinnchance:"))
	w = tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	for _, d := range worst {
		fmt.Fprintf(w, "%s\t%s: %s, %s\n", scoresheet.SafeText(d.Player), rv.Where(d, e.lang), rv.DescribeWin(d, e.lang),
			fmt.Sprintf(e.tr("%s percentage points of the chance to win thrown away", "%s Prozentpunkte Gewinnchance verschenkt"), review.Points1(d.WinLoss, e.lang)))
	}
	w.Flush()
}

// reviewProgress tells, on standard error, how far the first opening after
// an update has come reviewing a large stored history (migration 015), in
// steps of a tenth.
func (e *env) reviewProgress() func(done, total int) {
	return e.migrationProgress(1000, "Reviewing the stored games for skill and luck (once): %d of %d\n",
		"Die gespeicherten Spiele werden auf Können und Glück ausgewertet (einmalig): %d von %d\n")
}

// recountProgressFrom is the least number of stored 5050 games whose
// recount (migration 006) is worth a word: about 0.6 ms a game on the
// 2-core development machine (1.9 s for the 3,134 of the 20,000-game
// history), several times that on a slow or busy one.
var recountProgressFrom = 300

// recountProgress tells, on standard error, how far the first opening of
// a database from before migration 006 has come recounting the failed
// confirmations of its 5050 games, in steps of a tenth.
func (e *env) recountProgress() func(done, total int) {
	return e.migrationProgress(recountProgressFrom, "Recounting the 5050 statistics (failed confirmations, once): %d of %d\n",
		"Die 5050-Statistik wird nachgezählt (verfehlte Bestätigungen, einmalig): %d von %d\n")
}

// migrationProgress prints a migration's progress (done of total) in
// steps of a tenth, when it has at least from items to go through.
func (e *env) migrationProgress(from int, en, de string) func(done, total int) {
	shown := -1
	return func(done, total int) {
		if total < from {
			return
		}
		tenth := done * 10 / total
		if tenth == shown {
			return
		}
		shown = tenth
		fmt.Fprintf(e.stderr, e.tr(en, de), done, total)
	}
}

// byPlay is a game's "by play" leaderboard from the statistics: the
// players with at least storage.ByPlayMinGames reviewed games, the least
// loss per decision first (as storage.DB.ByPlay ranks them).
func byPlay(ps []storage.PlayerStats, game string) []storage.ByPlayRow {
	var out []storage.ByPlayRow
	for _, p := range ps {
		if g := p.Games[game]; g != nil && g.Review != nil && g.Review.Games >= storage.ByPlayMinGames {
			out = append(out, storage.ByPlayRow{Name: p.Name, ReviewFigures: *g.Review})
		}
	}
	slices.SortStableFunc(out, storage.CompareByPlay)
	return out
}

// byPlayAll is every game's "by play" leaderboard (games without one left out).
func byPlayAll(ps []storage.PlayerStats) map[string][]storage.ByPlayRow {
	out := map[string][]storage.ByPlayRow{}
	for _, id := range gameIDs() {
		if rows := byPlay(ps, id); len(rows) > 0 {
			out[id] = rows
		}
	}
	return out
}

// printByPlay prints a game's "by play" leaderboard under its leaderboard.
func printByPlay(e *env, ps []storage.PlayerStats, game string) {
	rows := byPlay(ps, game)
	if len(rows) == 0 {
		return
	}
	// The ranking in words: who is ranked by the chance to win (games
	// reviewed by it, not all reviewed games) and who by points after them.
	fmt.Fprintf(e.stdout, e.tr("By play (at least %[1]d reviewed games; least thrown away per decision first)\n"+
		"  first by the chance to win (%[1]d or more games reviewed by it: \"by chance\"), then by points\n",
		"Nach Spielstärke (ab %[1]d ausgewerteten Spielen; wenigstes Verschenktes zuerst)\n"+
			"  zuerst nach Gewinnchance (ab %[1]d Spielen mit ihr: „mit Chance“), dann nach Punkten\n"), storage.ByPlayMinGames)
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, e.tr("#\tplayer\tgames\tby chance\tloss/decision\tloss/game\tluck/game\tchance lost/dec. (pp)\tchance lost/game\tluck/game (pp)\t",
		"#\tSpieler\tSpiele\tmit Chance\tVerlust/Entsch.\tVerlust/Spiel\tGlück/Spiel\tGewinnch. verl./Entsch. (Pp.)\tje Spiel\tGlück/Spiel (Pp.)\t"))
	for i, r := range rows {
		win := "–\t–\t–"
		if r.WinGames > 0 {
			win = review.Number(100*r.WinLossPerDecision, e.lang) + "\t" + review.Points1(r.WinLossPerGame, e.lang) + "\t" + review.Points1(r.WinLuckPerGame, e.lang)
		}
		fmt.Fprintf(w, "%d\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t\n", i+1, scoresheet.SafeText(r.Name), r.Games, r.WinGames,
			review.Number(r.LossPerDecision, e.lang), review.Number(r.LossPerGame, e.lang), review.Number(r.LuckPerGame, e.lang), win)
	}
	w.Flush()
}
