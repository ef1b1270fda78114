package clean

import (
	"strings"
	"unicode/utf8"
)

// normalize applies rule 1: line ends, page breaks, spaces, zero-width
// characters and soft hyphens. Text that needs none of it is returned as is.
func normalize(s string) string {
	if !needsNormalizing(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/64)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '\r':
				b.WriteByte('\n')
				if i+1 < len(s) && s[i+1] == '\n' {
					i++
				}
			case c == '\f':
				// A page break is a line of its own, so it is seen as a page
				// boundary by the artifact rules.
				b.WriteString("\n\f\n")
			case c == '\n':
				b.WriteByte('\n')
			case c == '\t' || c == '\v' || c < 0x20 || c == 0x7f:
				b.WriteByte(' ')
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0xAD: // soft hyphen
			b.WriteByte('-')
		case r == 0x200B || r == 0x200C || r == 0x200D || r == 0x2060 || r == 0xFEFF:
			// zero-width: dropped
		case r == 0x2028 || r == 0x2029 || r == 0x85:
			b.WriteByte('\n')
		case isUnicodeSpace(r):
			b.WriteByte(' ')
		case r == utf8.RuneError && n == 1:
			b.WriteByte(' ')
		case r >= 0x80 && r < 0xA0: // C1 controls
			b.WriteByte(' ')
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func needsNormalizing(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf || (c < 0x20 && c != '\n') || c == 0x7f {
			// Non-ASCII text is common (curly quotes); look closer.
			if c < utf8.RuneSelf {
				return true
			}
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == 0xAD || r == 0x200B || r == 0x200C || r == 0x200D || r == 0x2060 || r == 0xFEFF ||
				r == 0x2028 || r == 0x2029 || isUnicodeSpace(r) || (r >= 0x80 && r < 0xA0) || (r == utf8.RuneError && n == 1) {
				return true
			}
			i += n - 1
		}
	}
	return false
}

func isUnicodeSpace(r rune) bool {
	switch {
	case r == 0xA0, r == 0x1680, r >= 0x2000 && r <= 0x200A, r == 0x202F, r == 0x205F, r == 0x3000:
		return true
	}
	return false
}
