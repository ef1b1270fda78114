package highlight

import (
	"math"
	"slices"
	"strings"

	"github.com/contractsearch/contractsearch/internal/engine/search"
)

// passage is a candidate fragment: a span of the joined value and the
// matches in it (Lucene's Passage).
type passage struct {
	start, end int
	score      float32
	matches    []match
}

// passages groups the matches into passages and keeps the best ones, as
// OpenSearch's CustomFieldHighlighter.highlightOffsetsEnums does (the
// unified highlighter's algorithm before LUCENE-9093, which OpenSearch kept
// for its bounded scanner): a match that starts at or after the end of the
// current passage opens a new one, bounded by the break iterator around
// that match's start; the following matches that start before its end join
// it. Passages compete in a queue of NumberOfFragments by score (ties: the
// later passage wins); the survivors come back in text order.
//
// Once stop stops, the passages are incomplete (stop.Err says so).
func (h *Highlighter) passages(d *doc, ms []match, sc *scratch, stop *search.Stopper) []*passage {
	maxPassages := h.opts.NumberOfFragments
	var br passageBreaker
	switch {
	case h.opts.NumberOfFragments == 0:
		maxPassages = math.MaxInt32 - 1
		br = &wholeBreaker{}
	case h.opts.Keyword:
		br = &wholeBreaker{}
	case h.opts.FragmentSize > 0:
		br = sc.bounded(h.opts.FragmentSize)
	default:
		br = sc.sentences()
	}
	contentLength := d.length
	var kept []*passage
	// add scores a finished passage and enters it in the competition. It
	// returns a passage to fill next: a new one, or one that lost (Java's
	// maybeAddPassage reuses it the same way).
	add := func(p *passage) *passage {
		if p.start == -1 {
			return p
		}
		p.score = scorePassage(p, contentLength)
		if len(kept) == maxPassages && p.score < kept[leastPassage(kept)].score {
			return p.reset()
		}
		kept = append(kept, p)
		if len(kept) > maxPassages {
			i := leastPassage(kept)
			lost := kept[i]
			kept = slices.Delete(kept, i, i+1)
			return lost.reset()
		}
		return &passage{start: -1, end: -1}
	}
	var cur *part
	p := &passage{start: -1, end: -1}
	for _, m := range ms {
		if stop.Tick() {
			return nil
		}
		if m.start < contentLength && m.end > contentLength {
			continue
		}
		if m.start >= p.end {
			p = add(p)
			if m.start >= contentLength {
				break
			}
			pt := d.partAt(m.start)
			if pt.n16 == 0 {
				// The empty token of an empty keyword value. Lucene's
				// SplittingBreakIterator bounds its passage by the value and
				// the separator after it.
				p.start, p.end = m.start, min(m.start+1, contentLength)
				p.matches = append(p.matches, m)
				continue
			}
			if pt != cur {
				cur = pt
				sc.u16 = cur.appendUTF16(sc.u16[:0])
				br.setText(sc.u16)
			}
			local := m.start - cur.base
			p.start = max(cur.base+br.preceding(local+1), 0)
			p.end = min(cur.base+br.following(local), contentLength)
		}
		p.matches = append(p.matches, m)
	}
	add(p)
	slices.SortFunc(kept, func(a, b *passage) int { return a.start - b.start })
	return kept
}

func (p *passage) reset() *passage {
	p.start, p.end, p.score = -1, -1, 0
	p.matches = p.matches[:0]
	return p
}

// leastPassage returns the index of the passage Java's PriorityQueue would
// evict first: the lowest score, and of equal scores the earliest.
func leastPassage(ps []*passage) int {
	least := 0
	for i, p := range ps[1:] {
		q := ps[least]
		if p.score < q.score || (p.score == q.score && p.start < q.start) {
			least = i + 1
		}
	}
	return least
}

// Lucene's PassageScorer with its defaults: a passage is scored like a
// document by BM25 (k1 1.2, b 0.75), each distinct term (or multi-term
// query) weighted by its frequency in the whole value as if the value were
// a corpus of documents of pivot characters, times a bonus for passages
// near the start. The arithmetic is Java's, float32 where Java uses float.
const (
	scorerK1    float32 = 1.2
	scorerB     float32 = 0.75
	scorerPivot float32 = 87
)

func scorePassage(p *passage, contentLength int) float32 {
	type termStat struct {
		term      string
		inPassage int
		inDoc     int
	}
	var buf [8]termStat
	stats := buf[:0]
	for _, m := range p.matches {
		i := slices.IndexFunc(stats, func(s termStat) bool { return s.term == m.term })
		if i < 0 {
			stats = append(stats, termStat{term: m.term, inDoc: m.freq})
			i = len(stats) - 1
		}
		stats[i].inPassage++
	}
	var score float64
	for _, s := range stats {
		score += float64(scorerTF(s.inPassage, p.end-p.start) * scorerWeight(contentLength, s.inDoc))
	}
	score *= float64(scorerNorm(p.start))
	return float32(score)
}

func scorerWeight(contentLength, totalTermFreq int) float32 {
	numDocs := 1 + float32(contentLength)/scorerPivot
	return (scorerK1 + 1) * float32(math.Log(1+(float64(numDocs)+0.5)/(float64(totalTermFreq)+0.5)))
}

func scorerTF(freq, passageLen int) float32 {
	norm := scorerK1 * ((1 - scorerB) + scorerB*(float32(passageLen)/scorerPivot))
	return float32(freq) / (float32(freq) + norm)
}

