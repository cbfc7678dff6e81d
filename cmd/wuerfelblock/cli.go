package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/wuerfelblock/wuerfelblock/internal/outfile"
	"github.com/wuerfelblock/wuerfelblock/internal/say"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Exit statuses of every subcommand (docs/RECORD.md).
const (
	exitOK      = 0
	exitRule    = 1
	exitInput   = 2
	exitFailure = 3 // storage or terminal trouble
)

// env is what every subcommand gets: streams, language and the database path.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	lang           validate.Lang
	dbPath         string
	noBackup       bool // --no-backup: no automatic backups
	getenv         func(string) string
	args           []string // as typed: messages quote options the way they were written
}

func (e *env) tr(en, de string) string {
	if e.lang == validate.German {
		return de
	}
	return en
}

// gamesWord is a number of games: "1 game" / "2 games" ("1 Spiel" / "2
// Spiele"); finished, of finished games ("1 finished game", "1 beendetes
// Spiel").
func (e *env) gamesWord(n int, finished bool) string {
	switch {
	case finished && n == 1:
		return e.tr("1 finished game", "1 beendetes Spiel")
	case finished:
		return fmt.Sprintf(e.tr("%d finished games", "%d beendete Spiele"), n)
	case n == 1:
		return e.tr("1 game", "1 Spiel")
	}
	return fmt.Sprintf(e.tr("%d games", "%d Spiele"), n)
}

// langFromEnv follows LC_ALL, LC_MESSAGES and LANG: German for "de…", else English.
func langFromEnv(getenv func(string) string) validate.Lang {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(k); v != "" {
			if strings.HasPrefix(strings.ToLower(v), "de") {
				return validate.German
			}
			return validate.English
		}
	}
	return validate.English
}

func parseLang(s string) (validate.Lang, error) {
	switch strings.ToLower(s) {
	case "de", "deutsch", "german":
		return validate.German, nil
	case "en", "english":
		return validate.English, nil
	}
	return "", fmt.Errorf("--lang takes de or en, not %q", s)
}

type command struct {
	name    string
	summary [2]string // en, de
	run     func(e *env, args []string) int
}

