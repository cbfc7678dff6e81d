package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// Three players in the final round (Zehntausend to 1000: Anna stops at
// 1150): the column Win shows every seat's exact chance (coach/win's
// Chances, followed through the mover's turn), not the mover's alone, and
// none of them marked approximate. Before, only Ben's cell was filled.
func TestWinFinalRoundFillsEverySeat(t *testing.T) {
	w := useWin(t)
	h := start(t, openDB(t))
	h.newZiel(1000, "Anna", "Ben", "Cleo")
	tb := waitWin(t, h, w)
	h.typ("11123/111\n15/15\n")
	h.see("Schreiben: 1150")
	h.typ("s")
	g := h.ui.top().(*play).game()
	if g.Seat() != 1 || g.Totals()[0] != 1150 {
		t.Fatalf("totals %v, seat %d:\n%s", g.Totals(), g.Seat(), h.screen())
	}
	p := winAt(t, tb, g)
	if !p.Exact() {
		t.Fatal("the final round: not exact?")
	}
	cs := p.Chances()
	sum := 0.0
	for _, c := range cs {
		sum += c
	}
	if len(cs) != 3 || sum < 0.999999 || sum > 1.000001 {
		t.Fatalf("chances %v", cs)
	}
	want := make([]string, len(cs))
	for i, c := range cs {
		want[i] = winCell(c)
	}
	deadline := time.Now().Add(waitLimit)
	for {
		got := h.winColumnCells(3)
		if fmt.Sprint(got) == fmt.Sprint(want) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("column Win %q, want %q:\n%s", got, want, h.screen())
		}
		time.Sleep(5 * time.Millisecond)
		h.sync()
	}
	if strings.Contains(h.screen(), "≈") {
		t.Fatalf("the final round marked approximate:\n%s", h.screen())
	}
}

// winCell is a chance as the column Win writes it (plain spaces).
func winCell(x float64) string {
	switch {
	case x == 0 || x == 1:
	case x < 0.005:
		return "<1 %"
	case x >= 0.995:
		return ">99 %"
	}
	return fmt.Sprintf("%s %%", wordsOf(validate.German).Decimal(100*x, 0))
}

// winColumnCells are the last cells of the score table's first n player
// rows (the column Win where it is shown), plain spaces; "" where a row
// has none.
func (h *harness) winColumnCells(n int) []string {
	var out []string
	for _, row := range strings.Split(h.screen(), "\n") {
		parts := strings.Split(row, "│")
		if len(parts) < 5 || len(out) == n {
			continue
		}
		cells := strings.Fields(strings.ReplaceAll(parts[1], "\u00a0", " "))
		if len(cells) == 0 || !strings.Contains(parts[1], "Anna") && !strings.Contains(parts[1], "Ben") && !strings.Contains(parts[1], "Cleo") {
			continue
		}
		last := ""
		if len(cells) >= 2 && cells[len(cells)-1] == "%" {
			last = cells[len(cells)-2] + " %"
		}
		out = append(out, last)
	}
	return out
}
