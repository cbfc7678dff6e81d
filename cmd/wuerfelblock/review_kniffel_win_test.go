package main

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// carelessKniffel is a game of three players who throw all five dice three
// times and write the first box the rules take.
func carelessKniffel(t *testing.T, seed uint64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed+1))
	g, err := scoresheet.New(validate.MustRules(validate.GameKniffel, nil), []string{"Anna", "Ben", "Cleo"})
	if err != nil {
		t.Fatal(err)
	}
	for !g.Finished() {
		var roll []int
		for throw := 0; throw < 3; throw++ {
			roll = []int{1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6)}
			e := scoresheet.Entry{Kind: scoresheet.EntryThrow, Roll: roll}
			if throw < 2 {
				e.Keep = []int{}
			}
			if err := g.Apply(e); err != nil {
				t.Fatal(err)
			}
		}
		for c := validate.Category(0); c < validate.NumCategories; c++ {
			if g.Apply(scoresheet.Entry{Kind: scoresheet.EntryScore, Category: c.ID()}) == nil {
				break
			}
		}
	}
	raw, err := json.Marshal(g.Record())
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

// review --json gives Kniffel's decisions from round 11 on their chance to
// win (win_loss, win_chosen, win_best); the text names the costliest by it
// in both languages.
func TestReviewKniffelWin(t *testing.T) {
	rec := carelessKniffel(t, 5)
	code, out, errs := call(t, rec, "review", "--json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		WinFrom   int    `json:"win_from_round"`
		WinNote   string `json:"win_note"`
		Decisions []struct {
			Turn      int      `json:"turn"`
			WinLoss   *float64 `json:"win_loss"`
			WinChosen *float64 `json:"win_chosen"`
			WinBest   *float64 `json:"win_best"`
		} `json:"decisions"`
		Players map[string]struct {
			WinLoss *float64 `json:"win_loss"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.WinFrom != 11 || !strings.Contains(got.WinNote, "expected points") || got.Players["Ben"].WinLoss == nil {
		t.Fatalf("no Kniffel win review: %s", out)
	}
	rated := 0
	for _, d := range got.Decisions {
		if late := d.Turn/3+1 >= 11; late != (d.WinLoss != nil && d.WinChosen != nil && d.WinBest != nil) {
			t.Errorf("turn %d: win figures %v", d.Turn, d.WinLoss)
		} else if late {
			rated++
		}
	}
	if rated == 0 {
		t.Fatal("no decision from round 11 rated")
	}
	code, out, _ = call(t, rec, "--lang", "de", "review", "-")
	if code != 0 || !strings.Contains(out, "Ab Runde 11") || !strings.Contains(out, "Die teuersten Entscheidungen nach Gewinnchance:") || !strings.Contains(out, "Runde 11  Glück") ||
		!strings.Contains(out, "Runde 1") || !strings.Contains(out, "Prozentpunkte Gewinnchance verschenkt") {
		t.Errorf("German text (exit %d):\n%s", code, out)
	}
	code, out, _ = call(t, rec, "--lang", "en", "review", "-")
	if code != 0 || !strings.Contains(out, "From round 11 on") || !strings.Contains(out, "The costliest decisions by the chance to win:") {
		t.Errorf("English text (exit %d):\n%s", code, out)
	}
}
