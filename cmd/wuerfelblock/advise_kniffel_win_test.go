package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// The boxes of the sheets below: all but the Chance and the Kniffel box
// 178 points, with the upper bonus 213.
const adviseEndBoxes = `"einser":3,"zweier":6,"dreier":9,"vierer":12,"fuenfer":15,"sechser":18,"dreierpasch":20,"viererpasch":0,"full-house":25,"kleine-strasse":30,"grosse-strasse":40`

type adviseWinJSON struct {
	Holds []struct {
		Hold     []int    `json:"hold"`
		Expected float64  `json:"expected"`
		Win      *float64 `json:"win"`
	} `json:"holds"`
	Boxes []struct {
		Box string   `json:"box"`
		Win *float64 `json:"win"`
	} `json:"boxes"`
	Exact   *bool  `json:"exact"`
	WinNote string `json:"win_note"`
}

func adviseWin(t *testing.T, state string, args ...string) adviseWinJSON {
	t.Helper()
	code, out, errs := call(t, state, append([]string{"--lang", "en", "advise", "--json", "kniffel", "--state", "-"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got adviseWinJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// The Kniffel box alone, 50 behind the other: a Kniffel ties, so every
// hold's chance is half the chance of the Kniffel, its expected points /100.
func TestAdviseKniffelWinKniffelBox(t *testing.T) {
	useTestKniffelCache(t)
	state := `{"filled": {` + adviseEndBoxes + `,"chance":20}, "dice": [6,6,6,2,1], "throws_left": 2,
		"others": [{"filled": {` + adviseEndBoxes + `,"chance":20,"kniffel":50}}]}`
	got := adviseWin(t, state)
	if got.Exact == nil || !*got.Exact || !strings.Contains(got.WinNote, "expected points") || len(got.Holds) == 0 {
		t.Fatalf("no chance to win: %+v", got)
	}
	for _, h := range got.Holds {
		if h.Win == nil || math.Abs(*h.Win-h.Expected/100) > 1e-12 {
			t.Errorf("hold %v: win %v, expected points %v", h.Hold, h.Win, h.Expected)
		}
	}
}

// The Chance box alone, 26 behind: holding 66 of 6 6 4 3 2 wins
// (20 + 15/2)/216 with three dice (15+ or a shared 14), 664 only
// (3 + 3/2)/36 with two: to win, 66 is better, for points 664.
func TestAdviseKniffelWinDiffers(t *testing.T) {
	useTestKniffelCache(t)
	state := `{"filled": {` + adviseEndBoxes + `,"kniffel":0}, "dice": [6,6,4,3,2], "throws_left": 1,
		"others": [{"filled": {` + adviseEndBoxes + `,"kniffel":0,"chance":26}}]}`
	got := adviseWin(t, state)
	win := map[string]float64{}
	for _, h := range got.Holds {
		win[strings.Trim(strings.Join(strings.Fields(strings.Trim(mustJSON(t, h.Hold), "[]")), ""), " ")] = *h.Win
	}
	if math.Abs(win["6,6"]-27.5/216) > 1e-12 || math.Abs(win["4,6,6"]-4.5/36) > 1e-12 {
		t.Errorf("66 wins %.6f (want %.6f), 664 %.6f (want %.6f)", win["6,6"], 27.5/216, win["4,6,6"], 4.5/36)
	}
	if first := mustJSON(t, got.Holds[0].Hold); first != "[4,6,6]" {
		t.Errorf("best on points %s, want [4,6,6]", first)
	}
	code, out, _ := call(t, state, "--lang", "de", "advise", "kniffel", "--state", "-")
	if code != 0 || !strings.Contains(out, "Für den Sieg: 6 6 (12,7 %) statt 4 6 6, dem besten nach Punkten (12,5 %).") {
		t.Errorf("German text (exit %d):\n%s", code, out)
	}
}

// Before round 11 (more than three open boxes) there is no chance to win,
// said in a note, and the points advice stands; bad "others" are refused
// in both languages.
func TestAdviseKniffelWinRefusals(t *testing.T) {
	useTestKniffelCache(t)
	got := adviseWin(t, `{"filled": {"einser": 3}, "dice": [6,6,6,2,1], "throws_left": 2, "others": [{"filled": {}}]}`)
	if got.Exact != nil || !strings.Contains(got.WinNote, "last 3 rounds") || len(got.Holds) == 0 || got.Holds[0].Win != nil {
		t.Errorf("round 2: %+v", got)
	}
	for _, tc := range []struct{ state, en, de string }{
		{`{"filled": {}, "dice": [1,2,3,4,5], "throws_left": 0, "others": {}}`, `"others" must be a list`, `"others" muss eine Liste`},
		{`{"filled": {}, "dice": [1,2,3,4,5], "throws_left": 0, "others": []}`, `"others" lists no player`, `"others" nennt keinen Spieler`},
		{`{"filled": {}, "dice": [1,2,3,4,5], "throws_left": 0, "others": [{"sheet": {}}]}`, `unknown field "sheet" in "others" 1`, `unbekanntes Feld "sheet" in "others" 1`},
		{`{"filled": {}, "dice": [1,2,3,4,5], "throws_left": 0, "others": [{}]}`, `"filled" is missing in "others" 1`, `"filled" fehlt in "others" 1`},
		{`{"filled": {}, "kniffel_bonuses": 1, "dice": [1,2,3,4,5], "throws_left": 0}`, `needs 50 in the Kniffel box`, `braucht 50 im Kniffel-Feld`},
		{`{"filled": {}, "dice": [1,2,3,4,5], "throws_left": 0, "others": [{"filled": {"kniffel": 50}, "kniffel_bonuses": -1}]}`, `from 0 to 12`, `von 0 bis 12`},
	} {
		for _, l := range []struct{ lang, want string }{{"en", tc.en}, {"de", tc.de}} {
			code, _, errs := call(t, tc.state, "--lang", l.lang, "advise", "kniffel", "--state", "-")
			if code == 0 || !strings.Contains(errs, l.want) {
				t.Errorf("%s (%s): exit %d, %q, want %q", tc.state, l.lang, code, errs, l.want)
			}
		}
	}
}
