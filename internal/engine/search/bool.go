package search

import (
	"cmp"
	"errors"
	"math"
	"slices"

	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// boolWeightT is a BooleanQuery prepared for one index.
type boolWeightT struct {
	must, should, filter, mustNot []weight
	// q is the query, for explanations (its filter and must_not clauses
	// are explained from their text, as Lucene's query cache does).
	q     *BoolQuery
	boost float32
	dl    *deadline
	// msm is the number of should clauses a document must match.
	msm int
	// flat: should clauses only, no boost, minimum_should_match ≤ 1: a
	// disjunction a parent may inline (flatten.go).
	flat bool
}

// pollClauses is how many clauses boolWeight builds between two reads of
// the deadline.
const pollClauses = 8

// boolWeight builds a rewritten BooleanQuery's weight: Rewrite already
// merged its equal clauses, gave a pure negative query its match_all
// filter and made a query with fewer should clauses than
// minimum_should_match a MatchNoneQuery (normaliseBool), so the weight
// only translates the clauses.
func boolWeight(q *BoolQuery, ix *Index, boost float32) (weight, error) {
	w := &boolWeightT{msm: q.MinimumShouldMatch, q: q, boost: boost, dl: ix.dl}
	var err error
	expired, built := false, 0
	build := func(qs []Query) []weight {
		out := make([]weight, 0, len(qs))
		for _, c := range qs {
			if err != nil || expired {
				break
			}
			// Thousands of clauses (a pasted storm of fuzzy terms over
			// several fields) take long to build, each far longer than a
			// scoring step: the clock is read every few clauses, and past
			// the deadline the rest are not built and the search stops
			// (timeout.go).
			if built++; ix.dl != nil && built%pollClauses == 0 && ix.dl.poll() {
				expired = true
				break
			}
			var cw weight
			cw, err = createWeight(c, ix, boost)
			out = append(out, cw)
		}
		return out
	}
	w.must, w.should, w.filter, w.mustNot = build(q.Must), build(q.Should), build(q.Filter), build(q.MustNot)
	if err != nil {
		return nil, err
	}
	if expired {
		return noMatch{}, nil
	}
	if q.MinimumShouldMatch <= 1 {
		// Lucene inlines nested disjunctions (flatten.go).
		var flat []weight
		for _, s := range w.should {
			flat = appendShould(flat, s)
		}
		w.should = flat
		w.flat = len(w.must)+len(w.filter)+len(w.mustNot) == 0 && len(w.should) > 0 && effectiveBoost(q.Boost) == 1
	}
	if len(w.must)+len(w.filter) == 0 && w.msm == 0 {
		// Without required clauses at least one should clause must
		// match, as BooleanWeight's disjunction requires (Rewrite left
		// should clauses here: a bool with no positive clause has its
		// match_all filter).
		w.msm = 1
	}
	return w, nil
}

func (w *boolWeightT) disjunctionClauses() []weight {
	if w.flat {
		return w.should
	}
	return nil
}

func (w *boolWeightT) scorer(segNum int, seg *segment.Segment) (Scorer, error) {
	b := &boolScorer{msm: w.msm, doc: -1, dl: w.dl, regionEnd: -1, reqSumDoc: -1}
	for _, list := range []struct {
		ws      []weight
		must    bool
		scoring bool
	}{{w.must, true, true}, {w.filter, true, false}} {
		for _, cw := range list.ws {
			s, err := cw.scorer(segNum, seg)
			if err != nil {
				return nil, err
			}
			if s == nil {
				return nil, nil // a required clause matches nothing here
			}
			b.req = append(b.req, sub{s: s, doc: -1, scoring: list.scoring})
			if w.dl.tickN(scorerWork(s)) {
				return nil, nil // out of time (disjunctionOf)
			}
		}
	}
	for _, cw := range w.should {
		s, err := cw.scorer(segNum, seg)
		if err != nil {
			return nil, err
		}
		if s != nil {
			b.should = append(b.should, sub{s: s, doc: -1, scoring: true})
			if w.dl.tickN(scorerWork(s)) {
				return nil, nil // out of time (disjunctionOf)
			}
		}
	}
	if len(b.should) < b.msm {
		return nil, nil
	}
	for _, cw := range w.mustNot {
		s, err := cw.scorer(segNum, seg)
		if err != nil {
			return nil, err
		}
		if s != nil {
			b.mustNot = append(b.mustNot, sub{s: s, doc: -1})
			if w.dl.tickN(scorerWork(s)) {
				return nil, nil // out of time (disjunctionOf)
			}
		}
	}
	for _, r := range b.req {
		if r.scoring {
			b.scoringReq++
		}
	}
	b.hasReq = len(b.req) > 0
	b.conj = conjunctionOrder(b.req, b.should, b.msm)
	b.docBounds = tighterOnDoc(b.req)
	if b.hasReq && b.msm == 0 && len(b.should) > 0 {
		b.lazyShould = true
		b.byCost = make([]int, len(b.should))
		costs := make([]int, len(b.should))
		for i := range b.should {
			b.byCost[i], costs[i] = i, matchCost(b.should[i].s)
		}
		slices.SortStableFunc(b.byCost, func(x, y int) int { return cmp.Compare(costs[x], costs[y]) })
	}
	if !b.hasReq && len(b.should) == 0 {
		return nil, nil
	}
	for _, subs := range [][]sub{b.req, b.should, b.mustNot} {
		for _, c := range subs {
			b.work += scorerWork(c.s)
		}
	}
	return b, nil
}

// sub is a clause scorer with its current document (-1 before the first,
// exhausted past noMoreDocs).
type sub struct {
	s       Scorer
	doc     int64
	scoring bool
}

const exhausted = int64(noMoreDocs)

// advanceTo moves the clause to the first document ≥ target. Most calls
// find it there already (a bool asks every clause at every candidate), so
// that test is all the compiler inlines; the move is advance.
func (c *sub) advanceTo(target uint32) {
	if c.doc < int64(target) {
		c.advance(target)
	}
}

func (c *sub) advance(target uint32) {
	if c.s.Advance(target) {
		c.doc = int64(c.s.DocID())
	} else {
		c.doc = exhausted
	}
}

// boolScorer evaluates a boolean query document at a time: candidates come
// from the conjunction of the required clauses, or from the union of the
// should clauses when there are none; each candidate is checked against
// minimum_should_match and the exclusions.
type boolScorer struct {
	req, should, mustNot []sub
	scoringReq           int
	hasReq               bool
	msm                  int
	doc                  int64
	score                float32
	matched              int  // should clauses on doc
	scored               bool // score is doc's
	err                  error
	dl                   *deadline
	// work is how many ticks one step of the scorer counts (scorerWork):
	// a step may advance every clause.
	work int
	// Pruning (boolPrune below): set once the collector knows the score a
	// document must beat.
	pruning bool
	min     float32
	// regionEnd is the last document of the region whose bounds beat
	// min (−1 when they must be computed again); lead, when not nil,
	// lists the should clauses one of which a candidate must match there
	// (MaxScore's essential clauses).
	regionEnd int64
	lead      []int
	// Scratch for the bounds: each should clause's bound in the region
	// and the clauses by ascending bound.
	shouldMax []float32
	reqMax    []float32 // each required clause's bound (0: not scoring)
	byMax     []int
	// docReqMax and docShouldMax bound the required clauses' sum and each
	// should clause on the documents before docBoundEnd, from the last
	// region competitiveAt computed (docBoundEnd 0: none yet).
	docReqMax    float64
	docReqBounds []float32 // each required clause's part of docReqMax
	// docBounds: some required clause bounds its documents more tightly
	// than the region does (tighterOnDoc).
	docBounds    bool
	docShouldMax []float32
	docBoundEnd  int64
	// boundable: 0 unknown, 1 every scoring clause bounds its scores, 2 not.
	boundable uint8
	// lazyShould: the should clauses decide nothing about matching
	// (required clauses and minimum_should_match 0), so from leaves them
	// where they are (matched is shouldUnknown) until the document's score
	// or bound is asked for: a document a collector counts without
	// scoring never moves the costly ones (positional, nested), and
	// competitiveAt moves them cheapest first, stopping once the clauses
	// left cannot lift the document above the minimum. byCost lists the
	// should clauses in that order.
	lazyShould bool
	byCost     []int
	// shouldVal is refine's scratch: each should clause's score, or bound
	// until scored (0 off the document); byBound lists the should clauses
	// by descending bound in the region of docShouldMax (not byMax, which
	// lead shares).
	shouldVal []float32
	byBound   []int
	// reqSumVal is reqSum's value for document reqSumDoc (-1: none).
	reqSumVal float64
	reqSumDoc int64
	// conj lists the legs of the conjunction candidate walks, cheapest
	// first (conjunctionOrder): indexes into req, and shouldLeg for the
	// union of the should clauses when minimum_should_match makes one of
	// them required. Scores are still summed in req's order.
	conj []int
	// reqSegMax and reqMin are propagateMin's: each required clause's
	// bound over the rest of the segment, and the minimum last passed to
	// it (0: none).
	reqSegMax, reqMin []float32
	// propagate: 0 unknown, 1 some required clause takes the minimum
	// (propagatesTo), 2 none.
	propagate uint8
}

// shouldLeg stands in boolScorer.conj for the union of the should
// clauses.
const shouldLeg = -1

// conjunctionOrder orders the legs of a bool's conjunction by how many
// documents each proposes, as Lucene's ConjunctionDISI sorts its
// iterators by cost: the rarest leads, and the others only jump to its
// documents. With minimum_should_match ≥ 1 the union of the should
// clauses is a leg too (Lucene makes it a required disjunction): a
// filter-only conjunction (match_all, a range over doc values) would
// otherwise propose every document of the segment. Nil without required
// clauses.
func conjunctionOrder(req, should []sub, msm int) []int {
	if len(req) == 0 {
		return nil
	}
	order := make([]int, 0, len(req)+1)
	costs := make(map[int]int, len(req)+1)
	matchesAll := func(c sub) bool {
		_, all := c.s.(*allDocsScorer)
		return all && !c.scoring
	}
	for i := range req {
		if matchesAll(req[i]) && slices.ContainsFunc(req, func(c sub) bool { return !matchesAll(c) }) {
			// A filter matching every document (an _index term on its
			// own index) decides nothing next to a clause that does not:
			// Lucene's rewrite drops it likewise.
			continue
		}
		order = append(order, i)
		costs[i] = docCost(req[i].s)
	}
	if msm >= 1 && len(should) > 0 {
		n := 0
		for _, c := range should {
			n = min(n+docCost(c.s), math.MaxInt32)
		}
		order = append(order, shouldLeg)
		costs[shouldLeg] = n
	}
	slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(costs[x], costs[y]) })
	return order
}

