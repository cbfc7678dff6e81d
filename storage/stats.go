package storage

// Long-term statistics. They read only the summary tables of migration 002
// (turn_stats, event_stats, result_stats), which triggers keep up to date
// with every turn, event and result written or taken back, so a question
// costs a few hundred rows however long the history is.

import (
	"context"
	"database/sql"
	"encoding/json"
	"slices"
	"sort"
	"time"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// StatsFilter selects the statistics: one player, one game, or all.
type StatsFilter struct {
	Player string // "" for every player
	Game   string // "" for every game
}

// PlayerStats are one player's figures, game by game.
type PlayerStats struct {
	Name  string                `json:"name"`
	Games map[string]*GameStats `json:"games"` // by game id
}

// GameStats are a player's figures in one game: over every house-rule set
// together, and per set in HouseRules (a 5050 game and a Zehntausend game
// with verdoppeln are not comparable; nor are two Zehntausend games with
// different house rules).
type GameStats struct {
	Figures
	HouseRules []Figures `json:"house_rules,omitempty"`
}

// Figures are the figures of a player in a game or a house-rule set.
// Played counts finished games; Won counts shared wins too. Turn figures
// (Family, Kniffel, Tot) count every finished turn, also of games that are
// still running or were abandoned.
type Figures struct {
	Options map[string]any `json:"options,omitempty"` // the house rules that differ from the defaults (set figures only)
	Played  int            `json:"played"`
	Won     int            `json:"won"`
	WinRate float64        `json:"win_rate"`
	// AvgTotal and BestTotal are over final totals; the best is the lowest
	// in Zehntausend Rückwärts (minus points).
	AvgTotal      float64   `json:"avg_total"`
	BestTotal     int       `json:"best_total"`
	Streak        int       `json:"streak"` // wins in a row up to the latest game
	LongestStreak int       `json:"longest_streak"`
	LastPlayed    time.Time `json:"last_played,omitzero"`

	Family  *FamilyFigures  `json:"family,omitempty"`
	Kniffel *KniffelFigures `json:"kniffel,omitempty"`
	Tot     *TotFigures     `json:"tot,omitempty"`
	// Review: the review figures of the reviewed games (docs/REVIEW.md).
	Review *ReviewFigures `json:"review,omitempty"`

	key     string // canonical options key
	lastRow int64  // games.id of the latest game, to order ties
}

// Set names the house-rule set of these figures as the charts take it
// (Timeline, TurnPoints, FinalTotals, LossTimeline): the set's options as
// stored, or AllSets for the figures of every set of the game together.
func (fg *Figures) Set() string {
	if fg.key == "*" {
		return AllSets
	}
	return fg.key
}

// AllSets asks the charts for every house-rule set of a game together.
const AllSets = ""

// FamilyFigures are the turn figures of the Zehntausend family.
type FamilyFigures struct {
	Turns     int     `json:"turns"`
	Banked    int     `json:"banked"` // turns written down (stopped, or nix)
	AvgBanked float64 `json:"avg_banked"`
	BestTurn  int     `json:"best_turn"`
	Busts     int     `json:"busts"`
	BustRate  float64 `json:"bust_rate"` // busts per turn
	// ByDice is, for each number of dice thrown, how many throws used that
	// many dice and how many of them scored nothing.
	ByDice         []DiceFigures `json:"by_dice"`
	HotDice        int           `json:"hot_dice"` // passes with all dice set aside
	Failed         int           `json:"failed"`   // busts with a confirmation or proof outstanding
	ResetsSuffered int           `json:"resets_suffered"`
	ResetsCaused   int           `json:"resets_caused"`
	MinusPoints    int           `json:"minus_points,omitempty"` // Rückwärts: minus points taken
}

// DiceFigures are the throws of a number of dice.
type DiceFigures struct {
	Dice     int     `json:"dice"`
	Throws   int     `json:"throws"`
	Busts    int     `json:"busts"`
	BustRate float64 `json:"bust_rate"` // busts per throw of that many dice
}

// KniffelFigures are the figures of Kniffel.
type KniffelFigures struct {
	UpperBonus     int          `json:"upper_bonus"`      // games with the upper bonus
	UpperBonusRate float64      `json:"upper_bonus_rate"` // per game played
	Kniffels       int          `json:"kniffels"`         // Kniffel box filled with 50
	KniffelBonuses int          `json:"kniffel_bonuses"`  // further Kniffels, 100 each
	Boxes          []BoxFigures `json:"boxes"`
}

// BoxFigures are the figures of one Kniffel box.
type BoxFigures struct {
	Category string  `json:"category"`
	Filled   int     `json:"filled"`
	Avg      float64 `json:"avg"`
	Struck   int     `json:"struck"` // filled with 0
}

// TotFigures are the figures of Totwürfeln and Dreißig tot.
type TotFigures struct {
	Turns   int     `json:"turns"`
	AvgTurn float64 `json:"avg_turn"` // pips per turn
	Best    int     `json:"best_turn"`
	// Dreißig tot: attacks on the Vordermann made and suffered, and the pips
	// taken and lost by them.
	AttacksMade     int `json:"attacks_made"`
	AttacksSuffered int `json:"attacks_suffered"`
	PointsTaken     int `json:"points_taken"`
	PointsLost      int `json:"points_lost"`
}

// Stats computes the figures of the players and games the filter selects.
// Players without a finished game or a finished turn in a selected game are
// left out; a named player who does not exist is a CodeNotFound error.
// Players come in the order of their names, games in the app's order.
func (db *DB) Stats(ctx context.Context, f StatsFilter) ([]PlayerStats, error) {
	if f.Game != "" {
		info, err := validate.LookupGame(f.Game)
		if err != nil {
			return nil, err
		}
		f.Game = string(info.ID)
	}
	var out []PlayerStats
	err := db.view(ctx, func(tx *sql.Tx) error {
		var pid int64 = -1
		if f.Player != "" {
			p, err := findPlayer(ctx, tx, f.Player)
			if err != nil {
				return err
			}
			pid = p.ID
		}
		c := newCollector()
		if err := c.results(ctx, tx, pid, f.Game); err != nil {
			return err
		}
		if err := c.turns(ctx, tx, pid, f.Game); err != nil {
			return err
		}
		if err := c.diceThrows(ctx, tx, pid, f.Game); err != nil {
			return err
		}
		if err := c.events(ctx, tx, pid, f.Game); err != nil {
			return err
		}
		if err := c.reviews(ctx, tx, pid, f.Game); err != nil {
			return err
		}
		out = c.finish()
		return nil
	})
	return out, err
}

// collector gathers the rows of the three summary tables.
type collector struct {
	players map[int64]*PlayerStats
	sets    map[setKey]*Figures
	// Kniffel boxes and dice rows are gathered before they become slices.
	boxes map[setKey]map[string]*BoxFigures
	dice  map[setKey]map[int]*DiceFigures
}

type setKey struct {
	player  int64
	game    string
	options string // "*" for the game over every set
}

func newCollector() *collector {
	return &collector{players: map[int64]*PlayerStats{}, sets: map[setKey]*Figures{},
		boxes: map[setKey]map[string]*BoxFigures{}, dice: map[setKey]map[int]*DiceFigures{}}
}

// filter is the WHERE clause for a player id (-1: all) and game ("": all).
func filter(pid int64, game string) (string, []any) {
	return ` WHERE (? < 0 OR s.player_id = ?) AND (? = '' OR s.game = ?)`, []any{pid, pid, game, game}
}

func (c *collector) player(id int64, name string) {
	if _, ok := c.players[id]; !ok {
		c.players[id] = &PlayerStats{Name: name, Games: map[string]*GameStats{}}
	}
}

// set returns the figures of a set, and of the game over every set.
func (c *collector) set(k setKey) (*Figures, *Figures) {
	one := c.sets[k]
	if one == nil {
		one = &Figures{key: k.options}
		c.sets[k] = one
	}
	all := setKey{k.player, k.game, "*"}
	every := c.sets[all]
	if every == nil {
		every = &Figures{key: "*"}
		c.sets[all] = every
	}
	return one, every
}

func (c *collector) results(ctx context.Context, tx *sql.Tx, pid int64, game string) error {
	where, args := filter(pid, game)
	rows, err := tx.QueryContext(ctx, `SELECT s.player_id, p.name, s.game, s.options, s.played, s.won, s.total, s.high, s.low,
		s.last, s.last_game, s.streak, s.longest FROM result_stats s JOIN players p ON p.id = s.player_id`+where, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var k setKey
		var name string
		var total, high, low, last int64
		fg := &Figures{}
		if err := rows.Scan(&k.player, &name, &k.game, &k.options, &fg.Played, &fg.Won, &total, &high, &low,
			&last, &fg.lastRow, &fg.Streak, &fg.LongestStreak); err != nil {
			return err
		}
		c.player(k.player, name)
		fg.key = k.options
		fg.LastPlayed = time.UnixMilli(last)
		if fg.Played > 0 {
			fg.WinRate = float64(fg.Won) / float64(fg.Played)
			fg.AvgTotal = float64(total) / float64(fg.Played)
		}
		fg.BestTotal = int(high)
		if validate.VariantOf(validate.GameID(k.game)).LowerWins {
			fg.BestTotal = int(low)
		}
		if old := c.sets[k]; old != nil { // turn figures came first: keep them
			fg.Family, fg.Kniffel, fg.Tot, fg.Review = old.Family, old.Kniffel, old.Tot, old.Review
		}
		c.sets[k] = fg
	}
	return rows.Err()
}

// nested returns m[outer][inner], made by mk when it is not there yet.
func nested[K comparable, V any](m map[setKey]map[K]*V, outer setKey, inner K, mk func() *V) *V {
	in := m[outer]
	if in == nil {
		in = map[K]*V{}
		m[outer] = in
	}
	v := in[inner]
	if v == nil {
		v = mk()
		in[inner] = v
	}
	return v
}

// diceThrows reads the throws and busts by the number of dice thrown.
func (c *collector) diceThrows(ctx context.Context, tx *sql.Tx, pid int64, game string) error {
	where, args := filter(pid, game)
	rows, err := tx.QueryContext(ctx, `SELECT s.player_id, p.name, s.game, s.options, s.dice, s.throws, s.busts
		FROM dice_stats s JOIN players p ON p.id = s.player_id`+where, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var k setKey
		var name string
		var dice, throws, busts int
		if err := rows.Scan(&k.player, &name, &k.game, &k.options, &dice, &throws, &busts); err != nil {
			return err
		}
		if throws <= 0 {
			continue
		}
		c.player(k.player, name)
		one, every := c.set(k)
		for _, fg := range []*Figures{one, every} {
			fg.family()
			d := nested(c.dice, setKey{k.player, k.game, fg.key}, dice, func() *DiceFigures { return &DiceFigures{Dice: dice} })
			d.Throws += throws
			d.Busts += busts
		}
	}
	return rows.Err()
}

func (c *collector) turns(ctx context.Context, tx *sql.Tx, pid int64, game string) error {
	where, args := filter(pid, game)
	rows, err := tx.QueryContext(ctx, `SELECT s.player_id, p.name, s.game, s.options, s.end_kind, s.dice_left, s.category,
		s.turns, s.points, s.best, s.zeros, s.hot_dice, s.failed, s.attacks, s.taken
		FROM turn_stats s JOIN players p ON p.id = s.player_id`+where, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var k setKey
		var name, end, cat string
		var left, turns, points, best, zeros, hot, failed, attacks, taken int
		if err := rows.Scan(&k.player, &name, &k.game, &k.options, &end, &left, &cat,
			&turns, &points, &best, &zeros, &hot, &failed, &attacks, &taken); err != nil {
			return err
		}
		if turns <= 0 {
			continue
		}
		c.player(k.player, name)
		one, every := c.set(k)
		v := validate.VariantOf(validate.GameID(k.game))
		for _, fg := range []*Figures{one, every} {
			kk := setKey{k.player, k.game, fg.key}
			switch v.Family {
			case validate.FamilyKniffel:
				kf := fg.kniffel()
				if cat == validate.Kniffel.ID() {
					kf.Kniffels += turns - zeros
				}
				b := nested(c.boxes, kk, cat, func() *BoxFigures { return &BoxFigures{Category: cat} })
				b.Filled += turns
				b.Avg += float64(points) // a sum until finish
				b.Struck += zeros
			case validate.FamilyTot, validate.FamilyDreissig:
				tf := fg.tot()
				if tf.Turns == 0 || best > tf.Best {
					tf.Best = best
				}
				tf.Turns += turns
				tf.AvgTurn += float64(points)
				tf.AttacksMade += attacks
				tf.PointsTaken += taken
			default:
				ff := fg.family()
				ff.Turns += turns
				ff.HotDice += hot
				ff.Failed += failed
				switch endKindOf(end) {
				case validate.Stopped, validate.NixEnd: // written down (nix pays 1000)
					if ff.Banked == 0 || best > ff.BestTurn {
						ff.BestTurn = best
					}
					ff.Banked += turns
					ff.AvgBanked += float64(points)
				case validate.Bust:
					ff.Busts += turns
					if v.Settle == validate.SettleTable { // a bust takes the table as minus points
						ff.MinusPoints += points
					}
				}
			}
		}
	}
	return rows.Err()
}

func (fg *Figures) family() *FamilyFigures {
	if fg.Family == nil {
		fg.Family = &FamilyFigures{}
	}
	return fg.Family
}

func (fg *Figures) kniffel() *KniffelFigures {
	if fg.Kniffel == nil {
		fg.Kniffel = &KniffelFigures{}
	}
	return fg.Kniffel
}

func (fg *Figures) tot() *TotFigures {
	if fg.Tot == nil {
		fg.Tot = &TotFigures{}
	}
	return fg.Tot
}

func (c *collector) events(ctx context.Context, tx *sql.Tx, pid int64, game string) error {
	where, args := filter(pid, game)
	rows, err := tx.QueryContext(ctx, `SELECT s.player_id, p.name, s.game, s.options, s.role, s.kind, s.n, s.points
		FROM event_stats s JOIN players p ON p.id = s.player_id`+where, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var k setKey
		var name, role, kind string
		var n, points int
		if err := rows.Scan(&k.player, &name, &k.game, &k.options, &role, &kind, &n, &points); err != nil {
			return err
		}
		if n <= 0 {
			continue
		}
		c.player(k.player, name)
		one, every := c.set(k)
		for _, fg := range []*Figures{one, every} {
			switch ev := scoresheet.EventKind(kind); {
			case ev == scoresheet.EventReset && role == "to":
				fg.family().ResetsSuffered += n
			case ev == scoresheet.EventReset && role == "by":
				fg.family().ResetsCaused += n
			case ev == scoresheet.EventUpperBonus && role == "to":
				fg.kniffel().UpperBonus += n
			case ev == scoresheet.EventKniffelBonus && role == "to":
				fg.kniffel().KniffelBonuses += n
			case ev == scoresheet.EventAttack && role == "to":
				fg.tot().AttacksSuffered += n
				fg.tot().PointsLost += points
			}
		}
	}
	return rows.Err()
}

// options is a house-rule set as values (the rules' combination table is
// built only when a throw is judged, so this is cheap).
func (c *collector) options(game, key string) map[string]any {
	var raw validate.RawOptions
	if err := json.Unmarshal([]byte(key), &raw); err != nil {
		return map[string]any{}
	}
	r, err := validate.ParseRules(game, raw)
	if err != nil {
		return map[string]any{}
	}
	return r.Options.Map(r.Game)
}

// finish turns sums into averages and the sets into the answer.
func (c *collector) finish() []PlayerStats {
	keys := make([]setKey, 0, len(c.sets))
	for k := range c.sets {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].options < keys[j].options })
	for _, k := range keys {
		fg := c.sets[k]
		if f := fg.Family; f != nil {
			f.AvgBanked = avg(f.AvgBanked, f.Banked)
			f.BustRate = rate(f.Busts, f.Turns)
			for _, d := range c.dice[k] {
				d.BustRate = rate(d.Busts, d.Throws)
				f.ByDice = append(f.ByDice, *d)
			}
			slices.SortFunc(f.ByDice, func(a, b DiceFigures) int { return a.Dice - b.Dice })
		}
		if t := fg.Tot; t != nil {
			t.AvgTurn = avg(t.AvgTurn, t.Turns)
		}
		if r := fg.Review; r != nil {
			r.finish()
		}
		if kf := fg.Kniffel; kf != nil {
			kf.UpperBonusRate = rate(kf.UpperBonus, fg.Played)
			for cat := range validate.NumCategories {
				b := BoxFigures{Category: cat.ID()}
				if got := c.boxes[k][cat.ID()]; got != nil {
					b = *got
				}
				b.Avg = avg(b.Avg, b.Filled)
				kf.Boxes = append(kf.Boxes, b)
			}
		}
		p := c.players[k.player]
		gs := p.Games[k.game]
		if gs == nil {
			gs = &GameStats{}
			p.Games[k.game] = gs
		}
		if k.options == "*" {
			gs.Figures = *fg
			continue
		}
		fg.Options = c.options(k.game, k.options)
		gs.HouseRules = append(gs.HouseRules, *fg)
	}
	out := make([]PlayerStats, 0, len(c.players))
	for _, p := range c.players {
		out = append(out, *p)
	}
	slices.SortFunc(out, func(a, b PlayerStats) int { return compareNames(a.Name, b.Name) })
	return out
}

