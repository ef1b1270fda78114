package similarity

import (
	"fmt"
	"math/bits"
)

// LongToInt4 encodes a non-negative integer into a float-like int that keeps
// its 4 most significant bits and preserves order (Lucene's
// SmallFloat.longToInt4). Values below 8 are stored as they are
// ("subnormal"); above, the low 3 bits hold the 3 bits after the leading 1
// and the bits above them the shift plus one. Truncation, not rounding: the
// decoded value never exceeds the original.
//
// It panics on a negative value, as Lucene throws.
func LongToInt4(i int64) int32 {
	if i < 0 {
		panic(fmt.Sprintf("similarity: LongToInt4 supports only non-negative values, got %d", i))
	}
	numBits := 64 - bits.LeadingZeros64(uint64(i))
	if numBits < 4 {
		return int32(i) // subnormal
	}
	shift := numBits - 4
	encoded := int32(uint64(i)>>uint(shift)) & 0x07 // drop the implicit leading 1
	return encoded | int32(shift+1)<<3              // 0 is reserved for subnormals
}

// Int4ToLong decodes a value encoded by LongToInt4: the smallest integer
// with that encoding.
func Int4ToLong(i int32) int64 {
	mantissa := int64(i & 0x07)
	shift := int(uint32(i)>>3) - 1
	if shift == -1 {
		return mantissa // subnormal
	}
	return (mantissa | 0x08) << uint(shift)
}

// numFreeValues is how many byte values IntToByte4 spends on exact small
// integers: 255 − LongToInt4(MaxInt32) = 255 − 231 = 24.
const numFreeValues = 24

// IntToByte4 encodes a field length (number of tokens) into the one-byte
// norm Lucene stores per document and field (SmallFloat.intToByte4, used by
// Similarity.computeNorm). Lengths 0..23 are exact; larger ones keep 4
// significant bits, rounded down, so byte order is length order.
//
// It panics on a negative length, as Lucene throws.
func IntToByte4(i int32) byte {
	if i < 0 {
		panic(fmt.Sprintf("similarity: IntToByte4 supports only non-negative values, got %d", i))
	}
	if i < numFreeValues {
		return byte(i)
	}
	return byte(numFreeValues + LongToInt4(int64(i-numFreeValues)))
}

// Byte4ToInt decodes a norm byte into the field length BM25 uses: the
// smallest length with that encoding (SmallFloat.byte4ToInt).
func Byte4ToInt(b byte) int32 {
	if b < numFreeValues {
		return int32(b)
	}
	return numFreeValues + int32(Int4ToLong(int32(b)-numFreeValues))
}

// lengthTable is Lucene's BM25Similarity.LENGTH_TABLE: the decoded length
// of every norm byte, as a float (exact: the lengths have 4 significant
// bits).
var lengthTable = func() (t [256]float32) {
	for i := range t {
		t[i] = float32(Byte4ToInt(byte(i)))
	}
	return t
}()

// NormLength returns the field length a norm byte stands for, as the float
// BM25 computes with.
func NormLength(norm byte) float32 { return lengthTable[norm] }