// shouldUnion moves every should clause to d or past it and returns the
// least of their documents: no document before it matches one.
func (b *boolScorer) shouldUnion(d uint32) int64 {
	best := exhausted
	for i := range b.should {
		c := &b.should[i]
		c.advanceTo(d)
		best = min(best, c.doc)
	}
	return best
}

func (b *boolScorer) Next() bool { return b.from(uint32(b.doc + 1)) }

func (b *boolScorer) Advance(target uint32) bool { return b.from(target) }

func (b *boolScorer) DocID() uint32 { return uint32(b.doc) }

// Score sums the clauses' scores on the current document, once: a
// collector that can tell from the bounds that the document cannot be
// kept never asks (competitiveAt).
func (b *boolScorer) Score() float32 {
	if !b.scored {
		b.matchShould()
		var shouldSum float64
		for i := range b.should {
			if c := &b.should[i]; c.doc == b.doc {
				shouldSum += float64(c.s.Score())
			}
		}
		b.score, b.scored = b.scoreOf(b.matched, shouldSum), true
	}
	return b.score
}

func (b *boolScorer) Err() error { return b.err }

// from finds the first matching document ≥ target.
func (b *boolScorer) from(target uint32) bool {
	if b.doc == exhausted {
		return false
	}
	for {
		d, ok := b.candidate(target)
		if b.dl.tickN(b.work) {
			ok = false // out of time: stop as if exhausted (timeout.go)
		}
		if !ok {
			b.doc = exhausted
			b.collectErrs()
			return false
		}
		matched := shouldUnknown
		if !b.lazyShould {
			matched = b.countShould(d)
		}
		excluded := false
		for i := range b.mustNot {
			c := &b.mustNot[i]
			c.advanceTo(d)
			if c.doc == int64(d) {
				excluded = true
				break
			}
		}
		if (matched != shouldUnknown && matched < b.msm) || excluded {
			target = d + 1
			if d == noMoreDocs-1 {
				b.doc = exhausted
				return false
			}
			continue
		}
		b.doc = int64(d)
		b.matched, b.scored = matched, false
		return true
	}
}

