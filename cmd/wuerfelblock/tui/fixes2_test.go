package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// plainPct is x as the coach writes it, approximate or not, in plain text.
func plainPct(lang validate.Lang, x float64, approx bool) string {
	return strings.ReplaceAll(wordsOf(lang).Percent(x, approx), "\u00a0", " ")
}

// Three players of 5000 at 0 (the tester's game): the app shows each
// player's share of the game as the review gives it (coach/win's
// Chances, about a third each), not the mover's two-player chance
// against the strongest other (≈52 %); the column Win has every seat.
func TestWinThreePlayersShowTheReviewsShare(t *testing.T) {
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			w := useWin(t)
			h := startLang(t, openDB(t), lang)
			h.newGameIn(lang, '2', "Anna", "Ben", "Carl")
			tb := waitWin(t, h, w)
			p := winAt(t, tb, h.ui.top().(*play).game())
			if p.Exact() {
				t.Fatal("three players of 5000: exact?")
			}
			cs := p.Chances()
			if cs[0] < 0.25 || cs[0] > 0.45 || p.Win() < 0.45 {
				t.Fatalf("chances %v, two-player %v: not the tester's game", cs, p.Win())
			}
			wd := wordsOf(lang)
			h.seePanel(wd.WinNow(cs[0], true))
			for i, c := range cs {
				cell := fmt.Sprintf("≈%s %%", wd.Decimal(100*c, 0))
				if !strings.Contains(strings.ReplaceAll(h.screen(), "\u00a0", " "), cell) {
					t.Fatalf("seat %d: no %q in the column Win:\n%s", i, cell, h.screen())
				}
			}
			h.notSee(fmt.Sprintf("≈%s", wd.Decimal(100*p.Win(), 0)))
		})
	}
}

// A certain win (5000: Carl at 4900 with 100 in the turn, a stop reaches
// 5000) is not marked approximate, in the panel or in the column.
func TestWinCertainIsNotApproximate(t *testing.T) {
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			w := useWin(t)
			h := startLang(t, openDB(t), lang)
			h.newGameIn(lang, '2', "Anna", "Ben", "Carl")
			waitWin(t, h, w)
			for _, s := range []string{"23462\n", "23462\n", "11155\n", "11155\n", "11155\n", "11155\n", "14236\n", "s",
				"23462\n", "23462\n", "14236\n"} {
				h.typ(s)
			}
			g := h.ui.top().(*play).game()
			if fmt.Sprint(g.Totals()) != "[0 0 4900]" || g.Seat() != 2 {
				t.Fatalf("totals %v, seat %d:\n%s", g.Totals(), g.Seat(), h.screen())
			}
			wd := wordsOf(lang)
			h.seePanel(wd.StopWord() + " " + plainPct(lang, 1, false))
			screen := h.screen()
			for _, bad := range []string{"≈100", "≈0\u00a0%", "≈0 %"} {
				if strings.Contains(screen, bad) {
					t.Fatalf("a certain chance marked %q:\n%s", bad, screen)
				}
			}
		})
	}
}

// Zehntausend with minus and verschärft: a bust on the first throw costs
// 1000; the score table, the turn's line and the home screen's line of
// the game write the total with a minus sign (−1000), not a hyphen.
func TestMinusTotalsWithMinusSign(t *testing.T) {
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			wd := wordsOf(lang)
			h := startLang(t, openDB(t), lang)
			h.typ("n3")
			h.see(wd.Tr("house rules", "Hausregeln"))
			for range 8 {
				h.key(tcell.KeyDown)
			}
			h.typ(" ") // verschärft
			h.key(tcell.KeyDown)
			h.typ(" ") // minus
			h.key(tcell.KeyTab)
			h.typ("Anna\nBen\n\n")
			h.see(wd.Tr("turn: Anna", "am Zug: Anna"))
			h.typ("23462\n")
			h.see(wd.Tr("(now −1000)", "(jetzt −1000)"), "−1000")
			h.notSee("-1000")
			if g := h.ui.top().(*play).game(); g.Totals()[0] != -1000 {
				t.Fatalf("totals %v", g.Totals())
			}
			h.typ("q")
			h.see(wd.Tr("Leave the game?", "Spiel verlassen?"))
			h.key(tcell.KeyTab)
			h.key(tcell.KeyEnter)
			h.see(wd.Tr("New game", "Neues Spiel"), "Anna −1000")
			h.notSee("-1000")
		})
	}
}

// The new-game form names a preset saved or loaded; once a house rule is
// changed the settings are no longer the preset's, and the form says so
// ("Vorlage: Abend (geändert)"), until they match it again.
func TestPresetNameSaysChanged(t *testing.T) {
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			wd := wordsOf(lang)
			h := startLang(t, openDB(t), lang)
			h.typ("n3")
			h.see(wd.Tr("house rules", "Hausregeln"))
			for range 13 {
				h.key(tcell.KeyDown)
			}
			h.typ(" ") // hausbau on
			h.typ("p")
			h.typ("Abend\n")
			name := wd.Tr("Preset: Abend", "Vorlage: Abend")
			changed := name + " " + wd.Tr("(changed)", "(geändert)")
			h.see(name)
			h.notSee(changed)
			h.typ("d") // hausbau back to its default
			h.see(changed)
			h.typ(" ") // on again: the preset's
			h.see(name)
			h.notSee(changed)
		})
	}
}

