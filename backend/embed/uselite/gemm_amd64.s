//go:build !purego

#include "textflag.h"

// func kernel6x16(k int, a *float32, lda int, b *float32, c *float32, ldc int, bias *float32, acc bool)
//
// c[6][16] (row stride ldc) = (acc ? c : 0) + a[6][k] (row stride lda) ·
// b[k][16], b packed 16 floats per k step, then + bias[0:16] on every row
// unless bias is nil. Each output element sums its k products in order with
// one rounding per fused multiply-add; c and bias are added after, in that
// order, as a separate BiasAdd after the last k block would.
TEXT ·kernel6x16(SB), NOSPLIT, $0-57
	MOVQ k+0(FP), CX
	MOVQ a+8(FP), R8
	MOVQ lda+16(FP), R9
	MOVQ b+24(FP), BX
	MOVQ c+32(FP), DI
	MOVQ ldc+40(FP), R11
	SHLQ $2, R9
	SHLQ $2, R11
	LEAQ (R8)(R9*2), R10
	ADDQ R9, R10 // R10 = row 3

	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7
	VXORPS Y8, Y8, Y8
	VXORPS Y9, Y9, Y9
	VXORPS Y10, Y10, Y10
	VXORPS Y11, Y11, Y11
	VXORPS Y12, Y12, Y12
	VXORPS Y13, Y13, Y13
	VXORPS Y14, Y14, Y14
	VXORPS Y15, Y15, Y15

	TESTQ CX, CX
	JZ    store

loop:
	VMOVUPS      (BX), Y0
	VMOVUPS      32(BX), Y1
	VBROADCASTSS (R8), Y2
	VFMADD231PS  Y0, Y2, Y4
	VFMADD231PS  Y1, Y2, Y5
	VBROADCASTSS (R8)(R9*1), Y3
	VFMADD231PS  Y0, Y3, Y6
	VFMADD231PS  Y1, Y3, Y7
	VBROADCASTSS (R8)(R9*2), Y2
	VFMADD231PS  Y0, Y2, Y8
	VFMADD231PS  Y1, Y2, Y9
	VBROADCASTSS (R10), Y3
	VFMADD231PS  Y0, Y3, Y10
	VFMADD231PS  Y1, Y3, Y11
	VBROADCASTSS (R10)(R9*1), Y2
	VFMADD231PS  Y0, Y2, Y12
	VFMADD231PS  Y1, Y2, Y13
	VBROADCASTSS (R10)(R9*2), Y3
	VFMADD231PS  Y0, Y3, Y14
	VFMADD231PS  Y1, Y3, Y15
	ADDQ         $4, R8
	ADDQ         $4, R10
	ADDQ         $64, BX
	DECQ         CX
	JNZ          loop

store:
	MOVBLZX acc+56(FP), AX
	TESTQ   AX, AX
	JZ      bias
	VADDPS  (DI), Y4, Y4
	VADDPS  32(DI), Y5, Y5
	LEAQ    (DI)(R11*1), DX
	VADDPS  (DX), Y6, Y6
	VADDPS  32(DX), Y7, Y7
	ADDQ    R11, DX
	VADDPS  (DX), Y8, Y8
	VADDPS  32(DX), Y9, Y9
	ADDQ    R11, DX
	VADDPS  (DX), Y10, Y10
	VADDPS  32(DX), Y11, Y11
	ADDQ    R11, DX
	VADDPS  (DX), Y12, Y12
	VADDPS  32(DX), Y13, Y13
	ADDQ    R11, DX
	VADDPS  (DX), Y14, Y14
	VADDPS  32(DX), Y15, Y15

bias:
	MOVQ    bias+48(FP), AX
	TESTQ   AX, AX
	JZ      write
	VMOVUPS (AX), Y0
	VMOVUPS 32(AX), Y1
	VADDPS  Y0, Y4, Y4
	VADDPS  Y1, Y5, Y5
	VADDPS  Y0, Y6, Y6
	VADDPS  Y1, Y7, Y7
	VADDPS  Y0, Y8, Y8
	VADDPS  Y1, Y9, Y9
	VADDPS  Y0, Y10, Y10
	VADDPS  Y1, Y11, Y11
	VADDPS  Y0, Y12, Y12
	VADDPS  Y1, Y13, Y13
	VADDPS  Y0, Y14, Y14
	VADDPS  Y1, Y15, Y15

write:
	VMOVUPS Y4, (DI)
	VMOVUPS Y5, 32(DI)
	ADDQ    R11, DI
	VMOVUPS Y6, (DI)
	VMOVUPS Y7, 32(DI)
	ADDQ    R11, DI
	VMOVUPS Y8, (DI)
	VMOVUPS Y9, 32(DI)
	ADDQ    R11, DI
	VMOVUPS Y10, (DI)
	VMOVUPS Y11, 32(DI)
	ADDQ    R11, DI
	VMOVUPS Y12, (DI)
	VMOVUPS Y13, 32(DI)
	ADDQ    R11, DI
	VMOVUPS Y14, (DI)
	VMOVUPS Y15, 32(DI)
	VZEROUPPER
	RET

// func sparse64(nnz int, vals *float32, offs *int, b *float32, c *float32)
//
// c[0:64] = Σ_t vals[t]·b[offs[t]/4 : offs[t]/4+64] in t order, one fused
// multiply-add per term: a row of a sparse a times b, 64 columns at a time.
TEXT ·sparse64(SB), NOSPLIT, $0-40
	MOVQ nnz+0(FP), CX
	MOVQ vals+8(FP), SI
	MOVQ offs+16(FP), DX
	MOVQ b+24(FP), BX
	MOVQ c+32(FP), DI

	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7

	TESTQ CX, CX
	JZ    sstore

