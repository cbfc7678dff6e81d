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

// func pairSumsAVX(v *float64, m *setKeep, ta, tb []term, qa, qb *[4]float64)
// A term's keep: its set's setKeep at m + 2·k, the keep's offset the low
// 32 bits of lo (at 8), four values at v + 32·offset.
TEXT ·pairSumsAVX(SB), NOSPLIT, $0-80
	MOVQ v+0(FP), SI
	MOVQ m+8(FP), DI
	MOVQ ta_base+16(FP), R8
	MOVQ ta_len+24(FP), R9
	MOVQ tb_base+40(FP), R10
	MOVQ tb_len+48(FP), R11
	VXORPD Y0, Y0, Y0 // qa
	VXORPD Y2, Y2, Y2 // qb
	MOVQ R9, CX
	CMPQ R11, CX
	CMOVQLT R11, CX // both: min(len(ta), len(tb))
	SUBQ CX, R9
	SUBQ CX, R11
	TESTQ CX, CX
	JEQ tails
pairloop:
	MOVLQSX 8(R8), AX
	MOVL 8(DI)(AX*2), AX
	SHLQ $5, AX
	VBROADCASTSD 0(R8), Y1
	VMULPD (SI)(AX*1), Y1, Y1 // p·x, rounded
	VADDPD Y1, Y0, Y0         // then added, rounded: as q += p*x
	MOVLQSX 8(R10), BX
	MOVL 8(DI)(BX*2), BX
	SHLQ $5, BX
	VBROADCASTSD 0(R10), Y3
	VMULPD (SI)(BX*1), Y3, Y3
	VADDPD Y3, Y2, Y2
	ADDQ $16, R8
	ADDQ $16, R10
	DECQ CX
	JNE pairloop
tails:
	TESTQ R9, R9
	JEQ tailb
tailaloop:
	MOVLQSX 8(R8), AX
	MOVL 8(DI)(AX*2), AX
	SHLQ $5, AX
	VBROADCASTSD 0(R8), Y1
	VMULPD (SI)(AX*1), Y1, Y1
	VADDPD Y1, Y0, Y0
	ADDQ $16, R8
	DECQ R9
	JNE tailaloop
tailb:
	TESTQ R11, R11
	JEQ store
tailbloop:
	MOVLQSX 8(R10), BX
	MOVL 8(DI)(BX*2), BX
	SHLQ $5, BX
	VBROADCASTSD 0(R10), Y3
	VMULPD (SI)(BX*1), Y3, Y3
	VADDPD Y3, Y2, Y2
	ADDQ $16, R10
	DECQ R11
	JNE tailbloop
store:
	MOVQ qa+64(FP), DX
	VMOVUPD Y0, (DX)
	MOVQ qb+72(FP), DX
	VMOVUPD Y2, (DX)
	VZEROUPPER
	RET

// func throwOnPairAVX(m *float64, ta, tb []term, outa, outb *[lanes]float64)
// throwOnLanesAVX of ta into outa and of tb into outb, side by side.
TEXT ·throwOnPairAVX(SB), NOSPLIT, $0-72
	MOVQ m+0(FP), DI
	MOVQ ta_base+8(FP), R8
	MOVQ ta_len+16(FP), R9
	MOVQ tb_base+32(FP), R10
	MOVQ tb_len+40(FP), R11
	VXORPD Y0, Y0, Y0 // outa
	VXORPD Y2, Y2, Y2 // outb
	MOVQ R9, CX
	CMPQ R11, CX
	CMOVQLT R11, CX // both: min(len(ta), len(tb))
	SUBQ CX, R9
	SUBQ CX, R11
	TESTQ CX, CX
	JEQ ptails
ploop:
	VBROADCASTSD 0(R8), Y1
	MOVLQSX 8(R8), AX
	VMULPD (DI)(AX*1), Y1, Y1 // p·m, rounded
	VADDPD Y1, Y0, Y0         // then added, rounded: as q += p*m
	VBROADCASTSD 0(R10), Y3
	MOVLQSX 8(R10), BX
	VMULPD (DI)(BX*1), Y3, Y3
	VADDPD Y3, Y2, Y2
	ADDQ $16, R8
	ADDQ $16, R10
	DECQ CX
	JNE ploop
ptails:
	TESTQ R9, R9
	JEQ ptailb
ptaloop:
	VBROADCASTSD 0(R8), Y1
	MOVLQSX 8(R8), AX
	VMULPD (DI)(AX*1), Y1, Y1
	VADDPD Y1, Y0, Y0
	ADDQ $16, R8
	DECQ R9
	JNE ptaloop
ptailb:
	TESTQ R11, R11
	JEQ pstore
ptbloop:
	VBROADCASTSD 0(R10), Y3
	MOVLQSX 8(R10), BX
	VMULPD (DI)(BX*1), Y3, Y3
	VADDPD Y3, Y2, Y2
	ADDQ $16, R10
	DECQ R11
	JNE ptbloop
pstore:
	MOVQ outa+56(FP), DX
	VMOVUPD Y0, (DX)
	MOVQ outb+64(FP), DX
	VMOVUPD Y2, (DX)
	VZEROUPPER
	RET
