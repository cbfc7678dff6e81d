// Package examples is the project's fixture set of whole-game records with
// the verdicts `judge` must give (testdata/*.json, one {"record", "verdict"}
// per file, the file name saying what the record shows). The engine, the
// command line and the fuzzers all test against it; add a file for every
// ruling worth keeping.
package examples

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

//go:embed testdata/*.json
var files embed.FS

// Example is one record and its expected verdict. The verdict's
// error.message is free text: compare valid, error.turn, error.throw, turns
// (player, points, totals, open), totals, finished and winners.
type Example struct {
	Name    string          // the file name without .json
	Record  json.RawMessage `json:"record"`
	Verdict Verdict         `json:"verdict"`
}

// Verdict is the part of judge's verdict that an example fixes.
type Verdict struct {
	Valid    bool           `json:"valid"`
	Turns    []Turn         `json:"turns"`
	Totals   map[string]int `json:"totals"`
	Finished bool           `json:"finished"`
	Winners  []string       `json:"winners"`
	Error    *Error         `json:"error"`
}

// Turn is one judged turn.
type Turn struct {
	Player string         `json:"player"`
	Points int            `json:"points"`
	Totals map[string]int `json:"totals"`
	Open   bool           `json:"open"`
}

// Error is where the first broken rule is.
type Error struct {
	Turn    int    `json:"turn"`
	Throw   *int   `json:"throw"`
	Message string `json:"message"`
}

// All returns every example, sorted by file name.
func All() ([]Example, error) {
	names, err := fs.Glob(files, "testdata/*.json")
	if err != nil {
		return nil, err
	}
	var out []Example
	for _, n := range names {
		data, err := files.ReadFile(n)
		if err != nil {
			return nil, err
		}
		var ex Example
		if err := json.Unmarshal(data, &ex); err != nil {
			return nil, fmt.Errorf("%s: %w", n, err)
		}
		if len(ex.Record) == 0 {
			return nil, fmt.Errorf("%s: no record", n)
		}
		ex.Name = strings.TrimSuffix(path.Base(n), ".json")
		out = append(out, ex)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no examples in testdata")
	}
	return out, nil
}
