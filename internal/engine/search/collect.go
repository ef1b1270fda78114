package search

import (
	"math"
	"sync/atomic"
	"time"

	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// collected is a hit before its _id is looked up.
type collected struct {
	index  string
	segNum int
	seg    *segment.Segment
	doc    uint32
	score  float32
	order  int // arrival order: indexes by name, segments, documents
}

// better reports whether a ranks above b: higher score, then earlier
// arrival (index name, segment, document), OpenSearch's order.
func better(a, b *collected) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.order < b.order
}

// compareCollected orders hits best first, as better says.
func compareCollected(a, b collected) int {
	switch {
	case better(&a, &b):
		return -1
	case better(&b, &a):
		return 1
	}
	return 0
}

// topCollector keeps the k best hits and counts every match, or, when
// prune is set, every match up to limit + 1: past it the total is only
// reported as at least limit, so the scorers may skip what cannot enter
// the top hits (prune.go).
type topCollector struct {
	k        int
	hits     *bestOf[collected]
	total    int
	maxScore float32
	limit    int
	prune    bool
	// shared is what the collectors of the search's indexes tell each
	// other (sharedTop; the collector's own when it tells none): pos is this
	// collector's index's position, published how much of total shared
	// holds, raised the floor this collector gave it last.
	shared    *sharedTop
	pos       int
	published int
	raised    float32
	// past caches pastLimit once it holds; floorSeen is the shared floor
	// last read, and min (when hasMin) what keepAbove answers.
	past      bool
	floorSeen uint64
	min       float32
	hasMin    bool
}

// newTopCollector returns the collector of the index at position pos of
// a search's targets, telling the others' through shared (nil: it tells
// none, keeping what it finds to itself).
func newTopCollector(k, limit int, prune bool, shared *sharedTop, pos int) *topCollector {
	if shared == nil {
		shared = &sharedTop{}
	}
	return &topCollector{k: k, hits: newBestOf(k, compareCollected), limit: limit, prune: prune, shared: shared, pos: pos, raised: negInf}
}

// sharedTop is what the hit collectors of one search's indexes tell each
// other while they run, at the same time or one after another
// (parallel.go), so that an index can skip what another already shows to
// be out of the page, as one collector over every index could:
//   - the floor: the worst of k hits one index keeps, with that index's
//     position among the search's. Every hit of the page scores at least
//     as much; a match scoring exactly as much enters only if its index
//     comes first (ties go by index order), so an index after the floor's
//     gives up what scores at most the floor, one before it what scores
//     less (floorFor). Of two floors the higher score is the stronger, and
//     at equal scores the earlier index's.
//   - the matches counted, published in batches of publishEvery: once
//     the indexes together count past the limit, the total is reported as
//     at least the limit whatever each counts after, and each may prune.
type sharedTop struct {
	// floor packs the floor's score (orderedBits) above its index's
	// position (inverted), so that the stronger of two floors is the
	// larger number; 0 while no collector has k hits.
	floor   atomic.Uint64
	counted atomic.Int64
}

// publishEvery is how many matches a collector counts between two
// publications of its count.
const publishEvery = 256

var negInf = float32(math.Inf(-1))

// raise offers the worst of k hits the index at position pos keeps.
func (s *sharedTop) raise(score float32, pos int) {
	if score != score {
		return // NaN: no floor
	}
	v := uint64(orderedBits(score))<<32 | uint64(^uint32(pos))
	for {
		old := s.floor.Load()
		if v <= old || s.floor.CompareAndSwap(old, v) {
			return
		}
	}
}

// floorFor returns the score a match of the index at position pos must
// beat to enter the page by the floor v (sharedTop.floor), and false
// while there is none.
func floorFor(v uint64, pos int) (float32, bool) {
	if v == 0 {
		return 0, false
	}
	f, from := fromOrderedBits(uint32(v>>32)), int(^uint32(v))
	if pos >= from {
		return f, true
	}
	return math.Nextafter32(f, negInf), true
}

// orderedBits maps a float32 to a uint32 in the same order (negative
// numbers below positive ones), as fromOrderedBits maps it back.
func orderedBits(f float32) uint32 {
	b := math.Float32bits(f)
	if b&(1<<31) != 0 {
		return ^b
	}
	return b | 1<<31
}

func fromOrderedBits(u uint32) float32 {
	if u&(1<<31) != 0 {
		return math.Float32frombits(u &^ (1 << 31))
	}
	return math.Float32frombits(^u)
}

// pastLimit reports whether the search has counted more matches than the
// limit: this collector alone, or with what the others published.
func (c *topCollector) pastLimit() bool {
	if c.past || c.total > c.limit {
		return true
	}
	c.past = c.shared.counted.Load()+int64(c.total-c.published) > int64(c.limit)
	return c.past
}

// tally counts one match, publishing the count every publishEvery.
func (c *topCollector) tally() {
	c.total++
	if c.total-c.published >= publishEvery {
		c.publish()
	}
}

