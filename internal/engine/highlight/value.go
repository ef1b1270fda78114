package highlight

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
	"github.com/contractsearch/contractsearch/internal/engine/search"
)

// doc is one hit's field as the highlighter sees it. OpenSearch joins the
// values with U+0000 into one Java string, and the unified highlighter
// splits that string at every U+0000 again, analysing each part on its own
// (positions jump by the position increment gap between parts) and never
// letting a passage cross a part boundary. Offsets are UTF-16 code units of
// that joined string, as in Java: passage lengths, fragment_size and the
// passage scores all count them.
type doc struct {
	parts  []*part
	length int // UTF-16 length of the joined value, separators included
}

// part is the text between two separators (usually one whole value).
type part struct {
	text  string
	base  int // offset of the part in the joined value
	n16   int // UTF-16 length
	ascii bool
	index []checkpoint // byte offsets of some UTF-16 offsets, for non-ASCII text
}

// positionIncrementGap is OpenSearch's position_increment_gap of text
// fields: phrases cannot match across values.
const positionIncrementGap = 100

func newDoc(values []string) *doc {
	d := &doc{}
	for i, v := range values {
		if i > 0 {
			d.length++ // the separator
		}
		// Values seldom hold a U+0000: most are one part, not split.
		for j := 0; ; j++ {
			t, rest, more := strings.Cut(v, "\x00")
			if j > 0 {
				d.length++
			}
			p := &part{text: t, base: d.length}
			p.n16, p.ascii = analysis.UTF16Len(t)
			d.length += p.n16
			d.parts = append(d.parts, p)
			if !more {
				break
			}
			v = rest
		}
	}
	return d
}

// appendUTF16 appends the part as UTF-16 to dst: the break iterators'
// text. The caller owns dst, so a scratch buffer serves hit after hit.
// A non-ASCII part's checkpoints (byteOffset's index) are taken on the
// way: both walk the whole text, and a part converted is a part whose
// passages are then cut.
func (p *part) appendUTF16(dst []uint16) []uint16 {
	n := len(dst)
	dst = slices.Grow(dst, p.n16)[:n+p.n16]
	if p.ascii {
		widen(dst[n:], p.text)
		return dst
	}
	out := dst[n:]
	index := p.index == nil
	if index {
		p.index = make([]checkpoint, 0, p.n16/checkpointEvery+2)
	}
	// next is the UTF-16 offset of the next checkpoint to take.
	next := 0
	if !index {
		next = math.MaxInt
	}
	s := p.text
	i, u := 0, 0
	for i < len(s) {
		if u >= next {
			p.index = append(p.index, checkpoint{int32(u), int32(i)})
			next = len(p.index) * checkpointEvery
		}
		// Eight ASCII bytes a step: contracts are mostly ASCII, with a
		// quotation mark or a section sign here and there.
		if i+8 <= len(s) && u+8 <= len(out) && analysis.ASCII8(s[i:]) {
			if next < u+8 {
				// Each unit of the step is a code point of one byte.
				p.index = append(p.index, checkpoint{int32(next), int32(i + next - u)})
				next = len(p.index) * checkpointEvery
			}
			widen(out[u:u+8], s[i:i+8])
			i += 8
			u += 8
			continue
		}
		if c := s[i]; c < utf8.RuneSelf {
			out[u] = uint16(c)
			i++
			u++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			r1, r2 := utf16.EncodeRune(r)
			out[u], out[u+1] = uint16(r1), uint16(r2)
			u += 2
		} else {
			out[u] = uint16(r)
			u++
		}
		i += size
	}
	if u >= next {
		p.index = append(p.index, checkpoint{int32(u), int32(len(s))})
	}
	return dst
}

// widen writes the ASCII string s to dst (as long) as UTF-16, eight units
// a step: a whole contract is converted for each hit whose body is
// highlighted, and the step's bounds are checked once, not per unit.
func widen(dst []uint16, s string) {
	dst = dst[:len(s)]
	i := 0
	for ; i+8 <= len(s); i += 8 {
		d, b := dst[i:i+8:i+8], s[i:i+8]
		d[0], d[1], d[2], d[3] = uint16(b[0]), uint16(b[1]), uint16(b[2]), uint16(b[3])
		d[4], d[5], d[6], d[7] = uint16(b[4]), uint16(b[5]), uint16(b[6]), uint16(b[7])
	}
	for ; i < len(s); i++ {
		dst[i] = uint16(s[i])
	}
}

