//go:build linux

package outfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func text(s string) func(io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

func put(t *testing.T, path, content string, perm fs.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, perm); err != nil {
		t.Fatal(err)
	}
}

func content(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func mode(t *testing.T, path string) fs.FileMode {
	t.Helper()
	st, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Mode()
}

// onlyFiles fails if dir holds anything but the names given (a temporary
// file left behind, a file replaced by another name).
func onlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("%s holds %q, want %q", dir, got, names)
	}
}

func TestNewFileByTheUmask(t *testing.T) {
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	dir := t.TempDir()
	p := filepath.Join(dir, "new.json")
	if err := Write(p, text("neu")); err != nil {
		t.Fatal(err)
	}
	if got := content(t, p); got != "neu" {
		t.Errorf("content %q", got)
	}
	if m := mode(t, p); m != 0o640 {
		t.Errorf("mode %v, want -rw-r----- (0666 less umask 027)", m)
	}
	onlyFiles(t, dir, "new.json")
}

func TestExistingFileKeepsItsMode(t *testing.T) {
	for _, perm := range []fs.FileMode{0o644, 0o640, 0o606, 0o200} {
		dir := t.TempDir()
		p := filepath.Join(dir, "x.json")
		put(t, p, "alt", perm)
		if err := Write(p, text("neu")); err != nil {
			t.Fatalf("%v: %v", perm, err)
		}
		if m := mode(t, p); m != perm {
			t.Errorf("mode %v after writing, want %v", m, perm)
		}
		if perm&0o400 != 0 && content(t, p) != "neu" {
			t.Errorf("%v: content %q", perm, content(t, p))
		}
		onlyFiles(t, dir, "x.json")
	}
}

func TestReadOnlyFileRefused(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "ro.json")
	put(t, p, "alt", 0o444)
	err := Write(p, text("neu"))
	var oe *Error
	if !errors.As(err, &oe) || oe.Kind != ReadOnly {
		t.Fatalf("Write of a 0444 file: %v, want a ReadOnly refusal (also as root)", err)
	}
	if content(t, p) != "alt" || mode(t, p) != 0o444 {
		t.Errorf("refused file changed: %q %v", content(t, p), mode(t, p))
	}
	onlyFiles(t, dir, "ro.json")
}

func TestFailingFillLeavesTheOldFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.json")
	put(t, p, "alt", 0o644)
	boom := errors.New("boom")
	err := Write(p, func(w io.Writer) error { io.WriteString(w, "halb"); return boom })
	if err != boom {
		t.Fatalf("Write: %v, want fill's own error", err)
	}
	if content(t, p) != "alt" {
		t.Errorf("content %q after a failed fill", content(t, p))
	}
	onlyFiles(t, dir, "x.json")
	// Nor does a failing fill leave a new file.
	if err := Write(filepath.Join(dir, "y.json"), func(io.Writer) error { return boom }); err != boom {
		t.Fatal(err)
	}
	onlyFiles(t, dir, "x.json")
}

func TestSymlinksAreFollowed(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	real := filepath.Join(sub, "real.json")
	put(t, real, "alt", 0o640)
	// link1 -> link2 -> sub/real.json, relative links.
	if err := os.Symlink("sub/real.json", filepath.Join(dir, "link2")); err != nil {
		t.Fatal(err)
	}
	os.Symlink("link2", filepath.Join(dir, "link1"))
	if err := Write(filepath.Join(dir, "link1"), text("neu")); err != nil {
		t.Fatal(err)
	}
	if content(t, real) != "neu" || mode(t, real) != 0o640 {
		t.Errorf("target: %q %v, want new content and its mode", content(t, real), mode(t, real))
	}
	for _, l := range []string{"link1", "link2"} {
		if mode(t, filepath.Join(dir, l))&fs.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symbolic link", l)
		}
	}
	onlyFiles(t, sub, "real.json")
	// A dangling link: its target is created.
	os.Symlink("sub/later.json", filepath.Join(dir, "dangling"))
	if err := Write(filepath.Join(dir, "dangling"), text("später")); err != nil {
		t.Fatal(err)
	}
	if content(t, filepath.Join(sub, "later.json")) != "später" || mode(t, filepath.Join(dir, "dangling"))&fs.ModeSymlink == 0 {
		t.Error("a dangling link was not written through")
	}
	// A loop is an error, not a hang.
	os.Symlink("loop", filepath.Join(dir, "loop"))
	if err := Write(filepath.Join(dir, "loop"), text("x")); err == nil {
		t.Error("a symlink loop was written")
	}
}

func TestDevicesAreWrittenInPlace(t *testing.T) {
	dir := t.TempDir()
	null := filepath.Join(dir, "null")
	full := filepath.Join(dir, "full")
	// Our own nodes, with the numbers of /dev/null (1,3) and /dev/full (1,7).
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); errors.Is(err, syscall.EPERM) {
		t.Skipf("mknod needs root: %v", err)
	} else if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mknod(full, syscall.S_IFCHR|0o666, 1<<8|7); err != nil {
		t.Fatal(err)
	}
	if err := Write(null, text("weg")); err != nil {
		t.Fatalf("Write to a null device: %v", err)
	}
	if m := mode(t, null); m&fs.ModeCharDevice == 0 {
		t.Errorf("the null device is now %v", m)
	}
	err := Write(full, text(strings.Repeat("x", 1<<16)))
	if !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("Write to a full device: %v, want no space left", err)
	}
	if m := mode(t, full); m&fs.ModeCharDevice == 0 {
		t.Errorf("the full device is now %v", m)
	}
	onlyFiles(t, dir, "full", "null")
}