// The player page with a house-rule set chosen (o): the charts follow the
// set as the figures above them do (they counted every set of the game
// together and said so), and their caption names the set. The totals over
// time hold the set's games, the turn results its turns, the loss chart
// its reviewed games; all sets together again after the last set.
func TestStatsChartsFollowTheChosenSet(t *testing.T) {
	db := statsHistory(t, 60)
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			wd := wordsOf(lang)
			ss := newStatsScreen(t, db, lang)
			ss.key(tcell.KeyRune, 'p')
			for ss.v.gameID() != validate.GameZehntausend {
				ss.key(tcell.KeyRight, 0)
			}
			g := validate.GameZehntausend
			// A player with Zehntausend games under two sets at least, more
			// than one of them under set j.
			pick, j := -1, 0
			for i, p := range ss.v.all {
				gs := p.Games[string(g)]
				if gs == nil || len(gs.HouseRules) < 2 {
					continue
				}
				for k, hr := range gs.HouseRules {
					if hr.Played > 1 {
						pick, j = i, slices.Index(ss.v.sets(g), setKey(gs.HouseRules[k].Options))
						break
					}
				}
				if pick >= 0 {
					break
				}
			}
			if pick < 0 {
				t.Fatal("nobody played Zehntausend under two house-rule sets")
			}
			ss.v.sel = pick
			caption := wd.Tr("Charts: only ", "Diagramme: nur ")
			if scr := ss.text(); strings.Contains(scr, caption) {
				t.Fatalf("all sets chosen: the caption of a set shows:\n%s", scr)
			}
			every := *ss.v.figures(ss.v.sel, g)
			for range j + 1 {
				ss.key(tcell.KeyRune, 'o')
			}
			name := ss.v.setName(g)
			f := *ss.v.figures(ss.v.sel, g)
			if f.Played >= every.Played {
				t.Fatalf("the set has %d games, all sets %d: the test shows nothing", f.Played, every.Played)
			}
			totals := fmt.Sprintf(wd.Tr("final totals, last %d games", "Endstände, letzte %d Spiele"), f.Played)
			scr := ss.see(wd.Tr("House rules: ", "Hausregeln: ")+name, caption, totals)
			if !strings.Contains(scr, clip(caption+quote(lang, name), 80)) {
				t.Errorf("the charts' caption does not name the set %q:\n%s", name, scr)
			}
			if strings.Contains(scr, wd.Tr("all house rules", "alle Hausregeln")) {
				t.Errorf("a chart still counts all house rules:\n%s", scr)
			}
			n := 0
			for _, c := range ss.v.dist {
				n += c.N
			}
			reviewed := 0
			if f.Review != nil {
				reviewed = f.Review.Games
			}
			if len(ss.v.timeline) != f.Played || n != f.Family.Turns || len(ss.v.losses) != reviewed {
				t.Errorf("the charts hold %d games, %d turns, %d reviewed games; the set %d, %d, %d (all sets %d, %d)",
					len(ss.v.timeline), n, len(ss.v.losses), f.Played, f.Family.Turns, reviewed, every.Played, every.Family.Turns)
			}
			for range len(ss.v.sets(g)) - j {
				ss.key(tcell.KeyRune, 'o')
			}
			ss.see(wd.Tr("House rules: all house rules together", "Hausregeln: alle Hausregeln zusammen"),
				fmt.Sprintf(wd.Tr("final totals, last %d games", "Endstände, letzte %d Spiele"), every.Played))
			if len(ss.v.timeline) != every.Played {
				t.Errorf("all sets again: %d games on the chart, want %d", len(ss.v.timeline), every.Played)
			}
		})
	}
}

// The statistics screen notices a change of the store by another
// connection (here a second storage.DB on the same file writes finished
// games, as a restore or an import would) and reads its figures again,
// without r: checkChanged, which the shown screen runs every
// statsWatchEvery. Its own check without a change reads nothing again.
func TestStatsNoticesAnotherConnectionsWrite(t *testing.T) {
	for _, lang := range []validate.Lang{validate.German, validate.English} {
		t.Run(fmt.Sprint(lang), func(t *testing.T) {
			wd := wordsOf(lang)
			db := openDB(t)
			ss := newStatsScreen(t, db, lang)
			empty := wd.Tr("No finished turns yet", "Noch keine beendeten Züge")
			ss.see(empty)
			ss.v.checkChanged()
			ss.see(empty)
			other, err := storage.Open(db.Path())
			if err != nil {
				t.Fatal(err)
			}
			defer other.Close()
			gen, err := generate.New(generate.Config{Games: 3, Seed: 4, Players: 2})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := other.StorePlayed(context.Background(), func() (storage.PlayedGame, bool) {
				g, ok := gen.Next()
				return storage.PlayedGame{ID: g.ID, Started: g.Started, Ended: g.Ended, Game: g.Game}, ok
			}, nil); err != nil {
				t.Fatal(err)
			}
			ss.v.checkChanged()
			if scr := ss.text(); strings.Contains(scr, empty) || len(ss.v.all) == 0 {
				t.Fatalf("the figures stayed old after another connection wrote:\n%s", scr)
			}
		})
	}
}
