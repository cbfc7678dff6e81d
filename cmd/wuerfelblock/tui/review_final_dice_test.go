package tui

import (
	"context"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The review screen said a Kniffel box on final dice as a throw ("Anna,
// Runde 1, 1. Wurf: Feld Einser statt Fünfer"): the first four turns are
// stored as a record gives them (the final dice only; a held throw and a
// throw without a hold before the box; three throws; a stand), the rest is
// typed as Endwürfel; the review says "Endwürfel" for the boxes on final
// dice, and the throw's number after the third throw and the stand.
func TestReviewScreenSaysFinalDice(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	sg, err := db.CreateGame(ctx, validate.MustRules(validate.GameKniffel, nil), []string{"Anna"})
	if err != nil {
		t.Fatal(err)
	}
	th := func(roll, keep []int) scoresheet.Entry {
		return scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: keep}
	}
	box := func(c string) scoresheet.Entry { return scoresheet.Entry{Kind: scoresheet.EntryScore, Category: c} }
	for _, e := range []scoresheet.Entry{
		{Kind: scoresheet.EntryDice, Roll: []int{2, 5, 5, 5, 5}}, box("einser"),
		th([]int{6, 6, 1, 2, 3}, []int{6, 6}), th([]int{6, 1, 2}, nil), box("chance"),
		th([]int{6, 6, 1, 2, 3}, []int{6, 6}), th([]int{6, 1, 2}, []int{}), th([]int{1, 2, 3, 4, 5}, nil), box("sechser"),
		th([]int{3, 3, 3, 4, 4}, []int{3, 3, 3, 4, 4}), box("viererpasch"),
	} {
		if err := db.Append(ctx, sg, e); err != nil {
			t.Fatal(err)
		}
	}
	h := start(t, db)
	h.resize(80, 70) // the whole review on one page
	h.typ("1")
	h.see("am Zug: Anna", "Endwürfel:")
	// Round 5 in Endwürfel: 3 3 4 4 4 in Dreier (Full House is best).
	h.typ("33444\n")
	h.typ("c\n")
	for _, s := range []struct{ dice, box string }{
		{"22213", "b"}, {"44412", "d"}, {"55512", "e"}, {"66611", "g"}, {"22333", "i"},
		{"12346", "j"}, {"12345", "k"}, {"66666", "l"},
	} {
		h.see("Endwürfel:")
		h.typ(s.dice + "\n")
		h.typ(s.box + "\n")
	}
	h.see("Spiel zu Ende")
	h.typ("a")
	h.see("Auswertung: Können und Glück", "Jede Entscheidung, die etwas kostete",
		"Anna, Runde 1, Endwürfel: Feld Einser statt Fünfer",
		"Anna, Runde 2, Endwürfel: Feld Chance statt Sechser",
		"Anna, Runde 3, 2. Wurf: nichts behalten statt 666",
		"Anna, Runde 3, 3. Wurf: Feld Sechser statt Große Straße",
		"Anna, Runde 4, 1. Wurf: stehen lassen",
		"Anna, Runde 5, Endwürfel: Feld Dreier statt Full House")
	h.notSee("Runde 1, 1. Wurf")
	h.notSee("Runde 2, 2. Wurf")
	h.notSee("Runde 5, 1. Wurf")
}
