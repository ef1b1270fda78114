package search

import (
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
}

func newTopCollector(k, limit int, prune bool) *topCollector {
	return &topCollector{k: k, hits: newBestOf(k, compareCollected), limit: limit, prune: prune}
}

// counted reports whether the collector needs no more matches at all:
// pruning, past the limit, and no hits to keep (size 0). MaxScore then
// covers the matches counted only (a size-0 answer has no max_score).
func (c *topCollector) counted() bool {
	return c.prune && c.k == 0 && c.total > c.limit
}

// minCompetitive returns the score a match must beat to enter the top
// hits, once pruning may start: past the limit with k hits kept.
func (c *topCollector) minCompetitive() (float32, bool) {
	if !c.prune || c.total <= c.limit {
		return 0, false
	}
	w, full := c.hits.worst()
	if !full {
		return 0, false
	}
	return w.score, true
}

// cannotKeep reports whether the current match need not be scored: no
// hits are kept (size 0, where OpenSearch only counts and reports no
// max_score), or lz's bounds show that it cannot beat the worst of k
// kept hits (lz nil: not known).
func (c *topCollector) cannotKeep(lz lazyScorer) bool {
	if c.k == 0 {
		return true
	}
	if lz == nil {
		return false
	}
	w, full := c.hits.worst()
	return full && !lz.competitiveAt(w.score)
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
func (c *topCollector) count() { c.total++ }

func (c *topCollector) collect(index string, segNum int, seg *segment.Segment, doc uint32, score float32) {
	c.total++
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
