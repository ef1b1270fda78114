package highlight

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
)

// TestWiden: every length around the eight-unit step, each unit its byte.
func TestWiden(t *testing.T) {
	src := strings.Repeat("Section 7.2 (Notices). ", 3)
	for n := range len(src) + 1 {
		s := src[:n]
		dst := make([]uint16, n)
		widen(dst, s)
		for i := range n {
			if dst[i] != uint16(s[i]) {
				t.Fatalf("widen(%q)[%d] = %d, want %d", s, i, dst[i], s[i])
			}
		}
	}
}

// FuzzAppendUTF16: a part's UTF-16 text is Go's (invalid bytes as
// U+FFFD, as Java decodes them), and the checkpoints taken while
// converting it are those byteOffset takes on its own.
func FuzzAppendUTF16(f *testing.F) {
	f.Add("Section 7.2 (\u201cNotices\u201d). \u00a7 5 \U0001F600 caf\xe9 " + strings.Repeat("x", 70) + "\u00e9")
	f.Add(strings.Repeat("ab\u00e9cdefgh", 40))
	f.Fuzz(func(t *testing.T, s string) {
		converted := &part{text: s}
		converted.n16, converted.ascii = analysis.UTF16Len(s)
		lazy := *converted
		got := converted.appendUTF16([]uint16{7})
		if want := append([]uint16{7}, utf16.Encode([]rune(s))...); !slices.Equal(got, want) {
			t.Fatalf("appendUTF16(%q) = %v, want %v", s, got, want)
		}
		for o := 0; o <= lazy.n16; o++ {
			if u := got[o]; o > 0 && u >= 0xD800 && u < 0xDC00 {
				continue // after a high surrogate: inside a pair, no code point boundary
			}
			if a, b := converted.byteOffset(o), lazy.byteOffset(o); a != b {
				t.Fatalf("%q: byteOffset(%d) = %d after conversion, %d without", s, o, a, b)
			}
		}
		if !converted.ascii && !slices.Equal(converted.index, lazy.index) {
			t.Fatalf("%q: checkpoints %v after conversion, %v without", s, converted.index, lazy.index)
		}
	})
}
