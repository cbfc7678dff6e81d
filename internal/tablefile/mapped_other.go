//go:build !(linux || darwin || freebsd) || purego

package tablefile

import "os"

// Map reads the file at path whole (no mapping on this system or with
// -tags purego).
func Map(path string) (*Mapping, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return &Mapping{data: data}, nil
}

func release([]byte) {}

func unmap([]byte) error { return nil }

func float64sInPlace([]byte) ([]float64, bool) { return nil, false }

func float32sInPlace([]byte) ([]float32, bool) { return nil, false }

// canMap: this build reads files whole and copies their values.
const canMap = false
