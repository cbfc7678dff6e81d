package tui

import (
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/coach/kniffel"
)

// The tests keep the Kniffel coach's tables in memory, shared by all of
// them, not in the user's cache directory.
func init() { kniffelCache = kniffel.NewCache("") }

// waitCoach waits until the coach's table for the rules is ready.
func waitCoach(t *testing.T, joker bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		if _, ok := kniffelCache.Ready(joker); ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the coach's table was not ready within a minute")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
