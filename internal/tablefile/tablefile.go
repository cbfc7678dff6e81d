// Package tablefile keeps the coaches' solved tables on disk: where they
// live and how a table file is written. Each coach (coach/kniffel,
// coach/win, coach/dreissig) has its own file format, checksum and format
// version; what they share is here.
package tablefile

import (
	"os"
	"path/filepath"
	"sync/atomic"
)

// Dir is where the tables are kept: os.UserCacheDir()/wuerfelblock
// ($XDG_CACHE_HOME/wuerfelblock; "" when there is no cache directory).
func Dir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "wuerfelblock")
}

// Write replaces path with data whole or not at all: through a temporary
// file (named prefix-*, hidden) in the same directory, renamed over path.
// A directory that cannot be made or written just means no file: a table
// is always built again when its file is missing, so the error is not
// reported.
func Write(path, prefix string, data []byte) {
	dir := filepath.Dir(path)
	if os.MkdirAll(dir, 0o755) != nil {
		return
	}
	f, err := os.CreateTemp(dir, "."+prefix+"-*")
	if err != nil {
		return
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr != nil || cerr != nil || os.Rename(f.Name(), path) != nil {
		os.Remove(f.Name())
	}
}

// buildSlot lets one table be built at a time in the process, of whichever
// coach: a build already keeps every core busy (its own workers), so a
// second one beside it (an import with a worker per core meeting a new
// Kniffel, Dreißig-tot and win table at once) gains no time and adds its
// memory to the peak.
var buildSlot = make(chan struct{}, 1)

// Name names a table for people, in English and German ("Dreißig tot's
// table for 4 players").
type Name struct{ EN, DE string }

// onBuild is the program's hook for a build that begins (OnBuild).
var onBuild atomic.Pointer[func(Name) (done func())]

// OnBuild makes f hear of every table build that begins in the process
// (not a table loaded from its file), with the table's name; the func f
// returns is called when the build is over. A command line uses it to say
// why it waits (a four-player Dreißig-tot table: seconds); nil: nobody.
func OnBuild(f func(Name) (done func())) {
	if f == nil {
		onBuild.Store(nil)
		return
	}
	onBuild.Store(&f)
}

// Build runs build of the table what in the process's one build slot,
// waiting for a build under way first. A build must not build another
// table inside it.
func Build[T any](what Name, build func() T) T {
	buildSlot <- struct{}{}
	defer func() { <-buildSlot }()
	if f := onBuild.Load(); f != nil {
		defer (*f)(what)()
	}
	return build()
}
