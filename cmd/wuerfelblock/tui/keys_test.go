package tui

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// keyScene is a screen of the app in one state, reached from a fresh start
// as a player would (keys typed).
type keyScene struct {
	name  string
	setup func(h *harness)
	// stats: the statistics page is plugged in (over a history, db).
	stats bool
	db    func() *storage.DB
	// empty is a new database's file, copied for each try (opening it
	// again is 40 times cheaper than making one).
	empty []byte
	// skip are the keys named on the screen whose effect needs more than a
	// fresh screen to see, with the test that covers them.
	skip map[string]string
}

// withPlayers stores players before the UI starts.
func withPlayers(names ...string) func(h *harness) {
	return func(h *harness) {
		for _, n := range names {
			if _, err := h.db.EnsurePlayer(context.Background(), n); err != nil {
				h.t.Fatal(err)
			}
		}
		h.ui.app.QueueUpdateDraw(func() { h.ui.top().refresh() })
		h.sync()
	}
}

func keyScenes() []keyScene {
	game := func(key rune, typed ...string) func(h *harness) {
		return func(h *harness) {
			h.newGame(key, "Anna", "Ben")
			for _, s := range typed {
				h.typ(s)
			}
		}
	}
	return []keyScene{
		{name: "home", setup: func(h *harness) {}},
		{name: "home with a running game", setup: func(h *harness) { h.newGame('1', "Anna", "Ben"); leaveGame(h) }},
		{name: "running games", setup: func(h *harness) { h.newGame('1', "Anna", "Ben"); leaveGame(h); h.typ("c") }},
		{name: "players page", setup: func(h *harness) { withPlayers("Anna")(h); h.typ("p"); h.see("Anna") }},
		{name: "players page empty", setup: func(h *harness) { h.typ("p") }},
		{name: "house rules 5050", setup: func(h *harness) { h.typ("n1") }},
		{name: "house rules Zehntausend", setup: func(h *harness) { h.typ("n3") }},
		{name: "players step", setup: func(h *harness) { withPlayers("Anna", "Ben")(h); h.typ("n3"); h.key(tcell.KeyTab); h.typ(" ") }},
		{name: "players step, two seated", setup: func(h *harness) {
			withPlayers("Anna", "Ben")(h)
			h.typ("n3")
			h.key(tcell.KeyTab)
			h.typ(" ")
			h.key(tcell.KeyDown)
			h.typ(" ")
		}},
		{name: "rules", setup: func(h *harness) { h.typ("r") }},
		{name: "game over", setup: finishedGame},
		{name: "5050 throw", setup: game('1')},
		{name: "5050 keep", setup: game('1', "155234\n")},
		{name: "5050 after a keep", setup: game('1', "111523/1115\n")},
		{name: "Zehntausend keep at Rat", setup: game('3', "*", "55234\n")},
		{name: "Rückwärts", setup: game('4')},
		{name: "Kniffel final dice", setup: game('5')},
		{name: "Kniffel box", setup: game('5', "12345\n")},
		{name: "Kniffel throw by throw", setup: game('5', "t")},
		{name: "Kniffel hold", setup: game('5', "t66231\n")},
		{name: "Kniffel hold at Rat", setup: game('5', "*", "t66231\n")},
		{name: "Totwürfeln", setup: game('6')},
		{name: "Dreißig tot throw", setup: game('7')},
		{name: "Dreißig tot aside", setup: game('7', "665544\n")},
		{name: "Dreißig tot attack", setup: game('7', "666666/666666\n")},
		{name: "statistics", stats: true, setup: func(h *harness) { h.typ("s"); h.see("Siege") }, // read
			skip: map[string]string{"r": "r reads the figures again: the same ones when nothing changed (TestStatsReadOffTheUIGoroutine)"}},
	}
}

