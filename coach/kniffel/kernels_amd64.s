//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// A vec is eight float64 (64 bytes), held in four XMM registers.
#define LOADVEC(ptr, a, b, c, d) \
	MOVUPD 0(ptr), a; MOVUPD 16(ptr), b; MOVUPD 32(ptr), c; MOVUPD 48(ptr), d

#define STOREVEC(ptr, a, b, c, d) \
	MOVUPD a, 0(ptr); MOVUPD b, 16(ptr); MOVUPD c, 32(ptr); MOVUPD d, 48(ptr)

// ADDCHILD adds buf[child[k]] (k at byte offset off of the row in AX).
#define ADDCHILD(off) \
	MOVWQSX off(AX), R8; SHLQ $6, R8; ADDQ DI, R8; \
	MOVUPD 0(R8), X4; ADDPD X4, X0; \
	MOVUPD 16(R8), X5; ADDPD X5, X1; \
	MOVUPD 32(R8), X6; ADDPD X6, X2; \
	MOVUPD 48(R8), X7; ADDPD X7, X3

// func averageDownSSE2(b *[numHolds]vec, ch *[firstRoll][6]int16)
TEXT ·averageDownSSE2(SB), NOSPLIT, $0-16
	MOVQ b+0(FP), DI
	MOVQ ch+8(FP), SI
	MOVQ $0x3FC5555555555555, AX // 1/6
	MOVQ AX, X8
	UNPCKLPD X8, X8
	MOVQ $(const_firstRoll-1), CX
avgloop:
	LEAQ (CX)(CX*2), AX
	SHLQ $2, AX
	ADDQ SI, AX // AX = &ch[h]
	MOVWQSX 0(AX), R8
	SHLQ $6, R8
	ADDQ DI, R8
	LOADVEC(R8, X0, X1, X2, X3)
	ADDCHILD(2)
	ADDCHILD(4)
	ADDCHILD(6)
	ADDCHILD(8)
	ADDCHILD(10)
	MULPD X8, X0
	MULPD X8, X1
	MULPD X8, X2
	MULPD X8, X3
	MOVQ CX, R9
	SHLQ $6, R9
	ADDQ DI, R9
	STOREVEC(R9, X0, X1, X2, X3)
	DECQ CX
	JGE avgloop
	RET

// func bestHoldsSSE2(b *[numHolds]vec, start *[numHolds + 1]int16, first *int16)
TEXT ·bestHoldsSSE2(SB), NOSPLIT, $0-24
	MOVQ b+0(FP), DI
	MOVQ start+8(FP), SI
	MOVQ first+16(FP), DX
	MOVQ $1, CX
holdloop:
	MOVQ CX, R9
	SHLQ $6, R9
	ADDQ DI, R9
	LOADVEC(R9, X0, X1, X2, X3)
	MOVWQSX (SI)(CX*2), R10
	MOVWQSX 2(SI)(CX*2), R11
edgeloop:
	MOVWQSX (DX)(R10*2), R8
	SHLQ $6, R8
	ADDQ DI, R8
	MOVUPD 0(R8), X4
	MAXPD X4, X0
	MOVUPD 16(R8), X5
	MAXPD X5, X1
	MOVUPD 32(R8), X6
	MAXPD X6, X2
	MOVUPD 48(R8), X7
	MAXPD X7, X3
	INCQ R10
	CMPQ R10, R11
	JLT edgeloop
	STOREVEC(R9, X0, X1, X2, X3)
	INCQ CX
	CMPQ CX, $const_numHolds
	JLT holdloop
	RET