// shouldUnknown is boolScorer.matched before the should clauses were
// moved to the current document (lazyShould).
const shouldUnknown = -1

// countShould moves every should clause to d and counts those on it.
func (b *boolScorer) countShould(d uint32) int {
	matched := 0
	for i := range b.should {
		c := &b.should[i]
		c.advanceTo(d)
		if c.doc == int64(d) {
			matched++
		}
	}
	return matched
}

// matchShould moves the should clauses to the current document, when
// from left them behind (lazyShould).
func (b *boolScorer) matchShould() {
	if b.matched == shouldUnknown {
		b.matched = b.countShould(uint32(b.doc))
	}
}

// candidate returns the next document ≥ target that the required clauses
// match and, without them, some should clause; when pruning, only in
// regions whose bound beats the minimum and, there, only documents that
// match a lead clause.
func (b *boolScorer) candidate(target uint32) (uint32, bool) {
	d := int64(target)
	for {
		if b.dl.tickN(b.work) {
			return 0, false
		}
		if b.pruning && d > b.regionEnd {
			if d = b.enterRegion(d); d == exhausted {
				return 0, false
			}
		}
		lead := b.lead
		if b.hasReq {
			moved := false
			for _, i := range b.conj {
				var at int64
				if i == shouldLeg {
					at = b.shouldUnion(uint32(d))
				} else {
					c := &b.req[i]
					c.advanceTo(uint32(d))
					at = c.doc
				}
				if at == exhausted {
					return 0, false
				}
				if at > d {
					d, moved = at, true
					break
				}
			}
			if moved {
				continue
			}
		} else if lead == nil {
			best := b.shouldUnion(uint32(d))
			if best == exhausted {
				return 0, false
			}
			if best > d {
				d = best
				if b.pruning {
					continue
				}
			}
			return uint32(d), true
		}
		if lead != nil {
			best := exhausted
			for _, i := range lead {
				c := &b.should[i]
				c.advanceTo(uint32(d))
				best = min(best, c.doc)
			}
			if best == exhausted && b.regionEnd >= int64(noMoreDocs)-1 {
				return 0, false
			}
			if best > b.regionEnd {
				// The lead holds for this region only: the next region
				// may lead with more clauses, which may match documents
				// before best.
				if b.regionEnd >= int64(noMoreDocs)-1 {
					return 0, false
				}
				d = b.regionEnd + 1
				continue
			}
			if best > d {
				d = best
				continue
			}
		}
		return uint32(d), true
	}
}

