package review

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// round2 rounds to two decimals (the JSON and the text show two).
func round2(x float64) float64 {
	r := math.Round(x*100) / 100
	if r == 0 {
		return 0 // no −0
	}
	return r
}

// JSON is the review as `review --json` prints it (docs/REVIEW.md): the
// shape of issue 15, with names as keys of "players".
type JSON struct {
	Game      string                `json:"game"`
	Reviewed  bool                  `json:"reviewed"`
	Finished  bool                  `json:"finished"`
	Note      string                `json:"note,omitempty"`
	Players   map[string]PlayerJSON `json:"players"`
	Decisions []DecisionJSON        `json:"decisions"`
	GameValue *float64              `json:"game_value,omitempty"`
	// Unit of luck and loss in Dreißig tot: "percent" (percentage points
	// of the chance to win) or "pips".
	Unit string `json:"unit,omitempty"`
	// The review by the chance to win (docs/REVIEW.md): whether the game
	// has one, whether its chances are exact, why not.
	Win      bool   `json:"win"`
	WinExact *bool  `json:"exact,omitempty"`
	WinNote  string `json:"win_note,omitempty"`
	// Kniffel: the round from which decisions carry the chance to win.
	WinFrom int `json:"win_from_round,omitempty"`
}

// PlayerJSON is one player's summary.
type PlayerJSON struct {
	Decisions    int      `json:"decisions"`
	Loss         float64  `json:"loss"`
	Luck         float64  `json:"luck"`
	QuickTurns   *int     `json:"quick_turns,omitempty"`    // Kniffel
	TurnValueSum *float64 `json:"turn_value_sum,omitempty"` // Zehntausend family
	Banked       *int     `json:"banked,omitempty"`         // Zehntausend family: Σ of the turns' results
	Total        *int     `json:"total,omitempty"`          // Kniffel: the total with bonuses
	ChanceStart  *float64 `json:"chance_start,omitempty"`   // Dreißig tot in chances: the chance at the start (percentage points)
	ChanceResult *float64 `json:"chance_result,omitempty"`  // Dreißig tot in chances: the share of the win (0 … 100)
	Turns        int      `json:"turns"`
	// The win review, chances from 0 to 1 (six decimals): result =
	// win_start + win_luck − win_loss; result null for a running game.
	WinLoss  *float64 `json:"win_loss,omitempty"`
	WinLuck  *float64 `json:"win_luck,omitempty"`
	WinStart *float64 `json:"win_start,omitempty"`
	Result   *float64 `json:"result,omitempty"`
}

// DecisionJSON is one decision. chosen and best are in the record's own
// notation: dice arrays for hold and keep (with fives_as_ones beside
// them where kept 5s count as 1s), a category id for box, "stop" or
// "throw" for stop.
type DecisionJSON struct {
	Player            string  `json:"player"`
	Turn              int     `json:"turn"`
	Throw             int     `json:"throw"`
	Kind              Kind    `json:"kind"`
	Chosen            any     `json:"chosen"`
	Best              any     `json:"best"`
	Loss              float64 `json:"loss"`
	ChosenFivesAsOnes int     `json:"chosen_fives_as_ones,omitempty"`
	BestFivesAsOnes   int     `json:"best_fives_as_ones,omitempty"`
	// The win review: the chance to win after the chosen and after the
	// best choice, the loss, the choice best for the win, and differs where
	// the best choice on points is not the best on wins (or the reverse).
	WinLoss       *float64 `json:"win_loss,omitempty"`
	WinChosen     *float64 `json:"win_chosen,omitempty"`
	WinBest       *float64 `json:"win_best,omitempty"`
	WinBestChoice any      `json:"win_best_choice,omitempty"`
	Differs       bool     `json:"differs,omitempty"`
	// Kniffel: the box was chosen on dice entered as the turn's final dice
	// (quick entry, or a throw without a hold before the box; throw is
	// that entry's index): the text says "final dice", not a throw.
	FinalDice bool `json:"final_dice,omitempty"`
}

// round6 rounds a chance to six decimals.
func round6(x float64) *float64 {
	r := math.Round(x*1e6) / 1e6
	if r == 0 {
		r = 0
	}
	return &r
}

func (c Choice) json(k Kind) any {
	switch k {
	case Box:
		return c.Box
	case Stop:
		if c.Stop {
			return "stop"
		}
		return "throw"
	}
	if c.Dice == nil {
		return []int{}
	}
	return c.Dice
}

