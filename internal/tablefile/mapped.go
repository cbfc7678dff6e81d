package tablefile

import (
	"encoding/binary"
	"math"
)

// Mapping is a table file's bytes for as long as a process keeps the table:
// mapped read-only into memory where the system allows it (linux, darwin,
// freebsd; not with -tags purego), so that a large table is no part of the
// Go heap (the collector neither scans it nor counts it towards the heap's
// limit, and only the pages a process reads are resident); elsewhere the
// file read whole. The bytes must never be written. A mapped file must not
// change while it is mapped: Write replaces a table file by renaming a new
// one over it, which leaves the mapped one as it was.
type Mapping struct {
	data   []byte
	mapped bool
}

// Bytes is the file's contents.
func (m *Mapping) Bytes() []byte { return m.data }

// Mapped reports whether the bytes are a mapping of the file (not a copy on
// the Go heap).
func (m *Mapping) Mapped() bool { return m.mapped }

// Scan calls f with the file's contents in order, a piece at a time, each
// with its offset in the file (a multiple of 1 MiB). Pieces of a mapping
// are released from the process's resident memory after f (read again from
// the file if used later), so that checking a whole table (checksum, every
// value) costs a mapped table no resident memory. f may read a few bytes
// past its piece (a value that lies across the end).
func (m *Mapping) Scan(f func(off int, piece []byte)) {
	for off := 0; off < len(m.data); off += scanPiece {
		end := min(off+scanPiece, len(m.data))
		f(off, m.data[off:end])
		if m.mapped {
			release(m.data[off:end])
		}
	}
}

// scanPiece is the size of Scan's pieces: a multiple of any page size.
const scanPiece = 1 << 20

// Close releases the mapping; its bytes (and every view of them) must not
// be used afterwards. A table kept for the life of the process is never
// closed.
func (m *Mapping) Close() error {
	if !m.mapped || m.data == nil {
		m.data = nil
		return nil
	}
	err := unmap(m.data)
	m.data = nil
	return err
}

// hostLittleEndian: the tables' values are stored little-endian, and can be
// used in place only on a little-endian machine.
var hostLittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// FromBytes is a Mapping of bytes already in memory (not mapped).
func FromBytes(b []byte) *Mapping { return &Mapping{data: b} }

// Float64s is b (little-endian float64 values, len(b) a multiple of 8) as
// []float64: in place (inPlace; it lives as long as b's mapping) where
// the build allows it (no purego), the host is little-endian and b is
// aligned, else a copy.
func Float64s(b []byte) (v []float64, inPlace bool) {
	if v, ok := float64sInPlace(b); ok {
		return v, true
	}
	v = make([]float64, len(b)/8)
	for i := range v {
		v[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return v, false
}

// Float32s is Float64s for float32 values (len(b) a multiple of 4).
func Float32s(b []byte) (v []float32, inPlace bool) {
	if v, ok := float32sInPlace(b); ok {
		return v, true
	}
	v = make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v, false
}
