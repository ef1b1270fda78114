package analysis

import (
	"testing"
	"unicode/utf16"
)

// javaLength is the UTF-16 length the way Java decodes Go's bytes: one
// unit per code point, two above U+FFFF, one per invalid byte (U+FFFD).
func javaLength(s string) (int, bool) {
	n, ascii := 0, true
	for _, r := range s {
		if r >= 0x80 {
			ascii = false
		}
		n += utf16.RuneLen(r)
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
		}
	}
	return n, ascii
}

func TestUTF16Len(t *testing.T) {
	tests := []struct {
		in    string
		n     int
		ascii bool
	}{
		{"", 0, true},
		{"short", 5, true},
		{"exactly8", 8, true},
		{"an ASCII run longer than eight bytes", 36, true},
		{"eight b\u00e9", 8, false},
		{"ASCII for twelve bytes, then é and 😀", 37, false},
		{"bad \xff byte after the first eight", 32, false},
	}
	for _, tt := range tests {
		n, ascii := UTF16Len(tt.in)
		if n != tt.n || ascii != tt.ascii {
			t.Errorf("UTF16Len(%q) = %d, %v, want %d, %v", tt.in, n, ascii, tt.n, tt.ascii)
		}
	}
}

// FuzzUTF16Len: the length is Java's, whatever the bytes.
func FuzzUTF16Len(f *testing.F) {
	for _, s := range []string{"", "abcdefgh", "abcdefghé", "\xff\xfe", "😀 and more ASCII text"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ascii := UTF16Len(s)
		wn, wascii := javaLength(s)
		if n != wn || ascii != wascii {
			t.Fatalf("UTF16Len(%q) = %d, %v, want %d, %v", s, n, ascii, wn, wascii)
		}
	})
}
