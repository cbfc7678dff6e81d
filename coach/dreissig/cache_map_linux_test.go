//go:build linux && !purego

package dreissig

import (
	"bufio"
	"fmt"
	"os"
	"slices"
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

// The chances a cache keeps are in its file, mapped (off the Go heap):
// after a build as after a load, equal to the solved ones.
func TestCacheChancesAreTheMappedFile(t *testing.T) {
	dir := t.TempDir()
	solved := Solve(3, false)
	for i, c := range []*Cache{NewCache(dir), NewCache(dir)} {
		tb := c.Table(3, false)
		if tb.w != nil || !mappedFrom(t, unsafe.Pointer(&tb.file[0]), c.path(3, false)) {
			t.Fatalf("cache %d: the chances are not the mapped file", i)
		}
		if !slices.Equal(chances(tb), solved.w) {
			t.Fatalf("cache %d: the mapped chances differ from the solved ones", i)
		}
	}
}
