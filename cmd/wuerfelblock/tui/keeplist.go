package tui

import (
	"fmt"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/tview"
)

// keepLetters name the legal keeps of a throw. They leave out every letter
// that is a command on a play screen (c coach, q leave, s/w stop, u undo,
// v void throw), so that a key meant as a command never takes a keep.
const keepLetters = "abdefghijklmnoprtxyzABDEFGHIJKLMNOPRTXYZ"

// keepLetterRange is how help and messages name the letters of n keeps.
func keepLetterRange(n int) string {
	n = min(n, len(keepLetters))
	switch n {
	case 0:
		return ""
	case 1:
		return "a"
	}
	return "a–" + string(keepLetters[n-1])
}

// keepItem is one line of the keep list: its letter and its text in
// ever shorter forms (the list uses the longest form that lets every keep
// show at once).
type keepItem struct {
	letter byte
	forms  []string // style-tagged, longest first
	best   bool
}

// keepList shows the legal keeps of a throw in columns, best first, each
// with its letter and its value. When they do not all fit, it shows a page
// at a time and says how to see the others; none is ever cut silently.
type keepList struct {
	*tview.Box
	items  []keepItem
	offset int // first item shown
	page   int // items per page at the last draw; 0: all shown
	pick   func(i int)
	more   func(from, to string) string // the "more" line
	// Where each item was drawn, for the mouse.
	spots []keepSpot
}

type keepSpot struct {
	i, x, y, w int
}

func newKeepList() *keepList {
	return &keepList{Box: tview.NewBox()}
}

// setItems replaces the list; the first page shows.
func (k *keepList) setItems(items []keepItem) {
	k.items, k.offset, k.page = items, 0, 0
}

// scroll moves a page on (down) or back; false when there is no other page.
func (k *keepList) scroll(down bool) bool {
	if !k.paged() {
		return false
	}
	switch {
	case down && k.offset+k.page < len(k.items):
		k.offset += k.page
	case !down && k.offset > 0:
		k.offset = max(k.offset-k.page, 0)
	default:
		return false
	}
	return true
}

// paged reports whether the list shows a page at a time (↓/↑ turn them).
func (k *keepList) paged() bool { return k.page > 0 && k.page < len(k.items) }

// keepColumns arranges n items of the given widths column by column in at most
// rows rows and width columns; ok false when they do not fit.
func keepColumns(widths []int, rows, width int) (perCol int, colW []int, ok bool) {
	n := len(widths)
	for cols := 1; cols <= n; cols++ {
		per := (n + cols - 1) / cols
		if per > rows {
			continue
		}
		colW = colW[:0]
		total := 0
		for c := 0; c*per < n; c++ {
			w := 0
			for _, x := range widths[c*per : min((c+1)*per, n)] {
				w = max(w, x)
			}
			colW = append(colW, w)
			total += w
		}
		total += 2 * (len(colW) - 1)
		if total <= width {
			return per, colW, true
		}
	}
	return 0, nil, false
}

func (k *keepList) Draw(screen tcell.Screen) {
	k.Box.DrawForSubclass(screen, k)
	x, y, width, height := k.GetInnerRect()
	k.spots = k.spots[:0]
	n := len(k.items)
	if n == 0 || width <= 0 || height <= 0 {
		k.page = 0
		return
	}
	forms := len(k.items[0].forms)
	widths := func(f int, items []keepItem) []int {
		w := make([]int, len(items))
		for i, it := range items {
			w[i] = tview.TaggedStringWidth(it.forms[min(f, len(it.forms)-1)])
		}
		return w
	}
	// Everything at once, in the longest form that fits.
	for f := 0; f < forms; f++ {
		if per, colW, ok := keepColumns(widths(f, k.items), height, width); ok {
			k.page, k.offset = 0, 0
			k.drawItems(screen, x, y, f, 0, n, per, colW)
			return
		}
	}
	// A page at a time in the shortest form, the last row saying how to go on.
	f := forms - 1
	rows := max(height-1, 1)
	all := widths(f, k.items)
	colW := 0
	for _, w := range all {
		colW = max(colW, w)
	}
	cols := max((width+2)/(colW+2), 1)
	k.page = rows * cols
	if k.offset >= n {
		k.offset = 0
	}
	end := min(k.offset+k.page, n)
	ws := make([]int, 0, cols)
	for c := 0; c < cols; c++ {
		ws = append(ws, colW)
	}
	k.drawItems(screen, x, y, f, k.offset, end, rows, ws)
	if k.more != nil && height > 1 {
		from := string(k.items[k.offset].letter)
		to := string(k.items[end-1].letter)
		tview.Print(screen, k.more(from, to), x, y+height-1, width, tview.AlignLeft, tcell.ColorDefault)
	}
}

func (k *keepList) drawItems(screen tcell.Screen, x, y, form, from, to, perCol int, colW []int) {
	cx := x
	for c := 0; from+c*perCol < to; c++ {
		for r := 0; r < perCol; r++ {
			i := from + c*perCol + r
			if i >= to {
				break
			}
			it := k.items[i]
			text := it.forms[min(form, len(it.forms)-1)]
			tview.Print(screen, text, cx, y+r, colW[c], tview.AlignLeft, tcell.ColorDefault)
			k.spots = append(k.spots, keepSpot{i: i, x: cx, y: y + r, w: colW[c]})
		}
		if c < len(colW) {
			cx += colW[c] + 2
		}
	}
}

func (k *keepList) MouseHandler() func(action tview.MouseAction, event *tcell.EventMouse, setFocus func(p tview.Primitive)) (bool, tview.Primitive) {
	return k.WrapMouseHandler(func(action tview.MouseAction, event *tcell.EventMouse, setFocus func(p tview.Primitive)) (bool, tview.Primitive) {
		if action != tview.MouseLeftClick || !k.InRect(event.Position()) {
			return false, nil
		}
		mx, my := event.Position()
		for _, s := range k.spots {
			if my == s.y && mx >= s.x && mx < s.x+s.w && k.pick != nil {
				k.pick(s.i)
				return true, nil
			}
		}
		return true, nil
	})
}

// keepForm lays out one keep: letter, dice, value and an optional note,
// padded so that the values of a column line up.
func keepForm(letter byte, dice string, points, diceW, pointsW int, note string, best bool) string {
	d := dice + strings.Repeat(" ", max(diceW-tview.TaggedStringWidth(dice), 0))
	pts := fmt.Sprintf("%*d", pointsW, points)
	if best {
		pts = "[::b]" + pts + "[::-]"
	}
	s := "[::r] " + string(letter) + " [::-] " + d + " " + pts
	if note != "" {
		s += " [::d]" + note + "[::-]"
	}
	return s
}
