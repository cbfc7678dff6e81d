package win

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/wuerfelblock/wuerfelblock/coach/family"
	"github.com/wuerfelblock/wuerfelblock/validate"
)

//go:noinline
func (pl *levelPlan) best4(v, m []float64) {
	vb, mb := unsafe.Pointer(unsafe.SliceData(v)), unsafe.Pointer(unsafe.SliceData(m))
	for _, op := range pl.first {
		s := (*[4]uint64)(unsafe.Add(vb, op.off*4))
		d := (*[4]uint64)(unsafe.Add(mb, op.k*4))
		*d = *s
	}
	for _, op := range pl.more {
		a := (*[4]uint64)(unsafe.Add(mb, op.p*4))
		b := (*[4]uint64)(unsafe.Add(vb, op.off*4))
		d := (*[4]uint64)(unsafe.Add(mb, op.k*4))
		a0, a1, a2, a3 := a[0], a[1], a[2], a[3]
		b0, b1, b2, b3 := b[0], b[1], b[2], b[3]
		d[0], d[1], d[2], d[3] = max(a0, b0), max(a1, b1), max(a2, b2), max(a3, b3)
	}
}

func (pl *levelPlan) throwOn4(s int, m unsafe.Pointer) (q0, q1, q2, q3 float64) {
	for _, t := range pl.terms[pl.termLo[s]:pl.termLo[s+1]] {
		x := (*[4]float64)(unsafe.Add(m, t.k*4))
		q0 += t.p * x[0]
		q1 += t.p * x[1]
		q2 += t.p * x[2]
		q3 += t.p * x[3]
	}
	return
}

//go:noinline
func (pl *levelPlan) best2(v, m []float64) {
	vb, mb := unsafe.Pointer(unsafe.SliceData(v)), unsafe.Pointer(unsafe.SliceData(m))
	for _, op := range pl.first {
		s := (*[2]uint64)(unsafe.Add(vb, op.off*2))
		d := (*[2]uint64)(unsafe.Add(mb, op.k*2))
		*d = *s
	}
	for _, op := range pl.more {
		a := (*[2]uint64)(unsafe.Add(mb, op.p*2))
		b := (*[2]uint64)(unsafe.Add(vb, op.off*2))
		d := (*[2]uint64)(unsafe.Add(mb, op.k*2))
		a0, a1 := a[0], a[1]
		b0, b1 := b[0], b[1]
		d[0], d[1] = max(a0, b0), max(a1, b1)
	}
}

func (pl *levelPlan) throwOn2(s int, m unsafe.Pointer) (q0, q1 float64) {
	for _, t := range pl.terms[pl.termLo[s]:pl.termLo[s+1]] {
		x := (*[2]float64)(unsafe.Add(m, t.k*2))
		q0 += t.p * x[0]
		q1 += t.p * x[1]
	}
	return
}

func BenchmarkZZLanes(b *testing.B) {
	fs, _ := family.For(rulesOf(b, validate.GameZehntausend, map[string]any{"beweisen": true}))
	tg := newTurnGraph(fs)
	pl := tg.plan
	ns := tg.ns
	levels := 200
	rows := (levels + tg.above) * ns
	rng := rand.New(rand.NewPCG(1, 2))
	v := make([]float64, rows*4)
	for i := range v {
		v[i] = rng.Float64()
	}
	m := make([]float64, pl.sets()*4)
	sink := 0.0
	for _, L := range []int{1, 2, 4} {
		b.Run(fmt.Sprint(L), func(b *testing.B) {
			for b.Loop() {
				for lv := levels - 1; lv >= 1; lv-- {
					row := lv * ns
					switch L {
					case 1:
						pl.best(v[row:], m)
						mb := unsafe.Pointer(unsafe.SliceData(m))
						for s := range ns {
							if int(tg.sameQ[s]) == s && !tg.fresh[s] {
								q := pl.throwOn(s, mb)
								v[row+s] = min(q, 1)
							}
						}
					case 2:
						pl.best2(v[row*2:], m)
						mb := unsafe.Pointer(unsafe.SliceData(m))
						for s := range ns {
							if int(tg.sameQ[s]) == s && !tg.fresh[s] {
								q0, q1 := pl.throwOn2(s, mb)
								v[(row+s)*2], v[(row+s)*2+1] = min(q0, 1), min(q1, 1)
							}
						}
					case 4:
						pl.best4(v[row*4:], m)
						mb := unsafe.Pointer(unsafe.SliceData(m))
						for s := range ns {
							if int(tg.sameQ[s]) == s && !tg.fresh[s] {
								q0, q1, q2, q3 := pl.throwOn4(s, mb)
								v[(row+s)*4], v[(row+s)*4+1], v[(row+s)*4+2], v[(row+s)*4+3] = min(q0, 1), min(q1, 1), min(q2, 1), min(q3, 1)
							}
						}
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(L)/float64(levels), "ns/lane-level")
		})
	}
	_ = sink
}