// func bestBoxesSSE2(out *[numRolls]vec, boxv *[numBoxVecs]vec, start *[numRolls + 1]int32, first *boxOp)
// out[r] = max over the ops of throw r of boxv[op] + op.add (at least 0).
TEXT ·bestBoxesSSE2(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ boxv+8(FP), BX
	MOVQ start+16(FP), SI
	MOVQ first+24(FP), DX
	XORQ CX, CX
rollloop:
	XORPD X0, X0
	XORPD X1, X1
	XORPD X2, X2
	XORPD X3, X3
	MOVLQSX (SI)(CX*4), R10
	MOVLQSX 4(SI)(CX*4), R11
	CMPQ R10, R11
	JGE rolldone
	// an op is 24 bytes: add [2]float64, off int64
	LEAQ (R10)(R10*2), R12
	SHLQ $3, R12
	ADDQ DX, R12
opsloop:
	MOVUPD 0(R12), X8
	MOVQ 16(R12), R8
	ADDQ BX, R8
	MOVUPD 0(R8), X4
	ADDPD X8, X4
	MAXPD X4, X0
	MOVUPD 16(R8), X5
	ADDPD X8, X5
	MAXPD X5, X1
	MOVUPD 32(R8), X6
	ADDPD X8, X6
	MAXPD X6, X2
	MOVUPD 48(R8), X7
	ADDPD X8, X7
	MAXPD X7, X3
	ADDQ $24, R12
	INCQ R10
	CMPQ R10, R11
	JLT opsloop
rolldone:
	MOVQ CX, R9
	SHLQ $6, R9
	ADDQ DI, R9
	STOREVEC(R9, X0, X1, X2, X3)
	INCQ CX
	CMPQ CX, $const_numRolls
	JLT rollloop
	RET

// The same three loops with AVX (four lanes per instruction), for the
// processors that have it (hasAVX).

DATA sixth<>+0(SB)/8, $0x3FC5555555555555 // 1/6
GLOBL sixth<>(SB), RODATA|NOPTR, $8

// func averageDownAVX(b *[numHolds]vec, ch *[firstRoll][6]int16)
TEXT ·averageDownAVX(SB), NOSPLIT, $0-16
	MOVQ b+0(FP), DI
	MOVQ ch+8(FP), SI
	VBROADCASTSD sixth<>(SB), Y8
	MOVQ $(const_firstRoll-1), CX
avxavgloop:
	LEAQ (CX)(CX*2), AX
	SHLQ $2, AX
	ADDQ SI, AX // AX = &ch[h]
	MOVWQSX 0(AX), R8
	SHLQ $6, R8
	ADDQ DI, R8
	VMOVUPD 0(R8), Y0
	VMOVUPD 32(R8), Y1
	MOVWQSX 2(AX), R8
	SHLQ $6, R8
	ADDQ DI, R8
	VADDPD 0(R8), Y0, Y0
	VADDPD 32(R8), Y1, Y1
	MOVWQSX 4(AX), R8
	SHLQ $6, R8
	ADDQ DI, R8
	VADDPD 0(R8), Y0, Y0
	VADDPD 32(R8), Y1, Y1
	MOVWQSX 6(AX), R8
	SHLQ $6, R8
	ADDQ DI, R8
	VADDPD 0(R8), Y0, Y0
	VADDPD 32(R8), Y1, Y1
	MOVWQSX 8(AX), R8
	SHLQ $6, R8
	ADDQ DI, R8
	VADDPD 0(R8), Y0, Y0
	VADDPD 32(R8), Y1, Y1
	MOVWQSX 10(AX), R8
	SHLQ $6, R8
	ADDQ DI, R8
	VADDPD 0(R8), Y0, Y0
	VADDPD 32(R8), Y1, Y1
	VMULPD Y8, Y0, Y0
	VMULPD Y8, Y1, Y1
	MOVQ CX, R9
	SHLQ $6, R9
	ADDQ DI, R9
	VMOVUPD Y0, 0(R9)
	VMOVUPD Y1, 32(R9)
	DECQ CX
	JGE avxavgloop
	VZEROUPPER
	RET

// func bestHoldsAVX(b *[numHolds]vec, start *[numHolds + 1]int16, first *int16)
TEXT ·bestHoldsAVX(SB), NOSPLIT, $0-24
	MOVQ b+0(FP), DI
	MOVQ start+8(FP), SI
	MOVQ first+16(FP), DX
	MOVQ $1, CX
avxholdloop:
	MOVQ CX, R9
	SHLQ $6, R9
	ADDQ DI, R9
	VMOVUPD 0(R9), Y0
	VMOVUPD 32(R9), Y1
	MOVWQSX (SI)(CX*2), R10
	MOVWQSX 2(SI)(CX*2), R11
avxedgeloop:
	MOVWQSX (DX)(R10*2), R8
	SHLQ $6, R8
	ADDQ DI, R8
	VMAXPD 0(R8), Y0, Y0
	VMAXPD 32(R8), Y1, Y1
	INCQ R10
	CMPQ R10, R11
	JLT avxedgeloop
	VMOVUPD Y0, 0(R9)
	VMOVUPD Y1, 32(R9)
	INCQ CX
	CMPQ CX, $const_numHolds
	JLT avxholdloop
	VZEROUPPER
	RET

// func bestBoxesAVX(out *[numRolls]vec, boxv *[numBoxVecs]vec, start *[numRolls + 1]int32, first *boxOp)
TEXT ·bestBoxesAVX(SB), NOSPLIT, $0-32
	MOVQ out+0(FP), DI
	MOVQ boxv+8(FP), BX
	MOVQ start+16(FP), SI
	MOVQ first+24(FP), DX
	XORQ CX, CX
avxrollloop:
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	MOVLQSX (SI)(CX*4), R10
	MOVLQSX 4(SI)(CX*4), R11
	CMPQ R10, R11
	JGE avxrolldone
	LEAQ (R10)(R10*2), R12
	SHLQ $3, R12
	ADDQ DX, R12
avxopsloop:
	VBROADCASTSD 0(R12), Y8
	MOVQ 16(R12), R8
	ADDQ BX, R8
	VADDPD 0(R8), Y8, Y4
	VMAXPD Y4, Y0, Y0
	VADDPD 32(R8), Y8, Y5
	VMAXPD Y5, Y1, Y1
	ADDQ $24, R12
	INCQ R10
	CMPQ R10, R11
	JLT avxopsloop
avxrolldone:
	MOVQ CX, R9
	SHLQ $6, R9
	ADDQ DI, R9
	VMOVUPD Y0, 0(R9)
	VMOVUPD Y1, 32(R9)
	INCQ CX
	CMPQ CX, $const_numRolls
	JLT avxrollloop
	VZEROUPPER
	RET
