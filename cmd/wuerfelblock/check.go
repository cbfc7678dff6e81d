package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"
)

// runCheck runs every check of the database and lists what is wrong: exit
// 0 when nothing is, 3 when something is.
func runCheck(e *env, args []string) int {
	fs := newFlags(e, "check", e.tr("\n  checks the database chosen with --db (before the command): SQLite's integrity check of the whole\n  file, every game replayed by the rules, the statistics recomputed. It reads everything: about a\n  minute for 20,000 games (250 MB); on stderr it says how far it is. Exit 0: no problems, 3: problems found.",
		"\n  prüft die Datenbank, die --db (vor dem Befehl) wählt: die Integritätsprüfung von SQLite über die\n  ganze Datei, jedes Spiel nach den Regeln nachgespielt, die Statistik nachgerechnet. Sie liest alles:\n  etwa eine Minute für 20.000 Spiele (250 MB); auf stderr steht, wie weit sie ist. Exit 0: keine Probleme, 3: Probleme."))
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
	p := &checkProgress{e: e, every: 5 * time.Second}
	if st, err := os.Stat(db.Path()); err == nil {
		p.size = st.Size()
	}
	problems, err := db.Check(context.Background(), p.step)
	p.stop()
	for _, pr := range problems {
		fmt.Fprintln(e.stdout, oneLine(pr.Text(e.lang)))
	}
	if err != nil {
		return e.dbFail("check", err)
	}
	if len(problems) > 0 {
		found := fmt.Sprintf(e.tr("%d problems found", "%d Probleme gefunden"), len(problems))
		if len(problems) == 1 {
			found = e.tr("1 problem found", "1 Problem gefunden")
		}
		fmt.Fprintf(e.stdout, e.tr("%s: %s. Restore a backup, or export what can be read into a new database.\n",
			"%s: %s. Eine Sicherung zurückspielen oder das Lesbare in eine neue Datenbank exportieren.\n"), db.Path(), found)
		return exitFailure
	}
	fmt.Fprintf(e.stdout, e.tr("%s: no problems found.\n", "%s: keine Probleme gefunden.\n"), db.Path())
	return exitOK
}

// checkProgress says on stderr which step of the check runs, and during a
// long one every few seconds how far it is: the games replayed so far,
// and for SQLite's integrity check (one statement) the time taken.
type checkProgress struct {
	e     *env
	every time.Duration
	size  int64

	mu      sync.Mutex
	last    time.Time // when a line was printed last
	ticker  *time.Ticker
	done    chan struct{}
	started time.Time
}

func (p *checkProgress) step(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if strings.Contains(s, "/") { // "games N/M": at most one line per interval
		if time.Since(p.last) < p.every {
			return
		}
		p.printf(p.e.tr("checking: %s\n", "prüfe: %s\n"), s)
		return
	}
	p.stopLocked()
	p.printf(p.e.tr("checking: %s\n", "prüfe: %s\n"), s)
	if s == "integrity_check" {
		p.started = time.Now()
		p.ticker, p.done = time.NewTicker(p.every), make(chan struct{})
		go p.tick(p.ticker, p.done)
	}
}

func (p *checkProgress) tick(t *time.Ticker, done chan struct{}) {
	for {
		select {
		case <-done:
			return
		case <-t.C:
			p.mu.Lock()
			if p.done == done {
				p.printf("%s", p.integrityLine())
			}
			p.mu.Unlock()
		}
	}
}

// integrityLine says how long SQLite's integrity check has run (it says
// nothing of how far it is).
func (p *checkProgress) integrityLine() string {
	return fmt.Sprintf(p.e.tr("checking: integrity_check of %d MB, %d s so far\n", "prüfe: integrity_check von %d MB, bisher %d s\n"),
		p.size>>20, int(time.Since(p.started).Seconds()))
}

func (p *checkProgress) printf(format string, args ...any) {
	fmt.Fprintf(p.e.stderr, format, args...)
	p.last = time.Now()
}

func (p *checkProgress) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopLocked()
}

func (p *checkProgress) stopLocked() {
	if p.ticker != nil {
		p.ticker.Stop()
		close(p.done)
		p.ticker, p.done = nil, nil
	}
}