func scorerNorm(passageStart int) float32 {
	return 1 + 1/float32(math.Log(float64(scorerPivot+float32(passageStart))))
}

// format renders a passage as OpenSearch's CustomPassageFormatter does:
// the passage's text with each match (overlapping matches merged) between
// the tags, a trailing value or paragraph separator dropped, then trimmed
// as Java's String.trim (every character up to U+0020 at either end).
//
// It reports false once the text exceeds maxBytes: before building
// anything when the tags alone must exceed it (long tags around many
// matches: tens of megabytes built only to be refused), otherwise as soon
// as the text built does (where a tag ending in whitespace is followed by
// only whitespace, a little early). Once stop stops, the fragment is
// incomplete (stop.Err says so).
func (d *doc) format(p *passage, pre, post string, stop *search.Stopper, maxBytes int) (string, bool) {
	merged := mergedMatches(p)
	if tagsFloor(merged, pre, post) > maxBytes {
		return "", false
	}
	var sb strings.Builder
	sb.Grow(min(d.substringLen(p.start, p.end)+merged*(len(pre)+len(post)), maxBytes))
	pos := p.start
	// Each step is charged by what the previous one wrote: with long
	// tags one step can write kilobytes.
	written := 0
	for i := 0; i < len(p.matches); i++ {
		if stop.TickBytes(sb.Len() - written) {
			return "", true
		}
		written = sb.Len()
		if sb.Len() > maxBytes && trimmedLeft(sb.String()) > maxBytes {
			return "", false
		}
		start := p.matches[i].start
		d.appendSubstring(&sb, pos, start)
		end := p.matches[i].end
		for i+1 < len(p.matches) && p.matches[i+1].start < end {
			i++
			end = p.matches[i].end
		}
		end = min(end, p.end)
		sb.WriteString(pre)
		d.appendSubstring(&sb, start, end)
		sb.WriteString(post)
		pos = end
	}
	d.appendSubstring(&sb, pos, max(pos, p.end))
	s := sb.String()
	if cut, ok := strings.CutSuffix(s, "\u2029"); ok {
		s = javaTrim(cut)
	} else {
		s = javaTrim(strings.TrimSuffix(s, "\x00"))
	}
	return s, len(s) <= maxBytes
}

// mergedMatches is how many pairs of tags format writes in p: one per
// run of overlapping matches.
func mergedMatches(p *passage) int {
	n := 0
	for i := 0; i < len(p.matches); i++ {
		end := p.matches[i].end
		for i+1 < len(p.matches) && p.matches[i+1].start < end {
			i++
			end = p.matches[i].end
		}
		n++
	}
	return n
}

// tagsFloor is the least length of a fragment holding n pairs of tags
// once trimmed: when both tags hold a character trimming keeps, all of the
// tags but the whitespace before the first and after the last lie between
// the fragment's first and last kept characters. Otherwise it is 0.
func tagsFloor(n int, pre, post string) int {
	lead, trail := trimmedLeft(pre), len(strings.TrimRightFunc(post, func(r rune) bool { return r <= ' ' }))
	if n == 0 || lead == 0 || trail == 0 {
		return 0
	}
	return n*(len(pre)+len(post)) - (len(pre) - lead) - (len(post) - trail)
}

// trimmedLeft is the length of s without what javaTrim removes at its
// start: the most a fragment that starts with s can be trimmed to, while
// more is still to come.
func trimmedLeft(s string) int {
	i := 0
	for i < len(s) && s[i] <= ' ' {
		i++
	}
	return len(s) - i
}

func javaTrim(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// noMatchPassage is CustomFieldHighlighter.getSummaryPassagesNoHighlight:
// the first value's first noMatchSize characters, extended to the next word
// break.
func (d *doc) noMatchPassage(noMatchSize int) []*passage {
	content := d.joinedUTF16()
	pos := 0
	for pos < len(content) && content[pos] == 0 {
		pos++
	}
	if pos >= len(content) {
		return nil
	}
	end := slices.Index(content[pos:], 0)
	if end < 0 {
		end = len(content)
	} else {
		end += pos
	}
	if noMatchSize+pos < end {
		w := newRuleIter(wordData)
		w.setText(content)
		if end = w.following(noMatchSize + pos); end == breakDone {
			end = len(content)
		}
	}
	return []*passage{{start: pos, end: end, score: float32(math.NaN())}}
}

func (d *doc) joinedUTF16() []uint16 {
	out := make([]uint16, 0, d.length)
	for i, p := range d.parts {
		if i > 0 {
			out = append(out, 0)
		}
		out = p.appendUTF16(out)
	}
	return out
}

// sortByScore orders fragments by descending score as OpenSearch does
// (Lucene's CollectionUtil.introSort with Double.compare). Up to 16
// elements Lucene's sort is an insertion sort, stable like this one; with
// more, fragments of exactly equal score might be ordered differently.
func sortByScore(fs []fragment) {
	slices.SortStableFunc(fs, func(a, b fragment) int { return javaDoubleCompare(float64(b.score), float64(a.score)) })
}

// javaDoubleCompare is Double.compare: NaN above everything, -0 below +0.
func javaDoubleCompare(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	ab, bb := math.Float64bits(a), math.Float64bits(b)
	if math.IsNaN(a) {
		ab = 0x7ff8000000000000
	}
	if math.IsNaN(b) {
		bb = 0x7ff8000000000000
	}
	switch {
	case int64(ab) < int64(bb):
		return -1
	case int64(ab) > int64(bb):
		return 1
	}
	return 0
}
