package dreissig

import (
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
	first := newCache().Table(2, false)
	path := newCache().path(2, false)
	if _, err := os.Stat(path); err != nil || builds != 1 {
		t.Fatalf("after the first build: %v, %d builds", err, builds)
	}
	loaded := newCache().Table(2, false)
	if builds != 1 || !slices.Equal(loaded.w, first.w) || loaded.Rounds != first.Rounds {
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
		if builds != before+1 || !slices.Equal(tb.w, first.w) {
			t.Errorf("%s file: %d builds, table equal %v", name, builds-before, slices.Equal(tb.w, first.w))
		}
		if now, _ := os.ReadFile(path); !slices.Equal(now, good) {
			t.Errorf("%s file not replaced by a good one", name)
		}
	}
	// Another rule set has its own file; a table of other rules is refused.
	if _, err := decodeTable(good, 3, false); err == nil {
		t.Error("a two-player file taken for three players")
	}
	if filepath.Base(path) != "dreissig-tot-2p-v2.table" {
		t.Errorf("file name %s", filepath.Base(path))
	}
}

func flip(b []byte, i int) []byte {
	c := slices.Clone(b)
	c[i] ^= 0x40
	return c
}
