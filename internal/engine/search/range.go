package search

import (
	"fmt"
	"math"

	"github.com/contractsearch/contractsearch/internal/engine/docvalues"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// rangeWeightT is a numeric range prepared for one index. OpenSearch runs
// an integer or date range as Lucene's IndexOrDocValuesQuery over points
// and doc values; both sides match the documents with at least one value
// in the range and score them with the constant boost, so one doc values
// scan gives the same hits and scores.
type rangeWeightT struct {
	field  string
	desc   string // the query's text without its boost, for explanations
	lo, hi int64
	score  float32
	dl     *deadline
}

func rangeWeight(q *RangeQuery, ix *Index, boost float32) weight {
	w := &rangeWeightT{field: q.Field, desc: describeUnboosted(q), lo: math.MinInt64, hi: math.MaxInt64, score: boost, dl: ix.dl}
	if q.Lower != nil {
		w.lo = *q.Lower
	}
	if q.Upper != nil {
		w.hi = *q.Upper
	}
	if w.lo > w.hi {
		// An empty range (gt 5 lt 6 after the translation's ±1, or
		// reversed bounds): Lucene's point range matches nothing.
		return noMatch{}
	}
	return w
}

func (w *rangeWeightT) scorer(_ int, seg *segment.Segment) (Scorer, error) {
	col, err := seg.DocValues.Numeric(w.field)
	if err != nil {
		return nil, fmt.Errorf("range on %s: %w", w.field, err)
	}
	if col == nil || col.DocCount() == 0 {
		return nil, nil
	}
	return &rangeScorer{cur: col.Cursor(), lo: w.lo, hi: w.hi, score: w.score, dl: w.dl, cost: col.DocCount()}, nil
}

// rangeScorer visits the documents that have values and keeps those with
// a value in [lo, hi]. A document's values are sorted, so one binary search
// finds its first value ≥ lo; multi-valued fields match when any value is
// in range, as a point range does.
type rangeScorer struct {
	cur    docvalues.NumericCursor
	lo, hi int64
	score  float32
	// done is set once exhausted, so that no later call moves the cursor
	// (its targets must not decrease).
	done bool
	// dl stops a scan that keeps few of many documents (timeout.go).
	dl *deadline
	// cost is how many documents have values: the most it proposes
	// (docCost).
	cost int
}

// matches reports whether the current document has a value in range.
func (s *rangeScorer) matches() bool {
	n := s.cur.Count()
	if n == 1 {
		v := s.cur.Value(0)
		return v >= s.lo && v <= s.hi
	}
	lo, hi := 0, n
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if s.cur.Value(mid) < s.lo {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo < n && s.cur.Value(lo) <= s.hi
}

func (s *rangeScorer) Next() bool {
	for !s.done && s.cur.Next() {
		if s.dl.tick() {
			break // out of time: end as if exhausted
		}
		if s.matches() {
			return true
		}
	}
	s.done = true
	return false
}

func (s *rangeScorer) Advance(target uint32) bool {
	if s.done || !s.cur.Advance(target) {
		s.done = true
		return false
	}
	return s.matches() || s.Next()
}

func (s *rangeScorer) DocID() uint32  { return s.cur.DocID() }
func (s *rangeScorer) Score() float32 { return s.score }
func (s *rangeScorer) Err() error     { return s.cur.Err() }
