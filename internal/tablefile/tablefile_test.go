package tablefile

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"
)

func TestWriteReplacesWholeAndLeavesNoTemporary(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "sub")
	path := filepath.Join(dir, "t.table")
	Write(path, "t", []byte("first"))
	Write(path, "t", []byte("second"))
	got, err := os.ReadFile(path)
	if err != nil || string(got) != "second" {
		t.Fatalf("read %q, %v; want second", got, err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("%d files in the directory, want only the table", len(ents))
	}
}

func TestWriteIntoUnwritablePlaceIsNoFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "plain")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// A directory under a regular file cannot be made: no file, no panic.
	Write(filepath.Join(file, "sub", "t.table"), "t", []byte("x"))
	if _, err := os.Stat(filepath.Join(file, "sub")); err == nil {
		t.Fatal("a directory appeared under a regular file")
	}
}

func TestDirFollowsXDGCacheHome(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "/tmp/xdg-test")
	if got := Dir(); got != "/tmp/xdg-test/wuerfelblock" {
		t.Fatalf("Dir() = %q", got)
	}
}

// Builds of any coach's tables run one at a time, each to its end.
func TestBuildOneAtATime(t *testing.T) {
	var mu sync.Mutex
	running, most := 0, 0
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got := Build(Name{EN: "test"}, func() int {
				mu.Lock()
				running++
				most = max(most, running)
				mu.Unlock()
				time.Sleep(20 * time.Millisecond)
				mu.Lock()
				running--
				mu.Unlock()
				return i
			})
			if got != i {
				t.Errorf("build %d returned %d", i, got)
			}
		}()
	}
	wg.Wait()
	if most != 1 {
		t.Fatalf("%d builds at once, want 1", most)
	}
}

// OnBuild hears of every build that begins, by its name, and of its end,
// after the build returned; without a hook nothing is called.
func TestOnBuildHearsEachBuild(t *testing.T) {
	var heard []string
	OnBuild(func(n Name) func() {
		heard = append(heard, "begin "+n.EN+"/"+n.DE)
		return func() { heard = append(heard, "end "+n.EN) }
	})
	got := Build(Name{EN: "a table", DE: "eine Tabelle"}, func() int {
		heard = append(heard, "build")
		return 7
	})
	OnBuild(nil)
	Build(Name{EN: "unheard"}, func() int { return 0 })
	want := []string{"begin a table/eine Tabelle", "build", "end a table"}
	if got != 7 || !slices.Equal(heard, want) {
		t.Fatalf("Build = %d, heard %q, want 7 and %q", got, heard, want)
	}
}
