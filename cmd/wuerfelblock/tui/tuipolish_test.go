package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The tester's findings of the tui-polish task, in both languages.

// tr picks the text of lang.
func tr(lang validate.Lang, en, de string) string {
	if lang == validate.German {
		return de
	}
	return en
}

// startGame starts a UI in lang on a new database and a new game of
// gameKey with players (new names), as newGame does in German.
func startGame(t *testing.T, lang validate.Lang, gameKey rune, players ...string) *harness {
	t.Helper()
	h := startLang(t, openDB(t), lang)
	h.typ("n" + string(gameKey))
	h.see(tr(lang, "house rules", "Hausregeln"))
	h.key(tcell.KeyTab)
	if !strings.Contains(h.screen(), tr(lang, "Nobody yet", "Noch niemand")) {
		h.typ("a")
	}
	for _, p := range players {
		h.typ(p + "\n")
	}
	h.typ("\n")
	h.see(tr(lang, "turn: ", "am Zug: ") + players[0])
	return h
}

var langs = []validate.Lang{validate.German, validate.English}

// loneRows are the rows of the screen that hold one short word alone
// (a message's last word wrapped onto a row of its own).
func (h *harness) loneRows() []string {
	var out []string
	for _, row := range strings.Split(strings.ReplaceAll(h.screen(), "\u00a0", " "), "\n") {
		if f := strings.Fields(row); len(f) == 1 && len([]rune(f[0])) <= 10 {
			out = append(out, row)
		}
	}
	return out
}

// Finding 1: six dice typed as Kniffel's final dice were refused with "5
// to throw now (the dice not kept)", but nothing is held in quick entry and
// nothing is thrown; the refusal says the final dice are 5 dice. At 100
// columns the refusal's last word ("6", or "2" for 55 on a 1-die throw)
// wrapped alone onto the next row; at no width from 60 to 120 does it now.
func TestKniffelDiceCountRefusal(t *testing.T) {
	for _, lang := range langs {
		t.Run(string(lang), func(t *testing.T) {
			h := startGame(t, lang, '5', "Anna", "Bob")
			h.typ("666661\n")
			h.refused(validate.CodeDiceCount)
			h.see(tr(lang, "wrong number of dice: the final dice are 5 dice, not 6",
				"falsche Zahl von Würfeln: die Endwürfel sind 5 Würfel, nicht 6"))
			h.notSee(tr(lang, "not kept", "nicht behaltenen"))
			h.notSee(tr(lang, "to throw now", "zu werfen"))
			for w := 60; w <= 120; w++ {
				h.resize(w, 24)
				if l := h.loneRows(); len(l) > 0 {
					t.Fatalf("at %d columns a row holds one word alone %q:\n%s", w, l, h.screen())
				}
			}
			h.resize(80, 24)
			h.key(tcell.KeyEscape)
			// Throw by throw: four ones kept, two dice typed for the one left.
			h.typ("t11112\n1111\n55\n")
			h.refused(validate.CodeDiceCount)
			h.see(tr(lang, "1 to throw now (the dice not kept), not 2",
				"jetzt 1 zu werfen (die nicht behaltenen Würfel), nicht 2"))
			for w := 60; w <= 120; w++ {
				h.resize(w, 24)
				if l := h.loneRows(); len(l) > 0 {
					t.Fatalf("at %d columns a row holds one word alone %q:\n%s", w, l, h.screen())
				}
			}
		})
	}
}

// lockedStore is a database that another program keeps locked past
// storage's wait: every entry is refused with storage's CodeBusy.
type lockedStore struct{ *storage.DB }

func (s lockedStore) Append(context.Context, *storage.StoredGame, scoresheet.Entry) error {
	return &storage.Error{Code: storage.CodeBusy, Args: []any{s.Path()}}
}

// messageRows are the two rows of the play screen's message line (above
// the input line, which starts with label).
func (h *harness) messageRows(label string) string {
	h.t.Helper()
	_, y := h.find(label)
	rows := strings.Split(h.screen(), "\n")
	return rows[y-2] + "\n" + rows[y-1]
}

