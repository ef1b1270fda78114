package clean

import "strings"

// MarkerKind is the style of a clause number.
type MarkerKind uint8

// The styles of clause numbering ReadMarker knows.
const (
	NoMarker      MarkerKind = iota
	ArticleMarker            // "ARTICLE V", "Article 5", "ARTICLE FIVE"
	SectionMarker            // "Section 5.2", "SECTION 5", "SECTION ONE", "§ 5.2"
	OutlineMarker            // "12.", "12.1", "12.1.3.", "2.3(a)", "1)"; "22" before a heading in capitals
	EnumMarker               // "(a)", "(iv)", "(aa)", "(12)", "a)", "A."
)

// Marker is a clause number at the start of a paragraph or a line.
type Marker struct {
	Kind MarkerKind
	// Len is the length of the number, keyword included, without the
	// space after it: 4 for "12.1 Term", 9 for "ARTICLE V – Term".
	Len int
	// Depth is the number of levels of an outline or section number: 1
	// for "12.", 2 for "12.1"; 1 for articles and enumerations.
	Depth int
}

// ReadMarker reads the clause number at the start of s. It is the one
// grammar of clause numbering: cleaning reads it to keep numbering apart
// from the text around it (detached numbers, line joins) and the parser to
// find headings, so the two never disagree on what a number is.
//
//   - ARTICLE: "Article" or "ARTICLE" (a capital first: "article 5" is
//     running text), then an outline number, a roman numeral or a number
//     word in capitals ("ARTICLE FIVE", "ARTICLE TWENTY-ONE"), with an
//     optional dot after either of the last two.
//   - SECTION: "Section" or "SECTION" likewise, then an outline number or
//     a number word, not a roman numeral ("Section II" is mostly a part of
//     a schedule referred to); "§" with or without a space and an outline
//     number.
//   - Outline: numbers of up to three digits joined by dots, an optional
//     last dot, an optional "(a)" ("2.3(a)") or a ")" ("1)"). A number with
//     neither a dot nor a ")" numbers only a heading in capitals: it
//     counts when two words in capitals follow ("22 GOVERNING LAW"), never
//     alone ("7" is a page number, "30 days" a quantity).
//   - Enumeration: "(x)" around one to four digits, one letter, a doubled
//     letter ("aa", after "z") or a roman numeral in i, v and x; or one
//     letter and ")" or "." ("a)", "A.").
//
// An outline number or an enumeration must end s or be followed by a
// space; a keyword's number must not run on into a letter or digit
// ("Section 23A", "§ 80C.14"), unless it ends in a dot.
func ReadMarker(s string) Marker {
	if s == "" {
		return Marker{}
	}
	if kw := keywordLen(s, "Article"); kw > 0 {
		if n, _ := keywordNumber(s[kw:], true); n > 0 {
			return Marker{Kind: ArticleMarker, Len: kw + n, Depth: 1}
		}
		return Marker{}
	}
	if kw := keywordLen(s, "Section"); kw > 0 {
		if n, d := keywordNumber(s[kw:], false); n > 0 {
			return Marker{Kind: SectionMarker, Len: kw + n, Depth: d}
		}
		return Marker{}
	}
	if strings.HasPrefix(s, "§") {
		kw := len("§")
		for kw < len(s) && s[kw] == ' ' {
			kw++
		}
		if n, d := OutlineNumber(s[kw:]); n > 0 && !runsOn(s[kw:], n) {
			return Marker{Kind: SectionMarker, Len: kw + n, Depth: d}
		}
		return Marker{}
	}
	if n, d := OutlineNumber(s); n > 0 {
		closed := strings.IndexByte(s[:n], '.') >= 0
		if n < len(s) && s[n] == ')' {
			n++
			closed = true
		}
		switch {
		case n < len(s) && s[n] != ' ':
			return Marker{}
		case !closed && (n == len(s) || !capsWordsFollow(s[n+1:], 2)):
			return Marker{}
		}
		return Marker{Kind: OutlineMarker, Len: n, Depth: d}
	}
	if s[0] == '(' {
		j := strings.IndexByte(s, ')')
		if j > 1 && j <= 5 && isEnum(s[1:j]) && (j+1 == len(s) || s[j+1] == ' ') {
			return Marker{Kind: EnumMarker, Len: j + 1, Depth: 1}
		}
		return Marker{}
	}
	if len(s) >= 2 && isASCIILetter(s[0]) && (s[1] == ')' || s[1] == '.') && (len(s) == 2 || s[2] == ' ') {
		return Marker{Kind: EnumMarker, Len: 2, Depth: 1}
	}
	return Marker{}
}

