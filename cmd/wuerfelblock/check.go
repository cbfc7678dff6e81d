package main

import (
	"context"
	"fmt"
)

// runCheck runs every check of the database and lists what is wrong: exit
// 0 when nothing is, 3 when something is.
func runCheck(e *env, args []string) int {
	fs := newFlags(e, "check", e.tr("\n  checks the database chosen with --db (before the command): SQLite's checks, every game\n  replayed by the rules, the statistics recomputed. Exit 0: no problems, 3: problems found.",
		"\n  prüft die Datenbank, die --db (vor dem Befehl) wählt: die Prüfungen von SQLite, jedes Spiel\n  nach den Regeln nachgespielt, die Statistik nachgerechnet. Exit 0: keine Probleme, 3: Probleme."))
	pos, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintln(e.stderr, "wuerfelblock check: "+e.tr("use: check (the database is chosen with --db)", "Aufruf: check (die Datenbank wählt --db)"))
		return exitInput
	}
	db, err := e.openDB()
	if err != nil {
		return e.dbFail("check", err)
	}
	defer db.Close()
	problems, err := db.Check(context.Background(), func(step string) {
		fmt.Fprintf(e.stderr, e.tr("checking: %s\n", "prüfe: %s\n"), step)
	})
	for _, p := range problems {
		fmt.Fprintln(e.stdout, oneLine(p.Text(e.lang)))
	}
	if err != nil {
		return e.dbFail("check", err)
	}
	if len(problems) > 0 {
		fmt.Fprintf(e.stdout, e.tr("%s: %d problems found. Restore a backup, or export what can be read into a new database.\n",
			"%s: %d Probleme gefunden. Eine Sicherung zurückspielen oder das Lesbare in eine neue Datenbank exportieren.\n"), db.Path(), len(problems))
		return exitFailure
	}
	fmt.Fprintf(e.stdout, e.tr("%s: no problems found.\n", "%s: keine Probleme gefunden.\n"), db.Path())
	return exitOK
}
