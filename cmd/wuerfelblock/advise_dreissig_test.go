package main

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/wuerfelblock/wuerfelblock/coach/dreissig"
)

// dreissigCache points the process-wide Dreißig-tot tables at a directory
// of the test's own (before their first use), never the user's.
var dreissigCacheOnce sync.Once

func dreissigCache(t *testing.T) {
	t.Helper()
	dreissigCacheOnce.Do(func() {
		t.Setenv("XDG_CACHE_HOME", t.TempDir())
		dreissig.Shared()
	})
}

type dreissigOut struct {
	Players   int                `json:"players"`
	Exact     bool               `json:"exact"`
	Method    string             `json:"method"`
	Sum       int                `json:"sum"`
	InCup     int                `json:"in_cup"`
	Value     float64            `json:"value"`
	Win       []float64          `json:"win"`
	BestCount map[string]float64 `json:"best_count"`
	Outcome   string             `json:"outcome"`
	Target    int                `json:"target"`
	Taken     int                `json:"taken"`
	Keeps     []struct {
		Keep  []int     `json:"keep"`
		Value float64   `json:"value"`
		Win   []float64 `json:"win"`
	} `json:"keeps"`
}

func adviseDreissig(t *testing.T, args ...string) dreissigOut {
	t.Helper()
	dreissigCache(t)
	code, out, errs := call(t, "", append([]string{"--lang", "en", "advise", "--json", "dreissig-tot"}, args...)...)
	if code != 0 || errs != "" {
		t.Fatalf("%v: exit %d %s", args, code, errs)
	}
	var got dreissigOut
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	return got
}

// Between turns: the table's chances by seat (seat 2 to move: the table
// reads from seat 2 on), and how many dice the best keep sets aside.
func TestAdviseDreissigPosition(t *testing.T) {
	got := adviseDreissig(t, "--accounts", "17,25", "--seat", "2")
	want := dreissig.Solve(2, false).Chances([]int{25, 17})
	if !got.Exact || got.Method != "chance to win" || got.InCup != 6 || len(got.Win) != 2 {
		t.Fatalf("%+v", got)
	}
	if math.Abs(got.Win[1]-want[0]) > 1e-4 || math.Abs(got.Win[0]-want[1]) > 1e-4 || math.Abs(got.Value-want[0]) > 1e-4 {
		t.Fatalf("win %v value %v, table (mover first) %v", got.Win, got.Value, want)
	}
	sum := 0.0
	for _, p := range got.BestCount {
		sum += p
	}
	if math.Abs(sum-1) > 1e-3 {
		t.Fatalf("best_count adds up to %v: %v", sum, got.BestCount)
	}
}

// A last throw without its keep: every distinct keep, best first, each
// with the chance the coach gives it.
func TestAdviseDreissigKeeps(t *testing.T) {
	got := adviseDreissig(t, "--accounts", "30,22", "645321/65", "4432")
	if got.Sum != 11 || got.InCup != 4 {
		t.Fatalf("sum %d in cup %d", got.Sum, got.InCup)
	}
	c := dreissig.Solve(2, false).For([]int{30, 22})
	want := c.Keeps(4, 11, []int{4, 4, 3, 2})
	if len(got.Keeps) != len(want) || len(want) != 11 {
		t.Fatalf("%d keeps, coach %d", len(got.Keeps), len(want))
	}
	for i, k := range got.Keeps {
		if math.Abs(k.Value-want[i].Value) > 1e-4 || len(k.Keep) != len(want[i].Dice) {
			t.Errorf("keep %d: %v %v, coach %v %v", i, k.Keep, k.Value, want[i].Dice, want[i].Value)
		}
		if i > 0 && k.Value > got.Keeps[i-1].Value {
			t.Errorf("keep %d better than the one before", i)
		}
	}
}

// Five players: the turn's points, said to be no chance.
func TestAdviseDreissigPoints(t *testing.T) {
	got := adviseDreissig(t, "--accounts", "30,30,30,30,30")
	if got.Exact || got.Method != "turn points" || got.Win != nil {
		t.Fatalf("%+v", got)
	}
	if want := dreissig.Points(5).Value(6, 0); math.Abs(got.Value-want) > 0.006 {
		t.Fatalf("value %v, coach %v", got.Value, want)
	}
}

