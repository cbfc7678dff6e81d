package main

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

func coachTable(t testing.TB, g validate.GameID, opts map[string]any, ctx validate.TurnContext) *family.Table {
	t.Helper()
	s, err := family.For(validate.MustRules(g, opts))
	if err != nil {
		t.Fatal(err)
	}
	return s.Table(ctx)
}

func TestAdviseWholeTurnJSON(t *testing.T) {
	for _, c := range []struct {
		args []string
		g    validate.GameID
		opts map[string]any
		ctx  validate.TurnContext
	}{
		{[]string{"zehntausend"}, validate.GameZehntausend, nil, validate.TurnContext{}},
		{[]string{"5050"}, validate.Game5050, nil, validate.TurnContext{}},
		{[]string{"5000"}, validate.Game5000, nil, validate.TurnContext{Entered: true}},
		{[]string{"5000", "--not-entered"}, validate.Game5000, nil, validate.TurnContext{}},
		{[]string{"zehntausend", "--option", "verschaerft=true"}, validate.GameZehntausend, map[string]any{"verschaerft": true}, validate.TurnContext{}},
	} {
		code, out, errs := call(t, "", append([]string{"advise", "--json"}, c.args...)...)
		if code != 0 || errs != "" {
			t.Fatalf("%v: exit %d %s", c.args, code, errs)
		}
		var got struct {
			TurnValue *float64        `json:"turn_value"`
			StopAt    map[string]*int `json:"stop_at"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil || got.TurnValue == nil {
			t.Fatalf("%v: %v\n%s", c.args, err, out)
		}
		tb := coachTable(t, c.g, c.opts, c.ctx)
		if math.Abs(*got.TurnValue-tb.TurnValue()) > 0.006 {
			t.Errorf("%v: turn_value %v, solver %v", c.args, *got.TurnValue, tb.TurnValue())
		}
		dice := validate.MustRules(c.g, c.opts).Dice()
		for n := 1; n <= dice; n++ {
			want, ok := tb.StopAt(n)
			v, has := got.StopAt[string(rune('0'+n))]
			if has != ok || ok && *v != want {
				t.Errorf("%v: stop_at[%d] = %v (present %v), want %d (present %v)", c.args, n, v, has, want, ok)
			}
		}
	}
	// verschaerft never stops with 3 or more dice in the cup: absent.
	_, out, _ := call(t, "", "advise", "--json", "zehntausend", "--option", "verschaerft=true")
	if strings.Contains(out, `"3"`) || !strings.Contains(out, `"2"`) {
		t.Errorf("verschaerft: stop_at must leave out 3–5 dice:\n%s", out)
	}
}

func TestAdviseAfterKeepsAndKeepChoice(t *testing.T) {
	// 1 1 1 kept: a proof is pending, no stop.
	code, out, _ := call(t, "", "advise", "--json", "zehntausend", "11123/111")
	var after map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &after) != nil {
		t.Fatalf("exit %d %s", code, out)
	}
	if v, ok := after["stop"]; !ok || v != nil {
		t.Errorf("proof pending: stop must be null, got %s", out)
	}
	tb := coachTable(t, validate.GameZehntausend, nil, validate.TurnContext{})
	p, _, _, err := tb.Replay(validate.TurnContext{}, []validate.Throw{{Roll: []int{1, 1, 1, 2, 3}, Keep: []int{1, 1, 1}}})
	if err != nil {
		t.Fatal(err)
	}
	if th, _ := after["throw"].(float64); math.Abs(th-p.ThrowValue()) > 0.006 {
		t.Errorf("throw %v, solver %v", after["throw"], p.ThrowValue())
	}
	// Proved by 1 5: a stop at 1150 is allowed.
	_, out, _ = call(t, "", "advise", "--json", "zehntausend", "11123/111", "15/15")
	if !strings.Contains(out, `"stop": 1150`) {
		t.Errorf("after 15/15: %s", out)
	}
	// The last throw without a keep: every keep, best first, with then.
	_, out, _ = call(t, "", "advise", "--json", "zehntausend", "11123/111", "15")
	var ks struct {
		Keeps []struct {
			Keep  []int   `json:"keep"`
			Value float64 `json:"value"`
			Then  string  `json:"then"`
		} `json:"keeps"`
	}
	if err := json.Unmarshal([]byte(out), &ks); err != nil || len(ks.Keeps) != 3 {
		t.Fatalf("%v %s", err, out)
	}
	if f := ks.Keeps[0]; len(f.Keep) != 2 || f.Then != "throw" || ks.Keeps[1].Then != "stop" || f.Value < ks.Keeps[1].Value {
		t.Errorf("1 5 after 1 1 1: want 1 5 first then throw on, 1 then stop: %s", out)
	}
	// 5050: a keep turning a 5 into a 1 carries fives_as_ones; typed as 5*.
	_, out, _ = call(t, "", "advise", "--json", "5050", "552346")
	if !strings.Contains(out, `"fives_as_ones": 1`) {
		t.Errorf("5050 5 5 …: no keep with fives_as_ones:\n%s", out)
	}
	if code, out, errs := call(t, "", "advise", "--json", "5050", "552346/5*"); code != 0 || !strings.Contains(out, `"stop": null`) {
		t.Errorf("5050 552346/5*: exit %d %s %s", code, out, errs)
	}
	// 5000 has one keep: all scoring dice.
	_, out, _ = call(t, "", "advise", "--json", "5000", "11123")
	if err := json.Unmarshal([]byte(out), &ks); err != nil || len(ks.Keeps) != 1 || len(ks.Keeps[0].Keep) != 3 {
		t.Errorf("5000 11123: %s", out)
	}
	// A bust: no keeps, what the turn banks (nix: 1000).
	_, out, _ = call(t, "", "advise", "--json", "zehntausend", "--option", "nix=true", "22346")
	if !strings.Contains(out, `"keeps": []`) || !strings.Contains(out, `"banked": 1000`) {
		t.Errorf("nix bust: %s", out)
	}
}

func TestAdviseRefusals(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		en   string
		de   string
	}{
		{[]string{"zehntausend", "11123/1111"}, exitRule, "were not all thrown", "nicht alle"},
		{[]string{"zehntausend", "1112/111"}, exitRule, "wrong number of dice", "Würfel"},
		{[]string{"zehntausend", "11123/111", "23/", "15/1"}, exitRule, "turn is over", "vorbei"},
		{[]string{"zehntausend", "--option", "foo=1"}, exitInput, "foo", "foo"},
		{[]string{"bogus"}, exitInput, "bogus", "bogus"},
		{[]string{"zehntausend", "11x23/111"}, exitInput, "x", "x"},
		{[]string{"zehntausend-rueckwaerts"}, exitInput, "Rückwärts has no coach", "keinen Trainer"},
		{[]string{"totwuerfeln"}, exitInput, "covers 5050, 5000 and zehntausend", "5050, 5000 und zehntausend"},
		{[]string{}, exitInput, "give a game", "Spiel angeben"},
		{[]string{"5050", "552346/2*"}, exitInput, "\"*\" at position 9: only a 5 can be turned into a 1", "nur eine 5 lässt sich in eine 1 drehen"},
	} {
		for _, lang := range []string{"en", "de"} {
			code, out, errs := call(t, "", append([]string{"--lang", lang, "advise"}, c.args...)...)
			want := c.en
			if lang == "de" {
				want = c.de
			}
			if code != c.code || out != "" || !strings.Contains(errs, want) {
				t.Errorf("%s %v: exit %d (want %d), stdout %q, stderr %q (want %q)", lang, c.args, code, c.code, out, errs, want)
			}
		}
	}
}

func TestAdviseTextAndHelp(t *testing.T) {
	_, out, _ := call(t, "", "--lang", "de", "advise", "zehntausend", "11123/111", "15/15")
	if !strings.Contains(out, "Schreiben: 1150") || !strings.Contains(out, "Besser: weiter") || !strings.Contains(out, ",") {
		t.Errorf("German text:\n%s", out)
	}
	_, out, _ = call(t, "", "--lang", "en", "advise", "zehntausend")
	if !strings.Contains(out, "Stop from") || !strings.Contains(out, "1800") || !strings.Contains(out, "target are not part") {
		t.Errorf("English text:\n%s", out)
	}
	code, out, _ := call(t, "", "--lang", "en", "advise", "--help")
	if code != 0 || !strings.Contains(out, "5*") || !strings.Contains(out, "Rückwärts") {
		t.Errorf("help: exit %d\n%s", code, out)
	}
	_, out, _ = call(t, "", "--lang", "en", "odds", "--help")
	if !strings.Contains(out, "advise") {
		t.Errorf("odds --help must point to advise:\n%s", out)
	}
}

// Target: `advise` as a whole process under 50 ms (the binary built once,
// then run with a throw to advise on; a cold table every run).
func BenchmarkAdviseProcess(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "wuerfelblock")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"zehntausend", []string{"advise", "--json", "zehntausend", "11123/111", "15"}},
		{"5050", []string{"advise", "--json", "5050", "111523/1115", "44"}},
		{"zehntausend-6", []string{"advise", "--json", "zehntausend", "--option", "wuerfel=6", "111523/1115", "44"}},
		{"worst", []string{"advise", "--json", "zehntausend", "--option", "wuerfel=6", "--option", "strasse=1250",
			"--option", "drei_paare=1000", "--option", "pyramide=1000", "--option", "ergaenzen=true", "--option", "verdoppeln=true",
			"--option", "fuenfer_drehen=true", "111523/1115", "44"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				cmd := exec.Command(bin, c.args...)
				if out, err := cmd.Output(); err != nil || len(out) == 0 {
					b.Fatalf("%v: %v", c.args, err)
				}
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			// The process's own CPU time: what a shared machine's wall
			// clock hides.
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}

// The throw notation of advise never panics; what it reads is pips 1–6,
// a keep no longer than its roll's notation allows, and a turned five is
// counted only where a 5 is marked.
func FuzzAdviseThrow(f *testing.F) {
	for _, s := range []string{"111523/1115", "4462/44", "552346/5*", "v", "V", "123", "1/", "/1", "5**/5*", "", "7/1", "1 2 3/1", "55*"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		at, err := parseAdviseThrow(s)
		if err != nil {
			return
		}
		if at.th.Void {
			if !strings.EqualFold(s, "v") {
				t.Errorf("%q read as a void throw", s)
			}
			return
		}
		if len(at.th.Roll) == 0 {
			t.Errorf("%q: a throw of no dice", s)
		}
		for _, p := range append(append([]int{}, at.th.Roll...), at.th.Keep...) {
			if p < 1 || p > 6 {
				t.Errorf("%q: pip %d", s, p)
			}
		}
		if at.th.FivesAsOnes != strings.Count(s, "*") || at.th.FivesAsOnes > 0 && !at.hasKeep {
			t.Errorf("%q: %d fives as ones", s, at.th.FivesAsOnes)
		}
		fives := 0
		for _, p := range at.th.Keep {
			if p == 5 {
				fives++
			}
		}
		if at.th.FivesAsOnes > fives {
			t.Errorf("%q: %d fives as ones, %d fives kept", s, at.th.FivesAsOnes, fives)
		}
	})
}

// The coach is the "Trainer" in German (its level "Rat" is the advice):
// the usage said "der Rat: …".
func TestCoachNamedTrainerInGermanHelp(t *testing.T) {
	_, usage, _ := call(t, "", "--lang", "de", "--help")
	if !strings.Contains(usage, "der Trainer: die beste Auswahl") || strings.Contains(usage, "der Rat") {
		t.Errorf("usage:\n%s", usage)
	}
	_, help, _ := call(t, "", "--lang", "de", "advise", "--help")
	if !strings.Contains(help, "Der Trainer für 5050") || strings.Contains(help, "Rat") {
		t.Errorf("advise --help:\n%s", help)
	}
}
