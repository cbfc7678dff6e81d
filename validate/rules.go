package validate

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"
)

// Rules are a game with its house rules, ready to judge entries. Rules are
// immutable once made and safe to share.
type Rules struct {
	Game    GameID
	Options Options

	variant Variant
	stops   []stopRule
	// The house rules of the turn steps that only exist in some games,
	// switched on.
	voidThrows, nixPays, minusBust bool
	// fam is the combination table of the Zehntausend family, built on
	// first use (it takes a while; option and statistics code needs none).
	fam *lazyTable
}

type lazyTable struct {
	once sync.Once
	g    GameID
	o    Options
	t    *table
}

func (l *lazyTable) get() *table {
	l.once.Do(func() { l.t = newTable(l.g, l.o) })
	return l.t
}

// NewRules makes the rules of game g with options o (as returned by
// MakeOptions or DefaultOptions).
func NewRules(g GameID, o Options) (*Rules, error) {
	d := def(g)
	if d == nil {
		_, err := LookupGame(string(g))
		return nil, err
	}
	r := &Rules{Game: g, Options: o, variant: d.variant(o)}
	if r.variant.Family == FamilyZehntausend {
		r.fam = &lazyTable{g: g, o: o}
		r.stops = stopRulesOf(r.variant)
	}
	has := func(id string) bool { _, err := specOf(g, id); return err == nil }
	r.voidThrows = o.Hausbau && has("hausbau")
	r.nixPays = o.Nix && has("nix")
	r.minusBust = o.Minus && has("minus")
	return r, nil
}

// ParseRules makes the rules of a game id and its options as a record, the
// database or a preset holds them (raw JSON by option id, nil for the basic
// game). It is the one way from "game id + options" to rules.
func ParseRules(game string, raw RawOptions) (*Rules, error) {
	info, err := LookupGame(game)
	if err != nil {
		return nil, err
	}
	o, err := ParseRawOptions(info.ID, raw)
	if err != nil {
		return nil, err
	}
	return NewRules(info.ID, o)
}

// RawOptionsOf encodes option values (bool, int or []int by id) as a
// record's options, for ParseRules.
func RawOptionsOf(values map[string]any) RawOptions {
	raw := make(RawOptions, len(values))
	for id, v := range values {
		b, err := json.Marshal(v)
		if err != nil {
			b = []byte(fmt.Sprintf("%q", fmt.Sprint(v)))
		}
		raw[id] = b
	}
	return raw
}

// table is the combination table; nil outside the Zehntausend family.
func (r *Rules) table() *table {
	if r.fam == nil {
		return nil
	}
	return r.fam.get()
}

// MustRules makes the rules of g with the given option values (nil for the
// basic game) and panics on a bad value; for tests and examples.
func MustRules(g GameID, values map[string]any) *Rules {
	o, err := MakeOptions(g, values)
	if err != nil {
		panic(err)
	}
	r, err := NewRules(g, o)
	if err != nil {
		panic(err)
	}
	return r
}

// Family reports whether the game belongs to the Zehntausend family.
func (r *Rules) Family() bool { return r.variant.Family == FamilyZehntausend }

// AllScoring reports whether a player must set aside all scoring dice of
// every throw (5000, Zehntausend Rückwärts). See Variant.
func (r *Rules) AllScoring() bool { return r.variant.AllScoring }

// EarlierSeatWinsTies reports whether a tie for the win goes to the player
// who sits earlier in the turn order (5050) instead of being shared. See Variant.
func (r *Rules) EarlierSeatWinsTies() bool { return r.variant.EarlierSeatWinsTies }

// WinnerBegins reports whether the next game between the same players
// starts with the winner of the last one (5050). See Variant.
func (r *Rules) WinnerBegins() bool { return r.variant.WinnerBegins }

// Dice is the number of dice the game is played with.
func (r *Rules) Dice() int { return r.Options.Wuerfel }

// Read returns the best reading of a set of dice of one throw (at most six).
func (r *Rules) Read(dice []int) Reading {
	if r.fam == nil {
		return Reading{}
	}
	return r.table().reading(CountsOf(dice))
}

// Keep is a legal way to set dice aside from a throw, with its value.
type Keep struct {
	Dice        []int // ascending, including the fives counted as ones
	FivesAsOnes int   // how many of Dice's fives count as a 1
	Points      int
	// Doubled[f] is how many dice of face f double an earlier triple (ergaenzen).
	Doubled [7]int
	Reading Reading // the reading of the dice that form combinations
}