// Finding 2: the refusal of a write on a database another program holds
// (storage's CodeBusy) was cut at 80 columns before its useful part ("Try
// again once that program is done"); the message line now says it whole
// at 80×24, the database's path and all.
func TestBusyRefusalReadable(t *testing.T) {
	for _, lang := range langs {
		t.Run(string(lang), func(t *testing.T) {
			db := openDB(t)
			h := startWith(t, db, Config{Lang: lang, Store: lockedStore{db}})
			h.typ("n1")
			h.see(tr(lang, "house rules", "Hausregeln"))
			h.key(tcell.KeyTab)
			h.typ("Anna\nBob\n\n")
			h.typ("111523/111\n")
			h.see(tr(lang, "NOT TAKEN", "NICHT ÜBERNOMMEN"), tr(lang, "database", "Datenbank"))
			msg := h.messageRows(tr(lang, "throw (", "Wurf ("))
			flat := strings.Join(strings.Fields(msg), " ")
			for _, want := range []string{
				tr(lang, "another program", "anderen Programm"),
				tr(lang, "try again once it is done", "erneut versuchen, wenn es fertig ist"),
			} {
				if !strings.Contains(flat, want) {
					t.Errorf("the message line does not say %q:\n%s", want, msg)
				}
			}
			if strings.Contains(msg, "…") {
				t.Errorf("the message line is cut:\n%s", msg)
			}
			h.see("111523/111") // what was typed stays, to try again
		})
	}
}

// Finding 3: a C1 control character typed in a name (U+0085 between "Ca"
// and "rl") hid the letters before it ("Neuer Spieler: rl") while "Carl"
// was stored; the field now takes no control character and shows what is
// stored, on the new game's players step and on the players page.
func TestNameFieldShowsWhatIsStored(t *testing.T) {
	for _, lang := range langs {
		t.Run(string(lang), func(t *testing.T) {
			h := startLang(t, openDB(t), lang)
			h.typ("n5")
			h.see(tr(lang, "house rules", "Hausregeln"))
			h.key(tcell.KeyTab)
			h.typ("Ca\u0085rl")
			h.see(tr(lang, "New player: Carl", "Neuer Spieler: Carl"))
			h.typ("\n")
			h.see(tr(lang, "Seat order", "Sitzordnung"), "1. Carl")
			h.notSee(tr(lang, "Stored as", "Gespeichert als"))
			if !hasPlayer(h, "Carl") {
				t.Fatal("Carl is not stored")
			}
			// The players page's field too.
			h = startLang(t, openDB(t), lang)
			h.typ("pa")
			h.typ("Zo\u009be\u0085")
			h.see(tr(lang, "New player: Zoe", "Neuer Spieler: Zoe"))
		})
	}
}

// Finding 4: keeping nothing after a hold said "Taken: throw 2 3 4 5 Held
// before, now thrown again: 1." (no full stop between the sentences), and
// the panel showed an empty "Kept:" line; it says "Nothing kept." now.
func TestKniffelKeepNothingWords(t *testing.T) {
	for _, lang := range langs {
		t.Run(string(lang), func(t *testing.T) {
			h := startGame(t, lang, '5', "Anna", "Bob")
			h.typ("t11234\n1\n") // throw 1, one 1 held
			h.see(tr(lang, "Kept: 1", "Behalten: 1"))
			h.typ("2345\nn") // throw 2, nothing kept: the 1 is thrown again
			h.see(tr(lang, "Taken: throw 2 3 4 5. Held before, now thrown again: 1.",
				"Übernommen: Wurf 2 3 4 5. Vorher behalten, jetzt wieder geworfen: 1."),
				tr(lang, "Nothing kept.", "Nichts behalten."))
			h.notSee(tr(lang, "Kept:", "Behalten:"))
		})
	}
}

