// Package outfile writes a file the user named, without destroying what
// the user did not ask to replace. Every command that writes a file
// (export, backups, CSV files) goes through Write.
//
// What Write does with the path it is given:
//
//   - A regular file, or a name that does not exist yet, is written
//     atomically: into a temporary file in the same directory, synced, and
//     renamed over the name. A crash or a failing fill leaves the old file
//     (or nothing) in place, never half a file.
//   - An existing file keeps its permission bits (and, where the process
//     may, its owner and group); a new file gets 0666 less the umask, as
//     any other program's output would.
//   - A symbolic link is followed to its target (through any number of
//     links); the target is written as above, and the link stays a link.
//   - A device or a FIFO is written in place (opened for writing, never
//     created, truncated or renamed over): "export /dev/null" discards,
//     "export pipe" feeds the reader, "export /dev/stdout | less" too
//     (a link to a pipe without a name in the file system).
//   - An existing non-empty regular file of another kind is refused where
//     the caller says what it writes (WriteWith's Judge): a command may
//     replace an earlier file of its own kind (a daily backup to the same
//     name), never the user's other files. An empty file may be replaced;
//     a symbolic link is judged by its target; a device or FIFO is not
//     judged (it is written in place).
//   - A read-only file (no write bit in its mode) is refused, even when the
//     process could write it anyway (as root). So are a file the process
//     may not write, a directory and a socket.
//   - A path whose directory is wrong is refused before anything is
//     written, naming the part that is wrong: a file where a directory
//     must be ("afile" of "afile/x"), the first directory missing, the
//     directory the process may not write into.
//   - A protected file is refused, whatever the spelling of the path:
//     another name for the same file (a symbolic link, "./", "..", a hard
//     link, other case on a case-insensitive file system) is found by
//     device and inode (os.SameFile); a name that does not exist yet is
//     compared by its directory (os.SameFile) and its name case-folded.
//     SQLite gives the files of an open database (with its -wal, -shm and
//     -journal).
//
// Other hard links to a regular file keep the old content: the rename gives
// the name a new file.
package outfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Kind says why Write refused a path.
type Kind int

const (
	// Protected: the path names (or would name) a protected file, such as
	// the open database or one of its companion files.
	Protected Kind = iota + 1
	// ReadOnly: an existing file without any write bit in its mode.
	ReadOnly
	// NotAFile: a directory, a socket or anything else that cannot take
	// the output.
	NotAFile
	// DirIsFile: a part of the path that must be a directory is a file
	// (or anything else but a directory): Dir names it ("afile" of
	// "afile/x").
	DirIsFile
	// NoDir: a directory of the path does not exist: Dir names the first
	// one missing ("a/b" of "a/b/c/x" where a exists).
	NoDir
	// DirNotWritable: the directory the file goes into cannot be written
	// (no permission, a read-only file system): Dir names it.
	DirNotWritable
	// OtherKind: an existing non-empty regular file that the caller's
	// Judge found to be of another kind than the file written: Err is the
	// Judge's error, saying what the file appears to be.
	OtherKind
)

// Error is Write's refusal of a path before anything was written.
type Error struct {
	Path   string // the path as the caller gave it
	Target string // the file it leads to (after symbolic links)
	Kind   Kind
	Of     string // for Protected: the protected path it is
	Dir    string // for DirIsFile, NoDir and DirNotWritable: the directory that is wrong
	Err    error  // for DirIsFile, NoDir and DirNotWritable: the file system's error; for OtherKind the Judge's
}

func (e *Error) Error() string {
	switch e.Kind {
	case Protected:
		return fmt.Sprintf("%s is %s, which must not be overwritten", e.Path, e.Of)
	case ReadOnly:
		return fmt.Sprintf("%s is read-only", e.Path)
	case DirIsFile:
		return fmt.Sprintf("%s: %s is a file, not a directory", e.Path, e.Dir)
	case NoDir:
		return fmt.Sprintf("%s: the directory %s does not exist", e.Path, e.Dir)
	case DirNotWritable:
		return fmt.Sprintf("%s: the directory %s cannot be written", e.Path, e.Dir)
	case OtherKind:
		return fmt.Sprintf("%s is not a file of the kind written (%v): not replaced", e.Path, e.Err)
	}
	return fmt.Sprintf("%s is not a file that can be written", e.Path)
}

