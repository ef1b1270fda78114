package parse

import (
	"strings"

	"github.com/contractsearch/contractsearch/internal/contract/clean"
)

// markerKind is the numbering style that opens a heading.
type markerKind uint8

const (
	noMarker markerKind = iota
	articleMarker
	sectionMarker // "Section 5.2", "§ 5.2"
	outlineMarker // "12.", "12.1", "1)"
	enumMarker    // "(a)", "(iv)", "a)", "A."
)

// marker is the numbering at the start of a paragraph.
type marker struct {
	kind markerKind
	// end is the offset just after the numbering and its separators.
	end int
	// depth is the number of levels in an outline or section number:
	// 1 for "12.", 2 for "12.1".
	depth int
}

// level ranks headings for nesting: 1 is an article, larger is deeper.
func (m marker) level() int {
	switch m.kind {
	case articleMarker:
		return 1
	case sectionMarker, outlineMarker:
		return 1 + m.depth
	case enumMarker:
		return 6
	}
	return 0
}

// parseMarker reads the numbering at the start of p: "ARTICLE V", "Article
// 5", "ARTICLE FIVE", "Section 5.2", "SECTION 5", "§ 5.2", "12.", "12.1",
// "12.1.3.", "1)", "(a)", "(iv)", "a)", "A.". It returns noMarker when p
// starts with none, and for an integer without a dot ("30 days").
func parseMarker(p string) marker {
	if p == "" {
		return marker{}
	}
	if kw := keywordLen(p, "article"); kw > 0 {
		if n, _ := articleNumber(p[kw:]); n > 0 {
			return marker{kind: articleMarker, end: skipSeparators(p, kw+n), depth: 1}
		}
		return marker{}
	}
	if kw := keywordLen(p, "section"); kw > 0 {
		if n, d := outlineNumber(p[kw:]); n > 0 {
			return marker{kind: sectionMarker, end: skipSeparators(p, kw+n), depth: d}
		}
		return marker{}
	}
	if strings.HasPrefix(p, "§") {
		kw := len("§")
		for kw < len(p) && p[kw] == ' ' {
			kw++
		}
		if n, d := outlineNumber(p[kw:]); n > 0 {
			return marker{kind: sectionMarker, end: skipSeparators(p, kw+n), depth: d}
		}
		return marker{}
	}
	if n, d := outlineNumber(p); n > 0 {
		dotted := strings.IndexByte(p[:n], '.') >= 0
		if n < len(p) && p[n] == ')' {
			n++
			dotted = true
		}
		if n >= len(p) || p[n] != ' ' {
			return marker{}
		}
		// "22 GOVERNING LAW": a number without a dot numbers a heading
		// only when two words in capitals follow it.
		if !dotted && !capsWordsFollow(p[n+1:], 2) {
			return marker{}
		}
		return marker{kind: outlineMarker, end: skipSeparators(p, n), depth: d}
	}
	if p[0] == '(' {
		j := strings.IndexByte(p, ')')
		if j > 1 && j <= 5 && isEnum(p[1:j]) && j+1 < len(p) && p[j+1] == ' ' {
			return marker{kind: enumMarker, end: skipSeparators(p, j+1), depth: 1}
		}
		return marker{}
	}
	if len(p) > 3 && isLetterByte(p[0]) && (p[1] == ')' || p[1] == '.') && p[2] == ' ' {
		return marker{kind: enumMarker, end: skipSeparators(p, 2), depth: 1}
	}
	return marker{}
}

// capsWordsFollow reports whether s starts with n words in capitals of at
// least two letters each.
func capsWordsFollow(s string, n int) bool {
	for k := 0; k < n; k++ {
		j := strings.IndexByte(s, ' ')
		w := s
		if j >= 0 {
			w = s[:j]
		}
		u, l := letterCase(w)
		if u < 2 || l > 0 {
			return false
		}
		if j < 0 {
			return k+1 == n
		}
		s = s[j+1:]
	}
	return true
}

// keywordLen matches a keyword ("article", "section") at the start of p in
// any case, followed by a space, and returns the offset after the space.
func keywordLen(p, kw string) int {
	if len(p) > len(kw)+1 && strings.EqualFold(p[:len(kw)], kw) && p[len(kw)] == ' ' {
		// "Section" or "SECTION", not "section" in running text.
		if p[0] >= 'A' && p[0] <= 'Z' {
			return len(kw) + 1
		}
	}
	return 0
}

// outlineNumber reads "12", "12.1", "12.1.3." (numbers of up to three
// digits) and returns its length, trailing dot included, and its depth.
func outlineNumber(s string) (n, depth int) {
	i := 0
	for {
		d := digitsLen(s[i:])
		if d == 0 || d > 3 {
			return i, depth
		}
		i += d
		depth++
		if i < len(s) && s[i] == '.' {
			i++
			if i < len(s) && s[i] >= '0' && s[i] <= '9' {
				continue
			}
		}
		// "2.3(a)" keeps its letter
		if i < len(s) && s[i] == '(' {
			if j := strings.IndexByte(s[i:], ')'); j > 1 && j <= 5 && isEnum(s[i+1:i+j]) {
				i += j + 1
			}
		}
		return i, depth
	}
}

// articleNumber reads an article number: arabic, roman or a number word
// in capitals ("ARTICLE FIVE").
func articleNumber(s string) (n, depth int) {
	if n, d := outlineNumber(s); n > 0 {
		return n, d
	}
	j := 0
	for j < len(s) && (s[j] >= 'A' && s[j] <= 'Z') {
		j++
	}
	if j == 0 || j < len(s) && isLetterByte(s[j]) {
		return 0, 0
	}
	w := s[:j]
	if clean.IsRoman(w) || clean.IsNumberWord(w) {
		if j < len(s) && s[j] == '.' {
			j++
		}
		return j, 1
	}
	return 0, 0
}

// isEnum: "a", "B", "iv", "12", "aa".
func isEnum(s string) bool {
	if s == "" || len(s) > 4 {
		return false
	}
	if digitsLen(s) == len(s) {
		return true
	}
	if len(s) == 1 || len(s) == 2 && s[0] == s[1] {
		return isLetterByte(s[0])
	}
	for i := 0; i < len(s); i++ {
		switch s[i] | 0x20 {
		case 'i', 'v', 'x':
		default:
			return false
		}
	}
	return true
}

// skipSeparators moves i past the spaces and punctuation that separate
// numbering from a heading: "12. ", "ARTICLE V — ", "Section 5.2: ".
func skipSeparators(p string, i int) int {
	for i < len(p) {
		switch {
		case p[i] == ' ' || p[i] == '.' || p[i] == ':' || p[i] == '-':
			i++
		case strings.HasPrefix(p[i:], "–") || strings.HasPrefix(p[i:], "—"):
			i += len("—")
		default:
			return i
		}
	}
	return i
}

func digitsLen(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
