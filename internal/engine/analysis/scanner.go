package analysis

import (
	"unicode/utf8"

	"github.com/clipperhouse/uax29/v2/words"
)

// Characters the emoji grammar names.
const (
	zwj        = '\u200D'     // ZERO WIDTH JOINER
	presSel    = '\uFE0F'     // VARIATION SELECTOR-16, emoji presentation
	textSel    = '\uFE0E'     // VARIATION SELECTOR-15, text presentation
	keycapMark = '\u20E3'     // COMBINING ENCLOSING KEYCAP
	tagSpecLo  = '\U000E0020' // TAG SPACE … TAG TILDE
	tagSpecHi  = '\U000E007E'
	tagTerm    = '\U000E007F' // CANCEL TAG
)

// scanner finds Lucene's StandardTokenizer tokens in text[:limit]: it walks
// the UAX#29 word segments of the uax29 library and applies, per segment,
// what Lucene's JFlex grammar makes of the same characters (see doc.go).
// It ignores the maximum token length; Analyzer applies it.
//
// A scanner lives on its caller's stack: it holds no pointers into shared
// state, so concurrent Analyze calls need no locking.
type scanner struct {
	text  string
	limit int                    // the text ends here for the grammar (a window end, or len(text))
	it    words.Iterator[string] // segments of text[base:limit]
	base  int

	// One segment of lookahead, given back when a Southeast Asian run or a
	// word that could have gone on past its segment ends after all.
	peeked       bool
	peekA, peekZ int
}

// init prepares s to scan text[start:limit].
func (s *scanner) init(text string, start, limit int) {
	s.text, s.limit = text, limit
	s.it = *words.FromString(text[start:limit])
	s.base = start
	s.peeked = false
}

// restart makes scanning continue at p with a fresh UAX#29 state, as
// Lucene's scanner starts each token afresh where the previous match ended.
func (s *scanner) restart(p int) {
	s.peeked = false
	s.base = p
	s.it.SetText(s.text[p:s.limit])
}

// segment returns the next UAX#29 segment [a, z).
func (s *scanner) segment() (a, z int, ok bool) {
	if s.peeked {
		s.peeked = false
		return s.peekA, s.peekZ, true
	}
	if !s.it.Next() {
		return 0, 0, false
	}
	return s.base + s.it.Start(), s.base + s.it.End(), true
}

// next returns the byte range of the next token, or ok == false at the end.
func (s *scanner) next() (start, end int, ok bool) {
	t := s.text
	for {
		a, z, ok := s.segment()
		if !ok {
			return 0, 0, false
		}
		if t[a] < utf8.RuneSelf {
			// Pure ASCII segments are the bulk of contract text; on them
			// UAX#29 and Lucene agree: a segment is a token iff it has a
			// letter or digit ("_" alone is none).
			if ascii, alnum := asciiSegment(t[a:z]); ascii {
				if alnum {
					return a, z, true
				}
				continue
			}
		}
		if start, end, ok := s.complex(a, z); ok {
			return start, end, true
		}
	}
}

// asciiSegment reports whether seg is pure ASCII and whether it holds a
// letter or digit.
func asciiSegment(seg string) (ascii, alnum bool) {
	var or byte
	for i := 0; i < len(seg); i++ {
		or |= seg[i]
	}
	if or >= utf8.RuneSelf {
		return false, false
	}
	for i := 0; i < len(seg); i++ {
		if bmpClass[seg[i]]&fCore != 0 {
			return true, true
		}
	}
	return true, false
}

// complex handles a segment with non-ASCII characters. It returns the token
// the segment starts with, if any, and arranges for scanning to continue
// where Lucene's next match would start.
func (s *scanner) complex(a, z int) (start, end int, ok bool) {
	r, n, f := classAt(s.text, a)
	switch {
	case f&(fCore|fENL) != 0:
		// A word: Lucene's ALPHANUM/NUM/KATAKANA/HANGUL rules. A letter that
		// is also an emoji (Ⓜ, ℹ) takes the longer of the two matches, as
		// JFlex does.
		e, core := s.word(a, z)
		if f&fEChar != 0 {
			e = max(e, s.emoji(a))
		}
		if !core {
			return s.drop(a+n, z) // "_" runs: ExtendNumLet alone is no word
		}
		end = e
	case f&fSA != 0:
		// Thai, Lao, Khmer, Myanmar …: Lucene keeps a whole run of
		// Complex_Context characters as one token; UAX#29 splits it into
		// one segment per character.
		end = s.run(a+n, z, fSA|fExt)
		if end == z {
			return a, s.mergeSA(z), true
		}
	case f&(fHan|fHira) != 0:
		end = s.run(a+n, z, fExt) // one ideograph or kana (with its marks) per token
	case f&(fEChar|fEMod|fRI|fKC) != 0 || r == zwj:
		end = s.emoji(a)
		if end == a {
			return s.drop(a+n, z) // a lone regional indicator, '#' without keycap …
		}
	default:
		return s.drop(a+n, z) // punctuation, symbols, spaces
	}
	if end != z {
		s.restart(end)
	}
	return a, end, true
}

// drop skips a segment that starts no token. Lucene skips such characters one
// at a time, so a token may still start inside the segment (a skin-tone
// modifier or a ZWJ-joined emoji, which UAX#29 attaches to what precedes
// them); scanning resumes there.
func (s *scanner) drop(p, z int) (int, int, bool) {
	if q := s.nextStarter(p, z); q < z {
		s.restart(q)
	}
	return 0, 0, false
}