// keepEval values a keep in a pass whose of-a-kind combinations so far are
// pass (value by face, for ergaenzen).
func (r *Rules) keepEval(keep Counts, fives int, pass *[7]int) (Keep, bool) {
	base := keep
	base[5] -= fives
	best := Keep{Points: -1}
	var e [7]int
	var try func(f int)
	try = func(f int) {
		for f <= 6 && (pass == nil || pass[f] == 0 || !r.Options.Ergaenzen) {
			f++
		}
		if f <= 6 {
			for e[f] = 0; e[f] <= base[f]; e[f]++ {
				try(f + 1)
			}
			e[f] = 0
			return
		}
		rest := base
		bonus := 0
		for g := 1; g <= 6; g++ {
			if e[g] > 0 {
				rest[g] -= e[g]
				bonus += pass[g] * (1<<e[g] - 1)
			}
		}
		rd := r.table().reading(rest)
		if !rd.OK {
			return
		}
		rd.Value += bonus + 100*fives
		if fives > 0 || e[1] > 0 || e[5] > 0 {
			rd.Proves = true
		}
		if best.Points < 0 || rd.better(best.Reading) {
			best = Keep{FivesAsOnes: fives, Points: rd.Value, Doubled: e, Reading: rd}
		}
	}
	try(1)
	if best.Points < 0 || keep.N() == 0 {
		return Keep{}, false
	}
	best.Dice = keep.Pips()
	return best, true
}

// Scores reports whether a throw has anything that scores, given the pass's
// of-a-kind combinations so far (nil for a fresh pass).
func (r *Rules) scores(roll Counts, pass *[7]int) bool {
	if roll[1] > 0 || roll[5] > 0 {
		return true
	}
	combos := r.table().combos
	for i := range combos {
		if roll.Contains(combos[i].dice) {
			return true
		}
	}
	if pass != nil && r.Options.Ergaenzen {
		for f := 1; f <= 6; f++ {
			if pass[f] > 0 && roll[f] > 0 {
				return true
			}
		}
	}
	return false
}

// allScoring is the largest set of dice of roll that forms combinations,
// at its best value (5000, Rückwärts). ok is false for a bust.
func (r *Rules) allScoring(roll Counts) (Keep, bool) {
	var best Keep
	found := false
	forSubsets(roll, func(m Counts) {
		rd := r.table().reading(m)
		if !rd.OK || m.N() == 0 {
			return
		}
		n := m.N()
		if !found || n > len(best.Dice) || n == len(best.Dice) && rd.better(best.Reading) {
			best = Keep{Dice: m.Pips(), Points: rd.Value, Reading: rd}
			found = true
		}
	})
	return best, found
}

// forSubsets calls fn for every sub-multiset of c, the empty one included.
func forSubsets(c Counts, fn func(Counts)) {
	var m Counts
	var walk func(f int)
	walk = func(f int) {
		if f > 6 {
			fn(m)
			return
		}
		for m[f] = 0; m[f] <= c[f]; m[f]++ {
			walk(f + 1)
		}
		m[f] = 0
	}
	walk(1)
}

// LegalKeeps lists every legal keep of a fresh throw (nothing set aside
// before in the pass), best first. A bust gives none. Only games of the
// Zehntausend family have keeps to list.
func (r *Rules) LegalKeeps(roll []int) []Keep {
	c := CountsOf(roll)
	if r.fam == nil || c.N() != len(roll) || c.N() > maxFamilyDice {
		return r.legalKeeps(c, nil)
	}
	t := r.fam.get()
	i := int(t.index[key(c)]) - 1
	if i < 0 {
		return r.legalKeeps(c, nil)
	}
	p := t.keeps[i].Load()
	if p == nil {
		ks := r.legalKeeps(c, nil)
		p = &ks
		t.keeps[i].Store(p)
	}
	return cloneKeeps(*p)
}

// cloneKeeps copies keeps with their dice, so that callers may change them.
func cloneKeeps(ks []Keep) []Keep {
	if ks == nil {
		return nil
	}
	n := 0
	for _, k := range ks {
		n += len(k.Dice)
	}
	out := slices.Clone(ks)
	backing := make([]int, 0, n)
	for i := range out {
		start := len(backing)
		backing = append(backing, out[i].Dice...)
		out[i].Dice = backing[start:len(backing):len(backing)]
	}
	return out
}

