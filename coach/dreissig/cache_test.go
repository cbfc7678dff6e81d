package dreissig

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// The table's file: written on the first build, loaded (not built) by the
// next cache, equal to the solved table; a damaged, cut or stale file is
// rebuilt and replaced.
func TestCacheFile(t *testing.T) {
	dir := t.TempDir()
	builds := 0
	newCache := func() *Cache {
		c := NewCache(dir)
		c.build = func(n int, h bool) *Table { builds++; return Solve(n, h) }
		return c
	}
	solved := Solve(2, false)
	first := newCache().Table(2, false)
	path := newCache().path(2, false)
	if _, err := os.Stat(path); err != nil || builds != 1 {
		t.Fatalf("after the first build: %v, %d builds", err, builds)
	}
	// The table kept after the build is the file's (off the Go heap), with
	// the solved chances.
	if first.w != nil || !slices.Equal(chances(first), solved.w) || first.Rounds != solved.Rounds {
		t.Fatalf("the table kept after the build is not the file's, or differs")
	}
	loaded := newCache().Table(2, false)
	if builds != 1 || !slices.Equal(chances(loaded), solved.w) || loaded.Rounds != solved.Rounds {
		t.Fatalf("loaded table differs or was built again (%d builds)", builds)
	}
	good, _ := os.ReadFile(path)
	for name, bad := range map[string][]byte{
		"flipped": flip(good, len(good)/2),
		"cut":     good[:len(good)-9],
		"empty":   {},
		"version": flip(good, len(fileMagic)),
	} {
		os.WriteFile(path, bad, 0o644)
		before := builds
		tb := newCache().Table(2, false)
		if builds != before+1 || !slices.Equal(chances(tb), solved.w) {
			t.Errorf("%s file: %d builds, table equal %v", name, builds-before, slices.Equal(chances(tb), solved.w))
		}
		if now, _ := os.ReadFile(path); !slices.Equal(now, good) {
			t.Errorf("%s file not replaced by a good one", name)
		}
	}
	// Another rule set has its own file; a table of other rules is refused.
	if _, err := decodeTable(good, 3, false); err == nil {
		t.Error("a two-player file taken for three players")
	}
	if filepath.Base(path) != "dreissig-tot-2p-v4.table" {
		t.Errorf("file name %s", filepath.Base(path))
	}
}

// A file whose checksum is right but a chance is not one (negative, over
// 1, NaN) is refused; a loaded table answers as the solved one.
func TestCacheFileValues(t *testing.T) {
	tb := Solve(2, false)
	loaded, err := decodeTable(encodeTable(tb), 2, false)
	if err != nil || !slices.Equal(chances(loaded), tb.w) {
		t.Fatalf("loaded: %v", err)
	}
	if got, want := loaded.Chances([]int{30, 22}), tb.Chances([]int{30, 22}); !slices.Equal(got, want) {
		t.Fatalf("loaded %v, solved %v", got, want)
	}
	if again := encodeTable(loaded); !slices.Equal(again, encodeTable(tb)) {
		t.Fatal("a loaded table written again differs from the solved one's file")
	}
	for _, bad := range []float64{-0.25, 1.5, math.NaN(), math.Inf(1)} {
		c := &Table{N: 2, max: Start, w: slices.Clone(tb.w)}
		c.w[len(c.w)/2] = bad
		if _, err := decodeTable(encodeTable(c), 2, false); err == nil {
			t.Errorf("a chance of %v loaded", bad)
		}
	}
}

// chances is every chance of tb, also of a table loaded from its file.
func chances(tb *Table) []float64 {
	out := make([]float64, tb.states()*tb.N)
	for i := range out {
		out[i] = tb.at(i)
	}
	return out
}

func flip(b []byte, i int) []byte {
	c := slices.Clone(b)
	c[i] ^= 0x40
	return c
}
