package storage

import (
	"fmt"
	"os"
	"strings"
	"syscall"
)

// shmHeld reports whether a program has the database open: every SQLite
// connection to a WAL database holds a lock on its -shm file while it is
// open (/proc/locks lists them). Where it cannot tell, it says held: a WAL
// is then taken for one in use, not for one left over.
func shmHeld(path string) bool {
	var st syscall.Stat_t
	if err := syscall.Stat(path+"-shm", &st); err != nil {
		return false
	}
	locks, err := os.ReadFile("/proc/locks")
	if err != nil {
		return true
	}
	dev := uint64(st.Dev)
	major := (dev>>8)&0xfff | (dev>>32)&^0xfff
	minor := dev&0xff | (dev>>12)&^0xff
	id := fmt.Sprintf("%02x:%02x:%d", major, minor, st.Ino)
	for _, line := range strings.Split(string(locks), "\n") {
		for _, f := range strings.Fields(line) {
			if f == id {
				return true
			}
		}
	}
	return false
}
