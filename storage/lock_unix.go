//go:build unix

package storage

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive lock on the file at path (made when absent),
// waiting for another process that holds it; unlock releases it. The lock
// goes with the process: a killed sync leaves none behind.
func lockFile(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// processAlive reports whether a process with this id runs.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
