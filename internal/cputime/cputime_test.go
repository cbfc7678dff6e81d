//go:build unix

package cputime

import "testing"

func TestUsedGrowsWithWork(t *testing.T) {
	before := Used()
	x := 0
	for i := range 50_000_000 {
		x += i % 7
	}
	if x == 0 || Used() <= before {
		t.Errorf("CPU time did not grow: %v → %v", before, Used())
	}
}