sloop:
	MOVQ         (DX), AX
	ADDQ         BX, AX
	VBROADCASTSS (SI), Y8
	VFMADD231PS  (AX), Y8, Y0
	VFMADD231PS  32(AX), Y8, Y1
	VFMADD231PS  64(AX), Y8, Y2
	VFMADD231PS  96(AX), Y8, Y3
	VFMADD231PS  128(AX), Y8, Y4
	VFMADD231PS  160(AX), Y8, Y5
	VFMADD231PS  192(AX), Y8, Y6
	VFMADD231PS  224(AX), Y8, Y7
	ADDQ         $4, SI
	ADDQ         $8, DX
	DECQ         CX
	JNZ          sloop

sstore:
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	VMOVUPS Y4, 128(DI)
	VMOVUPS Y5, 160(DI)
	VMOVUPS Y6, 192(DI)
	VMOVUPS Y7, 224(DI)
	VZEROUPPER
	RET

// func kernel6x32(k int, a *float32, lda int, b *float32, bstride int, c *float32, ldc int, bias *float32, acc bool)
//
// kernel6x16 for two adjacent 16-column panels at once with AVX-512: the
// second panel starts bstride floats after the first. Same per-element
// order and rounding as kernel6x16.
TEXT ·kernel6x32(SB), NOSPLIT, $0-65
	MOVQ k+0(FP), CX
	MOVQ a+8(FP), R8
	MOVQ lda+16(FP), R9
	MOVQ b+24(FP), BX
	MOVQ bstride+32(FP), R12
	MOVQ c+40(FP), DI
	MOVQ ldc+48(FP), R11
	SHLQ $2, R9
	SHLQ $2, R11
	SHLQ $2, R12
	LEAQ (R8)(R9*2), R10
	ADDQ R9, R10 // R10 = row 3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	VPXORD Z10, Z10, Z10
	VPXORD Z11, Z11, Z11
	VPXORD Z12, Z12, Z12
	VPXORD Z13, Z13, Z13
	VPXORD Z14, Z14, Z14
	VPXORD Z15, Z15, Z15

	TESTQ CX, CX
	JZ    zstore

zloop:
	VMOVUPS (BX), Z0
	VMOVUPS (BX)(R12*1), Z1
	VBROADCASTSS (R8), Z2
	VFMADD231PS  Z0, Z2, Z4
	VFMADD231PS  Z1, Z2, Z5
	VBROADCASTSS (R8)(R9*1), Z3
	VFMADD231PS  Z0, Z3, Z6
	VFMADD231PS  Z1, Z3, Z7
	VBROADCASTSS (R8)(R9*2), Z2
	VFMADD231PS  Z0, Z2, Z8
	VFMADD231PS  Z1, Z2, Z9
	VBROADCASTSS (R10), Z3
	VFMADD231PS  Z0, Z3, Z10
	VFMADD231PS  Z1, Z3, Z11
	VBROADCASTSS (R10)(R9*1), Z2
	VFMADD231PS  Z0, Z2, Z12
	VFMADD231PS  Z1, Z2, Z13
	VBROADCASTSS (R10)(R9*2), Z3
	VFMADD231PS  Z0, Z3, Z14
	VFMADD231PS  Z1, Z3, Z15
	ADDQ $4, R8
	ADDQ $4, R10
	ADDQ $64, BX
	DECQ CX
	JNZ  zloop

zstore:
	MOVBLZX acc+64(FP), AX
	TESTQ   AX, AX
	JZ      zbias
	MOVQ    DI, DX
	VADDPS (DX), Z4, Z4
	VADDPS 64(DX), Z5, Z5
	ADDQ   R11, DX
	VADDPS (DX), Z6, Z6
	VADDPS 64(DX), Z7, Z7
	ADDQ   R11, DX
	VADDPS (DX), Z8, Z8
	VADDPS 64(DX), Z9, Z9
	ADDQ   R11, DX
	VADDPS (DX), Z10, Z10
	VADDPS 64(DX), Z11, Z11
	ADDQ   R11, DX
	VADDPS (DX), Z12, Z12
	VADDPS 64(DX), Z13, Z13
	ADDQ   R11, DX
	VADDPS (DX), Z14, Z14
	VADDPS 64(DX), Z15, Z15

zbias:
	MOVQ    bias+56(FP), AX
	TESTQ   AX, AX
	JZ      zwrite
	VMOVUPS (AX), Z0
	VMOVUPS 64(AX), Z1
	VADDPS  Z0, Z4, Z4
	VADDPS  Z1, Z5, Z5
	VADDPS  Z0, Z6, Z6
	VADDPS  Z1, Z7, Z7
	VADDPS  Z0, Z8, Z8
	VADDPS  Z1, Z9, Z9
	VADDPS  Z0, Z10, Z10
	VADDPS  Z1, Z11, Z11
	VADDPS  Z0, Z12, Z12
	VADDPS  Z1, Z13, Z13
	VADDPS  Z0, Z14, Z14
	VADDPS  Z1, Z15, Z15

zwrite:
	VMOVUPS Z4, (DI)
	VMOVUPS Z5, 64(DI)
	ADDQ    R11, DI
	VMOVUPS Z6, (DI)
	VMOVUPS Z7, 64(DI)
	ADDQ    R11, DI
	VMOVUPS Z8, (DI)
	VMOVUPS Z9, 64(DI)
	ADDQ    R11, DI
	VMOVUPS Z10, (DI)
	VMOVUPS Z11, 64(DI)
	ADDQ    R11, DI
	VMOVUPS Z12, (DI)
	VMOVUPS Z13, 64(DI)
	ADDQ    R11, DI
	VMOVUPS Z14, (DI)
	VMOVUPS Z15, 64(DI)
	VZEROUPPER
	RET
