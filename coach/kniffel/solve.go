package kniffel

import (
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/wuerfelblock/wuerfelblock/validate"
)

// The table holds the expected points still to come at the start of a turn
// for every sheet: the filled boxes (13 bits), the upper sum capped at 63
// and whether the Kniffel box holds 50. Sheets that cannot occur (an upper
// sum the filled upper boxes cannot make, the flag without a filled Kniffel
// box) are NaN.
const tableSize = (allFilled + 1) << 7

func stateIndex(mask, upper int, kniffel50 bool) int {
	i := mask<<7 | min(upper, upperThreshold)<<1
	if kniffel50 {
		i |= 1
	}
	return i
}

// newTable is a table with only the full sheets known (0 points to come).
func newTable() []float64 {
	val := make([]float64, tableSize)
	nan := math.NaN()
	for i := range val {
		val[i] = nan
	}
	for s := 0; s <= upperThreshold; s++ {
		val[stateIndex(allFilled, s, false)] = 0
		val[stateIndex(allFilled, s, true)] = 0
	}
	return val
}

// reachableSums[u] has bit s set when the upper boxes u (6 bits) can add up
// to s (capped at 63).
var reachableSums = sync.OnceValue(func() *[64]uint64 {
	var r [64]uint64
	for u := 0; u < 64; u++ {
		set := uint64(1)
		for f := 1; f <= 6; f++ {
			if u&(1<<(f-1)) == 0 {
				continue
			}
			var n uint64
			for s := 0; s < 64; s++ {
				if set&(1<<s) != 0 {
					for c := 0; c <= 5; c++ {
						n |= 1 << min(upperThreshold, s+c*f)
					}
				}
			}
			set = n
		}
		r[u] = set
	}
	return &r
})

// sumClass maps an upper sum to the sum that stands for all sums with the
// same future on this sheet: once 63 is reached or out of reach, the upper
// sum no longer matters (63 stands for both).
func sumClass(mask, s int) int {
	need := upperThreshold - s
	left := 0
	for f := 1; f <= 6; f++ {
		if mask&(1<<(f-1)) == 0 {
			left += 5 * f
		}
	}
	if need <= 0 || need > left {
		return upperThreshold
	}
	return s
}

// lanes is how many sheets of one set of filled boxes are solved together:
// the same index arithmetic serves all of them.
const lanes = 8

type vec [lanes]float64

// solve computes the whole table, one layer of sheets with the same number
// of filled boxes at a time, the sheets of a layer shared among workers.
func solve(v variant, workers int) []float64 {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	val := newTable()
	var layers [validate.NumCategories][]int
	for m := 0; m < allFilled; m++ {
		n := bits.OnesCount(uint(m))
		layers[n] = append(layers[n], m)
	}
	ws := make([]*worker, workers)
	for i := range ws {
		ws[i] = &worker{v: v, t: tables(), val: val, reach: reachableSums()}
	}
	for n := validate.NumCategories - 1; n >= 0; n-- {
		masks := layers[n]
		var next atomic.Int64
		var wg sync.WaitGroup
		for _, w := range ws {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := int(next.Add(1)) - 1
					if i >= len(masks) {
						return
					}
					w.solveMask(masks[i])
				}
			}()
		}
		wg.Wait()
	}
	return val
}

// worker solves sheets; its buffers stay in the processor's cache.
type worker struct {
	v     variant
	t     *holdTables
	val   []float64
	reach *[64]uint64
	buf   [numHolds]vec
	// boxv holds what each free box is worth for the sheets being solved:
	// its points, any upper bonus, and the rest of the game after it.
	boxv [numBoxVecs]vec
	// ops lists, for each throw, the boxes it may go in on this sheet
	// (plain rules; Kniffel throws on a filled Kniffel box are redone).
	ops     []boxOp
	opStart [numRolls + 1]int32
}

// Places in worker.boxv.
const (
	// upperVec(c, k): upper box c taking k dice of its face
	lowerVec   = 36 // + c - Dreierpasch: a lower box, before its points
	kniffel50  = lowerVec + 7
	numBoxVecs = kniffel50 + 1
)

