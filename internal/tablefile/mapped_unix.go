//go:build (linux || darwin || freebsd) && !purego

package tablefile

import (
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Map maps the file at path read-only. An empty file, or one that cannot
// be mapped, is read whole instead.
func Map(path string) (*Mapping, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := st.Size()
	if size > 0 && size == int64(int(size)) {
		data, err := unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
		if err == nil {
			return &Mapping{data: data, mapped: true}, nil
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return &Mapping{data: data}, nil
}

// release drops b's pages from the process's resident memory; they are
// read again from the file when used.
func release(b []byte) { unix.Madvise(b, unix.MADV_DONTNEED) }

func unmap(b []byte) error { return unix.Munmap(b) }

func float64sInPlace(b []byte) ([]float64, bool) {
	if !hostLittleEndian || len(b) < 8 || uintptr(unsafe.Pointer(&b[0]))%8 != 0 {
		return nil, false
	}
	return unsafe.Slice((*float64)(unsafe.Pointer(&b[0])), len(b)/8), true
}

func float32sInPlace(b []byte) ([]float32, bool) {
	if !hostLittleEndian || len(b) < 4 || uintptr(unsafe.Pointer(&b[0]))%4 != 0 {
		return nil, false
	}
	return unsafe.Slice((*float32)(unsafe.Pointer(&b[0])), len(b)/4), true
}

// canMap: this build maps files and views their values in place.
const canMap = true
