package validate

// The games: everything validate knows of one game is one gameDef here:
// its name, its house rules, its game facts (Variant, with the stop rules
// of the Zehntausend family: Stops), and for the Zehntausend family its
// combination table. A new game is a new entry in defs (and a turn engine
// if none of the four fits).

// gameDef is one game.
type gameDef struct {
	info  GameInfo
	specs []OptionSpec
	// basic sets values of the basic game that are no house rule of it (5050
	// turns two fives into a one).
	basic   func(*Options)
	variant func(Options) Variant
	// Zehntausend family: the value of n dice of one face (0: no
	// combination) and the other combinations. The rules that forbid a
	// stop are data on the Variant (Stops).
	ofAKind func(o Options, face, n int) int
	special func(o Options) []combo
	// stats is how the statistics show the game (StatsOf).
	stats StatsShape
}

var defs = []*gameDef{
	{
		info: GameInfo{Game5050, "5050", "5050", "6 dice; stop from 350 per pass, confirm 1500s; 5050 ends the round",
			"6 Würfel; schreiben ab 350 je Durchgang, 1500er bestätigen; bis 5050"},
		specs: []OptionSpec{diceOpt(6)},
		basic: func(o *Options) { o.FuenferDrehen = true },
		variant: func(Options) Variant {
			return Variant{Family: FamilyZehntausend, End: EndFinalRound, Target: 5050, Settle: SettleAdd,
				EarlierSeatWinsTies: true, WinnerBegins: true, Coached: true, Review: ReviewDecisions,
				Stops: Stops{PassPoints: 350, ConfirmPass: true}}
		},
		ofAKind: func(_ Options, face, n int) int {
			if n != 3 {
				return 0
			}
			return tripleValue(face, 1000)
		},
		special: func(Options) []combo {
			cs := []combo{{dice: run(1, 6), value: 1500, kind: ComboStreet, confirm: true}}
			for _, d := range threePairs() {
				cs = append(cs, combo{dice: d, value: 1500, kind: ComboThreePairs, confirm: true})
			}
			return cs
		},
		stats: familyStats(ObligeConfirm),
	},
	{
		info: GameInfo{Game5000, "5000", "Fünftausend", "5 dice; all scorers aside, enter with 500, equal totals reset; hit 5000",
			"5 Würfel; alles Zählende raus, Einstieg 500, Gleichstand fliegt; 5000"},
		specs: []OptionSpec{diceOpt(5)},
		variant: func(Options) Variant {
			return Variant{Family: FamilyZehntausend, End: EndExact, Target: 5000, Settle: SettleExact,
				AllScoring: true, EntryPoints: 500, Coached: true, Review: ReviewDecisions,
				Stops: Stops{Minimum: 100, RoundHundreds: true}}
		},
		ofAKind: func(_ Options, face, n int) int {
			t := tripleValue(face, 1100)
			switch n {
			case 3:
				return t
			case 4:
				return t * 2
			case 5:
				return t * 4
			}
			return 0
		},
		special: func(Options) []combo {
			return []combo{{dice: run(1, 5), value: 1500, kind: ComboStreet}, {dice: run(2, 6), value: 1500, kind: ComboStreet}}
		},
		stats: familyStats(NoObligation),
	},
	{
		info: GameInfo{GameZehntausend, "Zehntausend", "Zehntausend", "5 or 6 dice; prove your triples; 10000 ends the round; many house rules",
			"5 oder 6 Würfel; Pasche beweisen; bis 10000; viele Hausregeln"},
		specs: zehntausendOptions,
		variant: func(o Options) Variant {
			return Variant{Family: FamilyZehntausend, End: EndFinalRound, Target: o.Ziel, Settle: SettleAdd,
				Coached: true, Review: ReviewDecisions, Stops: zehntausendStops(o)}
		},
		ofAKind: func(o Options, face, n int) int {
			if o.Verdoppeln {
				return tripleValue(face, 1000) << (n - 3)
			}
			return zehntausendOfAKind(face, n)
		},
		special: zehntausendSpecial,
		stats:   familyStats(ObligeProve),
	},
	{
		info: GameInfo{GameRueckwaerts, "Zehntausend Rückwärts", "Zehntausend Rückwärts", "one throw each; score nothing and write the points lying out as minus",
			"je ein Wurf; zählt er nichts, schreibt man die ausliegenden Punkte minus"},
		specs: []OptionSpec{diceOpt(5, 6)},
		variant: func(Options) Variant {
			return Variant{Family: FamilyZehntausend, End: EndAtTarget, Target: 10000, Settle: SettleTable,
				LowerWins: true, AllScoring: true, TableTurns: true}
		},
		ofAKind: func(_ Options, face, n int) int { return zehntausendOfAKind(face, n) },
		special: func(o Options) []combo {
			cs := []combo{{dice: run(1, 5), value: 1000, kind: ComboStreet}, {dice: run(2, 6), value: 1000, kind: ComboStreet}}
			if o.Wuerfel == 6 {
				for _, d := range threePairs() {
					cs = append(cs, combo{dice: d, value: 1500, kind: ComboThreePairs})
				}
			}
			return cs
		},
		stats: rueckwaertsStats,
	},
	{
		info: GameInfo{GameKniffel, "Kniffel", "Kniffel", "5 dice, 3 throws, 13 boxes; bonus 35 at 63, 100 per further Kniffel",
			"5 Würfel, 3 Würfe, 13 Felder; Bonus 35 ab 63, 100 je weiterer Kniffel"},
		specs: kniffelOptions,
		variant: func(Options) Variant {
			return Variant{Family: FamilyKniffel, End: EndRounds, Rounds: int(NumCategories), Settle: SettleSheet,
				Coached: true, Review: ReviewDecisions}
		},
		stats: kniffelStats,
	},
	{
		info: GameInfo{GameTotwuerfeln, "Totwürfeln", "Totwürfeln", "throw until every die shows a killer number; the other pips count",
			"würfeln, bis jeder Würfel die Killerzahl zeigt; die übrigen Augen zählen"},
		specs: totOptions,
		variant: func(o Options) Variant {
			return Variant{Family: FamilyTot, End: EndRounds, Rounds: o.Runden, Settle: SettleAdd, Review: ReviewLuck}
		},
		stats: totStats,
	},
	{
		info: GameInfo{GameDreissigTot, "Dreißig tot", "Dreißig tot", "6 dice, one or more aside per throw; under 30 costs, over 30 attacks",
			"6 Würfel, je Wurf mind. einer raus; unter 30 kostet, über 30 greift an"},
		specs: dreissigOptions,
		variant: func(o Options) Variant {
			v := Variant{Family: FamilyDreissig, StartTotal: 30, End: EndAtZero, Settle: SettleAccount,
				Coached: true, Review: ReviewDecisions}
			if o.Hundert {
				v.End, v.Target, v.Players = EndAtTarget, 100, 2
			}
			return v
		},
		stats: withAttacks(totStats),
	},
}

