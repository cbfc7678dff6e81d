//go:build linux

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The backup and sync issue's numbers, measured on the real program as
// BenchmarkProcess does (peak-MB, cpu-s, games/min; the binary built once,
// the generated history cached):
//
//		go test ./cmd/wuerfelblock -run '^$' -bench '^BenchmarkProcessSync$' -benchtime 1x -timeout 30m
//
//	  - write-own: the first sync of the 20,000-game history, which writes
//	    every game to the device's own file (a copy of the database each run);
//	  - into-empty: a new device's first sync, which reads that file (goal:
//	    at least 10,000 games a minute, under 100 MB);
//	  - nothing-new: a sync again with nothing new (goal: under 200 ms, the
//	    program's start included);
//	  - backup: `backup FILE` of the 20,000-game database that into-empty
//	    made (goal: under 10 s).
func BenchmarkProcessSync(b *testing.B) {
	h := newProcessBench(b)
	dir := b.TempDir()
	syncDir := filepath.Join(dir, "sync")
	os.Mkdir(syncDir, 0o755)
	want := func(r procResult, what string) {
		if r.code != 0 {
			b.Fatalf("%s: exit %d\n%s%s", what, r.code, r.stdout, r.stderr)
		}
	}
	b.Run("write-own", func(b *testing.B) {
		var s procStats
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			db := filepath.Join(dir, fmt.Sprintf("own-%d.db", i))
			if err := copyFile(db, h.generated(b)); err != nil {
				b.Fatal(err)
			}
			out := filepath.Join(dir, fmt.Sprintf("out-%d", i))
			os.Mkdir(out, 0o755)
			b.StartTimer()
			r := h.run(b, dir, nil, "--lang", "en", "--db", db, "sync", out)
			want(r, "sync")
			if !strings.Contains(r.stdout, fmt.Sprintf("%d games written", h.games)) {
				b.Fatalf("sync wrote: %s", r.stdout)
			}
			s.add(r)
			b.StopTimer()
			if i == 0 {
				ents, _ := os.ReadDir(out)
				for _, e := range ents {
					os.Rename(filepath.Join(out, e.Name()), filepath.Join(syncDir, e.Name()))
				}
			}
			os.Remove(db)
			b.StartTimer()
		}
		s.report(b, h.games, 100)
	})
	empty := filepath.Join(dir, "empty.db")
	b.Run("into-empty", func(b *testing.B) {
		var s procStats
		for b.Loop() {
			b.StopTimer()
			for _, suffix := range []string{"", "-wal", "-shm"} {
				os.Remove(empty + suffix)
			}
			b.StartTimer()
			r := h.run(b, dir, nil, "--lang", "en", "--db", empty, "sync", syncDir)
			want(r, "sync")
			if !strings.Contains(r.stdout, fmt.Sprintf(": %d new,", h.games)) {
				b.Fatalf("sync into an empty device: %s", r.stdout)
			}
			s.add(r)
		}
		s.report(b, h.games, 100)
	})
	b.Run("nothing-new", func(b *testing.B) {
		var s procStats
		for b.Loop() {
			r := h.run(b, dir, nil, "--lang", "en", "--db", empty, "sync", syncDir)
			want(r, "sync")
			if !strings.Contains(r.stdout, ": 0 new, 0 brought up to date, 0 games written") {
				b.Fatalf("a sync with nothing new: %s", r.stdout)
			}
			s.add(r)
		}
		s.report(b, 0, 100)
	})
	b.Run("backup", func(b *testing.B) {
		var s procStats
		for i := 0; b.Loop(); i++ {
			dest := filepath.Join(dir, fmt.Sprintf("backup-%d.db", i))
			r := h.run(b, dir, nil, "--lang", "en", "--db", empty, "backup", dest)
			want(r, "backup")
			s.add(r)
			b.StopTimer()
			os.Remove(dest)
			b.StartTimer()
		}
		s.report(b, 0, 100)
	})
}
