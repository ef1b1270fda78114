package encoding

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// castagnoli is the CRC32C table (hardware-accelerated on amd64 and arm64).
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// CRC32C returns the Castagnoli checksum of b.
func CRC32C(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

// FooterSize is the size of the footer every engine file ends with.
const FooterSize = 12

// Errors returned by readers. Callers wrap them with the file they read.
var (
	// ErrCorrupt reports data that cannot be what a writer wrote.
	ErrCorrupt = errors.New("corrupt data")
	// ErrTruncated reports data shorter than its own structure says.
	ErrTruncated = errors.New("truncated data")
)

// VersionError reports a file written in a format version this build does
// not read.
type VersionError struct {
	Magic          uint32
	Got, Supported uint32
}

func (e *VersionError) Error() string {
	return fmt.Sprintf("format version %d is not supported (this build reads version %d of file type %#08x)", e.Got, e.Supported, e.Magic)
}

// Encbuf appends encoded values to a byte slice.
type Encbuf struct {
	B []byte
}

// Len returns the number of bytes written so far.
func (e *Encbuf) Len() int { return len(e.B) }

// Reset empties the buffer, keeping its capacity.
func (e *Encbuf) Reset() { e.B = e.B[:0] }

// PutByte appends one byte.
func (e *Encbuf) PutByte(b byte) { e.B = append(e.B, b) }

// PutBytes appends raw bytes.
func (e *Encbuf) PutBytes(b []byte) { e.B = append(e.B, b...) }

// PutU16 appends a little-endian uint16.
func (e *Encbuf) PutU16(v uint16) { e.B = binary.LittleEndian.AppendUint16(e.B, v) }

// PutU32 appends a little-endian uint32.
func (e *Encbuf) PutU32(v uint32) { e.B = binary.LittleEndian.AppendUint32(e.B, v) }

// PutU64 appends a little-endian uint64.
func (e *Encbuf) PutU64(v uint64) { e.B = binary.LittleEndian.AppendUint64(e.B, v) }

// PutUvarint appends an unsigned varint (LEB128, at most 10 bytes).
func (e *Encbuf) PutUvarint(v uint64) { e.B = binary.AppendUvarint(e.B, v) }

// PutVarint appends a zig-zag signed varint.
func (e *Encbuf) PutVarint(v int64) { e.B = binary.AppendVarint(e.B, v) }

// PutUvarintBytes appends a length-prefixed byte string.
func (e *Encbuf) PutUvarintBytes(b []byte) {
	e.PutUvarint(uint64(len(b)))
	e.B = append(e.B, b...)
}

// PutFooter appends the footer: magic, version and the CRC32C of everything
// before the CRC. It must be the last call.
func (e *Encbuf) PutFooter(magic, version uint32) {
	e.PutU32(magic)
	e.PutU32(version)
	e.PutU32(CRC32C(e.B))
}

// Decbuf decodes values from a byte slice. The first error sticks: later
// calls return zero values and leave it in place, so decoding code checks
// Err once at the end.
type Decbuf struct {
	B   []byte
	err error
}

// NewDecbuf returns a decoder over b.
func NewDecbuf(b []byte) Decbuf { return Decbuf{B: b} }

// Err returns the first error met, or nil.
func (d *Decbuf) Err() error { return d.err }

// Len returns the number of bytes left.
func (d *Decbuf) Len() int { return len(d.B) }

// Fail records err unless an error is already recorded.
func (d *Decbuf) Fail(err error) {
	if d.err == nil {
		d.err = err
	}
}

func (d *Decbuf) need(n int) bool {
	if d.err != nil {
		return false
	}
	if n < 0 || len(d.B) < n {
		d.err = ErrTruncated
		return false
	}
	return true
}

// Byte reads one byte.
func (d *Decbuf) Byte() byte {
	if !d.need(1) {
		return 0
	}
	b := d.B[0]
	d.B = d.B[1:]
	return b
}

// Bytes reads n raw bytes; the result aliases the input.
func (d *Decbuf) Bytes(n int) []byte {
	if !d.need(n) {
		return nil
	}
	b := d.B[:n:n]
	d.B = d.B[n:]
	return b
}

// U16 reads a little-endian uint16.
func (d *Decbuf) U16() uint16 {
	if !d.need(2) {
		return 0
	}
	v := binary.LittleEndian.Uint16(d.B)
	d.B = d.B[2:]
	return v
}

// U32 reads a little-endian uint32.
func (d *Decbuf) U32() uint32 {
	if !d.need(4) {
		return 0
	}
	v := binary.LittleEndian.Uint32(d.B)
	d.B = d.B[4:]
	return v
}

// U64 reads a little-endian uint64.
func (d *Decbuf) U64() uint64 {
	if !d.need(8) {
		return 0
	}
	v := binary.LittleEndian.Uint64(d.B)
	d.B = d.B[8:]
	return v
}

// Uvarint reads an unsigned varint.
func (d *Decbuf) Uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.B)
	switch {
	case n == 0:
		d.err = ErrTruncated
		return 0
	case n < 0:
		d.err = fmt.Errorf("%w: varint overflows 64 bits", ErrCorrupt)
		return 0
	}
	d.B = d.B[n:]
	return v
}

// Varint reads a zig-zag signed varint.
func (d *Decbuf) Varint() int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.B)
	switch {
	case n == 0:
		d.err = ErrTruncated
		return 0
	case n < 0:
		d.err = fmt.Errorf("%w: varint overflows 64 bits", ErrCorrupt)
		return 0
	}
	d.B = d.B[n:]
	return v
}

