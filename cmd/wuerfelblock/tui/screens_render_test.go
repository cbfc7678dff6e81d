package tui

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Issue 20, item 12: every screen of every game, at 60×20 and 80×24, in
// German and English, is checked for a word cut without an ellipsis and
// for a keep (dice set aside together) split across two lines. What the
// screen means to show whole is read off the same screen drawn wide
// (160×50), where nothing needs cutting or wrapping.

// dump, with RENDER_DUMP=file, collects every screen checked (to look at).
var dump = func() *os.File {
	if name := os.Getenv("RENDER_DUMP"); name != "" {
		f, _ := os.Create(name)
		return f
	}
	return nil
}()

// renderSizes are the small terminals every screen must be readable on.
var renderSizes = [][2]int{{60, 20}, {80, 24}}

// wideSize is the reference: the same screen with room for everything.
var wideSize = [2]int{160, 50}

// frameRunes separate the regions of a screen (borders of boxes).
const frameRunes = "│┌┐└┘─├┤┬┴┼╭╮╰╯═║╔╗╚╝"

// renderCheck collects the problems of every screen visited.
type renderCheck struct {
	h        *harness
	start    time.Time
	problems []string
	screens  int
}

// shot checks the screen shown now at every small size against its wide
// drawing, then goes back to 80×24 to go on.
func (c *renderCheck) shot(name string) {
	c.h.t.Helper()
	if os.Getenv("RENDER_TIME") != "" {
		fmt.Println(time.Since(c.start).Milliseconds(), name)
	}
	c.screens++
	// The reference is drawn before and after: where something on the
	// screen changes meanwhile (the Kniffel coach's advice arrives), the
	// small screens show one of the two.
	c.h.resize(wideSize[0], wideSize[1])
	before := c.h.screen()
	smalls := make([]string, len(renderSizes))
	for i, sz := range renderSizes {
		c.h.resize(sz[0], sz[1])
		smalls[i] = c.h.screen()
	}
	c.h.resize(wideSize[0], wideSize[1])
	after := c.h.screen()
	for i, sz := range renderSizes {
		if dump != nil {
			fmt.Fprintf(dump, "=== %s %dx%d\n%s", name, sz[0], sz[1], smalls[i])
		}
		for _, p := range screenProblems(smalls[i], before, after) {
			c.problems = append(c.problems, fmt.Sprintf("%s at %dx%d: %s\n%s", name, sz[0], sz[1], p, smalls[i]))
		}
	}
	c.h.resize(80, 24)
}

// segment is a run of a screen row between frames (or the screen's edges).
type segment struct {
	x    int    // first column
	text string // the runes of the run
	edge bool   // the run ends at a frame or the screen's right edge
}

// segments splits a row into its runs between frame runes.
func segments(row []rune) []segment {
	var out []segment
	start := 0
	for x := 0; x <= len(row); x++ {
		if x == len(row) || strings.ContainsRune(frameRunes, row[x]) {
			if x > start {
				out = append(out, segment{x: start, text: string(row[start:x]), edge: true})
			}
			start = x + 1
		}
	}
	return out
}

var (
	wordRe     = regexp.MustCompile(`[\p{L}\p{N}]+`)
	trailWord  = regexp.MustCompile(`[\p{L}\p{N}]+$`)
	diceToken  = `(?:[1-6]\*?|\(\d×5→1\))`
	diceTail   = regexp.MustCompile(`(?:^|[\s‖|:,(/])(` + diceToken + `(?: ` + diceToken + `)*)$`)
	diceHead   = regexp.MustCompile(`^(` + diceToken + `(?: ` + diceToken + `)*)(?:$|[\s,.;:)‖|/])`)
	spaceTrail = regexp.MustCompile(`\s+$`)
)

// screenProblems lists the cut words and split keeps of small, with wide
// (the same screen drawn with room) as the reference of what is whole.
func screenProblems(small string, wide ...string) []string {
	vocab := map[string]bool{}
	var wideRows []string
	for _, row := range strings.Split(strings.Join(wide, "\n"), "\n") {
		for _, w := range wordRe.FindAllString(row, -1) {
			vocab[w] = true
		}
		var parts []string
		for _, s := range segments([]rune(row)) {
			parts = append(parts, strings.Join(strings.Fields(s.text), " "))
		}
		wideRows = append(wideRows, strings.Join(parts, " "))
	}
	var out []string
	rows := strings.Split(strings.TrimRight(small, "\n"), "\n")
	for y, row := range rows {
		segs := segments([]rune(row))
		for _, s := range segs {
			// A word touching the end of its region that the wide screen
			// never shows whole was cut (an ellipsis would end the run).
			if w := trailWord.FindString(s.text); w != "" && !vocab[w] && isWordy(w) {
				out = append(out, fmt.Sprintf("row %d: %q cut without an ellipsis (…%s)", y, w, lastN(s.text, 30)))
			}
		}
		if y+1 >= len(rows) {
			continue
		}
		for _, s := range segs {
			next := segmentAt(segments([]rune(rows[y+1])), s.x)
			if next == nil {
				continue
			}
			tail := diceTail.FindStringSubmatch(spaceTrail.ReplaceAllString(s.text, ""))
			head := diceHead.FindStringSubmatch(strings.TrimLeftFunc(next.text, unicode.IsSpace))
			if tail == nil || head == nil || strings.TrimSpace(next.text) == "" {
				continue
			}
			joined := tail[1] + " " + head[1]
			for _, wr := range wideRows {
				if containsDice(wr, joined) {
					out = append(out, fmt.Sprintf("rows %d-%d: the keep %q split (%q / %q)", y, y+1, joined, tail[1], head[1]))
					break
				}
			}
		}
	}
	return out
}

