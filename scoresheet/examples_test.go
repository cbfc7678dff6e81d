package scoresheet

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/internal/examples"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// TestExamples judges every record of the project's fixture set
// (internal/examples) and compares the verdict field by field.
func TestExamples(t *testing.T) {
	all, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range all {
		t.Run(ex.Name, func(t *testing.T) {
			rec, err := ParseRecord(ex.Record)
			if err != nil {
				t.Fatalf("record refused: %v", err)
			}
			got, err := Judge(rec, validate.English)
			if err != nil {
				t.Fatalf("judge: %v", err)
			}
			want := ex.Verdict
			if got.Valid != want.Valid {
				t.Errorf("valid = %v, want %v (error %+v)", got.Valid, want.Valid, got.Error)
			}
			if len(got.Turns) != len(want.Turns) {
				t.Fatalf("%d turns judged, want %d: %+v", len(got.Turns), len(want.Turns), got.Turns)
			}
			for i, wt := range want.Turns {
				gt := got.Turns[i]
				if gt.Player != wt.Player || gt.Points != wt.Points || gt.Open != wt.Open || !reflect.DeepEqual(gt.Totals, wt.Totals) {
					t.Errorf("turn %d = %s %d open=%v %v, want %s %d open=%v %v",
						i, gt.Player, gt.Points, gt.Open, gt.Totals, wt.Player, wt.Points, wt.Open, wt.Totals)
				}
			}
			if !reflect.DeepEqual(got.Totals, want.Totals) {
				t.Errorf("totals = %v, want %v", got.Totals, want.Totals)
			}
			if got.Finished != want.Finished {
				t.Errorf("finished = %v, want %v", got.Finished, want.Finished)
			}
			if !reflect.DeepEqual(got.Winners, want.Winners) && !(len(got.Winners) == 0 && len(want.Winners) == 0) {
				t.Errorf("winners = %v, want %v", got.Winners, want.Winners)
			}
			switch {
			case want.Error == nil && got.Error != nil:
				t.Errorf("unexpected error %+v", got.Error)
			case want.Error != nil && got.Error == nil:
				t.Errorf("no error, want turn %d: %s", want.Error.Turn, want.Error.Message)
			case want.Error != nil:
				if got.Error.Turn != want.Error.Turn || !reflect.DeepEqual(got.Error.Throw, want.Error.Throw) {
					t.Errorf("error at turn %d throw %v (%s), want turn %d throw %v (%s)",
						got.Error.Turn, ptr(got.Error.Throw), got.Error.Message, want.Error.Turn, ptr(want.Error.Throw), want.Error.Message)
				}
				if got.Error.Message == "" || got.Error.Code == "" {
					t.Errorf("error without message or code: %+v", got.Error)
				}
			}
			// The record written back from the replayed game judges the same.
			if got.Valid {
				g, verr, err := Load(rec, validate.English)
				if err != nil || verr != nil {
					t.Fatalf("load: %v %v", err, verr)
				}
				var buf bytes.Buffer
				if err := json.NewEncoder(&buf).Encode(g.Record()); err != nil {
					t.Fatal(err)
				}
				rec2, err := ParseRecord(buf.Bytes())
				if err != nil {
					t.Fatalf("re-encoded record refused: %v\n%s", err, buf.String())
				}
				again, _ := Judge(rec2, validate.English)
				if !reflect.DeepEqual(again.Totals, got.Totals) || len(again.Turns) != len(got.Turns) {
					t.Errorf("re-encoded record judges differently: %+v vs %+v", again, got)
				}
			}
		})
	}
}

func ptr(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}
