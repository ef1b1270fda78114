package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/contract/sentence"
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
	const (
		offset64 = 14695981039346656037
		prime64  = 1099511628211
	)
	h := uint64(offset64)
	started, pending := false, false
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			lc := asciiFold[c]
			if lc == 0 {
				pending = true
				continue
			}
			if pending && started {
				h = (h ^ ' ') * prime64
			}
			pending, started = false, true
			h = (h ^ uint64(lc)) * prime64
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			pending = true
			continue
		}
		if pending && started {
			h = (h ^ ' ') * prime64
		}
		pending, started = false, true
		var buf [utf8.UTFMax]byte
		for _, b := range utf8.AppendRune(buf[:0], unicode.ToLower(r)) {
			h = (h ^ uint64(b)) * prime64
		}
	}
	const hex = "0123456789abcdef"
	var out [16]byte
	for i := 15; i >= 0; i-- {
		out[i] = hex[h&0xf]
		h >>= 4
	}
	return string(out[:])
}

// asciiFold maps ASCII letters and digits to themselves in lower case and
// everything else to 0.
var asciiFold = func() (t [128]byte) {
	for c := byte('0'); c <= '9'; c++ {
		t[c] = c
	}
	for c := byte('a'); c <= 'z'; c++ {
		t[c] = c
		t[c-'a'+'A'] = c
	}
	return t
}()

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
// previous period and space that end a sentence (sentence.EndsAt: not
// "Inc. ", "U.S. ") or the start, to the next (or the end), each at most
// limit bytes away.
func sentenceBounds(p string, i, limit int) (int, int) {
	start := max(0, i-limit)
	for start > 0 && !utf8.RuneStart(p[start]) {
		start++
	}
	for j := i - 1; j >= start; j-- {
		if sentenceEndAt(p, j) {
			start = j + 2
			break
		}
	}
	end := min(len(p), i+limit)
	for end < len(p) && !utf8.RuneStart(p[end]) {
		end--
	}
	for j := i; j < end; j++ {
		if sentenceEndAt(p, j) {
			end = j + 1
			break
		}
	}
	return start, end
}

// sentenceEndAt reports whether p holds, at j, a period and a space that
// end a sentence.
func sentenceEndAt(p string, j int) bool {
	return p[j] == '.' && j+1 < len(p) && p[j+1] == ' ' && sentence.EndsAt(p, j)
}

// prefix returns at most the first n bytes of s, cut back to a rune
// boundary so no character is split.
func prefix(s string, n int) string {
	if n >= len(s) {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