// containsDice is whether row shows the dice group g standing apart (no
// die or digit right before or after it).
func containsDice(row, g string) bool {
	for i := 0; ; {
		j := strings.Index(row[i:], g)
		if j < 0 {
			return false
		}
		from, to := i+j, i+j+len(g)
		before, after := "", ""
		if from > 0 {
			before = row[max(from-2, 0):from]
		}
		if to < len(row) {
			after = row[to:min(to+2, len(row))]
		}
		digitNear := func(s string, atEnd bool) bool {
			s = strings.TrimSpace(s)
			if s == "" {
				return false
			}
			r := []rune(s)
			if atEnd {
				return unicode.IsDigit(r[len(r)-1])
			}
			return unicode.IsDigit(r[0])
		}
		if !digitNear(before, true) && !digitNear(after, false) && !strings.HasPrefix(row[to:], "×") {
			return true
		}
		i = from + 1
	}
}

// isWordy is whether w is a word that can be cut (not a lone number or
// letter: those are whole or a table's).
func isWordy(w string) bool {
	n := 0
	for _, r := range w {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n >= 2
}

func lastN(s string, n int) string {
	r := []rune(strings.TrimRight(s, " "))
	return string(r[max(len(r)-n, 0):])
}

// segmentAt is the run of segs that starts at column x.
func segmentAt(segs []segment, x int) *segment {
	for i := range segs {
		if segs[i].x == x {
			return &segs[i]
		}
	}
	return nil
}

// The check itself: a cut word and a split keep are found, a whole screen
// passes.
func TestScreenProblemsFindsCutsAndSplits(t *testing.T) {
	wide := "Zehntausend · Verdoppeln ja, Straße 1000\n│Zur Seite: 1 1 1 5 | 1 5 ‖ 1 1 1 1 5 │\n"
	if p := screenProblems("Zehntausend · Verdoppeln ja, Straß\n", wide); len(p) != 1 || !strings.Contains(p[0], "Straß") {
		t.Errorf("a cut word: %q", p)
	}
	if p := screenProblems("Zehntausend · Verdoppeln ja, Str…\n", wide); len(p) != 0 {
		t.Errorf("an ellipsis: %q", p)
	}
	if p := screenProblems("│Zur Seite: 1 1 1 5 | 1 5 ‖ 1 1│\n│1 1 5                       │\n", wide); len(p) != 1 || !strings.Contains(p[0], "split") {
		t.Errorf("a split keep: %q", p)
	}
	if p := screenProblems("│Zur Seite: 1 1 1 5 | 1 5 ‖    │\n│1 1 1 1 5                     │\n", wide); len(p) != 0 {
		t.Errorf("a keep wrapped whole: %q", p)
	}
}

// renderNames are the players of the rendered games: one long name.
var renderNames = []string{"Annemarie", "Ben"}

// TestEveryScreenRendersWhole visits every screen of every game in both
// languages and checks each at 60×20 and 80×24.
func TestEveryScreenRendersWhole(t *testing.T) {
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			t.Parallel()
			renderEveryScreen(t, lang)
		})
	}
}

// renderEveryScreen visits every screen in one language: home, statistics
// (leaderboard, player page, head-to-head, by play), players, help, and for
// each game its rules, the three new-game steps, the first moves, the help,
// and a finished game's game-over screen and review.
func renderEveryScreen(t *testing.T, lang validate.Lang) {
	db := statsHistory(t, 21)
	finished := map[validate.GameID]string{}
	gs, err := db.Games(context.Background(), storage.GameFilter{Status: storage.Finished})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		if _, ok := finished[validate.GameID(g.Game)]; !ok {
			finished[validate.GameID(g.Game)] = g.ID
		}
	}
	h := startWith(t, db, Config{Lang: lang, Stats: NewStatsPage(db)})
	c := &renderCheck{h: h, start: time.Now()}
	c.shot("home")
	h.typ("s")
	c.shot("statistics")
	h.key(tcell.KeyEnter)
	c.shot("player page")
	h.typ("v")
	c.shot("head-to-head")
	h.typ("y")
	c.shot("by play")
	h.key(tcell.KeyEscape)
	h.typ("p")
	c.shot("players")
	h.key(tcell.KeyEscape)
	h.typ("?")
	c.shot("home help")
	h.key(tcell.KeyEscape)
	for i, g := range validate.Games() {
		c.game(g.ID, string(rune('1'+i)), finished[g.ID])
	}
	h.typ("c") // every running game: one of each was left
	c.shot("running games")
	h.key(tcell.KeyEscape)
	for _, p := range c.problems {
		t.Error(p)
	}
	if c.screens < 50 {
		t.Errorf("only %d screens visited", c.screens)
	}
	if len(finished) < len(validate.Games()) {
		t.Errorf("game-over screens of %d games only", len(finished))
	}
}

