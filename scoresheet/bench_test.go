package scoresheet

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// record200 is a Zehntausend record of 200 turns that does not reach its
// target: every turn busts after a throw, or proves a triple and stops.
func record200() Record {
	var ts []string
	for i := 0; i < 200; i++ {
		p := "A"
		if i%2 == 1 {
			p = "B"
		}
		if i%3 == 0 {
			ts = append(ts, turn(p, "12346/1", "2346/"))
		} else {
			ts = append(ts, turn(p, "55523/555", "13/1", "stop"))
		}
	}
	rec, err := ParseRecord([]byte(fmt.Sprintf(`{"game":"zehntausend","options":{"ziel":100000},"players":["A","B"],"turns":[%s]}`, strings.Join(ts, ","))))
	if err != nil {
		panic(err)
	}
	return rec
}

// Target: judging a 200-turn record in under 2 ms.
func BenchmarkJudge200Turns(b *testing.B) {
	rec := record200()
	b.ReportAllocs()
	for b.Loop() {
		v, err := Judge(rec, validate.English)
		if err != nil || !v.Valid || len(v.Turns) != 200 {
			b.Fatalf("%v %+v", err, v.Error)
		}
	}
}

func TestRecord200IsValid(t *testing.T) {
	v, err := Judge(record200(), validate.English)
	if err != nil || !v.Valid || len(v.Turns) != 200 || v.Finished {
		t.Fatalf("%v %+v finished=%v", err, v.Error, v.Finished)
	}
}
