package encoding

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"
)

// TestByteDump pins the exact bytes of each encoding.
func TestByteDump(t *testing.T) {
	var e Encbuf
	e.PutByte(0xab)                 // ab
	e.PutU16(0x0102)                // 02 01            little-endian
	e.PutU32(0x01020304)            // 04 03 02 01
	e.PutUvarint(300)               // ac 02            300 = 0b10_0101100: low 7 bits + continuation, then 2
	e.PutVarint(-3)                 // 05               zig-zag: -3 → 5
	e.PutUvarintBytes([]byte("hi")) // 02 68 69         length, then bytes
	e.PutFooter(0x53454743, 1)      // 43 47 45 53 | 01 00 00 00 | crc32c of all before
	want := []byte{0xab, 0x02, 0x01, 0x04, 0x03, 0x02, 0x01, 0xac, 0x02, 0x05, 0x02, 0x68, 0x69,
		0x43, 0x47, 0x45, 0x53, 0x01, 0x00, 0x00, 0x00}
	crc := CRC32C(want)
	want = append(want, byte(crc), byte(crc>>8), byte(crc>>16), byte(crc>>24))
	if !bytes.Equal(e.B, want) {
		t.Fatalf("got  % x\nwant % x", e.B, want)
	}
	body, err := CheckFooter(e.B, 0x53454743, 1)
	if err != nil {
		t.Fatal(err)
	}
	d := NewDecbuf(body)
	if d.Byte() != 0xab || d.U16() != 0x0102 || d.U32() != 0x01020304 || d.Uvarint() != 300 || d.Varint() != -3 ||
		string(d.UvarintBytes()) != "hi" || d.Len() != 0 || d.Err() != nil {
		t.Fatalf("decode mismatch, err %v", d.Err())
	}
}

func TestCheckFooter(t *testing.T) {
	var e Encbuf
	e.PutBytes([]byte("payload"))
	e.PutFooter(0xcafe, 3)
	good := e.B
	flip := func(i int) []byte { b := bytes.Clone(good); b[i] ^= 0x01; return b }
	tests := []struct {
		name    string
		file    []byte
		version uint32
		want    error
	}{
		{"good", good, 3, nil},
		{"short", good[:5], 3, ErrTruncated},
		{"truncated body", good[2:], 3, ErrCorrupt},
		{"payload bit flip", flip(0), 3, ErrCorrupt},
		{"crc bit flip", flip(len(good) - 1), 3, ErrCorrupt},
		{"magic", flip(len(good) - 12), 3, ErrCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, err := CheckFooter(tt.file, 0xcafe, tt.version)
			if !errors.Is(err, tt.want) || (tt.want == nil && string(body) != "payload") {
				t.Errorf("err %v body %q, want %v", err, body, tt.want)
			}
		})
	}
	// The version is checked before the checksum: a newer file fails with a
	// VersionError even though its checksum is fine.
	_, err := CheckFooter(good, 0xcafe, 2)
	var ve *VersionError
	if !errors.As(err, &ve) || ve.Got != 3 || ve.Supported != 2 {
		t.Errorf("got %v", err)
	}
}

