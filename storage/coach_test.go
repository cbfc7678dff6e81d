package storage

import (
	"testing"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

func TestCoachLevelIsStoredWithTheGame(t *testing.T) {
	db := openTest(t)
	sg, err := db.CreateGame(ctx, validate.MustRules(validate.Game5050, nil), []string{"Anna", "Ben"})
	if err != nil {
		t.Fatal(err)
	}
	if sg.Coach != CoachOdds {
		t.Errorf("a new game's coach level = %q, want %q", sg.Coach, CoachOdds)
	}
	if err := db.Append(ctx, sg, throw([]int{1, 1, 1, 5, 2, 3}, []int{1, 1, 1, 5})); err != nil {
		t.Fatal(err)
	}
	rev := sg.Revision()
	if err := db.SetCoach(ctx, sg.ID, CoachAdvice); err != nil {
		t.Fatal(err)
	}
	again, err := db.LoadGame(ctx, sg.ID)
	if err != nil {
		t.Fatal(err)
	}
	if again.Coach != CoachAdvice {
		t.Errorf("coach level after SetCoach = %q, want %q", again.Coach, CoachAdvice)
	}
	// The level is no entry: the copy on screen may still append.
	if again.Revision() != rev {
		t.Errorf("SetCoach changed the revision %d → %d", rev, again.Revision())
	}
	if err := db.Append(ctx, sg, throw([]int{5, 2}, []int{5})); err != nil {
		t.Errorf("append after SetCoach: %v", err)
	}
	if err := db.SetCoach(ctx, sg.ID, "loud"); err == nil {
		t.Error("an unknown coach level was stored")
	}
	wantCode(t, db.SetCoach(ctx, "00000000-0000-4000-8000-000000000000", CoachOff), CodeGameGone)
}

func TestCoachLevelCycle(t *testing.T) {
	l := CoachOff
	var seen []CoachLevel
	for range 4 {
		l = l.Next()
		seen = append(seen, l)
	}
	want := []CoachLevel{CoachOdds, CoachAdvice, CoachOff, CoachOdds}
	for i := range want {
		if seen[i] != want[i] {
			t.Fatalf("cycle from off = %v, want %v", seen, want)
		}
	}
}
