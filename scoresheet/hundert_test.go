package scoresheet

import "testing"

// Issue 12.23: "Von dreißig auf hundert": 30 is added to both accounts
// while one is at 0 or below, and no more once an account reaches 100 (the
// first to 100 wins at once). A holds 90, B 6; A's attack takes 36: one
// addition makes it 120 : 0 and A has won (it was 150 : 30).
func TestHundertStopsAddingAt100(t *testing.T) {
	const (
		sixSixes  = `{"roll":[6,6,6,6,6,6],"keep":[6,6,6,6,6,6]}`
		take30    = `"attack":[{"roll":[6,6,6,6,6,1]},{"roll":[1]}]`
		take36    = `"attack":[{"roll":[6,6,6,6,6,6]}]`
		exactly30 = `{"player":"B","throws":[{"roll":[5,5,5,5,5,5],"keep":[5,5,5,5,5,5]}]}`
		only6     = `{"player":"B","throws":[{"roll":[1,1,1,1,1,1],"keep":[1,1,1,1,1,1]}]}`
	)
	attackA := func(take string) string { return `{"player":"A","throws":[` + sixSixes + `],` + take + `}` }
	runCases(t, []rc{{
		name: "an attack of 36 on 6 while holding 90", game: "dreissig-tot", options: `"hundert": true`,
		turns: turns(
			attackA(take30), exactly30, // B at 0: both +30, A 60 : B 30
			attackA(take30), only6, // B at 0: both +30, A 90 : B 30; then B loses 24: 6
			attackA(take36), // B at -30: +30 makes A 120 : B 0, and A has won
		),
		totals: tot("A", 120, "B", 0), finished: true, winners: []string{"A"},
	}})
}
