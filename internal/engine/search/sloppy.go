package search

import (
	"github.com/contractsearch/contractsearch/internal/engine/postings"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
)

// Sloppy phrases follow Lucene's SloppyPhraseMatcher step for step rather
// than an "ideal" proximity measure: the matcher only ever moves the phrase
// position that is furthest behind, so it does not find every combination
// of positions within the slop ("a b c b a" scores differently for
// "a b c"~4 and "c b a"~4), and its repeated-term handling has quirks of its
// own. The frequency OpenSearch scores with is whatever that walk yields, so
// the walk, its priority queue (Lucene's binary heap, whose order of
// operations decides ties) and its repetition groups are reproduced exactly.
//
// Each match contributes 1/(1+matchLength) to the frequency, summed in
// float32 in match order, and BM25 scores the sum like an exact phrase's
// count (PhraseScorer.score, SloppyPhraseMatcher.sloppyWeight).

// sloppyWeightT is a phrase with slop prepared for one index.
type sloppyWeightT struct {
	field string
	// desc is the PhraseQuery's text, for explanations.
	desc string
	dl   *deadline
	// metas[t][segNum] is term t's postings metadata in that segment.
	metas [][][]byte
	slop  int
	sim   similarity.TermScorer
	// groups are the repetition groups: for each term occurring more than
	// once in the phrase, the indexes of its occurrences in phrase order
	// (Lucene's rptGroups, which it sorts by phrase offset). They depend
	// on the query only: each phrase position holds one term, and the
	// first positions of two occurrences of a term always coincide.
	groups [][]int
}

func sloppyPhraseWeight(q *PhraseQuery, ix *Index, boost float32) (weight, error) {
	metas, sim, ok, err := phraseStats(q, ix, boost)
	if err != nil {
		return nil, err
	}
	if !ok {
		return noMatch{}, nil // a term no record has: the phrase cannot occur
	}
	return &sloppyWeightT{
		field:  q.Field,
		desc:   describeUnboosted(q),
		dl:     ix.dl,
		metas:  metas,
		slop:   q.Slop,
		sim:    sim,
		groups: repetitionGroups(q.Terms),
	}, nil
}

// repetitionGroups returns, for each term that occurs more than once, the
// indexes of its occurrences, groups ordered by their first occurrence.
func repetitionGroups(terms []string) [][]int {
	var groups [][]int
	seen := make([]bool, len(terms))
	for i, t := range terms {
		if seen[i] {
			continue
		}
		var g []int
		for j := i + 1; j < len(terms); j++ {
			if !seen[j] && terms[j] == t {
				if g == nil {
					g = []int{i}
				}
				g = append(g, j)
				seen[j] = true
			}
		}
		if g != nil {
			groups = append(groups, g)
		}
	}
	return groups
}

func (w *sloppyWeightT) scorer(segNum int, seg *segment.Segment) (Scorer, error) {
	f := seg.Field(w.field)
	if f == nil || f.Kind != segment.Text {
		return nil, nil
	}
	docs, ok, err := openPhraseDocs(f, w.metas, segNum)
	if err != nil || !ok {
		return nil, err
	}
	n := len(w.metas)
	s := &sloppyScorer{
		phraseDocs: docs,
		norms:      f.Norms,
		sim:        &w.sim,
		slop:       w.slop,
		doc:        -1,
		dl:         w.dl,
		pps:        make([]phrasePos, n),
		pq:         phraseQueue{heap: make([]int, n+1)},
		stack:      make([]int, n),
	}
	s.pq.pps = s.pps
	for i, it := range docs.its {
		s.pps[i] = phrasePos{it: it, offset: i, ord: i, rptGroup: -1}
	}
	maxGroup := 0
	for g, members := range w.groups {
		for k, i := range members {
			s.pps[i].rptGroup, s.pps[i].rptInd = g, k
		}
		maxGroup = max(maxGroup, len(members))
	}
	s.groups = w.groups
	s.marks = make([]bool, maxGroup)
	s.pair = n == 2 && len(w.groups) == 0
	s.screen = n > 2 && len(w.groups) == 0
	return s, nil
}

