package search

import (
	"errors"
	"math/bits"

	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// combineMode says how a disjunction turns the scores of the clauses that
// match a document into the document's score.
type combineMode uint8

const (
	// combineSum adds the scores in float64 and rounds once: a BooleanQuery
	// of SHOULD clauses (every Lucene disjunction scorer accumulates in
	// double, so the order of the clauses does not matter).
	combineSum combineMode = iota
	// combineMax is DisjunctionMaxScorer: the best score plus tie times
	// the sum of the others, in float64, rounded once.
	combineMax
	// combineConst gives every match the same score and never asks the
	// clauses for theirs (a constant-score rewrite).
	combineConst
)

// disjunctionScorer is the union of its clauses' documents, the clauses
// kept in a min-heap by current document so that moving on costs
// O(log n) per clause that matched, not O(n).
type disjunctionScorer struct {
	subs  []sub
	heap  []int // indexes into subs; subs[heap[0]] has the least doc
	stack []int // Score's walk over the clauses on the current document
	mode  combineMode
	tie   float64
	score float32 // combineConst
	doc   int64
	err   error
	// subMax bounds each clause's scores on the documents before boundEnd
	// (competitiveAt; boundEnd 0: none computed yet).
	subMax   []float32
	boundEnd int64
}

// newDisjunction returns the union of scorers (at least two).
func newDisjunction(scorers []Scorer, mode combineMode, tie, constant float32) *disjunctionScorer {
	d := &disjunctionScorer{
		subs:  make([]sub, len(scorers)),
		heap:  make([]int, len(scorers)),
		stack: make([]int, 0, len(scorers)),
		mode:  mode,
		tie:   float64(tie),
		score: constant,
		doc:   -1,
	}
	for i, s := range scorers {
		d.subs[i] = sub{s: s, doc: -1, scoring: true}
		d.heap[i] = i // every clause before its first document: a valid heap
	}
	return d
}

func (d *disjunctionScorer) Next() bool { return d.from(uint32(d.doc + 1)) }

func (d *disjunctionScorer) Advance(target uint32) bool { return d.from(target) }

func (d *disjunctionScorer) DocID() uint32 { return uint32(d.doc) }

func (d *disjunctionScorer) Err() error { return d.err }

func (d *disjunctionScorer) from(target uint32) bool {
	if d.doc == exhausted {
		return false
	}
	for {
		top := &d.subs[d.heap[0]]
		if top.doc >= int64(target) {
			break
		}
		top.advanceTo(target)
		d.siftDown()
	}
	d.doc = d.subs[d.heap[0]].doc
	if d.doc == exhausted {
		var errs []error
		for _, c := range d.subs {
			if err := c.s.Err(); err != nil {
				errs = append(errs, err)
			}
		}
		d.err = errors.Join(errs...)
		return false
	}
	return true
}

// siftDown restores the heap after the top clause moved on.
func (d *disjunctionScorer) siftDown() {
	h, n := d.heap, len(d.heap)
	i := 0
	node := h[0]
	for {
		j := 2*i + 1
		if j >= n {
			break
		}
		if k := j + 1; k < n && d.subs[h[k]].doc < d.subs[h[j]].doc {
			j = k
		}
		if d.subs[h[j]].doc >= d.subs[node].doc {
			break
		}
		h[i] = h[j]
		i = j
	}
	h[i] = node
}

// Score combines the scores of the clauses on the current document. They
// are the heap's top and its descendants on the same document.
func (d *disjunctionScorer) Score() float32 {
	if d.mode == combineConst {
		return d.score
	}
	var scoreMax float32
	var sum float64
	stack := append(d.stack[:0], 0)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c := &d.subs[d.heap[i]]
		if c.doc != d.doc {
			continue
		}
		s := c.s.Score()
		switch {
		case d.mode == combineSum:
			sum += float64(s)
		case s >= scoreMax:
			sum += float64(scoreMax)
			scoreMax = s
		default:
			sum += float64(s)
		}
		for _, j := range [2]int{2*i + 1, 2*i + 2} {
			if j < len(d.heap) {
				stack = append(stack, j)
			}
		}
	}
	d.stack = stack
	if d.mode == combineSum {
		return float32(sum)
	}
	return float32(float64(scoreMax) + sum*d.tie)
}

// disMaxWeightT is a DisjunctionMaxQuery of two or more disjuncts.
type disMaxWeightT struct {
	disjuncts []weight
	mode      combineMode
	tie       float32
	// flat: tie 1 and no boost, so Lucene's BooleanQuery rewrite may
	// inline the disjuncts into a parent disjunction.
	flat bool
	dl   *deadline
}

