package tui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/coach/dreissig"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// newDreissigGame starts Dreißig tot with players in lang.
func newDreissigGame(t *testing.T, lang validate.Lang, players ...string) *harness {
	t.Helper()
	h := startLang(t, openDB(t), lang)
	h.typ("n7")
	h.key(tcell.KeyTab)
	for _, p := range players {
		h.typ(p + "\n")
	}
	h.typ("\n")
	h.see(players[0])
	return h
}

// Five players at Rat: the keeps' values in pips with a true minus and no
// "−0,0" ("64 -0.7", "55 -0.0" before), the dice spaced as the best keep
// and the throw write them ("6 4", not "64").
func TestDreissigFivePlayersMinusAndDice(t *testing.T) {
	for _, c := range []struct {
		lang               validate.Lang
		minus, zero, other string
	}{
		{validate.English, "6 4 (−0.7)", "5 5 (0.0)", "others: 6 5 (+0.6)"},
		{validate.German, "6 4 (−0,7)", "5 5 (0,0)", "sonst: 6 5 (+0,6)"},
	} {
		h := newDreissigGame(t, c.lang, "Anna", "Bob", "Cem", "Dora", "Ede")
		h.typ("*") // Chancen → Rat
		h.typ("645321\n")
		h.see(c.other, c.minus)
		h.notSee("-0")
		h.notSee(" -")
		h.typ("6\n55555\n")
		h.see(c.zero)
		h.notSee("-0")
		h.stop()
	}
}

// fivePlayerGame plays a five-player game to its end: Anna attacks Ede
// (3 pips), Bob loses 24 twice.
func fivePlayerGame(h *harness) {
	for _, in := range []string{"645321/6", "55555/55555", "111223", "234", "111111/111111",
		"555555/555555", "555555/555555", "555555/555555", "555555/555555", "111111/111111"} {
		h.typ(in + "\n")
	}
}

// Dreißig tot with five players is reviewed in pips: the game-over screen
// said "pts"/"Pkt." and the review "Punkte: Geschrieben = Zugwerte …".
func TestDreissigFivePlayersReviewInPips(t *testing.T) {
	for _, c := range []struct {
		lang                       validate.Lang
		over, legend, head, column string
		not                        []string
	}{
		{validate.English, "38.9 pips", "Loss: the pips thrown away", "Pips: pips of the turns", "pips",
			[]string{"pts", "Points:", "banked"}},
		{validate.German, "38,9 Augen", "Verlust: gegen bestes Spiel verschenkte Augen", "Augen: Augen der Züge", "Augen",
			[]string{"Pkt.", "Punkte:", "Geschrieben"}},
	} {
		h := newDreissigGame(t, c.lang, "Anna", "Bob", "Cem", "Dora", "Ede")
		fivePlayerGame(h)
		h.see(c.over, c.legend)
		for _, n := range c.not {
			h.notSee(n)
		}
		h.typ("a")
		h.see(c.head, c.column)
		for _, n := range c.not {
			h.notSee(n)
		}
		h.stop()
	}
}

// The attack line says what was taken in pips ("taken so far 3"), as does
// the accounts table ("took 3").
func TestDreissigAttackSaysPips(t *testing.T) {
	for _, c := range []struct {
		lang        validate.Lang
		line, table string
	}{{validate.English, "3 pips taken so far", "31 pips, took 3 pips"}, {validate.German, "3 Augen genommen", "31 Augen, 3 Augen genommen"}} {
		h := newDreissigGame(t, c.lang, "Anna", "Bob", "Cem", "Dora", "Ede")
		h.typ("645321/6\n55555/55555\n111223\n")
		h.see(c.line)
		h.typ("234\n")
		h.see(c.table)
		h.stop()
	}
}

// A shared win's 50 is said to be one: Anna and Cem end level at 30.
func TestDreissigSharedWinSaid(t *testing.T) {
	for _, c := range []struct {
		lang   validate.Lang
		head   string
		shared string
	}{{validate.English, "Result (100 won, 50 shared, 0 lost)", "→ 50 pp (shared win)"},
		{validate.German, "Ergebnis (100 gewonnen, 50 geteilt, 0 verloren)", "→ 50 Pp. (geteilter Sieg)"}} {
		h := newDreissigGame(t, c.lang, "Anna", "Bob", "Cem")
		for _, in := range []string{"555555/555555", "111111/111111", "555555/555555", "555555/555555", "111111/111111"} {
			h.typ(in + "\n")
		}
		h.typ("a")
		h.see(c.head, c.shared)
		if n := strings.Count(strings.ReplaceAll(h.screen(), "\u00a0", " "), strings.TrimPrefix(c.shared, "→ 50 pp ")); n < 2 && c.lang == validate.English {
			t.Errorf("%d players said to share the win, want Anna and Cem:\n%s", n, h.screen())
		}
		h.notSee("→ 0 Pp. (")
		h.notSee("→ 0 pp (")
		h.stop()
	}
}