// phrasePos is one phrase position's cursor in the current document
// (Lucene's PhrasePositions): position is the term's position minus its
// offset in the phrase, so the terms of an exact occurrence share it. The
// document's positions are read into buf at once: the walk goes through
// every one of them, a step each, and a slice makes a step a load.
type phrasePos struct {
	it       *postings.Iterator
	buf      []uint32 // the document's positions
	loaded   bool     // buf holds the current document's
	next     int      // index in buf of the position after the current one
	position int
	offset   int // position in the phrase
	ord      int // unique, breaks ties in the queue
	rptGroup int // repetition group, -1 if the term occurs once
	rptInd   int // index within the group
}

// load reads the document's positions, once per document (loaded).
// Damaged postings (fewer positions than the frequency) end the cursor
// early; the iterator's Err reports them.
func (p *phrasePos) load() {
	if !p.loaded {
		p.buf = p.it.AppendPositions(p.buf[:0])
		p.loaded = true
	}
}

// firstPosition moves to the document's first position.
func (p *phrasePos) firstPosition() {
	p.load()
	p.next = 0
	p.nextPosition()
}

// nextPosition moves to the next position; at the end it returns false and
// leaves position as it was, as Lucene does.
func (p *phrasePos) nextPosition() bool {
	if p.next >= len(p.buf) {
		return false
	}
	p.position = int(p.buf[p.next]) - p.offset
	p.next++
	return true
}

// phraseQueue is Lucene's PriorityQueue (a 1-based binary heap) over
// indexes into pps, ordered as PhraseQueue: position, then offset, then
// ord. The matcher changes keys of queued entries in place and relies on
// exactly this heap's sift order to recover, so a different heap would
// give different frequencies.
type phraseQueue struct {
	pps  []phrasePos
	heap []int // heap[1:size+1]
	size int
}

func (q *phraseQueue) less(a, b int) bool {
	pa, pb := &q.pps[a], &q.pps[b]
	if pa.position != pb.position {
		return pa.position < pb.position
	}
	if pa.offset != pb.offset {
		return pa.offset < pb.offset
	}
	return pa.ord < pb.ord
}

func (q *phraseQueue) clear() { q.size = 0 }

func (q *phraseQueue) top() int { return q.heap[1] }

func (q *phraseQueue) add(x int) {
	q.size++
	q.heap[q.size] = x
	q.upHeap(q.size)
}

func (q *phraseQueue) pop() int {
	result := q.heap[1]
	q.heap[1] = q.heap[q.size]
	q.size--
	q.downHeap(1)
	return result
}

func (q *phraseQueue) upHeap(i int) {
	node := q.heap[i]
	j := i >> 1
	for j > 0 && q.less(node, q.heap[j]) {
		q.heap[i] = q.heap[j]
		i = j
		j >>= 1
	}
	q.heap[i] = node
}

func (q *phraseQueue) downHeap(i int) {
	node := q.heap[i]
	j := i << 1
	k := j + 1
	if k <= q.size && q.less(q.heap[k], q.heap[j]) {
		j = k
	}
	for j <= q.size && q.less(q.heap[j], node) {
		q.heap[i] = q.heap[j]
		i = j
		j = i << 1
		k = j + 1
		if k <= q.size && q.less(q.heap[k], q.heap[j]) {
			j = k
		}
	}
	q.heap[i] = node
}

// sloppyScorer matches documents holding every term, then walks their
// positions as Lucene's SloppyPhraseMatcher, summing 1/(1+matchLength)
// over the matches within the slop. Finding a match only needs the walk's
// first one: the rest of the walk, which sums the frequency, runs when the
// score is asked for, so a document that cannot enter the top hits
// (competitiveAt) is counted without walking the rest of its positions.
// Once only documents scoring above a minimum are wanted
// (setMinCompetitiveScore), a document whose term frequencies already
// bound its score at or below it is passed over without reading a
// position.
type sloppyScorer struct {
	phraseDocs
	pps    []phrasePos
	pq     phraseQueue
	groups [][]int
	marks  []bool // advanceRpts' bit set, by index within a group
	nMarks int
	stack  []int // advanceRpts' popped entries
	end    int   // the largest position in the queue
	slop   int

	positioned  bool
	matchLength int
	// pair says the phrase is two different terms: the walk then needs
	// no queue (nextPairMatch). screen says it is three or more
	// different terms: a document is walked only when its two rarest
	// terms come within the slop of each other (near).
	pair, screen bool

	norms []byte
	sim   *similarity.TermScorer
	doc   int64
	freq  float32
	// summed says freq is the whole walk's sum; until then it holds the
	// first match's weight.
	summed  bool
	pruning bool
	min     float32
	err     error
	dl      *deadline
}

