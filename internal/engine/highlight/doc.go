package highlight

import (
	"sort"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/contractsearch/contractsearch/internal/engine/analysis"
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
	u16   []uint16 // the text as UTF-16, built when a break iterator needs it
	index []int32  // byte offset of each UTF-16 offset, built for non-ASCII text
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
		for j, t := range strings.Split(v, "\x00") {
			if j > 0 {
				d.length++
			}
			p := &part{text: t, base: d.length}
			p.n16, p.ascii = utf16Len(t)
			d.length += p.n16
			d.parts = append(d.parts, p)
		}
	}
	return d
}

// utf16Len returns the length of s in UTF-16 code units (an invalid byte
// counts as one U+FFFD, as Java would have decoded it) and whether s is
// ASCII.
func utf16Len(s string) (n int, ascii bool) {
	ascii = true
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		ascii = false
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n, ascii
}

func (p *part) utf16() []uint16 {
	if p.u16 == nil {
		p.u16 = utf16.Encode([]rune(p.text))
	}
	return p.u16
}

// byteOffset returns the byte offset of the UTF-16 offset o of the part.
func (p *part) byteOffset(o int) int {
	if p.ascii {
		return o
	}
	if p.index == nil {
		p.index = make([]int32, 0, p.n16+1)
		for i, r := range p.text {
			p.index = append(p.index, int32(i))
			if r >= 0x10000 {
				p.index = append(p.index, int32(i))
			}
		}
		p.index = append(p.index, int32(len(p.text)))
	}
	return int(p.index[o])
}

// partAt returns the part holding offset o.
func (d *doc) partAt(o int) *part {
	i := sort.Search(len(d.parts), func(i int) bool { return d.parts[i].base > o }) - 1
	return d.parts[max(i, 0)]
}

// substring returns the joined value between UTF-16 offsets a and b.
func (d *doc) substring(a, b int) string {
	var sb strings.Builder
	for _, p := range d.parts {
		if p.base > 0 && p.base-1 >= a && p.base-1 < b {
			sb.WriteByte(0)
		}
		lo, hi := max(a, p.base), min(b, p.base+p.n16)
		if lo < hi {
			sb.WriteString(p.text[p.byteOffset(lo-p.base):p.byteOffset(hi-p.base)])
		}
	}
	return sb.String()
}

// analyze calls fn for every token of the document with its position and
// its offsets in the joined value. A keyword field has one token per part,
// the part itself.
func (d *doc) analyze(keyword bool, fn func(term []byte, o occurrence)) {
	if keyword {
		for _, p := range d.parts {
			if p.text != "" {
				fn([]byte(p.text), occurrence{pos: 0, start: p.base, end: p.base + p.n16})
			}
		}
		return
	}
	last, gap := -1, 0
	for i, p := range d.parts {
		if i > 0 {
			gap += positionIncrementGap
		}
		// Tokens come in order, so one cursor converts byte offsets to
		// UTF-16 offsets.
		bpos, upos := 0, 0
		to16 := func(b int) int {
			if p.ascii {
				return b
			}
			for bpos < b {
				r, size := utf8.DecodeRuneInString(p.text[bpos:])
				if r >= 0x10000 {
					upos += 2
				} else {
					upos++
				}
				bpos += size
			}
			return upos
		}
		standard.Analyze(p.text, func(t analysis.Token) {
			last += 1 + gap
			gap = 0
			start := to16(t.Start)
			end := to16(t.End)
			fn(t.Term, occurrence{pos: last, start: p.base + start, end: p.base + end})
		})
	}
}
