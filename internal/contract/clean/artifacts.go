package clean

import (
	"strings"
)

// isPageArtifact reports whether a whole piece is a page number, a
// "Source:" footer or a page break (rule 3).
func isPageArtifact(s string) bool {
	if s == "\f" {
		return true
	}
	if strings.HasPrefix(s, "Source: ") {
		return endsWithDate(s)
	}
	return isPageNumber(s)
}

// isPageNumber recognises "7", "- 7 -", "[7]", "Page 7", "PAGE 7 OF 75",
// "7 of 75", "7/75" and lower-case roman page numbers up to "xxx".
func isPageNumber(s string) bool {
	s = strings.Trim(s, " -–—[]()")
	if s == "" {
		return false
	}
	if len(s) > 5 && strings.EqualFold(s[:5], "page ") {
		s = strings.TrimSpace(s[5:])
	}
	n := leadingDigits(s)
	if n == 0 {
		return isRomanPage(s)
	}
	if n > 4 {
		return false
	}
	rest := strings.TrimSpace(s[n:])
	switch {
	case rest == "":
		return true
	case rest[0] == '/':
		rest = strings.TrimSpace(rest[1:])
	case len(rest) > 3 && strings.EqualFold(rest[:3], "of "):
		rest = strings.TrimSpace(rest[3:])
	default:
		return false
	}
	m := leadingDigits(rest)
	return m > 0 && m <= 4 && m == len(rest)
}

func isRomanPage(s string) bool {
	if len(s) == 0 || len(s) > 5 {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 'i', 'v', 'x':
		default:
			return false
		}
	}
	return true
}

func leadingDigits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// endsWithDate reports whether s ends with a m/d/yy or m/d/yyyy date, as
// the "Source: COMPANY, FORM, 5/20/2014" footers of EDGAR-derived text do.
func endsWithDate(s string) bool {
	s = strings.TrimRight(s, " .")
	// yyyy or yy
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	if y := len(s) - i; y != 2 && y != 4 {
		return false
	}
	for part := 0; part < 2; part++ {
		if i == 0 || s[i-1] != '/' {
			return false
		}
		i--
		j := i
		for j > 0 && s[j-1] >= '0' && s[j-1] <= '9' {
			j--
		}
		if d := i - j; d < 1 || d > 2 {
			return false
		}
		i = j
	}
	return true
}

// stripInline removes "Page 7 of 75" and "Source: COMPANY, FORM, 5/20/2014"
// from inside a piece, where text extracted without line breaks keeps them.
func stripInline(s string) string {
	if strings.Contains(s, "Source: ") {
		s = stripSourceFooters(s)
	}
	if strings.Contains(s, "age ") || strings.Contains(s, "AGE ") {
		s = stripPageOf(s)
	}
	return s
}

func stripSourceFooters(s string) string {
	var b strings.Builder
	rest := s
	changed := false
	for {
		i := strings.Index(rest, "Source: ")
		if i < 0 {
			break
		}
		// A footer is short: company, form, date.
		end := footerEnd(rest[i:])
		if end < 0 {
			b.WriteString(rest[:i+8])
			rest = rest[i+8:]
			continue
		}
		changed = true
		b.WriteString(strings.TrimRight(rest[:i], " "))
		b.WriteByte(' ')
		rest = strings.TrimLeft(rest[i+end:], " ")
	}
	if !changed {
		return s
	}
	b.WriteString(rest)
	return strings.TrimSpace(b.String())
}

// footerEnd returns the length of the "Source: …, m/d/yyyy" footer at the
// start of s, or -1: the first date within 160 bytes, after two commas.
func footerEnd(s string) int {
	limit := min(len(s), 160)
	commas := 0
	for i := 8; i < limit; i++ {
		switch c := s[i]; {
		case c == ',':
			commas++
		case c == '/' && commas >= 2:
			// back up to the month, forward past the year
			j := i
			for j > 0 && s[j-1] >= '0' && s[j-1] <= '9' {
				j--
			}
			k := i + 1
			for k < len(s) && (s[k] >= '0' && s[k] <= '9' || s[k] == '/') {
				k++
			}
			if endsWithDate(s[:k]) && j < i {
				return k
			}
			return -1
		}
	}
	return -1
}

// stripPageOf removes "Page N of M" (any case) inside s.
func stripPageOf(s string) string {
	var b strings.Builder
	changed := false
	last := 0
	for i := 0; i+5 <= len(s); i++ {
		if (s[i] != 'P' && s[i] != 'p') || !strings.EqualFold(s[i:i+5], "page ") {
			continue
		}
		if i > 0 && isWordByte(s[i-1]) {
			continue
		}
		j := i + 5
		n := leadingDigits(s[j:])
		if n == 0 || n > 4 {
			continue
		}
		j += n
		if !(j+4 <= len(s) && strings.EqualFold(s[j:j+4], " of ")) {
			continue
		}
		k := j + 4
		m := leadingDigits(s[k:])
		if m == 0 || m > 4 {
			continue
		}
		k += m
		if k < len(s) && isWordByte(s[k]) {
			continue
		}
		b.WriteString(strings.TrimRight(s[last:i], " "))
		b.WriteByte(' ')
		last = k
		for last < len(s) && s[last] == ' ' {
			last++
		}
		i = last - 1
		changed = true
	}
	if !changed {
		return s
	}
	b.WriteString(s[last:])
	return strings.TrimSpace(b.String())
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// headerKey is the form in which running headers are compared: lower case,
// digits as '#', spaces collapsed. It returns "" for pieces that must never
// be taken for a running header: long ones, numbering, redaction markers.
func headerKey(s string) string {
	if len(s) > 120 || isBareMarker(s) {
		return ""
	}
	var b strings.Builder
	letters := 0
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
			letters++
		case c >= 'a' && c <= 'z':
			letters++
		case c >= '0' && c <= '9':
			c = '#'
		case c == ' ':
			if space {
				continue
			}
			space = true
			b.WriteByte(' ')
			continue
		}
		space = false
		b.WriteByte(c)
	}
	if letters < 3 {
		return ""
	}
	return b.String()
}
