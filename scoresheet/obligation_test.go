package scoresheet

import (
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Issue 12.3: a 5050 bust counts as a failed confirmation whenever the
// 1500 still waits for its confirmation: from its hot dice until the new
// pass holds 350, not only on the very first throw after it.
func TestFailedConfirmation5050(t *testing.T) {
	th := func(roll, keep string) Entry {
		r, _ := validate.ParseDice(roll)
		k, _ := validate.ParseDice(keep)
		return Entry{Kind: EntryThrow, Roll: r, Keep: k}
	}
	cases := []struct {
		name    string
		entries []Entry
		failed  bool
	}{
		{"bust on the first throw after the 1500", []Entry{th("113355", "113355"), th("234662", "")}, true},
		{"bust after a keep of 100 in the confirmation pass", []Entry{th("113355", "113355"), th("123466", "1"), th("23466", "")}, true},
		{"bust after 200 in the confirmation pass", []Entry{th("123456", "123456"), th("155234", "155"), th("234", "")}, true},
		{"confirmation pass ended with all dice below 350, then a bust", []Entry{th("113355", "113355"),
			th("523462", "5"), th("52346", "5"), th("5234", "5"), th("523", "5"), th("52", "5"), th("5", "5"), th("234662", "")}, true},
		{"bust after the confirmation reached 350", []Entry{th("113355", "113355"), th("111234", "111"), th("234", "")}, false},
		{"a bust without any 1500", []Entry{th("111234", "111"), th("234", "")}, false},
	}
	rules := validate.MustRules(validate.Game5050, nil)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := FromEntries(rules, []string{"A", "B"}, c.entries)
			if err != nil {
				t.Fatal(err)
			}
			res, ok := g.LastTurn()
			if !ok || res.End != validate.Bust {
				t.Fatalf("the turn did not end in a bust: %+v", res)
			}
			if res.FailedObligation != c.failed {
				t.Fatalf("failed confirmation %v, want %v", res.FailedObligation, c.failed)
			}
		})
	}
}