// Uvarint32 reads an unsigned varint that must fit in 32 bits.
func (d *Decbuf) Uvarint32() uint32 {
	v := d.Uvarint()
	if v > 1<<32-1 {
		d.Fail(fmt.Errorf("%w: value %d does not fit in 32 bits", ErrCorrupt, v))
		return 0
	}
	return uint32(v)
}

// UvarintBytes reads a length-prefixed byte string; the result aliases the
// input.
func (d *Decbuf) UvarintBytes() []byte {
	n := d.Uvarint()
	if n > uint64(len(d.B)) {
		d.Fail(ErrTruncated)
		return nil
	}
	return d.Bytes(int(n))
}

// CheckFooter verifies the footer of a whole file: its length, magic,
// version (before anything else is trusted, so an old or new file fails
// with a VersionError rather than a checksum error), then the CRC32C. It
// returns the file's content without the footer. It reads every byte: for
// files decoded whole when opened; large files are opened with OpenFooter
// and their checksums verified apart (VerifyChecksum, VerifyReaderAt).
func CheckFooter(file []byte, magic, version uint32) ([]byte, error) {
	body, err := OpenFooter(file, magic, version)
	if err != nil {
		return nil, err
	}
	if err := VerifyChecksum(file); err != nil {
		return nil, err
	}
	return body, nil
}

// OpenFooter checks a file's length, footer magic and version, and returns
// the content before the footer, without reading it: opening a file costs
// the same whatever its size. The checksum is left to the caller, who
// verifies it before trusting the content (an index generation does, with
// a pass that reads its files without mapping them).
func OpenFooter(file []byte, magic, version uint32) ([]byte, error) {
	if len(file) < FooterSize {
		return nil, fmt.Errorf("%w: %d bytes, shorter than the %d-byte footer", ErrTruncated, len(file), FooterSize)
	}
	f := file[len(file)-FooterSize:]
	gotMagic := binary.LittleEndian.Uint32(f)
	gotVersion := binary.LittleEndian.Uint32(f[4:])
	if gotMagic != magic {
		return nil, fmt.Errorf("%w: magic %#08x, want %#08x", ErrCorrupt, gotMagic, magic)
	}
	if gotVersion != version {
		return nil, &VersionError{Magic: magic, Got: gotVersion, Supported: version}
	}
	return file[:len(file)-FooterSize], nil
}

// VerifyChecksum checks the CRC32C in a whole file's footer against the
// bytes before it, whatever the file's type.
func VerifyChecksum(file []byte) error {
	if len(file) < FooterSize {
		return fmt.Errorf("%w: %d bytes, shorter than the %d-byte footer", ErrTruncated, len(file), FooterSize)
	}
	want := binary.LittleEndian.Uint32(file[len(file)-4:])
	if crc := CRC32C(file[:len(file)-4]); crc != want {
		return fmt.Errorf("%w: checksum %#08x, footer says %#08x", ErrCorrupt, crc, want)
	}
	return nil
}

// VerifyReaderAt is VerifyChecksum for a file of size bytes read from r
// through buf (which must not be empty), so a file is checked without
// being mapped or held in memory. A short read is ErrTruncated.
func VerifyReaderAt(r io.ReaderAt, size int64, buf []byte) error {
	if size < FooterSize {
		return fmt.Errorf("%w: %d bytes, shorter than the %d-byte footer", ErrTruncated, size, FooterSize)
	}
	var crc uint32
	end := size - 4
	for off := int64(0); off < end; {
		b := buf[:min(int64(len(buf)), end-off)]
		n, err := r.ReadAt(b, off)
		crc = crc32.Update(crc, castagnoli, b[:n])
		off += int64(n)
		if n < len(b) {
			if err == nil || err == io.EOF {
				err = ErrTruncated
			}
			return fmt.Errorf("reading at %d: %w", off, err)
		}
	}
	var tail [4]byte
	if n, err := r.ReadAt(tail[:], end); n < 4 {
		if err == nil || err == io.EOF {
			err = ErrTruncated
		}
		return fmt.Errorf("reading the checksum: %w", err)
	}
	if want := binary.LittleEndian.Uint32(tail[:]); crc != want {
		return fmt.Errorf("%w: checksum %#08x, footer says %#08x", ErrCorrupt, crc, want)
	}
	return nil
}

// Writer streams a file to an io.Writer, counting its bytes and keeping the
// running CRC32C, so a writer whose output does not fit in memory can end
// the file with the same footer PutFooter gives. The first write error
// sticks: later writes do nothing and Err (and WriteFooter) return it.
type Writer struct {
	w   io.Writer
	n   uint64
	crc uint32
	err error
}

// NewWriter returns a Writer over w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes b, updating the length and the checksum.
func (w *Writer) Write(b []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.w.Write(b)
	w.crc = crc32.Update(w.crc, castagnoli, b[:n])
	w.n += uint64(n)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	w.err = err
	return n, err
}

// Len returns the number of bytes written.
func (w *Writer) Len() uint64 { return w.n }

// Err returns the first write error.
func (w *Writer) Err() error { return w.err }

// WriteFooter writes the footer (magic, version, CRC32C of every byte
// before the CRC) and returns the first error of the whole file.
func (w *Writer) WriteFooter(magic, version uint32) error {
	var f [FooterSize]byte
	binary.LittleEndian.PutUint32(f[:], magic)
	binary.LittleEndian.PutUint32(f[4:], version)
	_, _ = w.Write(f[:8])
	binary.LittleEndian.PutUint32(f[8:], w.crc)
	_, _ = w.Write(f[8:])
	return w.err
}