func commands() []command {
	return []command{
		{"judge", [2]string{"judge a game record (JSON): totals, turns, the broken rule", "einen Spielbericht (JSON) beurteilen: Stände, Züge, die gebrochene Regel"}, runJudge},
		{"score", [2]string{"what is this throw worth? every legal keep, or every Kniffel box", "was ist dieser Wurf wert? jede erlaubte Auswahl oder jedes Kniffel-Feld"}, runScore},
		{"odds", [2]string{"exact odds with 1, 2, … dice: bust chance and average best keep", "genaue Chancen mit 1, 2, … Würfeln: Fehlwurf und ⌀ beste Wahl"}, runOdds},
		{"advise", [2]string{"the coach: the best keep, when to stop, the best Kniffel hold and box (exact)", "der Trainer: die beste Auswahl, wann schreiben, das beste Kniffel-Halten und -Feld (genau)"}, runAdvise},
		{"review", [2]string{"after the game: every decision's cost and every player's luck (exact)", "nach dem Spiel: was jede Entscheidung kostete und wie viel Glück jeder hatte (genau)"}, runReview},
		{"rules", [2]string{"the rules of a game and every house rule with its default", "die Regeln eines Spiels und jede Hausregel mit Vorgabe"}, runRules},
		{"export", [2]string{"write games as JSON records (all, --game ID), CSV (--csv) or BG Stats (--bgstats)", "Spiele als JSON-Berichte (alle, --game ID), CSV (--csv) oder BG Stats (--bgstats) schreiben"}, runExport},
		{"import", [2]string{"read games from an export; games already present are skipped", "Spiele aus einem Export einlesen; vorhandene werden übersprungen"}, runImport},
		{"players", [2]string{"list, add, rename or delete players", "Spieler auflisten, hinzufügen, umbenennen oder löschen"}, runPlayers},
		{"games", [2]string{"list stored games; show, undo the last entry of, or abandon one", "gespeicherte Spiele auflisten; eines zeigen, den letzten Eintrag zurücknehmen oder abbrechen"}, runGames},
		{"stats", [2]string{"statistics: leaderboards, a player's figures (--player), head-to-head (--vs)", "Statistik: Bestenlisten, die Zahlen eines Spielers (--player), direkter Vergleich (--vs)"}, runStats},
		{"backup", [2]string{"a checked copy of the database (while it is in use)", "eine geprüfte Kopie der Datenbank (auch während sie benutzt wird)"}, runBackup},
		{"restore", [2]string{"replace the database with a backup (the current one is backed up first)", "die Datenbank durch eine Sicherung ersetzen (die jetzige wird vorher gesichert)"}, runRestore},
		{"sync", [2]string{"one history on every device, through a folder a sync tool keeps equal", "eine Geschichte auf jedem Gerät, über einen Ordner, den ein Sync-Programm abgleicht"}, runSync},
		{"check", [2]string{"check the database: SQLite's checks, every game replayed, the statistics recomputed", "die Datenbank prüfen: SQLite-Prüfungen, jedes Spiel nachgespielt, die Statistik nachgerechnet"}, runCheck},
		{"generate", [2]string{"developer: fill a database (--db) with a generated history", "Entwicklung: eine Datenbank (--db) mit erzeugten Spielen füllen"}, runGenerate},
	}
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// Nothing a file, a player or another program wrote reaches the
	// terminal raw: every output goes through one filter.
	stdout, stderr = &scoresheet.SafeWriter{W: stdout}, &scoresheet.SafeWriter{W: stderr}
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv, args: args}
	e.lang = langFromEnv(e.getenv)
	fs := flag.NewFlagSet("wuerfelblock", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	lang := fs.String("lang", "", "de or en")
	db := fs.String("db", "", "database file")
	noBackup := fs.Bool("no-backup", false, "no automatic backups")
	help := fs.Bool("help", false, "")
	fs.BoolVar(help, "h", false, "")
	if err := fs.Parse(args); err != nil {
		flagErrors{e: e}.Write([]byte(err.Error()))
		usageTo(e, e.stderr)
		return exitInput
	}
	if *lang != "" {
		l, err := parseLang(*lang)
		if err != nil {
			// Said in the language of the environment.
			fmt.Fprintf(stderr, "wuerfelblock: %s\n", fmt.Sprintf(e.tr("--lang takes de or en, not %q", "--lang nimmt de oder en, nicht %q"), *lang))
			return exitInput
		}
		e.lang = l
	}
	e.dbPath = *db
	e.noBackup = *noBackup
	if *db == "" && flagSet(fs, "db") {
		// An empty name is a mistake (an unset variable in a script), not
		// a request for the default database.
		fmt.Fprintln(stderr, "wuerfelblock: "+e.tr("--db needs a file name, not an empty one (without --db: the default database)",
			"--db braucht einen Dateinamen, keinen leeren (ohne --db: die Standard-Datenbank)"))
		return exitInput
	}
	if *help {
		usage(e)
		return exitOK
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return runApp(e)
	}
	name := rest[0]
	if name == "help" {
		switch {
		case len(rest) == 1:
			usage(e)
			return exitOK
		case len(rest) == 2:
			// help COMMAND is COMMAND --help.
			for _, c := range commands() {
				if c.name == rest[1] {
					return c.run(e, []string{"--help"})
				}
			}
			fmt.Fprintf(stderr, "wuerfelblock help: %s %q\n", e.tr("unknown command", "unbekannter Befehl"), scoresheet.Cut(rest[1], 40))
			return exitInput
		}
		fmt.Fprintf(e.stderr, "wuerfelblock help: %s\n", fmt.Sprintf(e.tr("help takes at most one command, not %s (wuerfelblock help COMMAND)",
			"help nimmt höchstens einen Befehl, nicht %s (wuerfelblock help BEFEHL)"), quoteArgs(rest[1:])))
		return exitInput
	}
	for _, c := range commands() {
		if c.name == name {
			defer e.noteBuilds()()
			return c.run(e, rest[1:])
		}
	}
	fmt.Fprintf(stderr, "wuerfelblock: %s %q\n", e.tr("unknown command", "unbekannter Befehl"), name)
	usageTo(e, e.stderr) // a mistake: the usage goes with the error, not to the output
	return exitInput
}

// flagSet says whether the flag name was given (even with an empty value).
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

func usage(e *env) { usageTo(e, e.stdout) }

