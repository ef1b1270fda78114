package search

import (
	"cmp"
	"context"
	"slices"

	"github.com/contractsearch/contractsearch/internal/engine/helpers"
)

// A request's logical indexes are searched as OpenSearch searches its
// shards: each on its own, with its own hit collector, aggregations,
// deadline and profile, at the same time when more than one is large
// enough to be worth a goroutine, and merged afterwards in index order
// (Searcher.Search). The collectors tell each other the score the page's
// hits must reach and how many matches they have counted (sharedTop), so
// that an index skips what another has shown to be out of the page; what
// one skips depends on the schedule, the answer does not: every hit of
// the page is collected by its index whatever the others found, the hits
// are merged by score, then index order, then arrival within the index
// (topCollector.absorb), the totals add up, and each aggregation keeps
// one shard page per index for its reduce.

// concurrentDocs is how many documents (records and their sections) an
// index needs to count as large: helpers join a search only when two or
// more of its indexes are (a search of the small ones is a few
// microseconds, less than a helper's start).
const concurrentDocs = 16384

// indexSearch is one target's part of a search.
type indexSearch struct {
	t Target
	// ix is the search's own copy of the index, with the part's deadline
	// and profiler.
	ix   Index
	top  *topCollector
	aggs []*aggCollector
	err  error
}

// docs is how many documents the index's segments hold.
func (p *indexSearch) docs() int {
	n := 0
	for _, seg := range p.ix.Segments {
		n += int(seg.MaxDoc)
	}
	return n
}

// searchIndexes runs every part: one after another in index order, or,
// when concurrent says they may run at once, largest first on the caller
// and, once the search has run helpers.Delay, on helper goroutines too
// (package helpers), when two or more parts are large: a search that is
// over by then, or whose work is all in one index (a nested query, a
// field only contracts have), stays on the caller.
func (s *Searcher) searchIndexes(ctx context.Context, parts []*indexSearch, concurrent bool) {
	large := 0
	if concurrent {
		for _, p := range parts {
			if p.docs() >= s.parallelDocs {
				large++
			}
		}
	}
	if large < 2 {
		for _, p := range parts {
			p.err = s.searchIndex(ctx, &p.ix, p.t, p.top, p.aggs)
		}
		return
	}
	order := make([]int, len(parts))
	for i := range order {
		order[i] = i
	}
	// The largest first, so that the last to finish is a small one.
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(parts[b].docs(), parts[a].docs()) })
	helpers.Run(len(parts), large-1, s.helperDelay, func(_, i int) {
		p := parts[order[i]]
		p.err = s.searchIndex(ctx, &p.ix, p.t, p.top, p.aggs)
	})
}