// OutlineNumber reads an outline number at the start of s — "12", "12.",
// "12.1", "12.1.3.", "2.3(a)": numbers of up to three digits joined by
// dots, and an optional enumeration in parentheses — and returns its
// length, last dot included, and its depth (the count of numbers). It
// reads the number only; ReadMarker says whether it numbers a clause.
func OutlineNumber(s string) (n, depth int) {
	i := 0
	for {
		d := leadingDigits(s[i:])
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
		if i < len(s) && s[i] == '(' { // "2.3(a)" keeps its letter
			if j := strings.IndexByte(s[i:], ')'); j > 1 && j <= 5 && isEnum(s[i+1:i+j]) {
				i += j + 1
			}
		}
		return i, depth
	}
}

// keywordLen matches kw ("Article") at the start of s with its first
// letter in capitals and the rest in any case ("Article", "ARTICLE"),
// followed by spaces, and returns the offset after them, or 0.
func keywordLen(s, kw string) int {
	if len(s) <= len(kw) || s[0] != kw[0] || !strings.EqualFold(s[:len(kw)], kw) || s[len(kw)] != ' ' {
		return 0
	}
	i := len(kw)
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i
}

// keywordNumber reads the number after "ARTICLE" or "SECTION": an outline
// number, a number word in capitals ("FIVE", "TWENTY-ONE") and, when roman
// is set (articles), a roman numeral in capitals ("V"); the last two may
// take a dot. Roman numerals do not number sections: "Section II" is a
// part of a schedule that running text refers to ("under Transition
// Services Section II"), where "ARTICLE V" is a heading.
func keywordNumber(s string, roman bool) (n, depth int) {
	if n, d := OutlineNumber(s); n > 0 {
		if runsOn(s, n) {
			return 0, 0
		}
		return n, d
	}
	j := capsLen(s)
	if j == 0 {
		return 0, 0
	}
	switch w := s[:j]; {
	case IsNumberWord(w):
		if j < len(s) && s[j] == '-' { // "TWENTY-ONE"
			if k := capsLen(s[j+1:]); k > 0 && IsNumberWord(s[j+1:j+1+k]) {
				j += 1 + k
			}
		}
	case roman && IsRoman(w):
	default:
		return 0, 0
	}
	if isAlnum(s, j) {
		return 0, 0
	}
	if j < len(s) && s[j] == '.' {
		j++
	}
	return j, 1
}

// capsLen returns the length of the run of capital letters A–Z that
// starts s.
func capsLen(s string) int {
	j := 0
	for j < len(s) && s[j] >= 'A' && s[j] <= 'Z' {
		j++
	}
	return j
}

// isAlnum reports whether s[i] is an ASCII letter or digit.
func isAlnum(s string, i int) bool {
	return i < len(s) && (isASCIILetter(s[i]) || s[i] >= '0' && s[i] <= '9')
}

// runsOn reports whether the number s[:n] runs on into a letter or digit
// ("5A", "80C.14"); after a dot ("2.D&O Indemnity") it does not.
func runsOn(s string, n int) bool {
	return s[n-1] != '.' && isAlnum(s, n)
}

// isEnum reports whether s can stand in parentheses as an enumeration:
// up to four digits, one letter, a doubled letter ("aa", "BB": after
// "z"), or a roman numeral in i, v and x ("iv", "xii") in either case.
func isEnum(s string) bool {
	if s == "" || len(s) > 4 {
		return false
	}
	if leadingDigits(s) == len(s) {
		return true
	}
	if len(s) == 1 || len(s) == 2 && s[0] == s[1] {
		return isASCIILetter(s[0])
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

// capsWordsFollow reports whether s starts with n words in capitals of at
// least two letters each.
func capsWordsFollow(s string, n int) bool {
	for k := 0; k < n; k++ {
		j := strings.IndexByte(s, ' ')
		w := s
		if j >= 0 {
			w = s[:j]
		}
		u, l := letterStats(w)
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

// IsNumberWord reports whether w is a number word in capitals, "ONE" to
// "TWENTY", as articles are numbered: "ARTICLE FIVE".
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
