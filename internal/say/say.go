// Package say is the one text layer of the command line and the terminal
// UI: numbers and plurals in the players' language, and one describer each
// for events, entries, turn summaries, house-rule sets and the rows of the
// Kniffel sheet. What the rules decided comes from validate and scoresheet;
// this package only puts it into words.
package say

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/wuerfelblock/wuerfelblock/scoresheet"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

// P says things in one language. Name makes a player's name safe for the
// output (the terminal UI also escapes its style tags); Strong and Alert
// mark words (bold, reverse) where the output has markup.
type P struct {
	Lang   validate.Lang
	Name   func(string) string
	Strong func(string) string
	Alert  func(string) string
}

// New says things in l for plain output: names made safe for a terminal,
// no markup.
func New(l validate.Lang) P {
	return P{Lang: l}
}

// Tr picks the English or German text.
func (p P) Tr(en, de string) string {
	if p.Lang == validate.German {
		return de
	}
	return en
}

func (p P) name(s string) string {
	if p.Name != nil {
		return p.Name(s)
	}
	return scoresheet.SafeText(s)
}

func (p P) strong(s string) string {
	if p.Strong != nil {
		return p.Strong(s)
	}
	return s
}

func (p P) alert(s string) string {
	if p.Alert != nil {
		return p.Alert(s)
	}
	return s
}

// Decimal writes x with the given decimals as the language writes it:
// "36.5", German "36,5". (golang.org/x/text/message would also group
// thousands and round by its own decimal conversion; the numbers here keep
// Go's formatting with the language's decimal mark.)
func (p P) Decimal(x float64, places int) string {
	s := strconv.FormatFloat(x, 'f', places, 64)
	if p.Lang == validate.German {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// Dec1 is a number with one decimal ("36.0", German "36,0").
func (p P) Dec1(v float64) string { return p.Decimal(v, 1) }

// Dice is "1 die" / "3 dice" ("1 Würfel" / "3 Würfel").
func (p P) Dice(n int) string {
	if n == 1 {
		return p.Tr("1 die", "1 Würfel")
	}
	return fmt.Sprintf(p.Tr("%d dice", "%d Würfel"), n)
}

// Pips is n pips of dice: "1 pip" / "1 Auge", "12 pips" / "12 Augen".
func (p P) Pips(n int) string { return fmt.Sprintf("%d %s", n, p.PipWord(n)) }

// PipWord is the word for n pips alone ("pip", "Auge"; "pips", "Augen").
func (p P) PipWord(n int) string {
	if n == 1 || n == -1 {
		return p.Tr("pip", "Auge")
	}
	return p.Tr("pips", "Augen")
}

// DiceWith is dice after "with": "mit 1 Würfel" / "mit 3 Würfeln".
func (p P) DiceWith(n int) string {
	if n == 1 {
		return p.Tr("1 die", "1 Würfel")
	}
	return fmt.Sprintf(p.Tr("%d dice", "%d Würfeln"), n)
}

// GameName is the game's name, its id for an unknown game.
func (p P) GameName(g validate.GameID) string {
	info, err := validate.LookupGame(string(g))
	if err != nil {
		return string(g)
	}
	return info.Name(p.Lang)
}

// Short cuts a name to w letters, "…" marking the cut.
func Short(name string, w int) string {
	if len([]rune(name)) <= w {
		return name
	}
	return scoresheet.Cut(name, w-1)
}

// Value writes a house-rule value as players read it.
func (p P) Value(v any) string {
	switch x := v.(type) {
	case []int:
		return validate.FormatDice(x)
	case bool:
		if x {
			return p.Tr("yes", "ja")
		}
		return p.Tr("no", "nein")
	case int:
		if x == 0 {
			return p.Tr("0 (off)", "0 (aus)")
		}
	}
	return fmt.Sprint(v)
}

// OptionsKey names a house-rule set by its options that differ from the
// basic game, in the order of their ids: "verdoppeln=true ziel=5000" (""
// for the basic game).
func OptionsKey(o map[string]any) string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%v", k, o[k])
	}
	return strings.Join(parts, " ")
}

// Options names a house-rule set as OptionsKey does, and the basic game
// as such.
func (p P) Options(o map[string]any) string {
	if len(o) == 0 {
		return p.Tr("(the basic game)", "(Grundspiel)")
	}
	return OptionsKey(o)
}

// OptionsBrief lists the house rules of the rules that differ from the
// basic game, in the game's order, by their names: "target 5000, doubling yes".
func (p P) OptionsBrief(r *validate.Rules) string {
	changed := r.Options.Map(r.Game)
	var house []string
	for _, spec := range validate.OptionSpecs(r.Game) {
		if v, ok := changed[spec.ID]; ok {
			house = append(house, spec.Name(p.Lang)+" "+p.Value(v))
		}
	}
	return strings.Join(house, ", ")
}
