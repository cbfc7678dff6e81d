//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// One advise dreissig-tot as a process of its own, its table loaded from
// the cache (goal: under 50 ms; the four-player table is the largest, 13
// MB). The first run, not timed, builds the table into a cache directory
// of the benchmark's own.
//
//	go test ./cmd/wuerfelblock -run '^$' -bench 'AdviseDreissigProcess' -benchtime 20x
func BenchmarkAdviseDreissigProcess(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "wuerfelblock")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	h := &processBench{bin: bin}
	cache := b.TempDir()
	for _, c := range []struct{ name, accounts string }{{"2-players", "30,22"}, {"4-players", "30,30,24,17"}} {
		args := []string{"advise", "--json", "dreissig-tot", "--accounts", c.accounts, "665544/66", "5432"}
		b.Run(c.name, func(b *testing.B) {
			if r := h.run(b, cache, nil, args...); r.code != 0 {
				b.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			var s procStats
			for b.Loop() {
				r := h.run(b, cache, nil, args...)
				if r.code != 0 {
					b.Fatalf("exit %d: %s", r.code, r.stderr)
				}
				s.add(r)
			}
			s.report(b, 0, 100)
		})
	}
}