func TestFIFOIsWrittenInPlace(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if err := Write(fifo, text("durch die Röhre")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "durch die Röhre" {
		t.Errorf("the reader got %q", s)
	}
	if m := mode(t, fifo); m&fs.ModeNamedPipe == 0 {
		t.Errorf("the FIFO is now %v", m)
	}
	onlyFiles(t, dir, "pipe")
}

func TestDirectoryRefused(t *testing.T) {
	dir := t.TempDir()
	err := Write(dir, text("x"))
	var oe *Error
	if !errors.As(err, &oe) || oe.Kind != NotAFile {
		t.Fatalf("Write to a directory: %v", err)
	}
	if err := Write(filepath.Join(dir, "no", "such.json"), text("x")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Write into a missing directory: %v", err)
	}
}

func TestProtectedFilesWhateverTheSpelling(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	db := filepath.Join(sub, "X.db")
	put(t, db, "SQLite format 3", 0o644)
	put(t, db+"-wal", "wal", 0o644)
	os.Symlink("sub", filepath.Join(dir, "via"))
	os.Symlink("sub/X.db", filepath.Join(dir, "dblink"))
	os.Link(db, filepath.Join(dir, "hard.db"))
	os.Symlink("sub/X.db-shm", filepath.Join(dir, "shmlink"))
	protect := SQLite(db)
	for _, p := range []string{
		db, "sub/X.db", "./sub/X.db", "sub/../sub/X.db", "via/X.db", "dblink", "hard.db",
		db + "-wal", "via/X.db-wal", // existing companion
		db + "-shm", "sub/X.db-journal", "via/X.db-shm", "shmlink", // companions not there yet
		"sub/x.DB-WAL", "sub/x.db-Journal", // other case
		"via/X.db-damaged", // storage's mark of a damaged database
	} {
		err := Write(p, text("{}"), protect...)
		var oe *Error
		if !errors.As(err, &oe) || oe.Kind != Protected {
			t.Errorf("Write(%s): %v, want it refused as protected", p, err)
		}
	}
	if content(t, db) != "SQLite format 3" || content(t, db+"-wal") != "wal" {
		t.Error("a protected file changed")
	}
	onlyFiles(t, sub, "X.db", "X.db-wal")
	// Under a symbolic link to the database, its real name is protected too.
	if err := Write("sub/X.db-journal", text("{}"), SQLite("dblink")...); err == nil {
		t.Error("the journal of the database behind a link was written")
	}
	// Names beside it are fine.
	for _, p := range []string{"sub/X.db.json", "sub/X.dbx", "X.db"} {
		if err := Write(p, text("{}"), protect...); err != nil {
			t.Errorf("Write(%s): %v", p, err)
		}
	}
}

// A path whose directory is wrong names the part that is wrong, not the
// file asked for ("afile/x: not a directory"), and writes nothing: a file
// where a directory must be, a directory missing (also deeper down), a
// directory that cannot be written.
func TestWrongDirectoryNamed(t *testing.T) {
	dir := t.TempDir()
	afile := filepath.Join(dir, "afile")
	put(t, afile, "mine", 0o644)
	for _, c := range []struct {
		path string
		kind Kind
		dir  string
	}{
		{filepath.Join(afile, "x"), DirIsFile, afile},
		{filepath.Join(afile, "sub", "x"), DirIsFile, afile},
		{filepath.Join(dir, "no", "x"), NoDir, filepath.Join(dir, "no")},
		{filepath.Join(dir, "no", "deeper", "x"), NoDir, filepath.Join(dir, "no")},
	} {
		err := Write(c.path, text("x"))
		var oe *Error
		if !errors.As(err, &oe) || oe.Kind != c.kind || oe.Dir != c.dir || oe.Path != c.path {
			t.Errorf("Write(%s): %#v, want kind %d naming %s", c.path, err, c.kind, c.dir)
		}
	}
	if content(t, afile) != "mine" {
		t.Errorf("afile changed")
	}
	onlyFiles(t, dir, "afile")
	// A missing directory is still fs.ErrNotExist for errors.Is.
	if err := Write(filepath.Join(dir, "no", "x"), text("x")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing directory: %v, want fs.ErrNotExist too", err)
	}
	// A directory the process cannot write, even as root: sysfs.
	if f, err := os.CreateTemp("/sys", "probe"); err == nil {
		f.Close()
		os.Remove(f.Name())
		t.Skip("/sys is writable here")
	}
	err := Write("/sys/wuerfelblock-probe", text("x"))
	var oe *Error
	if !errors.As(err, &oe) || oe.Kind != DirNotWritable || oe.Dir != "/sys" {
		t.Errorf("Write into /sys: %#v, want DirNotWritable naming /sys", err)
	}
}

// MakeDir (export --csv DIR): a file where the directory must be is named
// and stays as it was; a missing directory is made.
func TestMakeDirNamesAFile(t *testing.T) {
	dir := t.TempDir()
	afile := filepath.Join(dir, "afile")
	put(t, afile, "mine", 0o644)
	for _, p := range []string{afile, filepath.Join(afile, "sub")} {
		err := MakeDir(p)
		var oe *Error
		if !errors.As(err, &oe) || oe.Kind != DirIsFile || oe.Dir != afile {
			t.Errorf("MakeDir(%s): %#v, want DirIsFile naming %s", p, err, afile)
		}
	}
	if content(t, afile) != "mine" {
		t.Errorf("afile changed")
	}
	if err := MakeDir(filepath.Join(dir, "new", "sub")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(filepath.Join(dir, "new", "sub")); err != nil || !st.IsDir() {
		t.Errorf("MakeDir made no directory: %v", err)
	}
}
