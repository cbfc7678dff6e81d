package storage

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/internal/cputime"
)

// refusalsInput is a JSON array: a valid record, n elements that are no
// record, broken records that break a rule, and a valid record again.
func refusalsInput(n, broken int) []byte {
	const good = `{"game":"5050","options":{},"players":["Anna","Ben"],"turns":[{"player":"Anna","throws":[{"roll":[1,1,1,5,2,3],"keep":[1,1,1,5]}],"stop":true}]}`
	const wrongPlayer = `{"game":"5050","options":{},"players":["Anna","Ben"],"turns":[{"player":"Ben","throws":[{"roll":[1,2,3,4,5,6],"keep":[1]}]}]}`
	var b bytes.Buffer
	b.WriteString("[" + good)
	b.WriteString(strings.Repeat(",0", n))
	b.WriteString(strings.Repeat(","+wrongPlayer, broken))
	b.WriteString("," + good + "]")
	return b.Bytes()
}

func importStream(t testing.TB, db *DB, data []byte) ImportReport {
	t.Helper()
	x := NewExportReader(bytes.NewReader(data))
	rep, err := db.ImportFrom(ctx, x.Next)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// Issue 19.4: an import lists the first MaxListedRefusals refusals and
// counts the rest, so that its memory does not grow with them; the count
// of elements that are no record covers the unlisted ones too.
func TestImportListsTheFirstRefusals(t *testing.T) {
	db := openTest(t)
	n := MaxListedRefusals + 200
	rep := importStream(t, db, refusalsInput(n, 3))
	if rep.Imported != 2 {
		t.Errorf("imported %d, want the 2 valid records (first and last)", rep.Imported)
	}
	if len(rep.Refused) != MaxListedRefusals || rep.MoreRefused != 203 || rep.RefusedCount() != n+3 {
		t.Fatalf("listed %d, more %d, in all %d; want %d, 203, %d", len(rep.Refused), rep.MoreRefused, rep.RefusedCount(), MaxListedRefusals, n+3)
	}
	if rep.NotRecords != n {
		t.Errorf("%d refusals counted as no record, want %d (the broken records are records)", rep.NotRecords, n)
	}
	for i, r := range rep.Refused {
		if r.Index != i+1 {
			t.Fatalf("refusal %d is of element %d, want %d: the first ones, in order", i, r.Index, i+1)
		}
	}
	// Below the limit nothing is left out.
	rep = importStream(t, openTest(t), refusalsInput(10, 2))
	if len(rep.Refused) != 12 || rep.MoreRefused != 0 || rep.NotRecords != 10 {
		t.Errorf("12 refusals: listed %d, more %d, no record %d", len(rep.Refused), rep.MoreRefused, rep.NotRecords)
	}
}

// The worst case of issue 19.4: a JSON array of 1,000,000 elements that are
// no record (2 MB). It took 30.5 s and 194 MB in the command (the Go heap
// grew with the refusals beyond the import's soft limit, and the collector
// ran nearly all the time); now time is linear and the report stays small.
//
//	go test -run '^$' -bench ImportRefusals -benchtime 1x ./storage/
func BenchmarkImportRefusals(b *testing.B) {
	const n = 1_000_000
	data := refusalsInput(n, 0)
	var cpu time.Duration
	var retained uint64
	for b.Loop() {
		b.StopTimer()
		db := openTest(b)
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		b.StartTimer()
		c0 := cputime.Used()
		rep := importStream(b, db, data)
		cpu += cputime.Used() - c0
		b.StopTimer()
		if rep.RefusedCount() != n || rep.Imported != 2 {
			b.Fatalf("refused %d, imported %d", rep.RefusedCount(), rep.Imported)
		}
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(rep)
		if after.HeapAlloc > before.HeapAlloc {
			retained = max(retained, after.HeapAlloc-before.HeapAlloc)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/element")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/n, "cpu-ns/element")
	b.ReportMetric(float64(retained)/(1<<20), "retained-MB")
}