// scoreOf combines the clause scores of the current document the way
// Lucene's boolean scorers do: a conjunction sums its scoring clauses in
// double and rounds once; optional clauses (when minimum_should_match is 0)
// are summed likewise and added to the required score in float; with
// minimum_should_match > 0 the should group is one more required clause.
func (b *boolScorer) scoreOf(matched int, shouldSum float64) float32 {
	return b.combine(b.reqSum(), shouldSum, matched)
}

// reqSum is the sum of the scoring required clauses' scores on the
// current document, computed once per document: competitiveAt bounds a
// document with it before Score may ask again.
func (b *boolScorer) reqSum() float64 {
	if b.reqSumDoc != b.doc {
		var sum float64
		for i := range b.req {
			if b.req[i].scoring {
				sum += float64(b.req[i].s.Score())
			}
		}
		b.reqSumVal, b.reqSumDoc = sum, b.doc
	}
	return b.reqSumVal
}

// combine is the score of a document whose scoring required clauses sum
// to reqSum and whose matched should clauses sum to shouldSum. Pruning
// bounds scores with it too: it never decreases as either sum grows.
func (b *boolScorer) combine(reqSum, shouldSum float64, matched int) float32 {
	shouldScore := float32(shouldSum)
	switch {
	case !b.hasReq:
		return shouldScore
	case b.msm > 0:
		return float32(reqSum + float64(shouldScore))
	case matched == 0:
		return float32(reqSum)
	default:
		return float32(reqSum) + shouldScore
	}
}

func (b *boolScorer) collectErrs() {
	var errs []error
	for _, list := range [][]sub{b.req, b.should, b.mustNot} {
		for _, c := range list {
			if err := c.s.Err(); err != nil {
				errs = append(errs, err)
			}
		}
	}
	b.err = errors.Join(errs...)
}
