package storage

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// bot plays any game with random dice, entering only what the rules allow,
// so that tests can fill databases with real games.
type bot struct{ rng *rand.Rand }

func newBot(seed uint64) *bot { return &bot{rand.New(rand.NewPCG(seed, 42))} }

func (b *bot) roll(n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = 1 + b.rng.IntN(6)
	}
	return d
}

// next is a legal next entry of g.
func (b *bot) next(g *scoresheet.Game) scoresheet.Entry {
	r := g.Rules
	switch {
	case g.Family() != nil:
		t := g.Family()
		if r.Game != validate.GameRueckwaerts && t.Throws() > 0 && len(t.StopBlockers()) == 0 &&
			(t.TurnPoints() >= 300+b.rng.IntN(900) || t.DiceToThrow() <= 2 && !t.NewPass()) {
			return scoresheet.Entry{Kind: scoresheet.EntryStop}
		}
		for range 1000 {
			roll := b.roll(t.DiceToThrow())
			keeps := t.LegalKeeps(roll)
			cands := []scoresheet.Entry{{Kind: scoresheet.EntryThrow, Roll: roll, Keep: []int{}}, {Kind: scoresheet.EntryThrow, Roll: roll}}
			if len(keeps) > 0 {
				k := keeps[b.rng.IntN(min(len(keeps), 3))]
				cands = []scoresheet.Entry{{Kind: scoresheet.EntryThrow, Roll: roll, Keep: k.Dice, FivesAsOnes: k.FivesAsOnes}, {Kind: scoresheet.EntryThrow, Roll: roll}}
			}
			for _, e := range cands {
				if t.Clone().Throw(validate.Throw{Roll: e.Roll, Keep: e.Keep, FivesAsOnes: e.FivesAsOnes}) == nil {
					return e
				}
			}
		}
	case g.KniffelTurn() != nil:
		k := g.KniffelTurn()
		_, held := k.Kept()
		switch {
		case k.Throws() == 0 && b.rng.IntN(5) == 0:
			return scoresheet.Entry{Kind: scoresheet.EntryDice, Roll: b.roll(5)}
		case k.Throws() == 0:
			roll := b.roll(5)
			var keep []int
			if b.rng.IntN(4) > 0 {
				keep = []int{}
				for _, d := range roll {
					if d >= 4 && len(keep) < 4 {
						keep = append(keep, d)
					}
				}
			}
			return scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: keep}
		case held && k.Throws() < 3 && k.DiceToThrow() > 0:
			// (A throw of no dice after keeping all five is accepted by the
			// engine, but its record cannot be read back: see the report.)
			return scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: b.roll(k.DiceToThrow())}
		}
		boxes := g.Boxes(g.Seat())
		for _, c := range b.rng.Perm(int(validate.NumCategories)) {
			cat := validate.Category(c)
			if _, err := r.Place(boxes, k.Dice(), cat); err == nil && !boxes.Filled[cat] {
				return scoresheet.Entry{Kind: scoresheet.EntryScore, Category: cat.ID()}
			}
		}
	case g.TotTurn() != nil:
		return scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: b.roll(g.TotTurn().Live())}
	case g.DreissigTurn() != nil:
		d := g.DreissigTurn()
		if d.Aside() == 6 {
			return scoresheet.Entry{Kind: scoresheet.EntryAttack, Roll: b.roll(d.AttackLive())}
		}
		roll := b.roll(6 - d.Aside())
		sorted := slices.Clone(roll)
		slices.Sort(sorted)
		slices.Reverse(sorted)
		return scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll, Keep: sorted[:1+b.rng.IntN(len(sorted))]}
	}
	panic(fmt.Sprintf("bot: no legal entry in %s", r.Game))
}

// play plays g to its end, or until it has max entries.
func (b *bot) play(g *scoresheet.Game, max int) {
	for !g.Finished() && g.Len() < max {
		e := b.next(g)
		if err := g.Apply(e); err != nil {
			panic(fmt.Sprintf("bot: %s refused %+v: %v", g.Rules.Game, e, err))
		}
	}
}

var botPlayers = []string{"Anna", "Ben", "Clara", "Dieter", "Eva", "Fritz", "Gisela", "Hans"}

// randomRules picks a game the way a dice club plays them: mostly
// Zehntausend family and Kniffel, with house rules now and then.
func (b *bot) randomRules() *validate.Rules {
	var g validate.GameID
	switch n := b.rng.IntN(20); {
	case n < 7:
		g = validate.Game5050
	case n < 11:
		g = validate.GameZehntausend
	case n < 15:
		g = validate.GameKniffel
	case n < 17:
		g = validate.Game5000
	case n < 18:
		g = validate.GameRueckwaerts
	case n < 19:
		g = validate.GameTotwuerfeln
	default:
		g = validate.GameDreissigTot
	}
	opts := map[string]any{}
	if g == validate.GameZehntausend && b.rng.IntN(2) == 0 {
		opts["wuerfel"] = 6
		opts["strasse"] = 1000
		opts["ziel"] = 5000
	}
	if g == validate.GameKniffel && b.rng.IntN(3) == 0 {
		opts["joker"] = true
	}
	return validate.MustRules(g, opts)
}

func (b *bot) randomPlayers(rules *validate.Rules) []string {
	n := 2 + b.rng.IntN(3)
	if rules.Game == validate.GameDreissigTot && rules.Options.Hundert {
		n = 2
	}
	p := slices.Clone(botPlayers)
	b.rng.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p[:n]
}

// randomGame plays a whole game (most of the time) of a random kind.
func (b *bot) randomGame() *scoresheet.Game {
	r := b.randomRules()
	g, err := scoresheet.New(r, b.randomPlayers(r))
	if err != nil {
		panic(err)
	}
	max := 400
	if b.rng.IntN(10) == 0 {
		max = b.rng.IntN(30) // left unfinished
	}
	b.play(g, max)
	return g
}
