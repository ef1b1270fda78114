package search

import (
	"cmp"
	"math"
	"slices"
	"sync"

	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// Dynamic pruning. Once a search has counted past its track_total_hits
// limit (and nothing else needs every match: no aggregations, no
// profile), the collector tells the scorer the score a document must
// beat to enter the top hits, and scorers that can bound their scores
// skip whole blocks of documents that cannot beat it — Lucene's
// setMinCompetitiveScore with block-max impacts. What is collected is
// then exactly what an exhaustive search would keep: a skipped document
// scores at most the worst kept hit, and later arrivals lose ties.
//
// Bounds are computed with the scorers' own float32 arithmetic applied
// to the largest (freq, norm) pair or feature value of a block: every
// score function here is non-decreasing in freq and feature value and
// non-increasing in the norm byte even after rounding (Lucene's
// monotonic rewrites, similarity), and the combinations (sums in float64
// rounded once, float32 additions) are made of roundings, which never
// reverse an order. So a bound is never below a score it covers, bit for
// bit, and a pruned search keeps the same hits, order and scores.

// competitiveScorer is a scorer that may skip documents that cannot
// enter the top hits.
type competitiveScorer interface {
	Scorer
	// setMinCompetitiveScore says that from now on only documents scoring
	// strictly more than min can be collected; the scorer may skip
	// others, never one scoring more. min never decreases.
	setMinCompetitiveScore(min float32)
}

// boundedScorer is a scorer that can bound its scores ahead of its
// documents, block by block.
type boundedScorer interface {
	// advanceShallow moves the scorer's skip data, not its document, to
	// the block holding target, and returns that block's last document
	// (noMoreDocs when the bound holds to the end). Targets do not
	// decrease.
	advanceShallow(target uint32) uint32
	// maxScore bounds the score of every document from the last
	// advanceShallow target through upTo; upTo past what advanceShallow
	// returned gets a bound over the rest of the segment.
	maxScore(upTo uint32) float32
}

// lazyScorer is a scorer that can tell, before scoring its current
// document, that the document cannot score above a minimum: the
// collector then counts it (for the total and aggregations) without
// asking for its score.
type lazyScorer interface {
	// competitiveAt reports whether the current document may score more
	// than min; false means its score is at most min.
	competitiveAt(min float32) bool
}

// unbounded is the bound of a scorer that cannot bound its scores.
const unbounded = float32(math.MaxFloat32)

// boundOf returns s's bounding side when it has one.
func boundOf(s Scorer) (boundedScorer, bool) {
	b, ok := s.(boundedScorer)
	return b, ok
}

// safeBound turns a bound that is not a usable non-negative number (NaN,
// negative: a negative weight reverses the order) into unbounded.
func safeBound(v float32) float32 {
	if !(v >= 0) {
		return unbounded
	}
	return v
}

// Bounds of the constant scorers: one value for the whole segment.

func (s *allDocsScorer) advanceShallow(uint32) uint32 { return noMoreDocs }
func (s *allDocsScorer) maxScore(uint32) float32      { return safeBound(s.score) }
func (s *rootsScorer) advanceShallow(uint32) uint32   { return noMoreDocs }
func (s *rootsScorer) maxScore(uint32) float32        { return safeBound(s.score) }
func (c *constScorer) advanceShallow(uint32) uint32   { return noMoreDocs }
func (c *constScorer) maxScore(uint32) float32        { return safeBound(c.score) }
func (b *bitsetScorer) advanceShallow(uint32) uint32  { return noMoreDocs }
func (b *bitsetScorer) maxScore(uint32) float32       { return safeBound(b.score) }

func (s *rangeScorer) advanceShallow(uint32) uint32 { return noMoreDocs }
func (s *rangeScorer) maxScore(uint32) float32      { return safeBound(s.score) }

// Phrases have no impacts of their own: BM25 stays below its weight
// (weight − weight/(1 + x) with x ≥ 0), a loose bound for the segment.
func (s *phraseScorer) advanceShallow(uint32) uint32 { return noMoreDocs }
func (s *phraseScorer) maxScore(uint32) float32      { return safeBound(s.sim.Weight()) }
func (s *sloppyScorer) advanceShallow(uint32) uint32 { return noMoreDocs }
func (s *sloppyScorer) maxScore(uint32) float32      { return safeBound(s.sim.Weight()) }

// termScorer's bounds come from the postings' impacts: the block's when
// upTo stays in the block advanceShallow found, the term's otherwise.
func (s *termScorer) advanceShallow(target uint32) uint32 {
	s.shallowEnd = s.it.AdvanceShallow(target)
	return s.shallowEnd
}

func (s *termScorer) maxScore(upTo uint32) float32 {
	if upTo <= s.shallowEnd {
		if s.boundFor != int64(s.shallowEnd)+1 {
			s.blockBound = s.impactBound(false)
			s.boundFor = int64(s.shallowEnd) + 1
		}
		return s.blockBound
	}
	if s.termBound == 0 {
		s.termBound = s.impactBound(true)
	}
	return s.termBound
}

// setMinCompetitiveScore makes a term query alone skip the blocks whose
// impacts cannot score above min.
func (s *termScorer) setMinCompetitiveScore(min float32) {
	s.pruning, s.min = true, min
}

// competitive returns the first document ≥ target in a block whose
// impacts may score above the minimum, or noMoreDocs.
func (s *termScorer) competitive(target uint32) uint32 {
	for {
		end := s.advanceShallow(target)
		if s.maxScore(end) > s.min {
			return target
		}
		if end == noMoreDocs {
			return noMoreDocs
		}
		target = end + 1
	}
}

// impactBound is the best score of the block's (or the term's) impacts.
func (s *termScorer) impactBound(term bool) float32 {
	imps := s.it.BlockImpacts()
	if term {
		imps = s.it.TermImpacts()
	}
	if len(imps) == 0 {
		return unbounded // an error the iterator reports
	}
	best := float32(0)
	for _, im := range imps {
		var v float32
		if s.norms == nil {
			v = s.sim.ScoreNoNorms(float32(im.Freq))
		} else {
			v = s.sim.Score(float32(im.Freq), im.Norm)
		}
		best = max(best, v)
	}
	return safeBound(best)
}

// recordsOnly forwards pruning to the scorer it restricts.
func (r *recordsOnly) setMinCompetitiveScore(min float32) {
	if c, ok := r.inner.(competitiveScorer); ok {
		c.setMinCompetitiveScore(min)
	}
}

// featureBlocks holds, for a feature column of one segment, the last
// document and the largest encoded value of each run of featureBlock
// consecutive documents with a value: the block-max data Lucene reads
// from the feature term's impacts, derived once per segment from the doc
// values (the index format stores no maxima for them).
type featureBlocks struct {
	lastDoc []uint32
	maxVal  []uint32
	max     uint32 // over the column
}

const featureBlock = 128

// featureBlockKey names a column of a segment in Index.featureBlocks.
type featureBlockKey struct {
	seg   *segment.Segment
	field string
}

// blocksOf returns the feature column's block maxima, computing them on
// first use (segments never change; a new generation gets new indexes).
func blocksOf(cache *sync.Map, seg *segment.Segment, field string) *featureBlocks {
	key := featureBlockKey{seg, field}
	if cache != nil {
		if fb, ok := cache.Load(key); ok {
			return fb.(*featureBlocks)
		}
	}
	fb := &featureBlocks{}
	// The scorer that asks for the blocks read this column first and
	// failed the search if its bytes were broken (featureWeightT.scorer).
	if col, err := seg.DocValues.Numeric(field); err == nil && col != nil {
		cur := col.Cursor()
		n := 0
		for cur.Next() {
			v := uint32(min(max(cur.Value(0), 0), math.MaxUint32))
			if n%featureBlock == 0 {
				fb.lastDoc = append(fb.lastDoc, 0)
				fb.maxVal = append(fb.maxVal, 0)
			}
			b := len(fb.lastDoc) - 1
			fb.lastDoc[b] = cur.DocID()
			fb.maxVal[b] = max(fb.maxVal[b], v)
			fb.max = max(fb.max, v)
			n++
		}
	}
	if cache != nil {
		cache.Store(key, fb)
	}
	return fb
}

// find returns the first block at or after from whose last document is ≥
// target, or the number of blocks.
func (fb *featureBlocks) find(target uint32, from int) int {
	n := len(fb.lastDoc)
	if from >= n || fb.lastDoc[from] >= target {
		return from
	}
	lo, hi, step := from, from+1, 1
	for hi < n && fb.lastDoc[hi] < target {
		lo = hi
		step <<= 1
		hi = lo + step
	}
	hi = min(hi, n)
	// lastDoc[lo] < target; the answer is in (lo, hi].
	lo++
	for lo < hi {
		mid := lo + (hi-lo)/2
		if fb.lastDoc[mid] < target {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// bounded reports whether every scoring clause of the bool can bound its
// scores, which pruning and the bool's own bounds need.
func (b *boolScorer) bounded() bool {
	if b.boundable == 0 {
		b.boundable = 1
		for _, list := range [][]sub{b.req, b.should} {
			for _, c := range list {
				if _, ok := boundOf(c.s); c.scoring && !ok {
					b.boundable = 2
				}
			}
		}
	}
	return b.boundable == 1
}

// setMinCompetitiveScore starts (or tightens) pruning: regions whose bound
// does not beat min are skipped, and in the others candidates must match
// a should clause when the clauses left out cannot lift a document above
// min (MaxScore's essential clauses).
func (b *boolScorer) setMinCompetitiveScore(min float32) {
	if !b.bounded() {
		return
	}
	b.pruning, b.min = true, min
	b.regionEnd = -1 // bounds to be compared with the new minimum
	b.propagateMin()
}

// propagateMin passes the minimum on to the required scoring clauses
// that can skip (Lucene's MaxScoreSumPropagator, which its
// BlockMaxConjunctionScorer uses): clause i may skip a document it scores
// at most mᵢ when, with every other clause at its bound over the rest of
// the segment, the bool's score would still be at most min. The bound is
// computed with scoreOf's own arithmetic (the sum in float64 in clause
// order, rounded once, then combine), monotonic in each clause's score,
// so mᵢ is the largest float32 whose bound does not beat min, found by
// stepping from an estimate: a document that mᵢ lets clause i skip scores
// at most min, bit for bit.
func (b *boolScorer) propagateMin() {
	if b.propagate == 0 {
		b.propagate = 2
		for _, c := range b.req {
			if propagatesTo(c) {
				b.propagate = 1
			}
		}
	}
	if b.propagate != 1 {
		return
	}
	if cap(b.reqSegMax) < len(b.req) {
		b.reqSegMax = make([]float32, len(b.req))
		b.reqMin = make([]float32, len(b.req))
	}
	b.reqSegMax, b.reqMin = b.reqSegMax[:len(b.req)], b.reqMin[:len(b.req)]
	var all float64
	for i := range b.should {
		bs, _ := boundOf(b.should[i].s)
		all += float64(safeBound(bs.maxScore(noMoreDocs)))
	}
	for i := range b.req {
		b.reqSegMax[i] = 0
		if b.req[i].scoring {
			bs, _ := boundOf(b.req[i].s)
			b.reqSegMax[i] = safeBound(bs.maxScore(noMoreDocs))
		}
	}
	// bound is the bool's score bound with clause i scoring at most m.
	bound := func(i int, m float32) float32 {
		var req float64
		for j := range b.req {
			if j == i {
				req += float64(m)
			} else {
				req += float64(b.reqSegMax[j])
			}
		}
		return b.combine(req, all, len(b.should))
	}
	for i := range b.req {
		if !propagatesTo(b.req[i]) {
			continue
		}
		c := b.req[i].s.(competitiveScorer)
		var others float64
		for j := range b.req {
			if j != i {
				others += float64(b.reqSegMax[j])
			}
		}
		m := float32(float64(b.min) - others - all)
		if !(m > 0) || m >= unbounded {
			continue // the others alone may beat min (or are unbounded)
		}
		m, ok := largestBelow(m, func(v float32) bool { return bound(i, v) <= b.min })
		if !ok || m <= b.reqMin[i] {
			continue // nothing new for the clause (mins never decrease)
		}
		b.reqMin[i] = m
		c.setMinCompetitiveScore(m)
	}
}

// propagatesTo reports whether propagateMin passes the minimum on to a
// required clause: a scoring one that can skip, but not a term, which
// skips by its block bounds, and the regions (enterRegion) already weigh
// those with the other clauses'.
func propagatesTo(c sub) bool {
	if _, ok := c.s.(competitiveScorer); !ok || !c.scoring {
		return false
	}
	_, term := c.s.(*termScorer)
	return !term
}

// largestBelow returns the largest non-negative float32 v with fits(v),
// searching a few steps either side of the estimate m (fits is
// monotonic: true up to some value, false past it); false when none is
// found near m.
func largestBelow(m float32, fits func(float32) bool) (float32, bool) {
	const steps = 64
	down := float32(math.Inf(-1))
	up := float32(math.Inf(1))
	for k := 0; !fits(m); k++ {
		if k == steps || m <= 0 {
			return 0, false
		}
		m = math.Nextafter32(m, down)
	}
	for range steps {
		next := math.Nextafter32(m, up)
		if !fits(next) {
			break
		}
		m = next
	}
	return max(m, 0), m >= 0
}

// regionBounds moves every scoring clause's skip data to d and returns the
// last document of the region they all bound, the required clauses'
// bound (summed as scoreOf sums) and, in b.shouldMax, each should
// clause's bound.
func (b *boolScorer) regionBounds(d uint32) (upTo uint32, reqMax float64) {
	upTo = noMoreDocs
	for _, list := range [][]sub{b.req, b.should} {
		for _, c := range list {
			if c.scoring {
				bs, _ := boundOf(c.s)
				upTo = min(upTo, bs.advanceShallow(d))
			}
		}
	}
	b.reqMax = b.reqMax[:0]
	for i := range b.req {
		m := float32(0)
		if b.req[i].scoring {
			bs, _ := boundOf(b.req[i].s)
			m = bs.maxScore(upTo)
			reqMax += float64(m)
		}
		b.reqMax = append(b.reqMax, m)
	}
	b.shouldMax = b.shouldMax[:0]
	for i := range b.should {
		bs, _ := boundOf(b.should[i].s)
		b.shouldMax = append(b.shouldMax, bs.maxScore(upTo))
	}
	return upTo, reqMax
}

// enterRegion finds the first region at or after d whose bound beats the
// minimum, sets regionEnd and the lead clauses for it, and returns where
// candidates start (d or the region's first document), exhausted when no
// region is left.
func (b *boolScorer) enterRegion(d int64) int64 {
	for d < exhausted {
		upTo, reqMax := b.regionBounds(uint32(d))
		var all float64
		for _, m := range b.shouldMax {
			all += float64(m)
		}
		if b.combine(reqMax, all, len(b.shouldMax)) > b.min {
			b.regionEnd = int64(upTo)
			b.setLead(reqMax)
			return d
		}
		if upTo == noMoreDocs {
			break
		}
		d = int64(upTo) + 1
	}
	return exhausted
}

// setLead leaves out of the lead the should clauses with the smallest
// bounds whose sum, with the required clauses' bound, cannot beat the
// minimum: a document matching only those cannot be collected.
func (b *boolScorer) setLead(reqMax float64) {
	b.lead = nil
	if b.msm > 1 || len(b.should) == 0 {
		return
	}
	if b.hasReq && b.msm == 0 && b.combine(reqMax, 0, 0) > b.min {
		return // the required clauses alone may beat it
	}
	b.byMax = b.byMax[:0]
	for i := range b.should {
		b.byMax = append(b.byMax, i)
	}
	slices.SortStableFunc(b.byMax, func(x, y int) int { return cmp.Compare(b.shouldMax[x], b.shouldMax[y]) })
	var sum float64
	k := 0
	for ; k < len(b.byMax); k++ {
		next := sum + float64(b.shouldMax[b.byMax[k]])
		if b.combine(reqMax, next, k+1) > b.min {
			break
		}
		sum = next
	}
	if k == 0 && !b.hasReq {
		return // every clause leads: the plain union
	}
	b.lead = b.byMax[k:]
}

// advanceShallow and maxScore bound a bool nested in a pruned parent.
func (b *boolScorer) advanceShallow(target uint32) uint32 {
	if !b.bounded() {
		return noMoreDocs
	}
	upTo := noMoreDocs
	for _, list := range [][]sub{b.req, b.should} {
		for _, c := range list {
			if c.scoring {
				bs, _ := boundOf(c.s)
				upTo = min(upTo, bs.advanceShallow(target))
			}
		}
	}
	return upTo
}

func (b *boolScorer) maxScore(upTo uint32) float32 {
	if !b.bounded() {
		return unbounded
	}
	var reqMax, all float64
	for i := range b.req {
		if b.req[i].scoring {
			bs, _ := boundOf(b.req[i].s)
			reqMax += float64(bs.maxScore(upTo))
		}
	}
	for i := range b.should {
		bs, _ := boundOf(b.should[i].s)
		all += float64(bs.maxScore(upTo))
	}
	return b.combine(reqMax, all, len(b.should))
}

// advanceShallow and maxScore bound a disjunction (fuzzy, dis_max, a
// multi-term rewrite) inside a pruned bool, from its clauses' bounds.
func (d *disjunctionScorer) advanceShallow(target uint32) uint32 {
	upTo := noMoreDocs
	if d.mode == combineConst {
		return upTo
	}
	for _, c := range d.subs {
		if bs, ok := boundOf(c.s); ok {
			upTo = min(upTo, bs.advanceShallow(target))
		}
	}
	return upTo
}

func (d *disjunctionScorer) maxScore(upTo uint32) float32 {
	if d.mode == combineConst {
		return safeBound(d.score)
	}
	var best float32
	var sum float64
	for _, c := range d.subs {
		bs, ok := boundOf(c.s)
		if !ok {
			return unbounded
		}
		m := bs.maxScore(upTo)
		best = max(best, m)
		sum += float64(m)
	}
	if d.mode == combineSum {
		return float32(sum)
	}
	// The best clause plus tie times the others: both parts at most their
	// bounds (the others' sum below every clause's).
	return float32(float64(best) + sum*d.tie)
}

// competitiveAt bounds the current document by the bounds, over the
// region around it (computed once per region), of the clauses that match
// it: required ones and the should clauses on the document, summed as
// scoreOf sums their scores, in the same order. Should clauses left
// behind by from (lazyShould) are moved first, cheapest first, as long as
// the document may still compete. Then the bound is refined with actual
// scores: the required clauses' sum, then the should clauses' scores,
// largest bound first (a block join's bound is far above most of its
// records' scores), so that a document that cannot compete is given up
// before its costliest clauses are scored; a document that competes
// leaves its score computed for Score.
func (b *boolScorer) competitiveAt(min float32) bool {
	if !b.bounded() {
		return true
	}
	if b.doc >= b.docBoundEnd {
		upTo, reqMax := b.regionBounds(uint32(b.doc))
		b.docReqMax = reqMax
		b.docReqBounds = append(b.docReqBounds[:0], b.reqMax...)
		b.docShouldMax = append(b.docShouldMax[:0], b.shouldMax...)
		b.docBoundEnd = int64(upTo) + 1
		// refine's order for the region: largest bound first.
		b.byBound = b.byBound[:0]
		for i := range b.should {
			b.byBound = append(b.byBound, i)
		}
		slices.SortStableFunc(b.byBound, func(x, y int) int { return cmp.Compare(b.docShouldMax[y], b.docShouldMax[x]) })
	}
	if b.matched == shouldUnknown && !b.placeShould(min) {
		return false
	}
	var should float64
	for i := range b.should {
		if b.should[i].doc == b.doc {
			should += float64(b.docShouldMax[i])
		}
	}
	if b.combine(b.docReqMax, should, b.matched) <= min {
		return false
	}
	if b.docBounds && b.combine(b.reqDocBound(), should, b.matched) <= min {
		return false // scoring the required clauses is not needed
	}
	return b.refine(min, b.reqSum())
}

// reqDocBound bounds the required clauses' sum on the current document,
// summed as reqSum sums their scores, in the same order: each scoring
// clause counts at the lesser of its bound over the region
// (docReqBounds) and, when it has one, its bound on the document (a
// disjunction's clauses on it, a phrase's rarest term), which is far
// tighter for a disjunction over many fields that matches in few.
func (b *boolScorer) reqDocBound() float64 {
	var sum float64
	for i := range b.req {
		if !b.req[i].scoring {
			continue
		}
		v := b.docReqBounds[i]
		if db, ok := b.req[i].s.(docBounder); ok {
			v = min(v, db.docBound())
		}
		sum += float64(v)
	}
	return sum
}

// tighterOnDoc reports whether some scoring required clause may bound its
// current document more tightly than the region (reqDocBound): a term's
// bound on a document is its block's, which the region's already is.
func tighterOnDoc(req []sub) bool {
	for _, c := range req {
		if _, term := c.s.(*termScorer); term || !c.scoring {
			continue
		}
		if _, ok := c.s.(docBounder); ok {
			return true
		}
	}
	return false
}

// placeShould moves the should clauses from left behind (lazyShould) to
// the document, cheapest first, each clause not yet moved counting at its
// bound, and reports false as soon as the bound cannot beat min (the
// costlier clauses are then left where they are). Once every clause is on
// or past the document, it sets matched.
func (b *boolScorer) placeShould(min float32) bool {
	d := uint32(b.doc)
	for k := 0; ; k++ {
		var should float64
		matched := 0
		for i := range b.should {
			c := &b.should[i]
			// Moved clauses count when on d; the others at their bound.
			if c.doc <= b.doc {
				should += float64(b.docShouldMax[i])
				matched++
			}
		}
		if b.combine(b.docReqMax, should, matched) <= min {
			return false
		}
		if k == len(b.byCost) {
			b.matched = matched
			return true
		}
		b.should[b.byCost[k]].advanceTo(d)
	}
}

// refine scores the should clauses on the document one at a time, largest
// bound first, bounding the document with the scores known and the bounds
// of the others (summed in clause order, as Score sums), and reports
// false once that cannot beat min. When every clause is scored the sum is
// Score's own, which it keeps.
func (b *boolScorer) refine(min float32, req float64) bool {
	b.shouldVal = b.shouldVal[:0]
	for i := range b.should {
		v := float32(0)
		if b.should[i].doc == b.doc {
			v = b.docShouldMax[i]
		}
		b.shouldVal = append(b.shouldVal, v)
	}
	sum := func() float64 {
		var s float64
		for i := range b.should {
			if b.should[i].doc == b.doc {
				s += float64(b.shouldVal[i])
			}
		}
		return s
	}
	if b.combine(req, sum(), b.matched) <= min {
		return false
	}
	for _, i := range b.byBound {
		if b.should[i].doc != b.doc {
			continue
		}
		b.shouldVal[i] = b.should[i].s.Score()
		if b.combine(req, sum(), b.matched) <= min {
			return false
		}
	}
	b.score, b.scored = b.combine(req, sum(), b.matched), true
	return true
}

// docBounder is a scorer that can bound its current document's score
// without scoring it: its lazyScorer side compares the bound with a
// minimum, and a bool bounds its required clauses with it (competitiveAt)
// more tightly than by their bounds over the region.
type docBounder interface {
	// docBound is at least the current document's score, bit for bit.
	docBound() float32
}

// competitiveAt bounds a term's current document by its block's impacts.
func (s *termScorer) competitiveAt(min float32) bool { return s.docBound() > min }

func (s *termScorer) docBound() float32 {
	if d := s.it.DocID(); int64(d) >= s.boundFor {
		s.advanceShallow(d)
	}
	return s.maxScore(s.shallowEnd)
}

// competitiveAt bounds a disjunction's current document by the bounds,
// over the region around it (computed once per region), of the clauses
// on the document, combined as Score combines their scores. Score walks
// the clauses in heap order, so its float64 sum may round differently
// from this one: the bound is moved up by one float32 step, more than
// such a difference can be once rounded to float32.
func (d *disjunctionScorer) competitiveAt(min float32) bool { return d.docBound() > min }

func (d *disjunctionScorer) docBound() float32 {
	if d.mode == combineConst {
		return safeBound(d.score)
	}
	if d.doc >= d.boundEnd {
		upTo := d.advanceShallow(uint32(d.doc))
		d.subMax = d.subMax[:0]
		for _, c := range d.subs {
			m := unbounded
			if bs, ok := boundOf(c.s); ok {
				m = bs.maxScore(upTo)
			}
			d.subMax = append(d.subMax, m)
		}
		d.boundEnd = int64(upTo) + 1
	}
	var best float32
	var sum float64
	for i := range d.subs {
		if d.subs[i].doc == d.doc {
			best = max(best, d.subMax[i])
			sum += float64(d.subMax[i])
		}
	}
	bound := float32(sum)
	if d.mode == combineMax {
		// The best clause plus tie times the others, as maxScore bounds it.
		bound = float32(float64(best) + sum*d.tie)
	}
	return math.Nextafter32(bound, float32(math.Inf(1)))
}

func (r *recordsOnly) competitiveAt(min float32) bool {
	if l, ok := r.inner.(lazyScorer); ok {
		return l.competitiveAt(min)
	}
	return true
}

// matchCost orders should clauses for placeShould: roughly how costly
// moving a scorer to a document is (postings 1; positions and block joins
// far more).
func matchCost(s Scorer) int {
	switch s.(type) {
	case *phraseScorer, *sloppyScorer:
		return 16
	}
	n, has := sumSubScorers(s, matchCost)
	if !has {
		return 1
	}
	if _, join := s.(*blockJoinScorer); join {
		return 16 * n
	}
	return n
}
