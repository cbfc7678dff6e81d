package win

import (
	"sync"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// TestConcurrentUse: a solver asked from several goroutines at once (the
// app's background build and its coach line) builds one table and answers
// alike (run with -race).
func TestConcurrentUse(t *testing.T) {
	s, err := New(rulesOf(t, validate.GameZehntausend, map[string]any{"ziel": 300}))
	if err != nil {
		t.Fatal(err)
	}
	s.SetDir(t.TempDir())
	var wg sync.WaitGroup
	wins := make([]float64, 4)
	for k := range wins {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tb, err := s.Table()
			if err != nil {
				t.Error(err)
				return
			}
			p, err := tb.Start([]int{100, 200}, k%2)
			if err != nil {
				t.Error(err)
				return
			}
			ks, _ := p.Keeps([]int{1, 1, 5, 2, 3})
			wins[k] = ks[0].Win
			_ = s.Ready()
		}()
	}
	wg.Wait()
	if wins[0] != wins[2] || wins[1] != wins[3] {
		t.Errorf("answers differ: %v", wins)
	}
}
