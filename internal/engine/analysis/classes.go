package analysis

import "unicode/utf8"

// Class flags of a code point: how Lucene's StandardTokenizer grammar
// (StandardTokenizerImpl.jflex, `%unicode 9` plus Emoji 11 data) treats it.
// The values are derived from Lucene itself by testdata/lucene/Classes.java
// and kept in classes_lucene.go; the bit values must match that program's.
const (
	fCore  uint16 = 1 << iota // ALetter, Hebrew_Letter, Numeric, Katakana: what words are made of
	fENL                      // ExtendNumLet ("_"): joins words, is no word on its own
	fExt                      // Extend, Format, ZWJ: rides on the character before it
	fMid                      // MidLetter, MidNum, MidNumLet, quotes: joins inside a word
	fHan                      // Script=Han: one token per ideograph
	fHira                     // Script=Hiragana: one token per character
	fSA                       // Line_Break=Complex_Context (Thai, Lao, Khmer, Myanmar …): runs are one token
	fEChar                    // emoji character (Extended_Pictographic, Emoji minus keycap bases etc.)
	fEBase                    // Emoji_Modifier_Base (also fEChar)
	fEMod                     // Emoji_Modifier (skin tones)
	fRI                       // Regional_Indicator: pairs are flag emoji
	fKC                       // keycap base that is no word character: # and *
	fKata                     // Katakana (also fCore): joins other letters only through "_"
	fHeb                      // Hebrew_Letter (also fCore): the only letters a quote may follow or join
)

// fStarter marks the characters a token can start with (apart from ExtendNumLet
// and ZWJ, which need a following starter). Every Lucene token contains one.
const fStarter = fCore | fHan | fHira | fSA | fEChar | fEMod | fRI | fKC

// classRange is one run of code points sharing a set of class flags.
type classRange struct {
	lo, hi rune
	flags  uint16
}

// bmpClass holds the flags of every code point of the Basic Multilingual
// Plane, so that the common case is one array load; supplementary code points
// (emoji, rare scripts) use a binary search over luceneClassRanges.
var bmpClass [0x10000]uint16

// supplementary is the tail of luceneClassRanges above the BMP.
var supplementary []classRange

func init() {
	for i, r := range luceneClassRanges {
		if r.lo > 0xFFFF {
			supplementary = luceneClassRanges[i:]
			break
		}
		for c := r.lo; c <= r.hi && c <= 0xFFFF; c++ {
			bmpClass[c] = r.flags
		}
	}
}

// classOf returns the class flags of r (0 for utf8.RuneError from invalid
// input, which Lucene never sees: Java decodes such bytes to U+FFFD, a symbol).
func classOf(r rune) uint16 {
	if r <= 0xFFFF {
		return bmpClass[r]
	}
	lo, hi := 0, len(supplementary)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch c := &supplementary[m]; {
		case r < c.lo:
			hi = m
		case r > c.hi:
			lo = m + 1
		default:
			return c.flags
		}
	}
	return 0
}

// classAt decodes the rune at s[i:] and returns it, its width and its flags.
func classAt(s string, i int) (rune, int, uint16) {
	c := s[i]
	if c < utf8.RuneSelf {
		return rune(c), 1, bmpClass[c]
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n == 1 {
		return r, 1, 0
	}
	return r, n, classOf(r)
}
