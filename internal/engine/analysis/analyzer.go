package analysis

import (
	"fmt"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Token is one term of analysed text.
type Token struct {
	// Term is the lower-cased term. It is only valid during the callback
	// that receives it: the buffer is reused for the next token.
	Term []byte
	// Position is the token's 0-based position; positions increase by
	// exactly 1 per token, as the standard analyzer never skips one.
	Position int
	// Start and End are the byte offsets of the token in the analysed
	// string, End exclusive: text[Start:End] is the original spelling.
	// (Lucene reports UTF-16 offsets; see the package documentation.)
	Start, End int
}

// Analyzer is Lucene's StandardAnalyzer without stop words: the analysis of
// OpenSearch's `standard` analyzer. It is immutable and safe for concurrent
// use by multiple goroutines.
type Analyzer struct {
	maxTokenLength int // in UTF-16 code units, as Lucene counts
}

// MaxTokenLengthLimit is the largest maximum token length Lucene accepts
// (StandardTokenizer.MAX_TOKEN_LENGTH_LIMIT).
const MaxTokenLengthLimit = 1024 * 1024

// NewStandard returns the standard analyzer with the given maximum token
// length in UTF-16 code units (OpenSearch's `max_token_length`, 255 unless
// configured). Longer tokens are split, not dropped, as in Lucene.
//
// It panics when maxTokenLength is outside [1, MaxTokenLengthLimit], which
// Lucene rejects too; configuration is validated before analyzers are built.
func NewStandard(maxTokenLength int) *Analyzer {
	if maxTokenLength < 1 || maxTokenLength > MaxTokenLengthLimit {
		panic(fmt.Sprintf("analysis: max token length %d outside [1, %d]", maxTokenLength, MaxTokenLengthLimit))
	}
	return &Analyzer{maxTokenLength: maxTokenLength}
}

// MaxTokenLength returns the maximum token length in UTF-16 code units.
func (a *Analyzer) MaxTokenLength() int { return a.maxTokenLength }

// termBuffers recycles the lower-casing buffers of Analyze calls, so that
// steady-state analysis allocates nothing however many goroutines run it.
var termBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

// maxPooledBuffer bounds what goes back into termBuffers (tokens of a very
// large maximum length would otherwise stay pinned).
const maxPooledBuffer = 64 << 10

// Analyze calls fn for each token of text, in order.
func (a *Analyzer) Analyze(text string, fn func(Token)) { a.analyze(text, fn, true) }

// analyze is Analyze with the ASCII fast path (ascii.go) on or off; the
// tests turn it off to compare the two.
func (a *Analyzer) analyze(text string, fn func(Token), fast bool) {
	bp := termBuffers.Get().(*[]byte)
	em := emitter{text: text, fn: fn, term: (*bp)[:0]}
	if fast {
		a.analyzeASCII(&em, text)
	} else {
		a.scan(&em, text, 0)
	}
	if cap(em.term) <= maxPooledBuffer {
		*bp = em.term[:0]
		termBuffers.Put(bp)
	}
}

// scan emits the tokens of text from start on, start being the beginning of
// the text or a point where Lucene's scanner starts afresh, with the general
// scanner.
func (a *Analyzer) scan(em *emitter, text string, start int) {
	var sc scanner
	sc.init(text, start, len(text))
	for {
		start, end, ok := sc.next()
		if !ok {
			return
		}
		// UTF-16 length ≤ byte length, so only long byte ranges need counting.
		if end-start > a.maxTokenLength && utf16Len(text[start:end]) > a.maxTokenLength {
			a.split(&sc, em, start, end)
			continue
		}
		em.emit(start, end)
	}
}

// split emits the tokens Lucene makes of a match [p, end) longer than the
// maximum token length. Lucene's scanner buffer holds maxTokenLength UTF-16
// units (StandardTokenizer.setMaxTokenLength sets the JFlex buffer size and
// the buffer never grows), so every match is the longest one within the
// maxTokenLength units after its start, as if the text ended there; a
// non-BMP character that does not fit whole stays out. The rest of the long
// word is then scanned afresh: 300 letters become tokens of 255 and 45.
func (a *Analyzer) split(sc *scanner, em *emitter, p, end int) {
	text := sc.text
	for {
		w := windowEnd(text, p, a.maxTokenLength)
		if w >= end {
			sc.restart(p) // the rest fits: ordinary scanning is Lucene's
			return
		}
		var ws scanner
		ws.init(text, p, w)
		s, e, ok := ws.next()
		if ok && s == p {
			em.emit(s, e)
			p = e
			continue
		}
		// No match starts at p: Lucene skips one character and tries again
		// with the window that starts there. Skip on to the next character
		// a match can start with; when no match starts anywhere in this
		// window, also to the first position whose window reaches the next
		// character every token needs one of.
		_, n := utf8.DecodeRuneInString(text[p:])
		q := p + n
		if !ok {
			c := q
			for c < len(text) {
				_, cn, f := classAt(text, c)
				c += cn
				if f&fStarter != 0 {
					break
				}
			}
			q = max(q, windowStart(text, c, a.maxTokenLength, q))
		}
		p = nextCandidate(text, q)
	}
}

// nextCandidate returns the first position from q whose character can begin
// a Lucene match (a starter, "_" before a word, ZWJ before an emoji), or
// len(text).
func nextCandidate(text string, q int) int {
	for q < len(text) {
		r, n, f := classAt(text, q)
		if f&(fStarter|fENL) != 0 || r == zwj {
			return q
		}
		q += n
	}
	return q
}

// emitter lower-cases tokens into a reused buffer and hands them out.
type emitter struct {
	text string
	fn   func(Token)
	term []byte
	pos  int
}

func (e *emitter) emit(start, end int) {
	e.term = appendLower(e.term[:0], e.text[start:end])
	e.fn(Token{Term: e.term, Position: e.pos, Start: start, End: end})
	e.pos++
}

// Terms returns the terms of text, for query analysis where convenience
// matters more than allocations.
func (a *Analyzer) Terms(text string) []string {
	var terms []string
	a.Analyze(text, func(t Token) { terms = append(terms, string(t.Term)) })
	return terms
}

// Normalize returns text as the standard analyzer normalises query text that
// is not tokenised (fuzzy and prefix terms, Lucene's Analyzer.normalize):
// lower-cased, nothing else. It returns text itself when nothing changes.
func Normalize(text string) string {
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				return string(appendLower([]byte(text[:i]), text[i:]))
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if lowerRune(r) != r && !(r == utf8.RuneError && n == 1) {
			return string(appendLower([]byte(text[:i]), text[i:]))
		}
		i += n
	}
	return text
}

