package storage

import (
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func TestPlayerNamesAreCleanedOrRefused(t *testing.T) {
	db := openTest(t)
	for _, tc := range []struct{ typed, stored string }{
		{"Anna", "Anna"},
		{"Be\x1b[31mn\x1b[0m", "Ben"},  // colour escape sequence
		{"  Clara\t", "Clara"},         // stray spaces and a tab
		{"Die\x07ter\r\n", "Dieter"},   // bell, carriage return
		{"\x1b]0;pwned\x07Eva", "Eva"}, // OSC: the whole sequence goes (it left "]0;pwnedEva")
		{"Jürgen Müller", "Jürgen Müller"},
	} {
		p, err := db.AddPlayer(ctx, tc.typed)
		if err != nil {
			t.Errorf("AddPlayer(%q): %v", tc.typed, err)
			continue
		}
		if p.Name != tc.stored {
			t.Errorf("AddPlayer(%q) stored %q, want %q", tc.typed, p.Name, tc.stored)
		}
		if strings.ContainsFunc(p.Name, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			t.Errorf("stored name %q holds a control character", p.Name)
		}
	}
	for _, bad := range []string{"", "   ", "\x1b[2J", "\x00\x01", strings.Repeat("x", 60) + "\x1b"} {
		_, err := db.AddPlayer(ctx, bad)
		if bad == strings.Repeat("x", 60)+"\x1b" {
			// cleaned and cut to 40 characters: accepted
			if err != nil {
				t.Errorf("AddPlayer(long): %v", err)
			}
			continue
		}
		var ve *validate.Error
		if err == nil || !asErr(err, &ve) || ve.Code != validate.CodePlayerName {
			t.Errorf("AddPlayer(%q) = %v, want a player-name error", bad, err)
		}
	}
	// Games made with such names store the cleaned names too.
	sg, err := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Fr\x1b[1mitz", "Gisela\x7f"})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(sg.Game.Players, ","); got != "Fritz,Gisela" {
		t.Errorf("game players %q", got)
	}
}

func TestPlayerNamesAreUniqueRegardlessOfCase(t *testing.T) {
	db := openTest(t)
	db.AddPlayer(ctx, "Jürgen")
	_, err := db.AddPlayer(ctx, "JÜRGEN")
	wantCode(t, err, CodePlayerExists)
	p, err := db.EnsurePlayer(ctx, "jürgen")
	if err != nil || p.Name != "Jürgen" {
		t.Errorf("EnsurePlayer(jürgen) = %+v, %v; want the stored Jürgen", p, err)
	}
	// A game typed in other case uses the stored spelling.
	sg, err := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"JÜRGEN", "oma"})
	if err != nil {
		t.Fatal(err)
	}
	if sg.Game.Players[0] != "Jürgen" || sg.Game.Players[1] != "oma" {
		t.Errorf("players %v", sg.Game.Players)
	}
	_, err = db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Oma", "OMA"})
	var ve *validate.Error
	if !asErr(err, &ve) || ve.Code != validate.CodeDuplicatePlayer {
		t.Errorf("the same player twice: %v", err)
	}
}

func TestRenameKeepsHistoryAndDeleteIsRefusedWithGames(t *testing.T) {
	db := openTest(t)
	g, _ := scoresheet.New(validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	newBot(1).play(g, 1000)
	sg := storeGame(t, db, g)
	db.AddPlayer(ctx, "Clara")

	if err := db.RenamePlayer(ctx, "anna", "Annemarie"); err != nil {
		t.Fatal(err)
	}
	wantCode(t, db.RenamePlayer(ctx, "Ben", "clara"), CodePlayerExists)
	if err := db.RenamePlayer(ctx, "ben", "BEN"); err != nil {
		t.Errorf("a change of case only: %v", err)
	}
	wantCode(t, db.RenamePlayer(ctx, "Nobody", "X"), CodeNotFound)
	loaded, err := db.LoadGame(ctx, sg.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(loaded.Game.Players, ","); got != "Annemarie,BEN" {
		t.Errorf("players after renames %q", got)
	}
	if loaded.Game.Len() != g.Len() || !loaded.Game.Finished() {
		t.Errorf("the game changed with the rename")
	}
	wantCode(t, db.DeletePlayer(ctx, "Annemarie"), CodeHasGames)
	if err := db.DeletePlayer(ctx, "clara"); err != nil {
		t.Errorf("delete a player without games: %v", err)
	}
	wantCode(t, db.DeletePlayer(ctx, "Clara"), CodeNotFound)

	ps, err := db.Players(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || ps[0].Games != 1 || ps[0].LastPlayed.IsZero() {
		t.Errorf("players %+v", ps)
	}
}

func TestPlayersMostRecentFirst(t *testing.T) {
	db := openTest(t)
	db.AddPlayer(ctx, "Zoe")
	db.AddPlayer(ctx, "adam")
	r := validate.MustRules(validate.GameKniffel, nil)
	db.CreateGame(ctx, r, []string{"Ben", "Clara"})
	db.CreateGame(ctx, r, []string{"Dora"})
	ps, _ := db.Players(ctx)
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
	}
	if got := strings.Join(names, ","); got != "Dora,Ben,Clara,adam,Zoe" {
		t.Errorf("order %s", got)
	}
}

// Rule refusals come back as they are, not as database trouble.
func TestRefusalsAreNotWrapped(t *testing.T) {
	db := openTest(t)
	_, err := db.AddPlayer(ctx, "\x1b[2J")
	if _, ok := err.(*validate.Error); !ok {
		t.Errorf("AddPlayer: %T %v, want a bare *validate.Error", err, err)
	}
	_, err = db.CreateGame(ctx, validate.MustRules(validate.GameDreissigTot, map[string]any{"hundert": true}), []string{"A", "B", "C"})
	if _, ok := err.(*validate.Error); !ok {
		t.Errorf("CreateGame: %T %v, want a bare *validate.Error", err, err)
	}
}