func upperVec(c validate.Category, k int) int { return int(c)*6 + k }

// boxOp is one candidate box for a throw: boxv[vec] plus points.
type boxOp struct {
	add [2]float64 // the points, twice (one per SSE2 lane)
	off int64      // byte offset of the vec in boxv
}

// solveMask fills the table for every sheet with filled boxes mask.
func (w *worker) solveMask(mask int) {
	reach := w.reach[mask&upperMask]
	// One sheet stands for each class of upper sums (the first reachable).
	var sums, rep [64]int8
	n := 0
	seen := uint64(0)
	for s := 0; s <= upperThreshold; s++ {
		if reach&(1<<s) == 0 {
			continue
		}
		c := sumClass(mask, s)
		if seen&(1<<c) == 0 {
			seen |= 1 << c
			rep[c] = int8(s)
			sums[n] = int8(s)
			n++
		}
	}
	flags := 1
	if mask&kniffelBit != 0 {
		flags = 2
	}
	type lane struct {
		sum  int
		flag bool
	}
	var buf [128]lane
	all := buf[:0]
	for i := 0; i < n; i++ {
		for f := 0; f < flags; f++ {
			all = append(all, lane{int(sums[i]), f == 1})
		}
	}
	w.buildOps(mask)
	var classVal [2][64]float64
	for start := 0; start < len(all); start += lanes {
		var s [lanes]int
		var fl [lanes]bool
		for j := 0; j < lanes; j++ {
			l := all[min(start+j, len(all)-1)]
			s[j], fl[j] = l.sum, l.flag
		}
		out := w.solveLanes(mask, &s, &fl)
		for j := 0; j < lanes && start+j < len(all); j++ {
			f := 0
			if fl[j] {
				f = 1
			}
			classVal[f][s[j]] = out[j]
		}
	}
	for s := 0; s <= upperThreshold; s++ {
		if reach&(1<<s) == 0 {
			continue
		}
		c := sumClass(mask, s)
		for f := 0; f < flags; f++ {
			w.val[stateIndex(mask, s, f == 1)] = classVal[f][rep[c]]
		}
	}
}

// buildOps lists for each throw the boxes it may go in when mask is filled.
func (w *worker) buildOps(mask int) {
	ops := boxOps()
	w.ops = w.ops[:0]
	for r := 0; r < numRolls; r++ {
		w.opStart[r] = int32(len(w.ops))
		for c := validate.Category(0); c < validate.NumCategories; c++ {
			if mask&(1<<c) == 0 {
				w.ops = append(w.ops, ops[r][c])
			}
		}
	}
	w.opStart[numRolls] = int32(len(w.ops))
}

// boxOps are the candidates of every throw and box by the plain rules.
var boxOps = sync.OnceValue(func() *[numRolls][validate.NumCategories]boxOp {
	t := tables()
	const size = int64(unsafe.Sizeof(vec{}))
	var ops [numRolls][validate.NumCategories]boxOp
	for r := 0; r < numRolls; r++ {
		for c := validate.Category(0); c < validate.NumCategories; c++ {
			var i int
			var pts float64
			switch {
			case c.Upper():
				i = upperVec(c, int(t.counts[firstRoll+r][c+1]))
			case c == validate.Kniffel && t.kniffelFace[r] != 0:
				i = kniffel50
			default:
				i, pts = lowerVec+int(c-validate.Dreierpasch), float64(t.score[c][r])
			}
			ops[r][c] = boxOp{add: [2]float64{pts, pts}, off: int64(i) * size}
		}
	}
	return &ops
})

