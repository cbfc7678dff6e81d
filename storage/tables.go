package storage

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Tables for other programs: the history as CSV files a spreadsheet opens
// (export --csv DIR) and as a play file for BG Stats (export --bgstats
// FILE). Both read the stored summaries in one transaction, never replay a
// game, and stream.

// ExportCSV writes three CSV tables (docs/RECORD.md): every game to games,
// every finished turn to turns, and the final totals of every finished game
// to totals, each with a header row, all from one consistent reading.
func (db *DB) ExportCSV(ctx context.Context, games, turns, totals io.Writer) error {
	return db.view(ctx, func(tx *sql.Tx) error {
		if err := csvTable(ctx, tx, games, gamesCSV); err != nil {
			return err
		}
		if err := csvTable(ctx, tx, turns, turnsCSV); err != nil {
			return err
		}
		return csvTable(ctx, tx, totals, totalsCSV)
	})
}

// csvQuery is a table: its header and the query of its rows (every column
// read as text or a number, in header order). text marks the columns
// people typed or that may begin like a formula.
type csvQuery struct {
	header []string
	text   []bool
	query  string
	fix    func(row []string) // turns stored values into the table's
}

var gamesCSV = csvQuery{
	header: []string{"id", "game", "options", "status", "started", "ended", "players", "winners"},
	text:   []bool{false, false, true, false, false, false, true, true},
	query: `SELECT g.uuid, g.game, g.options, g.status, g.started, coalesce(g.ended, ''),
		(SELECT group_concat(p.name, char(31) ORDER BY s.seat) FROM seats s JOIN players p ON p.id = s.player_id WHERE s.game_id = g.id),
		coalesce((SELECT group_concat(p.name, char(31) ORDER BY r.seat) FROM results r JOIN players p ON p.id = r.player_id WHERE r.game_id = g.id AND r.won = 1), '')
		FROM games g ORDER BY g.started, g.uuid`,
	fix: func(row []string) {
		row[4], row[5] = csvTime(row[4]), csvTime(row[5])
		row[6] = strings.ReplaceAll(row[6], unit, ", ")
		row[7] = strings.ReplaceAll(row[7], unit, ", ")
	},
}

var turnsCSV = csvQuery{
	header: []string{"game_id", "turn", "seat", "player", "points", "total", "end", "throws", "hot_dice", "failed", "category", "bonus", "attack"},
	text:   []bool{false, false, false, true},
	query: `SELECT g.uuid, t.turn + 1, t.seat + 1, p.name, t.points, t.total, t.end_kind, t.throws, t.hot_dice, t.failed,
		coalesce(t.category, ''), t.bonus, t.attack
		FROM games g JOIN turns t ON t.game_id = g.id JOIN players p ON p.id = t.player_id
		ORDER BY g.started, g.uuid, t.turn`,
}

var totalsCSV = csvQuery{
	header: []string{"game_id", "game", "ended", "seat", "player", "total", "rank", "won"},
	text:   []bool{false, false, false, false, true},
	query: `SELECT g.uuid, g.game, r.ended, r.seat + 1, p.name, r.total, r.rank, r.won
		FROM games g JOIN results r ON r.game_id = g.id JOIN players p ON p.id = r.player_id
		ORDER BY g.started, g.uuid, r.seat`,
	fix: func(row []string) { row[2] = csvTime(row[2]) },
}

func csvTable(ctx context.Context, tx *sql.Tx, w io.Writer, q csvQuery) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	cw := csv.NewWriter(bw)
	if err := cw.Write(q.header); err != nil {
		return errWrite{err}
	}
	rows, err := tx.QueryContext(ctx, q.query)
	if err != nil {
		return err
	}
	defer rows.Close()
	vals := make([]sql.NullString, len(q.header))
	ptrs := make([]any, len(vals))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	row := make([]string, len(vals))
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		for i, v := range vals {
			row[i] = v.String
		}
		if q.fix != nil {
			q.fix(row)
		}
		for i := range row {
			if i < len(q.text) && q.text[i] {
				row[i] = noFormula(row[i])
			}
		}
		if err := cw.Write(row); err != nil {
			return errWrite{err}
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return errWrite{err}
	}
	if err := bw.Flush(); err != nil {
		return errWrite{err}
	}
	return nil
}

// csvTime writes a stored time (Unix milliseconds) as RFC 3339 in UTC.
func csvTime(ms string) string {
	n, err := strconv.ParseInt(ms, 10, 64)
	if err != nil || ms == "" {
		return ""
	}
	return time.UnixMilli(n).UTC().Format(time.RFC3339Nano)
}

