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
	ui := tui.New(tui.Config{Store: db, Lang: e.lang, Stats: tui.NewStatsPage(db)})
	if err := ui.Run(); err != nil {
		fmt.Fprintf(e.stderr, "wuerfelblock: %v\n", err)
		return exitFailure
	}
	return exitOK
}
