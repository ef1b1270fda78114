package search

import (
	"context"
	"fmt"

	"github.com/contractsearch/contractsearch/internal/engine/encoding"
	"github.com/contractsearch/contractsearch/internal/engine/postings"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
	"github.com/contractsearch/contractsearch/internal/engine/similarity"
)

// noMoreDocs is the document id of an exhausted scorer.
const noMoreDocs = postings.NoMoreDocs

// Scorer iterates the matching documents of one segment in order and
// scores them; it follows the engine's iterator vocabulary.
type Scorer interface {
	Next() bool
	Advance(target uint32) bool
	DocID() uint32
	Score() float32
	Err() error
}

// weight is a query prepared for one logical index: statistics resolved,
// ready to give a scorer per segment (nil when nothing can match there).
type weight interface {
	// scorer returns the scorer of segment segNum of the index the weight
	// was created for.
	scorer(segNum int, seg *segment.Segment) (Scorer, error)
	// explain returns Lucene's explanation of document doc of segment
	// segNum (explain.go).
	explain(x *explainCtx, segNum int, seg *segment.Segment, doc uint32) (similarity.Explanation, error)
}

// noMatch is the weight of a query that matches nothing in the index.
type noMatch struct{}

func (noMatch) scorer(int, *segment.Segment) (Scorer, error) { return nil, nil }

func effectiveBoost(b float32) float32 {
	if b == 0 {
		return 1
	}
	return b
}

// createWeight prepares q, already rewritten (Rewrite), for index ix;
// boost is the product of the boosts above q, as Lucene propagates a
// BoostQuery into its clause's weight. A profiled search wraps every
// weight (profile.go).
func createWeight(q Query, ix *Index, boost float32) (weight, error) {
	if ix.prof != nil {
		return ix.prof.profileWeight(q, ix, boost)
	}
	return buildWeight(q, ix, boost)
}

// buildWeight is createWeight without profiling.
func buildWeight(q Query, ix *Index, boost float32) (weight, error) {
	switch q := q.(type) {
	case *TermQuery:
		return termWeight(q, ix, boost*effectiveBoost(q.Boost))
	case *PhraseQuery:
		if len(q.Terms) < 2 || q.Slop < 0 {
			// Rewrite turns these into a term, no match or an error.
			return nil, fmt.Errorf("phrase query on %s: not rewritten (%d terms, slop %d)", q.Field, len(q.Terms), q.Slop)
		}
		if q.Slop > 0 {
			return sloppyPhraseWeight(q, ix, boost*effectiveBoost(q.Boost))
		}
		return phraseWeight(q, ix, boost*effectiveBoost(q.Boost))
	case *MatchAllQuery:
		return &matchAllWeight{score: boost * effectiveBoost(q.Boost)}, nil
	case *BoolQuery:
		return boolWeight(q, ix, boost*effectiveBoost(q.Boost))
	case *MatchNoneQuery:
		return noMatch{}, nil
	// Range, rank_feature and nested (range.go, feature.go, nested.go).
	case *RangeQuery:
		return rangeWeight(q, ix, boost*effectiveBoost(q.Boost)), nil
	case *RankFeatureQuery:
		return featureWeight(q, ix, boost*effectiveBoost(q.Boost))
	case *NestedQuery:
		return nestedWeight(q, ix, boost*effectiveBoost(q.Boost))
	case *PrefixQuery:
		return prefixWeight(q, ix, boost*effectiveBoost(q.Boost)), nil
	case *TermSetQuery:
		return termSetWeight(q, ix, boost*effectiveBoost(q.Boost)), nil
	case *FuzzyQuery:
		return fuzzyWeight(q, ix, boost*effectiveBoost(q.Boost))
	case *DisMaxQuery:
		return disMaxWeight(q, ix, boost*effectiveBoost(q.Boost))
	case *ConstantScoreQuery:
		return constantScoreWeight(q, ix, boost*effectiveBoost(q.Boost))
	}
	return nil, fmt.Errorf("unsupported query %T", q)
}

// termWeightT scores one term in one field with index-wide statistics.
type termWeightT struct {
	field string
	term  string
	// metas[segNum] is the term's postings metadata in that segment, nil
	// where the segment lacks the term: looked up once, with the statistics.
	metas [][]byte
	sim   similarity.TermScorer
}

// termStats holds a field's statistics summed over an index's segments, as
// Lucene's IndexSearcher sums them, and each term's document frequency and
// per-segment postings metadata (Lucene's TermStates), so scorers need not
// look the terms up again.
type termStats struct {
	docCount, sumTTF int64
	docFreqs         []int64
	// metas[t][segNum] is term t's metadata in that segment, or nil.
	metas [][][]byte
}

func indexStats(ix *Index, field string, terms []string) (*termStats, error) {
	st := &termStats{docFreqs: make([]int64, len(terms)), metas: make([][][]byte, len(terms))}
	for i := range terms {
		st.metas[i] = make([][]byte, len(ix.Segments))
	}
	for segNum, seg := range ix.Segments {
		f := seg.Field(field)
		if f == nil {
			continue
		}
		st.docCount += int64(f.DocCount)
		st.sumTTF += int64(f.SumTotalTermFreq)
		for i, t := range terms {
			info, ok, err := f.Terms.Get([]byte(t))
			if err != nil {
				return nil, err
			}
			if ok {
				st.docFreqs[i] += int64(info.DocFreq)
				st.metas[i][segNum] = info.Meta
			}
		}
	}
	return st, nil
}

