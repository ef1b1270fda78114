package search

import (
	"cmp"
	"context"
	"runtime"
	"runtime/debug"
	"slices"
	"sync/atomic"
	"time"
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

// helperDelay is how long a search runs on the caller alone before
// helpers start: about what starting one costs, so that a search that
// is over by then pays nothing for them.
const helperDelay = 100 * time.Microsecond

// concurrentDocs is how many documents (records and their sections) an
// index needs to be searched on a goroutine of its own: below it, a
// search is a few microseconds, about what starting and joining a
// goroutine costs.
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
	// panicked holds what the part panicked with on a goroutine, for
	// the caller's to panic with again.
	panicked any
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
// when concurrent says they may run at once, as follows. The caller takes
// them one at a time, largest first; when two or more are large, there
// is more than one processor and the search is still running after
// helperDelay, helper goroutines (as many as processors but one, and
// large parts but one) start taking parts too. Each part goes to whoever
// claims it first, and only a part a helper claimed is waited for: a
// search that is over before helperDelay, or whose work is all in one
// index (a nested query, a field only contracts have), runs on the
// caller alone, without a helper's start in its way. A helper faults as
// the caller does (debug.SetPanicOnFault: a damaged, memory-mapped index
// file), and what it panics with is panicked again on the caller's
// goroutine once every claimed part is done, so that whoever recovers
// the caller's panics (the embedded backend, which turns a fault into a
// 503) sees it.
func (s *Searcher) searchIndexes(ctx context.Context, parts []*indexSearch, concurrent bool) {
	large := 0
	if concurrent && runtime.GOMAXPROCS(0) > 1 {
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
	q := &partQueue{parts: parts, done: make([]chan struct{}, len(parts))}
	for i := range q.done {
		q.done[i] = make(chan struct{})
		q.order = append(q.order, i)
	}
	// The largest first, so that the last to finish is a small one.
	slices.SortStableFunc(q.order, func(a, b int) int { return cmp.Compare(parts[b].docs(), parts[a].docs()) })
	fault := debug.SetPanicOnFault(false)
	debug.SetPanicOnFault(fault)
	helper := func() {
		debug.SetPanicOnFault(fault)
		q.work(s, ctx)
	}
	func() {
		// Deferred so as to run even when a part on this goroutine
		// panics: the helpers read the snapshot the caller releases
		// after it. The hand-out stops (wait) after the helpers' start
		// is called off (Stop).
		defer q.wait()
		start := time.AfterFunc(s.helperDelay, func() {
			for range min(runtime.GOMAXPROCS(0), large) - 2 {
				go helper()
			}
			helper()
		})
		defer start.Stop()
		q.work(s, ctx)
	}()
	for _, p := range parts {
		if p.panicked != nil {
			panic(p.panicked)
		}
	}
}

// partQueue hands a search's parts out to the goroutines that run them.
type partQueue struct {
	parts []*indexSearch
	// order is the parts' positions in the order they are handed out;
	// next is how many have been.
	order []int
	next  atomic.Int64
	// done[i] is closed once parts[i] has run (or panicked).
	done []chan struct{}
}

// work runs the parts no one has claimed yet, one at a time.
func (q *partQueue) work(s *Searcher, ctx context.Context) {
	for {
		i, ok := q.claim()
		if !ok {
			return
		}
		q.run(s, ctx, i)
	}
}

// claim hands out the next part, if any is left: its position.
func (q *partQueue) claim() (int, bool) {
	i := q.next.Add(1) - 1
	if i >= int64(len(q.parts)) {
		return 0, false
	}
	return q.order[i], true
}

// run runs part i; a panic is kept in the part (searchIndexes panics with
// it again on the caller's goroutine).
func (q *partQueue) run(s *Searcher, ctx context.Context, i int) {
	p := q.parts[i]
	defer close(q.done[i])
	defer func() {
		if r := recover(); r != nil {
			p.panicked = r
		}
	}()
	p.err = s.searchIndex(ctx, &p.ix, p.t, p.top, p.aggs)
}

// wait stops the hand-out and waits for every part claimed before that.
func (q *partQueue) wait() {
	claimed := min(q.next.Swap(int64(len(q.parts))), int64(len(q.parts)))
	for _, i := range q.order[:claimed] {
		<-q.done[i]
	}
}