// appendLower appends s lower-cased per code point, as Lucene's
// LowerCaseFilter does with Java's Character.toLowerCase(int) (simple case
// mapping: İ → i, not "i̇"). Invalid UTF-8 bytes are copied unchanged.
func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, c)
		} else {
			dst = utf8.AppendRune(dst, lowerRune(r))
		}
		i += n
	}
	return dst
}

// lowerRune is Java's Character.toLowerCase(int). Go's simple case mapping
// (Unicode 15.0) equals it for every code point both define (checked by
// TestLowerCaseMatchesJava); see the package documentation for JVMs whose
// Unicode is newer.
func lowerRune(r rune) rune { return unicode.ToLower(r) }

// utf16Len returns the length of s in UTF-16 code units: one per code point,
// two for those above U+FFFF (4-byte sequences). An invalid byte counts one,
// as the U+FFFD Java would decode it to.
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c&0xC0 != 0x80 {
			n++
			if c >= 0xF0 {
				n++
			}
		}
	}
	return n
}

// windowEnd returns the end of the longest run of whole code points from p
// whose UTF-16 length is at most units.
func windowEnd(s string, p, units int) int {
	i := p
	for i < len(s) && units > 0 {
		c := s[i]
		if c < utf8.RuneSelf {
			units--
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		u := 1
		if r > 0xFFFF {
			u = 2
		}
		if u > units {
			break
		}
		units -= u
		i += n
	}
	return i
}

// windowStart returns the smallest code point boundary q ≥ floor such that
// s[q:x] is at most units UTF-16 code units long.
func windowStart(s string, x, units, floor int) int {
	q := x
	for q > floor {
		r, n := utf8.DecodeLastRuneInString(s[floor:q])
		u := 1
		if r > 0xFFFF {
			u = 2
		}
		if u > units {
			break
		}
		units -= u
		q -= n
	}
	return q
}
