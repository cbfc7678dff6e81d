package review

import (
	"math"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/internal/examples"
	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// FuzzReviewRecord: whatever a record holds, a record the rules accept is
// reviewed without error, every loss is ≥ 0 and luck and loss add up; one
// they refuse gives a RuleError, never a panic.
func FuzzReviewRecord(f *testing.F) {
	all, err := examples.All()
	if err != nil {
		f.Fatal(err)
	}
	for _, ex := range all {
		f.Add([]byte(ex.Record))
	}
	f.Add([]byte(`{"game":"kniffel","players":["A"],"turns":[{"player":"A","throws":[{"roll":[6,6,6,2,1],"keep":[6,6,6]},{"roll":[6,6]}],"score":"kniffel"}]}`))
	v := testValuers(f)
	// The tables first: built inside the fuzz function they would take
	// longer than the fuzzer waits for one input.
	for _, ex := range all {
		if rec, err := scoresheet.ParseRecord(ex.Record); err == nil {
			if r, err := rec.Rules(); err == nil {
				v.WarmPlayers(r, len(rec.Players))
			}
		}
	}
	v.Warm(rules(f, validate.GameKniffel, map[string]any{"joker": true}))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := scoresheet.ParseRecord(data)
		if err != nil {
			return
		}
		rv, err := OfRecord(rec, validate.English, v)
		if err != nil {
			if _, ok := err.(*RuleError); ok {
				return
			}
			if _, ok := err.(*scoresheet.InputError); ok {
				return
			}
			t.Fatalf("%s: %v", data, err)
		}
		g, _, _ := scoresheet.Load(rec, validate.English)
		for _, d := range rv.Decisions {
			if d.Loss < -tol || math.IsNaN(d.Loss) {
				t.Fatalf("%s: %+v", data, d)
			}
		}
		checkIdentities(t, "fuzz", g, rv)
		_ = rv.JSON(validate.German)
		for _, d := range rv.Costliest(5) {
			_ = rv.Describe(d, validate.German) + rv.Where(d, validate.English)
		}
	})
}
