package contract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Slug turns a name into the lower-case hyphenated form used in
// values and group ids: "People's Republic of China" → "peoples-republic-of-china",
// "Côte d'Ivoire" → "cote-divoire", "Co-Branding Agreement" →
// "co-branding-agreement". Apostrophes vanish, accents are dropped, every
// other run of non-alphanumerics becomes one hyphen. Letters of scripts
// without an ASCII base are kept, lower-cased.
func Slug(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	pendingHyphen := false
	write := func(r rune) {
		if pendingHyphen && b.Len() > 0 {
			b.WriteByte('-')
		}
		pendingHyphen = false
		b.WriteRune(r)
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
				write(rune(c))
			case c >= 'A' && c <= 'Z':
				write(rune(c + 'a' - 'A'))
			case c == '\'':
			default:
				pendingHyphen = true
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == '’' || r == '‘' || r == 'ʼ':
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			// Decompose and keep the ASCII base letters: é → e.
			for _, d := range norm.NFD.String(string(r)) {
				switch {
				case d < utf8.RuneSelf && (d >= 'a' && d <= 'z' || d >= '0' && d <= '9'):
					write(d)
				case d < utf8.RuneSelf && d >= 'A' && d <= 'Z':
					write(d + 'a' - 'A')
				case unicode.Is(unicode.Mn, d):
				case d >= utf8.RuneSelf && (unicode.IsLetter(d) || unicode.IsDigit(d)):
					write(unicode.ToLower(d))
				}
			}
		default:
			pendingHyphen = true
		}
	}
	return b.String()
}