// Finding 5: the game-over screen rounded each figure of the chance to win
// alone, so that a row did not add up (Ben: exact 52.2 − 50.5 − 1.7 = 0
// read 52 Pp. start, −51 Pp., 2 Pp. → 0). The start and the running sums
// are rounded now, luck and loss are their differences: 52 − 50 − 2 = 0
// (Anna: 47.8 + 52.5 − 0.3 = 100 is 48 + 52 − 0, not 48 + 53 − 0), on the
// game-over screen and on the review screen alike.
func TestWinFiguresAddUp(t *testing.T) {
	if s, l, o, e := winShown(0.522, -0.505, 0.017, 0); s != 52 || l != -50 || o != 2 || e != 0 {
		t.Fatalf("winShown: %d %d %d → %d, want 52 −50 2 → 0", s, l, o, e)
	}
	for _, lang := range langs {
		t.Run(string(lang), func(t *testing.T) {
			db := openDB(t)
			o, _ := validate.MakeOptions(validate.GameZehntausend, map[string]any{"ziel": 1000, "beweisen": false})
			r, err := validate.NewRules(validate.GameZehntausend, o)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			sg, err := db.CreateGame(ctx, r, []string{"Anna", "Ben"})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range []scoresheet.Entry{
				{Kind: scoresheet.EntryThrow, Roll: []int{1, 1, 1, 5, 2}, Keep: []int{5}},
				{Kind: scoresheet.EntryThrow, Roll: []int{1, 1, 1, 3}, Keep: []int{1, 1, 1}},
				{Kind: scoresheet.EntryStop},
			} {
				if err := db.Append(ctx, sg, e); err != nil {
					t.Fatal(err)
				}
			}
			v := testValuers.WithWin()
			if _, err := v.Win.Start(r, []int{0, 0}, 0); err != nil {
				t.Fatal(err)
			}
			h := startWith(t, db, Config{Lang: lang, Review: v})
			h.typ("1")
			h.typ("23466\n") // Ben's one turn of the final round: nothing; Anna wins
			unit := tr(lang, " pp", " Pp.")
			h.see(unit)
			// The figures of the tester's game, on the review computed.
			h.onUI(func() {
				over := h.ui.top().(*gameOver)
				a, b := &over.rv.Players[0], &over.rv.Players[1]
				a.WinStart, a.WinLuck, a.WinLoss, a.Result = 0.478, 0.525, 0.003, 1
				b.WinStart, b.WinLuck, b.WinLoss, b.Result = 0.522, -0.505, 0.017, 0
				over.refresh()
			})
			h.sync()
			h.see("Anna 1050 +52"+unit+" 0"+unit, "Ben 0 −50"+unit+" 2"+unit)
			h.typ("a")
			h.see("Anna 48"+unit+" +52"+unit+" 0"+unit+" 100"+unit, "Ben 52"+unit+" −50"+unit+" 2"+unit+" 0"+unit)
		})
	}
}

// footerOf is the key bar (the last rows below the input line, which
// starts with label), its rows joined, non-breaking spaces as spaces.
func (h *harness) footerOf(label string) string {
	h.t.Helper()
	_, y := h.find(label)
	rows := strings.Split(strings.ReplaceAll(h.screen(), "\u00a0", " "), "\n")
	return strings.Join(strings.Fields(strings.Join(rows[y+1:], " ")), " ")
}

// Finding 6: the keep hints "2 diese zur Seite" (Dreißig tot) and "11
// behalten" (Kniffel) read as commands; they read as examples to type now,
// as the other screens' "11152 Enter Wurf": "6 Enter zur Seite", "5 Enter
// behalten".
func TestKeepHintsReadAsExamples(t *testing.T) {
	for _, lang := range langs {
		t.Run(string(lang), func(t *testing.T) {
			h := startGame(t, lang, '7', "Anna", "Bob")
			h.typ("654321\n")
			bar := h.footerOf(tr(lang, "aside (Enter", "zur Seite (Enter"))
			if want := tr(lang, "6 Enter aside · Enter all aside", "6 Enter zur Seite · Enter alle zur Seite"); !strings.Contains(bar, want) {
				t.Errorf("Dreißig tot's key bar %q does not say %q", bar, want)
			}
			h = startGame(t, lang, '5', "Anna", "Bob")
			h.typ("t12345\n")
			bar = h.footerOf(tr(lang, "keep (dice)", "behalten (Würfel)"))
			if want := tr(lang, "5 Enter keep", "5 Enter behalten"); !strings.HasPrefix(bar, want) {
				t.Errorf("Kniffel's key bar %q does not start with %q", bar, want)
			}
		})
	}
}

// Finding 7: at the box prompt after the final dice, digits piled up
// without limit ("Feld (a–m…): 1234511123…", 60 digits) and only Enter
// said that the dice stand; a die typed there is refused at once with a
// word on the message line and the input stays empty; a box letter still
// writes.
func TestKniffelBoxPromptRefusesDice(t *testing.T) {
	for _, lang := range langs {
		t.Run(string(lang), func(t *testing.T) {
			h := startGame(t, lang, '5', "Anna", "Bob")
			h.typ("25555\n")
			prompt := tr(lang, "box (a–m, ↑↓, Enter):", "Feld (a–m, ↑↓, Enter):")
			h.see(prompt)
			h.typ(strings.Repeat("1234511123", 6))
			h.see(tr(lang, "'3' is no box. The dice are in: choose a box",
				"„3“ ist kein Feld. Die Würfel stehen: Feld wählen"))
			h.notSee("12345")
			h.notSee(prompt + " 1")
			var got string
			h.onUI(func() { got = h.ui.top().(*play).input.GetText() })
			if got != "" {
				t.Fatalf("the box prompt holds %q", got)
			}
			h.typ("e\n")
			h.see(tr(lang, "turn: Bob", "am Zug: Bob"))
		})
	}
}