func disMaxWeight(q *DisMaxQuery, ix *Index, boost float32) (weight, error) {
	tie := q.TieBreaker // in [0, 1] (rewrite.go)
	w := &disMaxWeightT{mode: combineMax, tie: tie, dl: ix.dl}
	if tie == 1 && len(q.Disjuncts) > 1 {
		// Lucene rewrites tie 1 to a BooleanQuery of SHOULD clauses: a
		// plain sum, with nested disjunctions inlined.
		w.mode = combineSum
	}
	for _, d := range q.Disjuncts {
		dw, err := createWeight(d, ix, boost)
		if err != nil {
			return nil, err
		}
		switch {
		case isNoMatch(dw):
		case w.mode == combineSum:
			w.disjuncts = appendShould(w.disjuncts, dw)
		default:
			w.disjuncts = append(w.disjuncts, dw)
		}
	}
	switch len(w.disjuncts) {
	case 0:
		return noMatch{}, nil
	case 1:
		if w.mode == combineMax && len(q.Disjuncts) > 1 {
			// The others match nothing here. Lucene keeps a
			// DisjunctionMaxQuery unless they rewrite to MatchNoDocsQuery
			// (most do not: a TermQuery of an absent term stays), so the
			// survivor is not inlined into a parent disjunction.
			return loneDisMax{w.disjuncts[0], tie}, nil
		}
		// Lucene rewrites a lone disjunct to itself; the boost still
		// applies, as the dis_max's BoostQuery wraps the rewritten query.
		return boosted(w.disjuncts[0], q.Boost), nil
	}
	w.flat = w.mode == combineSum && effectiveBoost(q.Boost) == 1
	return w, nil
}

func isNoMatch(w weight) bool {
	_, none := w.(noMatch)
	return none
}

func (w *disMaxWeightT) disjunctionClauses() []weight {
	if w.flat {
		return w.disjuncts
	}
	return nil
}

func (w *disMaxWeightT) scorer(segNum int, seg *segment.Segment) (Scorer, error) {
	return disjunctionOf(w.dl, w.disjuncts, segNum, seg, w.mode, w.tie, 0)
}

// disjunctionOf returns the union of the weights' scorers in one segment:
// nil when none matches there, the lone scorer when one does (Lucene's
// disjunctions hand a single clause's scorer through, and every combine
// mode gives a single clause its own score), else a disjunctionScorer.
//
// Building thousands of scorers (a dis_max over many fuzzy queries) opens
// as many postings lists: the work is ticked on dl as it is done, and past
// the deadline the disjunction is given up as if nothing matched
// (recordScorer reports the timeout).
func disjunctionOf(dl *deadline, ws []weight, segNum int, seg *segment.Segment, mode combineMode, tie, constant float32) (Scorer, error) {
	var scorers []Scorer
	for _, w := range ws {
		s, err := w.scorer(segNum, seg)
		if err != nil {
			return nil, err
		}
		if s != nil {
			scorers = append(scorers, s)
			if dl.tickN(scorerWork(s)) {
				return nil, nil
			}
		}
	}
	switch len(scorers) {
	case 0:
		return nil, nil
	case 1:
		if mode == combineConst {
			return &constScorer{inner: scorers[0], score: constant}, nil
		}
		return scorers[0], nil
	}
	return newDisjunction(scorers, mode, tie, constant), nil
}

// constScorer gives its inner scorer's documents a constant score.
type constScorer struct {
	inner Scorer
	score float32
}

func (c *constScorer) Next() bool            { return c.inner.Next() }
func (c *constScorer) Advance(t uint32) bool { return c.inner.Advance(t) }
func (c *constScorer) DocID() uint32         { return c.inner.DocID() }
func (c *constScorer) Score() float32        { return c.score }
func (c *constScorer) Err() error            { return c.inner.Err() }

// constantScoreWeightT is a ConstantScoreQuery: its query's matches, each
// scored with the boost.
type constantScoreWeightT struct {
	inner weight
	score float32
	desc  string // "ConstantScore(q)", for explanations
}

func constantScoreWeight(q *ConstantScoreQuery, ix *Index, boost float32) (weight, error) {
	// Lucene builds the inner weight without scores and with boost 1.
	inner, err := createWeight(q.Query, ix, 1)
	if err != nil {
		return nil, err
	}
	if isNoMatch(inner) {
		return noMatch{}, nil
	}
	return &constantScoreWeightT{inner: inner, score: boost, desc: describeUnboosted(q)}, nil
}

func (w *constantScoreWeightT) scorer(segNum int, seg *segment.Segment) (Scorer, error) {
	s, err := w.inner.scorer(segNum, seg)
	if err != nil || s == nil {
		return nil, err
	}
	return &constScorer{inner: s, score: w.score}, nil
}

// bitsetScorer iterates the set bits of a segment-sized bit set with a
// constant score: the union of many terms' postings, built once per
// segment (Lucene's constant-score rewrites do the same past 16 terms).
type bitsetScorer struct {
	words []uint64
	doc   int64
	score float32
}

func (b *bitsetScorer) Next() bool { return b.from(uint32(b.doc + 1)) }

func (b *bitsetScorer) Advance(target uint32) bool { return b.from(target) }

func (b *bitsetScorer) from(target uint32) bool {
	if b.doc == exhausted {
		return false
	}
	w := int(target >> 6)
	if w < len(b.words) {
		if word := b.words[w] >> (target & 63); word != 0 {
			b.doc = int64(target) + int64(bits.TrailingZeros64(word))
			return true
		}
		for w++; w < len(b.words); w++ {
			if b.words[w] != 0 {
				b.doc = int64(w)<<6 + int64(bits.TrailingZeros64(b.words[w]))
				return true
			}
		}
	}
	b.doc = exhausted
	return false
}

func (b *bitsetScorer) DocID() uint32  { return uint32(b.doc) }
func (b *bitsetScorer) Score() float32 { return b.score }
func (b *bitsetScorer) Err() error     { return nil }
