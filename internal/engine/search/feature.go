package search

import (
	"fmt"

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
}

func featureWeight(q *RankFeatureQuery, ix *Index, boost float32) (weight, error) {
	fn, err := featureFunction(q, ix)
	if err != nil {
		return nil, fmt.Errorf("rank_feature on %s: %w", q.Field, err)
	}
	return &featureWeightT{field: q.Field, fn: fn, w: boost}, nil
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
			pivot = defaultPivot(ix, q.Field)
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
func defaultPivot(ix *Index, field string) float32 {
	if ix.pivots != nil {
		if p, ok := ix.pivots.Load(field); ok {
			return p.(float32)
		}
	}
	p := scanPivot(ix, field)
	if ix.pivots != nil {
		ix.pivots.Store(field, p)
	}
	return p
}

func scanPivot(ix *Index, field string) float32 {
	var sum, docs int64
	for _, seg := range ix.Segments {
		col := seg.DocValues.Numeric(field)
		if col == nil {
			continue
		}
		cur := col.Cursor()
		for cur.Next() {
			sum += cur.Value(0)
		}
		docs += int64(col.DocCount())
	}
	return similarity.DefaultSaturationPivot(sum, docs)
}

func (w *featureWeightT) scorer(_ int, seg *segment.Segment) (Scorer, error) {
	col := seg.DocValues.Numeric(w.field)
	if col == nil || col.DocCount() == 0 {
		return nil, nil
	}
	return &featureScorer{cur: col.Cursor(), fn: w.fn, w: w.w}, nil
}

// featureScorer scores every document with the feature.
type featureScorer struct {
	cur docvalues.NumericCursor
	fn  similarity.FeatureFunction
	w   float32
	// done is set once exhausted, so that no later call moves the cursor
	// (its targets must not decrease).
	done bool
}

func (s *featureScorer) Next() bool {
	s.done = s.done || !s.cur.Next()
	return !s.done
}

func (s *featureScorer) Advance(t uint32) bool {
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