// JSON gives the review in its JSON shape; the note in l.
func (r *Review) JSON(l validate.Lang) JSON {
	out := JSON{Game: string(r.Game), Reviewed: r.Reviewed, Finished: r.Finished, Note: r.Note.Text(l),
		Players: map[string]PlayerJSON{}, Decisions: []DecisionJSON{}}
	kniffel := validate.VariantOf(r.Game).Family == validate.FamilyKniffel
	if kniffel && r.Reviewed {
		gv := round2(r.GameValue)
		out.GameValue = &gv
	}
	for _, p := range r.Players {
		pj := PlayerJSON{Decisions: p.Decisions, Loss: round2(p.Loss), Luck: round2(p.Luck), Turns: p.Turns}
		switch {
		case kniffel:
			q, t := p.QuickTurns, p.Banked
			pj.QuickTurns, pj.Total = &q, &t
		case r.Chances:
			s, res := round2(p.ChanceStart), round2(p.ChanceResult)
			pj.ChanceStart, pj.ChanceResult = &s, &res
			// The family's fields too, from 0 to 1 as there (the tester
			// found win_start 0.32 beside chance_start 51.03, and "win":
			// false on a review in chances).
			pj.WinLoss, pj.WinLuck, pj.WinStart = round6(p.Loss/100), round6(p.Luck/100), round6(p.ChanceStart/100)
			if r.Finished {
				pj.Result = round6(p.ChanceResult / 100)
			}
		case r.Reviewed: // the Zehntausend family, Totwürfeln, Dreißig tot in pips: per turn
			s, b := round2(p.TurnValueSum), p.Banked
			pj.TurnValueSum, pj.Banked = &s, &b
		}
		if r.Win {
			pj.WinLoss, pj.WinLuck, pj.WinStart = round6(p.WinLoss), round6(p.WinLuck), round6(p.WinStart)
			if r.Finished {
				pj.Result = round6(p.Result)
			}
		} else if r.WinFrom > 0 {
			pj.WinLoss = round6(p.WinLoss)
		}
		out.Players[p.Name] = pj
	}
	if r.Reviewed {
		out.Unit = string(r.Unit)
	}
	for _, d := range r.Decisions {
		dj := DecisionJSON{Player: d.Player, Turn: d.Turn, Throw: d.Throw, Kind: d.Kind,
			Chosen: d.Chosen.json(d.Kind), Best: d.Best.json(d.Kind), Loss: round2(d.Loss),
			ChosenFivesAsOnes: d.Chosen.FivesAsOnes, BestFivesAsOnes: d.Best.FivesAsOnes, FinalDice: d.FinalDice}
		if r.Chances { // Dreißig tot: the loss itself is in the chance to win
			dj.WinLoss = round6(d.Loss / 100)
		}
		if d.HasWin {
			dj.WinLoss, dj.WinChosen, dj.WinBest = round6(d.WinLoss), round6(d.WinChosen), round6(d.WinBest)
			dj.WinBestChoice, dj.Differs = d.WinBestChoice.json(d.Kind), d.Differs
		}
		out.Decisions = append(out.Decisions, dj)
	}
	out.Win = r.Win || r.Chances
	switch {
	case r.Win:
		out.WinExact = &r.WinExact
	case r.Chances: // Dreißig tot's review in chances is exact (else it is in pips)
		exact := true
		out.WinExact = &exact
	}
	out.WinNote, out.WinFrom = r.WinNote.Text(l), r.WinFrom
	return out
}

// CostliestWin returns the n decisions that cost most chance to win,
// costliest first (at equal loss, the earlier); decisions without loss
// are left out.
func (r *Review) CostliestWin(n int) []Decision {
	var out []Decision
	for _, d := range r.Decisions {
		if d.HasWin && d.WinLoss > lossEpsilon {
			out = append(out, d)
		}
	}
	slices.SortStableFunc(out, func(a, b Decision) int { return cmp.Compare(b.WinLoss, a.WinLoss) })
	return out[:min(n, len(out))]
}

// DescribeWin is Describe with the choice best for the win.
func (r *Review) DescribeWin(d Decision, l validate.Lang) string {
	d.Best = d.WinBestChoice
	return r.Describe(d, l)
}

// Number1 writes x with one decimal in l's notation and a true minus sign
// (the app's points figures).
func Number1(x float64, l validate.Lang) string {
	s := strconv.FormatFloat(math.Round(x*10)/10, 'f', 1, 64)
	if s == "-0.0" {
		s = "0.0"
	}
	if l == validate.German {
		s = strings.Replace(s, ".", ",", 1)
	}
	if strings.HasPrefix(s, "-") {
		s = "−" + s[1:]
	}
	return s
}

// Points1 is a chance (0–1) in percentage points with one decimal.
func Points1(chance float64, l validate.Lang) string { return Number1(100*chance, l) }

// MarshalJSON writes the review in its JSON shape with English notes.
func (r *Review) MarshalJSON() ([]byte, error) { return json.Marshal(r.JSON(validate.English)) }

// Number writes x with two decimals in l's notation (German: comma) and a
// true minus sign.
func Number(x float64, l validate.Lang) string {
	s := strconv.FormatFloat(round2(x), 'f', 2, 64)
	if l == validate.German {
		s = strings.Replace(s, ".", ",", 1)
	}
	if strings.HasPrefix(s, "-") {
		s = "−" + s[1:]
	}
	return s
}

