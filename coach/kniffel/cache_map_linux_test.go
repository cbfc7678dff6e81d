//go:build linux && !purego

package kniffel

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// mappedFrom reports whether p lies in a mapping of the file at path
// (/proc/self/maps).
func mappedFrom(t *testing.T, p unsafe.Pointer, path string) bool {
	t.Helper()
	f, err := os.Open("/proc/self/maps")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	addr := uintptr(p)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var lo, hi uintptr
		line := sc.Text()
		if _, err := fmt.Sscanf(line, "%x-%x", &lo, &hi); err == nil && lo <= addr && addr < hi {
			return strings.HasSuffix(line, " "+path)
		}
	}
	return false
}

// The table a cache keeps is its file's, mapped (off the Go heap): after a
// build as after a load, with the values built.
func TestCacheTableIsTheMappedFile(t *testing.T) {
	dir := t.TempDir()
	c, builds := countingCache(t, dir)
	built := c.Solver(true)
	path := c.path(kniffelJoker)
	if builds.Load() != 1 || !mappedFrom(t, unsafe.Pointer(&built.val[0]), path) {
		t.Fatalf("%d builds; the table kept after the build is not the mapped file", builds.Load())
	}
	sameTable(t, built, solverFor(t, kniffelJoker))
	c2, builds2 := countingCache(t, dir)
	loaded := c2.Solver(true)
	if builds2.Load() != 0 || !mappedFrom(t, unsafe.Pointer(&loaded.val[0]), path) {
		t.Fatalf("%d builds; the loaded table is not the mapped file", builds2.Load())
	}
	sameTable(t, loaded, solverFor(t, kniffelJoker))
	// Without a directory the table stays the one built, in memory.
	mem, _ := countingCache(t, "")
	if s := mem.Solver(true); mappedFrom(t, unsafe.Pointer(&s.val[0]), path) {
		t.Fatal("a memory-only cache's table is mapped")
	}
}
