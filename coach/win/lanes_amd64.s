//go:build amd64 && !purego

#include "textflag.h"

// A setOp is k, p, off (int32, bytes into m, m and x); a term is p
// (float64) and k (int32 at 8, bytes into m), 16 bytes. A lane group of
// four float64 is one Y register.

// func bestLanesAVX(x, m *float64, first, more []setOp)
TEXT ·bestLanesAVX(SB), NOSPLIT, $0-64
	MOVQ x+0(FP), SI
	MOVQ m+8(FP), DI
	MOVQ first_base+16(FP), R8
	MOVQ first_len+24(FP), R9
	TESTQ R9, R9
	JEQ more
firstloop:
	MOVLQSX 0(R8), AX
	MOVLQSX 8(R8), BX
	VMOVUPD (SI)(BX*1), Y0
	VMOVUPD Y0, (DI)(AX*1)
	ADDQ $12, R8
	DECQ R9
	JNE firstloop
more:
	MOVQ more_base+40(FP), R8
	MOVQ more_len+48(FP), R9
	TESTQ R9, R9
	JEQ done
moreloop:
	MOVLQSX 0(R8), AX
	MOVLQSX 4(R8), CX
	MOVLQSX 8(R8), BX
	VMOVUPD (DI)(CX*1), Y0
	VMAXPD (SI)(BX*1), Y0, Y0 // chances: no NaN, no −0, the larger bits
	VMOVUPD Y0, (DI)(AX*1)
	ADDQ $12, R8
	DECQ R9
	JNE moreloop
done:
	VZEROUPPER
	RET

// func throwOnLanesAVX(m *float64, terms []term, out *[lanes]float64)
TEXT ·throwOnLanesAVX(SB), NOSPLIT, $0-40
	MOVQ m+0(FP), DI
	MOVQ terms_base+8(FP), R8
	MOVQ terms_len+16(FP), R9
	MOVQ out+32(FP), DX
	VXORPD Y0, Y0, Y0
	TESTQ R9, R9
	JEQ store
termloop:
	VBROADCASTSD 0(R8), Y1
	MOVLQSX 8(R8), AX
	VMULPD (DI)(AX*1), Y1, Y1 // p·m, rounded
	VADDPD Y1, Y0, Y0         // then added, rounded: as q += p*m
	ADDQ $16, R8
	DECQ R9
	JNE termloop
store:
	VMOVUPD Y0, (DX)
	VZEROUPPER
	RET