// checkpointEvery is the spacing, in UTF-16 units, of the offsets a
// non-ASCII part remembers to convert UTF-16 offsets to byte offsets.
const checkpointEvery = 64

// checkpoint pairs the UTF-16 and byte offsets of a code point.
type checkpoint struct{ u, b int32 }

// byteOffset returns the byte offset of the UTF-16 offset o of the part
// (o is at a code point boundary).
func (p *part) byteOffset(o int) int {
	if p.ascii {
		return o
	}
	if p.index == nil {
		// index[k] is the first code point at or after k·checkpointEvery.
		p.index = make([]checkpoint, 0, p.n16/checkpointEvery+2)
		u := 0
		for i, r := range p.text {
			if u >= len(p.index)*checkpointEvery {
				p.index = append(p.index, checkpoint{int32(u), int32(i)})
			}
			u++
			if r >= 0x10000 {
				u++
			}
		}
		if u >= len(p.index)*checkpointEvery {
			p.index = append(p.index, checkpoint{int32(u), int32(len(p.text))})
		}
	}
	k := o / checkpointEvery
	if int(p.index[k].u) > o {
		k--
	}
	u, b := int(p.index[k].u), int(p.index[k].b)
	for u < o {
		r, size := utf8.DecodeRuneInString(p.text[b:])
		b += size
		u++
		if r >= 0x10000 {
			u++
		}
	}
	return b
}

// partAt returns the part holding offset o.
func (d *doc) partAt(o int) *part {
	i := sort.Search(len(d.parts), func(i int) bool { return d.parts[i].base > o }) - 1
	return d.parts[max(i, 0)]
}

// appendSubstring writes the joined value between UTF-16 offsets a and b
// to sb.
func (d *doc) appendSubstring(sb *strings.Builder, a, b int) {
	d.eachPiece(a, b, sb.WriteString)
}

// substringLen is the length in bytes of the joined value between UTF-16
// offsets a and b.
func (d *doc) substringLen(a, b int) int {
	n := 0
	d.eachPiece(a, b, func(s string) (int, error) { n += len(s); return len(s), nil })
	return n
}

// eachPiece calls fn with the pieces of the joined value between UTF-16
// offsets a and b, in order: the text of each part and the separator
// (a NUL) between two parts.
func (d *doc) eachPiece(a, b int, fn func(string) (int, error)) {
	for _, p := range d.parts {
		if p.base > 0 && p.base-1 >= a && p.base-1 < b {
			fn("\x00")
		}
		lo, hi := max(a, p.base), min(b, p.base+p.n16)
		if lo < hi {
			fn(p.text[p.byteOffset(lo-p.base):p.byteOffset(hi-p.base)])
		}
	}
}

// analyze calls fn for every token of the document that passes filter (all
// when filter is nil) with its position and its offsets in the joined
// value. A keyword field has one token per part, the part itself.
// src is the token's source text, which often spells the term. Once stop
// has stopped, the parts left are not analysed.
func (d *doc) analyze(keyword bool, filter *quickFilter, stop *search.Stopper, fn func(term []byte, src string, o occurrence)) {
	if keyword {
		// Lucene's KeywordTokenizer makes a token of an empty value too.
		for _, p := range d.parts {
			if term := []byte(p.text); filter == nil || filter.may(term) {
				fn(term, p.text, occurrence{pos: 0, start: p.base, end: p.base + p.n16})
			}
		}
		return
	}
	last, gap := -1, 0
	for i, p := range d.parts {
		if stop.Err() != nil {
			return
		}
		if i > 0 {
			gap += positionIncrementGap
		}
		// Tokens come in order, so one cursor converts byte offsets to
		// UTF-16 offsets.
		to16 := analysis.NewUTF16Cursor(p.text, p.ascii)
		standard.Analyze(p.text, func(t analysis.Token) {
			last += 1 + gap
			gap = 0
			if filter != nil && !filter.may(t.Term) {
				return // to16 catches up at the next token it converts
			}
			start := to16.Offset(t.Start)
			end := to16.Offset(t.End)
			fn(t.Term, p.text[t.Start:t.End], occurrence{pos: last, start: p.base + start, end: p.base + end})
		})
	}
}
