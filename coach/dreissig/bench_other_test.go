//go:build !linux

package dreissig

import "time"

// threadCPU: no thread's CPU time here (the benchmark reports the
// process's only).
var threadCPU func() time.Duration

// peakRSS: not read here.
func peakRSS() float64 { return 0 }
