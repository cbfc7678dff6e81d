package scoresheet_test

import (
	"testing"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/storage/generate"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// BenchmarkStopPreview: the turn panel asks for the preview on every key.
// Worst case: the longest of 400 generated games of 5000, just before its
// last stop (every entry is copied by the preview's clone).
func BenchmarkStopPreview(b *testing.B) {
	games, err := generate.All(generate.Config{Games: 400, Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	var longest *scoresheet.Game
	for _, g := range games {
		if g.Game.Rules.Game == validate.Game5000 && (longest == nil || g.Game.Len() > longest.Len()) {
			longest = g.Game
		}
	}
	if longest == nil {
		b.Fatal("no 5000 game generated")
	}
	es := longest.Entries()
	last := len(es) - 1
	for last >= 0 && es[last].Kind != scoresheet.EntryStop {
		last--
	}
	g, err := scoresheet.FromEntries(longest.Rules, longest.Players, es[:last])
	if err != nil {
		b.Fatal(err)
	}
	if _, ok := g.StopPreview(); !ok {
		b.Fatal("no stop allowed before the last stop")
	}
	for b.Loop() {
		g.StopPreview()
	}
	b.ReportMetric(float64(g.Len()), "entries")
}