func termWeight(q *TermQuery, ix *Index, boost float32) (weight, error) {
	st, err := indexStats(ix, q.Field, []string{q.Term})
	if err != nil {
		return nil, err
	}
	if st.docFreqs[0] == 0 {
		return noMatch{}, nil
	}
	field := similarity.DefaultBM25().NewField(st.sumTTF, st.docCount)
	return &termWeightT{field: q.Field, term: q.Term, metas: st.metas[0], sim: field.Term(boost, st.docFreqs[0])}, nil
}

func (w *termWeightT) scorer(segNum int, seg *segment.Segment) (Scorer, error) {
	if w.metas[segNum] == nil {
		return nil, nil
	}
	f := seg.Field(w.field)
	it, err := openPostings(f, w.metas[segNum])
	if err != nil {
		return nil, err
	}
	return &termScorer{it: it, norms: f.Norms, sim: &w.sim}, nil
}

// openPostings opens the postings a term's metadata describes.
func openPostings(f *segment.Field, meta []byte) (*postings.Iterator, error) {
	d := encoding.NewDecbuf(meta)
	m := postings.DecodeTermMeta(&d, f.IndexOptions())
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("field %s: term metadata: %w", f.Name, err)
	}
	return f.Postings.Postings(m, nil), nil
}

// termScorer scores a term's postings with BM25.
type termScorer struct {
	it    *postings.Iterator
	norms []byte // nil for fields without norms
	sim   *similarity.TermScorer
	// Block-max bounds (prune.go): the last document of the block
	// advanceShallow found, the block whose bound is cached (its last
	// document + 1; 0 for none), that bound, and the term's (0 until
	// computed).
	shallowEnd uint32
	boundFor   int64
	blockBound float32
	termBound  float32
	// started is set once the iterator moved; pruning once the collector
	// gave a minimum competitive score min.
	started bool
	pruning bool
	min     float32
}

func (s *termScorer) Next() bool {
	if s.pruning {
		t := uint32(0)
		if s.started {
			t = s.it.DocID() + 1
		}
		return s.Advance(t)
	}
	s.started = true
	return s.it.Next()
}

func (s *termScorer) Advance(t uint32) bool {
	s.started = true
	if s.pruning {
		t = s.competitive(t)
	}
	return s.it.Advance(t)
}

func (s *termScorer) DocID() uint32 { return s.it.DocID() }
func (s *termScorer) Err() error    { return s.it.Err() }
func (s *termScorer) Score() float32 {
	if s.norms == nil {
		return s.sim.ScoreNoNorms(float32(s.it.Freq()))
	}
	return s.sim.Score(float32(s.it.Freq()), s.norms[s.it.DocID()])
}

// matchAllWeight matches every document with a constant score, records
// and nested children alike, as Lucene's MatchAllDocsQuery: the top level
// keeps the records (recordsOnly), a nested query the children.
type matchAllWeight struct{ score float32 }

func (w *matchAllWeight) scorer(_ int, seg *segment.Segment) (Scorer, error) {
	if seg.MaxDoc == 0 {
		return nil, nil
	}
	return &allDocsScorer{maxDoc: seg.MaxDoc, doc: -1, score: w.score}, nil
}

// allDocsScorer iterates documents 0 … maxDoc−1 with a constant score.
type allDocsScorer struct {
	maxDoc uint32
	doc    int64
	score  float32
}

func (s *allDocsScorer) Next() bool { return s.Advance(uint32(s.doc + 1)) }

func (s *allDocsScorer) Advance(target uint32) bool {
	if target >= s.maxDoc || s.doc == int64(noMoreDocs) {
		s.doc = int64(noMoreDocs)
		return false
	}
	s.doc = int64(target)
	return true
}

func (s *allDocsScorer) DocID() uint32  { return uint32(s.doc) }
func (s *allDocsScorer) Score() float32 { return s.score }
func (s *allDocsScorer) Err() error     { return nil }

// rootsScorer iterates a segment's records with a constant score.
type rootsScorer struct {
	roots []uint32
	i     int
	score float32
}

func (s *rootsScorer) Next() bool {
	s.i++
	return s.i < len(s.roots)
}

