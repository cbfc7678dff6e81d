//go:build linux

package outfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// ours judges a file as the kind written when it begins with "OURS".
func ours(target string) error {
	b, err := os.ReadFile(target)
	if err != nil {
		return err
	}
	if strings.HasPrefix(string(b), "OURS") {
		return nil
	}
	return errors.New("a text file")
}

// A Judge keeps files of another kind: same kind replaced, other kind
// refused byte-identical (also behind a link), an empty file replaced,
// no Judge (a --force) replaces, a FIFO is written through unjudged.
func TestJudgeKeepsOtherKinds(t *testing.T) {
	dir := t.TempDir()
	o := Options{Judge: ours}
	same := filepath.Join(dir, "same")
	put(t, same, "OURS old", 0o640)
	if err := WriteWith(same, text("OURS new"), o); err != nil {
		t.Fatalf("same kind: %v", err)
	}
	if content(t, same) != "OURS new" || mode(t, same) != 0o640 {
		t.Errorf("same kind: %q %v, want replaced with its mode", content(t, same), mode(t, same))
	}

	other := filepath.Join(dir, "notes.txt")
	put(t, other, "hello\n", 0o644)
	filled := false
	fill := func(w io.Writer) error { filled = true; _, err := io.WriteString(w, "OURS"); return err }
	err := WriteWith(other, fill, o)
	var refused *Error
	if !errors.As(err, &refused) || refused.Kind != OtherKind || refused.Path != other || refused.Err == nil || refused.Err.Error() != "a text file" {
		t.Fatalf("other kind: %v, want an OtherKind refusal with the Judge's error", err)
	}
	if filled || content(t, other) != "hello\n" {
		t.Errorf("other kind: filled %v, content %q: want nothing written", filled, content(t, other))
	}

	link := filepath.Join(dir, "link")
	os.Symlink("notes.txt", link)
	if err := WriteWith(link, text("OURS"), o); !errors.As(err, &refused) || refused.Kind != OtherKind || refused.Target != other {
		t.Errorf("link to another kind: %v, want refused, judged by its target", err)
	}
	os.Symlink("same", filepath.Join(dir, "link-same"))
	if err := WriteWith(filepath.Join(dir, "link-same"), text("OURS via link"), o); err != nil || content(t, same) != "OURS via link" {
		t.Errorf("link to the same kind: %v, %q", err, content(t, same))
	}
	if content(t, other) != "hello\n" {
		t.Errorf("notes.txt is now %q", content(t, other))
	}

	empty := filepath.Join(dir, "empty")
	put(t, empty, "", 0o600)
	if err := WriteWith(empty, text("OURS"), o); err != nil || content(t, empty) != "OURS" {
		t.Errorf("empty file: %v, %q; want replaced", err, content(t, empty))
	}

	if err := WriteWith(other, text("OURS forced"), Options{}); err != nil || content(t, other) != "OURS forced" {
		t.Errorf("without a Judge: %v, %q; want replaced", err, content(t, other))
	}

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
	judged := false
	if err := WriteWith(fifo, text("durch"), Options{Judge: func(string) error { judged = true; return errors.New("no") }}); err != nil {
		t.Fatalf("FIFO: %v", err)
	}
	if s := <-got; s != "durch" || judged {
		t.Errorf("FIFO: the reader got %q, judged %v", s, judged)
	}
}

// /dev/stdout when it is a pipe: a link (/proc/self/fd/N) to a name that
// is none in the file system ("pipe:[…]"), written in place.
func TestLinkToAnonymousPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	link := filepath.Join(t.TempDir(), "stdout")
	if err := os.Symlink("/proc/self/fd/"+strconv.Itoa(int(w.Fd())), link); err != nil {
		t.Fatal(err)
	}
	got := make(chan string)
	go func() { b, _ := io.ReadAll(r); got <- string(b) }()
	err = WriteWith(link, text("[]\n"), Options{Judge: ours})
	w.Close()
	if err != nil {
		t.Fatalf("through a link to a pipe: %v", err)
	}
	if s := <-got; s != "[]\n" {
		t.Errorf("the reader got %q", s)
	}
}
