//go:build unix

package outfile

import (
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives f the owner and group of old where the process may (as
// root, or a group the user is in); where not, f stays the user's.
func keepOwner(f *os.File, old fs.FileInfo) {
	st, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if int(st.Uid) == os.Geteuid() && int(st.Gid) == os.Getegid() {
		return
	}
	if f.Chown(int(st.Uid), int(st.Gid)) != nil {
		f.Chown(-1, int(st.Gid))
	}
}
