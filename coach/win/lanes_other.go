//go:build !amd64 || purego

package win

// laneKernels are the kernels besides the portable ones (tests): none here.
var laneKernels []laneKernel

// pairKernels are pairSums' kernels besides the portable one (tests):
// none here.
var pairKernels []pairKernel
