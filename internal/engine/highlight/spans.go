package highlight

import (
	"math"

	"github.com/contractsearch/contractsearch/internal/engine/search"
)

// This file reproduces how the unified highlighter finds phrase matches:
// Lucene's span queries (TermSpans, NearSpansOrdered for an exact phrase,
// NearSpansUnordered for a sloppy one, as WeightedSpanTermExtractor builds
// them from a PhraseQuery) run over the document's positions, and every
// term position of every match is highlighted. Sloppy phrases therefore
// follow span semantics (any order, total gap at most slop), not the
// sloppy PhraseQuery's move distance; exact phrases find their matches
// lazily, left to right, as NearSpansOrdered does.

const noMorePositions = math.MaxInt32

// occurrence is one position of a term in the document, with its offsets
// (UTF-16, in the joined field value).
type occurrence struct {
	pos, start, end int
}

// spans is Lucene's Spans over one document.
type spans interface {
	nextStartPosition() int
	startPosition() int
	endPosition() int
	// collect reports the term occurrences of the current match.
	collect(fn func(term string, o occurrence))
}

// termSpans is TermSpans: the occurrences of one term.
type termSpans struct {
	term  string
	occ   []occurrence
	count int
	pos   int
}

func newTermSpans(term string, occ []occurrence) *termSpans {
	return &termSpans{term: term, occ: occ, pos: -1}
}

func (s *termSpans) nextStartPosition() int {
	if s.count == len(s.occ) {
		s.pos = noMorePositions
		return s.pos
	}
	s.pos = s.occ[s.count].pos
	s.count++
	return s.pos
}

func (s *termSpans) startPosition() int { return s.pos }

func (s *termSpans) endPosition() int {
	switch s.pos {
	case -1:
		return -1
	case noMorePositions:
		return noMorePositions
	}
	return s.pos + 1
}

func (s *termSpans) collect(fn func(string, occurrence)) { fn(s.term, s.occ[s.count-1]) }

// nearOrdered is NearSpansOrdered for one document that holds every term.
type nearOrdered struct {
	sub                           []spans
	stop                          *search.Stopper // ends the spans early
	allowedSlop                   int
	matchStart, matchEnd, width   int
	atFirstInDoc, oneExhaustedDoc bool
}

// newNearOrdered returns the spans positioned on the first match, or nil
// if the document has none (the two-phase check of SpanNearQuery).
func newNearOrdered(sub []spans, slop int, stop *search.Stopper) *nearOrdered {
	n := &nearOrdered{sub: sub, stop: stop, allowedSlop: slop, matchStart: -1, matchEnd: -1, width: -1}
	for !stop.Tick() && n.sub[0].nextStartPosition() != noMorePositions && !n.oneExhaustedDoc {
		if n.stretchToOrder() && n.width <= n.allowedSlop {
			n.atFirstInDoc = true
			return n
		}
	}
	return nil
}

func (n *nearOrdered) nextStartPosition() int {
	if n.atFirstInDoc {
		n.atFirstInDoc = false
		return n.matchStart
	}
	n.oneExhaustedDoc = false
	for !n.stop.Tick() && n.sub[0].nextStartPosition() != noMorePositions && !n.oneExhaustedDoc {
		if n.stretchToOrder() && n.width <= n.allowedSlop {
			return n.matchStart
		}
	}
	n.matchStart, n.matchEnd = noMorePositions, noMorePositions
	return noMorePositions
}

func (n *nearOrdered) stretchToOrder() bool {
	prev := n.sub[0]
	n.matchStart = prev.startPosition()
	n.width = 0
	for _, s := range n.sub[1:] {
		for s.startPosition() < prev.endPosition() {
			if n.stop.Tick() {
				n.oneExhaustedDoc = true
				return false
			}
			s.nextStartPosition()
		}
		if s.startPosition() == noMorePositions {
			n.oneExhaustedDoc = true
			return false
		}
		n.width += s.startPosition() - prev.endPosition()
		prev = s
	}
	n.matchEnd = n.sub[len(n.sub)-1].endPosition()
	return true
}

func (n *nearOrdered) startPosition() int {
	if n.atFirstInDoc {
		return -1
	}
	return n.matchStart
}

func (n *nearOrdered) endPosition() int {
	if n.atFirstInDoc {
		return -1
	}
	return n.matchEnd
}

func (n *nearOrdered) collect(fn func(string, occurrence)) {
	for _, s := range n.sub {
		s.collect(fn)
	}
}

// nearUnordered is NearSpansUnordered for one document that holds every
// term: a window over the sub-spans, kept in Lucene's PriorityQueue so that
// ties between equal positions resolve as in Lucene.
type nearUnordered struct {
	sub                           []spans
	stop                          *search.Stopper // ends the spans early
	allowedSlop                   int
	window                        spanQueue
	totalSpanLength, maxEnd       int
	atFirstInDoc, oneExhaustedDoc bool
}