func usageTo(e *env, w io.Writer) {
	fmt.Fprintln(w, e.tr("wuerfelblock: a score pad for dice games played with real dice.",
		"wuerfelblock: ein Spielblock für Würfelspiele mit echten Würfeln."))
	fmt.Fprintln(w)
	fmt.Fprintln(w, e.tr("Usage:", "Aufruf:"))
	fmt.Fprintln(w, e.placeholders("  wuerfelblock [--db PATH] [--lang de|en]            ")+e.tr("open the score pad (terminal UI)", "den Spielblock öffnen (Terminal-Oberfläche)"))
	fmt.Fprintln(w, e.placeholders("  wuerfelblock [--db PATH] [--lang de|en] COMMAND ..."))
	fmt.Fprintln(w, "  --no-backup  "+e.tr("no automatic backups (also WUERFELBLOCK_NO_BACKUP=1)", "keine automatischen Sicherungen (auch WUERFELBLOCK_NO_BACKUP=1)"))
	fmt.Fprintln(w)
	fmt.Fprintln(w, e.tr("Commands:", "Befehle:"))
	for _, c := range commands() {
		s := c.summary[0]
		if e.lang == validate.German {
			s = c.summary[1]
		}
		fmt.Fprintf(w, "  %-8s %s\n", c.name, s)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, e.tr("Games:", "Spiele:"))
	for _, g := range validate.Games() {
		fmt.Fprintf(w, "  %-24s %s\n", g.ID, g.Summary(e.lang))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, e.tr("Run 'wuerfelblock COMMAND --help' for a command's options.",
		"'wuerfelblock BEFEHL --help' zeigt die Optionen eines Befehls."))
}

// fail prints one line to stderr and returns the exit status for err.
func (e *env) fail(cmd string, err error) int {
	fmt.Fprintf(e.stderr, "%s: %s\n", progName(cmd), e.errText(err))
	if validate.IsInput(err) || isInputError(err) {
		return exitInput
	}
	var ve *validate.Error
	if errors.As(err, &ve) {
		return exitRule
	}
	return exitFailure
}

// fileProblem says in the user's language why a file could not be read or
// written, naming the file the user gave (not a temporary one).
func (e *env) fileProblem(path string, err error, writing bool) string {
	var refused *outfile.Error
	if errors.As(err, &refused) {
		return e.refusedFile(refused)
	}
	if d := outfile.FileInPath(path); errors.Is(err, syscall.ENOTDIR) && d != "" {
		return fmt.Sprintf(e.tr("there is no file %s: %s is a file, not a directory", "die Datei %s gibt es nicht: %s ist eine Datei, kein Verzeichnis"), shownPath(path), shownPath(d))
	}
	path = shownPath(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && writing:
		return fmt.Sprintf(e.tr("cannot write %s: its directory does not exist", "%s lässt sich nicht schreiben: das Verzeichnis gibt es nicht"), path)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf(e.tr("there is no file %s", "die Datei %s gibt es nicht"), path)
	case errors.Is(err, fs.ErrPermission) && writing:
		return fmt.Sprintf(e.tr("no permission to write %s", "keine Berechtigung, %s zu schreiben"), path)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Sprintf(e.tr("no permission to read %s", "keine Berechtigung, %s zu lesen"), path)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Sprintf("%s: %s", path, say.OSText(pe.Err.Error(), e.lang))
	}
	return scoresheet.SafeText(say.OSText(err.Error(), e.lang))
}

// errText is any error as one line in the user's language: storage's,
// the rules' and the record's messages in it, and the operating system's
// reasons inside them ("is a directory", "operation not permitted") too.
func (e *env) errText(err error) string {
	return oneLine(say.OSText(storage.Localize(err, e.lang), e.lang))
}

// shownPath is a path as a message shows it: as typed, or quoted with its
// control characters escaped where it has any (nothing typed reaches the
// terminal raw, and the message stays one line).
func shownPath(p string) string {
	if strings.ContainsAny(p, "\n\t") || scoresheet.SafeText(p) != p {
		return strconv.Quote(p)
	}
	return p
}

