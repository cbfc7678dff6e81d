package scoresheet

import (
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Issue 12.10: before a 5000 stop the engine says what it would do: pass
// the points on, lose them, or reset another player.
func TestStopPreview5000(t *testing.T) {
	roll := func(s string) Entry {
		d, _ := validate.ParseDice(s)
		return Entry{Kind: EntryThrow, Roll: d}
	}
	stop := Entry{Kind: EntryStop}
	rules := validate.MustRules(validate.Game5000, nil)
	cases := []struct {
		name    string
		entries []Entry
		want    []Event
	}{
		{"a plain stop", []Entry{roll("66655")}, nil},
		{"over 5000: the points go to Bob", []Entry{roll("11111"), stop, roll("66655"), stop, roll("66655")},
			[]Event{{Kind: EventTransfer, Player: "Bob", From: "Ann", Points: 700}}},
		{"over 5000 with nobody entered: the points are lost", []Entry{roll("11111"), stop, roll("23462"), roll("66655")},
			[]Event{{Kind: EventLost, Player: "Ann", Points: 700}}},
		{"the same total resets Ann", []Entry{roll("66655"), stop, roll("66655")},
			[]Event{{Kind: EventReset, Player: "Ann", From: "Bob", Points: 700}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := FromEntries(rules, []string{"Ann", "Bob"}, c.entries)
			if err != nil {
				t.Fatal(err)
			}
			before := g.Totals()
			res, ok := g.StopPreview()
			if !ok {
				t.Fatalf("no stop possible: %v", g.Family().StopBlockers())
			}
			if len(res.Events) != len(c.want) {
				t.Fatalf("events %+v, want %+v", res.Events, c.want)
			}
			for i, ev := range res.Events {
				if ev != c.want[i] {
					t.Fatalf("event %+v, want %+v", ev, c.want[i])
				}
			}
			if after := g.Totals(); after[0] != before[0] || after[1] != before[1] || g.Len() != len(c.entries) {
				t.Fatal("the preview changed the game")
			}
		})
	}
	// No preview where a stop is not allowed.
	g, _ := FromEntries(rules, []string{"Ann", "Bob"}, []Entry{roll("15236")})
	if _, ok := g.StopPreview(); ok {
		t.Fatal("a preview of a stop under 500 before entering")
	}
}
