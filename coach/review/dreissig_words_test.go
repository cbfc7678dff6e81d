package review

import (
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// A Dreißig-tot keep is written as the game's screens write dice (the
// throw "6 4 5 3 2 1", the coach's "6 5 4 zur Seite"): spaced, the highest
// first. The review said "456" beside the coach's "6 5 4". The family's
// keeps stay as they were ("1115").
func TestDreissigDescribeDiceAsTheScreens(t *testing.T) {
	d := Decision{Kind: Keep, Chosen: Choice{Dice: []int{4, 5, 6}}, Best: Choice{Dice: []int{6}}}
	rv := &Review{Game: validate.GameDreissigTot}
	for _, c := range []struct {
		l    validate.Lang
		want string
	}{{validate.English, "set aside 6 5 4 instead of 6"}, {validate.German, "6 5 4 zur Seite statt 6"}} {
		if got := rv.Describe(d, c.l); got != c.want {
			t.Errorf("Describe = %q, want %q", got, c.want)
		}
	}
	fam := &Review{Game: validate.GameZehntausend}
	d = Decision{Kind: Keep, Chosen: Choice{Dice: []int{5}}, Best: Choice{Dice: []int{1, 1, 1, 5}}}
	if got, want := fam.Describe(d, validate.German), "5 zur Seite statt 1115"; got != want {
		t.Errorf("Zehntausend: Describe = %q, want %q", got, want)
	}
}
