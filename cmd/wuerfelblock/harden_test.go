package main

import (
	"path/filepath"
	"strings"
	"testing"
)

const goodRecord = `{"game":"5050","options":{},"players":["Anna","Ben"],"turns":[{"player":"Anna","throws":[{"roll":[1,1,1,5,2,3],"keep":[1,1,1,5]}],"stop":true}]}`

// Issue 10.3: keys are matched exactly and only once, and judge and import
// give the same verdict on every file: exit 2 for what is not a record.
func TestJudgeAndImportAgreeOnStrictRecords(t *testing.T) {
	cases := map[string]string{
		"key in other case":      strings.Replace(goodRecord, `"turns"`, `"Turns"`, 1),
		"nested key in caps":     strings.Replace(goodRecord, `"roll"`, `"ROLL"`, 1),
		"duplicate key":          strings.Replace(goodRecord, `"game":"5050"`, `"game":"kniffel","game":"5050"`, 1),
		"duplicate turn key":     strings.Replace(goodRecord, `"stop":true`, `"stop":false,"stop":true`, 1),
		"duplicate option":       strings.Replace(goodRecord, `"options":{}`, `"options":{"wuerfel":6,"wuerfel":6}`, 1),
		"unknown field":          strings.Replace(goodRecord, `"stop":true`, `"stop":true,"cheat":1`, 1),
		"a pip of 1e308":         strings.Replace(goodRecord, `[1,1,1,5,2,3]`, `[1,1,1,5,2,1e308]`, 1),
		"duplicate in the throw": strings.Replace(goodRecord, `"keep":[1,1,1,5]`, `"keep":[1],"keep":[1,1,1,5]`, 1),
	}
	for name, rec := range cases {
		in := writeFile(t, "r.json", rec)
		code, out, errs := wb(t, filepath.Join(t.TempDir(), "j.db"), "judge", in)
		if code != 2 || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: judge exit %d %q %q, want 2 and one line", name, code, out, errs)
		}
		db := filepath.Join(t.TempDir(), "i.db")
		code, out, errs = wb(t, db, "import", in)
		if code != 2 || !strings.Contains(out, "0 imported") || !strings.Contains(errs, "record 1") {
			t.Errorf("%s: import exit %d %q %q, want 2 and the record refused", name, code, out, errs)
		}
	}
	// The record itself is fine.
	in := writeFile(t, "r.json", goodRecord)
	if code, _, errs := wb(t, filepath.Join(t.TempDir(), "j.db"), "judge", in); code != 0 {
		t.Fatalf("judge of the good record: %d %q", code, errs)
	}
	if code, out, errs := wb(t, filepath.Join(t.TempDir(), "i.db"), "import", in); code != 0 || !strings.Contains(out, "1 imported") {
		t.Fatalf("import of the good record: %d %q %q", code, out, errs)
	}
}
