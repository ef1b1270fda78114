package docvalues

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

// packedPadding zero bytes follow every packed array so a reader can always
// load 8 bytes at the byte holding a value's first bit.
const packedPadding = 8

// packedWidth returns the bit width packed values up to max use: exact up
// to 56 bits (a value then fits in one unaligned 8-byte load), 64 above.
func packedWidth(max uint64) uint8 {
	w := uint8(bits.Len64(max))
	if w > 56 {
		return 64
	}
	return w
}

// appendPacked appends n values of the given width, little-endian bit order,
// followed by the padding.
func appendPacked(e *encoding.Encbuf, values []uint64, width uint8) {
	start := len(e.B)
	size := (len(values)*int(width)+7)/8 + packedPadding
	e.B = append(e.B, make([]byte, size)...)
	out := e.B[start:]
	if width == 0 {
		return
	}
	for i, v := range values {
		if width == 64 {
			binary.LittleEndian.PutUint64(out[i*8:], v)
			continue
		}
		bit := i * int(width)
		word := binary.LittleEndian.Uint64(out[bit/8:])
		word |= v << (bit % 8)
		binary.LittleEndian.PutUint64(out[bit/8:], word)
	}
}

// packed is a read-only view of a packed array.
type packed struct {
	data  []byte
	n     int
	width uint8
	mask  uint64
}

// readPacked reads a packed array of n values from d.
func readPacked(d *encoding.Decbuf, n int, width uint8) packed {
	if width > 64 || (width > 56 && width != 64) {
		d.Fail(fmt.Errorf("%w: packed width %d", encoding.ErrCorrupt, width))
		return packed{}
	}
	if n < 0 || n > 1<<31 {
		d.Fail(fmt.Errorf("%w: packed length %d", encoding.ErrCorrupt, n))
		return packed{}
	}
	size := (n*int(width)+7)/8 + packedPadding
	p := packed{data: d.Bytes(size), n: n, width: width}
	if width < 64 {
		p.mask = 1<<width - 1
	} else {
		p.mask = ^uint64(0)
	}
	return p
}

// get returns value i; i must be in [0, n).
func (p *packed) get(i int) uint64 {
	switch p.width {
	case 0:
		return 0
	case 64:
		return binary.LittleEndian.Uint64(p.data[i*8:])
	}
	bit := i * int(p.width)
	return binary.LittleEndian.Uint64(p.data[bit/8:]) >> (bit % 8) & p.mask
}