func avg(sum float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

func rate(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(k) / float64(n)
}

func compareNames(a, b string) int {
	ka, kb := nameKey(a), nameKey(b)
	switch {
	case ka < kb:
		return -1
	case ka > kb:
		return 1
	}
	return 0
}

// HeadToHead is how two players fared in the finished games they played
// together.
type HeadToHead struct {
	A, B  string
	Games []PairFigures // one per game id, in the app's order, then the sum
	Total PairFigures
}

// PairFigures count the finished games of a pair: who finished ahead (a
// better rank), and how often they finished level.
type PairFigures struct {
	Game    string    `json:"game,omitempty"`
	Played  int       `json:"played"`
	AAhead  int       `json:"a_ahead"`
	BAhead  int       `json:"b_ahead"`
	Level   int       `json:"level"`
	AWon    int       `json:"a_won"` // games A won (shared wins count)
	BWon    int       `json:"b_won"`
	Last    time.Time `json:"last_played,omitzero"`
	AvgDiff float64   `json:"avg_diff"` // A's final total minus B's, on average
}

// HeadToHead compares two players over the finished games they played
// together, in one game or ("") in all.
func (db *DB) HeadToHead(ctx context.Context, a, b, game string) (HeadToHead, error) {
	h := HeadToHead{}
	if game != "" {
		info, err := validate.LookupGame(game)
		if err != nil {
			return h, err
		}
		game = string(info.ID)
	}
	err := db.view(ctx, func(tx *sql.Tx) error {
		pa, err := findPlayer(ctx, tx, a)
		if err != nil {
			return err
		}
		pb, err := findPlayer(ctx, tx, b)
		if err != nil {
			return err
		}
		h.A, h.B = pa.Name, pb.Name
		rows, err := tx.QueryContext(ctx, `
			SELECT ra.game, count(*), sum(ra.rank < rb.rank), sum(ra.rank > rb.rank), sum(ra.rank = rb.rank),
				sum(ra.won), sum(rb.won), max(ra.ended), avg(ra.total - rb.total)
			FROM results ra JOIN results rb ON rb.game_id = ra.game_id AND rb.player_id = ?
			WHERE ra.player_id = ? AND (? = '' OR ra.game = ?)
			GROUP BY ra.game`, pb.ID, pa.ID, game, game)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p PairFigures
			var last int64
			if err := rows.Scan(&p.Game, &p.Played, &p.AAhead, &p.BAhead, &p.Level, &p.AWon, &p.BWon, &last, &p.AvgDiff); err != nil {
				return err
			}
			p.Last = time.UnixMilli(last)
			h.Games = append(h.Games, p)
			t := &h.Total
			t.Played += p.Played
			t.AAhead += p.AAhead
			t.BAhead += p.BAhead
			t.Level += p.Level
			t.AWon += p.AWon
			t.BWon += p.BWon
			if p.Last.After(t.Last) {
				t.Last = p.Last
			}
		}
		return rows.Err()
	})
	slices.SortFunc(h.Games, func(x, y PairFigures) int { return gameOrder(x.Game) - gameOrder(y.Game) })
	h.Total.AvgDiff = 0 // totals of different games do not add up
	return h, err
}

