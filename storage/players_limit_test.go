package storage

import (
	"fmt"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Issue 19.7: a game started in the app (CreateGame) has at most
// scoresheet.MaxPlayers players, as a record has; a refused game adds no
// player.
func TestCreateGamePlayersLimited(t *testing.T) {
	db := openTest(t)
	rules, err := validate.ParseRules("5050", nil)
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, scoresheet.MaxPlayers+1)
	for i := range names {
		names[i] = fmt.Sprintf("P%d", i+1)
	}
	_, err = db.CreateGame(ctx, rules, names)
	if !isCode(err, validate.CodeTooManyPlayers) {
		t.Fatalf("CreateGame with %d players: %v, want the limit", len(names), err)
	}
	if ps, err := db.Players(ctx); err != nil || len(ps) != 0 {
		t.Errorf("players after the refusal: %v %v", ps, err)
	}
	if _, err := db.CreateGame(ctx, rules, names[:scoresheet.MaxPlayers]); err != nil {
		t.Errorf("CreateGame with %d players: %v", scoresheet.MaxPlayers, err)
	}
}
