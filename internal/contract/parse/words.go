package parse

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// minorWords may stay lower case inside a title-case heading.
var minorWords = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "or": true, "nor": true, "of": true, "to": true,
	"in": true, "on": true, "for": true, "by": true, "with": true, "at": true, "from": true, "upon": true,
	"under": true, "as": true, "its": true, "their": true, "vs": true, "vs.": true, "versus": true, "per": true,
	"into": true, "between": true, "among": true, "not": true, "other": true, "than": true, "this": true,
	"&": true, "-": true, "–": true, "—": true, "/": true, "any": true, "all": true, "each": true, "no": true,
	"be": true, "after": true, "before": true, "prior": true, "during": true, "within": true, "against": true,
	"our": true, "your": true, "such": true, "certain": true,
}

// verbWords betray a sentence rather than a heading.
var verbWords = map[string]bool{
	"is": true, "are": true, "was": true, "were": true, "shall": true, "will": true, "may": true,
	"must": true, "has": true, "have": true, "had": true, "agrees": true, "agree": true, "means": true,
	"does": true, "do": true, "can": true, "should": true, "would": true, "could": true, "hereby": true,
	"acknowledges": true, "represents": true, "warrants": true, "covenants": true, "been": true,
}

// sentenceStarts never begin an unnumbered heading: a paragraph opening
// "This Agreement." or "In." is a sentence fragment.
var sentenceStarts = map[string]bool{
	"this": true, "these": true, "that": true, "those": true, "it": true, "if": true, "in": true,
	"the": true, "a": true, "an": true, "we": true, "you": true, "i": true, "he": true, "she": true, "they": true,
	"any": true, "each": true, "all": true, "such": true, "no": true, "neither": true, "either": true,
	"upon": true, "for": true, "to": true, "as": true, "at": true, "by": true, "on": true, "with": true,
	"notwithstanding": true, "subject": true, "provided": true, "except": true, "where": true, "when": true,
	"and": true, "or": true, "but": true, "yes": true, "so": true, "there": true, "its": true, "his": true,
	"her": true, "their": true, "our": true, "your": true, "from": true, "of": true, "after": true, "before": true,
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

func isUpperStart(s string) bool { return unicode.IsUpper(firstRune(s)) }

func isLowerStart(s string) bool { return unicode.IsLower(firstRune(s)) }

// letterCase counts the upper- and lower-case letters of s.
func letterCase(s string) (upper, lower int) {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 'A' && c <= 'Z' {
				upper++
			} else if c >= 'a' && c <= 'z' {
				lower++
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsUpper(r) {
			upper++
		} else if unicode.IsLower(r) {
			lower++
		}
		i += n
	}
	return
}

// isCaps reports whether s is written in capitals: at least two capital
// letters and at most one lower-case letter in ten ("ARTICLE 5 TERM",
// "McDONALD'S" pass).
func isCaps(s string) bool {
	u, l := letterCase(s)
	return u >= 2 && l*10 <= u
}

// isCapsWord reports whether a word is in capitals (or has no letters).
func isCapsWord(w string) bool {
	u, l := letterCase(w)
	return l == 0 || u >= 2 && l*10 <= u
}

// bareWord strips the punctuation around a word and lower-cases it.
func bareWord(w string) string {
	w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '&' })
	return strings.ToLower(w)
}

// titleCase turns "GOVERNING LAW AND JURISDICTION" into "Governing Law and
// Jurisdiction": words capitalised, minor words lower case except first.
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		lw := strings.ToLower(w)
		if i > 0 && minorWords[lw] {
			words[i] = lw
			continue
		}
		if len(w) <= 3 && isCapsWord(w) && !minorWords[lw] && !commonShort[lw] {
			// acronyms: "IP", "USA", "FDA"
			continue
		}
		words[i] = capitalise(lw)
	}
	return strings.Join(words, " ")
}

// commonShort are short capitalised words that are words, not acronyms.
var commonShort = map[string]bool{
	"law": true, "fee": true, "fees": true, "tax": true, "use": true, "set": true, "off": true, "new": true,
	"end": true, "day": true, "key": true, "pay": true, "act": true, "due": true, "net": true, "one": true,
	"two": true, "six": true, "ten": true, "way": true, "out": true, "up": true, "cap": true, "gas": true,
	"oil": true, "age": true, "war": true, "art": true, "top": true, "may": true, "own": true, "web": true,
	"non": true, "re": true, "sub": true, "co": true, "pre": true, "per": true, "key.": true, "see": true,
	"if": true, "it": true, "we": true, "be": true, "go": true, "do": true, "so": true, "us": true, "is": true,
	"are": true, "was": true, "has": true, "had": true, "our": true, "its": true, "who": true, "why": true,
	"how": true, "rights": true, "term": true, "site": true,
}

// capitalise upper-cases the first letter of each hyphen- or
// slash-separated part: "non-solicitation" → "Non-Solicitation".
func capitalise(w string) string {
	var b strings.Builder
	up := true
	for _, r := range w {
		if up && unicode.IsLetter(r) {
			b.WriteRune(unicode.ToUpper(r))
			up = false
			continue
		}
		if r == '-' || r == '/' || r == '(' || r == '"' || r == '“' {
			up = true
		} else if unicode.IsLetter(r) {
			up = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// collapse trims s and makes every run of white space one space.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
