package highlight

import (
	"strings"
	"testing"
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