// Six dice aside over 30: the attack, its target face and what it took.
func TestAdviseDreissigAttack(t *testing.T) {
	got := adviseDreissig(t, "665544/6655", "55/55", "225551")
	if got.Outcome != "attack" || got.Target != 2 || got.Taken != 4 {
		t.Fatalf("%+v", got)
	}
	c := dreissig.Solve(2, false).For([]int{30, 30})
	if want := c.AttackValue(2, 4, 4); math.Abs(got.Value-want) > 1e-4 {
		t.Fatalf("value %v, coach %v", got.Value, want)
	}
}

// Bad input is one line and exit 2; a rule broken is the engine's refusal
// and exit 1.
func TestAdviseDreissigRefusals(t *testing.T) {
	dreissigCache(t)
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"6x"}, 2, "\"x\" at position 2 is not part of a throw"},
		{[]string{"--accounts", "30,31"}, 2, "account 31 of seat 2"},
		{[]string{"--accounts", "30,0"}, 2, "account 0 of seat 2"},
		{[]string{"--accounts", "30,a"}, 2, "whole numbers"},
		{[]string{"--seat", "3"}, 2, "seat 3"},
		{[]string{"--option", "hundert=true", "--accounts", "30,30,30"}, 2, "exactly two players"},
		{[]string{"66554/6"}, 1, "wrong number of dice"},
		{[]string{"665544/3"}, 1, "were not all thrown"},
		{[]string{"665544/"}, 1, "at least one"},
		{[]string{"665544", "4"}, 2, "only the last throw"},
	} {
		code, out, errs := call(t, "", append([]string{"--lang", "en", "advise", "dreissig-tot"}, c.args...)...)
		if code != c.code || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, c.says) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d saying %q", c.args, code, out, errs, c.code, c.says)
		}
	}
}

// The throws of advise dreissig-tot, whatever they are: one answer, an exit
// status of 0, 1 or 2, and a refusal on one line.
func FuzzAdviseDreissig(f *testing.F) {
	for _, s := range []string{"645321/65", "4432", "665544/6654 55/55 225551", "6x", "/", "1/1", "66/6"} {
		f.Add(s, "30,22")
	}
	f.Fuzz(func(t *testing.T, throws, accounts string) {
		dreissigCache(t)
		if strings.Count(accounts, ",") == dreissig.MaxPlayers-1 {
			t.Skip("four players: the table takes long to build (a benchmark)")
		}
		args := []string{"--lang", "en", "advise", "dreissig-tot", "--accounts", accounts, "--"}
		args = append(args, strings.Fields(throws)...)
		code, out, errs := call(t, "", args...)
		switch code {
		case 0:
			if out == "" || errs != "" {
				t.Fatalf("%q %q: exit 0, stdout %q stderr %q", throws, accounts, out, errs)
			}
		case 1, 2:
			if out != "" || strings.Count(errs, "\n") != 1 {
				t.Fatalf("%q %q: exit %d, stdout %q stderr %q", throws, accounts, code, out, errs)
			}
		default:
			t.Fatalf("%q %q: exit %d", throws, accounts, code)
		}
	})
}

// A position where best play by all has no fixed point says so.
func TestAdviseDreissigUnsettled(t *testing.T) {
	dreissigCache(t)
	tb := dreissig.TableFor(3, false)
	var a []int
	for x := 1; x <= 30 && a == nil; x++ {
		for y := 1; y <= 30 && a == nil; y++ {
			for z := 1; z <= 30 && a == nil; z++ {
				if !tb.Settled([]int{x, y, z}) {
					a = []int{x, y, z}
				}
			}
		}
	}
	if a == nil {
		t.Fatal("the three-player table has no unsettled ring (docs/COACH.md says 14)")
	}
	code, out, _ := call(t, "", "--lang", "en", "advise", "--json", "dreissig-tot", "--accounts", fmt.Sprintf("%d,%d,%d", a[0], a[1], a[2]))
	if code != 0 || !strings.Contains(out, `"settled": false`) {
		t.Fatalf("%v: exit %d\n%s", a, code, out)
	}
	if _, out, _ := call(t, "", "advise", "--json", "dreissig-tot"); strings.Contains(out, "settled") {
		t.Fatalf("30,30 is settled:\n%s", out)
	}
}