func (s *sloppyScorer) Next() bool { return s.from(uint32(s.doc + 1)) }

func (s *sloppyScorer) Advance(target uint32) bool { return s.from(target) }

func (s *sloppyScorer) DocID() uint32 { return uint32(s.doc) }

func (s *sloppyScorer) Err() error { return s.err }

func (s *sloppyScorer) Score() float32 { return s.sim.Score(s.phraseFreq(), s.norms[s.doc]) }

// phraseFreq finishes the walk over the current document: PhraseScorer's
// sum, the first match's weight, then the others', in float32. A walk the
// deadline cuts short leaves a partial sum, which the collection loop
// never collects (timeout.go).
func (s *sloppyScorer) phraseFreq() float32 {
	if !s.summed {
		for s.match() {
			s.freq += s.sloppyWeight()
		}
		s.summed = true
	}
	return s.freq
}

// sloppyFreqBound bounds the current document's sloppy frequency by its
// term frequencies: every match but the walk's last ends with a cursor
// moved on one position, so there are at most Σ freq − n + 1 matches, and
// each weighs at most 1 (a float32 sum of at most k numbers ≤ 1 stays ≤ k
// while k is exact).
//
// Two different terms allow at most 2·min(freq) matches, far fewer when
// one term is much commoner in the document: nextPairMatch reports a
// match when the cursor behind passes the other (a crossing) or runs out
// (the walk's end, once). A crossing spends one of the crossing cursor's
// freq − 1 moves, and crossings alternate between the cursors (only the
// one behind moves, and after a crossing the other is behind), so there
// are at most 2·(min(freq) − 1) + 1 of them, plus the end.
func (s *sloppyScorer) sloppyFreqBound() (float32, bool) {
	k := s.freqSum() - uint64(len(s.its)) + 1
	if s.pair {
		k = min(k, 2*uint64(min(s.its[0].Freq(), s.its[1].Freq())))
	}
	return freqBound(k)
}

// competitiveAt bounds the current document by sloppyFreqBound.
func (s *sloppyScorer) competitiveAt(min float32) bool { return s.docBound() > min }

func (s *sloppyScorer) docBound() float32 {
	if s.summed {
		return s.sim.Score(s.freq, s.norms[s.doc])
	}
	f, ok := s.sloppyFreqBound()
	if !ok {
		return unbounded
	}
	return s.sim.Score(f, s.norms[s.doc])
}

// setMinCompetitiveScore makes the scorer pass over the documents whose
// bound (competitiveAt's) does not beat min.
func (s *sloppyScorer) setMinCompetitiveScore(min float32) {
	s.pruning, s.min = true, min
}

// from finds the first document ≥ target where the phrase occurs within
// the slop.
func (s *sloppyScorer) from(target uint32) bool {
	if s.doc == int64(noMoreDocs) {
		return false
	}
	for {
		var d uint32
		var ok bool
		if s.pruning && s.pair {
			d, ok = s.pairConjunction(target)
		} else {
			d, ok = s.conjunction(target, s.dl) // false too once out of time (timeout.go)
		}
		if !ok {
			s.doc = int64(noMoreDocs)
			if s.err == nil {
				s.err = s.postingsErr()
			}
			return false
		}
		for i := range s.pps {
			s.pps[i].loaded = false
		}
		if (!s.pruning || s.competitiveDoc(d)) && (!s.screen || s.near()) {
			s.reset()
			// A walk the deadline cut short may end on a match it
			// would not have reached: not the document's.
			if s.match() && !s.dl.stopped() {
				s.doc, s.freq, s.summed = int64(d), s.sloppyWeight(), false
				return true
			}
		}
		if d == noMoreDocs-1 {
			s.doc = int64(noMoreDocs)
			return false
		}
		target = d + 1
	}
}

// leadScreenFreq is the largest frequency of the rarer term for which
// pairConjunction reads the document's norm to rule it out: a term
// occurring more often bounds the phrase too loosely to rule much out
// (long bodies, where the norm's load is then wasted work).
const leadScreenFreq = 2

