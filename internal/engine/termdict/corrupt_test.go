package termdict

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
)

func threeTermFile(t testing.TB) []byte {
	b := NewBuilder()
	_ = b.Add([]byte("apple"), 3, []byte{1, 2})
	_ = b.Add([]byte("banana"), 1, nil)
	_ = b.Add([]byte("cherry"), 300, []byte{0xaa})
	file, err := b.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return file
}

func wordsFile(t testing.TB, n int) []byte {
	r := rand.New(rand.NewPCG(uint64(n), 11))
	b := NewBuilder()
	for _, e := range randomEntries(r, termGens["words"], n) {
		if err := b.Add(e.term, e.docFreq, e.meta); err != nil {
			t.Fatal(err)
		}
	}
	file, err := b.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return file
}

func isCorruption(err error) bool {
	var v *encoding.VersionError
	return errors.Is(err, encoding.ErrCorrupt) || errors.Is(err, encoding.ErrTruncated) || errors.As(err, &v)
}

// TestTruncated: every proper prefix of a file fails to open.
func TestTruncated(t *testing.T) {
	for _, file := range [][]byte{threeTermFile(t), wordsFile(t, 300)} {
		for n := range len(file) {
			if _, err := Open(file[:n]); !isCorruption(err) {
				t.Fatalf("Open of %d of %d bytes: %v", n, len(file), err)
			}
		}
	}
}

// TestBitFlips: the checksum catches every single-bit flip (CRC32C
// detects all of them), so a dictionary whose checksum is verified before
// it is searched (as an index generation does) never reads a wrong term.
// Open, which reads only the footer, trailer and FST header, fails on the
// flipped bytes or opens them, never panics.
func TestBitFlips(t *testing.T) {
	for _, file := range [][]byte{threeTermFile(t), wordsFile(t, 300)} {
		for i := range len(file) * 8 {
			bad := append([]byte(nil), file...)
			bad[i/8] ^= 1 << (i % 8)
			if err := encoding.VerifyChecksum(bad); !isCorruption(err) {
				t.Fatalf("checksum with bit %d flipped: %v", i, err)
			}
			if _, err := Open(bad); err != nil && !isCorruption(err) {
				t.Fatalf("Open with bit %d flipped: %v", i, err)
			}
		}
	}
}

func TestWrongVersion(t *testing.T) {
	file := threeTermFile(t)
	var e encoding.Encbuf
	e.PutBytes(file[:len(file)-encoding.FooterSize])
	e.PutFooter(Magic, Version+1)
	var v *encoding.VersionError
	if _, err := Open(e.B); !errors.As(err, &v) || v.Got != Version+1 {
		t.Fatalf("Open of version %d: %v", Version+1, err)
	}
}

// refooter gives data a valid footer, so that what follows it is parsed:
// corruption the checksum would catch, as if the checksum had missed it.
func refooter(data []byte) []byte {
	if len(data) < encoding.FooterSize {
		return data
	}
	e := encoding.Encbuf{B: append([]byte(nil), data[:len(data)-encoding.FooterSize]...)}
	e.PutFooter(Magic, Version)
	return e.B
}

// exercise opens a file and uses every read path; it must never panic.
// Iteration runs only after Check passed, which proves the FST walk ends.
func exercise(t testing.TB, file []byte) {
	d, err := Open(file)
	if err != nil {
		if !isCorruption(err) {
			t.Fatalf("Open error %v is not a corruption error", err)
		}
		return
	}
	for _, term := range []string{"", "a", "apple", "banana", "cherry", "zz"} {
		if _, _, err := d.Get([]byte(term)); err != nil && !isCorruption(err) {
			t.Fatalf("Get error %v is not a corruption error", err)
		}
	}
	if err := d.Check(); err != nil {
		if !isCorruption(err) {
			t.Fatalf("Check error %v is not a corruption error", err)
		}
		return
	}
	n := 0
	for it := d.All(); it.Next(); n++ {
	}
	if n > d.Len() {
		t.Fatalf("All yielded %d terms, Len is %d", n, d.Len())
	}
	for it := d.Prefix([]byte("b")); it.Next(); {
	}
	for it := d.Range([]byte("b"), []byte("c")); it.Next(); {
	}
	if it, err := d.Fuzzy("apple", 2, true, 0); err == nil {
		for it.Next() {
		}
	}
}

// TestCorruptBehindChecksum changes every byte of a file to several values
// and fixes the checksum up: whatever the change, reading fails cleanly or
// succeeds, and never panics or loops.
func TestCorruptBehindChecksum(t *testing.T) {
	file := threeTermFile(t)
	body := len(file) - encoding.FooterSize
	detected := 0
	for i := range body {
		for _, v := range []byte{0x00, 0x01, 0x7f, 0x80, 0xff, file[i] ^ 0x10, file[i] + 1} {
			if v == file[i] {
				continue
			}
			bad := append([]byte(nil), file...)
			bad[i] = v
			bad = refooter(bad)
			exercise(t, bad)
			if d, err := Open(bad); err != nil || d.Check() != nil {
				detected++
			}
		}
	}
	t.Logf("%d single-byte changes behind a valid checksum detected by Open or Check", detected)
}

// FuzzOpen feeds arbitrary bytes to Open, and the same bytes with a valid
// footer to every read path.
func FuzzOpen(f *testing.F) {
	f.Add(threeTermFile(f))
	f.Add(wordsFile(f, 40))
	empty, _ := NewBuilder().Finish()
	f.Add(empty)
	f.Add([]byte{})
	f.Add([]byte("TDIC"))
	f.Fuzz(func(t *testing.T, data []byte) {
		exercise(t, data)
		exercise(t, refooter(data))
	})
}
