package search

import (
	"fmt"
	"sync"

	"github.com/contractsearch/contractsearch/internal/engine/docvalues"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
)

// featureWeightT is a rank_feature query prepared for one index: Lucene's
// FeatureQuery on the feature "_feature" field. Lucene indexes a feature
// as a term frequency (the value's top 17 bits); the engine keeps the
// same encoded integer in the field's doc values, so the score is the
// function of the same frequency.
type featureWeightT struct {
	field string
	fn    similarity.FeatureFunction
	// w is the function's weight: the accumulated boost, as a BoostQuery
	// above Lucene's FeatureQuery hands its boost to the function.
	w float32
	// blocks caches the columns' block maxima (Index.featureBlocks).
	blocks *sync.Map
}

func featureWeight(q *RankFeatureQuery, ix *Index, boost float32) (weight, error) {
	fn, err := featureFunction(q, ix)
	if err != nil {
		return nil, fmt.Errorf("rank_feature on %s: %w", q.Field, err)
	}
	return &featureWeightT{field: q.Field, fn: fn, w: boost, blocks: ix.featureBlocks}, nil
}

// featureFunction builds the similarity function q asks for, with the
// index's default pivot for a saturation without one.
func featureFunction(q *RankFeatureQuery, ix *Index) (similarity.FeatureFunction, error) {
	switch f := q.Function.(type) {
	case nil:
		// OpenSearch's default function is a saturation with the index's
		// pivot.
		return featureFunction(&RankFeatureQuery{Field: q.Field, Function: Saturation{}}, ix)
	case Saturation:
		pivot := float32(0)
		if f.Pivot != nil {
			pivot = *f.Pivot
		} else {
			p, err := defaultPivot(ix, q.Field)
			if err != nil {
				return nil, err
			}
			pivot = p
		}
		return similarity.NewSaturation(pivot)
	case *Saturation:
		return featureFunction(&RankFeatureQuery{Field: q.Field, Function: *f}, ix)
	case Log:
		return similarity.NewLog(f.ScalingFactor)
	case *Log:
		return similarity.NewLog(f.ScalingFactor)
	case Sigmoid:
		return similarity.NewSigmoid(f.Pivot, f.Exponent)
	case *Sigmoid:
		return similarity.NewSigmoid(f.Pivot, f.Exponent)
	case Linear, *Linear:
		return similarity.Linear{}, nil
	}
	return nil, fmt.Errorf("unsupported function %T", q.Function)
}

// defaultPivot is Lucene's FeatureField.computePivotFeatureValue over the
// whole index: the feature term's total frequency (the sum of the encoded
// values) over its document frequency (the documents with a value),
// decoded. It scans the column once per index and feature (Index.pivots;
// a new generation gets new indexes).
func defaultPivot(ix *Index, field string) (float32, error) {
	if ix.pivots != nil {
		if p, ok := ix.pivots.Load(field); ok {
			return p.(float32), nil
		}
	}
	p, err := scanPivot(ix, field)
	if err != nil {
		return 0, err
	}
	if ix.pivots != nil {
		ix.pivots.Store(field, p)
	}
	return p, nil
}

func scanPivot(ix *Index, field string) (float32, error) {
	var sum, docs int64
	for _, seg := range ix.Segments {
		col, err := seg.DocValues.Numeric(field)
		if err != nil {
			return 0, fmt.Errorf("rank_feature on %s: %w", field, err)
		}
		if col == nil {
			continue
		}
		cur := col.Cursor()
		for cur.Next() {
			sum += cur.Value(0)
		}
		docs += int64(col.DocCount())
	}
	return similarity.DefaultSaturationPivot(sum, docs), nil
}

func (w *featureWeightT) scorer(_ int, seg *segment.Segment) (Scorer, error) {
	col, err := seg.DocValues.Numeric(w.field)
	if err != nil {
		return nil, fmt.Errorf("rank_feature on %s: %w", w.field, err)
	}
	if col == nil || col.DocCount() == 0 {
		return nil, nil
	}
	return &featureScorer{cur: col.Cursor(), fn: w.fn, w: w.w, cache: w.blocks, seg: seg, field: w.field}, nil
}

// featureScorer scores every document with the feature.
type featureScorer struct {
	cur docvalues.NumericCursor
	fn  similarity.FeatureFunction
	w   float32
	// done is set once exhausted, so that no later call moves the cursor
	// (its targets must not decrease).
	done    bool
	started bool
	// Block maxima for pruning (prune.go): where they are cached, the
	// column they are of, the table once loaded and the current block.
	cache *sync.Map
	seg   *segment.Segment
	field string
	fb    *featureBlocks
	blk   int
	// pruning is set once a minimum competitive score min is known.
	pruning bool
	min     float32
}

func (s *featureScorer) Next() bool {
	if s.pruning {
		t := uint32(0)
		if s.started {
			t = s.cur.DocID() + 1
		}
		return s.Advance(t)
	}
	s.started = true
	s.done = s.done || !s.cur.Next()
	return !s.done
}

func (s *featureScorer) Advance(t uint32) bool {
	s.started = true
	if s.pruning && !s.done {
		if t = s.competitive(t); t == noMoreDocs {
			s.done = true
		}
	}
	s.done = s.done || !s.cur.Advance(t)
	return !s.done
}

func (s *featureScorer) DocID() uint32 { return s.cur.DocID() }
func (s *featureScorer) Err() error    { return s.cur.Err() }

// Score applies the function to the document's encoded value (a
// rank_feature field has one value per document).
func (s *featureScorer) Score() float32 {
	return s.fn.Score(s.w, uint32(s.cur.Value(0)))
}

// setMinCompetitiveScore makes the scorer skip the blocks whose largest
// value cannot score above min, as Lucene's FeatureQuery skips by its
// term's impacts.
func (s *featureScorer) setMinCompetitiveScore(min float32) {
	if s.w < 0 {
		return // a negative weight reverses the order; never pruned
	}
	s.pruning, s.min = true, min
}

// table returns the column's block maxima, loaded on first use.
func (s *featureScorer) table() *featureBlocks {
	if s.fb == nil {
		s.fb = blocksOf(s.cache, s.seg, s.field)
	}
	return s.fb
}

// valueBound is the score of an encoded value as a bound: the functions
// grow with the value (their monotonic forms), for a weight ≥ 0.
func (s *featureScorer) valueBound(v uint32) float32 {
	if s.w < 0 {
		return unbounded
	}
	return safeBound(s.fn.Score(s.w, v))
}

// competitive returns the first document ≥ target in a block whose best
// value scores above the minimum, or noMoreDocs.
func (s *featureScorer) competitive(target uint32) uint32 {
	fb := s.table()
	for {
		s.blk = fb.find(target, s.blk)
		if s.blk >= len(fb.lastDoc) {
			return noMoreDocs
		}
		if s.valueBound(fb.maxVal[s.blk]) > s.min {
			return target
		}
		target = fb.lastDoc[s.blk] + 1 // a document id is below noMoreDocs
	}
}

func (s *featureScorer) advanceShallow(target uint32) uint32 {
	fb := s.table()
	s.blk = fb.find(target, s.blk)
	if s.blk >= len(fb.lastDoc) {
		return noMoreDocs
	}
	return fb.lastDoc[s.blk]
}

func (s *featureScorer) maxScore(upTo uint32) float32 {
	fb := s.table()
	switch {
	case s.blk >= len(fb.lastDoc):
		return 0 // no document has the feature past the last block
	case upTo <= fb.lastDoc[s.blk]:
		return s.valueBound(fb.maxVal[s.blk])
	}
	return s.valueBound(fb.max)
}
