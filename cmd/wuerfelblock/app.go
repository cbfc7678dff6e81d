package main

import (
	"fmt"

	"github.com/wuerfelblock/wuerfelblock/cmd/wuerfelblock/tui"
)

// runApp opens the database and runs the terminal UI until the players quit.
func runApp(e *env) int {
	db, err := e.openDB()
	if err != nil {
		return e.dbFail("", err)
	}
	defer db.Close()
	ui := tui.New(tui.Config{Store: db, Lang: e.lang, Stats: tui.NewStatsPage(db), Review: reviewValuers()})
	if err := ui.Run(); err != nil {
		// The only failure of a running UI is the terminal's (none, or an
		// unknown TERM): say so in the user's language.
		fmt.Fprintf(e.stderr, "wuerfelblock: %s (%v)\n", e.tr("the score pad needs a terminal; the commands work without one (wuerfelblock --help)",
			"der Spielblock braucht ein Terminal; die Befehle gehen auch ohne (wuerfelblock --help)"), err)
		return exitFailure
	}
	return exitOK
}
