package analysis

import "unicode/utf8"

// The ASCII fast path. Contract text is overwhelmingly ASCII, and on ASCII
// the grammar is small enough for a byte loop: UAX#29 joins letters, digits
// and "_" into one segment, joins two letters across ":", "." or "'"
// (WB6/WB7) and two digits across ",", ";", "." or "'" (WB11/WB12), and a
// segment is a token iff it holds a letter or digit. Everything near a
// non-ASCII byte, and every word longer than the maximum token length, goes
// to the general scanner instead.
//
// The text is cut into chunks at cuts: positions c where text[c-1] is an
// ASCII character that no Lucene token contains (a space, "(", "-", "/" …:
// class flags 0) and text[c] is ASCII (so no Extend, Format or ZWJ attaches
// to the separator). No token and no UAX#29 rule reaches across a cut —
// Lucene's scanner starts afresh after a character it cannot use, UAX#29
// always breaks on both sides of such a character unless a combining mark
// follows it, and its look-behind (WB7, WB12) and look-ahead (WB6, WB12)
// stop at it — so the tokens of the text are the tokens of its chunks, and
// each chunk can be analysed by whichever path is sure of it. A chunk is
// taken by the fast path only if it is all ASCII, every word in it fits the
// maximum token length and it has at most maxFastTokens tokens; any other
// chunk goes, with its uncertain neighbours, to the general scanner as if
// the text ended at the chunk's end. TestASCIIFastPathMatchesScanner and
// FuzzASCIIFastPath compare the two paths.

// Kinds of ASCII bytes for the fast path.
const (
	kSep    uint8 = iota // no token contains it (class flags 0): a chunk may end after it
	kLetter              // A–Z, a–z (ALetter)
	kDigit               // 0–9 (Numeric)
	kUnder               // "_" (ExtendNumLet)
	kPunct               // ' . : , ; " # *: joins words or begins emoji; never ends a chunk
	kHigh                // a byte of a non-ASCII character: not for the fast path
)

// asciiKind is the fast path's kind of every byte value. It follows the
// class table, so a byte the table gives any flag to never ends a chunk.
// (It reads luceneClassRanges, not bmpClass, which init fills only after
// package variables are initialised.)
var asciiKind = func() (k [256]uint8) {
	var flags [utf8.RuneSelf]uint16
	for _, r := range luceneClassRanges {
		for c := r.lo; c <= r.hi && c < utf8.RuneSelf; c++ {
			flags[c] = r.flags
		}
	}
	for c := range k {
		switch {
		case c >= utf8.RuneSelf:
			k[c] = kHigh
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
			k[c] = kLetter
		case '0' <= c && c <= '9':
			k[c] = kDigit
		case c == '_':
			k[c] = kUnder
		case flags[c] == 0:
			k[c] = kSep
		default:
			k[c] = kPunct
		}
	}
	return k
}()

// midLetter and midNum report which ASCII characters join two letters
// (MidLetter and MidNumLet, with the apostrophe, Single_Quote) and two
// digits (MidNum and MidNumLet, with the apostrophe).
func midLetter(c byte) bool { return c == ':' || c == '.' || c == '\'' }
func midNum(c byte) bool    { return c == ',' || c == ';' || c == '.' || c == '\'' }

// maxFastTokens bounds the tokens a chunk may hold on the fast path: they
// wait in a fixed array until the chunk is known to be plain ASCII. A chunk
// with more (text without spaces such as "a.1.a.1…") takes the general path.
const maxFastTokens = 16

// analyzeASCII emits the tokens of text: chunks the fast path is sure of
// directly, the others through scan, in text order.
func (a *Analyzer) analyzeASCII(em *emitter, text string) {
	var (
		pending [maxFastTokens][2]int // tokens of the current chunk
		np      int
		chunk   int  // start of the current chunk (a cut)
		slow    = -1 // start of the chunks waiting for the general scanner, or -1
		maxLen  = a.maxTokenLength
	)
	// flush emits what precedes the current chunk and then its tokens.
	flush := func() {
		if slow >= 0 {
			a.scan(em, text[:chunk], slow)
			slow = -1
		}
		for _, t := range pending[:np] {
			em.emit(t[0], t[1])
		}
		np = 0
	}
	for i := 0; i < len(text); {
		switch asciiKind[text[i]] {
		case kSep:
			i++
			if i < len(text) && text[i] >= utf8.RuneSelf {
				break // a combining mark or ZWJ may attach to the separator: no cut
			}
			if np > 0 || slow >= 0 {
				flush()
			}
			chunk = i
			continue
		case kPunct:
			i++
			continue
		case kLetter, kDigit, kUnder:
			// One UAX#29 segment of letters, digits and "_", joined across
			// single MidLetter/MidNum characters where both neighbours are
			// letters or both digits.
			s, alnum := i, false
			for {
				for i < len(text) {
					k := asciiKind[text[i]]
					if k != kLetter && k != kDigit && k != kUnder {
						break
					}
					alnum = alnum || k != kUnder
					i++
				}
				if i+1 >= len(text) {
					break
				}
				p, m, n := asciiKind[text[i-1]], text[i], asciiKind[text[i+1]]
				if p == kLetter && n == kLetter && midLetter(m) || p == kDigit && n == kDigit && midNum(m) {
					i += 2
					continue
				}
				break
			}
			if !alnum {
				continue // "_" alone is no word
			}
			if i-s > maxLen || np == len(pending) {
				break
			}
			pending[np] = [2]int{s, i}
			np++
			continue
		}
		// Only a case that is not sure of the chunk gets here (kHigh, or a
		// break above): the chunk goes to the general scanner, with the text
		// up to the next cut.
		if slow < 0 {
			slow = chunk
		}
		np = 0
		i = nextCut(text, i)
		chunk = i
	}
	flush()
}

// nextCut returns the first cut after i, or len(text).
func nextCut(text string, i int) int {
	for i++; i < len(text); i++ {
		if asciiKind[text[i-1]] == kSep && text[i] < utf8.RuneSelf {
			return i
		}
	}
	return len(text)
}
