package family

import (
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden_tables.json from the current code")

// goldenCase is a rule set and turn context whose whole table is pinned.
type goldenCase struct {
	set ruleSet
	ctx validate.TurnContext
}

func (c goldenCase) String() string {
	return fmt.Sprintf("%s entered=%v previous=%d", c.set, c.ctx.Entered, c.ctx.Previous)
}

var goldenCases = []goldenCase{
	{basicSets[0], validate.TurnContext{Entered: true, Previous: -1}},
	{basicSets[1], validate.TurnContext{Entered: true, Previous: -1}},
	{basicSets[1], validate.TurnContext{Entered: false, Previous: -1}},
	{basicSets[2], validate.TurnContext{Entered: true, Previous: -1}},
	{basicSets[3], validate.TurnContext{Entered: true, Previous: -1}},
	{basicSets[4], validate.TurnContext{Entered: true, Previous: -1}},
	{optionSets[0], validate.TurnContext{Entered: true, Previous: -1}},
	{optionSets[4], validate.TurnContext{Entered: true, Previous: -1}},
	{optionSets[7], validate.TurnContext{Entered: true, Previous: -1}},
	{optionSets[8], validate.TurnContext{Entered: true, Previous: 650}},
	{optionSets[10], validate.TurnContext{Entered: true, Previous: -1}},
	{optionSets[11], validate.TurnContext{Entered: true, Previous: -1}},
}

// goldenTable is what a table says, pinned: its thresholds, a sample of
// values in full precision, and a hash of the bits of every value.
type goldenTable struct {
	TurnValue float64        `json:"turn_value"`
	StopAt    map[int]int    `json:"stop_at"`
	Hash      string         `json:"hash"`
	Samples   [][4]float64   `json:"samples"` // state, points, value, throw value
	Extra     map[string]int `json:"extra"`
}

// goldenOf reads table tb through its public look-ups (value, throwValue)
// at every state and every level up to the bound and the largest keep
// beyond it, so that any change of representation is compared by what the
// table answers.
func goldenOf(tb *Table) goldenTable {
	s := tb.s
	g := goldenTable{TurnValue: tb.TurnValue(), StopAt: map[int]int{}, Extra: map[string]int{"states": len(s.states)}}
	for n := 1; n <= s.g.dice; n++ {
		if p, ok := tb.StopAt(n); ok {
			g.StopAt[n] = p
		}
	}
	h := fnv.New64a()
	put := func(x float64) {
		var b [8]byte
		u := math.Float64bits(x)
		for k := range b {
			b[k] = byte(u >> (8 * k))
		}
		h.Write(b[:])
	}
	sample := map[int]bool{0: true, 50: true, 100: true, 350: true, 600: true, 1000: true, 2000: true, 3000: true, 5000: true, 20000: true}
	top := tb.bound + s.maxPts + step
	for pts := 0; pts <= top; pts += step {
		for i, st := range s.states {
			if st.aside == 0 && pts > 0 {
				continue
			}
			v := tb.value(int32(i), pts)
			put(v)
			q := math.NaN()
			if pts < tb.stopAll+s.maxPts || !s.g.canStop(st, pts, tb.floor) {
				q = tb.throwValue(int32(i), pts)
				put(q)
			}
			if sample[pts] || pts == tb.bound-step || pts == tb.bound+step {
				if math.IsNaN(q) {
					q = tb.throwValue(int32(i), pts)
				}
				g.Samples = append(g.Samples, [4]float64{float64(i), float64(pts), v, q})
			}
		}
	}
	g.Hash = fmt.Sprintf("%016x", h.Sum64())
	return g
}

// The tables of a handful of rule sets stay what they were when pinned
// (testdata/golden_tables.json, written by the solver before its speed-up
// with -update-golden): thresholds and the turn value exactly, sampled
// values to 1e-9, and every value bit for bit (hash).
func TestGoldenTables(t *testing.T) {
	path := filepath.Join("testdata", "golden_tables.json")
	got := map[string]goldenTable{}
	for _, c := range goldenCases {
		s, err := newSolver(c.set.rules(t))
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		got[c.String()] = goldenOf(s.newTable(s.g.floor(c.ctx)))
	}
	if *updateGolden {
		b, err := json.MarshalIndent(got, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]goldenTable{}
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(goldenCases) {
		t.Fatalf("%s pins %d tables, the test has %d cases", path, len(want), len(goldenCases))
	}
	for _, c := range goldenCases {
		name := c.String()
		w, g := want[name], got[name]
		if w.Samples == nil {
			t.Errorf("%s: not pinned in %s", name, path)
			continue
		}
		if g.TurnValue != w.TurnValue {
			t.Errorf("%s: turn value %v, pinned %v", name, g.TurnValue, w.TurnValue)
		}
		if fmt.Sprint(g.StopAt) != fmt.Sprint(w.StopAt) {
			t.Errorf("%s: stop_at %v, pinned %v", name, g.StopAt, w.StopAt)
		}
		if len(g.Samples) != len(w.Samples) {
			t.Errorf("%s: %d samples, pinned %d", name, len(g.Samples), len(w.Samples))
			continue
		}
		for k, ws := range w.Samples {
			gs := g.Samples[k]
			if gs[0] != ws[0] || gs[1] != ws[1] || !close9(gs[2], ws[2]) || !close9(gs[3], ws[3]) {
				t.Errorf("%s: state %v at %v: value %v throw %v, pinned %v %v", name, gs[0], gs[1], gs[2], gs[3], ws[2], ws[3])
			}
		}
		if g.Hash != w.Hash {
			t.Errorf("%s: the bits of the values changed (hash %s, pinned %s)", name, g.Hash, w.Hash)
		}
	}
}

func close9(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b))
}