// TestEveryNamedKeyDoesSomething: on every screen, each key that its help
// or its hint line names does something when pressed as a new player
// would read it (the first key of "u / Ctrl-Z", the dice of "111523
// Enter" typed with Enter): the screen changes (or the app ends). A
// typed example is taken, not refused. (The statistics' "by play" board
// offered "↑/↓ wählen Enter Spieler" and neither did anything.)
func TestEveryNamedKeyDoesSomething(t *testing.T) {
	empty := emptyDB(t)
	for _, sc := range keyScenes() {
		sc.empty = empty
		t.Run(sc.name, func(t *testing.T) {
			if sc.stats {
				// One history for the scene: the statistics' keys write nothing.
				db := statsHistory(t, 20)
				sc.db = func() *storage.DB { return db }
			}
			h := sc.start(t)
			named, table := namedKeys(h)
			h.stop()
			if len(named) == 0 {
				t.Fatal("no key named")
			}
			checkHandledKeysNamed(t, named, table)
			for _, k := range named {
				if why, ok := sc.skip[k.key]; ok {
					t.Logf("%s: not tried here: %s", k.key, why)
					continue
				}
				h := sc.start(t)
				before := slices.Clone(h.cells)
				stopped := h.pressNamed(k.key)
				switch {
				case stopped:
				case h.refusal != "" && h.typedExample(k.key):
					t.Errorf("%q (%s): the example is refused (%s):\n%s", k.key, k.what, h.refusal, h.screen())
				case sameCells(before, h.cells):
					t.Errorf("%q (%s) does nothing:\n%s", k.key, k.what, h.screen())
				}
				h.stop()
			}
		})
	}
}

func (sc keyScene) start(t *testing.T) *harness {
	t.Helper()
	var h *harness
	if sc.stats {
		db := sc.db()
		h = startWith(t, db, Config{Lang: validate.German, Stats: NewStatsPage(db)})
	} else {
		h = start(t, copyDB(t, sc.empty))
	}
	sc.setup(h)
	h.sync()
	return h
}

// onUI runs f on the UI goroutine and waits for it.
func (h *harness) onUI(f func()) {
	done := make(chan struct{})
	h.ui.app.QueueUpdate(func() { f(); close(done) })
	select {
	case <-done:
	case <-time.After(waitLimit):
		h.t.Fatal("the UI did not run the function")
	}
}

// namedKeys are the keys the top screen's help and hint line name, once
// each, and its table of keys (nil for a screen without one).
func namedKeys(h *harness) ([]keyHelp, bindings) {
	var named []keyHelp
	var table bindings
	h.onUI(func() {
		s := h.ui.top()
		named, _ = s.help()
		switch s := s.(type) {
		case *play:
			named = append(named, s.hintKeys...)
			table = s.bindings(true)
		case *home:
			table = s.table()
		case *playersPage:
			table = s.bindings()
		case *playersStep:
			table = s.bindings()
		case *optionsStep:
			table = s.bindings()
		case *gameOver:
			table = s.bindings()
		case *hooked:
			if v, ok := s.p.(*statsView); ok {
				table = v.keys()
			}
		}
	})
	var out []keyHelp
	seen := map[string]bool{}
	for _, k := range named {
		if k.key == "? / F1" {
			k.key = "?"
		}
		if !seen[k.key] {
			seen[k.key] = true
			out = append(out, k)
		}
	}
	return out, table
}

// checkHandledKeysNamed: every key the table handles now is named in the
// help or the hint line (by its label, or in the words of one: "auch
// k/j"), but for bindings that only say why their key does nothing now.
func checkHandledKeysNamed(t *testing.T, named []keyHelp, table bindings) {
	t.Helper()
	words := map[string]bool{}
	for _, k := range named {
		for _, w := range keyWords(k.key + " " + k.what) {
			words[w] = true
		}
	}
	for _, b := range table {
		if b.do == nil || b.explains || !b.active() {
			continue
		}
		for _, k := range b.keys {
			if name := keyName(k); !words[name] {
				t.Errorf("the key %q is handled (%q) but named nowhere in the help: %v", name, b.label, named)
			}
		}
	}
}

// keyWords are the key names in a label or a help line: words split at
// spaces, slashes and brackets, and ranges ("a–m", "1–3") spelt out.
func keyWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '/' || r == '(' || r == ')' || r == ',' || r == ';' || r == '\u00a0'
	}) {
		out = append(out, w)
		if a, b, ok := strings.Cut(w, "–"); ok && len([]rune(a)) == 1 && len([]rune(b)) == 1 {
			for r := []rune(a)[0]; r <= []rune(b)[0]; r++ {
				out = append(out, string(r))
			}
		}
		if w == "↑↓" {
			out = append(out, "↑", "↓")
		}
	}
	return out
}

