package scoresheet_test

// The golden test is the safety net of the engine's redesign: it judges every
// fixture, every generated game (whole, cut short and broken on purpose) and
// a long random walk of entries through many house-rule sets, and compares
// what the engine says, byte for byte, with testdata/golden.txt. Any change
// in a verdict, a turn's statistics or a refusal shows up here.
//
//	go test ./scoresheet -run Golden -update   # rewrite the golden file
//	WUERFELBLOCK_GOLDEN_DUMP=/tmp/d go test ./scoresheet -run Golden   # full text per case

import (
	"bufio"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/internal/examples"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.txt")

const goldenFile = "testdata/golden.txt"

// goldenCase is one named text whose hash the golden file keeps.
type goldenCase struct {
	name string
	text strings.Builder
}

func (c *goldenCase) line(format string, args ...any) {
	fmt.Fprintf(&c.text, format, args...)
	c.text.WriteByte('\n')
}

func (c *goldenCase) sum() string {
	s := sha256.Sum256([]byte(c.text.String()))
	return fmt.Sprintf("%x", s[:12])
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// judgeBoth writes the verdict of a record in both languages, and the turn
// results the statistics are built from.
func judgeBoth(c *goldenCase, raw []byte) {
	rec, err := scoresheet.ParseRecord(raw)
	if err != nil {
		c.line("input: %s", validate.Localize(err, validate.English))
		return
	}
	for _, l := range []validate.Lang{validate.English, validate.German} {
		v, err := scoresheet.Judge(rec, l)
		if err != nil {
			c.line("judge error: %s", validate.Localize(err, l))
			continue
		}
		c.line("verdict: %s", mustJSON(v))
	}
	g, verr, err := scoresheet.Load(rec, validate.English)
	if err == nil {
		c.line("turns: %s", mustJSON(g.Turns()))
		c.line("standings: %v rematch: %v final: %v", g.Standings(), g.RematchOrder(), g.FinalRound())
		_ = verr
	}
}

// mutate breaks a record in one deterministic way chosen by rng.
func mutate(rec scoresheet.Record, rng *rand.Rand) scoresheet.Record {
	b, _ := json.Marshal(rec)
	var m scoresheet.Record
	_ = json.Unmarshal(b, &m)
	if len(m.Turns) == 0 {
		return m
	}
	ti := rng.IntN(len(m.Turns))
	t := &m.Turns[ti]
	switch rng.IntN(7) {
	case 0: // cut the game short inside a turn
		m.Turns = m.Turns[:ti+1]
		if len(t.Throws) > 1 {
			t.Throws = t.Throws[:len(t.Throws)-1]
		}
		t.Stop, t.Score = false, ""
	case 1: // change one die of a throw
		if len(t.Throws) > 0 {
			th := &t.Throws[rng.IntN(len(t.Throws))]
			if len(th.Roll) > 0 {
				i := rng.IntN(len(th.Roll))
				th.Roll[i] = th.Roll[i]%6 + 1
			}
		}
	case 2: // drop or change the keep
		if len(t.Throws) > 0 {
			th := &t.Throws[rng.IntN(len(t.Throws))]
			if len(th.Keep) > 0 && rng.IntN(2) == 0 {
				th.Keep = th.Keep[:len(th.Keep)-1]
			} else {
				th.Keep = slices.Clone(th.Roll)
			}
		}
	case 3: // a stop where there may be none
		t.Stop = !t.Stop
	case 4: // turns swapped
		if ti+1 < len(m.Turns) {
			m.Turns[ti], m.Turns[ti+1] = m.Turns[ti+1], m.Turns[ti]
		}
	case 5: // another box
		if t.Score != "" {
			t.Score = validate.Category(rng.IntN(int(validate.NumCategories))).ID()
		} else if len(t.Throws) > 0 {
			t.Throws = append(t.Throws, t.Throws[len(t.Throws)-1])
		}
	case 6: // fives as ones
		if len(t.Throws) > 0 {
			t.Throws[0].FivesAsOnes = 1 + rng.IntN(2)
		}
	}
	return m
}

// walkSets are the house-rule sets of the random walk.
var walkSets = []struct {
	game validate.GameID
	opts map[string]any
}{
	{validate.Game5050, nil},
	{validate.Game5000, nil},
	{validate.GameZehntausend, nil},
	{validate.GameZehntausend, map[string]any{"wuerfel": 6, "strasse": 1250, "drei_paare": 1000, "pyramide": 1000, "ziel": 3000}},
	{validate.GameZehntausend, map[string]any{"verdoppeln": true, "fuenfer_drehen": true, "ziel": 4000}},
	{validate.GameZehntausend, map[string]any{"bestaetigen": true, "minus": true, "ziel": 3000}},
	{validate.GameZehntausend, map[string]any{"verschaerft": true, "nix": true, "ziel": 3000}},
	{validate.GameZehntausend, map[string]any{"ergaenzen": true, "steigerung": true, "hausbau": true, "ziel": 3000}},
	{validate.GameZehntausend, map[string]any{"beweisen": false, "wuerfel": 6, "ergaenzen": true, "fuenfer_drehen": true, "ziel": 3000}},
	{validate.GameRueckwaerts, nil},
	{validate.GameRueckwaerts, map[string]any{"wuerfel": 6}},
	{validate.GameKniffel, nil},
	{validate.GameKniffel, map[string]any{"joker": true}},
	{validate.GameTotwuerfeln, nil},
	{validate.GameTotwuerfeln, map[string]any{"killer": []int{1, 6}, "killerwurf_zaehlt_nicht": true, "wuerfel": 3, "runden": 2}},
	{validate.GameDreissigTot, nil},
	{validate.GameDreissigTot, map[string]any{"hundert": true}},
}

func roll(rng *rand.Rand, n int) []int {
	d := make([]int, n)
	for i := range d {
		d[i] = 1 + rng.IntN(6)
	}
	return d
}

func subset(rng *rand.Rand, dice []int) []int {
	out := []int{}
	for _, d := range dice {
		if rng.IntN(2) == 0 {
			out = append(out, d)
		}
	}
	return out
}

// diceWanted is how many dice the current turn expects next.
func diceWanted(g *scoresheet.Game) int {
	switch {
	case g.Family() != nil:
		return g.Family().DiceToThrow()
	case g.KniffelTurn() != nil:
		return g.KniffelTurn().DiceToThrow()
	case g.TotTurn() != nil:
		return g.TotTurn().Live()
	case g.DreissigTurn() != nil:
		t := g.DreissigTurn()
		if t.Aside() == 6 {
			return t.AttackLive()
		}
		return 6 - t.Aside()
	}
	return 5
}

// randomEntry makes a plausible entry, often legal, sometimes not.
func randomEntry(g *scoresheet.Game, rng *rand.Rand) scoresheet.Entry {
	n := diceWanted(g)
	if rng.IntN(12) == 0 {
		n = rng.IntN(7)
	}
	r := roll(rng, n)
	e := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: r}
	switch k := rng.IntN(20); {
	case k == 0:
		e = scoresheet.Entry{Kind: scoresheet.EntryVoid, Roll: r}
	case k < 4:
		e = scoresheet.Entry{Kind: scoresheet.EntryStop}
	case k == 4:
		e = scoresheet.Entry{Kind: scoresheet.EntryDice, Roll: roll(rng, 5)}
	case k < 8:
		e = scoresheet.Entry{Kind: scoresheet.EntryScore, Category: validate.Category(rng.IntN(int(validate.NumCategories))).ID()}
	case k < 10:
		e = scoresheet.Entry{Kind: scoresheet.EntryAttack, Roll: r}
	case k < 12:
		e.Keep = subset(rng, r)
	case k == 12:
		e.Keep = nil
	default:
		if f := g.Family(); f != nil {
			if ks := f.LegalKeeps(r); len(ks) > 0 {
				kp := ks[rng.IntN(len(ks))]
				e.Keep, e.FivesAsOnes = kp.Dice, kp.FivesAsOnes
			}
		} else if rng.IntN(3) > 0 {
			e.Keep = subset(rng, r)
		}
	}
	if rng.IntN(25) == 0 {
		e.FivesAsOnes = 1
	}
	return e
}

