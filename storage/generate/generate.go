// Package generate makes a realistic history of finished games for
// benchmarks and for trying the statistics: a club of players who meet in
// the evenings and play all seven games under a few house-rule sets. Every
// game is played through the rules engine (scoresheet.Game.Apply) by simple,
// sensible strategies; the dice come from a random source seeded by the
// caller, so the same seed always gives the same history. This package is
// the only place in wuerfelblock that rolls dice.
package generate

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Version changes whenever the same seed would give a different history
// (strategies, rule sets, timing); caches of generated databases key on it.
const Version = 2

// Config says what to generate.
type Config struct {
	Games   int    // finished games to make
	Seed    uint64 // the same seed gives the same games
	Players int    // size of the club (default 12, at most len(Names))
	// Start is the first evening (default 2016-01-08 19:00 UTC).
	Start time.Time
	// End, when set, moves the whole history by whole days so that its
	// last game ends at or before End (the same games, dated earlier):
	// a history for today never lies in the future.
	End time.Time
}

// Names are the club's players, in the order they join.
var Names = []string{"Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hannes",
	"Ida", "Jonas", "Karla", "Lukas", "Mia", "Noah", "Oma Hilde", "Paul"}

// Game is one generated, finished game.
type Game struct {
	ID      string // a UUID made from the seed
	Started time.Time
	Ended   time.Time
	Game    *scoresheet.Game
}

// ruleSet is a house-rule set the club plays, with how often.
type ruleSet struct {
	weight  int
	game    validate.GameID
	options map[string]any
	seats   [2]int // fewest and most players
}

var ruleSets = []ruleSet{
	{14, validate.Game5050, nil, [2]int{2, 5}},
	{9, validate.Game5000, nil, [2]int{2, 4}},
	{8, validate.GameZehntausend, nil, [2]int{2, 5}},
	{4, validate.GameZehntausend, map[string]any{"verdoppeln": true}, [2]int{2, 5}},
	{4, validate.GameZehntausend, map[string]any{"wuerfel": 6, "strasse": 1000, "drei_paare": 1000, "ziel": 5000}, [2]int{2, 5}},
	{8, validate.GameRueckwaerts, nil, [2]int{3, 6}},
	{14, validate.GameKniffel, nil, [2]int{1, 5}},
	{4, validate.GameKniffel, map[string]any{"joker": true}, [2]int{2, 5}},
	{9, validate.GameTotwuerfeln, nil, [2]int{2, 6}},
	{3, validate.GameTotwuerfeln, map[string]any{"killer": []int{5, 6}, "runden": 5}, [2]int{2, 6}},
	{9, validate.GameDreissigTot, nil, [2]int{2, 5}},
	{3, validate.GameDreissigTot, map[string]any{"hundert": true}, [2]int{2, 2}},
}

// maxEntries ends a game that runs away (a 5000 game where nobody lands on
// exactly 5000); it is dropped and another one is played.
const maxEntries = 4000

// style is how a player plays: how many turn points are enough to stop.
type style struct {
	stopAt    int     // stop with this many turn points and 3 or more dice in the cup
	stopAtLow int     // ... and with 1 or 2 dice in the cup
	careless  float64 // chance of a careless stop in 5000 that passes 5000
}

// Generator makes games one after the other.
type Generator struct {
	cfg    Config
	rng    *rand.Rand
	rules  []*validate.Rules
	styles []style
	clock  time.Time
	made   int
	total  int
}

// New makes a generator.
func New(cfg Config) (*Generator, error) {
	if cfg.Players == 0 {
		cfg.Players = 12
	}
	if cfg.Players < 2 || cfg.Players > len(Names) {
		return nil, fmt.Errorf("generate: between 2 and %d players, not %d", len(Names), cfg.Players)
	}
	if cfg.Start.IsZero() {
		cfg.Start = time.Date(2016, 1, 8, 19, 0, 0, 0, time.UTC)
	}
	if !cfg.End.IsZero() {
		// A dry run finds the last game's end; whole days keep every
		// evening's arithmetic, so the games stay the same.
		dry := cfg
		dry.End = time.Time{}
		g, err := New(dry)
		if err != nil {
			return nil, err
		}
		last := cfg.Start
		for gm, ok := g.Next(); ok; gm, ok = g.Next() {
			last = gm.Ended
		}
		if over := last.Sub(cfg.End); over > 0 {
			days := int((over + 24*time.Hour - 1) / (24 * time.Hour))
			cfg.Start = cfg.Start.AddDate(0, 0, -days)
		} else {
			days := int(-over / (24 * time.Hour))
			cfg.Start = cfg.Start.AddDate(0, 0, days)
		}
	}
	g := &Generator{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x5eed_d1ce)), clock: cfg.Start}
	for _, rs := range ruleSets {
		o, err := validate.MakeOptions(rs.game, rs.options)
		if err != nil {
			return nil, err
		}
		r, err := validate.NewRules(rs.game, o)
		if err != nil {
			return nil, err
		}
		g.rules = append(g.rules, r)
		g.total += rs.weight
	}
	for range cfg.Players {
		lo := 250 + 50*g.rng.IntN(8) // 250 … 600
		g.styles = append(g.styles, style{stopAt: lo, stopAtLow: lo / 2, careless: 0.03 + float64(0.05*g.rng.Float64())})
	}
	return g, nil
}