// game visits the screens of game g (key: its key in the lists; over: a
// finished game's id).
func (c *renderCheck) game(g validate.GameID, key, over string) {
	h := c.h
	name := string(g)
	h.typ("r" + key)
	c.shot(name + " rules")
	h.key(tcell.KeyEscape)
	h.key(tcell.KeyEscape)
	h.typ("n")
	if key == "1" {
		c.shot("new game list")
	}
	h.typ(key)
	if g == validate.GameZehntausend {
		// House rules that make the header long: six dice, verdoppeln, strasse, drei_paare.
		h.key(tcell.KeyRight)
		for range 2 {
			h.key(tcell.KeyDown)
		}
		for range 3 {
			h.key(tcell.KeyRight)
			h.key(tcell.KeyDown)
		}
	}
	c.shot(name + " house rules")
	h.key(tcell.KeyTab)
	c.shot(name + " players step")
	h.typ("a")
	for _, p := range renderNames {
		h.typ(p + "\n")
	}
	h.typ("\n")
	c.shot(name + " play")
	c.play(g)
	h.typ("?")
	c.shot(name + " play help")
	h.key(tcell.KeyEscape)
	h.typ("q")
	h.typ("\n") // the first answer: leave, the game stays (the dialog is tview's, it wraps itself)
	if over != "" {
		showStored(h, h.db, over)
		c.shot(name + " game over")
		h.typ("a")
		c.shot(name + " review")
		h.key(tcell.KeyEscape)
		if g == validate.GameKniffel {
			h.typ("b")
			c.shot(name + " sheet")
			h.key(tcell.KeyEscape)
		}
	}
	h.ui.app.QueueUpdateDraw(func() { h.ui.home() })
	h.sync()
}

// showStored opens a stored game (a finished one: its game-over screen).
func showStored(h *harness, db *storage.DB, id string) {
	h.t.Helper()
	sg, err := db.LoadGame(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	h.ui.app.QueueUpdateDraw(func() { h.ui.gotoGame(sg, false) })
	h.sync()
}

// scene is keys typed on a play screen, then a look at it.
type scene struct {
	keys  string // typed, "\n" is Enter
	clear bool   // Ctrl-U first: the input line emptied
	esc   bool   // Esc first: back from a choice
	name  string
}

// playScenes are the first moves of each game: throws, keeps, refusals,
// hot dice, the coach's advice, long lines of dice set aside.
var playScenes = map[validate.GameID][]scene{
	validate.Game5050: {
		{keys: "116435\n", name: "keeps"},
		{keys: "a", name: "after a keep"},
		{keys: "s", name: "refusal"},
		{keys: "155\n\n", clear: true, name: "hot dice"},
		{keys: "*111123\n", name: "coach advice"},
		{keys: "1111\n", name: "long aside"},
		{keys: "15\n\n", name: "hot dice again"},
		{keys: "123456\n\n", name: "street"},
	},
	validate.Game5000: {
		{keys: "15552/15\n", name: "refusal"},
		{keys: "15552\n", clear: true, name: "all scoring"},
		{keys: "s", name: "stop"},
		{keys: "11111\n", name: "five ones"},
	},
	validate.GameZehntausend: {
		{keys: "*222156\n", name: "coach advice"},
		{keys: "a", name: "after a keep"},
		{keys: "s", name: "refusal"},
		{keys: "15\n", clear: true, name: "proved"},
	},
	validate.GameRueckwaerts: {
		{keys: "11234\n", name: "table"},
		{keys: "155\n", name: "table hot dice"},
		{keys: "23446\n", name: "minus"},
	},
	validate.GameKniffel: {
		{keys: "66231\n", name: "boxes"},
		{keys: "t66231\n", esc: true, clear: true, name: "throw by throw"},
	},
	validate.GameTotwuerfeln: {
		{keys: "56641\n", name: "throw"},
		{keys: "5555\n", name: "killer"},
	},
	validate.GameDreissigTot: {
		{keys: "566412\n", name: "throw"},
		{keys: "56641\n", name: "more"},
	},
}

// play runs the scenes of game g, looking at each screen.
func (c *renderCheck) play(g validate.GameID) {
	h := c.h
	for _, sc := range playScenes[g] {
		if sc.esc {
			h.key(tcell.KeyEscape)
		}
		if sc.clear {
			h.key(tcell.KeyCtrlU)
		}
		h.typ(sc.keys)
		c.shot(string(g) + " " + sc.name)
	}
}