func walk(c *goldenCase, rules *validate.Rules, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 77))
	players := []string{"Anna", "Ben", "Clara"}
	if rules.Options.Hundert {
		players = players[:2]
	}
	g, err := scoresheet.New(rules, players)
	if err != nil {
		c.line("new: %v", err)
		return
	}
	for step := 0; step < 1500 && !g.Finished(); step++ {
		e := randomEntry(g, rng)
		err := g.Apply(e)
		msg := "ok"
		if err != nil {
			msg = validate.Localize(err, validate.English) + " | " + validate.Localize(err, validate.German)
		}
		c.line("%s -> %s seat=%d len=%d totals=%v", mustJSON(e), msg, g.Seat(), g.Len(), g.Totals())
		if err == nil {
			if f := g.Family(); f != nil {
				c.line("  fam: pts=%d pass=%d aside=%d proof=%v confirm=%v blockers=%d", f.TurnPoints(), f.PassPoints(), f.Aside(), f.ProofPending(), f.MustConfirm(), len(f.StopBlockers()))
			}
		}
	}
	c.line("finished=%v winners=%v", g.Finished(), g.Winners())
	if t, ok := g.LastTurn(); ok {
		c.line("last: %s", mustJSON(t))
	}
	rec := g.Record()
	judgeBoth(c, []byte(mustJSON(rec)))
}