// All makes every game of the configuration.
func All(cfg Config) ([]Game, error) {
	g, err := New(cfg)
	if err != nil {
		return nil, err
	}
	out := make([]Game, 0, cfg.Games)
	for {
		gm, ok := g.Next()
		if !ok {
			return out, nil
		}
		out = append(out, gm)
	}
}

// Next makes the next game; ok is false when all are made.
func (g *Generator) Next() (Game, bool) {
	for g.made < g.cfg.Games {
		rs, r := g.pickRules()
		seats := g.pickPlayers(rs)
		names := make([]string, len(seats))
		for i, s := range seats {
			names[i] = Names[s]
		}
		id := g.uuid()
		sheet, err := scoresheet.New(r, names)
		if err != nil {
			panic(err) // the rule sets and names above are valid
		}
		if !g.play(sheet, seats) {
			continue // ran away: play another one
		}
		g.made++
		started := g.clock
		// About 1½ minutes per turn, and a break between games.
		ended := started.Add(time.Duration(len(sheet.Turns())*90) * time.Second)
		g.clock = ended.Add(time.Duration(3+g.rng.IntN(10)) * time.Minute)
		if g.made%12 == 0 { // an evening is over: the next one a day or two later
			day := time.Date(g.clock.Year(), g.clock.Month(), g.clock.Day(), 19, 0, 0, 0, time.UTC)
			g.clock = day.AddDate(0, 0, 1+g.rng.IntN(2))
		}
		return Game{ID: id, Started: started, Ended: ended, Game: sheet}, true
	}
	return Game{}, false
}

func (g *Generator) pickRules() (ruleSet, *validate.Rules) {
	n := g.rng.IntN(g.total)
	for i, rs := range ruleSets {
		if n < rs.weight {
			return rs, g.rules[i]
		}
		n -= rs.weight
	}
	panic("unreachable")
}

// pickPlayers seats a few of the club; the first players are the regulars.
func (g *Generator) pickPlayers(rs ruleSet) []int {
	n := rs.seats[0] + g.rng.IntN(rs.seats[1]-rs.seats[0]+1)
	n = min(n, g.cfg.Players)
	var seats []int
	for len(seats) < n {
		// Regulars come more often: a triangular choice.
		p := min(g.rng.IntN(g.cfg.Players), g.rng.IntN(g.cfg.Players+4))
		p = min(p, g.cfg.Players-1)
		if !slices.Contains(seats, p) {
			seats = append(seats, p)
		}
	}
	return seats
}

// uuid is a version-4 UUID from the random source.
func (g *Generator) uuid() string {
	a, b := g.rng.Uint64(), g.rng.Uint64()
	a = a&^(0xf<<12) | 4<<12           // version 4
	b = b&^(0x3<<62) | uint64(0x2)<<62 // variant 10
	return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", a>>32, (a>>16)&0xffff, a&0xffff, b>>48, b&0xffffffffffff)
}

func (g *Generator) roll(n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = 1 + g.rng.IntN(6)
	}
	return d
}

// play plays the game to its end; false when it ran away.
func (g *Generator) play(sheet *scoresheet.Game, seats []int) bool {
	for !sheet.Finished() {
		if sheet.Len() > maxEntries {
			return false
		}
		st := g.styles[seats[sheet.Seat()]]
		var err error
		switch {
		case sheet.Family() != nil:
			err = g.familyTurn(sheet, st)
		case sheet.KniffelTurn() != nil:
			err = g.kniffelTurn(sheet)
		case sheet.TotTurn() != nil:
			err = g.apply(sheet, scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: g.roll(sheet.TotTurn().Live())})
		case sheet.DreissigTurn() != nil:
			err = g.dreissigTurn(sheet)
		}
		if err != nil {
			panic(fmt.Sprintf("generate: the engine refused a generated entry: %v", err))
		}
	}
	return true
}

func (g *Generator) apply(sheet *scoresheet.Game, e scoresheet.Entry) error {
	return sheet.Apply(e)
}

// familyTurn plays one throw (and maybe a stop) of the Zehntausend family.
func (g *Generator) familyTurn(sheet *scoresheet.Game, st style) error {
	t := sheet.Family()
	r := sheet.Rules
	roll := g.roll(t.DiceToThrow())
	keeps := t.LegalKeeps(roll)
	if len(keeps) == 0 {
		return g.apply(sheet, scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll}) // a bust
	}
	// The best keep, counting each die left in the cup as worth 50 more
	// throwing; all dice aside (hot dice) leaves a full cup. In 5000 and
	// Rückwärts all scoring dice go aside by rule: no keep is given.
	best, bestScore := keeps[0], -1
	for _, k := range keeps {
		if r.AllScoring() {
			break
		}
		left := r.Dice() - t.Aside() - len(k.Dice)
		if t.NewPass() {
			left = r.Dice() - len(k.Dice)
		}
		if left == 0 {
			left = r.Dice()
		}
		if s := k.Points + 50*left; s > bestScore {
			best, bestScore = k, s
		}
	}
	e := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: best.Dice, FivesAsOnes: best.FivesAsOnes}
	if r.AllScoring() {
		e.Keep, e.FivesAsOnes = nil, 0
	}
	if err := g.apply(sheet, e); err != nil {
		return err
	}
	if sheet.Family() != t || t.End() != validate.Running {
		return nil
	}
	if g.wantsStop(sheet, t, st) && len(t.StopBlockers()) == 0 {
		return g.apply(sheet, scoresheet.Entry{Kind: scoresheet.EntryStop})
	}
	return nil
}