// Unwrap is the file system's error behind a refusal for a directory
// (fs.ErrNotExist for NoDir, so errors.Is still finds it), or the Judge's
// error behind OtherKind.
func (e *Error) Unwrap() error { return e.Err }

// SQLite is what an open SQLite database consists of: the file db and its
// -wal, -shm and -journal, and the -damaged mark that storage keeps beside
// a database it found damaged, under the name given and under the name its
// symbolic links lead to. Pass it to Write as the protected paths.
func SQLite(db string) []string {
	names := []string{db}
	if t, err := resolve(db); err == nil && t != db {
		names = append(names, t)
	}
	var out []string
	for _, n := range names {
		out = append(out, n, n+"-wal", n+"-shm", n+"-journal", n+"-damaged")
	}
	return out
}

// Write writes the file at path through fill, as the package comment says;
// protect lists files that must never be written (see SQLite). An error
// fill returns is returned unchanged and leaves a regular file as it was; a
// refusal is an *Error (nothing was touched); anything else is the file
// system's error, an *fs.PathError as a rule. Write replaces a regular
// file of any kind: WriteWith with a Judge keeps other kinds.
func Write(path string, fill func(w io.Writer) error, protect ...string) error {
	return WriteWith(path, fill, Options{Protect: protect})
}

// Options are what WriteWith is told besides the path and the fill.
type Options struct {
	// Protect lists files that must never be written (see SQLite).
	Protect []string
	// Judge, where not nil, is asked about an existing non-empty regular
	// file (the target of any symbolic links) before it is replaced: nil
	// where the file is of the kind written, so that it may be replaced;
	// otherwise an error saying what it appears to be, and WriteWith
	// refuses the path as OtherKind with that error, writing nothing.
	// Leave it nil to replace whatever is there (a --force).
	Judge func(target string) error
}

// WriteWith is Write with options: the protected files and the Judge of
// the file replaced.
func WriteWith(path string, fill func(w io.Writer) error, o Options) error {
	// A link the kernel follows to what has no name of its own
	// (/dev/stdout to /proc/self/fd/1 to "pipe:[…]"): written in place.
	if st, err := os.Stat(path); err == nil && st.Mode()&(fs.ModeDevice|fs.ModeCharDevice|fs.ModeNamedPipe) != 0 {
		return inPlace(path, fill)
	}
	target, err := resolve(path)
	if err != nil {
		return err
	}
	for _, p := range o.Protect {
		if same(target, p) {
			return &Error{Path: path, Target: target, Kind: Protected, Of: p}
		}
	}
	st, err := os.Stat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		if derr := checkDir(path, target, err); derr != nil {
			return derr
		}
		return replace(path, target, nil, fill)
	case err != nil:
		return err
	}
	switch m := st.Mode(); {
	case m.IsRegular():
		if m.Perm()&0o222 == 0 {
			return &Error{Path: path, Target: target, Kind: ReadOnly}
		}
		// The rename would replace a file the process may not write as
		// long as it may write the directory: ask the file itself.
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		f.Close()
		if o.Judge != nil && st.Size() > 0 {
			if jerr := o.Judge(target); jerr != nil {
				return &Error{Path: path, Target: target, Kind: OtherKind, Err: jerr}
			}
		}
		return replace(path, target, st, fill)
	case m&(fs.ModeDevice|fs.ModeCharDevice|fs.ModeNamedPipe) != 0:
		return inPlace(target, fill)
	}
	return &Error{Path: path, Target: target, Kind: NotAFile}
}

// checkDir names the part of target's directory that keeps a file from
// being made there (err is what asking for target gave): the nearest
// ancestor that exists is a file (DirIsFile), or the directory below it is
// missing (NoDir). It returns nil where the directory is there.
func checkDir(path, target string, err error) error {
	missing := ""
	for d := filepath.Dir(target); ; d = filepath.Dir(d) {
		st, serr := os.Stat(d)
		switch {
		case serr == nil && !st.IsDir():
			return &Error{Path: path, Target: target, Kind: DirIsFile, Dir: d, Err: syscall.ENOTDIR}
		case serr == nil && missing == "":
			return nil
		case serr == nil:
			return &Error{Path: path, Target: target, Kind: NoDir, Dir: missing, Err: fs.ErrNotExist}
		case errors.Is(serr, fs.ErrNotExist):
			missing = d
		case !errors.Is(serr, syscall.ENOTDIR):
			return serr
		}
		if filepath.Dir(d) == d {
			return err
		}
	}
}

