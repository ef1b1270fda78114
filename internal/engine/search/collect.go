package search

import (
	"container/heap"
	"sort"

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

// topCollector keeps the k best hits in a min-heap (worst on top) and
// counts every match.
type topCollector struct {
	k        int
	hits     hitHeap
	total    int
	maxScore float32
}

func newTopCollector(k int) *topCollector { return &topCollector{k: k} }

func (c *topCollector) collect(index string, segNum int, seg *segment.Segment, doc uint32, score float32) {
	c.total++
	if c.total == 1 || score > c.maxScore {
		c.maxScore = score
	}
	if c.k == 0 {
		return
	}
	h := collected{index: index, segNum: segNum, seg: seg, doc: doc, score: score, order: c.total}
	if len(c.hits) < c.k {
		heap.Push(&c.hits, h)
		return
	}
	// Later arrivals lose ties, so only a strictly higher score enters.
	if score > c.hits[0].score {
		c.hits[0] = h
		heap.Fix(&c.hits, 0)
	}
}

// result returns the page after the first from hits, the total counted
// exactly up to limit.
func (c *topCollector) result(from, limit int) (*Result, error) {
	sorted := []collected(c.hits)
	sort.Slice(sorted, func(i, j int) bool { return better(&sorted[i], &sorted[j]) })
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

// hitHeap is a min-heap: the worst hit on top.
type hitHeap []collected

func (h hitHeap) Len() int           { return len(h) }
func (h hitHeap) Less(i, j int) bool { return better(&h[j], &h[i]) }
func (h hitHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *hitHeap) Push(x any)        { *h = append(*h, x.(collected)) }
func (h *hitHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
