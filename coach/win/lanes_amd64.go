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

// laneKernels are the kernels besides the portable ones (tests).
var laneKernels []laneKernel

func init() {
	// AVX where the processor has it and the system saves its registers
	// (x/sys/cpu checks OSXSAVE and XCR0).
	if cpu.X86.HasAVX {
		laneKernels = append(laneKernels, laneKernel{"avx", bestLanesAVX, throwOnLanesAVX})
		bestLanes, throwOnLanes = bestLanesAVX, throwOnLanesAVX
	}
}
