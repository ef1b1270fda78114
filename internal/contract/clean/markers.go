package clean

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// numberLen returns the length of an outline number at the start of s —
// "12", "12.", "12.1", "12.1.3.", "IV." is not one — or 0.
func numberLen(s string) int {
	i := 0
	for {
		n := leadingDigits(s[i:])
		if n == 0 || n > 3 {
			if i == 0 {
				return 0
			}
			return i
		}
		i += n
		if i < len(s) && s[i] == '.' {
			i++
			if i < len(s) && s[i] >= '0' && s[i] <= '9' {
				continue
			}
		}
		return i
	}
}

// isBareMarker reports whether s is only numbering: "1.", "2.1", "(a)",
// "(iv)", "a)", "A.". A bare integer without a dot is a page number and is
// not one.
func isBareMarker(s string) bool {
	if n := numberLen(s); n > 0 {
		return n == len(s) && strings.ContainsRune(s, '.') || (n+1 == len(s) && s[n] == ')')
	}
	if len(s) >= 3 && s[0] == '(' && s[len(s)-1] == ')' {
		return isSimpleEnum(s[1 : len(s)-1])
	}
	if len(s) >= 2 && (s[len(s)-1] == ')' || s[len(s)-1] == '.') {
		inner := s[:len(s)-1]
		return len(inner) == 1 && isSimpleEnum(inner)
	}
	return false
}

// isSimpleEnum: "a", "B", "iv", "12".
func isSimpleEnum(s string) bool {
	if s == "" || len(s) > 4 {
		return false
	}
	if leadingDigits(s) == len(s) {
		return true
	}
	if len(s) == 1 {
		c := s[0] | 0x20
		return c >= 'a' && c <= 'z'
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

// markerPrefix returns the length of the numbering that starts s and is
// followed by a space — "12. ", "12.1 ", "(a) ", "a) ", "A. ",
// "Section 5.2 ", "ARTICLE V ", "§ 5 " — or 0.
func markerPrefix(s string) int {
	if n := numberLen(s); n > 0 {
		if n < len(s) && s[n] == ')' {
			n++
		}
		if n < len(s) && s[n] == ' ' && (strings.ContainsRune(s[:n], '.') || s[n-1] == ')') {
			return n
		}
		return 0
	}
	if s == "" {
		return 0
	}
	if s[0] == '(' {
		j := strings.IndexByte(s, ')')
		if j > 1 && j < 6 && isSimpleEnum(s[1:j]) && j+1 < len(s) && s[j+1] == ' ' {
			return j + 1
		}
		return 0
	}
	if len(s) > 3 && (s[1] == '.' || s[1] == ')') && s[2] == ' ' && isASCIILetter(s[0]) {
		return 2
	}
	if w := keywordMarker(s); w > 0 {
		return w
	}
	return 0
}

// keywordMarker matches "Section 5.2", "SECTION 5", "Article 5", "ARTICLE V",
// "ARTICLE FIVE", "§ 5.2" at the start of s and returns its length.
func keywordMarker(s string) int {
	var rest string
	var kw int
	switch {
	case hasPrefixFold(s, "section "):
		kw = 8
	case hasPrefixFold(s, "article "):
		kw = 8
	case strings.HasPrefix(s, "§"):
		kw = len("§")
		if kw < len(s) && s[kw] == ' ' {
			kw++
		}
	default:
		return 0
	}
	rest = s[kw:]
	if n := numberLen(rest); n > 0 {
		return kw + n
	}
	// roman numerals or a number word, upper case only ("ARTICLE V").
	n := 0
	for n < len(rest) && (rest[n] >= 'A' && rest[n] <= 'Z') {
		n++
	}
	if n == 0 {
		return 0
	}
	word := rest[:n]
	if IsRoman(word) || IsNumberWord(word) {
		if n < len(rest) && rest[n] == '.' {
			n++
		}
		return kw + n
	}
	return 0
}

// IsNumberWord reports whether w is a number word in capitals, "ONE" to
// "TWENTY", as articles are numbered: "ARTICLE FIVE".
//
// IsNumberWord and IsRoman are the one reading of article numbers in
// words: cleaning recognises numbering with them and the parser
// (internal/contract/parse) reads headings with them.
func IsNumberWord(w string) bool { return numberWords[w] }

var numberWords = map[string]bool{
	"ONE": true, "TWO": true, "THREE": true, "FOUR": true, "FIVE": true, "SIX": true, "SEVEN": true,
	"EIGHT": true, "NINE": true, "TEN": true, "ELEVEN": true, "TWELVE": true, "THIRTEEN": true,
	"FOURTEEN": true, "FIFTEEN": true, "SIXTEEN": true, "SEVENTEEN": true, "EIGHTEEN": true,
	"NINETEEN": true, "TWENTY": true,
}

// IsRoman reports whether s is a roman numeral in capitals of up to seven
// letters from I, V, X, L and C ("IV", "XII"); it does not check the
// numeral is well formed.
func IsRoman(s string) bool {
	if s == "" || len(s) > 7 {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 'I', 'V', 'X', 'L', 'C':
		default:
			return false
		}
	}
	return true
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
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