func (g *Generator) wantsStop(sheet *scoresheet.Game, t *validate.FamilyTurn, st style) bool {
	pts := t.TurnPoints()
	left := t.DiceToThrow()
	if t.NewPass() {
		left = sheet.Rules.Dice() + 1 // a full cup: throw on
	}
	if v := sheet.Rules.Variant(); v.End == validate.EndExact { // 5000: land on the target exactly
		need := v.Target - sheet.Totals()[sheet.Seat()]
		switch {
		case pts == need:
			return true
		case pts > need:
			return g.rng.Float64() < st.careless // careless: the points go to someone else
		}
	}
	if left <= 2 {
		return pts >= st.stopAtLow
	}
	return pts >= st.stopAt
}

// Kniffel box values a column usually gets: a box is chosen by what it
// scores above its usual value.
var usual = [validate.NumCategories]int{2, 5, 8, 11, 14, 17, 18, 10, 16, 20, 16, 12, 22}

func (g *Generator) kniffelTurn(sheet *scoresheet.Game) error {
	t := sheet.KniffelTurn()
	boxes := sheet.Boxes(sheet.Seat())
	var held validate.Counts
	for throw := 1; ; throw++ {
		roll := g.roll(5 - held.N())
		five := held.Plus(validate.CountsOf(roll))
		keep := g.kniffelKeep(five, boxes)
		last := throw == 3 || keep.N() == 5
		e := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll}
		if !last {
			e.Keep = keep.Pips()
			if e.Keep == nil {
				e.Keep = []int{}
			}
		}
		if err := g.apply(sheet, e); err != nil {
			return err
		}
		if last {
			break
		}
		held = keep
	}
	five := t.Dice()
	best, bestScore := validate.Category(-1), 0
	for c := range validate.NumCategories {
		if boxes.Filled[c] {
			continue
		}
		p, err := sheet.Rules.Place(boxes, five, c)
		if err != nil {
			continue // the joker rule forbids this box
		}
		s := p.Points - usual[c]
		if c.Upper() && p.Points >= 3*(int(c)+1) {
			s += 6 // three or more of a face keep the upper bonus in reach
		}
		if best < 0 || s > bestScore {
			best, bestScore = c, s
		}
	}
	return g.apply(sheet, scoresheet.Entry{Kind: scoresheet.EntryScore, Category: best.ID()})
}

// kniffelKeep chooses the dice to keep: a straight in the making, else the
// face with most dice (higher faces first).
func (g *Generator) kniffelKeep(five validate.Counts, b validate.KniffelBoxes) validate.Counts {
	if !b.Filled[validate.GrosseStrasse] || !b.Filled[validate.KleineStrasse] {
		for _, run := range [][]int{{1, 2, 3, 4, 5}, {2, 3, 4, 5, 6}, {2, 3, 4, 5}, {3, 4, 5, 6}, {1, 2, 3, 4}} {
			var k validate.Counts
			for _, f := range run {
				if five[f] > 0 {
					k[f] = 1
				}
			}
			if k.N() >= len(run)-1 && k.N() >= 4 {
				if k.N() == 5 && b.Filled[validate.GrosseStrasse] {
					continue
				}
				return k
			}
		}
	}
	face := 6
	for f := 6; f >= 1; f-- {
		if five[f] > five[face] {
			face = f
		}
	}
	var k validate.Counts
	k[face] = five[face]
	if five[face] == 1 {
		return validate.Counts{}
	}
	// A full house with its box still free is kept whole.
	if five[face] == 3 && !b.Filled[validate.FullHouse] {
		for f := 1; f <= 6; f++ {
			if five[f] == 2 {
				k[f] = 2
			}
		}
	}
	return k
}

// dreissigTurn plays one throw of Dreißig tot: keep the 6s and 5s (at least
// the highest die), and throw at the Vordermann when over 30.
func (g *Generator) dreissigTurn(sheet *scoresheet.Game) error {
	t := sheet.DreissigTurn()
	if t.Attacking() {
		return g.apply(sheet, scoresheet.Entry{Kind: scoresheet.EntryAttack, Roll: g.roll(t.AttackLive())})
	}
	roll := g.roll(6 - t.Aside())
	var keep []int
	hi := 0
	for _, d := range roll {
		if d >= 5 {
			keep = append(keep, d)
		}
		hi = max(hi, d)
	}
	if len(keep) == 0 {
		keep = []int{hi}
	}
	return g.apply(sheet, scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: keep})
}
