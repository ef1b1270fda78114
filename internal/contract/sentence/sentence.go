// Package sentence owns the one rule of where a sentence of contract text
// ends, which the parser (the sentence around a governing-law statement
// or an inline definition) and the clause-type text rules (whose patterns
// never cross a sentence end) share: a period ends a sentence unless it
// is inside a number or a name ("Section 2.3", "11.2(b)", "www.sec.gov"),
// before a comma ("Acme Inc., a Delaware corporation"), or ends an
// abbreviation ("Inc.", "No.", "U.S.", "e.g.").
package sentence

import "strings"

// abbreviations are the words a period follows without ending the
// sentence: legal forms, titles, reference words, months. "etc." and
// "Inc." do end a sentence now and then; reading on into the next one
// costs less than cutting a sentence in two at every company name.
var abbreviations = map[string]bool{
	"inc": true, "ltd": true, "co": true, "corp": true, "no": true, "nos": true, "mr": true, "mrs": true,
	"ms": true, "dr": true, "st": true, "v": true, "vs": true, "jr": true, "sr": true, "plc": true,
	"llc": true, "et": true, "al": true, "cf": true, "approx": true, "dept": true, "sec": true, "art": true,
	"para": true, "etc": true, "assoc": true, "jan": true, "feb": true, "mar": true, "apr": true,
	"jun": true, "jul": true, "aug": true, "sep": true, "sept": true, "oct": true, "nov": true, "dec": true,
}

// IsAbbreviation reports whether w, a word without its final period and
// in any case ("Inc", "U.S", "e.g"), is an abbreviation a period does not
// end a sentence after: one of the common ones, or letters dotted in
// ones or twos ("U.S", "e.g", "L.L.C", "S.p.A").
func IsAbbreviation(w string) bool {
	if w == "" {
		return false
	}
	l := strings.ToLower(w)
	if abbreviations[l] {
		return true
	}
	if !strings.Contains(l, ".") {
		return false
	}
	for part := range strings.SplitSeq(l, ".") {
		if len(part) == 0 || len(part) > 2 {
			return false
		}
		for i := 0; i < len(part); i++ {
			if part[i] < 'a' || part[i] > 'z' {
				return false
			}
		}
	}
	return true
}

// EndsAt reports whether the period at text[i] ends a sentence. It does
// unless a letter, a digit or a comma follows it at once ("2.3",
// "U.S.A", "Inc.,") or the word it ends is an abbreviation ("Inc. shall",
// "U.S. Patent", "No. 5"); at the end of the text it always does. Only
// ASCII bytes next to the period are read, so the answer is the same on
// the text and on its lower-cased, space-collapsed form.
func EndsAt(text string, i int) bool {
	if i+1 >= len(text) {
		return true
	}
	if c := text[i+1]; isAlnum(c) || c == ',' {
		return false
	}
	return !IsAbbreviation(wordBefore(text, i))
}

// wordBefore returns the run of ASCII letters and periods that ends at
// offset i of text (exclusive): "U.S" before the last period of "U.S.",
// "" after a digit or a space.
func wordBefore(text string, i int) string {
	j := i
	for j > 0 && (isLetter(text[j-1]) || text[j-1] == '.') && i-j < 16 {
		j--
	}
	if j > 0 && isAlnum(text[j-1]) {
		return "" // "12a.": not a word
	}
	return strings.TrimLeft(text[j:i], ".")
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isAlnum(c byte) bool  { return isLetter(c) || '0' <= c && c <= '9' }
