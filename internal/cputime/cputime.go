//go:build unix

// Package cputime tells benchmarks how much CPU time the process has used:
// on a machine shared with other work it says what the wall clock cannot.
package cputime

import (
	"syscall"
	"time"
)

// Used is the CPU time (user + system) the process has used so far; 0
// where it cannot be measured.
func Used() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
