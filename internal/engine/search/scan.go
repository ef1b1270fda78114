package search

import (
	"github.com/contractsearch/contractsearch/internal/engine/segment"
)

// A match_all query (without a post filter) needs no scorer: every record
// of a segment matches with the same score, so in arrival order only the
// first records can enter the top hits (later arrivals lose ties), and
// the others change nothing but the total and the aggregations. The
// segment is then a count and, for each aggregation, a scan of its
// column: the answer is the one the collection loop gives, record by
// record, without visiting the records one at a time.

// scanRecords collects match_all's matches in seg, each scoring score.
func scanRecords(dl *deadline, index string, segNum int, seg *segment.Segment, score float32, c *topCollector, aggs []*aggCollector) error {
	roots := seg.Roots()
	if len(roots) == 0 {
		return nil
	}
	if dl != nil && dl.poll() {
		return dl.cause()
	}
	for _, a := range aggs {
		if err := a.startSegment(seg); err != nil {
			return err
		}
		if err := a.collectRecords(dl, seg); err != nil {
			return err
		}
	}
	offered := 0
	for _, doc := range roots {
		if !c.changedBy(score) {
			break
		}
		c.collect(index, segNum, seg, doc, score)
		offered++
	}
	// Past the limit a pruned count may run on: the total is then only
	// reported as at least the limit.
	c.total += len(roots) - offered
	return nil
}

// collectRecords counts the values of every record of seg, as collect
// does for each record in turn.
func (c *aggCollector) collectRecords(dl *deadline, seg *segment.Segment) error {
	roots := seg.Roots()
	c.matches += int64(len(roots))
	if c.col == nil {
		return nil
	}
	if int(seg.MaxDoc) == len(roots) {
		// Every document is a record: the column's values are the counts.
		c.col.CountOrds(c.ords)
		return nil
	}
	// Children may hold values of the field (a nested field's) that a
	// records-only match does not count.
	for _, doc := range roots {
		if dl.tick() {
			return dl.cause()
		}
		c.countValues(doc)
	}
	return nil
}
