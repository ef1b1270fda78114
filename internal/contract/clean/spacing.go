package clean

import "strings"

// letterSpaced rejoins the words of a line that OCR read letter-spaced:
// one space inside a word where the font's kerning opened a gap, two or
// more between words ("As  an  i nducemen t  t o  K iosk  Concep t s ,
// I nc ." → "As an inducement to Kiosk Concepts, Inc."). A stretch
// between gaps of two or more spaces is joined when it holds what no
// English word does — a lone lower-case letter other than "a", or two or
// three lower-case letters without a vowel ("nc") — or a lone capital
// other than "A" or "I" before lower case ("K iosk"), and its pieces are
// short but for one that is not the last: kerning breaks a word into
// short pieces ("i nducemen t"), so "o f confidentiality", a spaced word
// run into a whole one, stays as it is. Only a line with two such
// stretches is read this way, so that one "(b) x" or a table row
// "Series B  Series C" is left alone. A gap between two words — each a
// joined stretch or a stretch of one piece — in a run of such words that
// holds a joined one becomes one space; a gap next to a stretch of
// several words (a heading before the spaced text, a sentence after it)
// stays, for the pieces rule.
func letterSpaced(t string) string {
	if !strings.Contains(t, "  ") || !hasLoneLetter(t) {
		return t
	}
	var groups, gaps []string
	for rest := t; rest != ""; {
		i := strings.Index(rest, "  ")
		if i < 0 {
			groups = append(groups, rest)
			break
		}
		groups = append(groups, rest[:i])
		j := i
		for j < len(rest) && rest[j] == ' ' {
			j++
		}
		gaps = append(gaps, rest[i:j])
		rest = rest[j:]
	}
	strong := 0
	for _, g := range groups {
		if s, ok := spacedWord(g); ok && s {
			strong++
		}
	}
	if strong < 2 {
		return t
	}
	// word: the stretch is one word; joined: OCR spaced it out.
	word, joined := make([]bool, len(groups)), make([]bool, len(groups))
	for i, g := range groups {
		if _, ok := spacedWord(g); ok {
			groups[i] = strings.ReplaceAll(g, " ", "")
			word[i], joined[i] = true, true
		} else {
			word[i] = !strings.Contains(g, " ")
		}
	}
	// A run of words closes its gaps only when it holds a joined word:
	// "PARAMETER   TEST   STANDARD", a table's header on the same line,
	// keeps them.
	closes := make([]bool, len(groups))
	for i := 0; i < len(groups); {
		j, has := i, false
		for j < len(groups) && word[j] {
			has = has || joined[j]
			j++
		}
		for k := i; k < j; k++ {
			closes[k] = has
		}
		i = max(j, i+1)
	}
	var b strings.Builder
	b.Grow(len(t))
	for i, g := range groups {
		if i > 0 {
			if closes[i-1] && closes[i] && len(gaps[i-1]) < 6 {
				b.WriteByte(' ')
			} else {
				b.WriteString(gaps[i-1])
			}
		}
		b.WriteString(g)
	}
	return b.String()
}

// hasLoneLetter reports whether t holds a lower-case letter other than
// "a" standing alone between spaces: the cheap test every line takes
// before letterSpaced reads it.
func hasLoneLetter(t string) bool {
	for i := 1; i+1 < len(t); i++ {
		if c := t[i]; c >= 'b' && c <= 'z' && t[i-1] == ' ' && t[i+1] == ' ' {
			return true
		}
	}
	return false
}

// spacedWord reports whether a stretch of a line between wide gaps is one
// word OCR spaced out (ok), and whether it holds a piece no word can be
// (strong) rather than only a lone capital before lower case or
// punctuation spaced off its word (`( "Company" )`). A lone "o"
// or "x" is no evidence: they are a bullet and a multiplication sign. A
// stretch with a digit, a piece ending a sentence or a label before its
// last, a capital after a piece in lower case ("o f FTEs") or more than
// 20 bytes joined is more than one word.
func spacedWord(g string) (strong, ok bool) {
	parts := strings.Split(g, " ")
	if len(parts) < 2 || len(g)-len(parts)+1 > 20 || strings.ContainsAny(g, "0123456789") {
		return false, false
	}
	weak, long, letters := false, 0, false
	for k, p := range parts {
		last := k == len(parts)-1
		if len(p) > 6 {
			long++
			if long > 1 || last {
				return false, false
			}
		}
		if p == "" || !last && strings.ContainsAny(p[len(p)-1:], ".:;") {
			return false, false
		}
		if i := strings.IndexFunc(p, isASCIILetterRune); i >= 0 {
			if letters && p[i] >= 'A' && p[i] <= 'Z' {
				return false, false
			}
			letters = true
		}
		switch {
		case len(p) == 1 && p[0] >= 'b' && p[0] <= 'z' && p != "o" && p != "x":
			strong = true
		case len(p) >= 2 && len(p) <= 3 && IsLowerASCII(p) && !strings.ContainsAny(p, "aeiouy"):
			strong = true
		case len(p) == 1 && p[0] >= 'B' && p[0] <= 'Z' && p != "I" && !last && parts[k+1] != "" && parts[k+1][0] >= 'a' && parts[k+1][0] <= 'z':
			weak = true
		case !strings.ContainsFunc(p, isASCIILetterRune):
			weak = true // punctuation spaced off its word: ( "Company" )
		}
	}
	return strong, strong || weak
}

// isASCIILetterRune reports whether r is an ASCII letter.
func isASCIILetterRune(r rune) bool { return r < 0x80 && isASCIILetter(byte(r)) }

// IsLowerASCII reports whether s is a non-empty run of lower-case ASCII
// letters.
func IsLowerASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return s != ""
}
