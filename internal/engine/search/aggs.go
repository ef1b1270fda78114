package search

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

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
	index string
	// counts holds the values of the index's segments by term, once a
	// second segment with the column needs merging with the first; until
	// then the first segment's counts stay by ordinal in firstCol and
	// firstOrds, so that an index of one segment (what ingest builds)
	// makes strings of its page's terms only.
	counts    map[string]int64
	firstCol  *docvalues.SortedColumn
	firstOrds []int64
	seg       *segment.Segment
	ords      []int64 // per ordinal of the current segment's column
	col       *docvalues.SortedColumn
	cursor    docvalues.NumericCursor
	matches   int64
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
	c.counts, c.firstCol, c.firstOrds = map[string]int64{}, nil, nil
}

func (c *aggCollector) startSegment(seg *segment.Segment) error {
	c.flushSegment()
	c.seg = seg
	if c.agg.Field == IndexField {
		return nil
	}
	col, err := seg.DocValues.Sorted(c.agg.Field)
	if err != nil {
		return fmt.Errorf("terms aggregation on %s: %w", c.agg.Field, err)
	}
	c.col = col
	if c.col != nil {
		c.ords = make([]int64, c.col.Terms())
		c.cursor = c.col.Cursor()
	}
	return nil
}

// flushSegment sets the current segment's ordinal counts aside when they
// are the index's first, else folds them (and the first) into the index's
// term counts.
func (c *aggCollector) flushSegment() {
	switch {
	case c.col == nil:
	case c.firstCol == nil && len(c.counts) == 0:
		c.firstCol, c.firstOrds = c.col, c.ords
	default:
		if c.firstCol != nil {
			c.addOrds(c.firstCol, c.firstOrds)
			c.firstCol, c.firstOrds = nil, nil
		}
		c.addOrds(c.col, c.ords)
	}
	c.col, c.ords = nil, nil
}

// addOrds adds a segment's counts per ordinal to the index's term counts.
func (c *aggCollector) addOrds(col *docvalues.SortedColumn, ords []int64) {
	for ord, n := range ords {
		if n > 0 {
			c.counts[string(col.Term(ord))] += n
		}
	}
}

func (c *aggCollector) collect(doc uint32) {
	c.matches++
	c.countValues(doc)
}

// countValues counts doc's values in the current segment's column.
func (c *aggCollector) countValues(doc uint32) {
	if c.col == nil || !c.cursor.AdvanceExact(doc) {
		return
	}
	for k := range c.cursor.Count() {
		c.ords[c.cursor.Value(k)]++
	}
}

// finishIndex turns the index's counts into its shard-level page: the
// shardSize best buckets, selected without sorting all the values (a
// keyword field may have one per record), and the count of the others.
func (c *aggCollector) finishIndex() {
	c.flushSegment()
	if c.agg.Field == IndexField && c.matches > 0 {
		c.counts[c.index] = c.matches
	}
	n := c.agg.shardSize()
	var st shardTerms
	var total int64
	if col, ords := c.firstCol, c.firstOrds; col != nil {
		// One segment: ordinal order is the terms' byte order, so ordinals
		// rank as their buckets would.
		best := newBestOf(n, func(a, b int) int {
			return cmp.Or(cmp.Compare(ords[b], ords[a]), cmp.Compare(a, b))
		})
		for ord, k := range ords {
			if k > 0 {
				total += k
				best.offer(ord)
			}
		}
		for _, ord := range best.sorted() {
			st.buckets = append(st.buckets, Bucket{Key: string(col.Term(ord)), DocCount: ords[ord]})
		}
	} else {
		best := newBestOf(n, compareBuckets)
		for k, v := range c.counts {
			total += v
			best.offer(Bucket{Key: k, DocCount: v})
		}
		st.buckets = best.sorted()
	}
	for _, b := range st.buckets {
		total -= b.DocCount
	}
	st.otherDocs = total
	st.full = len(st.buckets) == n
	c.shards = append(c.shards, st)
	c.counts, c.firstCol, c.firstOrds = nil, nil, nil
}

// compareBuckets orders by count descending, then key in byte order.
func compareBuckets(a, b Bucket) int {
	if c := cmp.Compare(b.DocCount, a.DocCount); c != 0 {
		return c
	}
	return strings.Compare(a.Key, b.Key) // byte order
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
