package dreissig

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time of the calling thread (RUSAGE_THREAD).
var threadCPU = func() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(1, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// peakRSS is the process's peak resident memory in bytes (Maxrss: KB).
func peakRSS() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Maxrss) * 1024
}