// keyName is how the help writes a key.
func keyName(k keyPress) string {
	names := map[tcell.Key]string{tcell.KeyUp: "↑", tcell.KeyDown: "↓", tcell.KeyLeft: "←", tcell.KeyRight: "→",
		tcell.KeyEnter: "Enter", tcell.KeyEscape: "Esc", tcell.KeyTab: "Tab", tcell.KeyDelete: "Del", tcell.KeyBacktab: "Tab",
		tcell.KeyPgDn: "↓", tcell.KeyPgUp: "↑"}
	switch {
	case k.key == tcell.KeyRune && k.r == ' ':
		return "Leertaste"
	case k.key == tcell.KeyRune:
		return string(k.r)
	case names[k.key] != "":
		return names[k.key]
	}
	return tcell.KeyNames[k.key]
}

// typedExample reports whether a label is dice typed on a play screen.
func (h *harness) typedExample(label string) bool {
	_, onPlay := h.ui.stack[len(h.ui.stack)-1].(*play)
	return onPlay && label != "" && unicode.IsDigit([]rune(label)[0])
}

// pressNamed presses what a label names, as a new player reads it: dice
// are typed with Enter; else the first key of the label. It waits until
// the screen has answered; stopped reports that the app ended.
func (h *harness) pressNamed(label string) (stopped bool) {
	h.t.Helper()
	if h.typedExample(label) {
		h.typNow(strings.TrimSuffix(label, " Enter") + "\n")
		return h.settle()
	}
	switch {
	case strings.HasSuffix(label, " Enter"): // "↑/↓ Enter": choose, then Enter
		label = "Enter"
	case strings.Contains(label, "↑/↓") || strings.Contains(label, "↑↓"): // the cursor: down, from the first row
		label = "↓"
	}
	first := strings.FieldsFunc(label, func(r rune) bool { return r == ' ' || r == '/' })[0]
	keys := map[string]tcell.Key{"Enter": tcell.KeyEnter, "Esc": tcell.KeyEscape, "Tab": tcell.KeyTab, "↑": tcell.KeyUp, "↓": tcell.KeyDown,
		"←": tcell.KeyLeft, "→": tcell.KeyRight, "↑↓": tcell.KeyUp, "Ctrl-Z": tcell.KeyCtrlZ, "Ctrl-C": tcell.KeyCtrlC, "Del": tcell.KeyDelete}
	switch k, ok := keys[first]; {
	case ok:
		h.scr.InjectKey(k, 0, tcell.ModNone)
	case first == "Leertaste" || first == "Space":
		h.scr.InjectKey(tcell.KeyRune, ' ', tcell.ModNone)
	default:
		h.scr.InjectKey(tcell.KeyRune, []rune(first)[0], tcell.ModNone) // "a–m": a
	}
	return h.settle()
}

// settle waits until every key sent was handled and no write is under
// way, as sync does, or until the app ended.
func (h *harness) settle() (stopped bool) {
	h.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		h.scr.InjectKey(barrierKey, 0, tcell.ModNone)
		select {
		case <-h.ui.barrier:
		case <-h.done:
			h.done = nil
			return true
		case <-time.After(waitLimit):
			h.t.Fatalf("the UI did not answer; screen:\n%s", h.screen())
		}
		cells, w, ht := h.scr.GetContents()
		h.cells, h.w, h.h = slices.Clone(cells), w, ht
		jobs := len(h.ui.jobs)
		h.refusal = ""
		if p, ok := h.ui.top().(*play); ok {
			h.refusal = p.refused
		}
		h.ui.barrier <- struct{}{}
		if jobs == 0 {
			return false
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("still writing after %v:\n%s", waitLimit, h.screen())
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// sameCells reports whether two screens show the same runes in the same
// styles.
func sameCells(a, b []tcell.SimCell) bool {
	return slices.EqualFunc(a, b, func(x, y tcell.SimCell) bool { return x.Style == y.Style && slices.Equal(x.Runes, y.Runes) })
}

// emptyDB is the file of a new database (closed, so whole).
func emptyDB(t *testing.T) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "empty.db")
	db, err := openReviewed(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// copyDB opens a copy of a database's file.
func copyDB(t *testing.T, data []byte) *storage.DB {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := openReviewed(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