// gameOrder is the position of a game in the app's list.
func gameOrder(id string) int {
	for i, g := range validate.Games() {
		if string(g.ID) == id {
			return i
		}
	}
	return len(id) + 100
}

// TotalPoint is one finished game of a player on a chart over time.
type TotalPoint struct {
	Ended time.Time `json:"ended"`
	Total int       `json:"total"`
	Won   bool      `json:"won"`
}

// Timeline is a player's final totals in a game, the last n finished games
// (n <= 0: all), oldest first: of the house-rule set set (Figures.Set), or
// of every set together (AllSets).
func (db *DB) Timeline(ctx context.Context, player, game, set string, n int) ([]TotalPoint, error) {
	if n <= 0 {
		n = -1
	}
	var out []TotalPoint
	err := db.view(ctx, func(tx *sql.Tx) error {
		p, err := findPlayer(ctx, tx, player)
		if err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT ended, total, won FROM results
			WHERE player_id = ? AND game = ? AND (? = '' OR options = ?) ORDER BY ended DESC, game_id DESC LIMIT ?`, p.ID, game, set, set, n)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var tp TotalPoint
			var ended int64
			if err := rows.Scan(&ended, &tp.Total, &tp.Won); err != nil {
				return err
			}
			tp.Ended = time.UnixMilli(ended)
			out = append(out, tp)
		}
		return rows.Err()
	})
	slices.Reverse(out)
	return out, err
}

// Count is how often a value occurred.
type Count struct {
	Value int `json:"value"`
	N     int `json:"n"`
}

// TurnPoints is how often each number of points was written for a player's
// turns of a game (0 for a bust), lowest first: of the house-rule set set
// (Figures.Set), or of every set together (AllSets).
func (db *DB) TurnPoints(ctx context.Context, player, game, set string) ([]Count, error) {
	if set == AllSets {
		return db.counts(ctx, `SELECT points, count(*) FROM turns WHERE player_id = ? AND game = ? GROUP BY points ORDER BY points`, player, game)
	}
	// The turns carry no house rules: their game's row has them.
	return db.counts(ctx, `SELECT t.points, count(*) FROM turns t JOIN games g ON g.id = t.game_id
		WHERE t.player_id = ? AND t.game = ? AND g.options = ? GROUP BY t.points ORDER BY t.points`, player, game, set)
}

// FinalTotals is how often each final total occurred in a player's
// finished games of a game, lowest first: of the house-rule set set
// (Figures.Set), or of every set together (AllSets).
func (db *DB) FinalTotals(ctx context.Context, player, game, set string) ([]Count, error) {
	return db.counts(ctx, `SELECT total, count(*) FROM results WHERE player_id = ? AND game = ? AND (? = '' OR options = ?)
		GROUP BY total ORDER BY total`, player, game, set, set)
}

// counts runs query, a count of values for the player (its first
// parameter) and args.
func (db *DB) counts(ctx context.Context, query, player string, args ...any) ([]Count, error) {
	var out []Count
	err := db.view(ctx, func(tx *sql.Tx) error {
		p, err := findPlayer(ctx, tx, player)
		if err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, query, append([]any{p.ID}, args...)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var c Count
			if err := rows.Scan(&c.Value, &c.N); err != nil {
				return err
			}
			out = append(out, c)
		}
		return rows.Err()
	})
	return out, err
}

// PlayedGame is a game played elsewhere (by the history generator) to be
// stored whole.
type PlayedGame struct {
	ID             string // a UUID
	Started, Ended time.Time
	Game           *scoresheet.Game
}

// StorePlayed stores games already played through the engine, with their
// entries and every summary, as Import does but without judging them again
// and many games to a transaction: the fast way to fill a database with a
// generated history. next gives the games until ok is false; a game whose id
// is present is skipped. progress (may be nil) hears the count so far.
func (db *DB) StorePlayed(ctx context.Context, next func() (PlayedGame, bool), progress func(stored int)) (stored int, err error) {
	const batch = 500
	for {
		// A batch and its reviews are made before the write transaction.
		var games []PlayedGame
		var reviews [][]ReviewRow
		for len(games) < batch {
			pg, ok := next()
			if !ok {
				break
			}
			games, reviews = append(games, pg), append(reviews, db.reviewOf(pg.Game))
		}
		if len(games) == 0 {
			return stored, nil
		}
		n := 0
		err := db.update(ctx, func(tx *sql.Tx) error {
			n = 0
			for i, pg := range games {
				ok, err := db.storePlayed(ctx, tx, pg, reviews[i])
				if err != nil {
					return err
				}
				if ok {
					n++
				}
			}
			return nil
		})
		if err != nil {
			return stored, err
		}
		stored += n
		if progress != nil {
			progress(stored)
		}
		if len(games) < batch {
			return stored, nil
		}
	}
}

// storePlayed stores one played game with its review rv, unless its id is
// present (ok false).
func (db *DB) storePlayed(ctx context.Context, tx *sql.Tx, pg PlayedGame, rv []ReviewRow) (ok bool, err error) {
	id, err := NormalizeID(pg.ID)
	if err != nil {
		return false, err
	}
	var have int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE uuid = ?`, id).Scan(&have); err != nil || have > 0 {
		return false, err
	}
	r := ExportRecord{ID: id, Started: pg.Started, Ended: pg.Ended, review: rv}
	if !pg.Game.Finished() {
		r.Status = Abandoned
	}
	return true, db.importGame(ctx, tx, id, r, pg.Game, db.now())
}

// Leaderboard orders the players who played game g: more wins per game
// first, then the better average final total (the higher; the lower where
// the lowest total wins, Zehntausend Rückwärts), then more games; the
// order given (by name) breaks ties. figures gives player i's figures (nil
// for none); the answer is their indices.
func Leaderboard(g validate.GameID, n int, figures func(i int) *Figures) []int {
	var out []int
	for i := range n {
		if f := figures(i); f != nil && f.Played > 0 {
			out = append(out, i)
		}
	}
	lower := validate.VariantOf(g).LowerWins
	sort.SliceStable(out, func(a, b int) bool {
		fa, fb := figures(out[a]), figures(out[b])
		switch {
		case fa.WinRate != fb.WinRate:
			return fa.WinRate > fb.WinRate
		case fa.AvgTotal != fb.AvgTotal:
			return fa.AvgTotal > fb.AvgTotal != lower
		}
		return fa.Played > fb.Played
	})
	return out
}
