package scoresheet

import (
	"encoding/json"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// FromEntries replays stored entries into a game. It stops at the first entry
// the rules refuse and returns the game up to there with the error.
func FromEntries(rules *validate.Rules, players []string, entries []Entry) (*Game, error) {
	g, err := New(rules, players)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if err := g.Apply(e); err != nil {
			return g, err
		}
	}
	return g, nil
}

// Undo returns the game without its last entry (replayed from the start),
// and the entry that was taken back. ok is false when there is nothing to undo.
func (g *Game) Undo() (prev *Game, undone Entry, ok bool) {
	if len(g.entries) == 0 {
		return g, Entry{}, false
	}
	es := g.entries[:len(g.entries)-1]
	prev, _ = FromEntries(g.Rules, g.Players, es)
	return prev, g.entries[len(g.entries)-1], true
}

// Record writes the game as a contract record.
func (g *Game) Record() Record {
	rec := Record{
		Game:    string(g.Rules.Game),
		Options: rawOptions(g.Rules),
		Players: append([]string(nil), g.Players...),
		Turns:   []RecordTurn{},
	}
	pos := 0
	for _, t := range g.turns {
		rec.Turns = append(rec.Turns, recordTurn(t.Player, g.entries[pos:pos+t.Entries]))
		pos += t.Entries
	}
	if pos < len(g.entries) {
		rec.Turns = append(rec.Turns, recordTurn(g.Current(), g.entries[pos:]))
	}
	return rec
}

func rawOptions(r *validate.Rules) validate.RawOptions {
	out := validate.RawOptions{}
	for id, v := range r.Options.Map(r.Game) {
		b, _ := json.Marshal(v)
		out[id] = b
	}
	return out
}

func recordTurn(player string, es []Entry) RecordTurn {
	t := RecordTurn{Player: player}
	for _, e := range es {
		switch e.Kind {
		case EntryThrow:
			t.Throws = append(t.Throws, RecordThrow{Roll: e.Roll, Keep: e.Keep, FivesAsOnes: e.FivesAsOnes})
		case EntryVoid:
			t.Throws = append(t.Throws, RecordThrow{Roll: e.Roll, Void: true})
		case EntryStop:
			t.Stop = true
		case EntryDice:
			t.Dice = e.Roll
		case EntryScore:
			t.Score = e.Category
		case EntryAttack:
			t.Attack = append(t.Attack, RecordThrow{Roll: e.Roll})
		}
	}
	return t
}
