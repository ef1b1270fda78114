package analysis

import "unicode/utf8"

// Token offsets are bytes of the Go string; Lucene's, and so the offsets
// OpenSearch's highlighter works with, are UTF-16 code units of the Java
// string. The indexer (offsets stored in postings) and the highlighter
// (offsets of a re-analysed value) convert with these two functions, so
// both count a character the same way: one unit per code point, two
// above U+FFFF, and one for each invalid byte (the U+FFFD Java decodes
// it to).

// UTF16Len returns the length of s in UTF-16 code units and whether s is
// ASCII (its byte and UTF-16 offsets are then equal).
func UTF16Len(s string) (n int, ascii bool) {
	ascii = true
	for i := 0; i < len(s); {
		// Eight bytes a step while they are ASCII, again after each other
		// character: contracts are mostly ASCII, with a quotation mark or
		// a section sign here and there.
		if i+8 <= len(s) && ASCII8(s[i:]) {
			n += 8
			i += 8
			continue
		}
		if s[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		ascii = false
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n, ascii
}

// ASCII8 reports whether the first eight bytes of s (at least eight
// long) are ASCII: one test of a word, for the loops that cross a mostly
// ASCII text eight bytes a step.
func ASCII8(s string) bool {
	s = s[:8]
	w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
	return w&0x8080808080808080 == 0
}

// UTF16Cursor converts increasing byte offsets of one string (token
// offsets, in order) to UTF-16 offsets, reading the string once.
type UTF16Cursor struct {
	s     string
	ascii bool
	b, u  int
}

// NewUTF16Cursor returns a cursor at the start of s; ascii is what
// UTF16Len reported for s (an ASCII string needs no conversion).
func NewUTF16Cursor(s string, ascii bool) UTF16Cursor {
	return UTF16Cursor{s: s, ascii: ascii}
}

// Offset returns the UTF-16 offset of byte offset b, a code point
// boundary not before the previous call's.
func (c *UTF16Cursor) Offset(b int) int {
	if c.ascii {
		return b
	}
	for c.b < b {
		r, size := utf8.DecodeRuneInString(c.s[c.b:])
		if r >= 0x10000 {
			c.u += 2
		} else {
			c.u++
		}
		c.b += size
	}
	return c.u
}
