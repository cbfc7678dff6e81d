package scoresheet

import (
	"errors"
	"reflect"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/internal/examples"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// FuzzJudge feeds arbitrary bytes to the record parser and the judge: never a
// panic; an input error only for what is not a record; a verdict that is
// consistent with itself otherwise.
func FuzzJudge(f *testing.F) {
	all, err := examples.All()
	if err != nil {
		f.Fatal(err)
	}
	for _, ex := range all {
		f.Add([]byte(ex.Record))
	}
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"game":"kniffel","players":["A"],"turns":[{"player":"A","throws":[{"roll":[1,2,3,4,5],"keep":[1]}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ParseRecord(data)
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("parse error is not an input error: %v", err)
			}
			return
		}
		v, err := Judge(rec, validate.German)
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("judge error is not an input error: %v", err)
			}
			return
		}
		if v.Valid != (v.Error == nil) {
			t.Fatalf("valid=%v with error %+v", v.Valid, v.Error)
		}
		if v.Error != nil && (v.Error.Message == "" || v.Error.Turn < 0 || v.Error.Turn >= len(rec.Turns)) {
			t.Fatalf("bad error %+v for %d turns", v.Error, len(rec.Turns))
		}
		if len(v.Turns) > len(rec.Turns) {
			t.Fatalf("%d turns judged of %d", len(v.Turns), len(rec.Turns))
		}
		if !v.Finished && len(v.Winners) > 0 {
			t.Fatalf("winners %v before the end", v.Winners)
		}
	})
}

// FuzzEngine applies arbitrary entries to every game: no panic, a refused
// entry changes nothing, and a game rebuilt from its entries is the same.
func FuzzEngine(f *testing.F) {
	f.Add(uint8(0), []byte{0, 1, 1, 1, 5, 2, 3, 9, 1, 1, 1, 5, 255, 2})
	f.Add(uint8(4), []byte{0, 1, 2, 3, 4, 5, 255, 4, 12})
	f.Add(uint8(6), []byte{0, 6, 6, 6, 6, 6, 1, 9, 6, 6, 6, 6, 6, 255, 0, 4, 9, 4, 255, 5, 1, 1, 1, 2, 3, 6})
	games := validate.Games()
	f.Fuzz(func(t *testing.T, which uint8, script []byte) {
		info := games[int(which)%len(games)]
		opts := validate.DefaultOptions(info.ID)
		if info.ID == validate.GameZehntausend && which >= 128 {
			opts, _ = validate.MakeOptions(info.ID, map[string]any{"hausbau": true, "ergaenzen": true, "fuenfer_drehen": true, "minus": true, "wuerfel": 6, "strasse": 1000})
		}
		rules, err := validate.NewRules(info.ID, opts)
		if err != nil {
			t.Fatal(err)
		}
		g, err := New(rules, []string{"A", "B", "C"})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entriesFromBytes(script) {
			before := g.Verdict()
			n := g.Len()
			if err := g.Apply(e); err != nil {
				var ve *validate.Error
				if !errors.As(err, &ve) || ve.Message(validate.German) == "" {
					t.Fatalf("entry %+v: error %v has no rule code", e, err)
				}
				if g.Len() != n || !reflect.DeepEqual(before, g.Verdict()) {
					t.Fatalf("refused entry %+v changed the game", e)
				}
			}
		}
		again, err := FromEntries(rules, g.Players, g.Entries())
		if err != nil {
			t.Fatalf("replay refused its own entries: %v", err)
		}
		if !reflect.DeepEqual(again.Verdict(), g.Verdict()) {
			t.Fatalf("replay differs")
		}
	})
}

// entriesFromBytes reads a script: a kind byte, then pips (1–6) up to 255 or
// a byte above 6, which also separates roll and keep.
func entriesFromBytes(b []byte) []Entry {
	var out []Entry
	for len(b) > 0 {
		kind := b[0] % 6
		b = b[1:]
		read := func() []int {
			var ps []int
			for len(b) > 0 && b[0] >= 1 && b[0] <= 6 {
				ps = append(ps, int(b[0]))
				b = b[1:]
			}
			if len(b) > 0 {
				b = b[1:]
			}
			return ps
		}
		switch kind {
		case 0:
			roll := read()
			keep := read()
			out = append(out, Entry{Kind: EntryThrow, Roll: roll, Keep: keep})
		case 1:
			out = append(out, Entry{Kind: EntryStop})
		case 2:
			out = append(out, Entry{Kind: EntryVoid})
		case 3:
			out = append(out, Entry{Kind: EntryDice, Roll: read()})
		case 4:
			c := 0
			if len(b) > 0 {
				c = int(b[0]) % int(validate.NumCategories)
				b = b[1:]
			}
			out = append(out, Entry{Kind: EntryScore, Category: validate.Category(c).ID()})
		case 5:
			out = append(out, Entry{Kind: EntryAttack, Roll: read()})
		}
	}
	return out
}