func (r *Rules) legalKeeps(roll Counts, pass *[7]int) []Keep {
	if r.fam == nil {
		return nil
	}
	if r.AllScoring() {
		if k, ok := r.allScoring(roll); ok {
			return []Keep{k}
		}
		return nil
	}
	// The walk collects into scratch space sized for the most keeps a
	// throw has (every sub-multiset), and returns the few that score in
	// a list of their own size.
	sc := keepScratchPool.Get().(*keepScratch)
	w := keepWalk{r: r, tb: r.table(), roll: roll, pass: pass, doubling: r.doubling(pass),
		out: sc.out[:0], backing: sc.backing[:0]}
	// Walk every sub-multiset m of roll like an odometer.
	var m Counts
	for {
		w.add(m)
		if !nextSubset(&m, roll) {
			break
		}
	}
	sortKeeps(w.out)
	out := cloneKeeps(w.out)
	sc.out, sc.backing = w.out, w.backing
	keepScratchPool.Put(sc)
	return out
}

// keepScratch is the space a keep walk collects in.
type keepScratch struct {
	out     []Keep
	backing []int
}

var keepScratchPool = sync.Pool{New: func() any { return &keepScratch{} }}

// doubling reports whether ergaenzen can add dice to a triple of the pass.
func (r *Rules) doubling(pass *[7]int) bool {
	doubling := false
	if pass != nil && r.Options.Ergaenzen {
		for f := 1; f <= 6; f++ {
			doubling = doubling || pass[f] > 0
		}
	}
	return doubling
}

// nextSubset turns the odometer m on to the next sub-multiset of roll;
// false after the last.
func nextSubset(m *Counts, roll Counts) bool {
	for f := 1; f <= 6; f++ {
		if m[f] < roll[f] {
			m[f]++
			return true
		}
		m[f] = 0
	}
	return false
}

// keepWalk gathers the legal keeps of a throw; all their dice share one
// backing array.
type keepWalk struct {
	r        *Rules
	tb       *table
	roll     Counts
	pass     *[7]int
	doubling bool
	out      []Keep
	backing  []int
}

// add lists the keeps of the dice m, with each number of fives as ones.
func (w *keepWalk) add(m Counts) {
	maxFives := 0
	if w.r.Options.FuenferDrehen {
		maxFives = min(m[5], w.roll[5]-m[5])
	}
	for n := 0; n <= maxFives && m.N() > 0; n++ {
		k, ok := w.value(m, n)
		if !ok {
			continue
		}
		start := len(w.backing)
		for f := 1; f <= 6; f++ {
			for i := 0; i < m[f]; i++ {
				w.backing = append(w.backing, f)
			}
		}
		k.Dice = w.backing[start:len(w.backing):len(w.backing)]
		w.out = append(w.out, k)
	}
}

// value is the keep m with n fives as ones, ok false when it does not score.
func (w *keepWalk) value(m Counts, n int) (Keep, bool) {
	if w.doubling {
		return w.r.keepEval(m, n, w.pass)
	}
	base := m
	base[5] -= n
	rd := w.tb.reading(base)
	if !rd.OK {
		return Keep{}, false
	}
	rd.Value += 100 * n
	rd.Proves = rd.Proves || n > 0
	return Keep{FivesAsOnes: n, Points: rd.Value, Reading: rd}, true
}

func sortKeeps(ks []Keep) {
	slices.SortStableFunc(ks, func(a, b Keep) int {
		if a.Points != b.Points {
			return b.Points - a.Points
		}
		if len(a.Dice) != len(b.Dice) {
			return len(a.Dice) - len(b.Dice)
		}
		if c := slices.Compare(a.Dice, b.Dice); c != 0 {
			return c
		}
		return a.FivesAsOnes - b.FivesAsOnes
	})
}

// KeepValue is the value of setting keep aside from a fresh throw, or
// ok=false when the dice do not all belong to combinations. It does not
// allocate.
func (r *Rules) KeepValue(keep Counts, fivesAsOnes int) (int, bool) {
	if r.fam == nil || keep.N() == 0 || fivesAsOnes < 0 || fivesAsOnes > keep[5] {
		return 0, false
	}
	base := keep
	base[5] -= fivesAsOnes
	rd := r.table().reading(base)
	if !rd.OK {
		return 0, false
	}
	return rd.Value + 100*fivesAsOnes, true
}