// publish adds the matches counted since the last publication to the
// shared count (once more when the index is done).
func (c *topCollector) publish() {
	if c.total > c.published {
		c.shared.counted.Add(int64(c.total - c.published))
		c.published = c.total
	}
}

// counted reports whether the collector needs no more matches at all:
// pruning, past the limit, and no hits to keep (size 0). MaxScore then
// covers the matches counted only (a size-0 answer has no max_score).
func (c *topCollector) counted() bool {
	return c.prune && c.k == 0 && c.pastLimit()
}

// minCompetitive returns the score a match must beat to enter the top
// hits, once pruning may start: past the limit, with k hits kept or a
// floor from another index.
func (c *topCollector) minCompetitive() (float32, bool) {
	if !c.prune || !c.pastLimit() {
		return 0, false
	}
	return c.keepAbove()
}

// keepAbove returns the score a match must beat to be kept: the worst of
// k kept hits, or the floor's (floorFor) when that is higher; false when
// there is neither. It is asked for every match, so it reads the floor
// and returns what setMin worked out when either last changed.
func (c *topCollector) keepAbove() (float32, bool) {
	if c.shared.floor.Load() != c.floorSeen {
		c.setMin()
	}
	return c.min, c.hasMin
}

// setMin works out keepAbove's answer after the kept hits or the floor
// changed.
func (c *topCollector) setMin() {
	w, full := c.hits.worst()
	c.min, c.hasMin = w.score, full
	c.floorSeen = c.shared.floor.Load()
	if f, ok := floorFor(c.floorSeen, c.pos); ok && (!full || f > c.min) {
		c.min, c.hasMin = f, true
	}
}

// cannotKeep reports whether the current match need not be scored: no
// hits are kept (size 0, where OpenSearch only counts and reports no
// max_score), or lz's bounds show that it cannot beat the worst of k
// kept hits or the floor (lz nil: not known).
func (c *topCollector) cannotKeep(lz lazyScorer) bool {
	if c.k == 0 {
		return true
	}
	if lz == nil {
		return false
	}
	m, ok := c.keepAbove()
	return ok && !lz.competitiveAt(m)
}

// changedBy reports whether collecting a match scoring score would change
// the kept hits or the max score, rather than the total only.
func (c *topCollector) changedBy(score float32) bool {
	if c.k == 0 {
		return false // only counted, as cannotKeep says
	}
	if c.total == 0 || score > c.maxScore {
		return true
	}
	w, full := c.hits.worst()
	return !full || score > w.score
}

// count counts a match that cannot enter the top hits: its score is at
// most the worst kept hit's, so neither the hits nor maxScore change.
func (c *topCollector) count() { c.tally() }

func (c *topCollector) collect(index string, segNum int, seg *segment.Segment, doc uint32, score float32) {
	c.tally()
	if c.total == 1 || score > c.maxScore {
		c.maxScore = score
	}
	if c.k == 0 {
		return
	}
	// Later arrivals lose ties, so once k hits are kept only a strictly
	// higher score enters; most matches stop at this comparison.
	if w, full := c.hits.worst(); full && score <= w.score {
		return
	}
	c.hits.offer(collected{index: index, segNum: segNum, seg: seg, doc: doc, score: score, order: c.total})
	if w, full := c.hits.worst(); full && w.score > c.raised {
		c.shared.raise(w.score, c.pos)
		c.raised = w.score
	}
	c.setMin()
}

// result returns the page after the first from hits, the total counted
// exactly up to limit.
func (c *topCollector) result(from, limit int) (*Result, error) {
	sorted := c.hits.sorted()
	r := &Result{Total: c.total, Relation: "eq", Hits: []Hit{}}
	if c.total > limit {
		r.Total, r.Relation = limit, "gte"
	}
	if c.total > 0 {
		r.MaxScore = c.maxScore
	}
	for i := from; i < len(sorted); i++ {
		h := sorted[i]
		id, err := h.seg.ID(h.doc)
		if err != nil {
			return nil, err
		}
		r.Hits = append(r.Hits, Hit{Index: h.index, Segment: h.segNum, Doc: h.doc, ID: id, Score: h.score})
	}
	return r, nil
}

// collector is what the collection loop feeds one logical index's
// matches to, composed as Lucene composes collectors: every match goes to
// the aggregations; the post filter, when there is one, decides which
// matches reach the top hits; the top hits keep the best k and count up
// to the limit, telling the scorer the score a match must beat (the
// competitive-score channel pruning needs, raiseMin). A profiled search
// times each part (profiler.timedOthers, and the loop for the hits): the
// wrapper is a field, not a type, and the top hits are the loop's own
// last step (searchSegment), so that a document costs no call for the
// collectors beyond topCollector.collect.
type collector struct {
	top  *topCollector
	aggs []*aggCollector
	// post is the post filter's weight (nil: none).
	post weight
	// prof is set when the search is profiled.
	prof *profiler
}

// startIndex prepares the aggregations for an index.
func (c *collector) startIndex(name string) {
	start := time.Now()
	for i, a := range c.aggs {
		a.startIndex(name)
		if c.prof != nil {
			c.prof.aggs[i].Initialize += int64(time.Since(start))
			start = time.Now()
		}
	}
}

