//go:build !amd64 || purego || amd64.v3

package win

// laneKernels are the kernels besides the portable ones (tests): none here.
var laneKernels []laneKernel

// pairKernels are pairSums' kernels besides the portable one (tests):
// none here.
var pairKernels []pairKernel