// noFormula keeps a spreadsheet from reading a name as a formula: text
// that begins with = + - @ (or a tab or carriage return) gets a leading
// apostrophe, which spreadsheets show as text.
func noFormula(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// BG Stats (the board game tracker) imports a "play file": JSON with
// players, games and plays that refer to each other by small ids. Its
// format is not documented publicly; this follows a play file the app
// itself wrote and two programs that write files for it to import (see
// docs/RECORD.md). The ids of things stay the same from export to export
// (uuids derived from our ids), so a second import updates rather than
// duplicates.

// bgsNamespace derives the uuids of players and games in a BG Stats file.
var bgsNamespace = uuid.NewSHA1(uuid.NameSpaceURL, []byte("https://github.com/wuerfelblock/wuerfelblock/bgstats"))

type bgsFile struct {
	About   string      `json:"about"`
	Players []bgsPlayer `json:"players"`
	Games   []bgsGame   `json:"games"`
	Plays   []bgsPlay   `json:"plays"`
}

type bgsPlayer struct {
	ID          int    `json:"id"`
	UUID        string `json:"uuid"`
	Name        string `json:"name"`
	IsAnonymous bool   `json:"isAnonymous"`
}

type bgsGame struct {
	ID          int    `json:"id"`
	UUID        string `json:"uuid"`
	Name        string `json:"name"`
	HighestWins bool   `json:"highestWins"`
	NoPoints    bool   `json:"noPoints"`
	Cooperative bool   `json:"cooperative"`
	UsesTeams   bool   `json:"usesTeams"`
	BGGID       int    `json:"bggId"`
	BGGYear     int    `json:"bggYear"`
}

type bgsPlay struct {
	UUID           string     `json:"uuid"`
	GameRefID      int        `json:"gameRefId"`
	PlayDate       string     `json:"playDate"`
	EntryDate      string     `json:"entryDate"`
	DurationMin    int        `json:"durationMin"`
	Ignored        bool       `json:"ignored"`
	ManualWinner   bool       `json:"manualWinner"`
	Rounds         int        `json:"rounds"`
	UsesTeams      bool       `json:"usesTeams"`
	Rating         int        `json:"rating"`
	ScoringSetting int        `json:"scoringSetting"`
	PlayImages     string     `json:"playImages"`
	PlayerScores   []bgsScore `json:"playerScores"`
}

type bgsScore struct {
	PlayerRefID int    `json:"playerRefId"`
	Score       string `json:"score"`
	Winner      bool   `json:"winner"`
	Rank        int    `json:"rank"`
	SeatOrder   int    `json:"seatOrder"`
	StartPlayer bool   `json:"startPlayer"`
	NewPlayer   bool   `json:"newPlayer"`
}

// bgsDate is how a BG Stats file writes a time: local, to the second.
const bgsDate = "2006-01-02 15:04:05"

// ExportBGStats writes the finished games as a BG Stats play file, with
// game names in l. Times are written in loc (the players' local time).
func (db *DB) ExportBGStats(ctx context.Context, w io.Writer, l validate.Lang, loc *time.Location) (int, error) {
	var f bgsFile
	err := db.view(ctx, func(tx *sql.Tx) error {
		f = bgsFile{About: "A play file for Board Game Stats, written by wuerfelblock (dice games): open it with Board Game Stats to import its plays."}
		rows, err := tx.QueryContext(ctx, `SELECT g.uuid, g.game, g.options, g.started, g.ended, r.seat, p.name, r.total, r.rank, r.won
			FROM games g JOIN results r ON r.game_id = g.id JOIN players p ON p.id = r.player_id
			WHERE g.status = 'finished' ORDER BY g.started, g.uuid, r.seat`)
		if err != nil {
			return err
		}
		defer rows.Close()
		b := bgsBuilder{file: &f, players: map[string]int{}, games: map[string]int{}, lang: l, loc: loc}
		for rows.Next() {
			var r bgsRow
			if err := rows.Scan(&r.id, &r.game, &r.options, &r.started, &r.ended, &r.seat, &r.name, &r.total, &r.rank, &r.won); err != nil {
				return err
			}
			b.add(r)
		}
		return rows.Err()
	})
	if err != nil {
		return 0, err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := json.NewEncoder(bw)
	enc.SetIndent("", " ")
	if err := enc.Encode(f); err != nil {
		return 0, err
	}
	return len(f.Plays), bw.Flush()
}

type bgsRow struct {
	id, game, options, name string
	started, ended          int64
	seat, total, rank       int
	won                     bool
}

type bgsBuilder struct {
	file    *bgsFile
	players map[string]int // name key → id
	games   map[string]int // game id → id
	lang    validate.Lang
	loc     *time.Location
}

func (b *bgsBuilder) add(r bgsRow) {
	plays := b.file.Plays
	if len(plays) == 0 || plays[len(plays)-1].UUID != strings.ToUpper(r.id) {
		started, ended := time.UnixMilli(r.started).In(b.loc), time.UnixMilli(r.ended).In(b.loc)
		p := bgsPlay{UUID: strings.ToUpper(r.id), GameRefID: b.game(r.game), PlayDate: started.Format(bgsDate),
			EntryDate: ended.Format(bgsDate), DurationMin: int(ended.Sub(started).Minutes()), PlayImages: "[]"}
		b.file.Plays = append(plays, p)
	}
	p := &b.file.Plays[len(b.file.Plays)-1]
	p.PlayerScores = append(p.PlayerScores, bgsScore{PlayerRefID: b.player(r.name), Score: strconv.Itoa(r.total),
		Winner: r.won, Rank: r.rank, SeatOrder: r.seat + 1, StartPlayer: r.seat == 0})
}

func (b *bgsBuilder) player(name string) int {
	key := nameKey(name)
	if id, ok := b.players[key]; ok {
		return id
	}
	id := len(b.players) + 1
	b.players[key] = id
	b.file.Players = append(b.file.Players, bgsPlayer{ID: id, Name: name,
		UUID: strings.ToUpper(uuid.NewSHA1(bgsNamespace, []byte("player:"+key)).String())})
	return id
}

func (b *bgsBuilder) game(game string) int {
	if id, ok := b.games[game]; ok {
		return id
	}
	id := len(b.games) + 1
	b.games[game] = id
	name := game
	highest := true
	if info, err := validate.LookupGame(game); err == nil {
		name = info.Name(b.lang)
	}
	if r, err := validate.ParseRules(game, nil); err == nil {
		highest = !r.Variant().LowerWins
	}
	b.file.Games = append(b.file.Games, bgsGame{ID: id, Name: name, HighestWins: highest,
		UUID: strings.ToUpper(uuid.NewSHA1(bgsNamespace, []byte("game:"+game)).String())})
	return id
}
