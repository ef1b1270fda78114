package search

import (
	"errors"
	"math"
	"slices"

	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// A nested query is Lucene's ToParentBlockJoinQuery over the segment's
// block-join order (a record's children come right before it): the inner
// query runs over the children, and each record with at least one
// matching child matches, scored from its matching children's scores.
//
// OpenSearch restricts the inner query to the documents of the nested
// path (a filter on _nested_path). The engine's mappings have one nested
// path and segments do not record a child's path, so every child document
// is a child of Path; the inner query's matches are restricted to
// non-record documents, which is what keeps a clause on a record field,
// or a match_all, from reaching the records themselves.

// nestedWeightT is a nested query prepared for one index.
type nestedWeightT struct {
	inner weight
	mode  ScoreMode
	q     *NestedQuery
	dl    *deadline
}

func nestedWeight(q *NestedQuery, ix *Index, boost float32) (weight, error) {
	// The nested query's boost (and the boosts above it) go to the inner
	// query's weight, as ToParentBlockJoinQuery passes its boost to the
	// child weight: they scale each child's score, not the aggregate.
	inner, err := createWeight(q.Query, ix, boost)
	if err != nil {
		return nil, err
	}
	return &nestedWeightT{inner: inner, mode: q.ScoreMode, q: q, dl: ix.dl}, nil
}

// containsNested reports whether q holds a nested query anywhere.
func containsNested(q Query) bool {
	found := false
	walkQuery(q, false, func(q Query, _ bool) {
		if _, ok := q.(*NestedQuery); ok {
			found = true
		}
	})
	return found
}

func (w *nestedWeightT) scorer(segNum int, seg *segment.Segment) (Scorer, error) {
	roots := seg.Roots()
	if len(roots) == int(seg.MaxDoc) {
		return nil, nil // no children in this segment
	}
	child, err := w.inner.scorer(segNum, seg)
	if err != nil || child == nil {
		return nil, err
	}
	s := &blockJoinScorer{child: child, childDoc: -1, roots: roots, doc: -1, mode: w.mode, dl: w.dl, bound: parentBound(child, w.mode)}
	if bs, ok := boundOf(child); ok && w.mode == ScoreSum {
		s.sums = &sumBounds{child: bs.maxScore(noMoreDocs), shallow: -1, count: func() (Scorer, error) { return w.inner.scorer(segNum, seg) }}
	}
	return s, nil
}

// parentBound bounds every record score a block join can give from its
// child scorer's bound over the whole segment: the best child's score
// bounds max, min and avg (an average never exceeds its largest term, and
// rounding to float32 keeps the order); sum has no bound short of the
// number of children, and none scores 0.
func parentBound(child Scorer, mode ScoreMode) float32 {
	bs, ok := boundOf(child)
	switch {
	case mode == ScoreNone:
		return 0
	case mode == ScoreSum || !ok:
		return unbounded
	}
	return bs.maxScore(noMoreDocs)
}

// blockJoinScorer joins child matches to their records. Like Lucene's
// BlockJoinScorer it accumulates the children's float scores in a double
// (sum for avg and sum, min or max for min and max), divides by the
// number of matching children for avg, and rounds to float once; with
// score mode none the record scores 0.
type blockJoinScorer struct {
	child Scorer
	// childDoc is the child scorer's document: -1 before the first,
	// exhausted at the end.
	childDoc int64
	roots    []uint32
	// ri is the index in roots of the current record, or of the search
	// position for the next one.
	ri    int
	doc   int64
	score float32
	// scored says that score is the current record's: the children are
	// scored only when the record's score is asked for, so a record a
	// collector counts without scoring (prune.go) costs no child scores,
	// and its remaining children are skipped by the next Advance.
	scored bool
	// bound is parentBound, the block join's bound for pruning.
	bound float32
	// sums bounds a sum join per block of records, once pruning asks
	// (nil for the other modes, or a child scorer without bounds).
	sums *sumBounds
	mode ScoreMode
	err  error
	dl   *deadline
}

func (s *blockJoinScorer) Next() bool { return s.from(uint32(s.doc + 1)) }

func (s *blockJoinScorer) Advance(target uint32) bool { return s.from(target) }

func (s *blockJoinScorer) DocID() uint32 { return uint32(s.doc) }

func (s *blockJoinScorer) Score() float32 {
	if !s.scored {
		s.aggregate(uint32(s.doc))
		s.scored = true
	}
	return s.score
}

// advanceShallow and maxScore bound the block join for a pruned parent:
// one bound for the whole segment (parentBound), or, for a sum, one per
// block of joinBlock records (sumBounds).
func (s *blockJoinScorer) advanceShallow(target uint32) uint32 {
	b := s.sumBounds()
	if b == nil {
		return noMoreDocs
	}
	i, _ := slices.BinarySearch(s.roots, target)
	if i == len(s.roots) {
		b.shallow = -1
		return noMoreDocs
	}
	b.shallow = i / joinBlock
	return b.blockEnd(s.roots, b.shallow)
}

func (s *blockJoinScorer) maxScore(upTo uint32) float32 {
	b := s.sumBounds()
	if b == nil {
		return safeBound(s.bound)
	}
	if b.shallow >= 0 && upTo <= b.blockEnd(s.roots, b.shallow) {
		return b.blockMax[b.shallow]
	}
	return b.segMax
}

// joinBlock is how many records one bound of a sum join covers.
const joinBlock = 64

// sumBounds bounds a block join's sum of child scores, which has no bound
// from its child's alone (a record may have any number of matching
// children): n·c, where c bounds each child's score over the segment and
// n is the most matching children a record of the block has, counted by
// one walk of a second child scorer over the segment, which reads the
// children's documents and none of their scores. Lucene's block join has
// no such bound, so its sum prunes nothing; Form A's clause-type signal (a
// constant per typed section, summed) is one, and without a bound it kept
// every other clause of the query from pruning.
type sumBounds struct {
	child float32 // c
	// count makes the scorer the walk reads; nil once the walk is made.
	count    func() (Scorer, error)
	blockMax []float32 // per block: the bound of its records' sums
	segMax   float32
	shallow  int // the block advanceShallow chose, or -1
	failed   bool
}

// blockEnd returns the last record of block i.
func (b *sumBounds) blockEnd(roots []uint32, i int) uint32 {
	return roots[min((i+1)*joinBlock, len(roots))-1]
}

// sumBounds returns the join's bounds by block, counting the children on
// first use; nil when it has none (not a sum, or the walk failed or ran
// out of time).
func (s *blockJoinScorer) sumBounds() *sumBounds {
	b := s.sums
	if b == nil || b.failed {
		return nil
	}
	if b.count != nil {
		counts, ok := s.countChildren(b.count)
		b.count = nil
		if !ok {
			b.failed = true
			return nil
		}
		b.blockMax = make([]float32, len(counts))
		for i, n := range counts {
			b.blockMax[i] = sumBound(n, b.child)
			b.segMax = max(b.segMax, b.blockMax[i])
		}
	}
	return b
}

// countChildren walks a child scorer newChild makes over the segment and
// returns, per block of joinBlock records, the most matching children one
// record has; false when the walk fails or runs out of time.
func (s *blockJoinScorer) countChildren(newChild func() (Scorer, error)) ([]uint32, bool) {
	counts := make([]uint32, (len(s.roots)+joinBlock-1)/joinBlock)
	child, err := newChild()
	if err != nil {
		return nil, false
	}
	if child == nil {
		return counts, true // no child matches here
	}
	ri, n := 0, uint32(0)
	for child.Next() {
		if s.dl.tick() {
			return nil, false // out of time: no bound (timeout.go)
		}
		c := child.DocID()
		for ri < len(s.roots) && s.roots[ri] < c {
			counts[ri/joinBlock] = max(counts[ri/joinBlock], n)
			ri, n = ri+1, 0
		}
		if ri == len(s.roots) || s.roots[ri] == c {
			continue // a record the inner query matched: no child (from)
		}
		n++
	}
	if child.Err() != nil {
		return nil, false
	}
	if ri < len(s.roots) {
		counts[ri/joinBlock] = max(counts[ri/joinBlock], n)
	}
	return counts, true
}

// sumBound bounds the float32 rounding of a float64 sum of n child scores,
// each at most c: n·c with a margin for the sum's own rounding, rounded
// up.
func sumBound(n uint32, c float32) float32 {
	if n == 0 {
		return 0
	}
	v := float64(n) * float64(c) * (1 + 1e-9)
	r := float32(v)
	if float64(r) < v {
		r = math.Nextafter32(r, float32(math.Inf(1)))
	}
	return safeBound(r)
}

func (s *blockJoinScorer) Err() error { return s.err }

// childNext moves the child scorer to its next document.
func (s *blockJoinScorer) childNext() {
	if s.child.Next() {
		s.childDoc = int64(s.child.DocID())
	} else {
		s.childDoc = exhausted
	}
}

// childAdvance moves the child scorer to its first document ≥ target.
func (s *blockJoinScorer) childAdvance(target uint32) {
	if s.childDoc >= int64(target) {
		return
	}
	if s.child.Advance(target) {
		s.childDoc = int64(s.child.DocID())
	} else {
		s.childDoc = exhausted
	}
}

// rootAtOrAfter moves ri to the first record ≥ doc and reports whether
// there is one, galloping from the current position.
func (s *blockJoinScorer) rootAtOrAfter(doc uint32) bool {
	lo, step := s.ri, 1
	hi := lo
	for hi < len(s.roots) && s.roots[hi] < doc {
		lo = hi
		hi += step
		step *= 2
	}
	hi = min(hi, len(s.roots))
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if s.roots[mid] < doc {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	s.ri = lo
	return lo < len(s.roots)
}

// from finds the first record ≥ target with a matching child.
func (s *blockJoinScorer) from(target uint32) bool {
	if s.doc == exhausted {
		return false
	}
	// The first child a record ≥ target can have follows the record
	// before it.
	if !s.rootAtOrAfter(target) {
		return s.end()
	}
	firstChild := uint32(0)
	if s.ri > 0 {
		firstChild = s.roots[s.ri-1] + 1
	}
	s.childAdvance(firstChild)
	for s.childDoc != exhausted {
		if s.dl.tick() {
			return s.end() // out of time (timeout.go)
		}
		c := uint32(s.childDoc)
		if !s.rootAtOrAfter(c) {
			return s.end() // unreachable: the last document is a record
		}
		parent := s.roots[s.ri]
		if parent == c {
			// The inner query matched a record: not a child, skip it.
			s.childNext()
			continue
		}
		s.doc = int64(parent)
		s.scored = false
		return true
	}
	return s.end()
}

// aggregate scores the current record from its matching children, leaving
// the child scorer at or after the record.
func (s *blockJoinScorer) aggregate(parent uint32) {
	if s.mode == ScoreNone {
		// Lucene does not score the children: the record scores 0.
		s.score = 0
		s.childAdvance(parent)
		return
	}
	acc := float64(s.child.Score())
	n := 1
	for s.childNext(); s.childDoc < int64(parent); s.childNext() {
		s.dl.tick() // the collection loop stops once it has passed
		cs := float64(s.child.Score())
		n++
		switch s.mode {
		case ScoreAvg, ScoreSum:
			acc += cs
		case ScoreMin:
			acc = min(acc, cs)
		case ScoreMax:
			acc = max(acc, cs)
		}
	}
	if s.mode == ScoreAvg {
		acc /= float64(n)
	}
	s.score = float32(acc)
}

func (s *blockJoinScorer) end() bool {
	s.doc = exhausted
	if err := s.child.Err(); err != nil {
		s.err = errors.Join(s.err, err)
	}
	return false
}
