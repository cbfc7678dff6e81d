//go:build amd64 && !purego

package win

import "golang.org/x/sys/cpu"

// bestLanes and throwOnLanes in assembly with AVX: four lanes in one
// register, the same bits as the portable Go (TestLanesAreOne), also with
// GOAMD64=v3: the portable sums round each product (float64(p*x)), so the
// compiler cannot fuse them into multiply-adds.

//go:noescape
func bestLanesAVX(x, m *float64, first, more []setOp)

//go:noescape
func throwOnLanesAVX(m *float64, terms []term, out *[lanes]float64)

//go:noescape
func throwOnPairAVX(m *float64, ta, tb []term, outa, outb *[lanes]float64)

//go:noescape
func pairSumsAVX(v *float64, m *setKeep, ta, tb []term, qa, qb *[4]float64)

// pairKernels are pairSums' kernels besides the portable one (tests).
var pairKernels []pairKernel

// laneKernels are the kernels besides the portable ones (tests).
var laneKernels []laneKernel

func init() {
	// AVX where the processor has it and the system saves its registers
	// (x/sys/cpu checks OSXSAVE and XCR0).
	if cpu.X86.HasAVX {
		laneKernels = append(laneKernels, laneKernel{"avx", bestLanesAVX, throwOnLanesAVX, throwOnPairAVX})
		bestLanes, throwOnLanes, throwOnPair = bestLanesAVX, throwOnLanesAVX, throwOnPairAVX
		pairKernels = append(pairKernels, pairKernel{"avx", pairSumsAVX})
		pairSums = pairSumsAVX
	}
}
