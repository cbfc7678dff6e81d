package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

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
	h.see("Regeln: 5050", "!  ", "bei den Auswahlen: bestätigen")
	h.notSee("beweis")
	h.notSee("✓")

	h = helpOf(t, validate.English, '1', nil)
	h.see("Rules: 5050", "in the keeps: to confirm")
	h.notSee("prove")

	h = helpOf(t, validate.German, '3', nil)
	h.see("Regeln: Zehntausend", "✓ ?", "bei den Auswahlen: beweist, beweisen")
	h.notSee("bei den Auswahlen: bestätigen")

	h = helpOf(t, validate.German, '3', func(h *harness) {
		for range 7 {
			h.key(tcell.KeyDown)
		}
		h.see("Bestätigen (bestaetigen):")
		h.typ(" ")
	})
	h.see("* Bestätigen", "bei den Auswahlen: bestätigen")
	h.notSee("✓")
}

// The coach key is listed only where there is a coach: in Rückwärts,
// Totwürfeln and Dreißig tot * is no key (Totwürfeln types it into the
// throw), but help listed "* Rat: aus, Chancen, Rat (jetzt: aus)".
func TestHelpCoachKeyOnlyWithCoach(t *testing.T) {
	for _, g := range "12345" + "67" {
		h := helpOf(t, validate.German, g, nil)
		h.see("Tasten auf diesem Bild")
		if strings.ContainsRune("1235", g) {
			h.see("Trainer: aus, Chancen, Rat")
		} else {
			h.notSee("Trainer")
		}
		h.stop()
	}
}

// The help's example of the coach line is what the coach says in the
// basic game after the example's throws. 5000 showed "Schreiben: 1150",
// a stop 5000 never allows (no stop on a 50), and every game "16,7 %",
// where five dice bust 7,7 %.
func TestCoachHelpExamplesAreExact(t *testing.T) {
	for game, ex := range coachExamples {
		r := validate.MustRules(game, nil)
		var throws []validate.Throw
		for _, f := range strings.Fields(ex.throws) {
			rollText, keepText, _ := strings.Cut(f, "/")
			roll, err := validate.ParseDice(rollText)
			if err != nil {
				t.Fatal(err)
			}
			keep, fives, err := validate.ParseKeep(keepText)
			if err != nil {
				t.Fatal(err)
			}
			throws = append(throws, validate.Throw{Roll: roll, Keep: keep, FivesAsOnes: fives})
		}
		p := coachAfter(t, r, throws...)
		stop, ok := p.StopValue()
		if !ok || p.Points() != ex.turn || p.Dice() != ex.dice || stop != ex.stop ||
			round(p.ThrowValue()) != ex.throwValue || fmt.Sprintf("%.1f", 100*p.BustChance()) != fmt.Sprintf("%.1f", ex.bust) {
			t.Errorf("%s after %s: turn %d, %d dice, %.1f %% bust, throw on %.1f, stop %d (%v); the help says %+v",
				game, ex.throws, p.Points(), p.Dice(), 100*p.BustChance(), p.ThrowValue(), stop, ok, ex)
		}
	}
	h := helpOf(t, validate.German, '2', nil)
	h.see("Grundspiel, Zug 1200, 5 Würfel im Becher.", "Weiter: 7,7 % Fehlwurf, im Schnitt 1136 · Schreiben: 1200")
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
	h.see("Regeln", "6 Würfel; schreiben ab 350 je Durchgang, 1500er bestä…")
	h.typ("1")
	h.see("5050")
}

// A key's help too long for its line goes on under its own text, not
// under the keys (60×20: "Auswahl wartet" began at the border); it is
// laid out again for the new width when the terminal is resized.
func TestHelpKeysHangingIndent(t *testing.T) {
	h := start(t, openDB(t))
	h.newGame('1', "Anna", "Ben")
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
	if x, _ := h.find("den letzten Eintrag (u"); x != keyX {
		t.Fatalf("at 80 columns the wrapped line starts at %d, its text at %d:\n%s", x, keyX, h.screen())
	}
}