// refusedFile says why a file named for output is not written (nothing
// was): for a wrong directory it names the part of the path that is wrong.
func (e *env) refusedFile(r *outfile.Error) string {
	path, dir := shownPath(r.Path), shownPath(r.Dir)
	if r.Path == "" {
		return e.tr("cannot write a file without a name: give one, not an empty one", "ohne Namen lässt sich keine Datei schreiben: einen angeben, keinen leeren")
	}
	switch r.Kind {
	case outfile.Protected:
		return fmt.Sprintf(e.tr("will not write %s: it is the open database's file %s (choose another name)",
			"%s wird nicht geschrieben: das ist die Datei %s der geöffneten Datenbank (einen anderen Namen wählen)"), path, shownPath(r.Of))
	case outfile.ReadOnly:
		return fmt.Sprintf(e.tr("will not write %s: the file is read-only",
			"%s wird nicht geschrieben: die Datei ist schreibgeschützt"), path)
	case outfile.DirIsFile:
		return fmt.Sprintf(e.tr("cannot write %s: %s is a file, not a directory (nothing written)",
			"%s lässt sich nicht schreiben: %s ist eine Datei, kein Verzeichnis (nichts geschrieben)"), path, dir)
	case outfile.NoDir:
		return fmt.Sprintf(e.tr("cannot write %s: the directory %s does not exist (nothing written; create it first)",
			"%s lässt sich nicht schreiben: das Verzeichnis %s gibt es nicht (nichts geschrieben; erst anlegen)"), path, dir)
	case outfile.OtherKind:
		if s := e.otherKindProblem(r); s != "" {
			return s
		}
	case outfile.DirNotWritable:
		return fmt.Sprintf(e.tr("cannot write %s: the directory %s cannot be written (no permission or a read-only file system; nothing written)",
			"%s lässt sich nicht schreiben: in das Verzeichnis %s lässt sich nicht schreiben (keine Berechtigung oder schreibgeschütztes Dateisystem; nichts geschrieben)"), path, dir)
	}
	return fmt.Sprintf(e.tr("cannot write %s: it is a directory or socket, not a file",
		"%s lässt sich nicht schreiben: das ist ein Verzeichnis oder Socket, keine Datei"), path)
}

// oneLine is a message on one line, cut to maxLine characters: a message
// quotes at most a short prefix of a bad value.
// decimal writes x with the given decimals, with a decimal comma in German.
func (e *env) decimal(x float64, places int) string { return say.New(e.lang).Decimal(x, places) }

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if rs := []rune(s); len(rs) > maxLine {
		s = string(rs[:maxLine]) + "…"
	}
	return s
}

const maxLine = 400

