package clean

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// isBareMarker reports whether s is only numbering: "1.", "2.1", "(a)",
// "(iv)", "a)", "A.", "1)" (ReadMarker's outline numbers and
// enumerations). A bare integer without a dot is a page number and is not
// one.
func isBareMarker(s string) bool {
	m := ReadMarker(s)
	return (m.Kind == OutlineMarker || m.Kind == EnumMarker) && m.Len == len(s)
}

// markerPrefix returns the length of the numbering that starts s and is
// followed by more text — "12. ", "12.1 ", "(a) ", "a) ", "A. ",
// "Section 5.2 ", "ARTICLE V ", "§ 5 " (ReadMarker) — or 0.
func markerPrefix(s string) int {
	if m := ReadMarker(s); m.Kind != NoMarker && m.Len < len(s) {
		return m.Len
	}
	return 0
}

// isKeywordMarker reports whether s is only an article or section number:
// "ARTICLE V", "Section 5.2".
func isKeywordMarker(s string) bool {
	m := ReadMarker(s)
	return (m.Kind == ArticleMarker || m.Kind == SectionMarker) && m.Len == len(s)
}

// isBullet reports whether s starts with a bullet and a space.
func isBullet(s string) bool {
	r, n := utf8.DecodeRuneInString(s)
	switch r {
	case '•', '●', '▪', '■', '◦', '·', '–', '—', '-', '*', '\uf0b7', '➢', '✓':
		return n < len(s) && s[n] == ' '
	}
	return false
}

// startsDefinition reports whether s starts with a quoted term followed by
// a defining verb: `"Affiliate" means`, `“Term” shall have the meaning`.
func startsDefinition(s string) bool {
	q, n := utf8.DecodeRuneInString(s)
	if q != '"' && q != '“' && q != '\'' && q != '‘' {
		return false
	}
	end := -1
	for i := n; i < len(s) && i < 120; {
		r, m := utf8.DecodeRuneInString(s[i:])
		if r == '"' || r == '”' || r == '\'' && i+m < len(s) && s[i+m] == ' ' || r == '’' && i+m < len(s) && s[i+m] == ' ' {
			end = i + m
			break
		}
		i += m
	}
	if end < 0 {
		return false
	}
	rest := strings.TrimLeft(s[end:], " ,")
	for _, v := range definingVerbs {
		if strings.HasPrefix(rest, v) {
			return true
		}
	}
	return false
}

var definingVerbs = []string{"means", "mean ", "shall mean", "shall have", "has the meaning", "have the meaning", "refers to", "shall refer", "includes", "shall include", "is defined", "is used", "or "}

// letterStats counts upper- and lower-case letters of s.
func letterStats(s string) (upper, lower int) {
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			c := byte(r)
			if c >= 'A' && c <= 'Z' {
				upper++
			} else if c >= 'a' && c <= 'z' {
				lower++
			}
		case unicode.IsUpper(r):
			upper++
		case unicode.IsLower(r):
			lower++
		}
	}
	return
}

// isCapsLine reports whether s reads as a capitalised heading line:
// at least four letters, at most one lower-case letter in ten, short.
func isCapsLine(s string) bool {
	if len(s) > 150 || isRedaction(s) {
		return false
	}
	u, l := letterStats(s)
	return u >= 4 && l*10 <= u
}

// isRedaction reports whether s is only a confidential-treatment marker
// such as "[***]" or "[* * *]".
func isRedaction(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[', ']', '*', ' ', '{', '}', '(', ')', '.':
		default:
			return false
		}
	}
	return true
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func startsUpper(s string) bool {
	r := firstRune(s)
	return unicode.IsUpper(r)
}

func startsLower(s string) bool {
	r := firstRune(s)
	return unicode.IsLower(r)
}
