package win

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// TestCacheFile: the table is written once, read back with every value,
// and a damaged, cut or foreign file is rebuilt, never trusted.
func TestCacheFile(t *testing.T) {
	dir := t.TempDir()
	r := rulesOf(t, validate.GameZehntausend, map[string]any{"ziel": 500})
	open := func() *Table {
		s, err := New(r)
		if err != nil {
			t.Fatal(err)
		}
		s.SetDir(dir)
		tb, err := s.Table()
		if err != nil {
			t.Fatal(err)
		}
		return tb
	}
	first := open()
	if first.Loaded {
		t.Fatal("the first table was loaded from an empty directory")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "win-zehntausend-*-v1.table"))
	if len(files) != 1 {
		t.Fatalf("files %v, want one win-zehntausend-…-v1.table", files)
	}
	second := open()
	if !second.Loaded {
		t.Fatal("the second table was built again, not loaded")
	}
	for s := range 2 {
		for k, v := range first.fg.w[s] {
			if second.fg.w[s][k] != v {
				t.Fatalf("value %d of seat %d: %v loaded, %v built", k, s, second.fg.w[s][k], v)
			}
		}
	}
	p1, _ := first.Start([]int{100, 300}, 0)
	p2, _ := second.Start([]int{100, 300}, 0)
	if p1.Win() != p2.Win() {
		t.Fatalf("a loaded table plays otherwise: %v, built %v", p2.Win(), p1.Win())
	}
	data, _ := os.ReadFile(files[0])
	for _, bad := range [][]byte{
		append(append([]byte{}, data[:100]...), data[101:]...), // cut
		func() []byte { b := append([]byte{}, data...); b[200] ^= 1; return b }(),
		[]byte("not a table"),
	} {
		os.WriteFile(files[0], bad, 0o644)
		if open().Loaded {
			t.Fatal("a damaged file was trusted")
		}
		if got, _ := os.ReadFile(files[0]); string(got) != string(data) {
			t.Fatal("the damaged file was not rebuilt")
		}
	}
	// Other rules never read this file.
	other, _ := New(rulesOf(t, validate.GameZehntausend, map[string]any{"ziel": 500, "wuerfel": 6}))
	if _, err := other.decode(data); err == nil {
		t.Fatal("a table of other rules was accepted")
	}
}

// TestOneBuildAtATime: tables of several rule sets asked for at once are
// built one after the other (each build keeps two cores busy already; two
// at once only add their memory to the peak), and each is the table.
func TestOneBuildAtATime(t *testing.T) {
	mostBuilding.Store(0)
	var wg sync.WaitGroup
	tables := make([]*Table, 4)
	for k := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := New(rulesOf(t, validate.GameZehntausend, map[string]any{"ziel": 500 + 50*k}))
			if err != nil {
				t.Error(err)
				return
			}
			s.SetDir("")
			tables[k], err = s.Table()
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := mostBuilding.Load(); n != 1 {
		t.Errorf("%d tables built at once, want 1", n)
	}
	for k, tb := range tables {
		if tb == nil || tb.Passes == 0 {
			t.Errorf("rule set %d: no table built", k)
		}
	}
}