// printJSON writes v to standard output as indented JSON.
func (e *env) printJSON(v any) error {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// progName is how messages name the program and the command.
func progName(cmd string) string {
	if cmd == "" {
		return "wuerfelblock"
	}
	return "wuerfelblock " + cmd
}

// newFlags makes a subcommand's flag set with a --help that prints usage.
func newFlags(e *env, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	out := flagErrors{e: e, name: name, failed: new(bool)}
	fs.SetOutput(out)
	fs.Usage = func() {
		if *out.failed {
			// A refused option: its one line on standard error is all
			// (docs/RECORD.md: nothing on standard output with status 2);
			// the usage is for --help.
			return
		}
		fmt.Fprintf(e.stdout, "%s: wuerfelblock %s %s\n", e.tr("Usage", "Aufruf"), name, e.placeholders(synopsis))
		if !strings.Contains(synopsis, "\n") { // no words of its own: the command list's
			for _, c := range commands() {
				if c.name == name {
					fmt.Fprintf(e.stdout, "  %s\n", e.tr(c.summary[0], c.summary[1]))
				}
			}
		}
		e.printFlags(e.stdout, fs, synopsis)
	}
	return fs
}

// flagErrors writes the flag package's complaints as one line in the
// user's language: "wuerfelblock score: unbekannte Option -jsn".
type flagErrors struct {
	e      *env
	name   string
	failed *bool // set once a complaint is written (nil: not kept)
}

func (o flagErrors) Write(p []byte) (int, error) {
	s := strings.TrimSpace(string(p))
	if m := o.invalidValue(s); m != "" {
		s = m
	}
	for _, m := range []struct{ prefix, en, de string }{
		{"flag provided but not defined: ", "unknown option %s", "unbekannte Option %s"},
		{"flag needs an argument: ", "option %s needs a value", "Option %s braucht einen Wert"},
		{"bad flag syntax: ", "bad option syntax: %s", "Option falsch geschrieben: %s"},
		{"invalid value ", "invalid value %s", "ungültiger Wert %s"}, // other than invalidValue's
		{"invalid boolean value ", "invalid boolean value %s", "ungültiger Wahrheitswert %s"},
	} {
		if rest, ok := strings.CutPrefix(s, m.prefix); ok {
			global := ""
			if o.name != "" && m.prefix == "flag provided but not defined: " && isGlobalFlag(rest) {
				global = o.moved(rest)
			}
			if m.prefix == "flag provided but not defined: " || m.prefix == "flag needs an argument: " {
				rest = o.typed(rest)
			}
			s = fmt.Sprintf(o.e.tr(m.en, m.de), rest)
			if global != "" {
				// "games --db X": the program's own options come first.
				s += fmt.Sprintf(o.e.tr("; the program's options (--db, --lang, --no-backup) go before the command: wuerfelblock %s %s …",
					"; die Optionen des Programms (--db, --lang, --no-backup) stehen vor dem Befehl: wuerfelblock %s %s …"), global, o.name)
			}
			break
		}
	}
	if o.failed != nil {
		*o.failed = true
	}
	if o.name == "" {
		fmt.Fprintf(o.e.stderr, "wuerfelblock: %s\n", s)
	} else {
		if strings.HasPrefix(strings.TrimSpace(string(p)), "flag provided but not defined: ") && !strings.Contains(s, "--db, --lang") {
			// The usage is not printed with a refusal: say where it is.
			s += fmt.Sprintf(o.e.tr(" (wuerfelblock %s --help lists the options)", " (wuerfelblock %s --help nennt die Optionen)"), o.name)
		}
		fmt.Fprintf(o.e.stderr, "wuerfelblock %s: %s\n", o.name, s)
	}
	return len(p), nil
}

// isGlobalFlag says whether the flag package's name of an option ("-db")
// is one of the program's own, which go before the command.
func isGlobalFlag(flagName string) bool {
	n, _, _ := strings.Cut(strings.TrimLeft(flagName, "-"), "=")
	return n == "db" || n == "lang" || n == "no-backup"
}

// moved is a program option given after the command, with its value, as
// it goes before the command: "--db X" (the value cut short).
func (o flagErrors) moved(flagName string) string {
	name := strings.TrimLeft(flagName, "-")
	args := o.e.args
	if i := slices.Index(args, "--"); i >= 0 {
		args = args[:i]
	}
	// The last one: the same option may be given before the command too.
	for i := len(args) - 1; i >= 0; i-- {
		a := args[i]
		n, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || n != name {
			continue
		}
		if !hasValue && name != "no-backup" && i+1 < len(args) {
			return scoresheet.Cut(a, 40) + " " + scoresheet.Cut(args[i+1], 40)
		}
		return scoresheet.Cut(a, 80)
	}
	return "--" + name
}

// invalidValue says the flag package's `invalid value "x" for flag
// -limit: parse error` (and its `invalid boolean value`) in the user's language, the flag as typed (--limit),
// the reason in words; "" for any other message.
func (o flagErrors) invalidValue(s string) string {
	rest, ok := strings.CutPrefix(s, "invalid value ")
	sep, number := " for flag -", true
	if !ok {
		rest, ok = strings.CutPrefix(s, "invalid boolean value ")
		sep, number = " for -", false
	}
	value, rest, ok2 := strings.Cut(rest, sep)
	name, reason, ok3 := strings.Cut(rest, ": ")
	if !ok || !ok2 || !ok3 {
		return ""
	}
	switch {
	case reason == "parse error" && !number:
		reason = o.e.tr("true or false", "true oder false")
	case reason == "parse error":
		reason = o.e.tr("not a whole number", "keine ganze Zahl")
	case reason == "value out of range":
		reason = o.e.tr("a number far out of range", "eine Zahl weit außerhalb des Bereichs")
	}
	return fmt.Sprintf(o.e.tr("--%s %s: %s", "--%s %s: %s"), name, value, reason)
}

// typed is an unknown option as the user wrote it, quoted ("--bogus",
// "--bogus=1"): the flag package names it "-bogus" however it was typed.
func (o flagErrors) typed(flagName string) string {
	name := strings.TrimLeft(flagName, "-")
	typed := ""
	for _, a := range o.e.args {
		if a == "--" {
			break
		}
		if n, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "="); strings.HasPrefix(a, "-") && n == name {
			typed = a
			if o.name == "" {
				break // the program's option: the first
			}
			// A command's: the last, after any program option of that name.
		}
	}
	if typed == "" {
		typed = flagName
	}
	return fmt.Sprintf("%q", typed)
}

// parseFlags parses a subcommand's flags, allowing flags after positional
// arguments. It returns ok=false with an exit status when parsing ended.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, int, bool) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, exitOK, false
			}
			return nil, exitInput, false
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, 0, true
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), 0, true
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// refused says whether the flag set has written a complaint: a usage
// wrapped with more words prints nothing then (only --help shows it).
func refused(fs *flag.FlagSet) bool {
	o, ok := fs.Output().(flagErrors)
	return ok && o.failed != nil && *o.failed
}