func newNearUnordered(sub []spans, slop int, stop *search.Stopper) *nearUnordered {
	n := &nearUnordered{sub: sub, stop: stop, allowedSlop: slop, maxEnd: -1}
	n.window.heap = make([]spans, len(sub)+1)
	for _, s := range sub {
		s.nextStartPosition()
		n.window.add(s)
		n.maxEnd = max(n.maxEnd, s.endPosition())
		n.totalSpanLength += s.endPosition() - s.startPosition()
	}
	for {
		if n.atMatch() {
			n.atFirstInDoc = true
			return n
		}
		if !n.nextPosition() {
			return nil
		}
	}
}

func (n *nearUnordered) nextPosition() bool {
	if n.stop.Tick() {
		return false
	}
	top := n.window.top()
	spanLength := top.endPosition() - top.startPosition()
	if top.nextStartPosition() == noMorePositions {
		return false
	}
	n.totalSpanLength -= spanLength
	n.totalSpanLength += top.endPosition() - top.startPosition()
	n.maxEnd = max(n.maxEnd, top.endPosition())
	n.window.updateTop()
	return true
}

func (n *nearUnordered) atMatch() bool {
	return n.maxEnd-n.window.top().startPosition()-n.totalSpanLength <= n.allowedSlop
}

func (n *nearUnordered) nextStartPosition() int {
	if n.atFirstInDoc {
		n.atFirstInDoc = false
		return n.window.top().startPosition()
	}
	for {
		if !n.nextPosition() {
			n.oneExhaustedDoc = true
			return noMorePositions
		}
		if n.atMatch() {
			return n.window.top().startPosition()
		}
	}
}

func (n *nearUnordered) startPosition() int {
	switch {
	case n.atFirstInDoc:
		return -1
	case n.oneExhaustedDoc:
		return noMorePositions
	}
	return n.window.top().startPosition()
}

func (n *nearUnordered) endPosition() int {
	switch {
	case n.atFirstInDoc:
		return -1
	case n.oneExhaustedDoc:
		return noMorePositions
	}
	return n.maxEnd
}

func (n *nearUnordered) collect(fn func(string, occurrence)) {
	for _, s := range n.sub {
		s.collect(fn)
	}
}

// spanQueue is Lucene's util.PriorityQueue (a 1-based binary heap) ordered
// by start then end position.
type spanQueue struct {
	heap []spans
	size int
}

func spanLess(a, b spans) bool {
	if a.startPosition() != b.startPosition() {
		return a.startPosition() < b.startPosition()
	}
	return a.endPosition() < b.endPosition()
}

func (q *spanQueue) top() spans { return q.heap[1] }

func (q *spanQueue) add(s spans) {
	q.size++
	q.heap[q.size] = s
	q.upHeap(q.size)
}

func (q *spanQueue) updateTop() { q.downHeap(1) }

func (q *spanQueue) upHeap(i int) {
	node := q.heap[i]
	j := i >> 1
	for j > 0 && spanLess(node, q.heap[j]) {
		q.heap[i] = q.heap[j]
		i = j
		j >>= 1
	}
	q.heap[i] = node
}

func (q *spanQueue) downHeap(i int) {
	node := q.heap[i]
	j := i << 1
	k := j + 1
	if k <= q.size && spanLess(q.heap[k], q.heap[j]) {
		j = k
	}
	for j <= q.size && spanLess(q.heap[j], node) {
		q.heap[i] = q.heap[j]
		i = j
		j = i << 1
		k = j + 1
		if k <= q.size && spanLess(q.heap[k], q.heap[j]) {
			j = k
		}
	}
	q.heap[i] = node
}

// spanMatches runs one span query over the document and calls fn for the
// term occurrences of each match. occ gives a term's occurrences in
// position order. Once stop stops, the spans end early, as if exhausted.
func spanMatches(sq spanQuery, occ func(term string) []occurrence, stop *search.Stopper, fn func(string, occurrence)) {
	sub := make([]spans, len(sq.terms))
	for i, t := range sq.terms {
		o := occ(t)
		if len(o) == 0 {
			return // SpanWeight has no spans when a term is missing
		}
		sub[i] = newTermSpans(t, o)
	}
	var s spans
	switch {
	case len(sub) == 1:
		s = sub[0]
	case sq.slop == 0:
		if n := newNearOrdered(sub, 0, stop); n != nil {
			s = n
		}
	default:
		if n := newNearUnordered(sub, sq.slop, stop); n != nil {
			s = n
		}
	}
	if s == nil {
		return
	}
	for !stop.Tick() && s.nextStartPosition() != noMorePositions {
		s.collect(fn)
	}
}
