package search

import (
	"cmp"
	"errors"
	"math"
	"math/bits"
	"slices"

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
	// MaxScore once the collector gives a minimum (setMinCompetitiveScore):
	// passive lists the clauses, smallest segment bound first, whose
	// bounds together cannot lift a document above min. They are out of
	// the heap, so they propose no candidates; they are moved to each
	// candidate the others propose, to score it or to show that it cannot
	// beat min. segMax holds each clause's segment bound (nil until
	// pruning starts); passiveSum[j] sums the bounds of passive[:j].
	min        float32
	segMax     []float32
	passive    []int
	passiveSum []float64
	dl         *deadline
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
	if len(d.passive) > 0 {
		return d.fromCompeting(target)
	}
	d.doc = d.heapTo(target)
	if d.doc == exhausted {
		d.exhaust()
		return false
	}
	return true
}

// heapTo moves the clauses in the heap that are before target to target
// or past it and returns the heap's least document.
func (d *disjunctionScorer) heapTo(target uint32) int64 {
	for {
		top := &d.subs[d.heap[0]]
		if top.doc >= int64(target) {
			return top.doc
		}
		top.advanceTo(target)
		d.siftDown(0)
	}
}

// fromCompeting is from under MaxScore: the clauses in the heap propose
// the candidates, and a candidate is returned only when it competes.
func (d *disjunctionScorer) fromCompeting(target uint32) bool {
	for {
		d.doc = d.heapTo(target)
		if d.doc == exhausted {
			d.exhaust()
			return false
		}
		if d.competes() {
			return true
		}
		// Skipped without being returned: tick, as the collection loop
		// would have for it (timeout.go).
		if d.dl.tickN(len(d.subs)) {
			d.exhaust()
			return false
		}
		target = uint32(d.doc) + 1
	}
}

// siftDown restores the heap below i after clause h[i] moved on.
func (d *disjunctionScorer) siftDown(i int) {
	h, n := d.heap, len(d.heap)
	node := h[i]
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
		d.accumulate(c.s.Score(), &sum, &scoreMax)
		for _, j := range [2]int{2*i + 1, 2*i + 2} {
			if j < len(d.heap) {
				stack = append(stack, j)
			}
		}
	}
	d.stack = stack
	for _, i := range d.passive {
		c := &d.subs[i]
		if c.doc != d.doc {
			continue
		}
		d.accumulate(c.s.Score(), &sum, &scoreMax)
	}
	if d.mode == combineSum {
		return float32(sum)
	}
	return float32(float64(scoreMax) + sum*d.tie)
}