// pairConjunction is conjunction for a two-term phrase once pruning: the
// rarer term proposes the documents, and one whose bound from that term's
// frequency alone (sloppyFreqBound's 2·min(freq) ≤ 2·freq) cannot beat
// the minimum is passed over without moving the commoner term's postings
// to it (competitiveDoc would pass over it anyway).
func (s *sloppyScorer) pairConjunction(target uint32) (uint32, bool) {
	lead, other := s.order[0], s.order[1]
	d := target
	for {
		if s.dl.tick() {
			return 0, false
		}
		if s.cur[lead] < int64(d) {
			it := s.its[lead]
			if !it.Advance(d) {
				return 0, false
			}
			s.cur[lead] = int64(it.DocID())
		}
		d = uint32(s.cur[lead])
		if f := s.its[lead].Freq(); f <= leadScreenFreq && s.sim.Score(float32(2*f), s.norms[d]) <= s.min {
			if d == noMoreDocs-1 {
				return 0, false
			}
			d++
			continue
		}
		if s.cur[other] < int64(d) {
			it := s.its[other]
			if !it.Advance(d) {
				return 0, false
			}
			s.cur[other] = int64(it.DocID())
		}
		if s.cur[other] == int64(d) {
			return d, true
		}
		d = uint32(s.cur[other])
	}
}

// competitiveDoc reports whether document d, on which every term's
// postings stand, may score above the minimum.
func (s *sloppyScorer) competitiveDoc(d uint32) bool {
	f, ok := s.sloppyFreqBound()
	return !ok || s.sim.Score(f, s.norms[d]) > s.min
}

// near reports whether the current document's two rarest phrase
// positions (by frequency) have occurrences within the slop of each other,
// counted as the walk counts (position minus offset), reading only those
// two positions' postings. Every match the walk reports is a placement of
// the phrase positions, each on an occurrence, spanning at most the slop:
// with no repeated term the queue always pops the cursor furthest behind
// and the match length is that placement's spread. Any two of them then
// lie within the slop, so a document where the rarest two never do has no
// match and need not be walked.
func (s *sloppyScorer) near() bool {
	a, b := -1, -1
	var fa, fb uint32
	for i := range s.pps {
		f := s.pps[i].it.Freq()
		switch {
		case a < 0 || f < fa:
			b, fb = a, fa
			a, fa = i, f
		case b < 0 || f < fb:
			b, fb = i, f
		}
	}
	pa, pb := &s.pps[a], &s.pps[b]
	pa.load()
	pb.load()
	i, j := 0, 0
	for i < len(pa.buf) && j < len(pb.buf) {
		d := (int(pa.buf[i]) - pa.offset) - (int(pb.buf[j]) - pb.offset)
		switch {
		case d < -s.slop:
			i++
		case d > s.slop:
			j++
		default:
			return true
		}
	}
	return false
}

func (s *sloppyScorer) sloppyWeight() float32 {
	return 1 / float32(1+float32(s.matchLength))
}

// reset places every cursor on its first position in the document, the
// later occurrences of a repeated term on their later positions so that no
// two occurrences share a position (initSimple, initComplex).
func (s *sloppyScorer) reset() {
	s.end = minInt
	s.matchLength = maxInt
	s.positioned = true
	for i := range s.pps {
		s.pps[i].firstPosition()
	}
	// advanceRepeatGroups: the k-th occurrence (in phrase order) moves k
	// positions on.
	for _, g := range s.groups {
		for j := 1; j < len(g); j++ {
			for range j {
				if s.dl.tick() || !s.pps[g[j]].nextPosition() {
					s.positioned = false
					return
				}
			}
		}
	}
	s.pq.clear()
	for i := range s.pps {
		if s.pps[i].position > s.end {
			s.end = s.pps[i].position
		}
		if !s.pair { // nextPairMatch needs no queue
			s.pq.add(i)
		}
	}
}

const (
	maxInt = int(^uint(0) >> 1)
	minInt = -maxInt - 1
)

// match finds the next match within the slop, as nextMatch does.
func (s *sloppyScorer) match() bool {
	if s.pair {
		return s.nextPairMatch()
	}
	return s.nextMatch()
}

