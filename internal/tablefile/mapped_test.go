package tablefile

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// A mapped file's bytes are the file's; Scan visits them all, in order, in
// pieces that start at their offsets, and leaves them as they were.
func TestMapAndScan(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.table")
	want := make([]byte, 3*scanPiece+12345)
	for i := range want {
		want[i] = byte(i*7 + i>>11)
	}
	if err := os.WriteFile(path, want, 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := Map(path)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if m.Mapped() != canMap {
		t.Errorf("mapped %v, want %v on this build", m.Mapped(), canMap)
	}
	var seen []byte
	m.Scan(func(off int, piece []byte) {
		if off != len(seen) {
			t.Fatalf("piece at %d after %d bytes", off, len(seen))
		}
		seen = append(seen, piece...)
	})
	if !bytes.Equal(seen, want) {
		t.Fatal("Scan did not visit the file's bytes")
	}
	// Released pieces are read again from the file.
	if !bytes.Equal(m.Bytes(), want) {
		t.Fatal("the bytes changed after Scan")
	}
	if err := m.Close(); err != nil || m.Bytes() != nil {
		t.Fatalf("Close: %v, bytes left %d", err, len(m.Bytes()))
	}
}

func TestMapMissingAndEmptyFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := Map(filepath.Join(dir, "none")); err == nil {
		t.Fatal("a missing file mapped")
	}
	empty := filepath.Join(dir, "empty")
	os.WriteFile(empty, nil, 0o644)
	m, err := Map(empty)
	if err != nil || len(m.Bytes()) != 0 {
		t.Fatalf("empty file: %v, %d bytes", err, len(m.Bytes()))
	}
}

// The views give the values stored, in place where the build maps (and
// not on a misaligned start), a copy otherwise.
func TestFloatViews(t *testing.T) {
	vals := []float64{0, 1.5, -2.25, math.Inf(1), math.NaN(), 1e-300, 417.25}
	b := make([]byte, 8+8*len(vals))
	for i, x := range vals {
		binary.LittleEndian.PutUint64(b[8+8*i:], math.Float64bits(x))
	}
	path := filepath.Join(t.TempDir(), "f.table")
	os.WriteFile(path, b, 0o644)
	m, err := Map(path)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	for _, data := range [][]byte{b, m.Bytes()} {
		got, inPlace := Float64s(data[8:])
		if inPlace != canMap {
			t.Errorf("in place %v, want %v on this build", inPlace, canMap)
		}
		for i, x := range vals {
			if math.Float64bits(got[i]) != math.Float64bits(x) {
				t.Fatalf("value %d: %v, want %v", i, got[i], x)
			}
		}
		f32, _ := Float32s(data[8:16])
		if len(f32) != 2 || math.Float32bits(f32[0]) != binary.LittleEndian.Uint32(data[8:]) ||
			math.Float32bits(f32[1]) != binary.LittleEndian.Uint32(data[12:]) {
			t.Fatalf("float32 view %v", f32)
		}
	}
	// A misaligned start (the mapping starts on a page) is copied, never
	// read in place.
	odd := m.Bytes()[9 : 9+8*4]
	got, inPlace := Float64s(odd)
	if inPlace {
		t.Fatal("a misaligned start read in place")
	}
	for i := range got {
		if math.Float64bits(got[i]) != binary.LittleEndian.Uint64(odd[8*i:]) {
			t.Fatalf("misaligned value %d: %v", i, got[i])
		}
	}
}
