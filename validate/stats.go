package validate

import "math"

// Text is a short text of a game's definition in both languages.
type Text struct{ EN, DE string }

// In is the text in l.
func (t Text) In(l Lang) string {
	if l == German {
		return t.DE
	}
	return t.EN
}

// Obligation is what a turn of the Zehntausend family may owe before it
// can stop, and fail to pay when it busts (TurnResult.FailedObligation).
type Obligation uint8

// The obligations.
const (
	NoObligation  Obligation = iota // 5000, Zehntausend Rückwärts
	ObligeConfirm                   // 5050: a 1500 must be confirmed
	ObligeProve                     // Zehntausend: a triple must be proved (or confirmed)
)

// StatsShape is how the statistics show a game: what the screens ask
// instead of the game's id.
type StatsShape struct {
	// FinalTotals: the player page charts the final totals (Kniffel, the
	// minus points of Rückwärts); else the results of the turns.
	FinalTotals bool
	// Chart is the title of that chart.
	Chart Text
	// Buckets are its bars, lowest first; every value falls in one.
	Buckets []Bucket
	// Obligation is what a turn may fail (counted as failed).
	Obligation Obligation
	// Attacks: turns attack the Vordermann (Dreißig tot): attacks made
	// and suffered are shown.
	Attacks bool
	// ReviewInChances: the stored review's loss and luck are percentage
	// points of the chance to win, not points (Dreißig tot, whose review
	// is stored only where it is exact in chances).
	ReviewInChances bool
}

// Bucket is one bar of a statistics chart: the values From to To
// (inclusive).
type Bucket struct {
	Label    Text
	From, To int
}

// StatsOf is how the statistics show game g (the turn results of the
// Zehntausend family for an unknown game).
func StatsOf(g GameID) StatsShape {
	if d := def(g); d != nil && d.stats.Chart != (Text{}) {
		return d.stats
	}
	return familyStats(NoObligation)
}

// buckets makes the bars from their lower edges after the first (which
// takes everything below edges[0]) and their labels.
func buckets(labels []string, edges ...int) []Bucket {
	out := make([]Bucket, len(labels))
	for i, l := range labels {
		out[i] = Bucket{Label: Text{l, l}, From: math.MinInt, To: math.MaxInt}
		if i > 0 {
			out[i].From = edges[i-1]
		}
		if i < len(edges) {
			out[i].To = edges[i] - 1
		}
	}
	return out
}

// familyStats is the shape of a game of the Zehntausend family that adds
// its turns: turn results, a bust first.
func familyStats(ob Obligation) StatsShape {
	b := buckets([]string{"", "50–299", "300–499", "500–999", "1000+"}, 1, 300, 500, 1000)
	b[0].Label = Text{"bust", "Fehlwurf"}
	return StatsShape{Chart: Text{"turn results", "Ergebnisse der Züge"}, Buckets: b, Obligation: ob}
}

var (
	rueckwaertsStats = StatsShape{FinalTotals: true, Chart: Text{"final minus points", "Minuspunkte am Ende"},
		Buckets: buckets([]string{"0–2999", "3000–5999", "6000–9999", "10000+"}, 3000, 6000, 10000)}
	kniffelStats = StatsShape{FinalTotals: true, Chart: Text{"final totals", "Endstände"},
		Buckets: buckets([]string{"< 150", "150–199", "200–249", "250–299", "300+"}, 150, 200, 250, 300)}
	totStats = StatsShape{Chart: Text{"pips per turn", "Augen pro Zug"},
		Buckets: buckets([]string{"0–9", "10–19", "20–29", "30–39", "40+"}, 10, 20, 30, 40)}
)

// withAttacks is s with the attacks shown (Dreißig tot), whose review is
// stored in chances to win.
func withAttacks(s StatsShape) StatsShape {
	s.Attacks = true
	s.ReviewInChances = true
	return s
}