// nextPairMatch is nextMatch for a phrase of two different terms. With no
// repeated term the walk never moves a queued cursor, so the queue only
// ever answers which of the two is behind (its order: position, offset,
// ord), and once the cursor it popped has passed the other, the other is
// behind: the roles swap. The matches, their lengths and their order are
// nextMatch's.
func (s *sloppyScorer) nextPairMatch() bool {
	if !s.positioned {
		return false
	}
	pp, other := &s.pps[0], &s.pps[1]
	if s.pq.less(1, 0) {
		pp, other = other, pp
	}
	s.matchLength = s.end - pp.position
	next := other.position
	for pp.nextPosition() {
		if pp.position > s.end {
			s.end = pp.position
		}
		if s.dl.tick() {
			s.positioned = false
			return false // out of time: from stops at the next tick
		}
		if pp.position > next { // done minimizing this match's length
			if s.matchLength <= s.slop {
				return true
			}
			pp, other = other, pp
			next = other.position
			s.matchLength = s.end - pp.position
		} else if l := s.end - pp.position; l < s.matchLength {
			s.matchLength = l
		}
	}
	s.positioned = false
	return s.matchLength <= s.slop
}

// nextMatch finds the next match within the slop, leaving its length in
// matchLength (SloppyPhraseMatcher.nextMatch).
func (s *sloppyScorer) nextMatch() bool {
	if !s.positioned {
		return false
	}
	pp := s.pq.pop()
	s.matchLength = s.end - s.pps[pp].position
	next := s.pps[s.pq.top()].position
	for s.advancePP(pp) {
		if s.dl.tick() {
			s.positioned = false
			return false // out of time: from stops at the next tick
		}
		if len(s.groups) > 0 && !s.advanceRpts(pp) {
			break // exhausted
		}
		if s.pps[pp].position > next { // done minimizing this match's length
			s.pq.add(pp)
			if s.matchLength <= s.slop {
				return true
			}
			pp = s.pq.pop()
			next = s.pps[s.pq.top()].position
			s.matchLength = s.end - s.pps[pp].position
		} else if l := s.end - s.pps[pp].position; l < s.matchLength {
			s.matchLength = l
		}
	}
	s.positioned = false
	return s.matchLength <= s.slop
}

// advancePP moves a cursor on and keeps end up to date.
func (s *sloppyScorer) advancePP(pp int) bool {
	p := &s.pps[pp]
	if !p.nextPosition() {
		return false
	}
	if p.position > s.end {
		s.end = p.position
	}
	return true
}

// advanceRpts resolves the collision pp's move may have caused with
// another occurrence of its term, always moving the lesser of the two,
// then re-queues the occurrences that moved while queued
// (SloppyPhraseMatcher.advanceRpts).
func (s *sloppyScorer) advanceRpts(pp int) bool {
	group := s.pps[pp].rptGroup
	if group < 0 {
		return true
	}
	rg := s.groups[group]
	k0 := s.pps[pp].rptInd
	for {
		k := s.collide(pp)
		if k < 0 {
			break
		}
		if s.dl.tick() {
			s.clearMarks()
			return false // out of time: nextMatch ends as if exhausted
		}
		pp = s.lesser(pp, rg[k])
		if !s.advancePP(pp) {
			s.clearMarks()
			return false
		}
		if k != k0 && !s.marks[k] {
			s.marks[k] = true
			s.nMarks++
		}
	}
	// Pop until every marked occurrence has come out, then push back what
	// was popped. Like Lucene, a popped entry clears the mark of its index
	// whatever its group.
	n := 0
	for s.nMarks > 0 {
		p := s.pq.pop()
		s.stack[n] = p
		n++
		if pr := &s.pps[p]; pr.rptGroup >= 0 && pr.rptInd < len(s.marks) && s.marks[pr.rptInd] {
			s.marks[pr.rptInd] = false
			s.nMarks--
		}
	}
	for i := n - 1; i >= 0; i-- {
		s.pq.add(s.stack[i])
	}
	return true
}

func (s *sloppyScorer) clearMarks() {
	clear(s.marks)
	s.nMarks = 0
}

// lesser returns the cursor further behind, by position then offset.
func (s *sloppyScorer) lesser(a, b int) int {
	pa, pb := &s.pps[a], &s.pps[b]
	if pa.position < pb.position || (pa.position == pb.position && pa.offset < pb.offset) {
		return a
	}
	return b
}

// collide returns the index within pp's group of another occurrence at the
// same document position, or -1.
func (s *sloppyScorer) collide(pp int) int {
	p := &s.pps[pp]
	tp := p.position + p.offset
	for _, i := range s.groups[p.rptGroup] {
		if q := &s.pps[i]; i != pp && q.position+q.offset == tp {
			return q.rptInd
		}
	}
	return -1
}