// TestVerifyChecksumApart: OpenFooter reads only the footer (a flipped
// payload byte opens), and VerifyChecksum and VerifyReaderAt, whatever
// their buffer size, agree with CheckFooter on every file.
func TestVerifyChecksumApart(t *testing.T) {
	var e Encbuf
	e.PutBytes(bytes.Repeat([]byte("payload "), 100))
	e.PutFooter(0xcafe, 3)
	good := e.B
	flip := func(i int) []byte { b := bytes.Clone(good); b[i] ^= 0x10; return b }
	tests := []struct {
		name     string
		file     []byte
		openErr  error // of OpenFooter
		checkErr error // of the checksum
	}{
		{"good", good, nil, nil},
		{"payload flip", flip(0), nil, ErrCorrupt},
		{"late payload flip", flip(len(good) - FooterSize - 1), nil, ErrCorrupt},
		{"crc flip", flip(len(good) - 1), nil, ErrCorrupt},
		{"magic flip", flip(len(good) - 12), ErrCorrupt, ErrCorrupt},
		{"truncated", good[:len(good)-1], ErrCorrupt, ErrCorrupt},
		{"shorter than the footer", good[:FooterSize-1], ErrTruncated, ErrTruncated},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := OpenFooter(tt.file, 0xcafe, 3); !errors.Is(err, tt.openErr) {
				t.Errorf("OpenFooter: %v, want %v", err, tt.openErr)
			}
			if tt.openErr != nil {
				return
			}
			if err := VerifyChecksum(tt.file); !errors.Is(err, tt.checkErr) {
				t.Errorf("VerifyChecksum: %v, want %v", err, tt.checkErr)
			}
			for _, bufSize := range []int{1, 7, 64, 4096} {
				err := VerifyReaderAt(bytes.NewReader(tt.file), int64(len(tt.file)), make([]byte, bufSize))
				if !errors.Is(err, tt.checkErr) {
					t.Errorf("VerifyReaderAt, %d-byte buffer: %v, want %v", bufSize, err, tt.checkErr)
				}
			}
		})
	}
	// A file shorter than the size it should have (truncated behind the
	// caller's back) is reported as truncated, not misread.
	if err := VerifyReaderAt(bytes.NewReader(good[:100]), int64(len(good)), make([]byte, 64)); !errors.Is(err, ErrTruncated) {
		t.Errorf("short reader: %v", err)
	}
}

func TestDecbufStickyError(t *testing.T) {
	d := NewDecbuf([]byte{0x01, 0xff})
	if d.U32() != 0 || !errors.Is(d.Err(), ErrTruncated) {
		t.Fatal("short read not reported")
	}
	if d.Byte() != 0 || d.Uvarint() != 0 || d.Bytes(1) != nil {
		t.Error("reads after an error return values")
	}
	over := NewDecbuf(bytes.Repeat([]byte{0xff}, 11))
	if over.Uvarint(); !errors.Is(over.Err(), ErrCorrupt) {
		t.Errorf("overflow: %v", over.Err())
	}
	big := Encbuf{}
	big.PutUvarint(1 << 33)
	d = NewDecbuf(big.B)
	if d.Uvarint32(); !errors.Is(d.Err(), ErrCorrupt) {
		t.Errorf("32-bit overflow: %v", d.Err())
	}
	lying := Encbuf{}
	lying.PutUvarint(10) // says 10 bytes follow; none do
	d = NewDecbuf(lying.B)
	if d.UvarintBytes(); !errors.Is(d.Err(), ErrTruncated) {
		t.Errorf("lying length: %v", d.Err())
	}
}

// TestRoundTrip: any sequence of values decodes to itself.
func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		var e Encbuf
		var u []uint64
		var s []int64
		for range r.IntN(50) {
			a, b := r.Uint64()>>r.IntN(64), int64(r.Uint64())>>r.IntN(64)
			u, s = append(u, a), append(s, b)
			e.PutUvarint(a)
			e.PutVarint(b)
		}
		d := NewDecbuf(e.B)
		for i := range u {
			if d.Uvarint() != u[i] || d.Varint() != s[i] {
				t.Fatalf("mismatch at %d", i)
			}
		}
		if d.Err() != nil || d.Len() != 0 {
			t.Fatalf("err %v left %d", d.Err(), d.Len())
		}
	}
}

// TestWriter: a streamed file ends with the footer PutFooter appends.
func TestWriter(t *testing.T) {
	var e Encbuf
	e.PutBytes([]byte("some payload"))
	e.PutFooter(0x53454743, 3)
	var out bytes.Buffer
	w := NewWriter(&out)
	w.Write([]byte("some "))
	w.Write([]byte("payload"))
	if w.Len() != 12 {
		t.Errorf("len %d", w.Len())
	}
	if err := w.WriteFooter(0x53454743, 3); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), e.B) {
		t.Fatalf("got  % x\nwant % x", out.Bytes(), e.B)
	}
	fw := NewWriter(failWriter{})
	fw.Write([]byte("x"))
	if fw.WriteFooter(1, 1) == nil || fw.Err() == nil {
		t.Error("write error lost")
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }
