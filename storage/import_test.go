package storage

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// recordJSON is one export line for a game played by the bot.
func recordJSON(t *testing.T, g *scoresheet.Game) string {
	t.Helper()
	b, err := json.Marshal(ExportRecord{Record: g.Record()})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Issue 10.1: one bad record must not cancel the records beside it. A
// stored Zehntausend game with 6 dice and a file that continues it with 5
// dice stopped the whole batch ("wrong number of dice"), unnamed, and every
// good record of the batch was lost.
func TestImportEachRecordStandsAlone(t *testing.T) {
	db := openTest(t)
	six := validate.MustRules(validate.GameZehntausend, map[string]any{"wuerfel": 6})
	sg, err := db.CreateGame(ctx, six, []string{"Anna", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	bad := fmt.Sprintf(`{"id":%q,"game":"zehntausend","options":{"wuerfel":5},"players":["Anna","Ben"],"turns":[{"player":"Anna","throws":[{"roll":[1,2,3,4,6],"keep":[1]}],"stop":true}]}`, sg.ID)
	b := newBot(77)
	var lines []string
	for range 259 {
		lines = append(lines, recordJSON(t, b.randomGame()))
	}
	// 260 records, the bad one at index 230.
	lines = append(lines[:230], append([]string{bad}, lines[230:]...)...)
	recs, err := DecodeExport([]byte("[" + strings.Join(lines, ",\n") + "]"))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := db.Import(ctx, recs)
	if err != nil {
		t.Fatalf("one bad record stopped the import: %v", err)
	}
	if rep.Imported != 259 || len(rep.Refused) != 1 {
		t.Fatalf("imported %d, refused %d; want 259 and 1", rep.Imported, len(rep.Refused))
	}
	r := rep.Refused[0]
	if r.Index != 230 || r.ID != sg.ID {
		t.Errorf("the refusal names record %d (%s), want 230 (%s)", r.Index, r.ID, sg.ID)
	}
	var n int
	db.sql.QueryRow(`SELECT count(*) FROM games`).Scan(&n)
	if n != 260 {
		t.Errorf("%d games stored, want 260", n)
	}
	again, err := db.LoadGame(ctx, sg.ID)
	if err != nil || again.Game.Len() != 0 {
		t.Errorf("the stored game changed: %v %v", again, err)
	}
	checkSummaries(t, db)
}
