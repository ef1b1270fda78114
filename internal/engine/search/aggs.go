package search

import (
	"bytes"
	"cmp"
	"slices"

	"github.com/contractsearch/contractsearch/internal/engine/docvalues"
	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// IndexField is the metadata field holding a record's logical index name;
// a terms aggregation on it counts matches per index.
const IndexField = "_index"

// TermsAgg is a terms aggregation: the most frequent values of a keyword
// field (or IndexField) among the query's matches, before any post filter.
type TermsAgg struct {
	Name, Field string
	// Size is the number of buckets returned; 0 means 10, OpenSearch's
	// default.
	Size int
}

// TermsAggResult is a terms aggregation's answer, as OpenSearch reduces it.
type TermsAggResult struct {
	Name string
	// DocCountErrorUpperBound bounds how far a bucket's count may be below
	// its true count: 0 for one index; over several, the sum of the last
	// bucket count of each index that returned a full shard_size page.
	DocCountErrorUpperBound int64
	// SumOtherDocCount counts the values of the matches that fall in no
	// returned bucket.
	SumOtherDocCount int64
	// Buckets are ordered by count descending, then key in byte order.
	Buckets []Bucket
}

// Bucket is one value of a terms aggregation and its match count.
type Bucket struct {
	Key      string
	DocCount int64
}

func (a *TermsAgg) size() int {
	if a.Size <= 0 {
		return 10
	}
	return a.Size
}

// shardSize is how many buckets each index contributes to the reduce:
// OpenSearch's default shard_size for count order, size × 1.5 + 10.
func (a *TermsAgg) shardSize() int {
	n := a.size()
	return max(int(float64(n)*1.5+10), n)
}

// aggCollector counts one aggregation's values for the index being
// searched, then keeps that index's shard-level page for the reduce.
type aggCollector struct {
	agg *TermsAgg
	// Per index being searched.
	index   string
	counts  map[string]int64
	seg     *segment.Segment
	ords    []int64 // per ordinal of the current segment's column
	col     *docvalues.SortedColumn
	cursor  docvalues.NumericCursor
	matches int64
	// Shard pages, in index order.
	shards []shardTerms
}

// shardTerms is one index's contribution: its top shardSize buckets and
// the count of the values it left out.
type shardTerms struct {
	buckets   []Bucket
	full      bool // returned exactly shardSize buckets
	otherDocs int64
}

func newAggCollectors(aggs []TermsAgg) []*aggCollector {
	out := make([]*aggCollector, len(aggs))
	for i := range aggs {
		out[i] = &aggCollector{agg: &aggs[i]}
	}
	return out
}

func (c *aggCollector) startIndex(name string) {
	c.index, c.matches = name, 0
	c.counts = map[string]int64{}
}

func (c *aggCollector) startSegment(seg *segment.Segment) {
	c.flushSegment()
	c.seg = seg
	if c.agg.Field == IndexField {
		return
	}
	c.col = seg.DocValues.Sorted(c.agg.Field)
	if c.col != nil {
		c.ords = make([]int64, c.col.Terms())
		c.cursor = c.col.Cursor()
	}
}

// flushSegment folds the current segment's ordinal counts into the
// index's term counts.
func (c *aggCollector) flushSegment() {
	if c.col != nil {
		for ord, n := range c.ords {
			if n > 0 {
				c.counts[string(c.col.Term(ord))] += n
			}
		}
	}
	c.col, c.ords = nil, nil
}

func (c *aggCollector) collect(doc uint32) {
	c.matches++
	if c.col == nil || !c.cursor.AdvanceExact(doc) {
		return
	}
	for k := range c.cursor.Count() {
		c.ords[c.cursor.Value(k)]++
	}
}

// finishIndex turns the index's counts into its shard-level page.
func (c *aggCollector) finishIndex() {
	c.flushSegment()
	if c.agg.Field == IndexField && c.matches > 0 {
		c.counts[c.index] = c.matches
	}
	all := make([]Bucket, 0, len(c.counts))
	for k, n := range c.counts {
		all = append(all, Bucket{Key: k, DocCount: n})
	}
	slices.SortFunc(all, compareBuckets)
	st := shardTerms{}
	n := c.agg.shardSize()
	if len(all) > n {
		for _, b := range all[n:] {
			st.otherDocs += b.DocCount
		}
		all = all[:n]
	}
	st.buckets = all
	st.full = len(all) == n
	c.shards = append(c.shards, st)
	c.counts = nil
}

// compareBuckets orders by count descending, then key in byte order.
func compareBuckets(a, b Bucket) int {
	if c := cmp.Compare(b.DocCount, a.DocCount); c != 0 {
		return c
	}
	return bytes.Compare([]byte(a.Key), []byte(b.Key))
}

// reduce merges the indexes' pages as OpenSearch's coordinating node does
// (InternalTerms.reduce).
func (c *aggCollector) reduce() TermsAggResult {
	r := TermsAggResult{Name: c.agg.Name, Buckets: []Bucket{}}
	merged := map[string]int64{}
	var errSum int64
	for _, st := range c.shards {
		r.SumOtherDocCount += st.otherDocs
		if st.full && len(st.buckets) > 0 {
			errSum += st.buckets[len(st.buckets)-1].DocCount
		}
		for _, b := range st.buckets {
			merged[b.Key] += b.DocCount
		}
	}
	all := make([]Bucket, 0, len(merged))
	for k, n := range merged {
		all = append(all, Bucket{Key: k, DocCount: n})
	}
	slices.SortFunc(all, compareBuckets)
	if size := c.agg.size(); len(all) > size {
		for _, b := range all[size:] {
			r.SumOtherDocCount += b.DocCount
		}
		all = all[:size]
	}
	r.Buckets = append(r.Buckets, all...)
	if len(c.shards) > 1 {
		r.DocCountErrorUpperBound = errSum
	}
	return r
}
