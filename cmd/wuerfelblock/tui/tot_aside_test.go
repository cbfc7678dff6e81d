package tui

import "testing"

// The aside example names only dice that were thrown: after 6 4 5 3 2 1 it
// said "66" (a new player typed it and was refused).
func TestAsideExampleFromTheThrow(t *testing.T) {
	for _, c := range []struct {
		thrown []int
		want   string
	}{
		{[]int{6, 4, 5, 3, 2, 1}, "6"},
		{[]int{6, 6, 6, 1}, "66"},
		{[]int{2, 5, 1, 5}, "55"},
		{[]int{3}, "3"},
	} {
		if got := asideExample(c.thrown); got != c.want {
			t.Errorf("asideExample(%v) = %q, want %q", c.thrown, got, c.want)
		}
	}
}