// nextStarter returns the first position in [p, z) where a token can start,
// or z. A ZWJ run right before an emoji belongs to it (the grammar's
// "ZWJ* emoji"), also when UAX#29 ends the segment between them (it joins a
// ZWJ only to what it calls Extended_Pictographic, Lucene to more).
func (s *scanner) nextStarter(p, z int) int {
	t := s.text
	for i := p; i < z; {
		_, n, f := classAt(t, i)
		if f&fStarter != 0 {
			if f&fEChar != 0 {
				i = zwjRunStart(t, p, i)
			}
			return i
		}
		i += n
	}
	if q := zwjRunStart(t, p, z); q < z {
		e := z
		for e+3 <= s.limit && t[e:e+3] == "\u200d" {
			e += 3
		}
		if e < s.limit {
			if _, _, f := classAt(t, e); f&fEChar != 0 {
				return q
			}
		}
	}
	return z
}

// zwjRunStart returns the start of the run of ZWJs ending at i, not before p.
func zwjRunStart(t string, p, i int) int {
	for i-3 >= p && t[i-3:i] == "\u200d" {
		i -= 3
	}
	return i
}

// word returns the end of the Lucene word starting at a, in the UAX#29
// segment [a, z) or beyond it, and whether it has a word character (not only
// "_").
//
// Inside a segment UAX#29 (Unicode 17) and Lucene's grammar (Unicode 9)
// mostly agree. They differ where a character is classed differently — an
// emoji after a ZWJ (UAX#29 WB3c joins it, Lucene ends the word), a
// skin-tone modifier (Extend since Unicode 11, an emoji token of its own for
// Lucene), a letter newer than Unicode 9 — and where Lucene's word grammar is
// not UAX#29's rules. A Lucene word is a sequence of groups: a Katakana run,
// a letter run, a number (letter and number runs joined by MidLetter/MidNum
// such as "." or ","), a Hebrew letter with a quote (א' or א"ב). So:
//   - Katakana meets other letters only through "_" (UAX#29 also joins
//     them through a ZWJ and an emoji that is a letter, such as ℹ);
//   - a Hebrew letter takes a final ' (WB7a) or joins א"ב (WB7b/c) only
//     where it starts a group, not after a MidLetter; and after א"ב the
//     word may go on with a new group but not with a MidLetter;
//   - after a Hebrew letter's final ' a new group may follow directly
//     ("ב'1", "ב'_"), where UAX#29 breaks: the word goes on into the next
//     segment.
//
// Where Lucene stops early the word ends after its last letter, digit or
// "_" (with their marks): a trailing MidLetter is never part of a word.
func (s *scanner) word(a, z int) (end int, core bool) {
	t := s.text
	var (
		good     = a     // end of the last character that may end a word
		enl      = false // "_" since the last word character: a group of any kind may start
		newGroup = true  // the next word character starts a group
		kata     = false // the last word character is Katakana
		heb      = false // the last word character is a Hebrew letter that started a group
		closedDQ = false // the last word character closed a א"ב group: no MidLetter may follow
		afterDQ  = false // the last MidLetter was '"'
		quoteEnd = false // the word so far ends with a Hebrew letter's final quote
	)
	for i := a; ; {
		for i < z {
			r, n, f := classAt(t, i)
			switch {
			case f&fCore != 0:
				k := f&fKata != 0
				if core && k != kata && !enl {
					return good, core
				}
				heb = f&fHeb != 0 && newGroup
				closedDQ = afterDQ
				kata, core, newGroup, enl, afterDQ, quoteEnd = k, true, true, false, false, false
				good = i + n
			case f&fEChar != 0:
				return good, core
			case f&fENL != 0:
				good = i + n
				enl, newGroup, heb, closedDQ, quoteEnd = true, true, false, false, false
			case f&fExt != 0:
				if good == i {
					good = i + n
				}
			case f&fMid != 0:
				switch {
				case closedDQ:
					return good, core
				case r == '\'' && heb:
					good = i + n // Hebrew_Letter Single_Quote: a complete group
					newGroup, heb, quoteEnd = true, false, true
				case r == '"':
					if !heb {
						return good, core
					}
					newGroup, heb, afterDQ = false, false, true
				default:
					newGroup, heb, quoteEnd = false, false, false
				}
			default:
				return good, core
			}
			i += n
		}
		if !quoteEnd {
			return good, core
		}
		// After א' Lucene may go on with a letter/number group or "_"
		// where UAX#29 ended the segment.
		a2, z2, ok := s.segment()
		if !ok {
			return good, core
		}
		if _, _, f := classAt(t, a2); f&fENL == 0 && f&(fCore|fKata) != fCore {
			s.peeked, s.peekA, s.peekZ = true, a2, z2
			return good, core
		}
		i, z = a2, z2
	}
}

// run returns the end of the characters in [p, z) whose flags intersect mask.
func (s *scanner) run(p, z int, mask uint16) int {
	for i := p; i < z; {
		_, n, f := classAt(s.text, i)
		if f&mask == 0 {
			return i
		}
		i += n
	}
	return z
}

// mergeSA extends a Southeast Asian run that ends a segment at e over the
// following segments that continue it, and returns the run's end.
func (s *scanner) mergeSA(e int) int {
	for {
		a, z, ok := s.segment()
		if !ok {
			return e
		}
		_, n, f := classAt(s.text, a)
		if f&fSA == 0 {
			s.peeked, s.peekA, s.peekZ = true, a, z
			return e
		}
		e = s.run(a+n, z, fSA|fExt)
		if e != z {
			s.restart(e)
			return e
		}
	}
}
