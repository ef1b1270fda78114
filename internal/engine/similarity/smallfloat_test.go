package similarity

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestIntToByte4Annotated pins the norm byte of lengths around each
// boundary of the encoding.
func TestIntToByte4Annotated(t *testing.T) {
	tests := []struct {
		length int32
		norm   byte
		decode int32 // Byte4ToInt(norm): the length BM25 sees
	}{
		{0, 0, 0},
		{1, 1, 1},    // also the norm of fields without norms
		{23, 23, 23}, // 0..23 are stored as they are
		{24, 24, 24}, // 24 + LongToInt4(0)
		{31, 31, 31}, // 24 + LongToInt4(7): still subnormal, exact
		{32, 32, 32}, // 24 + LongToInt4(8) = 24 + 0b1_000 (shift 0)
		{39, 39, 39}, // 24 + LongToInt4(15): the last exact length
		{40, 40, 40}, // 24 + LongToInt4(16) = 24 + 0b10_000 (shift 1, mantissa 0)
		{41, 40, 40}, // 17 loses its low bit: rounded down to 40
		{42, 41, 42},
		{60, 49, 60},                         // 36 = 0b100100 → shift 2, mantissa 0b001 → 0b11_001 = 25
		{61, 49, 60},                         // 37 → same byte: lengths 60..63 share norm 49
		{4321, 104, 4120},                    // 4297 = 0b1_000_011001001: shift 9, mantissa 0b000 → 24 + (9+1)<<3; lengths 4120..4631 share it
		{math.MaxInt32, 255, 24 + 15<<27},    // 2147483623 → shift 27, mantissa 0b111 → 28<<3|7 = 231
		{24 + 15<<27, 255, 24 + 15<<27},      // the smallest length with byte 255
		{24 + 15<<27 - 1, 254, 24 + 14<<27},  // one less: byte 254
		{24 + 1<<30, 24 + 28<<3, 24 + 1<<30}, // a power of two is exact: shift 27, mantissa 0
		{24 + 1<<30 - 1, 24 + (27<<3 | 7), 24 + 15<<26}, // just below it: 0b1111…1 keeps 4 ones
	}
	for _, tt := range tests {
		if got := IntToByte4(tt.length); got != tt.norm {
			t.Errorf("IntToByte4(%d) = %d, want %d", tt.length, got, tt.norm)
		}
		if got := Byte4ToInt(tt.norm); got != tt.decode {
			t.Errorf("Byte4ToInt(%d) = %d, want %d", tt.norm, got, tt.decode)
		}
	}
}

// TestSmallFloatProperties: decoding inverts encoding on every byte, the
// encoding preserves order and never rounds up.
func TestSmallFloatProperties(t *testing.T) {
	for b := range 256 {
		if got := IntToByte4(Byte4ToInt(byte(b))); got != byte(b) {
			t.Errorf("IntToByte4(Byte4ToInt(%d)) = %d", b, got)
		}
		if b > 0 && Byte4ToInt(byte(b)) <= Byte4ToInt(byte(b-1)) {
			t.Errorf("Byte4ToInt not increasing at %d", b)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	prev, prevNorm := int32(0), IntToByte4(0)
	for range 100000 {
		l := prev + r.Int32N(1<<(r.IntN(24)+1))
		if l < prev { // overflow
			break
		}
		n := IntToByte4(l)
		if n < prevNorm {
			t.Fatalf("IntToByte4(%d) = %d < IntToByte4(%d) = %d", l, n, prev, prevNorm)
		}
		if d := Byte4ToInt(n); d > l || (n < 255 && Byte4ToInt(n+1) <= l) {
			t.Fatalf("length %d: byte %d decodes to %d, not the largest length ≤ it", l, n, d)
		}
		prev, prevNorm = l, n
	}
	for i := range int64(64) {
		for _, v := range []int64{i, 1<<(i%63) - 1, 1 << (i % 63)} {
			if v < 0 {
				continue
			}
			if d := Int4ToLong(LongToInt4(v)); d > v {
				t.Errorf("Int4ToLong(LongToInt4(%d)) = %d > value", v, d)
			}
		}
	}
}

func TestSmallFloatPanicsOnNegative(t *testing.T) {
	for name, f := range map[string]func(){
		"IntToByte4": func() { IntToByte4(-1) },
		"LongToInt4": func() { LongToInt4(-1) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s(-1) did not panic", name)
				}
			}()
			f()
		}()
	}
}
