package storage

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The CSV tables: a header row each, one row per game, per finished turn
// and per player of a finished game, with the stored figures; a name that
// a spreadsheet would read as a formula is kept as text.
func TestExportCSV(t *testing.T) {
	db := device(t, "a")
	playGames(t, db, 51, 4)
	rules := validate.MustRules(validate.Game5050, nil)
	sg, err := db.CreateGame(ctx, rules, []string{"=HYPERLINK(1)", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	bt := newBot(54)
	for !sg.Game.Finished() {
		if err := db.Append(ctx, sg, bt.next(sg.Game)); err != nil {
			t.Fatal(err)
		}
	}
	var games, turns, totals bytes.Buffer
	if err := db.ExportCSV(ctx, &games, &turns, &totals); err != nil {
		t.Fatal(err)
	}
	read := func(b *bytes.Buffer) [][]string {
		rows, err := csv.NewReader(b).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	count := func(q string) int {
		var n int
		db.sql.QueryRow(q).Scan(&n)
		return n
	}
	gs, ts, rs := read(&games), read(&turns), read(&totals)
	if gs[0][0] != "id" || ts[0][0] != "game_id" || rs[0][5] != "total" {
		t.Fatalf("headers: %v %v %v", gs[0], ts[0], rs[0])
	}
	if len(gs)-1 != count(`SELECT count(*) FROM games`) || len(ts)-1 != count(`SELECT count(*) FROM turns`) || len(rs)-1 != count(`SELECT count(*) FROM results`) {
		t.Fatalf("rows: %d games, %d turns, %d totals", len(gs)-1, len(ts)-1, len(rs)-1)
	}
	last := gs[len(gs)-1]
	if last[0] != sg.ID || last[6] != "'=HYPERLINK(1), Ben" || last[3] != "finished" {
		t.Fatalf("last game row %q", last)
	}
	if _, err := time.Parse(time.RFC3339, last[4]); err != nil {
		t.Fatalf("started %q: %v", last[4], err)
	}
	totalsBySeat := sg.Game.Totals()
	for _, r := range rs[1:] {
		if r[0] != sg.ID {
			continue
		}
		seat, _ := strconv.Atoi(r[3])
		if r[5] != strconv.Itoa(totalsBySeat[seat-1]) {
			t.Fatalf("total row %q, replay says %d", r, totalsBySeat[seat-1])
		}
	}
}

// The BG Stats play file of a random history: every finished game a play
// with its players' totals, winners, ranks and seats as the replay has
// them, in the shape BG Stats writes; players and games listed once,
// referred to by id; Rückwärts is a game where the lowest total wins; a
// play's winners are set by hand exactly where they are not the best
// totals; newPlayer marks a player's first play of a game.
func TestExportBGStats(t *testing.T) {
	db := device(t, "a")
	importBotGames(t, db, 55, 40)
	var buf bytes.Buffer
	n, err := db.ExportBGStats(ctx, &buf, validate.German, time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	checkPlayFile(t, buf.Bytes())
	var f bgsFile
	if err := json.Unmarshal(buf.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	var finished int
	db.sql.QueryRow(`SELECT count(*) FROM games WHERE status = 'finished'`).Scan(&finished)
	if n != finished || len(f.Plays) != finished || finished == 0 {
		t.Fatalf("%d plays written, %d in the file, %d finished games", n, len(f.Plays), finished)
	}
	players, games := map[int]string{}, map[int]bgsGame{}
	for _, p := range f.Players {
		players[p.ID] = p.Name
	}
	for _, g := range f.Games {
		games[g.ID] = g
		if (g.Name == "Zehntausend Rückwärts") == g.HighestWins {
			t.Errorf("game %q highestWins %v", g.Name, g.HighestWins)
		}
	}
	played := map[[2]int]bool{}
	var manual int
	for _, p := range f.Plays {
		sg, err := db.LoadGame(ctx, p.UUID)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := games[p.GameRefID]; !ok || len(p.PlayerScores) != len(sg.Game.Players) {
			t.Fatalf("play %s: game %d, %d scores", p.UUID, p.GameRefID, len(p.PlayerScores))
		}
		totals := sg.Game.Totals()
		rank, won := scoresheet.Ranks(sg.Game.Rules.Game, totals, sg.Game.Winners())
		best := slices.Max(totals)
		if scoresheet.LowerWins(sg.Game.Rules.Game) {
			best = slices.Min(totals)
		}
		byHand := false
		for _, s := range p.PlayerScores {
			seat := s.SeatOrder - 1
			if players[s.PlayerRefID] != sg.Game.Players[seat] || s.Score != strconv.Itoa(totals[seat]) || s.Winner != won[seat] ||
				s.Rank != rank[seat] || s.StartPlayer != (seat == 0) || s.StartPosition != strconv.Itoa(seat+1) {
				t.Fatalf("play %s seat %d: %+v", p.UUID, seat, s)
			}
			byHand = byHand || won[seat] != (totals[seat] == best)
			key := [2]int{s.PlayerRefID, p.GameRefID}
			if s.NewPlayer == played[key] {
				t.Fatalf("play %s seat %d: newPlayer %v", p.UUID, seat, s.NewPlayer)
			}
			played[key] = true
		}
		if p.ManualWinner != byHand {
			t.Fatalf("play %s: manualWinner %v, winners %v, totals %v", p.UUID, p.ManualWinner, sg.Game.Winners(), totals)
		}
		if byHand {
			manual++
		}
	}
	t.Logf("%d plays, %d with the winner set by hand", len(f.Plays), manual)
}
