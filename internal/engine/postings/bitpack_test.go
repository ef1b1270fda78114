package postings

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestPack128RoundTrip: every width 0..32, random values using the full
// width (and the extremes), decode to themselves from a tight slice (the
// copying path) and a padded one.
func TestPack128RoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for w := uint(0); w <= maxBlockBits; w++ {
		for trial := range 20 {
			var src [BlockSize]uint32
			mask := uint32(uint64(1)<<w - 1)
			for i := range src {
				switch trial {
				case 0:
					src[i] = mask // all ones
				case 1:
					src[i] = 0
				default:
					src[i] = r.Uint32() & mask
				}
			}
			packed := pack128(nil, &src, w)
			if len(packed) != packedLen(w) {
				t.Fatalf("w=%d: %d bytes, want %d", w, len(packed), packedLen(w))
			}
			var got [BlockSize]uint32
			unpack128(&got, packed, w)
			if got != src {
				t.Fatalf("w=%d tight: got %v\nwant %v", w, got, src)
			}
			padded := append(bytes.Clone(packed), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff)
			got = [BlockSize]uint32{}
			unpack128(&got, padded, w)
			if got != src {
				t.Fatalf("w=%d padded: got %v\nwant %v", w, got, src)
			}
		}
	}
}

// TestPack128Layout pins the bit order: value i at bits [i·w, (i+1)·w) of
// a little-endian bit stream.
func TestPack128Layout(t *testing.T) {
	var src [BlockSize]uint32
	src[0], src[1], src[2] = 0b101, 0b011, 0b111
	got := pack128(nil, &src, 3)
	// bits 0-2 = 101, 3-5 = 011, 6-8 = 111 → byte 0 = 1_1011_101 = 0xdd, byte 1 = 0b1
	if got[0] != 0xdd || got[1] != 0x01 || !bytes.Equal(got[2:], make([]byte, 46)) {
		t.Fatalf("% x", got)
	}
	// Bits above the width are dropped.
	src[0] = 0xff
	if got := pack128(nil, &src, 3); got[0] != 0xdf {
		t.Fatalf("% x", got[:2])
	}
}

func TestColumnRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for w := uint(0); w <= maxColumnBits; w++ {
		for _, n := range []int{1, 2, 7, 8, 9, 100} {
			vals := make([]uint64, n)
			for i := range vals {
				vals[i] = r.Uint64() & (uint64(1)<<w - 1)
			}
			col := packColumn(nil, vals, w)
			if len(col) != columnLen(n, w) {
				t.Fatalf("w=%d n=%d: %d bytes, want %d", w, n, len(col), columnLen(n, w))
			}
			for i, v := range vals {
				if got := columnGet(col, i, w); got != v {
					t.Fatalf("w=%d n=%d i=%d: %d, want %d", w, n, i, got, v)
				}
			}
		}
	}
	// Reading past a short column gives zero bits, not a panic.
	if got := columnGet([]byte{0xff}, 3, 8); got != 0 {
		t.Fatalf("past the end: %d", got)
	}
}

// FuzzUnpack128: any bytes unpack without panicking, and since a block of
// width w uses every one of its 16·w bytes' bits, packing the values
// again gives back exactly the input bytes.
func FuzzUnpack128(f *testing.F) {
	f.Add(uint8(5), []byte{1, 2, 3})
	f.Add(uint8(32), bytes.Repeat([]byte{0xa5}, 600))
	f.Add(uint8(0), []byte{})
	f.Fuzz(func(t *testing.T, w8 uint8, data []byte) {
		w := uint(w8) % (maxBlockBits + 1)
		block := make([]byte, packedLen(w))
		copy(block, data)
		var vals [BlockSize]uint32
		unpack128(&vals, block, w)
		for _, v := range vals {
			if uint64(v) >= uint64(1)<<w {
				t.Fatalf("w=%d: value %d too wide", w, v)
			}
		}
		if again := pack128(nil, &vals, w); !bytes.Equal(again, block) {
			t.Fatalf("w=%d: repacked % x, want % x", w, again, block)
		}
		if len(data) >= packedLen(w) {
			var direct [BlockSize]uint32
			unpack128(&direct, data, w) // may take the padded path
			if direct != vals {
				t.Fatalf("w=%d: padded and copied paths differ", w)
			}
		}
	})
}

// TestUnpackDeltas128: the fused unpack-and-prefix-sum matches a plain
// unpack followed by doc = prev + 1 + delta, for every width, from a
// tight and a padded slice.
func TestUnpackDeltas128(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for w := uint(0); w <= maxBlockBits; w++ {
		var src [BlockSize]uint32
		for i := range src {
			src[i] = r.Uint32() & uint32(uint64(1)<<w-1)
		}
		packed := pack128(nil, &src, w)
		base := uint64(r.Uint32() >> 8)
		var want [BlockSize]uint32
		acc := base
		for i, d := range src {
			acc += uint64(d)
			want[i] = uint32(acc)
			acc++
		}
		for _, buf := range [][]byte{packed, append(bytes.Clone(packed), make([]byte, 8)...)} {
			var got [BlockSize]uint32
			end := unpackDeltas128(&got, buf, w, base)
			if end != acc {
				t.Fatalf("w=%d: end %d, want %d", w, end, acc)
			}
			if w < 25 && got != want { // wider deltas wrap 32 bits; end shows it
				t.Fatalf("w=%d: got %v\nwant %v", w, got, want)
			}
		}
	}
}