// accumulate adds one clause's score s as Score combines them: into the
// sum, or, for dis_max, as the new maximum with the old one moved into
// the sum of the others (which the tie breaker weighs).
func (d *disjunctionScorer) accumulate(s float32, sum *float64, scoreMax *float32) {
	switch {
	case d.mode == combineSum:
		*sum += float64(s)
	case s >= *scoreMax:
		*sum += float64(*scoreMax)
		*scoreMax = s
	default:
		*sum += float64(s)
	}
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
	d := newDisjunction(scorers, mode, tie, constant)
	d.dl = dl
	return d, nil
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
// segment on the first move (Lucene's constant-score rewrites do the same
// past 16 terms; build, multiterm.go).
type bitsetScorer struct {
	words []uint64
	// The terms' postings until built (metas nil once built).
	f      *segment.Field
	metas  [][]byte
	maxDoc uint32
	dl     *deadline
	cost   int // the terms' summed document frequencies
	doc    int64
	score  float32
	err    error
	// shared holds the set once built, for the search's other clauses
	// over the same terms (expansions); nil when not shared.
	shared *segmentTerms
}

func (b *bitsetScorer) Next() bool { return b.from(uint32(b.doc + 1)) }

func (b *bitsetScorer) Advance(target uint32) bool { return b.from(target) }

func (b *bitsetScorer) from(target uint32) bool {
	if b.doc == exhausted {
		return false
	}
	if b.metas != nil {
		if b.build(); b.err != nil {
			b.doc = exhausted
			return false
		}
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
func (b *bitsetScorer) Err() error     { return b.err }

// setMinCompetitiveScore starts (or tightens) MaxScore: the clauses with
// the smallest segment bounds (ties: the most documents first, so the
// clauses left proposing candidates are the rarest) whose combined bound
// cannot beat min become passive. A document only they match scores at
// most min and is never returned; when every clause would be passive no
// document can beat min and the disjunction ends. A constant-score
// disjunction is all or nothing.
func (d *disjunctionScorer) setMinCompetitiveScore(min float32) {
	if d.doc == exhausted {
		return
	}
	d.min = min
	if d.mode == combineConst {
		if safeBound(d.score) <= min {
			d.exhaust()
		}
		return
	}
	if d.segMax == nil {
		d.segMax = make([]float32, len(d.subs))
		costs := make([]int, len(d.subs))
		order := make([]int, len(d.subs))
		for i, c := range d.subs {
			d.segMax[i] = unbounded
			if bs, ok := boundOf(c.s); ok {
				d.segMax[i] = safeBound(bs.maxScore(noMoreDocs))
			}
			costs[i], order[i] = docCost(c.s), i
		}
		slices.SortStableFunc(order, func(x, y int) int {
			if c := cmp.Compare(d.segMax[x], d.segMax[y]); c != 0 {
				return c
			}
			return cmp.Compare(costs[y], costs[x])
		})
		// passive is always a prefix of order.
		d.passive = order[:0]
	}
	order := d.passive[:len(d.subs)]
	k := len(d.passive)
	var sum float64
	for _, i := range order[:k] {
		sum += float64(d.segMax[i])
	}
	for k < len(order) {
		i := order[k]
		// order ascends by bound: the best of order[:k+1] is order[k]'s.
		if d.combineBound(d.segMax[i], sum+float64(d.segMax[i]), k+1) > min {
			break
		}
		sum += float64(d.segMax[i])
		k++
	}
	switch {
	case k == len(order):
		d.exhaust()
	case k > len(d.passive):
		d.passive = order[:k]
		d.passiveSum = append(d.passiveSum[:0], 0)
		for j, i := range d.passive {
			d.passiveSum = append(d.passiveSum, d.passiveSum[j]+float64(d.segMax[i]))
		}
		d.heap = append(d.heap[:0], order[k:]...)
		for i := len(d.heap)/2 - 1; i >= 0; i-- {
			d.siftDown(i)
		}
	}
}

// combineBound combines the bounds of n clauses on a document (the best
// of them and their float64 sum) as Score combines scores. Score adds in
// heap order, so its float64 sum may round differently from this one:
// the sum is raised by more than the error of any order of summing n
// terms (each addition and the tie's product err by at most 2⁻⁵³ of the
// total) before the float32 rounding, which is monotonic, so the bound
// covers Score's value bit for bit. Unlike a whole float32 step up, the
// raise vanishes in the rounding when the sums are exact (constant
// scores), so n clauses scoring 1 are bounded by n, not by n's successor.
func (d *disjunctionScorer) combineBound(best float32, sum float64, n int) float32 {
	v := sum
	if d.mode == combineMax {
		// The best clause plus tie times the others, all at most their
		// bounds (the others' sum below every clause's).
		v = float64(best) + sum*d.tie
	}
	return float32(v + v*float64(n+3)*0x1p-51)
}

// competes reports whether the current document, proposed by the clauses
// in the heap, may score above min, moving the passive clauses to it
// (largest bound first) while it may: on true every passive clause is on
// or past it, as Score and competitiveAt need.
func (d *disjunctionScorer) competes() bool {
	var best float32
	var sum float64
	stack := append(d.stack[:0], 0)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if d.subs[d.heap[i]].doc != d.doc {
			continue
		}
		m := d.segMax[d.heap[i]]
		best = max(best, m)
		sum += float64(m)
		for _, j := range [2]int{2*i + 1, 2*i + 2} {
			if j < len(d.heap) {
				stack = append(stack, j)
			}
		}
	}
	d.stack = stack
	// The passive clauses not moved yet count at their bounds: before
	// moving passive[j], those are passive[:j+1], whose best is
	// passive[j]'s and whose sum is passiveSum[j+1].
	for j := len(d.passive) - 1; j >= 0; j-- {
		i := d.passive[j]
		m := d.segMax[i]
		if d.combineBound(max(best, m), sum+d.passiveSum[j+1], len(d.subs)) <= d.min {
			return false
		}
		c := &d.subs[i]
		c.advanceTo(uint32(d.doc))
		if c.doc == d.doc {
			best = max(best, m)
			sum += float64(m)
		}
	}
	return d.combineBound(best, sum, len(d.subs)) > d.min
}

// exhaust ends the disjunction early, keeping its clauses' errors.
func (d *disjunctionScorer) exhaust() {
	d.doc = exhausted
	var errs []error
	for _, c := range d.subs {
		if err := c.s.Err(); err != nil {
			errs = append(errs, err)
		}
	}
	d.err = errors.Join(errs...)
}

// docCost estimates how many documents a scorer proposes: MaxScore leaves
// the commonest of equally bounded clauses passive.
func docCost(s Scorer) int {
	switch s := s.(type) {
	case *docsScorer:
		return s.it.Cost()
	case *termScorer:
		return s.it.Cost()
	case *bitsetScorer:
		return s.cost
	case *constScorer, *disjunctionScorer:
		// What the wrapped scorer or the clauses propose.
		n, _ := sumSubScorers(s, docCost)
		return n
	case *phraseScorer:
		return s.phraseDocs.cost()
	case *sloppyScorer:
		return s.phraseDocs.cost()
	case *rangeScorer:
		return s.cost
	case *allDocsScorer:
		return int(s.maxDoc)
	case *rootsScorer:
		return len(s.roots)
	case *recordsOnly:
		return min(docCost(s.inner), len(s.roots.roots))
	}
	return math.MaxInt32
}

// setMinCompetitiveScore ends a constant scorer alone at the top once its
// score cannot beat min: none of its documents can enter the hits.
func (c *constScorer) setMinCompetitiveScore(min float32) {
	if safeBound(c.score) <= min {
		c.inner = spentScorer{err: c.inner.Err()}
	}
}

func (b *bitsetScorer) setMinCompetitiveScore(min float32) {
	if safeBound(b.score) <= min {
		b.doc = exhausted
	}
}

// spentScorer is a scorer with no documents left, keeping the error of
// the one it replaced.
type spentScorer struct{ err error }

func (spentScorer) Next() bool          { return false }
func (spentScorer) Advance(uint32) bool { return false }
func (spentScorer) DocID() uint32       { return noMoreDocs }
func (spentScorer) Score() float32      { return 0 }
func (s spentScorer) Err() error        { return s.err }