func (s *rootsScorer) Advance(target uint32) bool {
	// Gallop then binary search from the current position.
	lo := max(s.i, 0)
	step := 1
	hi := lo
	for hi < len(s.roots) && s.roots[hi] < target {
		lo = hi
		hi += step
		step *= 2
	}
	hi = min(hi, len(s.roots))
	for lo < hi {
		mid := (lo + hi) / 2
		if s.roots[mid] < target {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	s.i = lo
	return s.i < len(s.roots)
}

func (s *rootsScorer) DocID() uint32 {
	if s.i < 0 || s.i >= len(s.roots) {
		return noMoreDocs
	}
	return s.roots[s.i]
}

func (s *rootsScorer) Score() float32 { return s.score }
func (s *rootsScorer) Err() error     { return nil }

// searchIndex runs a target's query over one logical index: every match
// feeds the aggregations, and the matches the post filter keeps feed the
// hit collector.
func (s *Searcher) searchIndex(ctx context.Context, ix *Index, t Target, c *topCollector, aggs []*aggCollector) error {
	w, err := createWeight(t.Query, ix, 1)
	if err != nil {
		return err
	}
	defer c.publish() // what the index counted, for those after it
	col := &collector{top: c, aggs: aggs, prof: ix.prof}
	if t.PostFilter != nil {
		if col.post, err = createWeight(t.PostFilter, ix, 1); err != nil {
			return fmt.Errorf("post_filter: %w", err)
		}
	}
	col.startIndex(ix.Name)
	if ix.dl != nil && ix.dl.poll() {
		return ix.dl.cause() // expired while the weights were built
	}
	for segNum, seg := range ix.Segments {
		if col.done() {
			break
		}
		if err := searchSegment(ix.dl, ix.Name, segNum, seg, w, !t.RecordsOnly, col); err != nil {
			return fmt.Errorf("segment %d: %w", segNum, err)
		}
	}
	col.finishIndex()
	return nil
}

// searchSegment is the collection loop, the same for every collector
// (collect.go): the scorer's matches in document order, each given to
// the segment's leaf collector and then to the top hits, which score it
// only when it may be kept; the deadline is ticked as the scorer works.
func searchSegment(dl *deadline, index string, segNum int, seg *segment.Segment, w weight, filter bool, c *collector) error {
	if all, ok := w.(*matchAllWeight); ok && c.post == nil {
		return scanRecords(dl, index, segNum, seg, all.score, c.top, c.aggs) // scan.go
	}
	sc, err := recordScorer(w, segNum, seg, dl, filter)
	if err != nil || sc == nil {
		return err
	}
	lc, ok, err := c.leaf(segNum, seg, sc)
	if err != nil || !ok {
		return err
	}
	top := c.top
	work := scorerWork(sc)
	// prof times the top hits' step when the search is profiled; its
	// clock stays in the profiler, off the loop's registers.
	prof := c.prof
	for !top.counted() && sc.Next() {
		if dl.tickN(work) {
			// What a scorer returns once the deadline passed is not
			// collected (timeout.go).
			return dl.cause()
		}
		doc := sc.DocID()
		if !lc.hitsOnly && !lc.collectOthers(doc) {
			continue
		}
		if prof != nil {
			prof.startHit()
		}
		if top.cannotKeep(lc.lz) {
			top.count() // counted, not scored
		} else {
			score := sc.Score()
			if dl.stopped() {
				// Scoring may finish work the matching left (a
				// phrase's frequency): cut short, it is not the
				// document's score.
				return dl.cause()
			}
			top.collect(index, segNum, seg, doc, score)
		}
		if lc.pr != nil {
			if m, ok := top.minCompetitive(); ok && (!lc.pruning || m > lc.lastMin) {
				lc.raiseMin(m)
			}
		}
		if prof != nil {
			prof.stopHit()
		}
	}
	if dl.stopped() {
		return dl.cause()
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return lc.err()
}

// recordScorer returns w's scorer for a segment restricted to records:
// top-level queries match records only, children are reached through
// nested queries. The filter is skipped when the segment has no children
// or filter is false (a query that cannot match them, Target.RecordsOnly).
func recordScorer(w weight, segNum int, seg *segment.Segment, dl *deadline, filter bool) (Scorer, error) {
	sc, err := w.scorer(segNum, seg)
	if dl.stopped() {
		// Scorers that saw the deadline while they were built stop
		// as if nothing matched: the search must still say it timed out.
		return nil, dl.cause()
	}
	if err != nil || sc == nil {
		return nil, err
	}
	if filter && int(seg.MaxDoc) != len(seg.Roots()) {
		sc = &recordsOnly{inner: sc, roots: &rootsScorer{roots: seg.Roots(), i: -1}, dl: dl}
	}
	return sc, nil
}

// recordsOnly restricts a scorer to a segment's records.
type recordsOnly struct {
	inner Scorer
	roots *rootsScorer
	dl    *deadline
}

// align moves both iterators forward until they agree on a document.
func (r *recordsOnly) align() bool {
	for {
		if r.dl.tick() {
			return false
		}
		d := r.inner.DocID()
		if !r.roots.Advance(d) {
			return false
		}
		if root := r.roots.DocID(); root != d {
			if !r.inner.Advance(root) {
				return false
			}
			continue
		}
		return true
	}
}

func (r *recordsOnly) Next() bool { return r.inner.Next() && r.align() }
func (r *recordsOnly) Advance(target uint32) bool {
	return r.inner.Advance(target) && r.align()
}
func (r *recordsOnly) DocID() uint32  { return r.inner.DocID() }
func (r *recordsOnly) Score() float32 { return r.inner.Score() }
func (r *recordsOnly) Err() error     { return r.inner.Err() }