// finishIndex closes the index's aggregations.
func (c *collector) finishIndex() {
	start := time.Now()
	for i, a := range c.aggs {
		a.finishIndex()
		if c.prof != nil {
			c.prof.aggs[i].BuildAggregation += int64(time.Since(start))
			start = time.Now()
		}
	}
}

// done reports whether the collector needs no more matches at all.
func (c *collector) done() bool { return c.top.counted() }

// leafCollector is a collector's part for one segment (Lucene's
// LeafCollector): what it knows of the segment's scorer, and the post
// filter's scorer there.
type leafCollector struct {
	// collector is a copy, so that the index's collector need not leave
	// the stack.
	collector
	// lz, when the scorer can bound its current document, lets the top
	// hits count a match without scoring it; pr, when pruning is allowed
	// and the scorer can skip, hears the minimum competitive score.
	lz      lazyScorer
	pr      competitiveScorer
	lastMin float32
	pruning bool
	// pf is the post filter's scorer (nil where it matches nothing) and
	// pfDoc its document (−1 before the first).
	pf    Scorer
	pfDoc int64
	// hitsOnly: no aggregation, post filter or profile (collectOthers).
	hitsOnly bool
}

// leaf prepares the collector for segment segNum of the index, seg, whose
// matches sc iterates. It reports false when nothing the segment matches
// can be collected.
func (c *collector) leaf(segNum int, seg *segment.Segment, sc Scorer) (leafCollector, bool, error) {
	l := leafCollector{collector: *c, pfDoc: -1}
	if c.post != nil {
		pf, err := c.post.scorer(segNum, seg)
		if err != nil {
			return l, false, err
		}
		if pf == nil && len(c.aggs) == 0 {
			return l, false, nil // the post filter keeps nothing here
		}
		l.pf = pf
	}
	start := time.Now()
	for i, a := range c.aggs {
		if err := a.startSegment(seg); err != nil {
			return l, false, err
		}
		if c.prof != nil {
			c.prof.aggs[i].BuildLeafCollector += int64(time.Since(start))
			c.prof.aggs[i].BuildLeafCollectorCount++
			start = time.Now()
		}
	}
	l.hitsOnly = c.prof == nil && len(c.aggs) == 0 && c.post == nil
	l.setScorer(sc)
	return l, true, nil
}

// setScorer gives the collector the segment's scorer and, when the top
// hits already know the score a match must beat, passes it on.
func (l *leafCollector) setScorer(sc Scorer) {
	l.lz, _ = sc.(lazyScorer)
	l.pr = nil
	if l.top.prune {
		l.pr, _ = sc.(competitiveScorer)
	}
	l.lastMin, l.pruning = l.top.minCompetitive()
	if l.pr != nil && l.pruning {
		l.pr.setMinCompetitiveScore(l.lastMin)
	}
}

// collectOthers gives doc, the scorer's current document, to the
// aggregations and the post filter, and reports whether the top hits take
// it. The loop (searchSegment) collects the hits itself, and skips this
// call when there is nothing else to collect (hitsOnly).
func (l *leafCollector) collectOthers(doc uint32) bool {
	if l.prof != nil {
		return l.prof.timedOthers(l, doc)
	}
	for _, a := range l.aggs {
		a.collect(doc)
	}
	return l.postFilterKeeps(doc)
}

// postFilterKeeps reports whether the post filter (if any) matches doc.
func (l *leafCollector) postFilterKeeps(doc uint32) bool {
	if l.post == nil {
		return true
	}
	if l.pf == nil {
		return false
	}
	if l.pfDoc < int64(doc) {
		l.pfDoc = int64(noMoreDocs)
		if l.pf.Advance(doc) {
			l.pfDoc = int64(l.pf.DocID())
		}
	}
	return l.pfDoc == int64(doc)
}

// raiseMin is the competitive-score channel: the top hits' minimum
// competitive score rose to m (the loop checks, with minCompetitive,
// after each match: counting alone may pass the limit, so a search whose
// matches all lose to hits kept from an earlier index starts pruning
// then too), and the scorer hears it.
func (l *leafCollector) raiseMin(m float32) {
	l.pr.setMinCompetitiveScore(m)
	l.lastMin, l.pruning = m, true
}

// err is the post filter scorer's error.
func (l *leafCollector) err() error {
	if l.pf != nil {
		return l.pf.Err()
	}
	return nil
}

// absorb adds o's hits and counts: o collected the index at position pos
// of the request's targets, so its hits lose ties to those of the
// indexes before it, as later arrivals do.
func (c *topCollector) absorb(o *topCollector, pos int) {
	if o.total > 0 && (c.total == 0 || o.maxScore > c.maxScore) {
		c.maxScore = o.maxScore
	}
	c.total += o.total
	for _, h := range o.hits.h {
		h.order += pos << indexOrderShift
		c.hits.offer(h)
	}
}

// indexOrderShift places an index's position above any arrival order
// within it (its count of matches) in a merged hit's order.
const indexOrderShift = 40
