package main

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// syncBuilder is a strings.Builder for a writer on another goroutine.
type syncBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuilder) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuilder) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Issue 19 (also measured): check says in its help that it reads
// everything, and on a large file how far it is: the games replayed at
// most once per interval, and while SQLite's integrity check runs how
// long it has run.
func TestCheckSaysHowFarItIs(t *testing.T) {
	_, out, _ := wb(t, filepath.Join(t.TempDir(), "w.db"), "check", "--help")
	if !strings.Contains(out, "reads everything") {
		t.Errorf("check --help does not say it reads everything:\n%s", out)
	}
	var errb syncBuilder
	p := &checkProgress{e: &env{stderr: &errb, lang: validate.English}, every: 20 * time.Millisecond, size: 250 << 20}
	p.step("integrity_check")
	time.Sleep(70 * time.Millisecond)
	p.step("games")
	p.step("games 1000/20000")
	p.step("games 2000/20000") // within the interval: not said
	time.Sleep(30 * time.Millisecond)
	p.step("games 3000/20000")
	p.stop()
	got := errb.String()
	for _, want := range []string{"checking: integrity_check\n", "checking: integrity_check of 250 MB, 0 s so far\n", "checking: games\n", "checking: games 3000/20000\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("progress lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "1000/20000") || strings.Contains(got, "2000/20000") {
		t.Errorf("progress lines closer than the interval:\n%s", got)
	}
	time.Sleep(50 * time.Millisecond)
	if errb.String() != got {
		t.Error("progress goes on after the check")
	}
}
