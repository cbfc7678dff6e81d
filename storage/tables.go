package storage

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
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

// CSVHeaders are the header rows of ExportCSV's three tables, as written.
func CSVHeaders() (games, turns, totals string) {
	return strings.Join(gamesCSV.header, ","), strings.Join(turnsCSV.header, ","), strings.Join(totalsCSV.header, ",")
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

// BG Stats (the board game tracker) imports a "play file" (.bgsplay): JSON
// with players, locations, games and plays that refer to each other by small
// integer ids. BG Stats documents only its one-play push link, not this
// file; what is written here follows the files the app itself writes (its
// data exports on iOS and Android, and programs that read or write its play
// files), see docs/RECORD.md. Every field the app always writes is written,
// with the app's types (booleans as booleans, numbers as numbers, a score
// as text), because its importer on Android refuses an object with a
// missing field. The uuids stay the same from export to export (derived
// from our ids and names), so a second import updates rather than
// duplicates.

// bgsNamespace derives the uuids of players and games in a BG Stats file.
var bgsNamespace = uuid.NewSHA1(uuid.NameSpaceURL, []byte("https://github.com/wuerfelblock/wuerfelblock/bgstats"))

type bgsFile struct {
	About     string        `json:"about"`
	Players   []bgsPlayer   `json:"players"`
	Locations []bgsLocation `json:"locations"`
	Games     []bgsGame     `json:"games"`
	Plays     []bgsPlay     `json:"plays"`
	UserInfo  bgsUserInfo   `json:"userInfo"`
}

// bgsUserInfo names the player who is "me" in the file: none (0), since
// the score pad does not know who imports it.
type bgsUserInfo struct {
	MeRefID int `json:"meRefId"`
}

type bgsPlayer struct {
	ID               int    `json:"id"`
	UUID             string `json:"uuid"`
	Name             string `json:"name"`
	IsAnonymous      bool   `json:"isAnonymous"`
	ModificationDate string `json:"modificationDate"`
	BGGUsername      string `json:"bggUsername"`
}

// bgsLocation is the shape of a location; the score pad records none, so
// the list stays empty and plays have no locationRefId (as the app writes
// a play without a location).
type bgsLocation struct {
	ID               int    `json:"id"`
	UUID             string `json:"uuid"`
	Name             string `json:"name"`
	ModificationDate string `json:"modificationDate"`
}

type bgsGame struct {
	ID               int        `json:"id"`
	UUID             string     `json:"uuid"`
	Name             string     `json:"name"`
	ModificationDate string     `json:"modificationDate"`
	Cooperative      bool       `json:"cooperative"`
	HighestWins      bool       `json:"highestWins"`
	NoPoints         bool       `json:"noPoints"`
	UsesTeams        bool       `json:"usesTeams"`
	BGGID            int        `json:"bggId"`
	BGGYear          int        `json:"bggYear"`
	IsBaseGame       int        `json:"isBaseGame"`
	IsExpansion      int        `json:"isExpansion"`
	Rating           int        `json:"rating"`
	MinPlayerCount   int        `json:"minPlayerCount"`
	MaxPlayerCount   int        `json:"maxPlayerCount"`
	MinPlayTime      int        `json:"minPlayTime"`
	MaxPlayTime      int        `json:"maxPlayTime"`
	MinAge           int        `json:"minAge"`
	PreferredImage   int        `json:"preferredImage"`
	Copies           []struct{} `json:"copies"`
}

type bgsPlay struct {
	UUID             string     `json:"uuid"`
	ModificationDate string     `json:"modificationDate"`
	EntryDate        string     `json:"entryDate"`
	PlayDate         string     `json:"playDate"`
	UsesTeams        bool       `json:"usesTeams"`
	DurationMin      int        `json:"durationMin"`
	Ignored          bool       `json:"ignored"`
	ManualWinner     bool       `json:"manualWinner"`
	Rounds           int        `json:"rounds"`
	BGGID            int        `json:"bggId"`
	NemestatsID      int        `json:"nemestatsId"`
	ImportPlayID     int        `json:"importPlayId"`
	GameRefID        int        `json:"gameRefId"`
	Rating           int        `json:"rating"`
	ScoringSetting   int        `json:"scoringSetting"`
	PlayImages       string     `json:"playImages"`
	ExpansionPlays   []struct{} `json:"expansionPlays"`
	PlayerScores     []bgsScore `json:"playerScores"`
}

type bgsScore struct {
	PlayerRefID   int    `json:"playerRefId"`
	Score         string `json:"score"`
	Winner        bool   `json:"winner"`
	NewPlayer     bool   `json:"newPlayer"`
	StartPlayer   bool   `json:"startPlayer"`
	Rank          int    `json:"rank"`
	SeatOrder     int    `json:"seatOrder"`
	StartPosition string `json:"startPosition"`
	total         int
}

// bgsDate is how a BG Stats file writes a time: the players' local time,
// to the second, without a zone.
const bgsDate = "2006-01-02 15:04:05"

// bgsAbout is the file's "about": what it is, for a person who opens it.
const bgsAbout = "A play file for BG Stats (Board Game Stats), written by wuerfelblock: open it with BG Stats to import its plays."

// ExportBGStats writes the finished games as a BG Stats play file, with
// game names in l, times in loc (the players' local time), and returns how
// many plays it wrote.
func (db *DB) ExportBGStats(ctx context.Context, w io.Writer, l validate.Lang, loc *time.Location) (int, error) {
	b := bgsBuilder{players: map[string]int{}, games: map[string]int{}, seen: map[[2]int]bool{}, lang: l, loc: loc}
	b.file = bgsFile{About: bgsAbout, Players: []bgsPlayer{}, Locations: []bgsLocation{}, Games: []bgsGame{}, Plays: []bgsPlay{}}
	err := db.view(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT g.uuid, g.game, g.started, coalesce(g.ended, r.ended), r.players,
			coalesce((SELECT max(t.turn) + 1 FROM turns t WHERE t.game_id = g.id), 0),
			r.seat, p.name, r.total, r.rank, r.won
			FROM games g JOIN results r ON r.game_id = g.id JOIN players p ON p.id = r.player_id
			WHERE g.status = 'finished' ORDER BY g.started, g.uuid, r.seat`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r bgsRow
			if err := rows.Scan(&r.id, &r.game, &r.started, &r.ended, &r.players, &r.turns, &r.seat, &r.name, &r.total, &r.rank, &r.won); err != nil {
				return err
			}
			b.add(r)
		}
		return rows.Err()
	})
	if err != nil {
		return 0, err
	}
	b.finish()
	if err := b.file.write(w); err != nil {
		return 0, errWrite{err}
	}
	return len(b.file.Plays), nil
}

// write writes the file as json.Encoder with a one-space indent would,
// one element at a time (a history's file is not held twice in memory).
func (f *bgsFile) write(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	about, _ := json.Marshal(f.About)
	fmt.Fprintf(bw, "{\n \"about\": %s,\n", about)
	for _, err := range []error{
		writeList(bw, "players", f.Players), writeList(bw, "locations", f.Locations),
		writeList(bw, "games", f.Games), writeList(bw, "plays", f.Plays),
	} {
		if err != nil {
			return err
		}
	}
	user, err := json.MarshalIndent(f.UserInfo, " ", " ")
	if err != nil {
		return err
	}
	fmt.Fprintf(bw, " \"userInfo\": %s\n}\n", user)
	return bw.Flush()
}

// writeList writes one list of the file and the comma after it.
func writeList[T any](bw *bufio.Writer, name string, items []T) error {
	if len(items) == 0 {
		_, err := fmt.Fprintf(bw, " %q: [],\n", name)
		return err
	}
	fmt.Fprintf(bw, " %q: [\n", name)
	for i, it := range items {
		b, err := json.MarshalIndent(it, "  ", " ")
		if err != nil {
			return err
		}
		sep := ",\n"
		if i == len(items)-1 {
			sep = "\n"
		}
		bw.WriteString("  ")
		bw.Write(b)
		bw.WriteString(sep)
	}
	_, err := bw.WriteString(" ],\n")
	return err
}

type bgsRow struct {
	id, game, name                    string
	started, ended                    int64
	players, turns, seat, total, rank int
	won                               bool
}

type bgsBuilder struct {
	file    bgsFile
	players map[string]int  // name key → id
	games   map[string]int  // game id → id
	seen    map[[2]int]bool // (player id, game id) in an earlier play
	lang    validate.Lang
	loc     *time.Location
}

func (b *bgsBuilder) add(r bgsRow) {
	ended := time.UnixMilli(r.ended).In(b.loc)
	game := b.game(r.game, ended)
	if n := len(b.file.Plays); n == 0 || b.file.Plays[n-1].UUID != strings.ToUpper(r.id) {
		started := time.UnixMilli(r.started).In(b.loc)
		rounds := 0
		if r.players > 0 {
			rounds = (r.turns + r.players - 1) / r.players
		}
		b.file.Plays = append(b.file.Plays, bgsPlay{UUID: strings.ToUpper(r.id), GameRefID: game,
			PlayDate: started.Format(bgsDate), EntryDate: ended.Format(bgsDate), ModificationDate: ended.Format(bgsDate),
			DurationMin: max(0, int(ended.Sub(started).Minutes())), Rounds: rounds,
			PlayImages: "[]", ExpansionPlays: []struct{}{}})
	}
	p := &b.file.Plays[len(b.file.Plays)-1]
	player := b.player(r.name, ended)
	key := [2]int{player, game}
	p.PlayerScores = append(p.PlayerScores, bgsScore{PlayerRefID: player, Score: strconv.Itoa(r.total), total: r.total,
		Winner: r.won, NewPlayer: !b.seen[key], Rank: r.rank,
		SeatOrder: r.seat + 1, StartPosition: strconv.Itoa(r.seat + 1), StartPlayer: r.seat == 0})
	b.seen[key] = true
}

// finish marks the plays whose winners are not simply the best totals
// (a tie that the seat order broke) as having a winner set by hand, so
// that BG Stats keeps ours instead of working them out from the scores.
func (b *bgsBuilder) finish() {
	for i := range b.file.Plays {
		p := &b.file.Plays[i]
		highest := b.file.Games[p.GameRefID-1].HighestWins
		best := p.PlayerScores[0].total
		for _, s := range p.PlayerScores {
			if highest && s.total > best || !highest && s.total < best {
				best = s.total
			}
		}
		for _, s := range p.PlayerScores {
			if s.Winner != (s.total == best) {
				p.ManualWinner = true
			}
		}
	}
}

func (b *bgsBuilder) player(name string, ended time.Time) int {
	key := nameKey(name)
	id, ok := b.players[key]
	if !ok {
		id = len(b.players) + 1
		b.players[key] = id
		b.file.Players = append(b.file.Players, bgsPlayer{ID: id, Name: name,
			UUID: strings.ToUpper(uuid.NewSHA1(bgsNamespace, []byte("player:"+key)).String())})
	}
	later(&b.file.Players[id-1].ModificationDate, ended)
	return id
}

func (b *bgsBuilder) game(game string, ended time.Time) int {
	id, ok := b.games[game]
	if !ok {
		id = len(b.games) + 1
		b.games[game] = id
		name := game
		if info, err := validate.LookupGame(game); err == nil {
			name = info.Name(b.lang)
		}
		b.file.Games = append(b.file.Games, bgsGame{ID: id, Name: name, IsBaseGame: 1, Copies: []struct{}{},
			HighestWins: !scoresheet.LowerWins(validate.GameID(game)),
			UUID:        strings.ToUpper(uuid.NewSHA1(bgsNamespace, []byte("game:"+game)).String())})
	}
	later(&b.file.Games[id-1].ModificationDate, ended)
	return id
}

// later sets *date to t if t is later: a player's or game's modification
// date is the end of its last play.
func later(date *string, t time.Time) {
	if s := t.Format(bgsDate); s > *date {
		*date = s
	}
}
