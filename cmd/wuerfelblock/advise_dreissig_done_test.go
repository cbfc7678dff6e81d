package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// dreissigDone is what advise dreissig-tot --json says of a finished turn.
type dreissigDone struct {
	Outcome       string `json:"outcome"`
	Target        int    `json:"target"`
	Taken         int    `json:"taken"`
	Done          *bool  `json:"done"`
	AccountsAfter []int  `json:"accounts_after"`
	NextSeat      *int   `json:"next_seat"`
	GameOver      bool   `json:"game_over"`
	Winners       []int  `json:"winners"`
}

// A turn that is over (the attack over, or six aside at 30 or below) says
// so: the accounts after it and whose turn is next, or that the game is
// over and who won. A turn still running says it is not done.
func TestAdviseDreissigTurnOver(t *testing.T) {
	dreissigCache(t)
	for _, c := range []struct {
		args    []string
		outcome string
		taken   int
		done    bool
		after   []int
		next    int // 0: the game is over (or the turn runs)
		winners []int
	}{
		// 33: face 3; 3 3, then 3 3, then no 3: 12 pips off seat 2.
		{[]string{"666665/66666", "3/3", "663321", "3321", "12"}, "attack", 12, true, []int{30, 18}, 2, nil},
		// 35: face 5; 5 5, then 5, then no 5: 15 pips.
		{[]string{"666665/66666", "5/5", "655321", "5321", "123"}, "attack", 15, true, []int{30, 15}, 2, nil},
		// The second seat attacks the first; no hit ends the attack at once.
		{[]string{"--seat", "2", "666666/666666", "123451"}, "attack", 0, true, []int{30, 30}, 1, nil},
		{[]string{"--accounts", "30,8", "666666/666666", "666662", "1"}, "attack", 30, true, []int{30, -22}, 0, []int{1}},
		{[]string{"111111/111111"}, "loss", 0, true, []int{6, 30}, 2, nil},
		{[]string{"--accounts", "5,30", "111111/111111"}, "loss", 0, true, []int{-19, 30}, 0, []int{2}},
		{[]string{"--seat", "2", "555555/555555"}, "nothing", 0, true, []int{30, 30}, 1, nil},
		// Running: the attack under way, a throw waiting for its keep.
		{[]string{"666666/666666", "612345"}, "attack", 6, false, nil, 0, nil},
		{[]string{"645321/65", "4432"}, "", 0, false, nil, 0, nil},
	} {
		code, out, errs := call(t, "", append([]string{"--lang", "en", "advise", "--json", "dreissig-tot"}, c.args...)...)
		var got dreissigDone
		if code != 0 || errs != "" || json.Unmarshal([]byte(out), &got) != nil {
			t.Fatalf("%v: exit %d %s\n%s", c.args, code, errs, out)
		}
		next := 0
		if got.NextSeat != nil {
			next = *got.NextSeat
		}
		if got.Done == nil || *got.Done != c.done || got.Outcome != c.outcome || got.Taken != c.taken || !slices.Equal(got.AccountsAfter, c.after) ||
			next != c.next || got.GameOver != (c.winners != nil) || !slices.Equal(got.Winners, c.winners) {
			t.Errorf("%v:\n%s\nwant done %v, outcome %q, taken %d, accounts after %v, next seat %d, winners %v",
				c.args, out, c.done, c.outcome, c.taken, c.after, c.next, c.winners)
		}
	}
}

// The words of a finished turn, in both languages: the attack over and
// what it took, the accounts after the turn, who moves next or who won.
func TestAdviseDreissigTurnOverWords(t *testing.T) {
	dreissigCache(t)
	for _, c := range []struct {
		lang string
		args []string
		want []string
		not  string
	}{
		{"en", []string{"666665/66666", "3/3", "663321", "3321", "12"},
			[]string{"Attack over (target face 3): 12 pips taken from seat 2.", "Accounts after the turn: 30 18; seat 2 to move.", "After the turn, seat 1's chance to win: "}, "0 dice to throw"},
		{"de", []string{"666665/66666", "3/3", "663321", "3321", "12"},
			[]string{"Angriff vorbei (Zielzahl 3): 12 Augen von Sitz 2 genommen.", "Konten nach dem Zug: 30 18; Sitz 2 ist am Zug.", "Nach dem Zug, Gewinnchance von Sitz 1: "}, "0 Würfel zu werfen"},
		{"en", []string{"--accounts", "5,30", "111111/111111"},
			[]string{"Turn over: 6 pips, 24 off the own account.", "Accounts after the turn: −19 30. The game is over: seat 2 wins."}, "0 dice in the cup"},
		{"de", []string{"--accounts", "5,30", "111111/111111"},
			[]string{"Zug vorbei: 6 Augen, 24 vom eigenen Konto.", "Konten nach dem Zug: −19 30. Das Spiel ist vorbei: Sitz 2 gewinnt."}, "0 Würfel im Becher"},
		{"en", []string{"555555/555555"}, []string{"Turn over: exactly 30, nothing happens.", "Accounts after the turn: 30 30; seat 2 to move."}, "seat 1 to move."},
		{"de", []string{"--accounts", "30,30,30", "--seat", "2", "666666/666666", "666661", "1"},
			[]string{"30 Augen von Sitz 1 genommen.", "Konten nach dem Zug: 0 30 30. Das Spiel ist vorbei: die Sitze 2 und 3 teilen sich den Sieg."}, "ist am Zug."},
		// The attack under way names the Vordermann and one pip as one.
		{"en", []string{"666661/66666", "1/1", "123456"}, []string{"Attack on seat 2 with target face 1, 1 pip taken so far, 5 dice to throw."}, ", 1 pips"},
		{"de", []string{"666661/66666", "1/1", "123456"}, []string{"Angriff auf Sitz 2 mit Zielzahl 1, bisher 1 Auge genommen, 5 Würfel zu werfen."}, "bisher 1 Augen"},
	} {
		code, out, errs := call(t, "", append([]string{"--lang", c.lang, "advise", "dreissig-tot"}, c.args...)...)
		if code != 0 || errs != "" {
			t.Fatalf("%s %v: exit %d %s", c.lang, c.args, code, errs)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s %v:\n%s\nwant %q", c.lang, c.args, out, w)
			}
		}
		if strings.Contains(out, c.not) {
			t.Errorf("%s %v:\n%s\nstill says %q", c.lang, c.args, out, c.not)
		}
	}
}

// One pip is one: "1 pip" / "1 Auge" where the Dreißig-tot advise and
// score write pips.
func TestDreissigOnePip(t *testing.T) {
	dreissigCache(t)
	for _, c := range []struct {
		lang      string
		args      []string
		want, not string
	}{
		{"en", []string{"advise", "dreissig-tot", "111111/1"}, "Aside 1 die, 1 pip; 5 dice in the cup.", "1 pips"},
		{"de", []string{"advise", "dreissig-tot", "111111/1"}, "Zur Seite 1 Würfel, 1 Auge; 5 Würfel im Becher.", "1 Augen"},
		{"en", []string{"score", "dreissig-tot", "1"}, "1 pip\n", "1 pips"},
		{"de", []string{"score", "dreissig-tot", "1"}, "1 Auge\n", "1 Augen"},
	} {
		code, out, errs := call(t, "", append([]string{"--lang", c.lang}, c.args...)...)
		if code != 0 || !strings.Contains(out, c.want) || strings.Contains(out, c.not) {
			t.Errorf("%s %v: exit %d %s\n%s\nwant %q, not %q", c.lang, c.args, code, errs, out, c.want, c.not)
		}
	}
}