// maxLinks is how many symbolic links resolve follows before it gives up.
const maxLinks = 255

// resolve follows symbolic links at the end of path to the name they lead
// to, which need not exist (a dangling link is written through, like a
// shell's redirection does).
func resolve(path string) (string, error) {
	p := filepath.Clean(path)
	for range maxLinks {
		st, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			return p, nil // Write says what is missing
		}
		if err != nil {
			return "", err
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		link, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(p), link)
		}
		p = filepath.Clean(link)
	}
	return "", &fs.PathError{Op: "open", Path: path, Err: errors.New("too many levels of symbolic links")}
}

// same says whether target (resolved, perhaps not existing) is protected
// file p or would become it.
func same(target, p string) bool {
	rp, err := resolve(p)
	if err != nil {
		rp = filepath.Clean(p)
	}
	a, errA := os.Stat(target)
	b, errB := os.Stat(rp)
	if errA == nil && errB == nil {
		return os.SameFile(a, b)
	}
	// A name not there (yet): the same directory and the same name,
	// case-folded, as a case-insensitive file system would take it.
	if !strings.EqualFold(filepath.Base(target), filepath.Base(rp)) {
		return false
	}
	da, errA := os.Stat(filepath.Dir(target))
	db, errB := os.Stat(filepath.Dir(rp))
	return errA == nil && errB == nil && os.SameFile(da, db)
}

// inPlace writes a device or FIFO as it is: opened for writing, never
// created or truncated.
func inPlace(target string, fill func(w io.Writer) error) error {
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if err := fill(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// replace writes target through a temporary file beside it and renames
// it; old, if not nil, is the file it replaces (its mode and owner stay).
func replace(path, target string, old fs.FileInfo, fill func(w io.Writer) error) error {
	f, err := createTemp(target, old)
	if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
		// The file may be writable, its directory is not: name the directory.
		return &Error{Path: path, Target: target, Kind: DirNotWritable, Dir: filepath.Dir(target), Err: err}
	}
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp) // a no-op after the rename
	if old != nil {
		keepOwner(f, old)
		if err := f.Chmod(old.Mode().Perm()); err != nil {
			f.Close()
			return err
		}
	}
	if err := fill(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, target); err != nil {
		return err
	}
	syncDir(filepath.Dir(target))
	return nil
}

// createTemp makes a new file beside target. A file that replaces nothing
// is created 0666, which the kernel reduces by the umask (and a default
// ACL); one that replaces a file starts private and gets its mode later.
func createTemp(target string, old fs.FileInfo) (*os.File, error) {
	perm := fs.FileMode(0o666)
	if old != nil {
		perm = 0o600
	}
	dir, base := filepath.Split(target)
	for range 100 {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(rand.Uint64(), 36)+".tmp")
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			// Name the file the caller asked for, not the temporary one.
			var pe *fs.PathError
			if errors.As(err, &pe) {
				pe.Path = target
			}
		}
		return f, err
	}
	return nil, &fs.PathError{Op: "create", Path: target, Err: fs.ErrExist}
}

// syncDir makes a rename in dir durable where the system allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// MakeDir makes the directory dir, with its parents where missing (0755
// less the umask), for files that Write then writes into it. A part of dir
// that exists but is no directory is refused as DirIsFile naming it ("afile"
// of "afile" or "afile/sub"); a directory that cannot be made as
// DirNotWritable naming the directory it would go into. Nothing is made
// then.
func MakeDir(dir string) error {
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		st, err := os.Stat(d)
		if err == nil {
			if !st.IsDir() {
				return &Error{Path: dir, Target: dir, Kind: DirIsFile, Dir: d, Err: syscall.ENOTDIR}
			}
			break
		}
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return err
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	err := os.MkdirAll(dir, 0o755)
	if errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) {
		parent := filepath.Dir(filepath.Clean(dir))
		var pe *fs.PathError
		if errors.As(err, &pe) {
			parent = filepath.Dir(pe.Path)
		}
		return &Error{Path: dir, Target: dir, Kind: DirNotWritable, Dir: parent, Err: err}
	}
	return err
}

// FileInPath is the first part of path's directory that exists and is a
// file (or anything else but a directory): "afile" of "afile/x"; "" where
// there is none. A command that reads path says it with it.
func FileInPath(path string) string {
	var oe *Error
	if errors.As(checkDir(path, filepath.Clean(path), nil), &oe) && oe.Kind == DirIsFile {
		return oe.Dir
	}
	return ""
}