// solveLanes is the value at the start of a turn of the sheets with filled
// boxes mask, upper sums s and Kniffel flags fl.
func (w *worker) solveLanes(mask int, s *[lanes]int, fl *[lanes]bool) vec {
	t, val := w.t, w.val
	// What each free box is worth, by the dice that matter for it.
	for c := validate.Category(0); c < validate.NumCategories; c++ {
		bit := 1 << c
		if mask&bit != 0 {
			continue
		}
		next := mask | bit
		if c.Upper() {
			f := int(c) + 1
			for k := 0; k <= 5; k++ {
				v := &w.boxv[upperVec(c, k)]
				pts := f * k
				for j := 0; j < lanes; j++ {
					x := float64(pts) + val[stateIndex(next, s[j]+pts, fl[j])]
					if s[j] < upperThreshold && s[j]+pts >= upperThreshold {
						x += upperBonus
					}
					v[j] = x
				}
			}
			continue
		}
		v := &w.boxv[lowerVec+int(c-validate.Dreierpasch)]
		for j := 0; j < lanes; j++ {
			v[j] = val[stateIndex(next, s[j], fl[j])]
		}
		if c == validate.Kniffel {
			v := &w.boxv[kniffel50]
			for j := 0; j < lanes; j++ {
				v[j] = 50 + val[stateIndex(next, s[j], true)]
			}
		}
	}
	// The last throw: the best box for each of the 252 throws.
	bestBoxes((*[numRolls]vec)(w.buf[firstRoll:]), &w.boxv, &w.opStart, &w.ops[0])
	if mask&kniffelBit != 0 {
		w.kniffelThrows(mask, fl)
	}
	// Two throws with holds between them, then the first throw.
	for range 2 {
		w.averageDown()
		w.bestHolds()
	}
	var out vec
	for r := range numRolls {
		p := t.prob[r]
		x := &w.buf[firstRoll+r]
		for j := range out {
			out[j] += float64(p * x[j])
		}
	}
	return out
}

// kniffelThrows redoes the six Kniffel throws when the Kniffel box is filled:
// the bonus and, with a joker rule, where they may go and what they score.
func (w *worker) kniffelThrows(mask int, fl *[lanes]bool) {
	t := w.t
	for face := 1; face <= 6; face++ {
		r := t.kniffelRoll[face]
		var b vec
		for c := validate.Category(0); c < validate.NumCategories; c++ {
			pts, _, ok := w.v.place(mask, false, r, c)
			if !ok {
				continue
			}
			if c.Upper() {
				k := 0
				if int(c)+1 == face {
					k = 5
				}
				maxInto(&b, &w.boxv[upperVec(c, k)])
			} else {
				maxAddInto(&b, &w.boxv[lowerVec+int(c-validate.Dreierpasch)], float64(pts))
			}
		}
		for j := range b {
			if fl[j] {
				b[j] += float64(w.v.bonus)
			}
		}
		w.buf[firstRoll+r] = b
	}
}

// averageDown: the value of holding fewer than five dice is the average over
// the six faces of the value of holding one die more.
func (w *worker) averageDown() { averageDown(&w.buf, &w.t.child) }

// bestHolds turns hold values into the value of the best hold within each
// set of dice, smallest first; for five dice that is the value of the throw.
func (w *worker) bestHolds() { bestHolds(&w.buf, &w.t.edgeStart, &w.t.edges[0]) }

// averageDownGo and bestHoldsGo are the portable kernels; amd64 has the same
// in SSE2 assembly (kernels_amd64.s), with bit-identical results.
func averageDownGo(b *[numHolds]vec, ch *[firstRoll][6]int16) {
	for h := firstRoll - 1; h >= 0; h-- {
		c := &ch[h]
		avg6(&b[h], &b[c[0]], &b[c[1]], &b[c[2]], &b[c[3]], &b[c[4]], &b[c[5]])
	}
}

