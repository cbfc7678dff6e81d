package scoresheet

import "github.com/wuerfelblock/wuerfelblock/validate"

// SheetRowKind is what a row of the Kniffel sheet holds.
type SheetRowKind uint8

// The rows of the Kniffel sheet.
const (
	RowBox          SheetRowKind = iota + 1 // a box (SheetRow.Category)
	RowUpperSum                             // the sum of the upper boxes
	RowUpperBonus                           // the upper bonus, earned or not yet
	RowLowerSum                             // the sum of the lower boxes
	RowKniffelBonus                         // the Kniffel bonuses
	RowTotal                                // the total
)

// SheetRow is one row of the Kniffel sheet, a cell per seat.
type SheetRow struct {
	Kind     SheetRowKind
	Category validate.Category // RowBox
	Cells    []SheetCell
}

// SheetCell is one player's entry in a row.
type SheetCell struct {
	Value int
	// Filled: RowBox: the box is filled (a 0 is struck); RowUpperBonus:
	// the bonus is earned. Sums and the total are always filled.
	Filled bool
	// RowUpperBonus before it is earned: the points the upper boxes still
	// lack, and whether the free upper boxes can still bring them.
	Missing   int
	Reachable bool
}

// KniffelSheet is the Kniffel sheet in its order: the six upper boxes, the
// upper sum and bonus, the seven lower boxes, the lower sum, the Kniffel
// bonuses and the total. Every screen draws the sheet from it.
func (g *Game) KniffelSheet() []SheetRow {
	var rows []SheetRow
	add := func(kind SheetRowKind, c validate.Category, cell func(seat int, b validate.KniffelBoxes) SheetCell) {
		r := SheetRow{Kind: kind, Category: c, Cells: make([]SheetCell, len(g.Players))}
		for seat := range g.Players {
			r.Cells[seat] = cell(seat, g.boxes[seat])
		}
		rows = append(rows, r)
	}
	box := func(c validate.Category) {
		add(RowBox, c, func(_ int, b validate.KniffelBoxes) SheetCell {
			return SheetCell{Value: b.Value[c], Filled: b.Filled[c]}
		})
	}
	for c := validate.Einser; c <= validate.Sechser; c++ {
		box(c)
	}
	add(RowUpperSum, 0, func(_ int, b validate.KniffelBoxes) SheetCell { return SheetCell{Value: UpperSum(b), Filled: true} })
	add(RowUpperBonus, 0, func(seat int, b validate.KniffelBoxes) SheetCell {
		upper, _ := g.KniffelBonuses(seat)
		return SheetCell{Value: upper, Filled: upper > 0, Missing: UpperMissing(b), Reachable: UpperBonusReachable(b)}
	})
	for c := validate.Dreierpasch; c < validate.NumCategories; c++ {
		box(c)
	}
	add(RowLowerSum, 0, func(_ int, b validate.KniffelBoxes) SheetCell { return SheetCell{Value: LowerSum(b), Filled: true} })
	add(RowKniffelBonus, 0, func(seat int, _ validate.KniffelBoxes) SheetCell {
		_, k := g.KniffelBonuses(seat)
		return SheetCell{Value: k, Filled: true}
	})
	add(RowTotal, 0, func(seat int, _ validate.KniffelBoxes) SheetCell {
		return SheetCell{Value: g.totals[seat], Filled: true}
	})
	return rows
}
