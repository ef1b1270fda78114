package postings

//go:generate go test -run TestGeneratedUnpack -update

import (
	"encoding/binary"
	"math/bits"
)

// BlockSize is the number of values in a packed block: documents in the
// docs stream, position deltas in the positions stream. 128 is Lucene's
// choice: large enough that one bit width per block costs little, small
// enough that Advance decodes little it does not need.
const BlockSize = 128

// maxBlockBits is the widest packed value: doc deltas, freqs and position
// deltas are all uint32.
const maxBlockBits = 32

// maxColumnBits bounds the widths of the skip columns. A column value is
// read with one unaligned 64-bit load shifted by at most 7 bits, so 56 bits
// is the most a load can always hold; no term comes near 2^56 bytes.
const maxColumnBits = 56

// packedLen is the byte length of one packed block of width w:
// 128 values × w bits = 16·w bytes, always a whole number of bytes.
func packedLen(w uint) int { return BlockSize / 8 * int(w) }

// bitsRequired is the width needed to hold v: 0 for 0.
func bitsRequired(v uint64) uint { return uint(bits.Len64(v)) }

// pack128 appends the 128 values of src packed w bits each (0 ≤ w ≤ 32) and
// returns the extended slice. Value i occupies bits [i·w, (i+1)·w) of a
// little-endian bit stream: bit k of the stream is bit k mod 8 of byte k/8.
// Bits of a value above w are dropped.
func pack128(dst []byte, src *[BlockSize]uint32, w uint) []byte {
	if w == 0 {
		return dst
	}
	mask := uint64(1)<<w - 1
	var acc uint64
	var n uint
	for _, v := range src {
		// n < 32 and w ≤ 32, so acc never holds more than 63 bits.
		acc |= (uint64(v) & mask) << n
		n += w
		if n >= 32 {
			dst = binary.LittleEndian.AppendUint32(dst, uint32(acc))
			acc >>= 32
			n -= 32
		}
	}
	// 128·w is a multiple of 32: nothing is left in acc.
	return dst
}

// unpack128 decodes 128 values of width w (0 ≤ w ≤ 32) from src, which
// must hold at least packedLen(w) bytes (callers check; the reader's
// bounds checks are the only thing between a corrupt file and a panic).
func unpack128(dst *[BlockSize]uint32, src []byte, w uint) {
	if len(src) >= packedLen(w)+8 {
		unpack128Padded(dst, src, w)
		return
	}
	// Too close to the end of the data for 8-byte loads: copy into a
	// padded buffer. Only the last block of a file takes this path.
	var pad [BlockSize/8*maxBlockBits + 8]byte
	copy(pad[:], src[:packedLen(w)])
	unpack128Padded(dst, pad[:], w)
}

// unpackDeltas128 decodes 128 document deltas of width w from src (at
// least packedLen(w) bytes) into documents: each is the previous one + 1
// + its delta, the first base + its delta. It returns the last document
// + 1, computed in 64 bits so that a sum past 32 bits shows.
func unpackDeltas128(dst *[BlockSize]uint32, src []byte, w uint, base uint64) uint64 {
	if len(src) >= packedLen(w)+8 {
		return deltaUnpackers[w](dst, src, base)
	}
	var pad [BlockSize/8*maxBlockBits + 8]byte
	copy(pad[:], src[:packedLen(w)])
	return deltaUnpackers[w](dst, pad[:], base)
}

// unpack128Padded is unpack128 for a src with at least 8 readable bytes
// after the packed block, so every value is one unaligned 64-bit load, a
// shift and a mask: no branches, no carries across words. The per-width
// functions are generated (unpack_gen.go) so all of those are constants.
func unpack128Padded(dst *[BlockSize]uint32, src []byte, w uint) {
	unpackers[w](dst, src)
}

// packColumn appends len(vals) values packed w bits each (0 ≤ w ≤ 56) in
// the same little-endian bit order as pack128, padding the last byte with
// zero bits. Skip columns use it: ⌈len·w/8⌉ bytes.
func packColumn(dst []byte, vals []uint64, w uint) []byte {
	if w == 0 {
		return dst
	}
	mask := uint64(1)<<w - 1
	var acc uint64
	var n uint
	for _, v := range vals {
		// n < 8 and w ≤ 56: at most 63 bits in acc.
		acc |= (v & mask) << n
		n += w
		for n >= 8 {
			dst = append(dst, byte(acc))
			acc >>= 8
			n -= 8
		}
	}
	if n > 0 {
		dst = append(dst, byte(acc))
	}
	return dst
}

// columnLen is the byte length of a column of n values of width w.
func columnLen(n int, w uint) int { return (n*int(w) + 7) / 8 }

// columnGet returns value i of a column of width w (0 ≤ w ≤ 56). col must
// hold columnLen(n, w) bytes for some n > i; bytes past the end of col are
// read as zeros, so a short column cannot make it panic.
func columnGet(col []byte, i int, w uint) uint64 {
	if w == 0 {
		return 0
	}
	bit := uint64(i) * uint64(w)
	off := bit >> 3
	var v uint64
	if off+8 <= uint64(len(col)) {
		v = binary.LittleEndian.Uint64(col[off:])
	} else {
		for k := uint64(0); k < 8 && off+k < uint64(len(col)); k++ {
			v |= uint64(col[off+k]) << (8 * k)
		}
	}
	return v >> (bit & 7) & (uint64(1)<<w - 1)
}