// At the keep prompt the coach's chance line is the position given the
// throw (its best keep's), said so; it showed the chance before the throw.
func TestDreissigChanceLineAfterTheThrow(t *testing.T) {
	c := dreissigCache.Table(2, false).For([]int{30, 30})
	ks := c.Keeps(6, 0, []int{6, 6, 5, 5, 4, 4})
	for _, l := range []struct {
		lang validate.Lang
		want string
		dec  func(float64) string
	}{
		{validate.English, "Coach: with this throw (best keep) chance to win Anna ", func(x float64) string { return strings.Replace(de(x), ",", ".", 1) }},
		{validate.German, "Trainer: mit diesem Wurf (beste Auswahl) Gewinnchance Anna ", de},
	} {
		h := newDreissigGame(t, l.lang, "Anna", "Bob")
		h.typ("665544\n")
		h.see(l.want + l.dec(100*ks[0].Chances[0]) + " % · Bob " + l.dec(100*ks[0].Chances[1]) + " %")
		h.stop()
	}
}

// seePanel checks that the panels' text, its rows joined, has every text.
func seePanel(t *testing.T, h *harness, texts ...string) {
	t.Helper()
	// Rows wrap at a space or after a "/": compared without spaces.
	bare := func(s string) string { return regexp.MustCompile(`[\s│]+`).ReplaceAllString(s, "") }
	joined := bare(h.screen())
	for _, x := range texts {
		if !strings.Contains(joined, bare(x)) {
			t.Fatalf("the panel does not say %q:\n%s", x, h.screen())
		}
	}
}

// gatedTables is a Dreißig-tot cache whose tables are never ready while
// the test runs (the four-player table takes a minute on a busy machine).
type gatedTables struct{ gate chan struct{} }

func (g gatedTables) Table(int, bool) *dreissig.Table {
	<-g.gate
	return nil
}
func (gatedTables) Ready(int, bool) (*dreissig.Table, bool) { return nil, false }
func (gatedTables) KeptIn() string                          { return "/home/anna/.cache/wuerfelblock" }

// While the four-player table is built the coach says which table, that
// it is built once and kept (where), roughly how long it takes and that
// the game goes on; it said only "Der Trainer rechnet…".
func TestDreissigBuildNoteSaysWhatAndHowLong(t *testing.T) {
	g := gatedTables{gate: make(chan struct{})}
	old := dreissigCache
	dreissigCache = g
	t.Cleanup(func() { close(g.gate); dreissigCache = old })
	for _, c := range []struct {
		lang validate.Lang
		want []string
	}{
		{validate.English, []string{"Coach: computing Dreißig tot's table for 4 players (once: it is kept in /home/anna/.cache/wuerfelblock)",
			"from 20 seconds to a minute or more", "Play on meanwhile"}},
		{validate.German, []string{"Trainer: berechne die Tabelle von Dreißig tot für 4 Spieler (einmalig: sie wird in /home/anna/.cache/wuerfelblock aufbewahrt)",
			"20 Sekunden bis eine Minute oder länger", "Einfach weiterspielen"}},
	} {
		h := newDreissigGame(t, c.lang, "Anna", "Bob", "Cem", "Dora")
		seePanel(t, h, c.want...)
		h.typ("645321/6\n") // the game goes on meanwhile
		seePanel(t, h, c.want[0])
		h.stop()
	}
}

// The accounts' "Last turn" of a player attacked says what the attack
// took from them, by whom and on which target face, after their own last
// turn (before, only the attacker's row said it): Anna (35) attacks Cem
// on 5s and takes 20; Bob (34) attacks Anna on 4s and takes 12.
func TestDreissigAttackedLastTurnSaysLoss(t *testing.T) {
	for _, c := range []struct {
		lang      validate.Lang
		anna, cem string
	}{
		{validate.English, "35 pips, took 20; −12 (attacked by Bob, target face 4)", "−20 (attacked by Anna, target face 5)"},
		{validate.German, "35 Augen, 20 genommen; −12 (Angriff von Bob, Zielzahl 4)", "−20 (Angriff von Anna, Zielzahl 5)"},
	} {
		h := newDreissigGame(t, c.lang, "Anna", "Bob", "Cem")
		h.typ("666665/666665\n555123\n512\n34\n")
		h.see(c.cem)
		h.typ("666664/666664\n444123\n123\n")
		h.see(c.anna, c.cem)
		h.notSee("…") // every column whole at 80 columns, "Player" too
		h.stop()
	}
}
