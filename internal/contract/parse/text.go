package parse

import (
	"hash/fnv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// cut shortens s to at most max bytes at a word boundary, marking the cut
// with "…".
func cut(s string, max int) string {
	if len(s) <= max {
		return s
	}
	i := strings.LastIndexByte(s[:max], ' ')
	if i < max/2 {
		i = max
		for i > 0 && !utf8.RuneStart(s[i]) {
			i--
		}
	}
	return strings.TrimRight(s[:i], " ,;:") + "…"
}

// textHash is the hex FNV-1a hash of s normalised: letters and digits
// lower-cased, every other run of characters one space. Two sections
// whose wording differs only in case, punctuation or spacing share it.
func textHash(s string) string {
	h := fnv.New64a()
	var buf [64]byte
	b := buf[:0]
	pending := false // a separator is due before the next word character
	emit := func(r rune) {
		if pending && len(b) > 0 || pending && h.Sum64() != fnvEmpty {
			b = append(b, ' ')
		}
		pending = false
		b = utf8.AppendRune(b, r)
		if len(b) >= 56 {
			h.Write(b)
			b = b[:0]
		}
	}
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9'):
			emit(r)
		case r < utf8.RuneSelf && r >= 'A' && r <= 'Z':
			emit(r + 'a' - 'A')
		case r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			emit(unicode.ToLower(r))
		default:
			pending = true
		}
	}
	h.Write(b)
	const hex = "0123456789abcdef"
	sum := h.Sum64()
	var out [16]byte
	for i := 15; i >= 0; i-- {
		out[i] = hex[sum&0xf]
		sum >>= 4
	}
	return string(out[:])
}

// fnvEmpty is the FNV-1a 64 hash of nothing (its offset basis).
const fnvEmpty = 14695981039346656037

// asciiLower returns s with ASCII letters lower-cased and every byte in
// place, so offsets into it are offsets into s.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// sentenceBounds returns the sentence around offset i of p: from after the
// previous ". " (or the start) to the next ". " (or the end), each at most
// limit bytes away.
func sentenceBounds(p string, i, limit int) (int, int) {
	start := max(0, i-limit)
	if j := strings.LastIndex(p[start:i], ". "); j >= 0 {
		start += j + 2
	}
	end := min(len(p), i+limit)
	if j := strings.Index(p[i:end], ". "); j >= 0 {
		end = i + j + 1
	}
	return start, end
}
