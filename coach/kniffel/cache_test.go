package kniffel

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

// countingCache has files in dir and counts the tables it builds (they are
// copies of the tests' shared tables).
func countingCache(t *testing.T, dir string) (*Cache, *atomic.Int32) {
	var builds atomic.Int32
	c := &Cache{Dir: dir, build: func(v variant) []float64 {
		builds.Add(1)
		return append([]float64(nil), solverFor(t, v).val...)
	}}
	return c, &builds
}

func sameTable(t *testing.T, got, want *Solver) {
	t.Helper()
	if got.v != want.v {
		t.Fatalf("rules %s, want %s", got.v.key(), want.v.key())
	}
	for i := range want.val {
		a, b := got.val[i], want.val[i]
		if a != b && !(a != a && b != b) {
			t.Fatalf("entry %d: %v, want %v", i, a, b)
		}
	}
}

func TestCacheKeepsTableInMemoryAndFile(t *testing.T) {
	dir := t.TempDir()
	c, builds := countingCache(t, dir)
	if _, ok := c.Ready(true); ok {
		t.Fatal("ready before first use")
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); c.Solver(true) }()
	}
	wg.Wait()
	if n := builds.Load(); n != 1 {
		t.Fatalf("%d builds for four callers, want 1", n)
	}
	if s, ok := c.Ready(true); !ok || s != c.Solver(true) {
		t.Fatal("not ready after use, or another solver")
	}
	if _, err := os.Stat(c.path(kniffelJoker)); err != nil {
		t.Fatalf("no cache file: %v", err)
	}
	// The next process loads the file instead of building.
	c2, builds2 := countingCache(t, dir)
	sameTable(t, c2.Solver(true), solverFor(t, kniffelJoker))
	if n := builds2.Load(); n != 0 {
		t.Fatalf("%d builds with a good file, want 0", n)
	}
	// Other rules have their own file.
	sameTable(t, c2.Solver(false), solverFor(t, kniffelPlain))
	if n := builds2.Load(); n != 1 {
		t.Fatalf("%d builds for the other rules, want 1", n)
	}
}

// A damaged, truncated or stale file is rebuilt and replaced, never trusted.
func TestCacheRebuildsBadFiles(t *testing.T) {
	good := encodeTable(solverFor(t, kniffelJoker).val, kniffelJoker)
	other := encodeTable(solverFor(t, kniffelPlain).val, kniffelPlain)
	flipped := append([]byte(nil), good...)
	flipped[len(flipped)/2] ^= 0x40
	// Another format version with a checksum that fits it.
	stale := append([]byte(nil), good[:len(good)-32]...)
	binary.LittleEndian.PutUint32(stale[len(fileMagic):], formatVersion+1)
	stale = resum(stale)
	// A value that is no expected score, checksum fitting.
	nan := append([]byte(nil), good[:len(good)-32]...)
	for i := len(nan) - 8; i < len(nan); i++ {
		nan[i] = 0xff
	}
	nan = resum(nan)
	for name, data := range map[string][]byte{
		"garbage":         []byte("this is not a table"),
		"empty":           {},
		"truncated":       good[:len(good)/2],
		"one bit flipped": flipped,
		"other version":   stale,
		"other rules":     other,
		"NaN inside":      nan,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			c, builds := countingCache(t, dir)
			path := c.path(kniffelJoker)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			sameTable(t, c.Solver(true), solverFor(t, kniffelJoker))
			if n := builds.Load(); n != 1 {
				t.Fatalf("%d builds, want 1 (the file was trusted)", n)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := decodeTable(data, kniffelJoker); err != nil {
				t.Fatalf("the bad file was not replaced: %v", err)
			}
		})
	}
}

func resum(body []byte) []byte {
	sum := sha256Sum(body)
	return append(body, sum[:]...)
}

// A cache directory that cannot be made just means no file.
func TestCacheUnwritableDir(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, builds := countingCache(t, filepath.Join(file, "wuerfelblock"))
	sameTable(t, c.Solver(true), solverFor(t, kniffelJoker))
	c2, builds2 := countingCache(t, filepath.Join(file, "wuerfelblock"))
	c2.Solver(true)
	if builds.Load() != 1 || builds2.Load() != 1 {
		t.Fatalf("builds %d and %d, want 1 each", builds.Load(), builds2.Load())
	}
}

// No directory: memory only.
func TestCacheMemoryOnly(t *testing.T) {
	c, builds := countingCache(t, "")
	c.Solver(false)
	c.Solver(false)
	if builds.Load() != 1 {
		t.Fatalf("%d builds, want 1", builds.Load())
	}
}
