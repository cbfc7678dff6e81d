package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/wuerfelblock/wuerfelblock/internal/tablefile"
)

// buildNoteAfter is how long a coach's table is built before the command
// says so on standard error: most builds are over before (a quick one goes
// unsaid), the first four-player table of Dreißig tot takes seconds, a
// table of the chance to win up to a minute on a slow machine.
var buildNoteAfter = time.Second

// noteBuilds makes the command say on standard error why it waits while a
// coach's table is built (once per machine and rule set; then it is loaded
// from the cache in a few milliseconds); the func it returns ends that.
// The terminal UI has its own words for it ("Der Trainer rechnet…").
func (e *env) noteBuilds() func() {
	dir := tablefile.Dir()
	after := buildNoteAfter
	tablefile.OnBuild(func(n tablefile.Name) func() {
		var mu sync.Mutex
		over := false
		note := func() {
			mu.Lock()
			defer mu.Unlock()
			if over {
				return
			}
			where := e.tr("it is kept", "sie wird aufbewahrt")
			if dir != "" {
				where = fmt.Sprintf(e.tr("it is kept in %s", "sie wird in %s aufbewahrt"), shownPath(dir))
			}
			fmt.Fprintf(e.stderr, e.tr("computing %s (once: %s)…\n", "berechne %s (einmalig: %s)…\n"), e.tr(n.EN, n.DE), where)
		}
		if after <= 0 {
			note() // at once (tests)
			return func() {}
		}
		t := time.AfterFunc(after, note)
		return func() {
			t.Stop()
			mu.Lock() // after a note being written (the writer is the command's)
			over = true
			mu.Unlock()
		}
	})
	return func() { tablefile.OnBuild(nil) }
}
