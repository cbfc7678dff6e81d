package codesize

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// The limits of the working rules for a function outside tests: "under
// about 70 lines, complexity under about 20"; the test allows the "about".
const (
	maxLines      = 80
	maxComplexity = 25
)

// known are the functions still over the limits, by file and name, to be
// split: a new one fails the test, and so does one listed here that is no
// longer over (take it off the list).
var known = map[string]bool{}

// TestMeasure: lines and complexity of a small function, counted by hand.
func TestMeasure(t *testing.T) {
	src := `package p

type T struct{}

func (t *T) f(x int, ok bool) int {
	if x > 0 && ok {
		return 1
	}
	for i := range x {
		switch {
		case i == 1, i == 2:
		case i > 3 || !ok:
		default:
		}
	}
	return 0
}
`
	fs, err := Measure("p.go", src)
	if err != nil {
		t.Fatal(err)
	}
	// 1 + if + && + range + case + || (two case clauses with lists: +2)
	// = 1 + 1 + 1 + 1 + 2 + 1 + (== in a case list: no) = 7.
	if len(fs) != 1 || fs[0].Name != "T.f" || fs[0].Lines != 13 || fs[0].Complexity != 7 {
		t.Fatalf("got %+v", fs)
	}
}

// TestProjectFunctionsAreSmall: no function of the project outside tests
// (and the frozen generator of development histories) is longer than
// maxLines or more complex than maxComplexity.
func TestProjectFunctionsAreSmall(t *testing.T) {
	root := filepath.Join("..", "..")
	n := 0
	over := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		funcs, err := Measure(path, nil)
		if err != nil {
			return err
		}
		for _, f := range funcs {
			n++
			if f.Lines > maxLines || f.Complexity > maxComplexity {
				rel, _ := filepath.Rel(root, f.File)
				rel = filepath.ToSlash(rel)
				over[rel+" "+f.Name] = true
				if !known[rel+" "+f.Name] {
					t.Errorf("%s:%d %s: %d lines, complexity %d (limits %d, %d)", rel, f.Line, f.Name, f.Lines, f.Complexity, maxLines, maxComplexity)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for k := range known {
		if !over[k] {
			t.Errorf("%s is within the limits now: take it off the known list", k)
		}
	}
	if n < 500 {
		t.Fatalf("only %d functions measured: the walk missed the project", n)
	}
}
