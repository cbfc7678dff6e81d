package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// helpOf opens a new game of gameKey with the house-rule keys typed on
// the options step, and its help.
func helpOf(t *testing.T, lang validate.Lang, gameKey rune, optionKeys func(h *harness)) *harness {
	t.Helper()
	h := startLang(t, openDB(t), lang)
	h.resize(120, 60)
	h.typ("n" + string(gameKey))
	if optionKeys != nil {
		optionKeys(h)
	}
	h.key(tcell.KeyTab)
	h.typ("Anna\nBob\n\n")
	h.typ("?")
	return h
}

// The marks of the keeps are explained as far as the game has them: 5050
// has nothing to prove (docs/RULES.md), its help said "! ✓ ? … bestätigen,
// beweist, beweisen"; Zehntausend proves and confirms nothing by default;
// with bestaetigen it confirms and proves nothing.
func TestHelpMarksOnlyWhatTheGameHas(t *testing.T) {
	h := helpOf(t, validate.German, '1', nil)
	h.see("Regeln: 5050", "Zeichen bei den Auswahlen: ! bestätigen.")
	h.notSee("beweis")
	h.notSee("✓")

	h = helpOf(t, validate.English, '1', nil)
	h.see("Rules: 5050", "Marks in the keeps: ! to confirm.")
	h.notSee("prove")

	h = helpOf(t, validate.German, '3', nil)
	h.see("Regeln: Zehntausend", "Zeichen bei den Auswahlen: ✓ beweist · ? beweisen.")
	h.notSee("! bestätigen")

	h = helpOf(t, validate.German, '3', func(h *harness) {
		for range 7 {
			h.key(tcell.KeyDown)
		}
		h.see("Bestätigen (bestaetigen):")
		h.typ(" ")
	})
	h.see("* Bestätigen", "Zeichen bei den Auswahlen: ! bestätigen.")
	h.notSee("✓")
}

// The coach key is listed only where there is a coach: in Rückwärts and
// Totwürfeln * is no key (Totwürfeln types it into the throw), but help
// listed "* Rat: aus, Chancen, Rat (jetzt: aus)". Dreißig tot has one.
func TestHelpCoachKeyOnlyWithCoach(t *testing.T) {
	for _, g := range "12345" + "67" {
		h := helpOf(t, validate.German, g, nil)
		h.see("Tasten auf diesem Bild")
		if strings.ContainsRune("12357", g) {
			h.see("Trainer: aus, Chancen, Rat")
		} else {
			h.notSee("Trainer")
		}
		h.stop()
	}
}

// The help's example of the coach line is what the coach says after the
// example's throws, under the game's own house rules: the throws it names
// are replayed through the coach here and its numbers must be the help's.
// (5000 showed "Schreiben: 1150", a stop 5000 never allows, and every game
// "16,7 %", where five dice bust 7,7 %; the numbers were kept per game in
// the tui, beside the coach.)
func TestCoachHelpExamplesAreExact(t *testing.T) {
	seen := 0
	for i, g := range validate.Games() {
		if !family.Covers(g.ID) {
			continue
		}
		seen++
		for _, opts := range []func(h *harness){nil, func(h *harness) { h.typ("  ") }} { // the first house rule changed
			h := helpOf(t, validate.German, rune('1'+i), opts)
			h.resize(220, 60) // the example's sentence on one line
			sg := h.ui.stack[len(h.ui.stack)-1].(*play).sg
			r := sg.Game.Rules
			ths, _, ok := coachExample(r)
			if !ok {
				t.Fatalf("%s %v: no example", g.ID, r.Options)
			}
			p := coachAfter(t, r, ths...)
			stop, can := p.StopValue()
			if !can {
				t.Fatalf("%s after %s: no stop", g.ID, throwsText(ths))
			}
			h.see(fmt.Sprintf("Weiter: %s %% Fehlwurf, im Schnitt %d · Schreiben: %d", pctDE(p.BustChance()), round(p.ThrowValue()), stop),
				fmt.Sprintf("(Beispiel: nach %s Zug %d, %d Würfel im Becher.)", throwsText(ths), p.Points(), p.Dice()))
			h.stop()
		}
	}
	if seen < 3 {
		t.Fatalf("%d coached games", seen)
	}
}

// The rules texts say what docs/RULES.md says: the first player's
// Vordermann is the last player in every round (the text said "for the
// very first turn"); six of a kind is three pairs in 5050; and a sentence
// of the help is not broken before a capital ("… come off the" /
// "Vordermann's account.").
func TestRulesTextsFollowRulesDoc(t *testing.T) {
	en := reflow(validate.RulesText(validate.GameDreissigTot, validate.English))
	de := reflow(validate.RulesText(validate.GameDreissigTot, validate.German))
	if !strings.Contains(en, "for the first player, the last one") || strings.Contains(en, "very first") ||
		!strings.Contains(en, "The counted pips come off the Vordermann's account.") {
		t.Errorf("Dreißig tot:\n%s", en)
	}
	if !strings.Contains(de, "für den ersten Spieler den letzten") || strings.Contains(de, "allerersten") {
		t.Errorf("Dreißig tot:\n%s", de)
	}
	if !strings.Contains(validate.RulesText(validate.Game5050, validate.English), "six alike") ||
		!strings.Contains(validate.RulesText(validate.Game5050, validate.German), "sechs Gleiche") {
		t.Error("5050: six of a kind counts as three pairs")
	}
	if z := reflow(validate.RulesText(validate.GameZehntausend, validate.English)); !strings.Contains(z, "outside a triple or four") {
		t.Errorf("Zehntausend: a four of a kind proves nothing either:\n%s", z)
	}
}

// At 60 columns the rules list cuts a game's summary with "…", as the
// new-game list does (it was cut mid-word without a mark).
func TestRulesListClipsWithEllipsis(t *testing.T) {
	h := start(t, openDB(t))
	h.resize(60, 20)
	h.typ("r")
	h.see("Regeln", "6 Würfel; schreiben ab 350 je Durchgang, 1500er…") // after a whole word
	h.typ("1")
	h.see("5050")
}

// A key's help too long for its line goes on under its own text, not
// under the keys (60×20: "Auswahl wartet" began at the border); it is
// laid out again for the new width when the terminal is resized.
func TestHelpKeysHangingIndent(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Ben")
	h.typ("111523\n") // something to take back: u is offered
	h.resize(60, 20)
	h.typ("?")
	h.see("Tasten auf diesem Bild")
	keyX, _ := h.find("den Wurf zurücknehmen")
	if x, _ := h.find("Auswahl wartet"); x != keyX {
		t.Fatalf("the wrapped line starts at %d, its text at %d:\n%s", x, keyX, h.screen())
	}
	h.resize(80, 24)
	h.see("den Wurf zurücknehmen, der auf seine Auswahl wartet")
	keyX, _ = h.find("den Wurf zurücknehmen")
	if x, _ := h.find("letzten Eintrag (u"); x != keyX {
		t.Fatalf("at 80 columns the wrapped line starts at %d, its text at %d:\n%s", x, keyX, h.screen())
	}
}