func bestBoxesGo(out *[numRolls]vec, boxv *[numBoxVecs]vec, start *[numRolls + 1]int32, first *boxOp) {
	ops := unsafe.Slice(first, start[numRolls])
	base := unsafe.Pointer(boxv)
	for r := range out {
		var d0, d1, d2, d3, d4, d5, d6, d7 int64 // every box is worth at least 0
		for _, op := range ops[start[r]:start[r+1]] {
			s, a := (*vec)(unsafe.Add(base, op.off)), op.add[0]
			d0 = max(d0, int64(math.Float64bits(s[0]+a)))
			d1 = max(d1, int64(math.Float64bits(s[1]+a)))
			d2 = max(d2, int64(math.Float64bits(s[2]+a)))
			d3 = max(d3, int64(math.Float64bits(s[3]+a)))
			d4 = max(d4, int64(math.Float64bits(s[4]+a)))
			d5 = max(d5, int64(math.Float64bits(s[5]+a)))
			d6 = max(d6, int64(math.Float64bits(s[6]+a)))
			d7 = max(d7, int64(math.Float64bits(s[7]+a)))
		}
		d := bitsOf(&out[r])
		d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = d0, d1, d2, d3, d4, d5, d6, d7
	}
}

func bestHoldsGo(b *[numHolds]vec, start *[numHolds + 1]int16, first *int16) {
	edges := unsafe.Slice(first, start[numHolds])
	for h := 1; h < numHolds; h++ {
		d := bitsOf(&b[h])
		d0, d1, d2, d3, d4, d5, d6, d7 := d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]
		for _, p := range edges[start[h]:start[h+1]] {
			s := bitsOf(&b[p])
			d0 = max(d0, s[0])
			d1 = max(d1, s[1])
			d2 = max(d2, s[2])
			d3 = max(d3, s[3])
			d4 = max(d4, s[4])
			d5 = max(d5, s[5])
			d6 = max(d6, s[6])
			d7 = max(d7, s[7])
		}
		d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7] = d0, d1, d2, d3, d4, d5, d6, d7
	}
}

// The values are expected points: never negative, never NaN. For such
// numbers the order of the bit patterns read as integers is the order of
// the numbers, and an integer maximum is much cheaper than a float one.
type ivec [lanes]int64

func bitsOf(v *vec) *ivec { return (*ivec)(unsafe.Pointer(v)) }

func maxInto(dv, sv *vec) {
	d, s := bitsOf(dv), bitsOf(sv)
	d[0] = max(d[0], s[0])
	d[1] = max(d[1], s[1])
	d[2] = max(d[2], s[2])
	d[3] = max(d[3], s[3])
	d[4] = max(d[4], s[4])
	d[5] = max(d[5], s[5])
	d[6] = max(d[6], s[6])
	d[7] = max(d[7], s[7])
}

func maxAddInto(dv, s *vec, a float64) {
	d := bitsOf(dv)
	d[0] = max(d[0], int64(math.Float64bits(s[0]+a)))
	d[1] = max(d[1], int64(math.Float64bits(s[1]+a)))
	d[2] = max(d[2], int64(math.Float64bits(s[2]+a)))
	d[3] = max(d[3], int64(math.Float64bits(s[3]+a)))
	d[4] = max(d[4], int64(math.Float64bits(s[4]+a)))
	d[5] = max(d[5], int64(math.Float64bits(s[5]+a)))
	d[6] = max(d[6], int64(math.Float64bits(s[6]+a)))
	d[7] = max(d[7], int64(math.Float64bits(s[7]+a)))
}

const sixth = 1.0 / 6

func avg6(d, a, b, c, e, f, g *vec) {
	d[0] = (a[0] + b[0] + c[0] + e[0] + f[0] + g[0]) * sixth
	d[1] = (a[1] + b[1] + c[1] + e[1] + f[1] + g[1]) * sixth
	d[2] = (a[2] + b[2] + c[2] + e[2] + f[2] + g[2]) * sixth
	d[3] = (a[3] + b[3] + c[3] + e[3] + f[3] + g[3]) * sixth
	d[4] = (a[4] + b[4] + c[4] + e[4] + f[4] + g[4]) * sixth
	d[5] = (a[5] + b[5] + c[5] + e[5] + f[5] + g[5]) * sixth
	d[6] = (a[6] + b[6] + c[6] + e[6] + f[6] + g[6]) * sixth
	d[7] = (a[7] + b[7] + c[7] + e[7] + f[7] + g[7]) * sixth
}
