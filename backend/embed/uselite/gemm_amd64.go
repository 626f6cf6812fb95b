//go:build !purego

package uselite

import "golang.org/x/sys/cpu"

// haveFMA tells whether the AVX2/FMA micro-kernel can run here; without it
// products go through gonum, whose kernels use SSE only.
var haveFMA = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// kernel6x16 is in gemm_amd64.s.
//
//go:noescape
func kernel6x16(k int, a *float32, lda int, b *float32, c *float32, ldc int, bias *float32, acc bool)

// sparse64 is in gemm_amd64.s.
//
//go:noescape
func sparse64(nnz int, vals *float32, offs *int, b *float32, c *float32)

// have512 tells whether kernel6x32 (AVX-512F) can run here.
var have512 = haveFMA && cpu.X86.HasAVX512F

// kernel6x32 is in gemm_amd64.s.
//
//go:noescape
func kernel6x32(k int, a *float32, lda int, b *float32, bstride int, c *float32, ldc int, bias *float32, acc bool)