// def finds the game g, nil for an unknown game.
func def(g GameID) *gameDef {
	for _, d := range defs {
		if d.info.ID == g {
			return d
		}
	}
	return nil
}

// tripleValue is the value of three of a face: ones are worth ones, the
// others face×100.
func tripleValue(face, ones int) int {
	if face == 1 {
		return ones
	}
	return face * 100
}

// zehntausendOfAKind: three of a face, four are face×1000 (four ones 10000).
func zehntausendOfAKind(face, n int) int {
	switch n {
	case 3:
		return tripleValue(face, 1000)
	case 4:
		if face == 1 {
			return 10000
		}
		return face * 1000
	}
	return 0
}

func zehntausendSpecial(o Options) []combo {
	var cs []combo
	if o.Wuerfel != 6 {
		return nil
	}
	if o.Strasse > 0 {
		cs = append(cs, combo{dice: run(1, 6), value: o.Strasse, kind: ComboStreet})
	}
	if o.DreiPaare > 0 {
		for _, d := range threePairs() {
			cs = append(cs, combo{dice: d, value: o.DreiPaare, kind: ComboThreePairs})
		}
	}
	if o.Pyramide > 0 {
		for _, d := range pyramids() {
			cs = append(cs, combo{dice: d, value: o.Pyramide, kind: ComboPyramid})
		}
	}
	return cs
}

// run is one die of each face from one to another.
func run(from, to int) Counts {
	var d Counts
	for f := from; f <= to; f++ {
		d[f] = 1
	}
	return d
}

// pyramids lists one, two and three dice of three different faces.
func pyramids() []Counts {
	var out []Counts
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				if a != b && b != c && a != c {
					var d Counts
					d[a], d[b], d[c] = 1, 2, 3
					out = append(out, d)
				}
			}
		}
	}
	return out
}