// Where says when a decision was taken: "Runde 7, 2. Wurf" / "round 7,
// throw 2" (a round is a turn of every player); a Kniffel box on the
// turn's final dice (FinalDice) "Runde 7, Endwürfel" / "round 7, final
// dice": those dice are the turn's last, not its first throw.
func (r *Review) Where(d Decision, l validate.Lang) string {
	round := d.Turn/max(len(r.Players), 1) + 1
	switch {
	case d.FinalDice && l == validate.German:
		return fmt.Sprintf("Runde %d, Endwürfel", round)
	case d.FinalDice:
		return fmt.Sprintf("round %d, final dice", round)
	}
	if l == validate.German {
		return fmt.Sprintf("Runde %d, %d. Wurf", round, d.Throw+1)
	}
	return fmt.Sprintf("round %d, throw %d", round, d.Throw+1)
}

// Describe says what was chosen and what was best, in l: "666 behalten
// statt 6662", "Feld Dreierpasch statt Sechser", "weiter statt schreiben".
func (r *Review) Describe(d Decision, l validate.Lang) string {
	de := l == validate.German
	switch d.Kind {
	case Box:
		c, _ := validate.ParseCategory(d.Chosen.Box)
		b, _ := validate.ParseCategory(d.Best.Box)
		if de {
			return fmt.Sprintf("Feld %s statt %s", c.Name(l), b.Name(l))
		}
		return fmt.Sprintf("box %s instead of %s", c.Name(l), b.Name(l))
	case Stop:
		word := func(stop bool) string {
			switch {
			case de && stop:
				return "schreiben"
			case de:
				return "weiter"
			case stop:
				return "stop"
			}
			return "throw on"
		}
		if de {
			return fmt.Sprintf("%s statt %s", word(d.Chosen.Stop), word(d.Best.Stop))
		}
		return fmt.Sprintf("%s instead of %s", word(d.Chosen.Stop), word(d.Best.Stop))
	}
	if d.Kind == Hold && (len(d.Chosen.Dice) == 5 || len(d.Best.Dice) == 5) {
		return standText(d, de)
	}
	// A keep is set aside, as the play's prompt says ("zur Seite");
	// Kniffel's dice are held.
	verb := [2]string{"set aside", "zur Seite"}
	if d.Kind == Hold {
		verb = [2]string{"held", "behalten"}
	}
	write := dice
	if validate.VariantOf(r.Game).Family == validate.FamilyDreissig {
		write = dreissigDice
	}
	if de {
		return fmt.Sprintf("%s %s statt %s", write(d.Chosen, l), verb[1], write(d.Best, l))
	}
	return fmt.Sprintf("%s %s instead of %s", verb[0], write(d.Chosen, l), write(d.Best, l))
}

// dreissigDice writes a Dreißig-tot keep as the game's screens write dice
// (the throw "6 4 5 3 2 1", the coach's "6 5 4 zur Seite", advise):
// spaced, the highest first (the review said "456" beside the coach's
// "6 5 4"). The JSON keeps its sorted arrays.
func dreissigDice(c Choice, l validate.Lang) string {
	if len(c.Dice) == 0 {
		return dice(c, l)
	}
	d := slices.Clone(c.Dice)
	slices.Sort(d)
	slices.Reverse(d)
	return validate.FormatDice(d)
}

// standText says a Kniffel hold where one side holds all five dice: that
// is standing on them ("stehen lassen statt 5555 behalten").
func standText(d Decision, de bool) string {
	switch {
	case len(d.Chosen.Dice) == 5 && len(d.Best.Dice) == 5 && de:
		return "stehen lassen"
	case len(d.Chosen.Dice) == 5 && len(d.Best.Dice) == 5:
		return "stood"
	case de:
		phrase := func(c Choice) string {
			if len(c.Dice) == 5 {
				return "stehen lassen"
			}
			return dice(c, validate.German) + " behalten"
		}
		return phrase(d.Chosen) + " statt " + phrase(d.Best)
	}
	if len(d.Chosen.Dice) == 5 {
		return "stood instead of holding " + dice(d.Best, validate.English)
	}
	return "held " + dice(d.Chosen, validate.English) + " instead of standing"
}

// dice writes dice as the app does ("6662"), "nichts"/"nothing" for none,
// and the 5s counted as 1s.
func dice(c Choice, l validate.Lang) string {
	if len(c.Dice) == 0 {
		if l == validate.German {
			return "nichts"
		}
		return "nothing"
	}
	var b strings.Builder
	for _, d := range c.Dice {
		b.WriteByte(byte('0' + d))
	}
	if c.FivesAsOnes > 0 {
		if l == validate.German {
			fmt.Fprintf(&b, " (%d× 5 als 1)", c.FivesAsOnes)
		} else {
			fmt.Fprintf(&b, " (%d× 5 as 1)", c.FivesAsOnes)
		}
	}
	return b.String()
}

// SharedWin names the players who share the win of a finished game
// reviewed in chances (Dreißig tot: ChanceResult 100 / their number each)
// and that share in percentage points; ok false where one player won or
// the game runs. The result 50 read as if unexplained.
func SharedWin(r *Review) (names []string, share float64, ok bool) {
	if !r.Finished || !r.Chances {
		return nil, 0, false
	}
	for _, p := range r.Players {
		if p.ChanceResult > lossEpsilon {
			names = append(names, p.Name)
			share = p.ChanceResult
		}
	}
	return names, share, len(names) > 1
}