func goldenCases(t *testing.T) []*goldenCase {
	var out []*goldenCase
	all, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range all {
		c := &goldenCase{name: "fixture/" + ex.Name}
		judgeBoth(c, ex.Record)
		out = append(out, c)
	}
	games, err := generate.All(generate.Config{Games: 60, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for i, gm := range games {
		rec := gm.Game.Record()
		c := &goldenCase{name: fmt.Sprintf("generated/%02d-%s", i, rec.Game)}
		judgeBoth(c, []byte(mustJSON(rec)))
		for k := range 6 {
			c.line("mutation %d:", k)
			judgeBoth(c, []byte(mustJSON(mutate(rec, rng))))
		}
		out = append(out, c)
	}
	for i, ws := range walkSets {
		rules := validate.MustRules(ws.game, ws.opts)
		for seed := range uint64(3) {
			c := &goldenCase{name: fmt.Sprintf("walk/%02d-%s-%d", i, ws.game, seed)}
			walk(c, rules, seed)
			out = append(out, c)
		}
	}
	return out
}

// TestGolden compares what the engine says with the golden file.
func TestGolden(t *testing.T) {
	cases := goldenCases(t)
	if dir := os.Getenv("WUERFELBLOCK_GOLDEN_DUMP"); dir != "" {
		for _, c := range cases {
			p := filepath.Join(dir, strings.ReplaceAll(c.name, "/", "_")+".txt")
			if err := os.WriteFile(p, []byte(c.text.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	genVersion := fmt.Sprintf("generate.Version %d", generate.Version)
	if *update {
		var b strings.Builder
		fmt.Fprintf(&b, "%s\n", genVersion)
		for _, c := range cases {
			fmt.Fprintf(&b, "%s %s\n", c.name, c.sum())
		}
		if err := os.WriteFile(goldenFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	sameGenerator := false
	for sc.Scan() {
		if sc.Text() == genVersion {
			sameGenerator = true
			continue
		}
		name, sum, _ := strings.Cut(sc.Text(), " ")
		want[name] = sum
	}
	if !sameGenerator {
		// The generator plays differently now: its games are other games.
		t.Logf("the golden file was written with another %s; generated cases skipped (-update)", genVersion)
		for name := range want {
			if strings.HasPrefix(name, "generated/") {
				delete(want, name)
			}
		}
	}
	// A fixture added (or removed) since the golden file was written is
	// not a change of the engine: it is named, and -update takes it in.
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.name] = true
		if _, ok := want[c.name]; !ok {
			t.Logf("%s: a new case, not in the golden file (-update adds it)", c.name)
			continue
		}
		if got := c.sum(); want[c.name] != got {
			t.Errorf("%s: engine output changed (hash %s, golden %s); dump with WUERFELBLOCK_GOLDEN_DUMP to compare", c.name, got, want[c.name])
		}
	}
	for name := range want {
		if !seen[name] && !strings.HasPrefix(name, "fixture/") && !strings.HasPrefix(name, "generated/") {
			t.Errorf("%s: the golden file has it, the test no longer makes it", name)
		}
	}
}
